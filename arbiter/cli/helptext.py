"""``--help`` as a person reads it: a flag is shown as a flag.

Typer's rich help gives every option a type column, a flag included (``--explain <bool>``),
though a flag takes no value: its plain help already leaves the type out. Here the rich help
is made to agree with it, for every flag of every command (``--help`` and ``--version``
too): a flag's type is shown as nothing. Options that take a value keep theirs.
"""

from __future__ import annotations

from typer import core


def _no_type_for_a_flag() -> None:
    option = getattr(core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if option is None or shown is None or getattr(shown, "for_flags", False):
        return

    def display_type_rich(self, ctx):
        if getattr(self, "is_flag", False) and not getattr(self, "count", False):
            return None
        return shown(self, ctx)

    display_type_rich.for_flags = True    # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich


_no_type_for_a_flag()

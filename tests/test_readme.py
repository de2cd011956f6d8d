"""The README's Python examples run as written: the API they show is the API there is."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readmes_python_examples_run_as_written():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10, "the README shows the Python API"
    assert result.failed == 0


TEXT = README.read_text(encoding="utf-8")


def _commands():
    """Every command of ``arbiter`` (``laws game``, ``score boston``, …), and its long options."""
    from typer.core import TyperOption
    from typer.main import get_command

    from arbiter.cli import app

    def walk(command, path):
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in subcommands.items():
                yield from walk(sub, path + [name])
        else:
            yield " ".join(path), [o for p in command.params if isinstance(p, TyperOption)
                                   for o in p.opts if o.startswith("--") and o != "--help"]

    return list(walk(get_command(app), []))


def test_every_command_and_option_is_shown_in_the_readme():
    commands = _commands()
    assert {"version", "laws game", "check", "score boston"} <= {name for name, _ in commands}
    missing = [name for name, _ in commands if f"arbiter {name}" not in TEXT]
    assert not missing, f"README.md does not show: {', '.join('arbiter ' + m for m in missing)}"
    unsaid = [f"arbiter {name} {option}" for name, options in commands for option in options
              if option not in TEXT]
    assert not unsaid, f"README.md does not say: {', '.join(unsaid)}"


def _prose(text: str) -> str:
    """The README less its code blocks and code spans: what a reader could follow as a link."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def test_nothing_in_the_readme_links_outside_the_repository():
    prose = _prose(TEXT)
    assert "://" not in prose and "www." not in prose, "a link to another host"
    assert not re.search(r"<[a-z]+:[^>]*>", prose), "an autolink"
    root = README.parent
    for target in re.findall(r"\]\(([^)]+)\)", prose):
        assert not re.match(r"[a-z]+:", target), f"a link to {target}"
        assert (root / target.split("#")[0]).exists(), f"a link to {target}, which is not in the repository"


def test_the_link_check_sees_a_link():
    """The other side: the check above finds each kind of link it refuses."""
    for link in ("see <http://example.org/>", "see [it](https://example.org)", "at www.example.org"):
        prose = _prose(link)
        assert "://" in prose or "www." in prose


def test_the_club_players_path_comes_first():
    headings = re.findall(r"^## (.+)$", TEXT, flags=re.M)
    assert headings[0].startswith("Try it") and headings[1] == "Ruling on an incident"
    assert headings.index("The web page") < headings.index("Running the tests") < headings.index(
        "Speed, and what CI checks")
    for newcomer in (".venv/bin/pip install . && .venv/bin/arbiter rule examples/revoke-found-at-end-of-hand.whist",
                     ".venv/bin/pip install . && .venv/bin/arbiter serve"):
        assert newcomer in TEXT.split("## Ruling on an incident")[0]
    assert (README.parent / "examples" / "revoke-found-at-end-of-hand.whist").is_file()

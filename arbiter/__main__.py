"""``python -m arbiter`` is the ``arbiter`` command."""

from .cli import main

main()

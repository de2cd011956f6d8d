"""``python -m arbiter`` is the ``arbiter`` command.

Uses: cli.
"""

from .cli import main

main()

"""What is made to last the whole process, made without the garbage collector's rounds.

Reading the law book from its cache makes some hundred thousand objects at once, every one
of them kept until the process ends. Left to itself the collector would walk them again
and again as they are made (a young generation fills every 700 objects), and then once
more in every later collection of the generations they reach: in a command that rules once
and exits, a tenth of its time. So they are made with the collector paused, and then
frozen (:func:`gc.freeze`): set aside where no later collection looks. What is frozen is
never collected, which is what these objects are for; anything else alive at that moment
is set aside with them, as it would be at a fork.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def made_to_last() -> Iterator[None]:
    """Pause the collector while the block makes what the process keeps; freeze it after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()

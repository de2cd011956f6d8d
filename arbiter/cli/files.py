"""Rewriting a file in place without ever losing it (``arbiter fmt --write``).

Opening the file for writing empties it at once: a full disk then leaves part of it, a
kill leaves nothing, and a program reading it meanwhile sees it empty. So the new text is
written to a new file beside it (the same directory, so the same file system), flushed to
the disk, given the old file's permissions, and only then renamed over the old one -- a
rename that replaces the name in one step: whoever looks sees the old file or the new one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile


class NotWritable(OSError):
    """The file may not be rewritten: what to tell the user is the message."""


def replace_text(path: str, text: str) -> None:
    """Make ``text`` (UTF-8) the contents of ``path``, keeping its permissions. A link is
    followed: the file it points to is rewritten, the link stays a link. A file marked
    read-only is left alone, even for a user who could write it anyway. Any failure leaves
    the file as it was, and raises OSError."""
    target = os.path.realpath(path)
    st = os.stat(target)
    if not stat.S_ISREG(st.st_mode):
        raise NotWritable("is not a regular file")
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(target, os.W_OK):
        raise NotWritable("is read-only (make it writable to rewrite it)")
    directory, name = os.path.split(target)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, stat.S_IMODE(st.st_mode))
        with contextlib.suppress(OSError):      # the owner and group too, where one may give them
            os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(directory)


def _sync_directory(directory: str) -> None:
    """The rename itself on the disk, where the system allows a directory to be synced."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

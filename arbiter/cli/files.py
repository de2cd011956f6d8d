"""Rewriting a file in place without ever losing it (``arbiter fmt --write``).

Opening the file for writing empties it at once: a full disk then leaves part of it, a
kill leaves nothing, and a program reading it meanwhile sees it empty. So the new text is
written to a new file beside it (the same directory, so the same file system), flushed to
the disk, given the old file's permissions, and only then renamed over the old one -- a
rename that replaces the name in one step: whoever looks sees the old file or the new one.

A process killed outright (``kill -9``: nothing of its own runs) would leave that new file
behind, hidden. So, where the system allows (Linux's ``O_TMPFILE``), the new file has no
name while it is written and is given one only when complete, just before the rename; and
each rewrite first clears what a killed one left beside the same file: a temporary of ours
(:func:`temporary_name`, which carries the writer's process id) whose writer no longer runs.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat


class NotWritable(OSError):
    """The file may not be rewritten: what to tell the user is the message."""


def temporary_name(name: str, pid: int) -> str:
    """The hidden name the new text of the file ``name`` has, written by process ``pid``,
    until it is renamed over the file."""
    return f".{name}.{pid}.{secrets.token_hex(4)}.tmp"


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
    _clear_left_behind(directory, name)
    tmp = os.path.join(directory, temporary_name(name, os.getpid()))
    try:
        _write_new(directory, tmp, text.encode("utf-8"), st)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(directory)


def _write_new(directory: str, tmp: str, data: bytes, st: os.stat_result) -> None:
    """``data`` in a new file named ``tmp``, on the disk, with the permissions of ``st``.
    Written unnamed and named once complete where the system can; else named from the start."""
    unnamed = _open_unnamed(directory)
    if unnamed is not None:
        try:
            _fill(unnamed, data, st)
            folder = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            try:    # linkat(AT_SYMLINK_FOLLOW) through /proc: a plain link() would not follow it
                os.link(f"/proc/self/fd/{unnamed}", os.path.basename(tmp), dst_dir_fd=folder,
                        follow_symlinks=True)
                return
            except OSError:
                pass    # no /proc to name it through: write it named instead
            finally:
                os.close(folder)
        finally:
            os.close(unnamed)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        _fill(fd, data, st)
    finally:
        os.close(fd)


def _open_unnamed(directory: str) -> int | None:
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None:
        return None
    try:
        return os.open(directory, flag | os.O_WRONLY, 0o600)
    except OSError:     # a file system without it
        return None


def _fill(fd: int, data: bytes, st: os.stat_result) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)
    os.fchmod(fd, stat.S_IMODE(st.st_mode))
    with contextlib.suppress(OSError):      # the owner and group too, where one may give them
        os.fchown(fd, st.st_uid, st.st_gid)


def _clear_left_behind(directory: str, name: str) -> None:
    """Remove the temporaries of ours beside ``name`` whose writers no longer run: files of
    this user's, not links, named by :func:`temporary_name` for a process that is gone.
    Anything else -- another program's files, a rewrite still under way -- is left alone."""
    ours = re.compile(rf"\.{re.escape(name)}\.([0-9]+)\.[0-9a-f]{{8}}\.tmp")
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            m = ours.fullmatch(entry.name)
            if m is None or _running(int(m.group(1))):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid():
                    os.unlink(entry.path)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):   # another user's process, or no such number
        return True
    return True


def _sync_directory(directory: str) -> None:
    """The rename itself on the disk, where the system allows a directory to be synced."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

"""Files in the arbiter's own cache directory, read only when nobody else could have written them.

What the cache holds (the checked law book, the analysed grammars) is plain data, read back
as data and never run (:mod:`.plaindata`); but it is read back as the law the arbiter rules
by, so a file another account could have put there must not be read at all. A file is read
only when the directory ``cache_dir()`` is a directory of this user's, not a link, that
neither group nor others may write to, and the file in it is a regular file of this user's
that they may not write to either; the directory is created ``0700``. The directory is
opened once and every file is reached through that open directory, so a path swapped in
between the check and the read is never followed. Anything else -- a shared directory, a
file of someone else's, a link -- is simply not used: the arbiter rebuilds what it needs, as
it does with ``WHIST_ARBITER_NO_CACHE=1``.

Every operation here fails quietly (None, or nothing written): a cache is never a reason
for a command to fail.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator

from .resources import cache_dir

#: The largest file read back (the law book is about a megabyte).
MAX_BYTES = 64 * 1024 * 1024

_SUPPORTED = os.name == "posix" and os.open in os.supports_dir_fd and hasattr(os, "O_NOFOLLOW")
_FLAGS = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def available() -> bool:
    """Whether there is a cache to keep things in at all (not turned off, a system that
    can open files safely)."""
    return _SUPPORTED and cache_dir() is not None


def _me() -> int:
    """Whose files the cache may hold (a function, so a test can be someone else)."""
    return os.geteuid()


def _private(st: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else."""
    return st.st_uid == _me() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _open_directory(create: bool) -> int | None:
    """The cache directory, opened and verified; None if there is none or it is not safely ours."""
    base = cache_dir() if _SUPPORTED else None
    if base is None:
        return None
    try:
        if create:
            base.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileExistsError):
                os.mkdir(base, 0o700)
        fd = os.open(base, os.O_RDONLY | os.O_DIRECTORY | _FLAGS)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) and _private(st):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


@contextlib.contextmanager
def _directory(create: bool) -> Iterator[int | None]:
    fd = _open_directory(create)
    try:
        yield fd
    finally:
        if fd is not None:
            os.close(fd)


def read(name: str) -> bytes | None:
    """The bytes of the cache file ``name``, or None if it is absent or not safely ours."""
    with _directory(create=False) as directory:
        if directory is None:
            return None
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | _FLAGS, dir_fd=directory)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or not _private(st) or st.st_size > MAX_BYTES:
                return None
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            return b"".join(chunks)
        except OSError:
            return None
        finally:
            os.close(fd)


#: Other versions of one thing kept beside the newest: two checkouts, or an installed
#: arbiter and a checkout, whose law files differ, each find their own law book rather than
#: building it afresh on every run in turn.
OTHER_VERSIONS = 2


def _forget_older(directory: int, prefix: str, name: str) -> None:
    """Remove the versions of ``prefix`` other than ``name`` beyond the newest few."""
    others = []
    for old in os.listdir(directory):
        if old.startswith(prefix) and old != name:
            with contextlib.suppress(OSError):
                others.append((os.stat(old, dir_fd=directory, follow_symlinks=False).st_mtime_ns, old))
    others.sort(reverse=True)
    for _, old in others[OTHER_VERSIONS:]:
        with contextlib.suppress(OSError):
            os.unlink(old, dir_fd=directory)


def write(name: str, data: bytes, replaces: str | None = None) -> bool:
    """Keep ``data`` as the cache file ``name``: written beside it, then renamed over it, so
    a reader sees the old file or the new one, never half of one. Of the files whose names
    start with ``replaces`` (other versions of the same thing), the newest
    :data:`OTHER_VERSIONS` are kept and the rest removed. True if written."""
    with _directory(create=True) as directory:
        if directory is None:
            return False
        tmp = f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FLAGS, 0o600, dir_fd=directory)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            if replaces:
                _forget_older(directory, replaces, name)
            os.replace(tmp, name, src_dir_fd=directory, dst_dir_fd=directory)
            return True
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=directory)
            return False

"""An incident carried in a link: ``/rule?i=…`` holds the text itself, deflated and in
URL-safe base64, so a ruling can be linked to, bookmarked or mailed without the server
keeping anything."""

from __future__ import annotations

import base64
import binascii
import re
import zlib

#: What a packed incident is written in: URL-safe base64, its padding left off (or kept).
_PACKED = re.compile(r"[A-Za-z0-9_-]*={0,2}")

#: The most text a link may unpack to (what a request body may carry, arbiter/web/limits.py).
MAX_UNPACKED = 256 * 1024


class BadLink(ValueError):
    """A link whose incident cannot be unpacked: cut short, altered, or too large."""


def pack(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).rstrip(b"=").decode("ascii")


def unpack(packed: str) -> str:
    """The text of a packed incident. Decompression stops past :data:`MAX_UNPACKED`, so a
    small link cannot unpack to a large text; a link cut short, or with anything after the
    compressed incident, is refused rather than read in part."""
    if not _PACKED.fullmatch(packed):   # base64 would pass over other characters without a word
        raise BadLink("this link does not hold an incident the arbiter wrote; copy the whole link")
    packed = packed.rstrip("=")
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_UNPACKED + 1)
        if len(text) > MAX_UNPACKED or inflater.unconsumed_tail:
            raise BadLink(f"the incident in this link is larger than {MAX_UNPACKED // 1024} KiB")
        if not inflater.eof:
            raise BadLink("the incident in this link is cut short; copy the whole link")
        if inflater.unused_data:    # what follows the incident is no part of a link the arbiter wrote
            raise BadLink("this link holds more than the incident the arbiter wrote; copy the link as it was")
        return text.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, BadLink):
            raise
        raise BadLink("this link does not hold an incident the arbiter wrote; copy the whole link") from None

"""What the tests of the server share: the incident that takes seconds to rule under every
limit (tests/test_web_server.py against ``arbiter serve``, tests/test_referees.py against the
referees themselves)."""

from __future__ import annotations


def heavy_incident() -> str:
    """An incident under every limit that takes seconds to rule (asked with ``compare``,
    under every code of the game): a trick, then the same remark over and over, 215 KiB of
    it, so that it fits the 256 KiB of a request's body as JSON and packs into a short link."""
    lines = ["code english-1864", "trick 1:", "  A leads H2"]
    size = 0
    while size < 215 * 1024:
        lines.append(f'  {"AYBZ"[len(lines) % 4]} says "a remark"')
        size += len(lines[-1]) + 1
    return "\n".join(lines) + "\n"

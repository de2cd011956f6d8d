"""Where a file differs from its canonical form (``arbiter fmt --check``): the first line that
differs, as ``file:line``, then the lines as written and as ``arbiter fmt`` would print them,
in the form of a unified diff (difflib's), so that the fix can be seen without running
``--write``.

>>> for line in differences("a.whist", b"trick 1:\\nY leads S5\\n", "trick 1:\\n  Y leads S5\\n"):
...     print(line)
a.whist:2: not in canonical form (arbiter fmt --write a.whist)
--- a.whist (as written)
+++ a.whist (as arbiter fmt prints it)
@@ -2 +2 @@
-Y leads S5
+  Y leads S5

What no line shows -- the line endings, a byte-order mark, the newline at the end -- is said
in words:

>>> print(*differences("f", b"trick 1:\\r\\n", "trick 1:\\n"))
f:1: not in canonical form (arbiter fmt --write f): its lines end in CR LF, where the canonical form ends them in LF
"""

from __future__ import annotations

import difflib

from ..support.escapes import shown


def differences(name: str, original: bytes, canonical: str) -> list[str]:
    """The lines that tell where ``original`` (the file's bytes) differs from ``canonical``;
    none where it does not."""
    if original == canonical.encode("utf-8"):
        return []
    fix = f"not in canonical form (arbiter fmt --write {name})"
    text = original.decode("utf-8", errors="replace")
    written, printed = text.removeprefix("\ufeff").splitlines(), canonical.splitlines()
    diff = list(difflib.unified_diff(written, printed, f"{name} (as written)", f"{name} (as arbiter fmt prints it)",
                                     n=0, lineterm=""))
    if diff:
        first = next(i for i, (a, b) in enumerate(zip([*written, None], [*printed, None])) if a != b) + 1
        return [shown(f"{name}:{first}: {fix}")] + [shown(line) for line in diff]
    if text.startswith("\ufeff"):
        why, line = "it begins with a byte-order mark, which the canonical form leaves out", 1
    elif "\r" in text:
        line = text[:text.index("\r")].count("\n") + 1
        why = "its lines end in CR LF, where the canonical form ends them in LF"
    else:
        line = max(len(written), 1)
        why = "its last line has no newline at the end" if not text.endswith("\n") else "its bytes differ"
    return [shown(f"{name}:{line}: {fix}: {why}")]

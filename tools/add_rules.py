"""Add or replace the ``rules`` of entries in a law file, keeping the file's layout.

    python tools/add_rules.py laws/english-1864.yaml rules.yaml

``rules.yaml`` maps entry ids to their ``rules`` list (and optionally ``text_only``). The
law file is rewritten with the same YAML style as the rest of ``laws/``. A maintenance
tool for people encoding the laws; nothing in the package imports it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml


class Dumper(yaml.SafeDumper):
    pass


def _str(dumper, s):
    return dumper.represent_scalar("tag:yaml.org,2002:str", s, style="|" if "\n" in s else None)


def _list(dumper, items):
    flow = bool(items) and all(isinstance(x, (str, int)) and " " not in str(x) for x in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=flow)


Dumper.add_representer(str, _str)
Dumper.add_representer(list, _list)

ORDER = ["id", "kind", "label", "number", "heading", "text", "footnotes", "see", "topics", "games",
         "modifies", "note", "text_only", "rules"]


def main(law_file: str, rules_file: str) -> None:
    path = Path(law_file)
    first_line = path.read_text(encoding="utf-8").splitlines()[0]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    updates = yaml.safe_load(Path(rules_file).read_text(encoding="utf-8")) or {}
    entries = {e["id"]: e for e in data["entries"]}
    for eid, update in updates.items():
        if eid not in entries:
            sys.exit(f"{rules_file}: no entry {eid} in {law_file}")
        entry = entries[eid]
        if isinstance(update, list):
            update = {"rules": update}
        for key in ("rules", "text_only"):
            if key in update:
                entry[key] = update[key]
        unknown = set(entry) - set(ORDER)
        if unknown:
            sys.exit(f"{law_file}: {eid}: keys this tool does not know: {sorted(unknown)}")
        reordered = {k: entry[k] for k in ORDER if k in entry}
        entry.clear()
        entry.update(reordered)
    text = yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)
    path.write_text(first_line + "\n" + text, encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])

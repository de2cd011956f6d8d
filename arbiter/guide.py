"""The notation's guide: every word an incident may use, and what each makes the replay derive
(``arbiter notation`` prints it; the notation page shows it).

Nothing here is a list kept by hand. The statements and moments are read from the parser's
own grammar (the rules Lark built from ``grammar.lark``); the claims, penalties, scores and
acts from ``arbiter.words.vocabulary``, which the parser checks words against; the facts
each verb gives from the replay's own code (the ``self.add("led", …)`` in the handler the
replay calls for the verb, and in the methods that handler calls), the facts an act gives by
replaying a statement with the act and without it; the ``about`` names from the holdings the
laws make (``arbiter.ruling.decision.about_names``), each with the laws that make it and the facts
of the replay their conditions read. A word added to the grammar, the vocabulary, the replay
or the laws is listed here the next time the command runs.

Uses: ruling, engine, table, facts, scoring, lawbook, incident, cards, words, support.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from functools import lru_cache
from typing import Any

#: The sections, in the order printed.
SECTIONS = ("headers", "moments", "verbs", "claims", "penalties", "marks", "places", "acts", "about")

#: Placeholders for the grammar's named tokens, as a form shows them.
_PLACEHOLDERS = {"SEAT": "SEAT", "ANYONE": "SEAT", "CARD": "CARD", "SUIT": "SUIT", "STRING": '"…"',
                 "INT": "N", "NAME": "NAME", "WORD": "WORD", "PBN_DEAL": "PBN-DEAL"}


# ------------------------------------------------------------------ the grammar

def _grammar():
    from .incident.parser import _lark

    parser = _lark()
    by_origin: dict[str, list] = {}
    for rule in parser.rules:
        by_origin.setdefault(rule.origin.name, []).append(rule)
    return parser, by_origin


def _render(symbol, parser, by_origin) -> str:
    """One symbol of a rule as a reader writes it: a keyword as itself, a token by its
    placeholder, ``CARD+`` as ``CARD…``, the places of ``where`` as ``WHERE``."""
    name = symbol.name
    if symbol.is_term:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            return _PLACEHOLDERS.get(name, name)
        return pattern.value if pattern.type == "str" else _PLACEHOLDERS.get(name, name)
    rules = by_origin.get(name, [])
    if name.startswith("__") and ("_plus_" in name or "_star_" in name):
        base = next(r for r in rules if all(s.name != name for s in r.expansion))
        inner = " ".join(_render(s, parser, by_origin) for s in base.expansion)
        return inner + "…"
    if len(rules) == 1:
        return " ".join(_render(s, parser, by_origin) for s in rules[0].expansion)
    return name.upper()


def _forms(origin: str) -> dict[str, list[str]]:
    """Each alternative of a grammar rule (by the name the parser builds it with), and the
    ways it may be written, shortest first."""
    parser, by_origin = _grammar()
    out: dict[str, list[str]] = {}
    for rule in by_origin.get(origin, []):
        form = " ".join(_render(s, parser, by_origin) for s in rule.expansion)
        form = form.replace(" :", ":").replace(" ,", ",").replace(" - ", "-")
        out.setdefault(rule.alias or rule.origin.name, []).append(form)
    return {alias: sorted(dict.fromkeys(forms), key=len) for alias, forms in out.items()}


def _example(form: str) -> str:
    """A line the form accepts: ``trick N:`` as ``trick 1:``."""
    return form.replace(" N", " 1")


# ------------------------------------------------------------------ the replay's code

def _replayer():
    from .table.replay import _Replayer

    return _Replayer


def _owner(name: str, after: type | None = None) -> type | None:
    """The class of the replay whose method ``name`` runs (the first in the method resolution
    order, or the first after ``after``, for ``super().name``)."""
    mro = _replayer().__mro__
    start = mro.index(after) + 1 if after is not None else 0
    return next((c for c in mro[start:] if inspect.isfunction(c.__dict__.get(name))), None)


@lru_cache(maxsize=None)
def _method_tree(owner: type, name: str) -> ast.AST:
    return ast.parse(textwrap.dedent(inspect.getsource(owner.__dict__[name])))


def _literal_names(node: ast.AST, assigned: dict[str, list[ast.AST]]) -> set[str]:
    """The predicate names an argument can be: a string, either string of ``a if c else b``,
    or what a local variable was given."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _literal_names(node.body, assigned) | _literal_names(node.orelse, assigned)
    if isinstance(node, ast.Name):
        return {n for value in assigned.get(node.id, []) for n in _literal_names(value, {})}
    return set()


Method = tuple[type, str]


def _walk(method: Method, tree: ast.AST | None = None) -> tuple[set[str], set[Method], set[str]]:
    """What one method of the replay (or one part of it, ``tree``) does directly: the facts
    it adds, the methods of the replay it calls, and the moments (``s.moment.kind == "deal"``)
    it looks at."""
    owner, _ = method
    tree = tree if tree is not None else _method_tree(*method)
    facts: set[str] = set()
    calls: set[Method] = set()
    moments: set[str] = set()
    assigned: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Tuple):
            assigned.setdefault(node.target.id, []).extend(node.iter.elts)   # for role in ("dummy", "bidder")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in ("add", "add_fact") and node.args and (
                    _is_self(func.value) or _is_self_attr(func.value, "facts")):
                facts |= _literal_names(node.args[0], assigned)
            elif isinstance(func, ast.Attribute) and _is_self(func.value):
                found = _owner(func.attr)
                if found is not None:
                    calls.add((found, func.attr))
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and \
                    isinstance(func.value.func, ast.Name) and func.value.func.id == "super":
                found = _owner(func.attr, after=owner)
                if found is not None:
                    calls.add((found, func.attr))
            elif isinstance(func, ast.Name) and func.id == "Fact" and node.args:
                facts |= _literal_names(node.args[0], assigned)
        elif isinstance(node, ast.Compare) and _is_moment_kind(node.left):
            for comparator in node.comparators:
                values = comparator.elts if isinstance(comparator, (ast.Tuple, ast.List, ast.Set)) else [comparator]
                moments |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return facts, calls, moments


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _is_moment_kind(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "kind" and \
        isinstance(node.value, ast.Attribute) and node.value.attr == "moment"


@lru_cache(maxsize=None)
def reach(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The facts a method of the replay may give, and the moments it reads, with those of
    every method it calls in turn."""
    owner = _owner(name)
    return _reach({(owner, name)} if owner else set())


def _reach(methods: set[Method]) -> tuple[frozenset[str], frozenset[str]]:
    facts: set[str] = set()
    moments: set[str] = set()
    seen: set[Method] = set()
    todo = list(methods)
    while todo:
        method = todo.pop()
        if method in seen:
            continue
        seen.add(method)
        given, calls, read = _walk(method)
        facts |= given
        moments |= read
        todo += [c for c in calls if c not in seen]
    return frozenset(facts), frozenset(moments)


#: What each placeholder of a form stands for in an example line.
_SAMPLES = {"CARD": "S5", "SEAT": "Y", "SUIT": "hearts", "N": "1", '"…"': '"…"', "WHERE": "face up"}


@lru_cache(maxsize=None)
def statement_verb(alias: str) -> str:
    """The verb the parser gives a statement of this kind (``held no trumps`` is a
    ``held-none``), found by parsing a line the grammar accepts for it: the verb, not the
    grammar's name for the line, is what the replay dispatches on."""
    from .incident import IncidentError, parse
    from .incident.model import Statement
    from .words import vocabulary as vocab

    form = _forms("action")[alias][0]
    words = [_SAMPLES.get(w.rstrip("…"), w.rstrip("…")) for w in form.split()]
    for word in sorted((vocab.CLAIMS | vocab.PENALTIES | vocab.MARKS) - {""}) if "WORD" in words else [""]:
        line = "A " + " ".join(word if w == "WORD" else w for w in words)
        try:
            return next(i for i in parse(line + "\n").items if isinstance(i, Statement)).verb
        except IncidentError:
            continue
    raise ValueError(f"no example of {form!r} parses")   # pragma: no cover - the grammar and the vocabulary disagree


def handler_of(alias: str) -> str:
    """The method the replay calls for a statement (``arbiter.table``: ``on_`` and the verb,
    else ``on_other``)."""
    name = "on_" + statement_verb(alias).replace("-", "_")
    return name if _owner(name) is not None else "on_other"


def verb_facts(alias: str) -> tuple[str, ...]:
    """The facts a statement may give: its handler's, or (``on_other``, which records a
    statement as it stands) the fact named for the verb."""
    handler = handler_of(alias)
    facts = set(reach(handler)[0])
    if handler == "on_other":
        facts.add(statement_verb(alias).replace("-", "_"))
    return tuple(sorted(facts))


# ------------------------------------------------------------------ the sections

def headers() -> list[dict[str, Any]]:
    return [{"name": alias, "forms": forms} for alias, forms in _forms("header").items()]


def moments(book=None) -> list[dict[str, Any]]:
    """Each moment line, the moment its statements carry, the verbs whose facts depend on
    it (a card exposed ``deal:`` is exposed in dealing), and the laws whose conditions ask
    for a fact at or after it (``claimed(A, revoke) @ after-next-cut``)."""
    from .incident import parse
    from .lawbook.conditions import predicates

    book = book or _book()
    verbs = {alias: reach(handler_of(alias))[1] for alias in _forms("action")}
    asked: dict[str, dict[str, list[str]]] = {}
    for code in book.codes:
        for law in book.entries_of(code):
            for rule in law.rules:
                for kind in {p.moment for p in predicates(rule.tree) if p.moment}:
                    labels = asked.setdefault(kind, {}).setdefault(code, [])
                    if law.label not in labels:
                        labels.append(law.label)
    out = []
    for alias, forms in _forms("moment").items():
        kind = parse(_example(forms[0]) + "\n").items[0].moment.kind
        changes = sorted({_verb_word(a) for a, kinds in verbs.items() if kind in kinds})
        out.append({"name": alias, "forms": forms, "moment": kind, "changes": changes,
                    "laws": asked.get(kind, {})})
    return out


def _book():
    from .lawbook import load_lawbook

    return load_lawbook()


def _verb_word(alias: str) -> str:
    """The words of a verb, without what follows them: ``takes card CARD from other pack``
    is ``takes card``."""
    words = []
    for word in _forms("action")[alias][0].split():
        if not word.islower():
            break
        words.append(word)
    return " ".join(words)


def verbs() -> list[dict[str, Any]]:
    return [{"name": alias, "forms": forms, "verb": statement_verb(alias), "handler": handler_of(alias),
             "gives": list(verb_facts(alias))}
            for alias, forms in _forms("action").items()]


def replay_itself() -> dict[str, list[str]]:
    """The facts the replay gives of itself: for the table (the header lines), for every
    statement whatever its verb (``suit_of`` for each card it names), for the incident's
    other lines (a ``disputed:`` line), and after the play (tricks won, honours held, what
    the hands come to)."""
    def body_of(name: str) -> tuple[Method, list[ast.stmt]]:
        owner = _owner(name)
        assert owner is not None   # the replay has each part of its run
        method = (owner, name)
        tree = _method_tree(*method)
        function = tree.body[0] if isinstance(tree, ast.Module) else None
        return method, (function.body if isinstance(function, ast.FunctionDef) else [])

    # the run in three parts: the table set, the statements played through, the outcome
    table, table_body = body_of("set_table")
    method, body = body_of("play_through")
    loop = next(node for node in body if isinstance(node, ast.For) and isinstance(node.iter, ast.Name)
                and node.iter.id == "statements")
    # the loop over a statement's acts gives the acts' facts, listed with each act
    acts = [node for node in ast.walk(loop)
            if isinstance(node, ast.For) and isinstance(node.iter, ast.Attribute) and node.iter.attr == "act"]
    every = _walk(method, loop)[0] - {f for a in acts for f in _walk(method, a)[0]}
    before = {f for node in table_body for f in _walk(table, node)[0]}
    outcome, outcome_body = body_of("outcome")
    after: set[str] = set()
    for node in outcome_body:
        given, calls, _ = _walk(outcome, node)
        after |= given | _reach({c for c in calls if not c[1].startswith("on_")})[0]
    return {
        "the table": sorted(reach("table_facts")[0]),
        "every statement": sorted(every),
        "other lines": sorted(before),
        "after the play": sorted(after),
    }


def _is_self_attr(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name and \
        isinstance(node.value, ast.Name) and node.value.id == "self"


def _probe(line: str, names: dict[str, str]) -> list[str]:
    """The facts one statement gives, as the replay gives them, that ``A says "…"`` does
    not (the facts of any statement), each argument named as ``names`` say (``A``: SEAT)."""
    from .incident import parse
    from .table.replay import replay

    def facts(text: str) -> dict[str, Any]:
        return {str(f): f for f in replay(parse(text + "\n")).facts}

    plain = facts('A says "…"')
    return sorted(f"{f.name}({', '.join(names.get(str(a), str(a)) for a in f.args)})"
                  for key, f in facts(line).items() if key not in plain)


def claims() -> list[dict[str, Any]]:
    from .words import vocabulary as vocab

    return [{"name": c, "gives": _probe(f"A claims {c}", {"A": "SEAT"})} for c in sorted(vocab.CLAIMS)]


def penalties() -> list[dict[str, Any]]:
    from .words import vocabulary as vocab

    out = []
    for key in sorted(vocab.PENALTIES):
        entry: dict[str, Any] = {"name": key, "says": vocab.penalty_phrase(key),
                                 "answered_by": sorted(set(vocab.penalty_words(key)) - {key}),
                                 "gives": _probe(f"A demands {key} from Y", {"A": "SEAT", "Y": "FROM", "": "WHAT"})}
        if key in vocab.PENALTY_SAME:
            entry["same_as"] = vocab.PENALTY_SAME[key]
        if key in vocab.PENALTY_COVERS:
            entry["covers"] = sorted(vocab.PENALTY_COVERS[key])
        out.append(entry)
    return out


def marks() -> list[dict[str, Any]]:
    from .words import vocabulary as vocab

    return [{"name": m or "(nothing)", "gives": _probe(f"A marks 2 {m}".rstrip(), {"A": "SEAT", "2": "N"})}
            for m in sorted(vocab.MARKS)]


def places() -> list[dict[str, Any]]:
    return [{"name": alias, "forms": forms} for alias, forms in _forms("where").items()]


def acts() -> list[dict[str, Any]]:
    """Each act, with the facts a statement gives with it that it does not give without it
    (found by replaying ``A says "…"`` both ways)."""
    from .words import vocabulary as vocab

    return [{"name": act, "gives": _probe(f'A says "…" ({act})', {"A": "SEAT", "0": "TRICK"})}
            for act in sorted(vocab.ACTS)]


def about(book=None) -> list[dict[str, Any]]:
    """Each holding a question may be ``about``: the laws of each code that make it, and the
    facts of the replay that their conditions read."""
    from .facts import given_by_replay
    from .ruling.decision import about_names

    book = book or _book()
    given = given_by_replay()
    made: dict[str, dict[str, list[str]]] = {}
    reads: dict[str, set[str]] = {}
    for code in book.codes:
        for law in book.entries_of(code):
            for rule in law.rules:
                for conclusion in rule.then:
                    if conclusion.ruling:
                        name = conclusion.ruling.split("(")[0]
                        labels = made.setdefault(name, {}).setdefault(code, [])
                        if law.label not in labels:
                            labels.append(law.label)
                        reads.setdefault(name, set()).update(p for p in rule.predicates if p in given)
    from .ruling.decision import RIGHT_FACTS

    rights = {"entitled": "a penalty the decision grants and that is not since lost or barred",
              "forfeited": "a right to a penalty lost", "barred": "a penalty the law bars",
              "demand_stands": "a demand that stands", "demand_refused": "a demand that cannot be enforced"}
    return [{"name": name, "laws": made.get(name, {}), "turns_on": sorted(reads.get(name, ())),
             **({"asks": rights[name]} if name in RIGHT_FACTS else {})}
            for name in sorted(about_names(book))]


_BUILDERS = {"headers": headers, "moments": moments, "verbs": verbs, "claims": claims,
             "penalties": penalties, "marks": marks, "places": places, "acts": acts, "about": about}


def vocabulary(sections: tuple[str, ...] = SECTIONS) -> dict[str, Any]:
    """The notation's vocabulary as plain data, by section."""
    data: dict[str, Any] = {name: _BUILDERS[name]() for name in sections}
    if "verbs" in sections:
        data["replay"] = replay_itself()
    return data


# ------------------------------------------------------------------ as text

_TITLES = {
    "headers": "Header lines",
    "moments": "Moments (a line that sets when the statements below it happened)",
    "verbs": "Statements: ACTOR verb …  (gives: the facts the replay may derive from it)",
    "claims": "Claims: ACTOR claims …",
    "penalties": "Penalties: ACTOR demands … [CARD|SUIT|N] [from SEAT]",
    "marks": "Scores: ACTOR marks N …",
    "places": "Places: where a card is dropped or found (WHERE)",
    "acts": "Acts: what words amount to, in ( … ) after a statement; the laws read the act",
    "about": "about NAME: the holdings the laws make (question \"…\" about NAME)",
}


def as_text(data: dict[str, Any]) -> str:
    """The listing as ``arbiter notation`` prints it, and the notation page shows it."""
    lines: list[str] = []
    for section in SECTIONS:
        if section not in data:
            continue
        lines.append(_TITLES[section])
        for entry in data[section]:
            lines += _entry_lines(section, entry)
        if section == "verbs":
            for part, facts in data["replay"].items():
                lines.append(f"  ({part}) gives: {', '.join(facts)}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _entry_lines(section: str, entry: dict[str, Any]) -> list[str]:
    head = "  " + " | ".join(entry["forms"]) if "forms" in entry else "  " + entry["name"]
    out = [head]
    if section == "moments":
        out.append(f"      moment {entry['moment']}" + (f"; changes what these give: {', '.join(entry['changes'])}"
                                                         if entry["changes"] else ""))
        if entry["laws"]:
            out.append(f"      the laws that ask for it (@ {entry['moment']}): {_laws(entry['laws'])}")
    if section == "penalties":
        extra = [f"same as {entry['same_as']}"] if "same_as" in entry else []
        extra += [f"covers {', '.join(entry['covers'])}"] if "covers" in entry else []
        out[0] += f"  — {entry['says']}" + (f" ({'; '.join(extra)})" if extra else "")
    if section == "about" and "asks" in entry:
        out.append(f"      asks whether there is {entry['asks']} (every code)")
    elif section == "about":
        out.append(f"      made by: {_laws(entry['laws'])}")
        if entry["turns_on"]:
            out.append(f"      turns on: {', '.join(entry['turns_on'])}")
        return out
    if entry.get("gives"):
        out.append(f"      gives: {', '.join(entry['gives'])}")
    return out


def _laws(laws: dict[str, list[str]]) -> str:
    return " | ".join(f"{code}: {'; '.join(labels)}" for code, labels in laws.items())



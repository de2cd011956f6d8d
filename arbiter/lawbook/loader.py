"""Read ``laws/`` into a :class:`LawBook`, refusing anything malformed.

Every error is a :class:`LawBookError` naming the file, the entry and the field, so a
person editing the YAML is sent straight to the mistake. Checks, beyond the shape that
:mod:`.schema` enforces: ids unique across all codes and prefixed by their code; every
cross-reference, ``modifies`` and concordance id names an entry that exists; topics come
from ``topics.yaml``; games from ``family.yaml``; every footnote marker in a text has a
footnote and every footnote a marker.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..support.resources import laws_dir
from .errors import LawBookError
from .games import load_games
from .model import FOOTNOTE_MARK, Code, Law, LawBook
from .records import ConcordanceGroup, GameData, Paragraph, validator
from .searchwords import load_search_words
from .yamlio import read_yaml

if TYPE_CHECKING:
    from .schema import CodeFile

#: Files in laws/ that are not codes.
SPECIAL_FILES = {"topics.yaml", "concordance.yaml", "family.yaml", "scoring.yaml", "outcomes.yaml", "phrases.yaml",
                 "interview.yaml",
                 "questions.yaml",
                 "search.yaml"}

T = TypeVar("T")


def validate(model: type[T], data: Any, path: Path, entry_of=lambda loc: None) -> T:
    """Check ``data`` against ``model`` (a record of :mod:`.schema`) and build it; turn the
    first failure into a LawBookError."""
    from pydantic import ValidationError

    try:
        return validator(model).validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = err["loc"]
        # The entry is named separately, so the field is what follows it in the path;
        # union branches ("str", "Paragraph") are pydantic's, not the file's.
        within = loc[2:] if len(loc) >= 2 and loc[0] == "entries" else loc[1:] if loc and loc[0] == "code" else loc
        field = ".".join(str(p) for p in within
                         if not isinstance(p, int) and p not in ("str", "Paragraph")) or None
        message = {
            "unexpected_keyword_argument": "unknown key",
            "missing": "missing field",
            "dataclass_type": "must be a mapping",
        }.get(err["type"], err["msg"])
        raise LawBookError(path, message, entry=entry_of(loc), field=field) from None


def _entry_locator(data: Any):
    def entry_of(loc: tuple) -> str | None:
        if len(loc) >= 2 and loc[0] == "entries" and isinstance(loc[1], int):
            try:
                return str(data["entries"][loc[1]].get("id") or f"#{loc[1] + 1}")
            except (AttributeError, IndexError, KeyError, TypeError):
                return f"#{loc[1] + 1}"
        return "code" if loc and loc[0] == "code" else None
    return entry_of


def load_code_file(path: Path) -> CodeFile:
    from .schema import CodeFile

    data = read_yaml(path)
    return validate(CodeFile, data, path, _entry_locator(data))


@lru_cache(maxsize=8)
def _load(directory: str) -> LawBook:
    return cached_lawbook(Path(directory))


def load_lawbook(directory: str | Path | None = None) -> LawBook:
    """Load (once per directory per process) and check every file in ``laws/``."""
    return _load(str(Path(directory) if directory else laws_dir()))


def cached_lawbook(directory: Path) -> LawBook:
    """The law book, from a cache on disk when neither the files nor the code that checks
    them have changed since it was built.

    Checking ~400 rules and 600 entries takes a third of a second; reading the checked
    result back takes a small part of that. The cache is keyed on the bytes of every law
    file and of the modules that read and keep them, so an edit is always checked afresh --
    and a book is kept under the bytes it was actually built from, so a file edited while the
    book was being built never leaves the edited book under the key of the file as it was
    before (where, the edit undone, it would be read back). The book is kept as plain data
    (:mod:`.bookfile`: JSON, read back by a table of the book's own records, so reading it
    runs no code whatever the file holds), in the directory :mod:`arbiter.support.cachefiles`
    verifies is this user's alone. A cache that cannot be read or written, or holds anything
    but a whole law book of this version, is simply not used (and rebuilt);
    ``WHIST_ARBITER_NO_CACHE=1`` turns it off.
    """
    from ..support import cachefiles
    from ..support.lasting import made_to_last
    from .bookfile import book_bytes, book_from
    from .yamlio import recording

    if not cachefiles.available():
        return build_lawbook(directory)
    try:
        sources = _sources(directory)
    except OSError:   # a law file that cannot be read: building says which, and why
        return build_lawbook(directory)
    kept = cachefiles.read(_cache_name(sources))
    if kept is not None:
        with made_to_last():        # a book is kept as long as the process (load_lawbook)
            book = book_from(kept)
        if book is not None:
            return book
    with recording() as reads:
        book = build_lawbook(directory)
    sources.update({_law_name(path, directory): digest for path, digest in reads.items()})
    try:
        blob = book_bytes(book)
    except (TypeError, ValueError):     # something the cache does not keep: the book is still good
        return book
    cachefiles.write(_cache_name(sources), blob, replaces="lawbook-")
    return book


def _sources(directory: Path) -> dict[str, str]:
    """Each law file, and each module that reads them, with the digest of its bytes."""
    from .yamlio import digest

    code = Path(__file__).resolve().parent
    out = {_law_name(path, directory): digest(path.read_bytes())
           for path in directory.rglob("*.yaml") if path.is_file()}
    kept_by = [code.parent / "support" / "plaindata.py"]     # the format the book is kept in
    for path in sorted(code.glob("*.*")) + sorted((code.parent / "words").glob("*.py")) + kept_by:
        out[f"code/{path.relative_to(path.parents[1])}"] = digest(path.read_bytes())
    return out


def _law_name(path: Path, directory: Path) -> str:
    try:
        return f"laws/{path.relative_to(directory).as_posix()}"
    except ValueError:      # a file read from elsewhere: named in full
        return f"file/{path.as_posix()}"


def _cache_name(sources: dict[str, str]) -> str:
    from .yamlio import digest

    listing = "".join(f"{name}\0{sources[name]}\n" for name in sorted(sources))
    return f"lawbook-{digest(listing.encode('utf-8'))}.json"


def build_lawbook(directory: Path) -> LawBook:
    from .schema import ScoringSystem  # the shapes of the files: needed to build, not to read the cache

    if not directory.is_dir():
        raise LawBookError(directory, "no such directory of laws")
    topics_path = directory / "topics.yaml"
    topics = read_yaml(topics_path)
    if not isinstance(topics, dict) or not all(isinstance(v, str) for v in topics.values()):
        raise LawBookError(topics_path, "must map each topic to a one-line description")

    family_path = directory / "family.yaml"
    games = {}
    for i, raw in enumerate(_as_list(read_yaml(family_path), family_path)):
        game = validate(GameData, raw, family_path, lambda loc, i=i: _name(raw, i))
        if game.id in games:
            raise LawBookError(family_path, "duplicate game id", entry=game.id, field="id")
        games[game.id] = game
    aliases = {alias: g.id for g in games.values() for alias in g.aliases}

    codes: dict[str, Code] = {}
    raw_entries: dict[str, tuple[Path, Any]] = {}
    for path in sorted(directory.glob("*.yaml")):
        if path.name in SPECIAL_FILES:
            continue
        parsed = load_code_file(path)
        meta = parsed.code
        if meta.id in codes:
            raise LawBookError(path, f"code {meta.id!r} is defined twice", entry="code", field="id")
        ids = []
        for entry in parsed.entries:
            if entry.id in raw_entries:
                other = raw_entries[entry.id][0].name
                raise LawBookError(path, f"duplicate id (also in {other})", entry=entry.id, field="id")
            if not entry.id.startswith(meta.id + "/"):
                raise LawBookError(path, f"id must begin with '{meta.id}/'", entry=entry.id, field="id")
            raw_entries[entry.id] = (path, entry)
            ids.append(entry.id)
        codes[meta.id] = Code(
            id=meta.id, title=meta.title, description=meta.description, source=meta.source,
            number_style=meta.number_style, games=tuple(meta.games), edition_of=meta.edition_of,
            notes=tuple(meta.notes), entry_ids=tuple(ids), supplements=tuple(meta.supplements),
        )
        for g in meta.games:
            if g not in games:
                raise LawBookError(path, f"unknown game {g!r}", entry="code", field="games")

    for code in codes.values():
        for other in code.supplements:
            if other not in codes:
                raise LawBookError(directory / f"{code.id}.yaml", f"supplements unknown code {other!r}",
                                   entry="code", field="supplements")
        if code.edition_of and code.edition_of not in codes:
            raise LawBookError(directory / f"{code.id}.yaml", f"edition of unknown code {code.edition_of!r}",
                               entry="code", field="edition_of")
    search_words = load_search_words(directory / "search.yaml", list(codes))

    concordance_path = directory / "concordance.yaml"
    groups = []
    for i, raw in enumerate(_as_list(read_yaml(concordance_path), concordance_path)):
        group = validate(ConcordanceGroup, raw, concordance_path, lambda loc, i=i: f"#{i + 1}")
        if len(group.laws) < 2:
            raise LawBookError(concordance_path, "a group needs at least two laws",
                               entry=f"#{i + 1} ({group.subject})", field="laws")
        for ref in group.laws:
            if ref not in raw_entries:
                raise LawBookError(concordance_path, f"refers to {ref!r}, which does not exist",
                                   entry=f"#{i + 1} ({group.subject})", field="laws")
        groups.append(group)

    _check_entries(raw_entries, topics, games)
    _check_laws_of(family_path, games, raw_entries)
    entries = _link(raw_entries, groups, games)
    _check_rule_references(entries, games)
    descriptions = load_games(directory / "games") if (directory / "games").is_dir() else {}
    scoring_path = directory / "scoring.yaml"
    scoring = {}
    if scoring_path.exists():
        raw = read_yaml(scoring_path)
        if not isinstance(raw, dict):
            raise LawBookError(scoring_path, "must map each code to its scoring")
        for code_id, system in raw.items():
            if code_id not in codes and code_id not in games:
                raise LawBookError(scoring_path, f"no code or game {code_id!r}", entry=code_id)
            scoring[code_id] = asdict(validate(ScoringSystem, system, scoring_path, lambda loc, c=code_id: c))
            for law in _scoring_laws(scoring[code_id]):
                if law not in entries:
                    raise LawBookError(scoring_path, f"refers to {law!r}, which does not exist",
                                       entry=code_id, field="law")
    for game in games.values():
        if game.described_in and game.described_in not in descriptions:
            raise LawBookError(family_path, f"no file games/{game.described_in}.yaml",
                               entry=game.id, field="described_in")
        _check_quotes(family_path, game, descriptions)
    return LawBook(codes=codes, entries=entries, topics=topics, concordance_groups=groups,
                   games=games, descriptions=descriptions, scoring=scoring, _aliases=aliases,
                   search_words=search_words)


def _scoring_laws(system: dict):
    for part in system.values():
        if isinstance(part, dict) and part.get("law"):
            yield from ([part["law"]] if isinstance(part["law"], str) else part["law"])


def _as_list(data: Any, path: Path) -> list:
    if not isinstance(data, list):
        raise LawBookError(path, "must be a list")
    return data


def _name(raw: Any, i: int) -> str:
    return str(raw.get("id")) if isinstance(raw, dict) and raw.get("id") else f"#{i + 1}"


def _check_entries(raw_entries, topics, games) -> None:
    for eid, (path, entry) in raw_entries.items():
        for ref in entry.see:
            if ref not in raw_entries:
                raise LawBookError(path, f"refers to {ref!r}, which does not exist", entry=eid, field="see")
        for ref in entry.modifies:
            if ref not in raw_entries:
                raise LawBookError(path, f"modifies {ref!r}, which does not exist", entry=eid, field="modifies")
        for topic in entry.topics:
            if topic not in topics:
                raise LawBookError(path, f"unknown topic {topic!r} (see topics.yaml)", entry=eid, field="topics")
        for game in entry.games:
            if game not in games:
                raise LawBookError(path, f"unknown game {game!r} (see family.yaml)", entry=eid, field="games")
        if not entry.text:
            raise LawBookError(path, "an entry needs at least one paragraph of text", entry=eid, field="text")
        for rule in entry.rules:
            if not rule.then:
                raise LawBookError(path, "a rule needs at least one conclusion", entry=eid,
                                   field=f"rules.{rule.id}.then")
        if entry.kind == "exception" and not entry.games:
            raise LawBookError(path, "an exception must name the games it applies to", entry=eid, field="games")
        marked = {int(m) for p in _paragraphs(entry.text) for m in FOOTNOTE_MARK.findall(p.text)}
        if marked != set(entry.footnotes):
            missing = sorted(marked - set(entry.footnotes))
            extra = sorted(set(entry.footnotes) - marked)
            detail = (f"marker [{missing[0]}] has no footnote" if missing
                      else f"footnote {extra[0]} is not marked in the text")
            raise LawBookError(path, detail, entry=eid, field="footnotes")


def _paragraphs(text) -> tuple[Paragraph, ...]:
    return tuple(p if isinstance(p, Paragraph) else Paragraph(text=p) for p in text)


def _rules(path, eid, entry, games):
    from .rules import build_rule

    rules, seen = [], set()
    for data in entry.rules:
        if data.id in seen:
            raise LawBookError(path, f"two rules are called {data.id!r}", entry=eid, field="rules.id")
        seen.add(data.id)
        try:
            rule = build_rule(eid, data, tuple(entry.games))
            rules.append(replace(rule, games=reach(rule.games, eid, games)).warm())
        except ValueError as exc:
            raise LawBookError(path, str(exc), entry=eid, field=f"rules.{data.id}") from None
    return tuple(rules)


def _check_rule_references(entries: dict[str, Law], games) -> None:
    ids = {r.id for law in entries.values() for r in law.rules}
    for law in entries.values():
        for rule in law.rules:
            for key in ("overrides", "prevails_over"):
                for ref in getattr(rule, key):
                    if ref not in ids and ref not in entries:
                        raise LawBookError(law.code + ".yaml", f"{key} {ref!r}, which does not exist",
                                           entry=law.id, field=f"rules.{rule.id.split('#')[1]}.{key}")
            for game in rule.games:
                if game not in games:
                    raise LawBookError(law.code + ".yaml", f"unknown game {game!r}",
                                       entry=law.id, field=f"rules.{rule.id.split('#')[1]}.games")


def _check_laws_of(family_path, games, raw_entries) -> None:
    """A game takes its laws from a known game, not from itself through others, and departs
    only from laws that exist."""
    for game in games.values():
        for i, lo in enumerate(game.laws_of):
            if lo.game not in games:
                raise LawBookError(family_path, f"laws_of names unknown game {lo.game!r}", entry=game.id,
                                   field=f"laws_of[{i}].game")
            for d in lo.departs:
                for ref in d.laws:
                    if ref not in raw_entries:
                        raise LawBookError(family_path, f"departs from {ref!r}, which does not exist",
                                           entry=game.id, field=f"laws_of[{i}].departs")
    for game in games.values():
        seen, stack = {game.id}, [lo.game for lo in game.laws_of]
        while stack:
            other = stack.pop()
            if other == game.id:
                raise LawBookError(family_path, "takes its laws from itself (laws_of)", entry=game.id,
                                   field="laws_of")
            if other not in seen:
                seen.add(other)
                stack.extend(lo.game for lo in games[other].laws_of)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _check_quotes(family_path, game, descriptions) -> None:
    """The words a game's ``laws_of`` quotes stand in its own description (or in the one
    named by ``quoted_from``)."""
    def text_of(name):
        described = descriptions.get(name) if name else None
        return _flat(" ".join(p for s in described.sections for p in s.paragraphs if isinstance(p, str))) \
            if described is not None else ""

    for i, lo in enumerate(game.laws_of):
        quotes = [("quote", lo.quote, lo.quoted_from or game.described_in)]
        quotes += [("departs.quote", d.quote, game.described_in) for d in lo.departs]
        for where, quote, name in quotes:
            if _flat(quote) not in text_of(name):
                raise LawBookError(family_path, f"{where} is not in the description of {name}: {quote!r}",
                                   entry=game.id, field=f"laws_of[{i}].{where}")


def reach(own: tuple[str, ...], law_id: str, games) -> tuple[str, ...]:
    """The games a rule of ``law_id`` that names the games ``own`` applies in: those, and
    every game whose laws are those of one of them (``laws_of`` in family.yaml: "The Laws
    vary so little from those used in the regular game of Boston…"), within the code it
    names, but for the laws its description departs from. A rule that names no game applies
    in every game already."""
    out = list(own)
    changed = bool(out)
    while changed:
        changed = False
        for game in games.values():
            if game.id in out:
                continue
            if any(lo.game in out and (lo.code is None or law_id.startswith(lo.code + "/"))
                   and not any(law_id in d.laws for d in lo.departs) for lo in game.laws_of):
                out.append(game.id)
                changed = True
    return tuple(out)


def _link(raw_entries, groups: list[ConcordanceGroup], games) -> dict[str, Law]:
    referenced_by: dict[str, list[str]] = {}
    exceptions: dict[str, list[str]] = {}
    counterparts: dict[str, list[str]] = {}
    for eid, (_, entry) in raw_entries.items():
        for ref in entry.see:
            referenced_by.setdefault(ref, []).append(eid)
        for ref in entry.modifies:
            exceptions.setdefault(ref, []).append(eid)
    for group in groups:
        for ref in group.laws:
            bucket = counterparts.setdefault(ref, [])
            bucket.extend(r for r in group.laws if r != ref and r not in bucket)
    return {
        eid: Law(
            id=eid, code=eid.split("/", 1)[0], kind=entry.kind, number=entry.number,
            heading=entry.heading, paragraphs=_paragraphs(entry.text),
            footnotes=dict(entry.footnotes), see=tuple(entry.see), topics=tuple(entry.topics),
            games=reach(tuple(entry.games), eid, games), modifies=tuple(entry.modifies), note=entry.note,
            referenced_by=tuple(referenced_by.get(eid, ())),
            concordance=tuple(counterparts.get(eid, ())),
            exceptions=tuple(exceptions.get(eid, ())),
            rules=_rules(path, eid, entry, games), text_only=entry.text_only, cited_as=entry.label,
        )
        for eid, (path, entry) in raw_entries.items()
    }

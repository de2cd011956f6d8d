"""Scoring a hand and a rubber of whist from the numbers of ``laws/scoring.yaml``.

A hand is scored in the order the code gives (the revoke penalty first, then tricks, then
honours: English Law 5). Once a side reaches game, nothing further counts in that hand, and
the game's value is read from the losers' score at that moment: so the claimants at two
who add three for a revoke win a treble, "even should the latter have made thirteen tricks,
and held four honours" (English Law 72 V).

>>> s = score_hand(scoring_system("english-1864"), before={"AB": 2, "YZ": 0},
...                tricks={"AB": 0, "YZ": 13}, honours={"YZ": 4}, revoke=("YZ", "add-points"))
>>> s.winner, s.game_value, s.game_name
('AB', 3, 'treble')
"""

from __future__ import annotations

from dataclasses import dataclass, field


class ScoringError(ValueError):
    pass


def scoring_system(code: str, book=None) -> dict:
    """The scoring numbers of a code, as checked by the law book's loader."""
    from ..lawbook import load_lawbook
    from ..support.names import name_key, quoted

    systems = (book or load_lawbook()).scoring
    if name_key(code) not in systems:
        raise ScoringError(f"no scoring for {quoted(code)}; codes with scoring: {', '.join(systems)}")
    return systems[name_key(code)]


@dataclass
class HandScore:
    before: dict[str, int]
    after: dict[str, int]
    steps: list[tuple[str, str, int, object]] = field(default_factory=list)   # (what, side, points, law)
    winner: str | None = None
    game_value: int | None = None
    game_name: str | None = None

    def explain(self) -> list[str]:
        def laws(law):
            return ", ".join(law) if isinstance(law, list) else law

        lines = [f"{side} score {points} for {what}" + (f" ({laws(law)})" if law else "")
                 for what, side, points, law in self.steps]
        if self.winner:
            lines.append(f"{self.winner} win the game" + (f": a {self.game_name}" if self.game_name else "")
                         + f", worth {self.game_value}")
        return lines


def score_words(result: HandScore) -> str:
    """The score after the hand, as a scorer writes it: a side that has won the game is at
    the game's points, "AB 5, game" (the points past it do not count)."""
    return "Score: " + "; ".join(f"{side} {points}" + (", game" if side == result.winner else "")
                                 for side, points in result.after.items())


def hand_data(result: HandScore) -> dict:
    """A scored hand as ``arbiter score hand --format json`` and the JSON API give it."""
    return {"before": result.before, "after": result.after, "winner": result.winner,
            "game_value": result.game_value, "game": result.game_name,
            "steps": [{"for": w, "side": s, "points": p, "law": law} for w, s, p, law in result.steps]}


def score_hand(system: dict, before: dict[str, int], tricks: dict[str, int],
               honours: dict[str, int] | None = None,
               revoke: tuple[str, str] | None = None) -> HandScore:
    """Score one hand. ``revoke`` is (revoking side, option chosen by the adversaries)."""
    sides = list(dict.fromkeys(list(before) + list(tricks)))
    if len(sides) != 2:
        given = ", ".join(sides) or "none"
        raise ScoringError(f"a hand of whist is scored between two sides: give both (e.g. AB=7 and YZ=6); "
                           f"given: {given}")
    _check_honours(system, sides, honours or {})
    score = {s: before.get(s, 0) for s in sides}
    tricks = {s: tricks.get(s, 0) for s in sides}
    for what, counts in (("tricks", tricks), ("points before the hand", score)):
        negative = next((s for s, n in counts.items() if n < 0), None)
        if negative is not None:
            raise ScoringError(f"{negative} cannot have {counts[negative]} {what}: a count is never below nought")
    if sum(tricks.values()) > 13:
        raise ScoringError("more than thirteen tricks")
    if system.get("book") is None:
        missing = system.get("not_in_source") or ["this game's trick values are not in the sources"]
        raise ScoringError("; ".join(missing))
    game = system["game_points"]["value"]
    over = next((s for s, n in score.items() if n >= game), None)
    if over is not None:
        raise ScoringError(f"{over} cannot have {score[over]} points before the hand: the game is {game} "
                           f"({_laws_named(system['game_points']['law'])}), and a side at {game} has won it")
    result = HandScore(before=dict(score), after=score)
    revoking = revoke[0] if revoke else None
    if revoking is not None and not system.get("revoke"):
        raise ScoringError("this game's scoring has no revoke penalty to apply")
    if revoking is not None and revoking not in sides:
        raise ScoringError(f"no side {revoking!r}")
    cap = system["revoke"]["revoking_side_at_most"] if revoking else None

    def add(side: str, points: int, what: str, law) -> bool:
        if result.winner or points == 0:
            return bool(result.winner)
        if side == revoking and cap is not None:
            points = max(0, min(points, cap - score[side]))
        counted = min(points, game - score[side])      # points past the game do not count
        if counted < points:
            what = f"{what}: {points} made, and the game is {game}"
        score[side] += counted
        result.steps.append((what, side, counted, law))
        if score[side] >= game:
            result.winner = side
            _value(system, result, side, sides)
        return bool(result.winner)

    for step in system["precedence"]["order"]:
        if step == "revoke" and revoking:
            other = next(s for s in sides if s != revoking)
            assert revoke is not None   # revoking is taken from it
            option = revoke[1]
            penalty = system["revoke"]["penalty"]
            law = system["revoke"]["law"]
            if option not in system["revoke"]["options"]:
                raise ScoringError(f"this code's revoke penalty is one of {system['revoke']['options']}, "
                                   f"not {option!r}")
            if option == "take-tricks":
                moved = min(penalty, tricks[revoking])
                tricks[revoking] -= moved
                tricks[other] += moved
                result.steps.append((f"{moved} tricks taken for the revoke", other, 0, law))
            elif option == "deduct-points":
                taken = min(penalty, score[revoking])
                score[revoking] -= taken
                result.steps.append(("the revoke (deducted from the revoking side)", revoking, -taken, law))
            else:
                add(other, penalty, "the revoke", law)
        elif step == "tricks":
            book = system["book"]["value"]
            for side in sides:
                add(side, max(0, tricks[side] - book), "tricks above six", system["book"]["law"])
        elif step == "honours" and system.get("honours") and honours:
            rules = system["honours"]
            for side in sides:
                if before.get(side, 0) >= rules["barred_at"]:
                    continue
                add(side, rules["by_count"].get(honours.get(side, 0), 0), "honours", rules["law"])
    return result


def _check_honours(system: dict, sides: list[str], honours: dict[str, int]) -> None:
    """Honours are the four highest trumps, held between the sides: a count outside 0 to 4, a
    side not at the table, or honours under a code that does not count them, is an error,
    never silently ignored."""
    if not honours:
        return
    if not system.get("honours"):
        raise ScoringError("honours do not count in this code's scoring; leave them out")
    for side, count in honours.items():
        if side not in sides:
            raise ScoringError(f"no side {side} in this hand (the sides are {' and '.join(sides)})")
        if not 0 <= count <= 4:
            raise ScoringError(f"a side holds from none to four honours, not {count}")
    if sum(honours.values()) > 4:
        raise ScoringError(f"there are four honours, not {sum(honours.values())} between the sides")


def _value(system: dict, result: HandScore, winner: str, sides: list[str]) -> None:
    losers = next(s for s in sides if s != winner)
    losers_score = result.after[losers]
    value = system["game_value"]
    if value.get("less_losers_score"):
        result.game_value = system["game_points"]["value"] - losers_score
        return
    for band in value["bands"]:
        if losers_score <= band["losers_at_most"]:
            result.game_value, result.game_name = band["value"], band["name"]
            return


def _laws_named(law) -> str:
    return ", ".join(law) if isinstance(law, list) else str(law)


def game_values(system: dict) -> list[int] | None:
    """What a game won may be worth under a code's scoring, from its numbers: the values of
    its bands (english-1864: 1, 2 or 3), or 1 to the game's points where a game is worth its
    points less the losers' score; None where the sources give no value (Cayenne)."""
    value = system.get("game_value")
    if not value:
        return None
    if value.get("less_losers_score"):
        return list(range(1, system["game_points"]["value"] + 1))
    return sorted({band["value"] for band in value["bands"]})


def _worth(system: dict, values: list[int]) -> str:
    """``1, 2 or 3 (a single, a double or a treble; english-1864/8)``."""
    said = ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])
    bands = (system.get("game_value") or {}).get("bands") or []
    names = [f"a {band['name']}" for band in sorted(bands, key=lambda b: b["value"]) if band.get("name")]
    named = (", ".join(names[:-1]) + f" or {names[-1]}; ") if len(names) > 1 else ""
    return f"{said} ({named}{_laws_named(system['game_value']['law'])})"


def rubber_words(r: dict) -> str:
    """A settled rubber in words, as ``arbiter score rubber`` and the scoring page say it."""
    laws = r["law"] if isinstance(r["law"], str) else ", ".join(r["law"])
    return (f"{r['winner']} win the rubber: games worth {r['points_of_games'][r['winner']]}, "
            f"and {r['rubber_points']} rubber points"
            + (f", less {r['deducted']} for the losers' game" if r["deducted"] else "")
            + f": {r['net']} points ({laws}).")


def score_rubber(system: dict, games: list[tuple[str, int]]) -> dict:
    """Settle a rubber from its games, each (winning side, value)."""
    rules = system.get("rubber")
    if not rules:
        raise ScoringError("this code does not play rubbers")
    needed = rules["best_of"] // 2 + 1
    allowed = game_values(system)
    sides = list(dict.fromkeys(side for side, _ in games))
    if len(sides) > 2:
        raise ScoringError(f"a rubber is played between two sides, not {len(sides)} ({', '.join(sides)})")
    won: dict[str, int] = {}
    points: dict[str, int] = {}
    winner = None
    for i, (side, value) in enumerate(games, 1):
        if winner:
            raise ScoringError(f"game {i} is played after the rubber was won by {winner}")
        if value < 1:
            raise ScoringError(f"game {i} is worth {value}: a game won is worth at least one point")
        if allowed is not None and value not in allowed:
            raise ScoringError(f"game {i} is worth {value}: a game is worth {_worth(system, allowed)}")
        won[side] = won.get(side, 0) + 1
        points[side] = points.get(side, 0) + value
        if won[side] == needed:
            winner = side
    if not winner:
        raise ScoringError("the rubber is not finished")
    total = points[winner] + rules["rubber_points"]
    losers = [s for s in points if s != winner]
    # the losers have a game to deduct only where the rubber ran to its full length
    deducted = sum(points[s] for s in losers) if rules["deduct_losers_game"] else 0
    return {"winner": winner, "games": won, "points_of_games": points,
            "rubber_points": rules["rubber_points"], "deducted": deducted, "net": total - deducted,
            "law": rules["law"]}

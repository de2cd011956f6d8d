"""Work a ruling does not repeat (issue 23): the open questions are weighed against the
branch's own inference, and the branch each answer would make is made only where a question
put to the decision asks for it. The decisions themselves are held to the golden file
(tests/test_golden.py); here, how much is done, which could fail."""

from __future__ import annotations

import pytest

from arbiter.incident import parse
from arbiter.ruling import decision as decision_module
from arbiter.ruling.decision import decide

#: B renounces at trick 1; whether he held a heart is not known: a question of fact.
OPEN = """code english-1864
trick 1:
  A leads H5
  Y plays H2
  B plays S3
  Z plays H9
trick 2:
  Z leads D10
  A plays D3
  Y plays D7
  B plays DK
"""


def counting(monkeypatch, name):
    calls = [0]
    original = getattr(decision_module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(decision_module, name, counted)
    return calls


def test_the_open_questions_are_weighed_against_the_inference_already_drawn(book, monkeypatch):
    inferences = counting(monkeypatch, "_inferences")
    decision = decide(book, parse(OPEN))
    [branch] = decision.branches
    assert branch.turns_on, "the ruling turns on whether B held a heart"
    answers = sum(1 for t in branch.weighed for i in (t.so_inference, t.not_inference) if i is not None)
    assert inferences[0] == 1 + answers        # the branch's own, then one for each answer


@pytest.mark.parametrize("question, made", [("", False), ('question "Is it a revoke?"\n', True)])
def test_the_branch_an_answer_would_make_is_made_only_for_a_question(book, monkeypatch, question, made):
    gathered = counting(monkeypatch, "_gather_supposed")
    decision = decide(book, parse(OPEN + question))
    assert (gathered[0] > 0) is made
    if made:
        assert decision.answer == "depends"

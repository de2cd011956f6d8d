"""The guided interview: tell the arbiter what happened by answering questions, and be
asked only what the ruling turns on.

Most players who need a ruling will never learn the notation; at the table they can answer
questions. The interview's state is the answers given, in order (:mod:`.state`); each answer
writes statements in the notation (:mod:`.writing`), so the incident so far is always a real
``Incident`` in the canonical form ``arbiter fmt`` prints. After each answer the arbiter
rules on what it has and asks next (:mod:`.asking`):

- the table (the code and game, the dealer, trumps) and what the dispute is about, in
  whist's words (the topics of ``laws/interview.yaml``);
- the story, as the topic opens it (a trick's cards, or one act at a time);
- then only a fact whose answer would change the ruling -- the decision's own open
  questions, each answered by a finding the notation writes (:mod:`.settle`) -- the most
  decisive first; "Not known" is always an answer, and is not asked again;
- "What happened next?" until nothing more did; then the decision, with what is left
  unknown as its own "Not known" paragraph.

The questions are data (``laws/interview.yaml``); no law's number or words are here.

>>> from arbiter.interview import Interview
>>> step = Interview.begin().next()
>>> step.question.id
'table'

Uses: render, ruling, engine, table, facts, scoring, lawbook, incident, cards, words, support.
"""

from __future__ import annotations

from .asking import Done, Interview, Step
from .state import Answer, InterviewError, State

__all__ = ["Answer", "Done", "Interview", "InterviewError", "State", "Step"]

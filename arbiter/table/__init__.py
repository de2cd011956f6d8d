"""The replay: from an incident's statements, the table at every moment, and the facts it gives.

:mod:`.replay` runs the story in order over the state of the table (:mod:`.state`): the play
(:mod:`.tricks`), penalties called and obeyed (:mod:`.calls`), everything else done at the
table (:mod:`.acts`), what is known of each hand (:mod:`.hands`), which card wins
(:mod:`.winning`), and the questions of fact it leaves open (:mod:`.unknowns`). It never
reads the law book: what it needs of the game comes in as :class:`.customs.Customs`.

Uses: facts, incident, cards, words, support.
"""

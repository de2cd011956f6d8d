"""What every stage leans on and which knows nothing of whist: where the shipped data lies
(:mod:`.resources`), the private cache (:mod:`.cachefiles`) and the plain data it holds
(:mod:`.plaindata`), Lark's parsers kept as data (:mod:`.grammars`), and free text made
safe to show (:mod:`.escapes`); what the process keeps made without the garbage
collector's rounds (:mod:`.lasting`).

Uses: nothing of ours.
"""

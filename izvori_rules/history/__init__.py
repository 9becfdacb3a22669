"""The history of the English Comprehensive Rules, 2003–2026 (issue 15, item 4).

Layers, bottom up: :mod:`.align` (a pure aligner of two consecutive releases) and :mod:`.worddiff` (a pure
word diff); :mod:`.store` (every release's rules and the alignment of each consecutive pair, in one SQLite
file in the cache, built once and grown one release at a time); :mod:`.lineage` (``follow``, a rule's
history, the diff of any two releases, all read from the store); :mod:`.userdata` (releases a judge adds
later with ``corpus add``); :mod:`.onward` (the originals' lineage carried on into those releases, so that
"today" in ``lookup`` reaches the newest).
"""

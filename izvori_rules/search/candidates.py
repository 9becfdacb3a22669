"""The ranker's candidate, the one shape every step that re-sorts the first hits reads and returns.

Its own module so that the ranker (search/ranking.py), the steps it calls (search/siblings.py, search/keywords.py,
search/twins.py, search/repeats.py) and the steps that call it (search/questions.py imports the ranker) share the
one definition without an import circle.
"""

from __future__ import annotations

# (unranked, -key, document number): sorted ascending, the rules before the guides' sections and glossary entries
# (``unranked``), then the highest key first; ties keep document order.
Candidate = tuple[bool, float, int]

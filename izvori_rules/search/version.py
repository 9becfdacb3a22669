"""The version of what the index's analyzers produce (:mod:`.analysis`, :mod:`~izvori_rules.text.stemming`).

Part of the index's cache key, so a change rebuilds the index. A module of its own so that computing the key
imports no Whoosh (the analyzers subclass Whoosh's filters).
"""

ANALYZER_VERSION = 37

"""Text analysis, below the graph, search, concordance, engine and exports: folding of scripts and
diacritics (``folding``), per-language stemming (``stemming``), the multilingual concept table
(``concepts``) and matching words of a text to its concepts (``matching``)."""

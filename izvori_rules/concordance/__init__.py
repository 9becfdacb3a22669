"""The concordance: for every rule, its equivalents in the other documents, best first (issue 5, section 2).

Two layers, as the issue asks:

* **curated** (:mod:`.curated`): ``corpus/concordance.tsv``, pairs a judge checked by reading both texts;
* **aligned** (:mod:`.align`): computed for every other rule from the documents' shared structure (chapter
  ``Xn`` of sr-judge is old rule ``100·k + n − 1``, cs-cr keeps the old numbers, ru-cr renumbers them) and
  decided by content: shared concepts, numbers and citations, in an order-preserving alignment.

:func:`.link.equivalents` merges the two into the mapping the graph builder attaches to every node;
:mod:`.missing` says what a document lacks (ru-cr's 31 missing rules, cs-cr's truncation inside 400.1).
Nothing here runs on a cold ``lookup``: the equivalents are computed when the graph is built and cached.
"""

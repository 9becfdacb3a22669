"""The equivalents, in the other documents, of the rules a scenario's steps cite (``scenario run --json``, and
``--equivalents``): read from a small table of every rule the engine can cite, made once from the rule graph.

Loading the graph (its model, its index) costs a cold ``scenario run --json`` a fifth of its time (issue 14); the
table holds, for each reference of :func:`~.rulesets.all_refs` of both rulesets, the references of the graph
node's equivalents (empty when the node has none or is missing), as the graph gives them. It is kept in the
cache folder under the key of everything it is made from (:func:`.scenario_cache.inputs_key`: the corpus data,
the code and the libraries that build the graph), and checked before it is served. A step citing a rule the
table lacks is answered from the graph itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..graph import RuleGraph

Table = dict[str, tuple[str, ...]]


def equivalents_of(refs: Collection[str], graph: Callable[[], RuleGraph | None],
                   inputs: str | None = None) -> dict[str, tuple[str, ...]]:
    """Each of ``refs`` that has equivalents, with their references; ``graph()`` loads the rule graph (None when
    it cannot be had: then there are no equivalents to show). ``inputs``: the table's key
    (:func:`.scenario_cache.inputs_key`) when the caller has it already (computed here otherwise)."""
    if not refs:
        return {}
    try:
        table = _table(graph, inputs)
        if table is None or not table.keys() >= set(refs):
            table = _from_graph(_loaded(graph), refs)
    except _NoGraph:
        return {}
    return {ref: table[ref] for ref in refs if table[ref]}


class _NoGraph(Exception):
    """The rule graph could not be loaded: no equivalents, and no table written."""


def _loaded(graph: Callable[[], RuleGraph | None]) -> RuleGraph:
    loaded = graph()
    if loaded is None:
        raise _NoGraph
    return loaded


def _table(graph: Callable[[], RuleGraph | None], inputs: str | None) -> Table | None:
    """The table of every citable rule, from the cache folder or made from the graph (None when the cache's key
    cannot be computed)."""
    from .. import cache
    from .scenario_cache import inputs_key

    key = inputs or inputs_key()
    if key is None:
        return None
    kept = cache.kept(cache.cache_dir() / f"engine-equivalents-{key}.pickle", key,
                      lambda: _from_graph(_loaded(graph), _citable()), _is_table)
    assert isinstance(kept, dict)
    return kept


def _citable() -> set[str]:
    """Every rule either ruleset can cite (only a table being made needs them)."""
    from .rulesets import all_refs, load_rulesets

    return {ref for ruleset in load_rulesets().values() for ref in all_refs(ruleset)}


def _from_graph(graph: RuleGraph, refs: Collection[str]) -> Table:
    out: Table = {}
    for ref in refs:
        node = graph.get(ref)
        out[ref] = tuple(e.ref for e in node.equivalents) if node is not None else ()
    return out


def _is_table(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, tuple) and all(isinstance(e, str) for e in v) for k, v in value.items())

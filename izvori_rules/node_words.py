"""What the notes under a rule say, in the judge's words (the ``[LANG.lookup]`` messages of
``corpus/messages.toml``): its flags, how sure each equivalent is, what became of its English original. One
wording for every renderer: ``lookup`` on the terminal and the offline HTML rulebook. The graph keeps the
parsers' English and the codes (its JSON and XML are data); a judge reads them in the language of ``--lang``.

Most flags say their detail by their key (:meth:`~izvori_rules.model.Flag.said`). A citation's flags
(``dangling``, ``title_mismatch``) are said from what the citation finder records of them
(:func:`~izvori_rules.citations.flag_facts`), and a text lost to cs-cr's truncation (``toc_only``) from the
rule it names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from .model import split_ref

if TYPE_CHECKING:
    from .graph import RuleGraph
    from .model import Equivalent, Flag, Node, Today

Words = Mapping[str, str]  # the [LANG.lookup] messages with cite-check's mismatch_detail and mismatch_owner


def flag_details(graph: RuleGraph, node: Node, words: Words) -> Iterator[tuple[Flag, str]]:
    """Each of the node's flags with its detail in the judge's words, in the node's order."""
    said = _computed_details(graph, node, words)
    for flag in node.flags:
        yield flag, next(said[flag.kind], flag.detail) if flag.kind in said else flag.said(words)


def flag_name(flag: Flag, words: Words) -> str:
    """A flag's name in the judge's words (``dangling citation``, ``viseći navod``), its kind where none."""
    return words.get(f"flag_{flag.kind}", flag.kind.replace("_", " "))


def _computed_details(graph: RuleGraph, node: Node, words: Words) -> dict[str, Iterator[str]]:
    """The details of a node's citation flags (dangling, title_mismatch) and of a text lost to cs-cr's truncation
    (toc_only), each kind in the order of its flags."""
    dangling: list[str] = []
    mismatched: list[str] = []
    if any(f.kind in ("dangling", "title_mismatch") for f in node.flags):  # else no detail of theirs is read
        _citation_details(graph, node, words, dangling, mismatched)
    lost = [words["flag_toc_only_truncated"].format(id=split_ref(f.ref)[1]) if f.ref else words["flag_toc_only_detail"]
            for f in node.flags if f.kind == "toc_only"]
    return {"dangling": iter(dangling), "title_mismatch": iter(mismatched), "toc_only": iter(lost)}


def _citation_details(graph: RuleGraph, node: Node, words: Words, dangling: list[str], mismatched: list[str]) -> None:
    """The details of the node's dangling and mismatched citations, in order (the citation finder's module is
    imported here: a rule without such flags, most of them, is shown without it)."""
    from .citations import Dangling, flag_facts, say_mismatch

    for citation, fact in flag_facts(graph, node.citations):
        if isinstance(fact, Dangling):
            template = words["flag_lost_detail" if fact.lost else "flag_dangling_detail"]
            dangling.append(template.format(surface=fact.surface, printed=fact.printed))
        else:
            mismatched.append(say_mismatch(citation.surface, fact, words["mismatch_detail"], words["mismatch_owner"]))


def today_status(today: Today, words: Words) -> str:
    """What became of a translated rule's English original, in a word (``unchanged``, ``promijenjeno``)."""
    return words.get(f"today_{today.status}", today.status)


def changed_in(today: Today, words: Words) -> str:
    """``, words changed in 2021-04-16, 2023-06-09`` (empty when its words never changed)."""
    return words["changed_in"].format(releases=", ".join(today.changed_in)) if today.changed_in else ""


def removed(today: Today, words: Words) -> str:
    """``removed in 2020-01-24; nearest successor cr:702.20b``."""
    successor = words["successor"].format(ref=today.successor) if today.successor else ""
    return words["removed"].format(release=today.removed_in) + successor


def equivalent_how(equivalent: Equivalent, words: Words) -> str:
    """How a judge reads an equivalent's relation and source (the JSON keeps the codes), and its confidence
    where a link found without a judge is less sure than a curated ``close`` pair (a weak link to the original,
    a removed rule's words followed on, a rule split into parts that say it equally, the aligner's guess)."""
    from .model import CURATED_CONFIDENCE

    how = (f"{words.get(f'relation_{equivalent.relation}', equivalent.relation)}, "
           f"{words.get(f'source_{equivalent.source}', equivalent.source)}")
    if equivalent.source != "curated" and equivalent.confidence < CURATED_CONFIDENCE["close"]:
        how += ", " + words["less_sure"].format(confidence=f"{equivalent.confidence:.2f}")
    return how

"""Where a translation cites another rule than its English original does: a flag naming the rule the original cites.

ru-cr 205.4f sends the world rule to "правило 704.5m", the Aura rule; CR 2019-05-03 205.4f, which it translates,
says "see rule 704.5k". The ru-cr notes (§4.5) found nine such numbers, stale or mistyped, by reading the two side
by side; this reads every translated rule against its original the same way, so a judge following a citation
learns where the translation sends him elsewhere than the English rules.

Only a node that keeps its original's number is compared (ru-cr and cs-cr number their rules as the release they
translate): there one number means one rule in both texts, so a number the original does not cite, beside one the
translation does not cite, is a wrong number. A renumbered translation (:data:`.releases.RENUMBERED`, sr-judge) also
rewrites its rules (its F10.22 names its own attack options, in its own order; its glossary's "Mana" is headed as
the English one but cites its own chapters), so its citations are its own and are not compared. A translation that only
drops a citation, or only adds one, is not flagged: translators do both (ru-cr notes §4.5, "RU omits", "RU adds").
A citation whose quoted title already names another rule has its ``title_mismatch`` flag (ru-cr's glossary
"Reveal" quotes «Показать» beside 701.14): it is not flagged twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..model import CitedTarget, Flag, Node, split_ref
from ..references import id_order
from .releases import RENUMBERED


def compared(node: Node) -> bool:
    """Whether ``node``'s citations are read against its original's: it cites, and keeps its original's number in a
    translation that is not renumbered. The caller finds the original's citations only then."""
    original = node.original
    return (original is not None and original.id == node.id and bool(node.citations)
            and split_ref(node.ref)[0] not in RENUMBERED)


def original_citation_flags(node: Node, original_cited: Sequence[CitedTarget],
                            exists: Callable[[str], bool]) -> tuple[Flag, ...]:
    """The ``cites_other_than_original`` flags of ``node``: one for each of its citations whose rule the English
    original does not cite, when the original cites a rule the node does not (``original_cited``, found in the
    original's words); ``ref`` is that rule in the node's document when it is one rule that ``exists`` there."""
    original, doc = node.original, split_ref(node.ref)[0]
    if original is None or not compared(node) or not original_cited:
        return ()
    spans = [(target.first, target.last or target.first) for target in original_cited]
    cited_here = [split_ref(ref)[1] for citation in node.citations for ref in citation.targets]
    uncited = [first if first == last else f"{first}–{last}" for first, last in spans
               if not any(_within(rule, first, last) for rule in cited_here)]
    if not uncited:
        return ()
    suggestion = f"{doc}:{uncited[0]}" if len(uncited) == 1 else ""
    ref = suggestion if suggestion and "–" not in suggestion and exists(suggestion) else None
    flags = []
    for citation in node.citations:
        printed = [split_ref(target)[1] for target in citation.targets]
        if not printed or citation.title_matches is False:
            continue
        if any(_within(rule, first, last) for rule in printed for first, last in spans):
            continue
        flag = Flag.keyed("cites_other_than_original", "original_cites",
                          "{printed}: the English original ({original}) cites {cited}", printed=citation.surface,
                          original=f"CR {original.release} {original.id}", cited=", ".join(uncited))
        flags.append(replace(flag, term=citation.surface, ref=ref))
    return tuple(flags)


def _within(rule: str, first: str, last: str) -> bool:
    """Whether ``rule`` is one of ``first``..``last`` or a part or the whole of one (702.19b and 702.19)."""
    if _related(rule, first) or _related(rule, last):
        return True
    return id_order(first) <= id_order(rule) <= id_order(last)


def _related(rule: str, other: str) -> bool:
    """702.19 and 702.19b, 702 and 702.19 are related; 701.1 and 701.14 are not."""
    short, long = sorted((rule, other), key=len)
    return long == short or (long.startswith(short) and not long[len(short)].isdigit())

"""Link every node of a translation to the English rule it translates, and check each link by content.

Pure: the translation's graph nodes and the parsed English release(s) in, one :class:`Link` per node out.

* cs-cr and ru-cr keep their original's numbers: a node is linked to the English node with its number, then
  the content check (:mod:`.content`) looks for a rule the text translates better. Where one is clearly
  better and is not already rendered by its own number, the link moves there with status ``mismatch``
  (ru-cr 603.3 holds the text of English 606.3; ru-cr 903.11e–g are English 903.11f–h).
* sr-judge renumbers: every chapter is aligned with its English chapter (:mod:`.chapters`) in order, the
  predicted number (``A4.40`` → ``103.4``) giving a bonus, so the links follow the content where the Serbian
  drops, merges or reorders rules; its glossary is matched by content, helped by the concept table.
* A passage whose wording is that of another release (sr-judge C10.26 and F1.41 keep 2006-07-15 wording,
  E4.82 is 2007-02-01's 503.10b) links to that release when it agrees clearly better there.

Statuses: ``number`` (same number, content agrees), ``renumbered`` (sr-judge, content agrees),
``mismatch`` (the text translates another rule than its number says), ``other_release``, ``weak`` (linked by
structure, but the content check is inconclusive: headings, very short rules), and ``none`` (no original: the
note says why).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..model import CHAPTER, GLOSSARY, RULE, SECTION, Node, ParsedDocument, ParsedNode, split_ref
from .align import align_in_order
from .chapters import formula_id
from .content import Profile, profile, similarity

Concepts = Callable[[str, str], Iterable[str]]
AGREE = 0.5  # a link whose content check reaches this is confirmed
WEAK = 0.35  # under this the number's own English rule is not what the text says: search the whole release
BETTER = 0.2  # a rule elsewhere must agree by this much more to move the link there
FOUND = 0.55  # and agree at least this well
PRIOR = 0.15  # sr-judge: the bonus of the number the numbering rule predicts
ALIGN_MIN = 0.3  # sr-judge: the least score of an aligned pair
HEADWORD = 0.3  # sr-judge glossary: the bonus of headwords naming one concept
GROUP_MIN = 0.5  # sr-judge: the least agreement of two groups (a rule and its subrules) matched as a whole
# Another release's wording wins when it agrees better by OTHER_BETTER (OTHER_SAME for the same rule worded
# otherwise) and at least OTHER_MIN (OTHER_NEW for a rule the main release does not have at all).
OTHER_MIN, OTHER_NEW, OTHER_BETTER, OTHER_SAME = 0.45, 0.6, 0.1, 0.1
STATUSES = ("number", "renumbered", "mismatch", "other_release", "weak", "none")
_CITE = re.compile(r"(?<![\w.])(\d{3}(?:\.\d{1,3}[a-z]{0,2})?)(?![\w])")


@dataclass(frozen=True, slots=True)
class Link:
    """A translated node and the English node it translates: ``release`` and ``original`` (its id there,
    empty when there is none), how it was found (``status``), the content agreement, and a note."""

    ref: str
    release: str
    original: str
    status: str
    score: float
    note: str = ""


def whole_text(title: str, text: str, examples: Sequence[str]) -> str:
    """What a node says: its heading (when it is not the text itself), text and examples."""
    words = text if title in ("", text) else f"{title}. {text}"
    return " ".join((words, *examples))


class English:
    """One parsed English release: nodes by id, their profiles, and each chapter's nodes in order."""

    def __init__(self, date: str, document: ParsedDocument, concepts_of: Concepts) -> None:
        self.date = date
        self.nodes: dict[str, ParsedNode] = {n.id: n for n in document.nodes}
        self.order: list[str] = [n.id for n in document.nodes]
        self.profiles: dict[str, Profile] = {}
        self.without_examples: dict[str, Profile] = {}
        for node in document.nodes:
            words = whole_text(node.title, node.text, node.examples)
            self.profiles[node.id] = profile("en", words, _CITE.findall(words), concepts_of)
            if node.examples:
                words = whole_text(node.title, node.text, ())
                self.without_examples[node.id] = profile("en", words, _CITE.findall(words), concepts_of)
        self.by_chapter: dict[str, list[str]] = {}
        for node in document.nodes:
            if node.kind not in (SECTION, CHAPTER, GLOSSARY):
                self.by_chapter.setdefault(node.id.split(".")[0], []).append(node.id)
        self.folded = {i.casefold(): i for i in self.order}
        self.texts = {n.id: n.text for n in document.nodes}

    def agreement(self, mine: Profile, english_id: str) -> float:
        """How well a translated text agrees with an English node: with its examples, or without them when
        that agrees better (sr-judge leaves many out: F2.52 renders 601.5c without the Emperor example, whose
        card names and length would otherwise point to the rule before it)."""
        found = similarity(mine, self.profiles[english_id])
        bare = self.without_examples.get(english_id)
        return found if bare is None else max(found, similarity(mine, bare))

    def glossary(self) -> list[str]:
        """The ids of the glossary entries."""
        return [i for i in self.order if self.nodes[i].kind == GLOSSARY]


def translated_profile(node: Node, cites: Iterable[str], concepts_of: Concepts) -> Profile:
    """The profile of a translated node; ``cites`` are its citations in the English release's numbers."""
    return profile(node.lang, whole_text(node.title, node.text, node.examples), cites, concepts_of)


def link_by_number(nodes: Sequence[Node], english: English, concepts_of: Concepts) -> list[Link]:
    """cs-cr and ru-cr: each node to the English node of its number, moved where the content says otherwise."""
    profiles = {n.ref: translated_profile(n, (split_ref(c)[1] for c in n.cites), concepts_of) for n in nodes}
    first: dict[str, str] = {}
    for node in nodes:
        first[node.ref] = _same_number(node, english)
    scores = {ref: (english.agreement(profiles[ref], en) if en else -1.0) for ref, en in first.items()}
    own = {en: scores[ref] for ref, en in first.items() if en}
    moved = _better_targets(nodes, english, profiles, first, scores, own)
    return [_classify(node, english, first[node.ref], scores[node.ref], moved.get(node.ref), "number")
            for node in nodes]


def _same_number(node: Node, english: English) -> str:
    if node.kind == GLOSSARY:
        return english.folded.get(node.id.casefold(), "")
    number = node.id.split("#")[0]
    chapter = _chapter_of(node)
    if "." in number and not number.startswith(chapter + "."):  # printed under another chapter: cs-cr
        number = f"{chapter}.{number.split('.', 1)[1]}"  # 201.1#2…201.3 under 202 are 202.1…202.3
    return number if number in english.nodes else ""


def _better_targets(nodes: Sequence[Node], english: English, profiles: Mapping[str, Profile],
                    first: Mapping[str, str], scores: Mapping[str, float],
                    own: Mapping[str, float]) -> dict[str, tuple[str, float]]:
    """Links to move: where another English node agrees clearly better and is free (its own number's
    translation does not render it well). Best moves first, each English node taken once."""
    proposals: list[tuple[float, str, str]] = []
    for node in nodes:
        if node.kind in (SECTION, CHAPTER) or scores[node.ref] >= 0.8 or _truncated(node):
            continue
        everywhere = bool(first[node.ref]) and scores[node.ref] < WEAK
        for score, target in _candidates(node, english, profiles[node.ref], everywhere):
            if target != first[node.ref] and score >= FOUND and score > scores[node.ref] + BETTER:
                proposals.append((score, node.ref, target))
    moved: dict[str, tuple[str, float]] = {}
    taken: set[str] = set()
    for score, ref, target in sorted(proposals, reverse=True):
        if ref in moved or target in taken:
            continue
        holder = own.get(target, -1.0)
        if holder >= score - 0.1 and not _released(target, first, moved):
            continue
        moved[ref] = (target, score)
        taken.add(target)
    return moved


def _truncated(node: Node) -> bool:
    """The document ends inside this node (cs-cr inside 400.1): what is left cannot be compared."""
    return any(flag.kind == "truncated" for flag in node.flags)


def _released(target: str, first: Mapping[str, str], moved: Mapping[str, tuple[str, float]]) -> bool:
    """Whether the node that has ``target``'s number has itself moved elsewhere."""
    return any(en == target and ref in moved for ref, en in first.items())


def _candidates(node: Node, english: English, mine: Profile, everywhere: bool) -> list[tuple[float, str]]:
    if node.kind == GLOSSARY:
        pool = english.glossary()
    elif everywhere:
        pool = [i for i in english.order if english.nodes[i].kind == node.kind]
    else:
        chapter = _chapter_of(node)
        pool = [i for i in english.by_chapter.get(chapter, ()) if english.nodes[i].kind == node.kind]
    return sorted(((english.agreement(mine, i), i) for i in pool), reverse=True)[:3]


def _chapter_of(node: Node) -> str:
    """The chapter a node is printed under (cs-cr prints 202.1–202.3 as 201.1#2…201.3 under 202)."""
    if node.kind == CHAPTER:
        return node.id
    if node.parent and "." not in split_ref(node.parent)[1]:
        return split_ref(node.parent)[1]
    return node.id.split(".")[0]


def _classify(node: Node, english: English, first: str, score: float, moved: tuple[str, float] | None,
              confirmed: str) -> Link:
    if first and first != node.id and node.kind != GLOSSARY and moved is None and score >= AGREE:
        return Link(node.ref, english.date, first, "mismatch", score,
                    f"printed as {node.number} under chapter {_chapter_of(node)}: the text translates {first}")
    if moved is not None:
        target, better = moved
        what = f"its number's English rule is {first}" if first else "its number is not in the English release"
        return Link(node.ref, english.date, target, "mismatch", better, f"the text translates {target}; {what}")
    if not first:
        return Link(node.ref, english.date, "", "none", 0.0, "no rule of the English release says this")
    if score >= AGREE:
        return Link(node.ref, english.date, first, confirmed, score)
    return Link(node.ref, english.date, first, "weak", score, _weak_note(node))


def _weak_note(node: Node) -> str:
    if _truncated(node):
        return "the document ends inside this rule: linked by its number"
    if node.kind == GLOSSARY:
        return "linked by its headword; the content check is inconclusive"
    if node.kind in (SECTION, CHAPTER) or node.title == node.text:
        return "a heading: linked by its place"
    return "linked by its place; the content check is inconclusive"


def link_renumbered(nodes: Sequence[Node], english: English, chapters: Mapping[str, str], concepts_of: Concepts,
                    others: Sequence[English] = ()) -> list[Link]:
    """sr-judge: each chapter aligned with its English chapter; the glossary by content. Twice: the first
    pass reads sr-judge's citations through the numbering rule, the second through the first pass's links
    (B12.60 is 212.4, not the 212.6 the rule predicts, and E3.132 cites it)."""
    predicted = {n.ref: formula_id(n.id, dict(chapters)) or "" for n in nodes}
    cited = {n.id: predicted[n.ref] for n in nodes}
    for _ in range(2):
        profiles = {n.ref: translated_profile(n, _mapped_cites(n, cited), concepts_of) for n in nodes}
        found = _renumbered_pass(nodes, english, chapters, concepts_of, predicted, profiles)
        cited = {n.id: found.get(n.ref, ("", 0.0))[0] or predicted[n.ref] for n in nodes}
    links = []
    for node in nodes:
        target, score = found.get(node.ref, ("", -1.0))
        links.append(_renumbered_link(node, english, target, score, predicted[node.ref], profiles[node.ref], others))
    return links


def _renumbered_pass(nodes: Sequence[Node], english: English, chapters: Mapping[str, str], concepts_of: Concepts,
                     predicted: Mapping[str, str], profiles: Mapping[str, Profile]) -> dict[str, tuple[str, float]]:
    found: dict[str, tuple[str, float]] = {}
    by_chapter: dict[str, list[Node]] = {}
    for node in nodes:
        if node.kind in (SECTION, CHAPTER):
            target = predicted[node.ref] if predicted[node.ref] in english.nodes else ""
            found[node.ref] = (target, english.agreement(profiles[node.ref], target) if target else -1.0)
        elif node.kind != GLOSSARY:
            by_chapter.setdefault(node.id.split(".")[0], []).append(node)
    for chapter, members in by_chapter.items():
        found.update(_align_chapter(members, english, chapters.get(chapter, ""), profiles, predicted))
    glossary = [n for n in nodes if n.kind == GLOSSARY]
    found.update(_match_glossary(glossary, english, profiles, concepts_of))
    taken = {target for target, _ in found.values()}
    for node in nodes:  # a rule left without a partner keeps its predicted number, if nothing else took it
        wanted = predicted[node.ref]
        if not found.get(node.ref, ("", 0.0))[0] and wanted in english.nodes and wanted not in taken:
            found[node.ref] = (wanted, english.agreement(profiles[node.ref], wanted))
            taken.add(wanted)
    return found


def _mapped_cites(node: Node, cited: Mapping[str, str]) -> list[str]:
    """The node's citations as English ids (``cited``: sr-judge id → English id)."""
    return [mapped for cite in node.cites if (mapped := cited.get(split_ref(cite)[1]))]


def _align_chapter(members: list[Node], english: English, chapter: str, profiles: Mapping[str, Profile],
                   predicted: Mapping[str, str]) -> dict[str, tuple[str, float]]:
    """Groups first (a rule with its subrules, matched to an English rule with its subrules by what the whole
    group says, in any order: sr-judge B12 puts sorceries before instants and enchantments after them), then
    each matched pair of groups in order, then what is left of the chapter in order, then reordered rules."""
    pool = english.by_chapter.get(chapter, [])
    by_ref = {n.ref: n for n in members}

    def score(ref: str, en: str) -> float:
        value = english.agreement(profiles[ref], en)
        return value + (PRIOR if predicted[ref] == en else 0.0) + (0.05 if by_ref[ref].kind == english.nodes[en].kind else 0.0)

    out: dict[str, tuple[str, float]] = {}
    for mine, theirs in _matched_groups(members, english, pool, profiles, predicted):
        for ref, en, _ in align_in_order(mine, theirs, score, ALIGN_MIN):
            out[ref] = (en, english.agreement(profiles[ref], en))
    taken = {en for en, _ in out.values()}
    rest = [n.ref for n in members if n.ref not in out]
    for ref, en, _ in align_in_order(rest, [en for en in pool if en not in taken], score, ALIGN_MIN):
        out[ref] = (en, english.agreement(profiles[ref], en))
        taken.add(en)
    for node in members:  # reordered rules: the best free rule of the chapter
        if node.ref in out:
            continue
        ranked = sorted(((english.agreement(profiles[node.ref], en), en) for en in pool if en not in taken),
                        reverse=True)
        if ranked and ranked[0][0] >= FOUND:
            out[node.ref] = (ranked[0][1], ranked[0][0])
            taken.add(ranked[0][1])
    return out


def _matched_groups(members: list[Node], english: English, pool: list[str], profiles: Mapping[str, Profile],
                    predicted: Mapping[str, str]) -> list[tuple[list[str], list[str]]]:
    """Pairs of groups (the refs of a rule and its subrules; the English ids likewise) that say the same,
    best first, each group used once; only groups of two or more rules on each side take part."""
    mine = _groups([(n.ref, n.kind, n.parent or "") for n in members])
    theirs = _groups([(en, english.nodes[en].kind, english.nodes[en].parent or "") for en in pool])
    mine = {head: refs for head, refs in mine.items() if len(refs) > 1}
    theirs = {head: ids for head, ids in theirs.items() if len(ids) > 1}
    merged = {head: _merged([profiles[r] for r in refs]) for head, refs in mine.items()}
    merged_en = {head: _merged([english.profiles[i] for i in ids]) for head, ids in theirs.items()}
    ranked = sorted(((similarity(merged[a], merged_en[b]) + (PRIOR if predicted[a] == b else 0.0), a, b)
                     for a in mine for b in theirs), reverse=True)
    out: list[tuple[list[str], list[str]]] = []
    used_a: set[str] = set()
    used_b: set[str] = set()
    for value, a, b in ranked:
        if value < GROUP_MIN:
            break
        if a not in used_a and b not in used_b:
            out.append((mine[a], theirs[b]))
            used_a.add(a)
            used_b.add(b)
    return out


def _groups(items: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    """``rule → [rule, its subrules…]`` in order, from ``(id, kind, parent)`` triples."""
    out: dict[str, list[str]] = {}
    for key, kind, parent in items:
        if kind == RULE:
            out[key] = [key]
        elif parent in out:
            out[parent].append(key)
    return out


def _merged(parts: list[Profile]) -> Profile:
    return Profile(parts[0].lang, frozenset().union(*(p.numbers for p in parts)),
                   frozenset().union(*(p.cites for p in parts)), frozenset().union(*(p.concepts for p in parts)),
                   sum(p.length for p in parts))


def _match_glossary(entries: list[Node], english: English, profiles: Mapping[str, Profile],
                    concepts_of: Concepts) -> dict[str, tuple[str, float]]:
    """Glossary entries by content and headword, best pairs first, each English entry taken once: headwords
    that name the same concept of the concept table (``Razbijač`` and ``Trample``) add HEADWORD."""
    pool = english.glossary()
    named = {n.ref: frozenset(concepts_of(n.lang, n.title)) for n in entries}
    named_en = {en: frozenset(concepts_of("en", english.nodes[en].title)) for en in pool}
    proposals = sorted(((english.agreement(profiles[n.ref], en)
                         + (HEADWORD if named[n.ref] & named_en[en] else 0.0), n.ref, en)
                        for n in entries for en in pool), reverse=True)
    out: dict[str, tuple[str, float]] = {}
    taken: set[str] = set()
    for score, ref, en in proposals:
        if score < ALIGN_MIN:
            break
        if ref in out or en in taken:
            continue
        out[ref] = (en, english.agreement(profiles[ref], en))
        taken.add(en)
    return out


def _renumbered_link(node: Node, english: English, target: str, score: float, predicted: str, mine: Profile,
                     others: Sequence[English]) -> Link:
    if score < 0.8 and node.kind not in (SECTION, CHAPTER):
        for other in others:
            best = max(((other.agreement(mine, i), i) for i in _near(other, target or predicted)
                        if i not in english.nodes), default=(0.0, ""))  # a rule the main release lacks
            if best[0] < OTHER_NEW or best[0] <= max(score, 0.0) + OTHER_BETTER:
                best = (0.0, "")
            same = target if target in other.nodes and other.texts[target] != english.texts.get(target) else ""
            if same:  # the same rule, worded otherwise there
                there = other.agreement(mine, same)
                if there >= OTHER_MIN and there > score + OTHER_SAME and there >= best[0]:
                    best = (there, same)
            if best[1]:
                return Link(node.ref, other.date, best[1], "other_release", best[0],
                            f"follows the wording of the release of {other.date}")
    if not target:
        why = "no rule of the English release says this" if node.kind != GLOSSARY else "no English glossary entry says this"
        return Link(node.ref, english.date, "", "none", 0.0, why)
    if score >= AGREE:
        status = "renumbered" if target != predicted else "number"
        return Link(node.ref, english.date, target, status, score)
    return Link(node.ref, english.date, target, "weak", score, _weak_note(node))


def _near(english: English, english_id: str) -> list[str]:
    """The rules of the chapter of ``english_id`` in another release."""
    if not english_id:
        return []
    return english.by_chapter.get(english_id.split(".")[0], [])

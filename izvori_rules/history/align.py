"""Align two consecutive English CR releases: which old rule became which new rule (issue 15, item 4).

A rule is followed by its text, not by its number, as Academy Ruins does for its diffs: inserted keywords
shift letters (704.5c becomes 704.5d), chapters move, and at 2009-07-11 ("M10") every rule was renumbered
into sections 1–9, where the numbers before and after do not correspond at all. The stages, each on what
the previous ones left unmatched:

1. **same number, same words** (after :func:`typographic_key`): ``same`` or, if only quote marks, dashes,
   spacing, ``(TM)``/``™`` or ``_italics_`` differ, ``typographic`` (2019-05-03 turned every ' into ’);
2. **same words, other number**, where those words occur once on each side, the rule numbers they cite
   aside: renumbered (2009-10-01 put a new 613 before 613 "Replacement Effects" and 614 "Prevention Effects";
   613.1 "… Like prevention effects (see rule 614) …" is 614.1 "… (see rule 615) …", not 615.1, which kept
   the number 614.1 had and said almost the same of prevention);
3. **similar words**: TF-IDF over word unigrams and bigrams (rule numbers inside the text masked, so a
   renumbered citation does not hide a match), cosine similarity, one-to-one by descending score. A pair
   gains when the rules' parents are already matched to each other (a rule's subrules usually move with
   it) and, outside a renumbering release, when the number is the same, unless the words share too little
   for a parent to vouch for them in stage 4 (2008-07-15 printed the new 407.3 on linked abilities where
   407.3 "Effects that remove an ability remove all instances of it" had been, merged into 402.9);
4. **the hierarchy**: an unmatched rule under a matched parent goes to the best remaining rule under its
   new parent; an unmatched heading goes where most of its matched subrules went; a rule matched in stage 3
   away from where its parent went moves under that parent when a free rule there, with the parent's bonus,
   scores better (2009-05-01 420.2 "State-based effects … are not controlled by any player" went first to
   703.2 "Turn-based actions are not controlled by any player", but 420 became 704, and 704.2 says it);
5. identical texts printed several times are paired in document order.

A glossary entry keeps its headword whatever its definition becomes. What is left is ``removed`` (with the
new rule most like it as its ``successor``, or where its parent went) or ``added``. The successor is searched
among the new rules left over, those under where its parent went and those its siblings became (a rule's
words often join a sibling's: that 407.3 in 402.9, where 407.1 went); in a renumbering release among all new
rules, matched or not (2009-05-01 408.1b, whose words M10 rewrote, has 115.5 "Each time a player would get
priority …"). A release is a *renumbering* when fewer than a third of its rules keep number and words; then
the same number earns nothing. Rules match only rules, glossary entries only glossary entries.

Pure: no files, no printing; ``align(old, new)`` takes two sequences of :class:`Entry` in document order.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

SAME = "same"
TYPOGRAPHIC = "typographic"
CHANGED = "changed"
ADDED = "added"
REMOVED = "removed"
CHANGES = (SAME, TYPOGRAPHIC, CHANGED, ADDED, REMOVED)

RENUMBERING_SHARE = 1 / 3  # below this share of same-number-same-words matches, numbers mean nothing
SAME_ID_BONUS = 0.3
PARENT_BONUS = 0.15
THRESHOLD = 0.4  # score needed in stage 3
SAME_NUMBER_SHORTCUT = 0.6  # cosine at which a rule keeps its number without a search
OPENING_WORDS = 8
OPENING_BONUS = 0.35  # same first eight words
SHORT_WORDS = 4  # texts with fewer words ("General", "Trample") match by their place, not by similarity
CHILD_THRESHOLD = 0.15  # cosine needed in stage 4, where the parent already vouches for the pair
SAME_ID_MIN = CHILD_THRESHOLD  # cosine needed for the same number to vouch for a pair, as a parent does
SUCCESSOR_MIN = 0.25
REWRITTEN_MIN = 0.3  # likeness at which a left-over rule and its left-over successor are one rule rewritten
MERGED_MIN = 0.4  # likeness at which a left-over rule lives on inside a matched one (merged into it)
SPLIT_MIN = 0.5  # share of an added rule's weight found in an old rule beside it: a part split off that rule
# ... less in a renumbering release, which reworded what it moved (M10's "Third, the active player gets priority.
# Players may cast spells and activate abilities.", 507.3, holds 0.44 of the words of 2009-05-01 307.1 "… Then
# the active player gets priority and players may play spells and abilities")
RENUMBERING_SPLIT_MIN = 0.44
CANDIDATES = 12  # per old rule, the best partial scores re-scored exactly in stage 3
COMMON_FEATURE = 0.05  # a feature in more than this share of rules is not used to find candidates


@dataclass(frozen=True, slots=True)
class Entry:
    """One rule or glossary entry of a release: its id as printed (``702.19b``, ``glossary:Trample``), its
    words (text and examples, joined), its parent's id, and whether it is a glossary entry."""

    id: str
    text: str
    parent: str | None = None
    glossary: bool = False


@dataclass(frozen=True, slots=True)
class Link:
    """One rule across two releases. ``old``/``new`` is None for an added/removed rule; ``change`` is one
    of :data:`CHANGES`; ``score`` is the text similarity that matched it (1.0 for identical words);
    ``successor`` is, for a removed rule, the new rule most like it (or where its parent went)."""

    old: str | None
    new: str | None
    change: str
    score: float = 1.0
    successor: str | None = None

    @property
    def renumbered(self) -> bool:
        """The rule kept (or changed) its words under another number."""
        return self.old is not None and self.new is not None and self.old != self.new


@dataclass(frozen=True, slots=True)
class Alignment:
    """Every old and every new entry in exactly one link (matched pairs in new document order, then the
    removed rules in old order), except that in a renumbering release a rule merged into another is a second
    link into it, after its first, and that a part split off a rule is a second link from it, last of all.
    ``renumbering`` is True for a release like 2009-07-11."""

    links: tuple[Link, ...]
    renumbering: bool


_QUOTES = str.maketrans({"‘": "'", "’": "'", "‛": "'", "′": "'", "´": "'", "`": "'", "“": '"', "”": '"',
                         "„": '"', "″": '"', "–": "-", "—": "-", "―": "-", "‐": "-", "‑": "-", "−": "-",
                         "\u00a0": " ", "\u2028": " ", "…": "...", "_": ""})
_MARKS = re.compile(r"\((?:TM|tm|R|r|C|c)\)|[™®©]")
_DASH_AS_QUESTION = re.compile(r"(?<=\w)\?(?=\w)| \? ")  # 2008-05-01 prints every dash as "?"
_SPACE_BEFORE_PUNCT = re.compile(r" (?=[,.;:)])|(?<=\() ")
_RULE_NUMBER = re.compile(r"\b\d{3}(?:\.\d+[a-z]*)?\b")
_WORD = re.compile(r"[a-z0-9#']+")


def typographic_key(text: str) -> str:
    """The words of a text with quote marks, dashes, spacing, trademark marks and italics underscores
    unified: two texts with the same key differ only typographically."""
    key = text if text.isascii() and "_" not in text and "`" not in text else text.translate(_QUOTES)
    if "(" in key or not key.isascii():
        key = _MARKS.sub("", key)
    if "?" in key:
        key = _DASH_AS_QUESTION.sub(lambda m: "-" if m.group() == "?" else " - ", key)
    key = " ".join(key.split())
    if "-" in key:
        key = key.replace("--", "-").replace(" - ", "-").replace("- ", "-").replace(" -", "-")
    return _SPACE_BEFORE_PUNCT.sub("", key) if " " in key else key


def change_of(old_text: str, new_text: str) -> str:
    """``same``, ``typographic`` or ``changed`` for two texts of one rule."""
    if old_text == new_text:
        return SAME
    return TYPOGRAPHIC if typographic_key(old_text) == typographic_key(new_text) else CHANGED


def features(text: str) -> Counter[str]:
    """Word unigrams and bigrams, lower case, typography unified, rule numbers masked as ``#``. The first
    sentence counts twice: when a rule is split or two are merged, the one that keeps its opening words is
    the one a reader follows (2009-05-01 308.1 "the active player declares attackers" → 508.1, not 508.4)."""
    return _key_features(typographic_key(text))


def _key_features(key: str) -> Counter[str]:
    words = _words(key)
    first = _words(key.split(". ", 1)[0])
    return Counter(words + first + _bigrams(words) + _bigrams(first))


def _words(key: str) -> list[str]:
    return _WORD.findall(_RULE_NUMBER.sub("#", key.lower()))


def _bigrams(words: list[str]) -> list[str]:
    return [f"{a} {b}" for a, b in zip(words, words[1:])]


def align(old: Sequence[Entry], new: Sequence[Entry], keys: dict[str, str] | None = None) -> Alignment:
    """Align two releases (see the module docstring for the stages). ``keys`` may memoise
    :func:`typographic_key` by text across calls (a release is the new side of one pair and the old side
    of the next); the caller owns it."""
    matcher = _Matcher(old, new, {} if keys is None else keys)
    matcher.same_number_same_words()
    renumbering = len(matcher.pairs) < RENUMBERING_SHARE * min(len(old), len(new))
    if renumbering:
        matcher.forget_short()
    bonus = 0.0 if renumbering else SAME_ID_BONUS
    matcher.same_headword()
    matcher.unique_words()
    if not renumbering:
        matcher.same_number_similar()
    matcher.similar(bonus, SHORT_WORDS)
    matcher.by_hierarchy()
    matcher.follow_parents()
    matcher.similar(bonus, 0)  # again, with the parents matched so far
    matcher.by_hierarchy()
    matcher.repeated_words()
    return Alignment(matcher.links(renumbering), renumbering)


class _Matcher:
    """The state of one alignment: the pairs so far, both ways, and the TF-IDF vectors."""

    def __init__(self, old: Sequence[Entry], new: Sequence[Entry], keys: dict[str, str]) -> None:
        self.old = {e.id: e for e in old}
        self.new = {e.id: e for e in new}
        self.old_order = [e.id for e in old]
        self.new_order = [e.id for e in new]
        self.pairs: dict[str, tuple[str, float]] = {}  # old id -> (new id, score)
        self.taken: dict[str, str] = {}  # new id -> old id
        self._keys = keys
        self._vectors: dict[tuple[int, str], dict[str, float]] = {}
        self.df: Counter[str] | None = None
        self.total = 0
        self._cosines: dict[tuple[str, str], float] = {}
        self._counts: dict[tuple[int, str], Counter[str]] = {}
        self._idf: dict[str, float] = {}
        self._postings: dict[str, list[str]] = {}

    def pair(self, old_id: str, new_id: str, score: float) -> None:
        self.pairs[old_id] = (new_id, score)
        self.taken[new_id] = old_id

    def free_old(self) -> list[str]:
        return [i for i in self.old_order if i not in self.pairs]

    def free_new(self) -> list[str]:
        return [i for i in self.new_order if i not in self.taken]

    def key(self, side: int, entry_id: str) -> str:
        """The typographic key of an entry, computed once per text and only when needed."""
        text = self.entry(side, entry_id).text
        found = self._keys.get(text)
        if found is None:
            found = self._keys[text] = typographic_key(text)
        return found

    def same_number_same_words(self) -> None:
        for old_id in self.old_order:
            new = self.new.get(old_id)
            if new is not None and (new.text == self.old[old_id].text or self.key(0, old_id) == self.key(1, old_id)):
                self.pair(old_id, old_id, 1.0)

    def same_headword(self) -> None:
        """A glossary entry is its headword: it keeps it whatever its definition becomes (2009-07-11
        rewrote nearly every definition)."""
        for old_id in self.free_old():
            new = self.new.get(old_id)
            if new is not None and new.glossary and self.old[old_id].glossary and old_id not in self.taken:
                self.pair(old_id, old_id, self.cosine(old_id, old_id))

    def same_number_similar(self) -> None:
        """Outside a renumbering release, a rule whose words changed but stay close to those printed under
        its number before keeps its number (one cosine per rule instead of a search: 2018-04-27 rewrote
        "he or she" as "they" in some 600 rules)."""
        for old_id in self.free_old():
            if old_id in self.new and old_id not in self.taken and self.old[old_id].glossary == self.new[old_id].glossary:
                score = self.cosine(old_id, old_id)
                if score >= SAME_NUMBER_SHORTCUT:
                    self.pair(old_id, old_id, score)

    def forget_short(self) -> None:
        """In a renumbering release, a short text under its old number ("300. General") is a coincidence."""
        for old_id in [i for i in self.pairs if len(self.old[i].text.split()) < SHORT_WORDS + 2]:
            del self.taken[self.pairs.pop(old_id)[0]]

    def unique_words(self) -> None:
        old_by_key, new_by_key = self._by_key(cited=False)
        for key, old_ids in old_by_key.items():
            new_ids = new_by_key.get(key, [])
            if key[1] and len(old_ids) == 1 and len(new_ids) == 1:
                self.pair(old_ids[0], new_ids[0], 1.0)

    def repeated_words(self) -> None:
        old_by_key, new_by_key = self._by_key()
        for key, old_ids in old_by_key.items():
            for old_id, new_id in zip(old_ids, new_by_key.get(key, [])):
                self.pair(old_id, new_id, 1.0)

    def _by_key(self, cited: bool = True) -> tuple[dict[tuple[bool, str], list[str]], dict[tuple[bool, str], list[str]]]:
        """The free entries of each side by their typographic key (``cited=False``: the rule numbers they
        cite masked, so that a rule renumbered with the rules it cites is found by its words)."""
        old_by_key: dict[tuple[bool, str], list[str]] = defaultdict(list)
        new_by_key: dict[tuple[bool, str], list[str]] = defaultdict(list)
        for side, ids, by_key in ((0, self.free_old(), old_by_key), (1, self.free_new(), new_by_key)):
            for i in ids:
                key = self.key(side, i)
                by_key[(self.entry(side, i).glossary, key if cited else _RULE_NUMBER.sub("#", key))].append(i)
        return old_by_key, new_by_key

    def entry(self, side: int, entry_id: str) -> Entry:
        return (self.old if side == 0 else self.new)[entry_id]

    # stage 3 ------------------------------------------------------------------------------------------
    def vector(self, side: int, entry_id: str) -> dict[str, float]:
        """The unit TF-IDF vector of an old (side 0) or new (side 1) entry. Document frequencies are counted
        over the entries still unmatched when first asked (at 2009-07-11 nearly all of both releases; in
        an ordinary release a few dozen, where every word then weighs alike), so an ordinary pair never
        pays for the thousands of rules that kept their words."""
        if self.df is None:
            self.df = Counter()
            for side_, ids in ((0, self.free_old()), (1, self.free_new())):
                for i in ids:
                    self.df.update(self.counts(side_, i).keys())
            self.total = len(self.old) + len(self.new)
        key = (side, entry_id)
        found = self._vectors.get(key)
        if found is None:
            idf, df, total = self._idf, self.df, self.total
            weights = {}
            for f, n in self.counts(side, entry_id).items():
                weight = idf.get(f)
                if weight is None:
                    weight = idf[f] = math.log(total / (df[f] + 0.5))
                weights[f] = weight if n == 1 else (1 + math.log(n)) * weight
            found = self._vectors[key] = unit_vector(weights)
        return found

    def counts(self, side: int, entry_id: str) -> Counter[str]:
        """The features of an entry, counted once."""
        found = self._counts.get((side, entry_id))
        if found is None:
            found = self._counts[(side, entry_id)] = _key_features(self.key(side, entry_id))
        return found

    def cosine(self, old_id: str, new_id: str) -> float:
        found = self._cosines.get((old_id, new_id))
        if found is None:
            a, b = self.vector(0, old_id), self.vector(1, new_id)
            found = self._cosines[(old_id, new_id)] = sum(a[f] * b[f] for f in a.keys() & b.keys())
        return found

    def candidates(self, old_id: str) -> list[str]:
        """The new entries sharing the most rare features with ``old_id`` (from the last stage-3 index)."""
        partial: defaultdict[str, float] = defaultdict(float)
        for f, w in self.vector(0, old_id).items():
            for new_id in self._postings.get(f, ()):
                partial[new_id] += w
        return sorted(partial, key=lambda n: -partial[n])[:CANDIDATES]

    def similar(self, id_bonus: float, min_words: int) -> None:
        """Stage 3: candidates share a rare feature; pairs by descending score, one to one. Texts of fewer
        than ``min_words`` words wait for the hierarchy."""
        free_old = [i for i in self.free_old() if len(self.old[i].text.split()) >= min_words]
        free_new = [i for i in self.free_new() if len(self.new[i].text.split()) >= min_words]
        if not free_old or not free_new:
            return
        postings: dict[str, list[str]] = defaultdict(list)
        common = max(2.0, COMMON_FEATURE * (len(free_old) + len(free_new)))
        for new_id in free_new:
            for f in self.vector(1, new_id):
                if self.df is not None and self.df[f] <= common:
                    postings[f].append(new_id)
        self._postings = postings
        scored = []
        for old_id in free_old:
            candidates = self.candidates(old_id)
            if old_id in self.new and old_id not in self.taken and old_id not in candidates:
                candidates.append(old_id)
            for new_id in candidates:
                score = self._score(old_id, new_id, id_bonus)
                if score >= THRESHOLD:
                    scored.append((score, old_id, new_id))
        for score, old_id, new_id in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
            if old_id not in self.pairs and new_id not in self.taken:
                self.pair(old_id, new_id, min(1.0, self.cosine(old_id, new_id)))

    def _score(self, old_id: str, new_id: str, id_bonus: float) -> float:
        old, new = self.old[old_id], self.new[new_id]
        if old.glossary != new.glossary:
            return 0.0
        score = self.cosine(old_id, new_id)
        if old_id == new_id and score >= SAME_ID_MIN:  # a number kept by unrelated words is a coincidence
            score += id_bonus
        if old.parent is not None and self.pairs.get(old.parent, ("",))[0] == new.parent:
            score += PARENT_BONUS
        if self.opening(0, old_id) == self.opening(1, new_id):
            score += OPENING_BONUS
        return score

    def opening(self, side: int, entry_id: str) -> tuple[str, ...]:
        """The first words of an entry (numbers masked): a rule split in two goes on in the half that keeps
        its opening words (2009-05-01 606.7a → 806.7a, not the longer 806.7b)."""
        words = _words(self.key(side, entry_id))
        return tuple(words[:OPENING_WORDS]) if len(words) >= OPENING_WORDS else (str(side), entry_id)

    # stage 4 ------------------------------------------------------------------------------------------
    def by_hierarchy(self) -> None:
        """Children follow their matched parent (the best pairs first, one to one); headings follow their
        matched children. Repeated until nothing more moves."""
        new_children: dict[str | None, list[str]] = defaultdict(list)
        for e in self.new.values():
            new_children[e.parent].append(e.id)
        old_children: dict[str | None, list[str]] = defaultdict(list)
        for e in self.old.values():
            old_children[e.parent].append(e.id)
        moved = True
        while moved:
            moved = self._under_parents(new_children)
            for old_id in self.free_old():
                target = self._over_children(old_id, old_children)
                if target is not None:
                    self.pair(old_id, target, round(self.cosine(old_id, target), 3))
                    moved = True

    def _under_parents(self, new_children: dict[str | None, list[str]]) -> bool:
        options = []
        for old_id in self.free_old():
            parent = self.old[old_id].parent
            if parent is not None and parent in self.pairs:
                options += [(self.cosine(old_id, c), old_id, c) for c in new_children[self.pairs[parent][0]]
                            if c not in self.taken and self.new[c].glossary == self.old[old_id].glossary]
        moved = False
        for score, old_id, new_id in sorted(options, key=lambda o: (-o[0], o[1], o[2])):
            if score >= CHILD_THRESHOLD and old_id not in self.pairs and new_id not in self.taken:
                self.pair(old_id, new_id, score)
                moved = True
        return moved

    def _over_children(self, old_id: str, old_children: dict[str | None, list[str]]) -> str | None:
        """Where a heading's matched subrules went: the new parent with most of them (at least two, or
        half), ties broken by the headings' own words (408.2 "Actions That Don't Use the Stack" → 405.6)."""
        went = Counter(self.new[self.pairs[c][0]].parent for c in old_children[old_id] if c in self.pairs)
        options = [(votes + self.cosine(old_id, target), votes, target) for target, votes in went.items()
                   if target is not None and target not in self.taken
                   and self.new[target].glossary == self.old[old_id].glossary]
        if not options:
            return None
        _, votes, target = max(options)
        return target if votes >= 2 or 2 * votes >= len(old_children[old_id]) else None

    def follow_parents(self) -> None:
        """Move a rule that stage 3 matched away from where its parent went to the best free rule under that
        parent, when that one scores better with the parent's bonus. Identical words never move."""
        new_children: dict[str | None, list[str]] = defaultdict(list)
        for e in self.new.values():
            new_children[e.parent].append(e.id)
        for old_id, (new_id, score) in sorted(self.pairs.items(), key=lambda p: p[1][1]):
            parent = self.old[old_id].parent
            if score >= 1.0 or parent is None or parent not in self.pairs:
                continue
            home = self.pairs[parent][0]
            if self.new[new_id].parent == home:
                continue
            options = [(self.cosine(old_id, c), c) for c in new_children[home]
                       if c not in self.taken and self.new[c].glossary == self.old[old_id].glossary]
            best = max(options, default=(0.0, ""))
            if best[1] and best[0] >= CHILD_THRESHOLD and best[0] + PARENT_BONUS > self.cosine(old_id, new_id):
                del self.taken[new_id]
                self.pair(old_id, best[1], best[0])

    # result -------------------------------------------------------------------------------------------
    def links(self, renumbering: bool = False) -> tuple[Link, ...]:
        out: list[Link] = []
        for new_id in self.new_order:
            old_id = self.taken.get(new_id)
            if old_id is None:
                out.append(Link(None, new_id, ADDED, 0.0))
                continue
            old_text, new_text = self.old[old_id].text, self.new[new_id].text
            change = SAME if old_text == new_text else (
                TYPOGRAPHIC if self.key(0, old_id) == self.key(1, new_id) else CHANGED)
            out.append(Link(old_id, new_id, change, round(self.pairs[old_id][1], 3)))
        removed = self.free_old()
        if renumbering and removed:
            self._index_all_new()
            removed = self._pair_mutual_successors(removed, out)
            removed = self._merged(removed, out)
        out.extend(Link(old_id, None, REMOVED, 0.0, self.successor(old_id)) for old_id in removed)
        return tuple(self._split_parts(out, RENUMBERING_SPLIT_MIN if renumbering else SPLIT_MIN))

    def _split_parts(self, out: list[Link], share: float) -> list[Link]:
        """An added rule whose words are mostly those of an old rule matched beside it (to its parent or to a
        sibling; under a new heading, to the heading's parent or sibling: 2009-07-11 115.3a "The active player
        receives priority at the beginning of most steps and phases …", under the new 115.3 "Which player has
        priority is determined by the following rules:", is split off 408.1c, which went to 115.4) is a part
        split off that rule: a second link from it, after all the others, so that the first
        link from a rule stays the one followed; only from a rule whose first link is stored (it changed words
        or number: a missing row means the same number and words), as a split always changes the words of the
        part that keeps the number (2010-07-16 cut 602.1 "Activated abilities have a cost and an
        effect … The activation cost is everything before the colon" into 602.1 and 602.1a)."""
        new_children: dict[str | None, list[str]] = defaultdict(list)
        for e in self.new.values():
            new_children[e.parent].append(e.id)
        stored = {link.old for link in out if link.old is not None and (link.renumbered or link.change != SAME)}
        parts = []
        for link in out:
            if link.old is not None or link.new is None:
                continue
            parent = self.new[link.new].parent
            near = [parent, *new_children[parent]]
            if parent is not None and parent not in self.taken and parent in self.new:
                near += new_children[self.new[parent].parent]  # a new heading's rules: what its siblings became
            beside = {self.taken[i] for i in near if i in self.taken} & stored
            best = max(((self._contained(link.new, old_id), old_id) for old_id in sorted(beside)
                        if self.old[old_id].glossary == self.new[link.new].glossary), default=(0.0, ""))
            if best[0] >= share and len(self.new[link.new].text.split()) >= SHORT_WORDS + 2:
                parts.append(Link(best[1], link.new, CHANGED, round(best[0], 3)))
        split = {link.new for link in parts}
        return [link for link in out if link.new not in split or link.old is not None] + parts

    def _contained(self, new_id: str, old_id: str) -> float:
        """The share of a new entry's weight whose features the old entry has."""
        a, b = self.vector(1, new_id), self.vector(0, old_id)
        return sum(a[f] * a[f] for f in a.keys() & b.keys())

    def _pair_mutual_successors(self, removed: list[str], out: list[Link]) -> list[str]:
        """In a renumbering release, a rule left over whose successor is a new rule left over, and is the
        left-over rule most like it, is that rule rewritten (2009-05-01 310.2d "A blocking creature will
        assign combat damage …" → 510.1d, M10 having rewritten it below the threshold of stage 3)."""
        best_old: dict[str, tuple[float, str]] = {}
        successors = {}
        for old_id in removed:
            found = self.successor(old_id)
            if found is not None and found not in self.taken and found in self.new:
                score = self.likeness(old_id, found)
                if score >= REWRITTEN_MIN:
                    successors[old_id] = found
                    best_old[found] = max(best_old.get(found, (0.0, "")), (score, old_id))
        added = {link.new: k for k, link in enumerate(out) if link.old is None}
        left = []
        for old_id in removed:
            new_id = successors.get(old_id)
            if new_id is None or best_old[new_id][1] != old_id or new_id not in added:
                left.append(old_id)
                continue
            self.pair(old_id, new_id, best_old[new_id][0])
            out[added[new_id]] = Link(old_id, new_id, CHANGED, round(best_old[new_id][0], 3))
        return left

    def _merged(self, removed: list[str], out: list[Link]) -> list[str]:
        """In a renumbering release, a rule left over whose words live on in a matched rule, under a chapter
        where its siblings went, and as much as the words of the rule matched to it, was merged into it: a
        second link into that rule (2009-05-01 200.6 "A permanent is a card or token that's in play" and 214.3
        both became 110.1 "A permanent is a card or token on the battlefield …"). Headings stay removed, and so
        do rules that only share words with a rule (502.9e, on assigning trample damage among attackers, is
        gone, though 702.17b speaks of trample damage)."""
        left = []
        stored = {link.new for link in out if link.old is not None and (link.renumbered or link.change != SAME)}
        for old_id in removed:
            found = self.successor(old_id)
            if (found is None or found not in stored or len(self.old[old_id].text.split()) < SHORT_WORDS + 2
                    or self.likeness(old_id, found) < max(MERGED_MIN, self.pairs[self.taken[found]][1])
                    or found.split(".")[0] not in self._sibling_chapters(old_id)):
                left.append(old_id)
                continue
            out.append(Link(old_id, found, CHANGED, round(self.likeness(old_id, found), 3)))
        return left

    def _sibling_chapters(self, old_id: str) -> set[str]:
        """The chapters the matched rules under the same parent went to."""
        return {new_id.split(".")[0] for new_id in self._sibling_targets(old_id)}

    def _sibling_targets(self, old_id: str) -> set[str]:
        """The new rules the matched rules under the same parent went to."""
        parent = self.old[old_id].parent
        return {self.pairs[e.id][0] for e in self.old.values() if e.parent == parent and e.id in self.pairs}

    def _index_all_new(self) -> None:
        """Postings of the rare features of every new entry, matched or not, for the successors."""
        postings: dict[str, list[str]] = defaultdict(list)
        common = max(2.0, COMMON_FEATURE * len(self.new))
        for new_id in self.new_order:
            for f in self.vector(1, new_id):
                if self.df is not None and self.df[f] <= common:
                    postings[f].append(new_id)
        self._postings = postings

    def likeness(self, old_id: str, new_id: str) -> float:
        """How much of a removed rule lives on in a new one: their cosine, or if higher the mean of the cosine
        and of the share of the old rule's weight whose features the new one has (a rule merged into a longer
        one, with examples, keeps its words but loses cosine: 2009-05-01 310.2c "A blocked creature will
        assign combat damage …" in 510.1c)."""
        a, b = self.vector(0, old_id), self.vector(1, new_id)
        cosine = self.cosine(old_id, new_id)
        return max(cosine, (cosine + sum(a[f] * a[f] for f in a.keys() & b.keys())) / 2)

    def successor(self, old_id: str) -> str | None:
        """The new rule most like a removed one (among the candidates, the rules under where its parent went
        and those its siblings became), else where its nearest matched ancestor went."""
        parent = self.old[old_id].parent
        options = set(self.candidates(old_id)) | ({old_id} & set(self.new))
        if parent in self.pairs:
            options.update(n for n in self.new_order if self.new[n].parent == self.pairs[parent][0])
        if not self.old[old_id].glossary:
            options.update(self._sibling_targets(old_id))
        best = max(((self.likeness(old_id, n), n) for n in sorted(options)
                    if self.new[n].glossary == self.old[old_id].glossary), default=(0.0, None))
        if best[0] >= SUCCESSOR_MIN:
            return best[1]
        while parent is not None and parent in self.old:
            if parent in self.pairs:
                return self.pairs[parent][0]
            parent = self.old[parent].parent
        return None


def unit_vector(vector: dict[str, float]) -> dict[str, float]:
    """The vector scaled to length 1 (zero weights left out)."""
    norm = math.sqrt(sum(w * w for w in vector.values())) or 1.0
    return {f: w / norm for f, w in vector.items() if w > 0}

"""Check a deck list against the construction rules of a ruleset and format.

Pure: a :class:`~izvori_rules.deck.decklist.DeckList` and a
:class:`~izvori_rules.deck.rules.FormatRules` in, a :class:`DeckReport` out. The checks, each reported with
the references that state the rule it breaks:

* ``min_size`` / ``max_size``: the deck's card count, the sideboard not counted (sr-judge A1.20, A1.30,
  A1.40; ru-cr 100.2a, 100.2b, 100.5);
* ``max_copies``: cards of one name, counted over the whole deck whatever section lists them. Names are
  compared without case and accents, and basic lands by the land they are (``florestas`` and ``Floresta`` are
  both Forest). Basic lands are exempt only where ``basic_land_exception`` says so (ru-cr 100.2a; never in
  Izvori, A1.20); the sideboard counts too where ``sideboard_shares_copies`` says so (ru-cr 100.4a);
* ``sideboard_size``: the sideboard's card count (ru-cr 100.4a).

A deck with lines that were read as neither cards nor headings is never called legal: what those lines hold
is unknown (a card the judge meant, a count mistyped), so the report lists them and ``legal`` is false; the
command line treats them as bad input.
A violation says what is wrong as :class:`Phrase` keys and values, so that the command line can say it in the
judge's language (``corpus/messages.toml`` ``[LANG.deck]``); the English of the same table is the report's
``message``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from .decklist import CardLine, DeckList, Unreadable
from .rules import FormatRules, Rule, name_key


@dataclass(frozen=True, slots=True)
class Phrase:
    """One part of what a violation says: its key in ``messages.toml``'s ``[LANG.deck]`` and the values it is
    filled with."""

    key: str
    values: tuple[tuple[str, str], ...] = ()


def say(phrases: Iterable[Phrase], words: dict[str, str]) -> str:
    """The phrases in ``words``: a language's ``[LANG.deck]`` table of ``messages.toml``."""
    return "".join(words[p.key].format(**dict(p.values)) for p in phrases)


def _phrase(key: str, **values: object) -> Phrase:
    return Phrase(key, tuple((name, str(value)) for name, value in values.items()))


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: its name in ``deck_rules.toml``, the references that forbid it, what is wrong, and where."""

    rule: str
    refs: tuple[str, ...]
    phrases: tuple[Phrase, ...]
    card: str | None = None
    line: int | None = None

    @property
    def message(self) -> str:
        """What is wrong, in English (the JSON's ``message``)."""
        from ..messages import section

        return say(self.phrases, section("en", "deck"))


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The verdict on one deck list under one ruleset and format."""

    ruleset: str
    format: str
    legal: bool
    counts: tuple[tuple[str, int], ...]  # cards per section, sections in the order printed
    total: int  # cards in the deck, the sideboard not counted
    sideboard: int
    violations: tuple[Violation, ...]
    unreadable: tuple[Unreadable, ...]


def check_deck(deck: DeckList, rules: FormatRules, basic_land: Callable[[str], str | None]) -> DeckReport:
    """Check ``deck``; ``basic_land`` names the basic land a card name stands for, or None
    (:meth:`~izvori_rules.deck.rules.DeckRules.basic_land`)."""
    main = [c for c in deck.cards if not c.sideboard]
    side = [c for c in deck.cards if c.sideboard]
    total, side_total = sum(c.count for c in main), sum(c.count for c in side)
    violations = [*_size(rules, total), *_copies(rules, main, side, basic_land)]
    limit = rules.rule("sideboard_size")
    if limit.value is not None and side_total > limit.value:
        violations.append(Violation(limit.name, _refs(limit),
                                    (_phrase("violation_sideboard_size", total=side_total, limit=limit.value),)))
    return DeckReport(rules.ruleset, rules.format, not violations and not deck.unreadable, _counts(deck.cards),
                      total, side_total, tuple(violations), deck.unreadable)


def _refs(*rules: Rule) -> tuple[str, ...]:
    """The references of the rules a violation breaks: the ruleset's document first, then the others."""
    return tuple(dict.fromkeys([r for rule in rules for r in rule.refs] + [a for rule in rules for a in rule.also]))


def _size(rules: FormatRules, total: int) -> Iterator[Violation]:
    least, most = rules.rule("min_size"), rules.rule("max_size")
    if least.value is not None and total < least.value:
        yield Violation(least.name, _refs(least),
                        (_phrase("violation_min_size", total=total, format=rules.format, limit=least.value),))
    if most.value is not None and total > most.value:
        yield Violation(most.name, _refs(most), (_phrase("violation_max_size", total=total, limit=most.value),))


def _copies(rules: FormatRules, main: list[CardLine], side: list[CardLine],
            basic_land: Callable[[str], str | None]) -> Iterator[Violation]:
    limit, exempt = rules.rule("max_copies"), rules.rule("basic_land_exception")
    shared = rules.rule("sideboard_shares_copies")
    if limit.value is None:
        return
    counted = main + side if shared.value else main
    for key, cards in _by_name(counted, basic_land).items():
        basic = basic_land(cards[0].name)
        if basic and exempt.value:
            continue
        count = sum(c.count for c in cards)
        if count <= limit.value:
            continue
        broken = [limit] + ([exempt] if basic else []) + ([shared] if any(c.sideboard for c in cards) else [])
        yield Violation(limit.name, _refs(*broken), _copies_phrases(cards, count, limit.value, basic),
                        cards[0].name, cards[0].line)


def _by_name(cards: Iterable[CardLine], basic_land: Callable[[str], str | None]) -> dict[str, list[CardLine]]:
    groups: dict[str, list[CardLine]] = {}
    for card in cards:
        groups.setdefault(basic_land(card.name) or name_key(card.name), []).append(card)
    return groups


def _copies_phrases(cards: list[CardLine], count: int, limit: int, basic: str | None) -> tuple[Phrase, ...]:
    phrases = [_phrase("violation_copies", count=count, name=cards[0].name)]
    if len(cards) > 1:
        phrases.append(_phrase("violation_lines", lines=", ".join(str(c.line) for c in cards)))
    phrases.append(_phrase("violation_copies_limit", limit=limit))
    if basic:
        phrases.append(_phrase("violation_basic", basic=basic))
    if any(c.sideboard for c in cards):
        phrases.append(_phrase("violation_sideboard"))
    return tuple(phrases)


def _counts(cards: Iterable[CardLine]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.section] = counts.get(card.section, 0) + card.count
    return tuple(counts.items())


def with_equivalents(report: DeckReport, equivalents: Callable[[str], Iterable[str]]) -> DeckReport:
    """The report with each violation's references followed by their equivalents in the other documents
    (from the rule graph's concordance), best first and without repeats."""
    violations = tuple(
        replace(v, refs=tuple(dict.fromkeys([*v.refs, *(e for r in v.refs for e in equivalents(r))])))
        for v in report.violations)
    return replace(report, violations=violations)

"""The deck construction rules of each ruleset and format, read from ``corpus/deck_rules.toml``.

The rules are data a judge can review next to the documents: every value carries the references that state
it (``sr-judge:A1.20``, ``ru-cr:100.2a``) and the words quoted from the first one. The loader is strict:
an unknown key, a missing rule or a value of the wrong kind is a :class:`~izvori_rules.errors.CorpusError`
naming the file, the line of the table and the key, never a silently ignored typo.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..corpus import corpus_dir, read_toml
from ..errors import CorpusError, QueryError
from ..text.folding import fold, serbian_to_latin

FILE = "deck_rules.toml"
RULE_NAMES = ("min_size", "max_size", "max_copies", "basic_land_exception", "sideboard_size",
              "sideboard_shares_copies")
COUNT_RULES = frozenset({"min_size", "max_size", "max_copies", "sideboard_size"})  # a number or "unlimited"
UNLIMITED = "unlimited"
SIDEBOARD = "sideboard"  # the heading kind whose cards are the sideboard
_RULE_KEYS = frozenset({"value", "refs", "also", "quote"})
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Rule:
    """One construction rule: its value (``None`` = unlimited) and the references that state it."""

    name: str
    value: int | bool | None
    refs: tuple[str, ...]
    also: tuple[str, ...] = ()
    quote: str = ""


@dataclass(frozen=True, slots=True)
class FormatRules:
    """The rules of one format of one ruleset (``izvori``/``competitive``, ``mtg``/``constructed`` ...)."""

    ruleset: str
    format: str
    document: str
    rules: tuple[Rule, ...]

    def rule(self, name: str) -> Rule:
        return next(r for r in self.rules if r.name == name)


@dataclass(frozen=True, slots=True)
class DeckRules:
    """Every format of every ruleset, the basic land names and the section headings deck lists use."""

    formats: tuple[FormatRules, ...]
    basic_lands: tuple[tuple[str, str], ...]  # (name key, English card name)
    headings: tuple[tuple[str, str], ...]  # (name key, kind)

    def rulesets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.ruleset for f in self.formats))

    def formats_of(self, ruleset: str) -> tuple[str, ...]:
        return tuple(f.format for f in self.formats if f.ruleset == ruleset)

    def format(self, ruleset: str, name: str) -> FormatRules:
        """The rules of a format; an unknown ruleset or format is the caller's mistake (exit 2)."""
        if ruleset not in self.rulesets():
            raise QueryError("unknown ruleset {ruleset!r} (use {choices})", key="unknown_ruleset", ruleset=ruleset,
                             choices=", ".join(self.rulesets()))
        for rules in self.formats:
            if rules.ruleset == ruleset and rules.format == name:
                return rules
        raise QueryError("ruleset {ruleset} has no format {format!r} (use {choices})", key="unknown_format",
                         ruleset=ruleset, format=name, choices=", ".join(self.formats_of(ruleset)))

    def basic_land(self, name: str) -> str | None:
        """The English basic land a printed name stands for (``planicies`` → ``Plains``), or None."""
        key = name_key(name)
        return next((english for k, english in self.basic_lands if k == key), None)

    def heading_kind(self, line: str) -> str | None:
        """The kind of a section heading (``Criaturas`` → creatures, ``Sideboard:`` → sideboard), or None."""
        key = name_key(line)
        return next((kind for k, kind in self.headings if k == key), None)


def name_key(name: str) -> str:
    """A card or heading name for comparison: case, accents, script, non-breaking and repeated spaces ignored.

    Serbian Cyrillic is read as its Latin spelling, so ``Кавгаџија`` and ``Kavgadžija`` are one card (a
    list written half on a Cyrillic keyboard must not pass the four-copies limit by changing script)."""
    return _SPACES.sub(" ", fold(serbian_to_latin(name.replace("\xa0", " ")))).strip()


def load_deck_rules(root: Path | None = None) -> DeckRules:
    """Read ``deck_rules.toml`` from the corpus folder."""
    path = (root or corpus_dir()) / FILE
    data, text = read_toml(path, "the deck rules file")
    return _Reader(path, text).deck_rules(data)


@dataclass(frozen=True, slots=True)
class _Reader:
    """Turns the parsed TOML into :class:`DeckRules`, naming file, line and key in every error."""

    path: Path
    text: str

    def fail(self, table: str, message: str) -> CorpusError:
        """An error at the table's header line (or its first sub-table's, for a table never written out)."""
        lines = [raw.strip() for raw in self.text.split("\n")]
        line = next((n for n, raw in enumerate(lines, 1) if raw == f"[{table}]"), 0) or next(
            (n for n, raw in enumerate(lines, 1) if raw.startswith(f"[{table}.")), 0)
        return CorpusError(f"{self.path}:{line}: [{table}]: {message}")

    def keys(self, table: str, data: Mapping[str, Any], allowed: Iterable[str]) -> None:
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise self.fail(table, f"unknown key {unknown[0]!r}")

    def deck_rules(self, data: Mapping[str, Any]) -> DeckRules:
        self.keys("", data, ("ruleset", "basic_lands", "headings"))
        formats = tuple(f for name, rs in self.tables("ruleset", data.get("ruleset")) for f in self.ruleset(name, rs))
        lands = tuple((name_key(n), english) for english, langs in self.tables("basic_lands", data.get("basic_lands"))
                      for names in langs.values() for n in self.strings(f"basic_lands.{english}", names))
        headings = tuple((name_key(h), kind) for kind, names in data.get("headings", {}).items()
                         for h in self.strings("headings", names))
        if not any(kind == SIDEBOARD for _, kind in headings):
            raise self.fail("headings", f"no {SIDEBOARD!r} headings")
        return DeckRules(formats, lands, headings)

    def tables(self, table: str, value: Any) -> list[tuple[str, Mapping[str, Any]]]:
        if not isinstance(value, dict) or not value or not all(isinstance(v, dict) for v in value.values()):
            raise self.fail(table, "missing, empty or not a table of tables")
        return list(value.items())

    def strings(self, table: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(table, f"expected a list of strings, got {value!r}")
        return tuple(value)

    def ruleset(self, name: str, data: Mapping[str, Any]) -> list[FormatRules]:
        table = f"ruleset.{name}"
        self.keys(table, data, ("title", "document", "format"))
        if not isinstance(data.get("document"), str):
            raise self.fail(table, "missing key 'document'")
        return [self.format_rules(name, data["document"], fmt, rules)
                for fmt, rules in self.tables(f"{table}.format", data.get("format"))]

    def format_rules(self, ruleset: str, document: str, fmt: str, data: Mapping[str, Any]) -> FormatRules:
        table = f"ruleset.{ruleset}.format.{fmt}"
        self.keys(table, data, RULE_NAMES)
        missing = [r for r in RULE_NAMES if r not in data]
        if missing:
            raise self.fail(table, f"missing rule {missing[0]!r}")
        if not all(isinstance(data[name], dict) for name in RULE_NAMES):
            raise self.fail(table, f"each rule is a table [{table}.<rule>] with value and refs")
        rules = tuple(self.rule(f"{table}.{name}", name, data[name]) for name in RULE_NAMES)
        return FormatRules(ruleset, fmt, document, rules)

    def rule(self, table: str, name: str, data: Mapping[str, Any]) -> Rule:
        self.keys(table, data, _RULE_KEYS)
        value = data.get("value")
        if name in COUNT_RULES:
            if value == UNLIMITED:
                value = None
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise self.fail(table, f"value must be a number or {UNLIMITED!r}, got {value!r}")
        elif not isinstance(value, bool):
            raise self.fail(table, f"value must be true or false, got {value!r}")
        refs = self.strings(table, data.get("refs"))
        if not refs:
            raise self.fail(table, "no refs: every rule names the rules that state it")
        return Rule(name, value, refs, self.strings(table, data.get("also", [])), str(data.get("quote", "")))

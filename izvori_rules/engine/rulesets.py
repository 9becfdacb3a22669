"""The two rulesets as data (``corpus/rulesets.toml``): one engine, a handful of switches.

``mtg`` follows the Comprehensive Rules of 3 May 2019 (ru-cr); ``izvori`` the Serbian judge's rules
(sr-judge): life 200 (glossary), combat damage on the stack (sr-judge:C11.10), mana burn (sr-judge:C1.30), the
5-damage minimum (sr-judge:C11.25), priority passing on after casting (sr-judge:D9.13), its own keywords (E3).
Each narrated event cites the references listed for it here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..corpus import corpus_dir, read_toml
from ..errors import CorpusError

RULESETS = ("mtg", "izvori")
_SWITCHES = {
    "name": str, "document": str, "starting_life": int, "combat_damage_on_stack": bool, "mana_empties": str,
    "mana_burn": int, "minimum_damage": int, "priority_after_cast": str, "damage_assignment_order": bool,
    "multiple_defenders": bool, "any_card_as_land": bool, "poison": bool, "legend_rule": bool, "planeswalkers": bool,
    "unrequired_help": bool, "phyrexian_mana": bool, "plus_counter": str, "minus_counter": str, "pt_sublayers": list, "keywords": list,
    "second_damage_step": str, "layers": list, "colors": list, "basic_land_types": dict,
}
_TABLES = ("rules", "keyword_rules")


@dataclass(frozen=True, slots=True, eq=False)
class Ruleset:
    """One ruleset: its switches, the keywords it has and the rules to cite per event."""

    id: str
    name: str
    document: str
    starting_life: int
    combat_damage_on_stack: bool
    mana_empties: str
    mana_burn: int
    minimum_damage: int
    priority_after_cast: str
    damage_assignment_order: bool
    multiple_defenders: bool
    any_card_as_land: bool
    poison: bool
    legend_rule: bool
    planeswalkers: bool
    unrequired_help: bool
    phyrexian_mana: bool
    plus_counter: str
    minus_counter: str
    pt_sublayers: tuple[str, ...]
    keywords: frozenset[str]
    second_damage_step: str
    layers: tuple[str, ...]
    colors: tuple[str, ...]
    basic_land_types: Mapping[str, str]
    rules: Mapping[str, tuple[str, ...]]
    keyword_rules: Mapping[str, tuple[str, ...]]

    def refs(self, *events: str) -> tuple[str, ...]:
        """The references to cite for these events (in order, without repeats); an unknown event is a bug."""
        out: list[str] = []
        for event in events:
            table = self.keyword_rules if event.startswith("kw:") else self.rules
            key = event[3:] if event.startswith("kw:") else event
            if key not in table:
                if event.startswith("kw:"):
                    continue  # a keyword the ruleset lacks has no rule to cite
                raise KeyError(f"ruleset {self.id} lists no rules for event {event!r}")
            out.extend(r for r in table[key] if r not in out)
        return tuple(out)

    def has_keyword(self, keyword: str) -> bool:
        """Whether the ruleset has the keyword; ``protection:red`` counts as ``protection``."""
        return keyword.partition(":")[0] in self.keywords


def all_refs(ruleset: Ruleset) -> tuple[str, ...]:
    """Every reference the ruleset can cite (for the test that they all exist in the graph)."""
    seen: dict[str, None] = {}
    for table in (ruleset.rules, ruleset.keyword_rules):
        for refs in table.values():
            seen.update(dict.fromkeys(refs))
    return tuple(seen)


def load_rulesets(root: Path | None = None) -> dict[str, Ruleset]:
    """Both rulesets from ``rulesets.toml``; an unknown or missing key names the file and the key."""
    return dict(_load(root.resolve() if root is not None else corpus_root()))


def corpus_root() -> Path:
    """The corpus folder, resolved once per ``$IZVORI_JUDGE_CORPUS`` value (the engine asks for it per file)."""
    return _root_for(os.environ.get("IZVORI_JUDGE_CORPUS", ""))


@lru_cache(maxsize=4)
def _root_for(_override: str) -> Path:
    return corpus_dir().resolve()


@lru_cache(maxsize=4)
def _load(root: Path) -> tuple[tuple[str, Ruleset], ...]:
    from .. import cache

    path = root / "rulesets.toml"
    data = cache.parsed("rulesets", path, lambda: read_toml(path, "the rulesets file")[0],
                        lambda d: isinstance(d, dict) and all(isinstance(d.get(r), dict) for r in RULESETS),
                        plain=True)
    assert isinstance(data, dict)
    unknown = sorted(set(data) - set(RULESETS))
    if unknown:
        raise CorpusError(f"{path}: unknown ruleset {unknown[0]!r} (expected {', '.join(RULESETS)})")
    return tuple((rid, _ruleset(path, rid, data.get(rid))) for rid in RULESETS)


def _ruleset(path: Path, rid: str, entry: object) -> Ruleset:
    if not isinstance(entry, dict):
        raise CorpusError(f"{path}: ruleset [{rid}] is missing")
    unknown = sorted(set(entry) - set(_SWITCHES) - set(_TABLES))
    if unknown:
        raise CorpusError(f"{path}: [{rid}]: unknown key {unknown[0]!r}")
    for key, kind in _SWITCHES.items():
        if not isinstance(entry.get(key), kind):
            raise CorpusError(f"{path}: [{rid}]: {key} is missing or not a {kind.__name__}")
    tables: dict[str, Mapping[str, tuple[str, ...]]] = {}
    for table in _TABLES:
        raw = entry.get(table, {})
        if not isinstance(raw, dict) or not all(isinstance(v, list) for v in raw.values()):
            raise CorpusError(f"{path}: [{rid}.{table}] must map names to lists of references")
        tables[table] = MappingProxyType({k: tuple(str(r) for r in v) for k, v in raw.items()})
    values: dict[str, Any] = {k: entry[k] for k in _SWITCHES}
    values["pt_sublayers"] = tuple(values["pt_sublayers"])
    values["layers"] = tuple(values["layers"])
    values["colors"] = tuple(values["colors"])
    values["basic_land_types"] = MappingProxyType({str(k): str(v) for k, v in values["basic_land_types"].items()})
    unknown = sorted(set(values["basic_land_types"].values()) - set(values["colors"]))
    if unknown:
        raise CorpusError(f"{path}: [{rid}]: basic_land_types: {unknown[0]!r} is not one of its colors")
    values["keywords"] = frozenset(values["keywords"])
    return Ruleset(id=rid, **values, rules=tables["rules"], keyword_rules=tables["keyword_rules"])

"""The two rulesets as data (corpus/rulesets.toml) and every rule reference the engine can cite.

Expected values come from the documents: sr-judge glossary "Život" gives izvori's 200 life, C1.30 its mana
burn of 10 per mana, C11.25 the 5-damage minimum; ru-cr 103.3 the mtg starting life of 20.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from izvori_rules.corpus import corpus_dir
from izvori_rules.engine.rulesets import all_refs, load_rulesets

ENGINE = Path(__file__).resolve().parent.parent / "izvori_rules" / "engine"
REF = re.compile(r"^(ru-cr:\d{3}(\.\d+[a-z]?)?|sr-judge:[A-F]\d{1,2}(\.\d{2,3})?)$")
CITED_IN_CODE = re.compile(r"\b(ru-cr|sr-judge):([A-F]?\d[\w.]*\w)")


def code_refs() -> set[str]:
    """References cited in the engine's comments and docstrings (``# ru-cr:702.19b``)."""
    found = set()
    for path in ENGINE.glob("*.py"):
        for doc, rule in CITED_IN_CODE.findall(path.read_text(encoding="utf-8")):
            found.add(f"{doc}:{rule}")
    return found


def toml_refs() -> set[str]:
    return {ref for rs in load_rulesets().values() for ref in all_refs(rs)}


ALL_REFS = sorted(toml_refs() | code_refs())


def test_rulesets_switches_come_from_the_documents() -> None:
    mtg, izvori = load_rulesets()["mtg"], load_rulesets()["izvori"]
    # ru-cr.txt 269-271 (103.3) "... равным 20"; sr-judge.txt 4573 (glossary "Život, ukupan život") "... sa 200 života"
    assert (mtg.starting_life, izvori.starting_life) == (20, 200)
    assert (mtg.mana_burn, izvori.mana_burn) == (0, 10)  # sr-judge C1.30
    assert (mtg.minimum_damage, izvori.minimum_damage) == (0, 5)  # sr-judge C11.25
    assert (mtg.combat_damage_on_stack, izvori.combat_damage_on_stack) == (False, True)  # C11.10
    assert (mtg.priority_after_cast, izvori.priority_after_cast) == ("caster", "next")  # 116.3c / D9.13
    assert not izvori.has_keyword("deathtouch") and izvori.has_keyword("protection:red")  # E3 lists Anti


def test_every_event_has_rules_in_both_rulesets() -> None:
    mtg, izvori = load_rulesets()["mtg"], load_rulesets()["izvori"]
    assert set(mtg.rules) == set(izvori.rules)


def test_each_ruleset_cites_only_its_own_document() -> None:
    for rs in load_rulesets().values():
        assert {ref.partition(":")[0] for ref in all_refs(rs)} == {rs.document}


def test_an_unknown_key_in_rulesets_toml_names_it(tmp_path: Path) -> None:
    from izvori_rules.errors import CorpusError

    text = (corpus_dir() / "rulesets.toml").read_text(encoding="utf-8").replace("mana_burn = 10", "mana_brn = 10")
    (tmp_path / "rulesets.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match="mana_brn"):
        load_rulesets(tmp_path)


def test_the_reference_lists_are_not_vacuous() -> None:
    # ALL_REFS is collected by a glob and a regex: a moved folder or a broken pattern must fail here rather
    # than shrink the two parametrized checks below to nothing. Both sources cite sr-judge.txt 1424
    # "C11.25 Minimalni iznos borbene štete ... je 5 štete" (assignment.py; rulesets.toml illegal_minimum).
    assert "sr-judge:C11.25" in code_refs() and "sr-judge:C11.25" in toml_refs()
    assert "ru-cr:702.19b" in code_refs()  # ru-cr.txt 9313, trample assignment in engine/assignment.py


@pytest.mark.parametrize("ref", ALL_REFS)
def test_every_cited_reference_is_well_formed(ref: str) -> None:
    assert REF.match(ref), ref


@pytest.mark.parametrize("ref", ALL_REFS)
def test_every_cited_reference_is_printed_in_its_document(ref: str) -> None:
    doc, rule = ref.split(":")
    text = (corpus_dir() / "documents" / f"{doc}.txt").read_text(encoding="utf-8")
    assert re.search(rf"(?m)^{re.escape(rule)}[ .]", text), ref


def test_every_cited_reference_exists_in_the_rule_graph(graph: object) -> None:
    get = getattr(graph, "get")
    missing = [ref for ref in ALL_REFS if get(ref) is None]
    assert missing == []

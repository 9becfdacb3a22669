"""Keyword names from any document to canonical ids, through the concept table and the parameter parsing of
protection and landwalk (sr-judge E3.21 "Anti-[boja]", E3.41 "Vodeni, Grobni, Vatreni, Šumski, Zemljani")."""

from __future__ import annotations

import pytest

from izvori_rules.engine.keywords import KeywordError, card_type, color, land_type, resolve_keyword


@pytest.mark.parametrize(("term", "canonical"), [
    ("trample", "trample"), ("first_strike", "first_strike"), ("first strike", "first_strike"),
    ("Razbijač", "trample"), ("Razbijac", "trample"), ("Jurišnik", "first_strike"), ("Letač", "flying"),
    ("Opreznost", "vigilance"), ("Ubrzanje", "haste"), ("Zastrašuje", "fear"), ("Presretač", "flash"),
    ("Neuništiv", "indestructible"), ("пробивной удар", "trample"), ("Полёт", "flying"),
    ("Anti-Crveno", "protection:red"), ("Anti-Crn", "protection:black"), ("Anti-Zelenim", "protection:green"),
    ("Anti-Žuto", "protection:white"), ("protection:blue", "protection:blue"), ("protection from red", "protection:red"),
    ("Защита от красного", "protection:red"),
    ("Šumski", "landwalk:forest"), ("Vodeni", "landwalk:island"), ("Grobni", "landwalk:swamp"),
    ("Vatreni", "landwalk:mountain"), ("Zemljani", "landwalk:plains"), ("forestwalk", "landwalk:forest"),
    ("landwalk:island", "landwalk:island"),
])
def test_keyword_names_resolve(term: str, canonical: str) -> None:
    assert resolve_keyword(term) == canonical


@pytest.mark.parametrize(("term", "known"), [
    ("flyng", False), ("creature", False), ("Regeneracija", True), ("banding", True), ("Opremi", True),
    ("protection from artifacts", True),
])
def test_unknown_and_unplayed_keywords(term: str, known: bool) -> None:
    with pytest.raises(KeywordError) as info:
        resolve_keyword(term)
    assert info.value.known is known


def test_izvori_colour_and_type_names() -> None:  # sr-judge B12.76: žuta is white; Šuma, Voda, ... lands
    assert [color(c) for c in ("žuta", "plava", "crna", "crvena", "zelena")] == [
        "white", "blue", "black", "red", "green"]
    assert [land_type(t) for t in ("Zemlja", "Voda", "Grob", "Vatra", "Šuma")] == [
        "plains", "island", "swamp", "mountain", "forest"]
    assert [card_type(t) for t in ("biće", "artefakt", "promena", "izvor", "iznenađenje", "vradžbina")] == [
        "creature", "artifact", "enchantment", "land", "instant", "sorcery"]

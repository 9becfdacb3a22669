"""English term spellings (text/english.py): what query matching reads to tell apart terms that share stems."""

from __future__ import annotations

import pytest

from izvori_rules.text.english import participle_ending, participles, singular
from izvori_rules.text.stemming import english_words


@pytest.mark.parametrize(("word", "ending"), [("blocking", "ing"), ("blocked", "ed"), ("block", ""),
                                              ("blockers", ""), ("Headed", "ed")],
                         ids=["ing", "ed", "base", "agent", "capitalised"])
def test_participle_ending(word: str, ending: str) -> None:
    assert participle_ending(word) == ending


def test_a_key_keeps_its_participles_unless_a_term_of_it_spells_the_base_form() -> None:
    # rows attacking_player ("attacking player") and return_to_hand ("return to hand|returned to hand")
    found = participles(["attacking player", "return to hand", "returned to hand"])
    assert found == {"attack player": (frozenset({"ing"}), frozenset({""}))}


def test_english_words_drop_stop_words_and_singular_drops_a_plural_s() -> None:
    assert english_words("as it enters the battlefield") == ["enters", "battlefield"]
    # "this" is kept: "this turn" is a concept apart from "turn" (cr 514.2, concepts.tsv this_turn)
    assert english_words("as [this] enters the battlefield") == ["this", "enters", "battlefield"]
    assert [singular(w) for w in ("Attackers", "equip", "its")] == ["attacker", "equip", "its"]

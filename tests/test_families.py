"""The English word families (corpus/english_word_families.tsv, izvori_rules/text/families.py): a plain query word
also finds the rules that print another word of its family, at a reduced weight, and only the words listed."""

from __future__ import annotations

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.search.searcher import default_searcher
from izvori_rules.text.families import load_word_families, parse_word_families
from izvori_rules.text.stemming import normalize_word


def test_a_listed_word_has_its_family() -> None:
    # the stemmer keeps "choice" (cr 601.2b "announces the mode choice") apart from "choose" (cr 205.3e)
    assert normalize_word("en", "choice") != normalize_word("en", "choose")
    assert load_word_families()[normalize_word("en", "choice")] == (normalize_word("en", "choose"),)


def test_a_word_of_another_meaning_in_the_rules_has_none() -> None:
    # "die" is also the planar die (cr 107.11) and the die rolled (cr 706); "defense" the battle's counters (cr 310.4)
    assert normalize_word("en", "death") not in load_word_families()
    assert normalize_word("en", "defense") not in load_word_families()


@pytest.mark.parametrize(("query", "ref", "depth"), [
    # cr 205.3e "If an effect instructs a player to choose a subtype, that player must choose one"
    ("player's choice of a creature type", "cr:205.3e", 2),
    # cr 106.3 "Mana is produced by the effects of mana abilities"
    ("production of mana by a land", "cr:106.3", 5),
], ids=["choice: choose", "production: produced"])
def test_a_query_saying_the_noun_finds_the_rule_saying_the_verb(query: str, ref: str, depth: int) -> None:
    assert ref in [hit.ref for hit in default_searcher().search(query, lang="en", limit=depth).hits]


@pytest.mark.parametrize(("text", "message"), [
    ("words\tnote\nchoose choice\t\nchoice chosen\t\n", r"tsv:3:.*'choic' is in a family of an earlier row"),
    ("words\tnote\ncontrol controller\t\n", r"tsv:2:.*one term 'control'"),
    ("words\tnote\n\tno words\n", r"tsv:2:.*'words': empty"),
], ids=["a word in two rows", "one term", "no words"])
def test_a_bad_row_names_its_line(text: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_word_families(text, "english_word_families.tsv")

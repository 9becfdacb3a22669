"""Russian words whose vowel drops in their other forms (corpus/russian_fleeting_vowels.tsv,
izvori_rules/text/fleeting.py): the word is stemmed as its form without the vowel, in the index and in queries alike."""

from __future__ import annotations

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.search.query import parse_query
from izvori_rules.search.searcher import default_searcher
from izvori_rules.text.fleeting import parse_fleeting_vowels
from izvori_rules.text.stemming import normalize_word, table_files
from izvori_rules.text.stopwords import load_stopwords


@pytest.mark.parametrize(("word", "other"), [
    ("Оборотень", "оборотнем"),  # ru-cr 702.36 "Оборотень"; 117.12's example "существа с оборотнем"
    ("порядок", "порядке"),  # ru-cr 613.6 "порядок применения эффектов"; 608.2c "в том порядке"
    ("конец", "конца"),  # ru-cr 506.1 "конец боя"; 514.2 "до конца хода"
    ("фишек", "фишки"),  # ru-cr 701.6a "фишек" (genitive plural); 110.5 "фишки"
    ("вышел", "вышли"),  # ru-cr 110.2 "вышел"; a past the stemmer keeps whole in the singular only
], ids=["morph", "order", "end", "tokens", "entered"])
def test_a_listed_word_meets_its_forms_without_the_vowel(word: str, other: str) -> None:
    assert normalize_word("ru", word) == normalize_word("ru", other)


def test_a_form_of_a_listed_word_names_its_concept() -> None:
    # ru-cr 702.36 "Оборотень" (morph): "с оборотнем" named nothing while the term's stem kept its vowel
    concepts = parse_query("переворот существа с оборотнем", default_searcher().concepts, load_stopwords()).concepts()
    assert "morph" in concepts


def test_the_table_keys_the_index() -> None:
    assert any(path.name == "russian_fleeting_vowels.tsv" for path in table_files())


@pytest.mark.parametrize(("text", "message"), [
    ("word\tform\nпорядок\tпорядка\nпорядок\tпорядку\n", r"tsv:3:.*'порядок' is listed in an earlier row"),
    ("word\tform\nпорядок\t\n", r"tsv:2:.*'form': empty"),
    ("word\tform\nпорядок\tпорядок\n", r"tsv:2:.*'порядок' is not 'порядок' without its last vowel"),
], ids=["a word listed twice", "a row without its form", "a form keeping the vowel"])
def test_a_bad_row_names_its_line(text: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_fleeting_vowels(text, "russian_fleeting_vowels.tsv")

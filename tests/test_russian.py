"""A Russian -ировать verb's forms and its -ация noun as one stem (izvori_rules/text/russian.py), its past passive
participle apart."""

from __future__ import annotations

import pytest

from izvori_rules.text.stemming import normalize_word


@pytest.mark.parametrize("words", [
    # ru-cr 614.8 "Регенерация является эффектом замещения", "«Регенерируйте [перманент]»"; 701.14a "регенерирует"
    ("регенерация", "регенерации", "Регенерируйте", "регенерирует", "регенерировать", "регенерирование", "регенерируя"),
    # ru-cr 602.1 "Инструкции по активации", 602.2 "Активировать способность", 116.3c "активацией способности"
    ("активации", "Активировать", "активирует", "активацией"),
], ids=["regenerate", "activate"])
def test_a_verbs_forms_and_its_noun_are_one_stem(words: tuple[str, ...]) -> None:
    assert len({normalize_word("ru", word) for word in words}) == 1


def test_the_past_passive_participle_stays_apart() -> None:
    # ru-cr 509.1h "заблокированное существо": the blocked creature, not the one that blocks (509.1a "блокировать")
    assert normalize_word("ru", "заблокированное") != normalize_word("ru", "заблокировать")
    assert normalize_word("ru", "блокированный") != normalize_word("ru", "блокирует")


def test_other_verbs_keep_the_stemmers_stems() -> None:
    # ru-cr 508.1b "атаковать нескольких игроков": joined to "атакует" it met "атакующий игрок" (506.2)
    assert normalize_word("ru", "атаковать") != normalize_word("ru", "атакует")



@pytest.mark.parametrize(("imperative", "infinitive"), [
    # ru-cr 701.7b "эффекта использующего слово «уничтожьте»"; 701.7a "Чтобы уничтожить перманент"
    ("уничтожьте", "уничтожить"),
    # ru-cr prints "сбросьте" 8 times and "добавьте" 12 (cards' instructions quoted in examples)
    ("сбросьте", "сбросить"),
    ("добавьте", "добавить"),
], ids=["destroy", "discard", "add"])
def test_a_plural_imperative_is_its_verbs_stem(imperative: str, infinitive: str) -> None:
    assert normalize_word("ru", imperative) == normalize_word("ru", infinitive)

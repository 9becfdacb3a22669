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


@pytest.mark.parametrize("words", [
    # ru-cr 309.2 "покинуть", 112.3b "покинет", 506.3c "покинул", 110.5g "покинула", 800.4b "покинувшего", 800.4j
    # "покинувший": one verb (leaves the battlefield, leaves the game)
    ("покинуть", "покинет", "покинул", "покинула", "покинувшего", "покинувший"),
    # ru-cr 701.20a "Чтобы повернуть перманент", 112.6k "повёрнутым", 109.3 "повернутое"; a judge's past
    # "повернул", "повернулось", future "повернется"
    ("повернуть", "повёрнутым", "повернутое", "повернул", "повернулось", "повернется"),
    # ru-cr 701.27b "перевернуть", 707.11 "перевернется", 706.3 "перевернет", 903.3 "перевернут"
    ("перевернуть", "перевернется", "перевернет", "перевернут"),
    # the players' tap (corpus/concepts.tsv): "тапнутое существо", "тапнул", "тапнет"
    ("тапнуть", "тапнутое", "тапнутым", "тапнул", "тапнулся", "тапнет"),
], ids=["leave", "tap", "turn-over", "players-tap"])
def test_a_nu_verbs_past_and_future_are_its_infinitives_stem(words: tuple[str, ...]) -> None:
    assert len({normalize_word("ru", word) for word in words}) == 1


@pytest.mark.parametrize(("word", "other"), [
    ("верно", "вернуть"),  # ru-cr 603.4 "верно ли указанное условие" (true) is no form of вернуть (return)
    ("развернуть", "повернуть"),  # untap (ru-cr 701.20b) is not tap (701.20a)
], ids=["true-return", "untap-tap"])
def test_the_nu_fold_joins_no_other_verb(word: str, other: str) -> None:
    assert normalize_word("ru", word) != normalize_word("ru", other)


@pytest.mark.parametrize("words", [
    ("зону", "зона"),  # ru-cr 108.3 "зону", 400.1 "зона": an accusative in -ну is no verb's first person
    ("именем", "имени"),  # ru-cr 201.2 "именем", 110.5c "имени": nor an instrumental in -нем a first person plural
], ids=["zone", "name"])
def test_nouns_ending_like_a_nu_verb_keep_their_stems(words: tuple[str, ...]) -> None:
    assert len({normalize_word("ru", word) for word in words}) == 1


@pytest.mark.parametrize("words", [
    ("находящиеся", "находится"),  # ru-cr 109.4 "находящиеся", 104.3c "находится"
    ("принадлежащие", "принадлежит"),  # ru-cr 800.4a "принадлежащие", 602.2a "принадлежит"
    ("содержащие", "содержит"),  # ru-cr 104.4b "содержащие", 103.4 "содержит"
    ("лежащую", "лежит"),  # ru-cr 101.4a "лежащую", 310.7 "лежит"
    ("срабатывающая", "срабатывает"),  # ru-cr 106.6a both: an -ающий participle kept its verb's stem already
], ids=["be-in-zone", "belong", "contain", "lie", "trigger"])
def test_a_present_active_participle_is_its_verbs_stem(words: tuple[str, ...]) -> None:
    assert len({normalize_word("ru", word) for word in words}) == 1

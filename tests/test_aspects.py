"""Russian aspect pairs (corpus/russian_aspect_pairs.tsv, izvori_rules/text/aspects.py): a verb typed in one aspect
is searched as the rules print the other, and only the listed verbs are folded."""

from __future__ import annotations

import re

import pytest

from izvori_rules.corpus import corpus_dir
from izvori_rules.errors import CorpusError
from izvori_rules.search.searcher import default_searcher
from izvori_rules.text.aspects import (
    COLUMNS,
    FILE_NAME,
    load_aspect_pairs,
    parse_aspect_pairs,
    ir_roots,
    root,
    theme_roots,
)
from izvori_rules.text.concepts import load_concepts
from izvori_rules.text.folding import fold
from izvori_rules.text.stemming import make_stemmer, normalize_word, table_files
from izvori_rules.tsv import read_tsv


@pytest.mark.parametrize(("typed", "printed"), [
    # ru-cr 707.5 "В любое время вы можете смотреть перманенты и заклинания рубашкой вверх"
    ("посмотреть", "смотреть"),
    # ru-cr 603.2b "срабатывают все способности", 603.3b "Если несколько способностей сработали"
    ("сработали", "срабатывают"),
    ("сработает", "срабатывает"),
    # ru-cr 504.1 "Сначала активный игрок берет карту"; the judge's "возьмет карту"
    ("возьмет", "берет"),
    # ru-cr 107.3g "предписывает игроку заплатить мана стоимость", 117.3 "не может оплатить стоимость"
    ("заплатить", "оплатить"),
    # ru-cr 119.5 "существо уничтожается в результате действий, вызванных состоянием"; 701.7a "Чтобы уничтожить
    # перманент"
    ("уничтожается", "уничтожить"),
    # ru-cr 615.9 "щит не предотвращает повреждений"; 615.12 "повреждений, которые нельзя предотвратить"
    ("предотвращает", "предотвратить"),
    # ru-cr 508.1 "активный игрок объявляет атакующих"; 702.21c "он может объявить одно или более"
    ("объявить", "объявляет"),
    # ru-cr 715.9 "Игрок может получить контроль над самим собой"; 301.5d "(слова «получает» или «имеет»)"
    ("получает", "получить"),
    # ru-cr 116.7 "Новое заклинание или способность разрешится раньше"; 304.2 "Когда мгновенное заклинание разрешается"
    ("разрешится", "разрешается"),
    # ru-cr 106.4 "Когда эффект предписывает игроку добавить ману, она добавляется в хранилище маны"
    ("добавить", "добавляется"),
    # ru-cr 112.9 "что отменяет только заклинания"; 605.3b "ее нельзя выбрать целью, отменить"
    ("отменяет", "отменить"),
    # ru-cr 107.14 "игрок удаляет с себя один жетон энергии"; 121.5 "это означает удалить этот жетон"
    ("удаляет", "удалить"),
    # ru-cr 107.1b "Оно не распределяет повреждений"; 601.2d "разделить или распределить эффект"
    ("распределяет", "распределить"),
    # ru-cr 106.11b "изменяет производство маны"; 112.6m "не могут изменить турнирную легальность"
    ("изменяет", "изменить"),
], ids=["look", "triggered", "triggers", "draws", "pay", "destroy", "prevent", "declare", "gain", "resolves", "add",
        "counter", "remove", "assign", "change"])
def test_either_aspect_is_one_term(typed: str, printed: str) -> None:
    assert normalize_word("ru", typed) == normalize_word("ru", printed)


@pytest.mark.parametrize(("word", "other"), [
    # ru-cr 509.1h "Атакующее существо, для которого объявлено одно или более блокирующих существ, становится
    # заблокированным": a blocked creature is not one that blocks
    ("заблокированным", "блокирующих"),
    # ru-cr 702.16 "Защита" (protection) is not 506.2's "неактивный игрок является защищающимся игроком"
    ("защита", "защищающимся"),
    # ru-cr 110.5g "не может вернуться на поле битвы" (return) is no 106.7 "То же верно" (true)
    ("вернуться", "верно"),
], ids=["blocked", "protection", "true"])
def test_words_that_only_look_alike_stay_apart(word: str, other: str) -> None:
    assert normalize_word("ru", word) != normalize_word("ru", other)


def test_a_root_is_folded_only_before_a_verb_ending() -> None:
    # ru-cr 700.4 "Термин умирает" starts like 110.4c's "потеряет" folded (терять, потерять: "тер"), but "мин" is
    # no verb ending
    assert normalize_word("ru", "потеряет") == normalize_word("ru", "теряет")
    assert normalize_word("ru", "термин") == "термин"


def test_only_russian_reads_the_table() -> None:
    assert normalize_word("sr", "posmotreti") != normalize_word("sr", "smotreti")


def test_the_table_keys_the_index() -> None:
    assert any(path.name == "russian_aspect_pairs.tsv" for path in table_files())


def test_a_root_keeps_its_vowel_when_it_would_be_too_short() -> None:
    assert (root("посмотреть"), root("срабатывать"), root("возьмет"), root("взять")) == (
        "посмотр", "срабатыв", "возьм", "взя")


def test_a_question_in_the_other_aspect_finds_the_rule() -> None:
    # ru-cr 707.5 "вы можете смотреть перманенты и заклинания рубашкой вверх находящиеся под вашим контролем"
    refs = [hit.ref for hit in default_searcher().search("посмотреть перманент рубашкой вверх", lang="ru",
                                                         limit=3).hits]
    assert "ru-cr:707.5" in refs


@pytest.mark.parametrize(("text", "message"), [
    ("imperfective\tperfective\nсмотреть\t\n", r"tsv:2:.*'perfective': empty"),
    ("imperfective\tperfective\nдавать\tдать\n", r"tsv:2:.*'дать': its root 'да' is too short"),
    ("imperfective\tperfective\nвыбирать\tвыбирать\n", r"tsv:2:.*share the root 'выбир'"),
], ids=["empty", "short root", "same root"])
def test_a_bad_row_names_its_line(text: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_aspect_pairs(text, "russian_aspect_pairs.tsv")


def test_an_imperfectives_theme_vowel_is_part_of_its_root_beside_an_i_perfective() -> None:
    # уничтожать/уничтожить: one root (уничтож), and the imperfective's stems keep the vowel (уничтожа)
    folding = parse_aspect_pairs("imperfective\tperfective\nуничтожать\tуничтожить\n")
    assert folding("уничтожа") == folding("уничтож") == "уничтож"
    # beside an -ать perfective the vowel is the perfective's too: срабатывать/сработать keep theirs (сработа)
    assert theme_roots(["срабатывать"], ["сработать"]) == []


def test_an_ir_verbs_aspects_meet_in_every_form_the_analyzer_cuts_short_of_ova() -> None:
    # ru-cr 706.10 "Скопировать заклинание ... означает", 706.2 "Когда копируется объект": the analyzer cuts
    # -ировать verbs short of -ова- (скопир), so the root the pair shares is that one too, not only скопиров
    assert ir_roots(["копировать", "скопировать"]) == ["копир", "скопир"]
    assert ir_roots(["голосовать"]) == []  # -овать without ир keeps its -ова- in every stem
    assert normalize_word("ru", "Скопировать") == normalize_word("ru", "копируется") == normalize_word("ru", "копирует")


def test_every_rows_two_infinitives_are_one_term() -> None:
    # what the table says of each row, through the whole analyzer (stemmer, russian_stem, folding) and not the
    # stemmer alone: the two verbs are one, so their infinitives are one term
    table = (corpus_dir() / FILE_NAME).read_text(encoding="utf-8")
    apart = [row["imperfective"] for row in read_tsv(table, FILE_NAME, COLUMNS)
             if len({normalize_word("ru", row[column].split()[0]) for column in COLUMNS}) > 1]
    assert apart == []


def test_rows_sharing_a_root_are_one_family() -> None:
    folding = parse_aspect_pairs("imperfective\tperfective\nплатить\tзаплатить\nплатить\tоплатить\n")
    assert folding("заплат") == folding("оплат") == "плат"


def test_every_row_makes_forms_ru_cr_prints_meet() -> None:
    # The rows were read off ru-cr's vocabulary: for each, a form of one verb and a form of the other that ru-cr
    # prints (707.5 "смотреть" and 701.17a "посмотреть", 603.2b "срабатывают" and 603.3b "сработали") become one term.
    # A row that no longer does (a changed stemmer or root rule) folds nothing the rules print.
    stemmer = make_stemmer("russian")
    text = (corpus_dir() / "documents" / "ru-cr.txt").read_text(encoding="utf-8").lower()
    stems = {fold(str(stemmer.stemWord(word))) for word in set(re.findall(r"\w+", text))}
    folding = load_aspect_pairs()
    table = (corpus_dir() / FILE_NAME).read_text(encoding="utf-8")
    apart = []
    for row in read_tsv(table, FILE_NAME, COLUMNS):
        roots = [{root(form) for form in row[column].split()} for column in COLUMNS]
        roots[0] |= set(theme_roots(row["imperfective"].split(), row["perfective"].split()))
        sides = [{folding(stem) for stem in stems if folding.root_of(stem) in found} for found in roots]
        if not sides[0] & sides[1]:
            apart.append(row["imperfective"])
    assert apart == []


def test_no_row_joins_verbs_the_concept_table_tells_apart() -> None:
    # corpus/concepts.tsv gives "разыгрывать" to play alone and "разыграть" to cast and play (ru-cr 701.4a
    # "Разыграть заклинание", 305.1 plays a land), "Вызывание" to evoke (702.73) and "Вызвать" to summon: joined,
    # every "разыгрывает" would count as cast. Where the table names the two verbs by different concepts (a term
    # that is the verb alone), it decides what they mean, so the aspects stay apart.
    folding = load_aspect_pairs()
    stemmer = make_stemmer("russian")
    concepts: dict[str, set[str]] = {}
    for concept in load_concepts():
        for term in concept.terms_in("ru"):
            words = re.findall(r"\w+", term.lower())
            found = folding.root_of(fold(str(stemmer.stemWord(fold(words[0]))))) if len(words) == 1 else None
            if found is not None:
                concepts.setdefault(found, set()).add(concept.id)
    table = (corpus_dir() / FILE_NAME).read_text(encoding="utf-8")
    joined = []
    for row in read_tsv(table, FILE_NAME, COLUMNS):
        sides = [set().union(*(concepts.get(root(form), set()) for form in row[column].split())) for column in COLUMNS]
        if sides[0] and sides[1] and sides[0] != sides[1]:
            joined.append(row["imperfective"])
    assert joined == []

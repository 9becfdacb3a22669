"""The question words of corpus/question_words.tsv: what kind of answer a question asks for, and the first hits that
hold one (search/questions.py)."""

from __future__ import annotations

import pytest

from izvori_rules.corpus import read_table
from izvori_rules.errors import CorpusError
from izvori_rules.search import searcher as searching
from izvori_rules.search.questions import (COLUMNS, FULL, PREFER, QuestionWords, held, load_question_words,
                                           parse_question_words, prefer)
from izvori_rules.search.questions import FILE_NAME as QUESTIONS_FILE
from izvori_rules.search.searcher import Searcher
from izvori_rules.text.folding import fold
from izvori_rules.text.stemming import analyze
from izvori_rules.text.stopwords import load_stopwords
from izvori_rules.tsv import read_tsv
from test_search_quality import _rank, searcher  # noqa: F401 - the fixture, shared

HEADER = "lang\tasks\tquestions\tanswers\n"


@pytest.mark.parametrize(("query", "kind"), [
    ("when are state-based actions checked", "time"),
    ("When do until end of combat effects end", "time"),
    ("kada se šteta uklanja sa bića", "time"),
    ("када се проверавају ефекти стања", "time"),  # Serbian Cyrillic, compared in Latin script
    ("koliko dugo traje efekat", "time"),  # the longest phrase: "koliko" alone asks for a number
    ("koliko izvora mogu da odigram u jednom potezu", "number"),
    ("how many lands can I play each turn", "number"),
    ("kolik zemí může hráč zahrát za kolo", "number"),
    ("куда идёт отменённое заклинание", "zone"),
    ("where does a countered spell go", "zone"),
    ("who chooses the order of two replacement effects", "player"),
    ("кто выбирает порядок применения эффектов замещения", "player"),
    ("can I pay more life than I have", "permission"),
    ("может ли повёрнутое существо блокировать", "permission"),
    ("može li biće sa osobinom Anti-Crveno da blokira crveno biće", "permission"),
], ids=lambda value: value if value in ("time", "number", "zone", "player", "permission") else "")
def test_a_question_word_that_opens_the_query_asks_for_its_kind_of_answer(query: str, kind: str) -> None:
    assert load_question_words().asked(query) == {kind}


@pytest.mark.parametrize("query", [
    "state-based actions",
    "equipment stays on the battlefield when the creature dies",  # "when" joins two clauses: no question
    "da li se biće aktivira kad napada",
    "whenever",  # a word that begins like a question word is not one
], ids=["keywords", "en-conjunction", "sr-conjunction", "prefix"])
def test_a_query_that_does_not_open_with_a_question_asks_for_nothing(query: str) -> None:
    assert load_question_words().asked(query) == frozenset()


@pytest.mark.parametrize(("query", "frame"), [
    ("how long does a regeneration shield last", ("how", "long")),
    ("Is it legal to respond to a mana ability", ("Is", "it", "legal")),  # as typed: the stop words fold them
    ("koliko dugo traje efekat", ("koliko", "dugo")),
    ("when are state-based actions checked", ()),  # a one-word question is a stop word already
    ("may ability", ()),  # English "may" stays: cr 603.5's optional triggers contain "may"
    ("state-based actions", ()),
], ids=["how-long", "is-it-legal", "koliko-dugo", "one-word", "may", "keywords"])
def test_the_question_phrase_a_query_opens_with_is_its_frame(query: str, frame: tuple[str, ...]) -> None:
    assert load_question_words().frame(query) == frame


def test_a_querys_frame_is_dropped_as_its_stop_words_are() -> None:
    # "how long does a regeneration shield last" searches regeneration shield last, not the "long" of every rule
    # that says "as long as" (cr 701.19a, the answer, says "the next time it would be destroyed this turn")
    stopwords = load_stopwords().also(load_question_words().frame("how long does a regeneration shield last"))
    assert dict(stopwords.lists)["en"] >= {"how", "long"} and "long" in dict(stopwords.lists)["ru"]
    assert "long" not in dict(load_stopwords().lists)["en"]


def test_every_answer_word_of_the_table_is_a_word_the_index_keeps() -> None:
    # an English stop word ("when") is no term of the index, so it could never be found in a rule's text
    for _kind, per_language in load_question_words().answers:
        for lang, words in per_language:
            assert [word for word in words if not analyze(lang, word)] == [], lang


def test_a_one_word_question_is_a_stop_word_of_its_language() -> None:
    # dropped with the stop words, it still tells the kind of answer (corpus/stopwords.tsv's note): "kdo kontroluje
    # spouštěcí schopnost" searches for its keywords, not for Czech "kdo" (who) in the rules' text. Not English "may":
    # it names the optional abilities too (cr 603.5 "Some triggered abilities’ effects are optional (they contain
    # “may,” ...)"), so "may ability" searches for it
    lists = dict(load_stopwords().lists)
    missing = [(row["lang"], phrase) for row in read_tsv(*read_table(QUESTIONS_FILE, "", required=True), COLUMNS)
               for phrase in row["questions"].split("|") if " " not in phrase and fold(phrase) not in lists[row["lang"]]]
    assert missing == [("en", "may")]


def test_every_kind_is_asked_and_answered_in_every_language_of_the_rules() -> None:
    table = load_question_words()
    for kind, per_language in table.answers:
        assert {lang for lang, _ in per_language} >= {"en", "sr", "ru", "cs"}, kind


@pytest.mark.parametrize(("text", "error"), [
    ("en\tweather\twhen\train\n", "'asks'"),
    ("en\ttime\twhen\t\n", "'answers'"),
    ("en\ttime\twhen\tduring\nen\tzone\twhen\tgraveyard\n", "'questions'"),
], ids=["unknown-kind", "empty-cell", "two-kinds"])
def test_a_malformed_row_is_an_error_naming_its_cell(text: str, error: str) -> None:
    with pytest.raises(CorpusError, match=error):
        parse_question_words(HEADER + text, "question_words.tsv")


def test_a_number_after_a_number_is_a_references_part_not_a_number_stated() -> None:
    numbers = frozenset({"1", "2"})
    assert held(analyze("en", "(see rule 305.2)"), numbers) == 0
    assert held(analyze("en", "A player can normally play one land during their turn"), numbers) == 1  # cr 305.2


def test_preferring_grows_the_keys_of_the_nodes_holding_answers_and_keeps_rules_first() -> None:
    stems = {1: ("en", ["check", "throughout", "game"]), 2: ("en", ["whenev", "player", "then", "check"]),
             3: ("en", ["whenev", "then"])}
    best = [(False, -9.0, 1), (False, -6.0, 2), (True, -20.0, 3)]
    answers = {"en": frozenset({"whenev", "then"})}
    assert prefer(best, answers, lambda doc: stems[doc]) == [
        (False, -6.0 * (1 + PREFER * min(2, FULL) / FULL), 2), (False, -9.0, 1),
        (True, -20.0 * (1 + PREFER * min(2, FULL) / FULL), 3)]


@pytest.mark.parametrize(("query", "answer", "other"), [
    # cr 704.3 "Whenever a player would get priority ..., the game checks for ... state-based actions" says when;
    # cr 704.2 "State-based actions are checked throughout the game" holds the query's words closer
    ("when are state-based actions checked", "cr:704.3", "cr:704.2"),
    # ru-cr 704.3 «Каждый раз когда игрок должен получить приоритет ... игра проверяет»; 704.2 «проверяются в течении
    # игры»
    ("когда проверяются действия вызванные состоянием", "ru-cr:704.3", "ru-cr:704.2"),
    # cr 701.6a "A countered spell is put into its owner's graveyard"; cr 122.1 is about counters as markers
    ("where does a countered spell go", "cr:701.6a", "cr:122.1"),
    # cr 305.2 "A player can normally play one land during their turn"; 305.2b "the number of lands the player can
    # play this turn" names no number
    ("how many lands can I play each turn", "cr:305.2", "cr:305.2b"),
    # cr 119.4 "If a cost or effect allows a player to pay an amount of life greater than 0, the player may do so only
    # if their life total is greater than or equal to the amount of the payment" says whether; 118.3b "Paying life
    # is done by subtracting the indicated amount of life from a player's life total" says how
    ("can I pay more life than I have", "cr:119.4", "cr:118.3b"),
], ids=["en-when", "ru-when", "en-where", "en-how-many", "en-can"])
def test_the_rule_holding_the_kind_of_answer_asked_for_ranks_higher(
        searcher: Searcher, query: str, answer: str, other: str) -> None:
    assert _rank(searcher, query, answer) < _rank(searcher, query, other)


def test_a_query_of_keywords_ranks_as_without_question_words(searcher: Searcher,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    query = "state-based actions"
    found = searcher.search(query, limit=20).hits
    monkeypatch.setattr(searching, "load_question_words", lambda root=None: QuestionWords({}, ()))
    assert searcher.search(query, limit=20).hits == found


def test_an_answer_word_the_query_searches_for_itself_is_no_answer() -> None:
    # "when does a step end": the step is what is asked about; "during" still places an event in time
    table = load_question_words()
    stems = table.answer_stems(frozenset({"time"}), {"en": frozenset(analyze("en", "step end"))})
    assert "step" not in stems["en"] and "end" not in stems["en"] and "dure" in stems["en"]

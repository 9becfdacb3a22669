"""``izvori-judge define`` through typer's CliRunner: exit status, exact JSON, and the "did you mean" message."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.errors import IzvoriError
from izvori_rules.cli import define as define_module
from izvori_rules.model import Node

runner = CliRunner()


def define_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["define", *args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_define_trample_prints_the_whole_row_as_json() -> None:
    code, data = define_json("trample")
    assert code == 0
    assert data == {
        "query": "trample",
        "concepts": [{
            "id": "trample",
            "kind": "keyword_ability",
            "terms": {
                # cr 702.19c, glossary "Trample Over Planeswalkers"; trampler: the players' word
                "en": ["trample", "trample over planeswalkers", "trampler", "tramplers"],
                # sr-judge.txt 3385 "E3.100 Razbijač", 3409 "Razbijačeve", 3398 "Razbijača"
                "sr": ["Razbijač", "razbijača", "Razbijačeve"],
                "cs": [],  # cs-cr.txt stops at 400.1, before the keyword chapter 502
                # ru-cr.txt 9303 "702.19. Пробивной удар", 9313 "пробивным ударом"; трампл, трамп: the players' words
                "ru": ["Пробивной удар", "пробивного удара", "пробивным ударом", "трампл", "трамплом", "трамп"],
                "pt": ["atropelar", "atropela", "atropelamento"],  # official name; pt-guide lost its A–B pages
            },
            "rules": ["sr-judge:E3.100", "sr-judge:E3.102", "ru-cr:702.19", "ru-cr:702.19b"],
            "glossary": ["sr-judge:glossary:Razbijač", "sr-basic:glossary:Razbijač", "ru-cr:glossary:Trample"],
        }],
        "suggestions": [],
    }


@pytest.mark.parametrize(
    ("args", "concept_id"),
    [
        (["trample"], "trample"),                   # English
        (["Razbijač"], "trample"),                  # Serbian, sr-judge E3.100
        (["razbijac"], "trample"),                  # Serbian in ASCII
        (["РАЗБИЈАЧ"], "trample"),                  # Serbian Cyrillic, capitals
        (["пробивной", "удар"], "trample"),         # Russian, ru-cr 702.19, typed without quotes
        (["пробивной удар"], "trample"),            # Russian, one quoted argument
        (["пробивного", "удара"], "trample"),       # Russian, inflected
        (["hřbitov"], "graveyard"),                 # Czech, cs-cr 217.4
        (["hrbitov"], "graveyard"),                 # Czech without diacritics
        (["ímpeto"], "haste"),                      # Portuguese, pt-guide glossary Ímpeto
        (["impeto"], "haste"),                      # Portuguese without the accent
        (["iniciativa"], "first_strike"),           # Portuguese, pt-guide glossary Iniciativa
        (["Jurišnik"], "first_strike"),             # Serbian, sr-judge E3.60
        (["ЈУРИШНИК"], "first_strike"),             # Serbian Cyrillic
        (["Первый", "удар"], "first_strike"),       # Russian, ru-cr 702.7
        (["knihovna"], "library"),                  # Czech, cs-cr 217.2
        (["odlagaliste"], "graveyard"),             # Serbian ASCII, sr-judge B16.40 Odlagalište
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else value,
)
def test_define_finds_the_concept_in_every_language_and_script(args: list[str], concept_id: str) -> None:
    code, data = define_json(*args)
    assert code == 0
    assert [concept["id"] for concept in data["concepts"]] == [concept_id]
    assert data["query"] == " ".join(args)


@pytest.mark.parametrize(
    ("term", "concept_ids"),
    [
        ("жетон", ["counter_marker"]),       # ru-cr 121.1: a жетон is a counter ...
        ("фишка", ["token"]),                # ru-cr 110.5: ... and a фишка is a token
        ("aktivirati", ["tap"]),             # sr-judge glossary Aktivirati: rotate 90 degrees
        ("sprečiti", ["counter", "prevention_effect"]),  # sr-judge glossary Sprečiti: both meanings
        ("žuta", ["white"]),                 # sr-judge B4.22
        ("izvorište", ["mana_pool"]),        # sr-judge glossary Izvorište
        ("izvor", ["land"]),                 # sr-judge glossary Izvor: "Izvor je tip."
    ],
)
def test_define_the_traps(term: str, concept_ids: list[str]) -> None:
    code, data = define_json(term)
    assert code == 0 and [concept["id"] for concept in data["concepts"]] == concept_ids


def test_define_a_shared_word_shows_every_concept() -> None:
    result = runner.invoke(app, ["define", "sprečiti"])
    assert result.exit_code == 0
    assert "sprečiti names 2 concepts" in result.stdout
    assert "counter" in result.stdout and "prevention_effect" in result.stdout
    assert "sr-judge:D20.73" in result.stdout and "sr-judge:D20.72" in result.stdout


def test_define_unknown_term_exits_1_with_suggestions() -> None:
    result = runner.invoke(app, ["define", "rasbijac"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "error: no concept 'rasbijac'; did you mean" in result.stderr
    assert "Razbijač" in result.stderr


def test_define_unknown_term_json_lists_the_suggestions() -> None:
    code, data = define_json("rasbijac")
    assert code == 1
    assert data["query"] == "rasbijac" and data["concepts"] == []
    assert "Razbijač" in data["suggestions"]


def test_define_nonsense_exits_1_without_suggestions() -> None:
    code, data = define_json("xyzzy")
    assert code == 1 and data == {"query": "xyzzy", "concepts": [], "suggestions": []}


class StubGraph:
    """Two nodes as the graph would hold them; everything else is absent."""

    def __init__(self) -> None:
        self.nodes = {
            "sr-judge:E3.100": node("sr-judge:E3.100", "Razbijač", "Razbijač"),
            "ru-cr:702.19b": node("ru-cr:702.19b", "", "Игрок контролирующий атакующее существо с пробивным "
                                  "ударом сначала\nраспределяет повреждения"),
        }

    def get(self, ref: str) -> Node | None:
        return self.nodes.get(ref)


def node(ref: str, title: str, text: str) -> Node:
    doc, _, node_id = ref.partition(":")
    return Node(ref=ref, doc=doc, id=node_id, kind="rule", number=node_id, title=title, text=text, examples=(),
                parent=None, children=(), line=1)


def test_define_shows_the_first_line_of_each_rule_from_the_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(define_module, "load_graph", lambda lang="en": StubGraph())
    result = runner.invoke(app, ["define", "trample"])
    assert result.exit_code == 0
    shown = " ".join(result.stdout.split())  # rich wraps long lines at the terminal width
    assert "ru-cr:702.19b Игрок контролирующий атакующее существо с пробивным ударом сначала" in shown
    assert "распределяет повреждения" not in shown  # only the first line


def test_define_shows_rule_texts_from_the_real_graph() -> None:
    # Every parser exists now: a graph that cannot be built fails this test instead of skipping it.
    result = runner.invoke(app, ["define", "Razbijač"])
    assert result.exit_code == 0
    # sr-judge.txt line 3390: "E3.101 Razbijač je pasivna osobina koja menja pravila za raspoređivanje ..."
    # is not referenced; E3.102 (line 3396) is: "Igrač koji kontroliše biće sa osobinom Razbijač koje napada ..."
    assert "Igrač koji kontroliše biće sa osobinom Razbijač" in " ".join(result.stdout.split())


def test_define_without_a_graph_still_works(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_graph(lang: str = "en") -> None:
        raise IzvoriError("no parser for this corpus yet")

    monkeypatch.setattr(define_module, "load_graph", no_graph)
    result = runner.invoke(app, ["define", "trample"])
    assert result.exit_code == 0 and "sr-judge:E3.100" in result.stdout


def test_starting_the_cli_does_not_load_the_concept_table() -> None:
    code = "import sys, izvori_rules.cli; print('izvori_rules.text.concepts' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_an_empty_term_is_bad_input_as_an_empty_reference_is() -> None:
    from typer.testing import CliRunner

    from izvori_rules.cli import app

    result = CliRunner().invoke(app, ["define", ""])
    assert result.exit_code == 2 and "empty term" in result.stderr
    assert CliRunner().invoke(app, ["lookup", ""]).exit_code == 2

"""The YAML parser's own problems with a scenario file, said in the judge's ``--lang``: ``corpus/yaml_problems.tsv``
matches the parser's English to a key of ``corpus/messages.toml`` ``[LANG.yaml]``; the file and line stay as the
parser gives them, the exit status is 2 with no traceback, and English keeps the parser's words. Each case is the
trample scenario of tests/scenarios/trample_chump.yaml with one mistake a judge makes by hand, read by libyaml (the
C parser the program prefers, which the installed PyYAML is built with) and by PyYAML's own parser; the English
of each was read off the parser run on that file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.corpus import corpus_dir
from izvori_rules.engine.yamlproblems import COLUMNS, FILE_NAME, parse_problems
from izvori_rules.errors import CorpusError
from izvori_rules.messages import catalogue
from izvori_rules.tsv import read_tsv

BASE = (Path(__file__).parent / "scenarios" / "trample_chump.yaml").read_text(encoding="utf-8")
QUESTION = 'question: "How much damage does Boris take?"'  # line 4
# the words before the parser's problem: "{file}:{line}: malformed YAML: " ([LANG.errors] yaml_malformed_at)
MALFORMED = {"en": "error: {file}:{line}: malformed YAML: ", "sr": "greška: {file}:{line}: neispravan YAML: ",
             "ru": "ошибка: {file}:{line}: некорректный YAML: ", "cs": "chyba: {file}:{line}: chybný YAML: "}
PREFIX = {"en": "error", "sr": "greška", "ru": "ошибка", "cs": "chyba"}


def _with(*edits: tuple[str, str]) -> str:
    text = BASE
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    return text


# the messages two cases share (sr, ru, cs): a tab, a colon where none may stand, a '-' where a key of the file's
# mapping (line 2) is expected
TAB = ("tabulator ovde nije dozvoljen: YAML uvlači redove samo razmacima (zameni tabulator razmacima)",
       "табуляция здесь не допускается: отступы в YAML делаются только пробелами (замените табуляцию "
       "пробелами)",
       "tabulátor tu není povolen: YAML odsazuje řádky jen mezerami (nahraďte tabulátor mezerami)")
COLON = ("ovde ne može da stoji dvotačka ključa (': '): tekst koji sadrži ': ' stavi pod navodnike; inače "
         "proveri uvlačenje i dvotačku u redu iznad",
         "здесь не может стоять двоеточие ключа (': '): текст, содержащий ': ', заключите в кавычки; иначе "
         "проверьте отступ и двоеточие в строке выше",
         "tady nemůže stát dvojtečka klíče (': '): text, který obsahuje ': ', dejte do uvozovek; jinak "
         "zkontrolujte odsazení a dvojtečku na řádku výše")
DASH = ("crtica '-' (stavka spiska) stoji gde se očekuje ključ preslikavanja započetog u redu 2: proveri "
        "uvlačenje",
        "дефис '-' (элемент списка) стоит там, где ожидается ключ отображения, начатого в строке 2: "
        "проверьте отступ",
        "pomlčka '-' (položka seznamu) stojí tam, kde se čeká klíč mapování začatého na řádku 2: "
        "zkontrolujte odsazení")


# (the file, the line the parser stops at, libyaml's English, PyYAML's English, (sr, ru, cs)); a line the message
# names is where what failed began: the quote, bracket or mapping opened there, the first anchor
CASES = [
    pytest.param(_with(("  - name: Boris\n    battlefield:", "  - name: Boris\n\tbattlefield:")), 10,
                 "found a tab character that violates indentation",
                 "found character '\\t' that cannot start any token",
                 TAB, id="tab-in-indentation"),
    pytest.param(_with(("  - name: Boris\n", "\t- name: Boris\n")), 9,
                 "found character that cannot start any token",
                 "found character '\\t' that cannot start any token",
                 TAB, id="tab-before-a-dash"),
    pytest.param(_with(("ruleset: mtg", "ruleset mtg")), 4, "could not find expected ':'",
                 "could not find expected ':'",
                 ("ključu u redu 3 nedostaje dvotačka (ključ: vrednost)", "у ключа в строке 3 нет двоеточия (ключ: "
                  "значение)", "klíči na řádku 3 chybí dvojtečka (klíč: hodnota)"), id="missing-colon"),
    pytest.param(_with(("  - name: Ana", "  - name Ana")), 7, "mapping values are not allowed in this context",
                 "mapping values are not allowed here",
                 COLON, id="missing-colon-above"),
    pytest.param(_with((QUESTION, "question: Boris: how much damage?")), 4,
                 "mapping values are not allowed in this context", "mapping values are not allowed here",
                 COLON, id="colon-in-a-value"),
    pytest.param(_with(("  - name: Boris\n    battlefield:", "  - name: Boris\n   battlefield:")), 10,
                 "did not find expected '-' indicator", "expected <block end>, but found '<block mapping start>'",
                 ("ovde se očekuje stavka ('- ') spiska započetog u redu 6: proveri uvlačenje",
                  "здесь ожидается элемент ('- ') списка, начатого в строке 6: проверьте отступ",
                  "tady se čeká položka ('- ') seznamu začatého na řádku 6: zkontrolujte odsazení"),
                 id="indented-too-little"),
    pytest.param(_with(("  - name: Boris", " - name: Boris")), 9, "did not find expected key",
                 "expected <block end>, but found '<block sequence start>'",
                 DASH, id="item-indented-wrongly"),
    pytest.param(_with(("actions:\n", "-\nactions:\n")), 13, "did not find expected key",
                 "expected <block end>, but found '-'",
                 DASH, id="stray-dash"),
    pytest.param(_with((QUESTION, 'question: "How much damage" does Boris take?')), 4, "did not find expected key",
                 "expected <block end>, but found '<scalar>'",
                 ("ovde se očekuje ključ (ključ: vrednost) preslikavanja započetog u redu 2: proveri uvlačenje, i da "
                  "li je deo teksta ostao posle zatvorenih navodnika",
                  "здесь ожидается ключ (ключ: значение) отображения, начатого в строке 2: проверьте отступ и не "
                  "осталась ли часть текста после закрывающей кавычки",
                  "tady se čeká klíč (klíč: hodnota) mapování začatého na řádku 2: zkontrolujte odsazení a zda "
                  "nezůstala část textu za uzavírací uvozovkou"), id="text-after-the-quote"),
    pytest.param(_with((QUESTION, 'question: "How much damage does Boris take?')), 22, "found unexpected end of stream",
                 "found unexpected end of stream",
                 ("navodnici otvoreni u redu 4 nisu zatvoreni do kraja datoteke",
                  "кавычка, открытая в строке 4, не закрыта до конца файла",
                  "uvozovky otevřené na řádku 4 nejsou do konce souboru uzavřeny"), id="unclosed-quote"),
    pytest.param(_with(("[Grizzly Bears]}", "[Grizzly Bears}")), 20, "did not find expected ',' or ']'",
                 "expected ',' or ']', but got '}'",
                 ("spisak u zagradama '[' otvoren u redu 20 nije zatvoren sa ']' (ili mu nedostaje zarez)",
                  "список в скобках '[', открытый в строке 20, не закрыт скобкой ']' (или в нём не хватает запятой)",
                  "seznam v závorkách '[' otevřený na řádku 20 není uzavřen ']' (nebo v něm chybí čárka)"),
                 id="unclosed-bracket"),
    pytest.param(_with(("step: declare_attackers}", "step: declare_attackers")), 13,
                 "did not find expected ',' or '}'", "expected ',' or '}', but got ':'",
                 ("preslikavanje u zagradama '{' otvoreno u redu 12 nije zatvoreno sa '}' (ili mu nedostaje zarez)",
                  "отображение в скобках '{', открытое в строке 12, не закрыто скобкой '}' (или в нём не хватает "
                  "запятой)",
                  "mapování v závorkách '{' otevřené na řádku 12 není uzavřeno '}' (nebo v něm chybí čárka)"),
                 id="unclosed-brace"),
    pytest.param(_with(("damage: {Craw Wurm: 2}", "damage: {Craw Wurm: 2")), 22, "did not find expected ',' or '}'",
                 "expected ',' or '}', but got '<stream end>'",
                 ("preslikavanje u zagradama '{' otvoreno u redu 21 nije zatvoreno sa '}' (ili mu nedostaje zarez)",
                  "отображение в скобках '{', открытое в строке 21, не закрыто скобкой '}' (или в нём не хватает "
                  "запятой)",
                  "mapování v závorkách '{' otevřené na řádku 21 není uzavřeno '}' (nebo v něm chybí čárka)"),
                 id="end-of-file-in-braces"),
    pytest.param(_with(("keywords: [trample]", "keywords: [trample, , haste]")), 8,
                 "did not find expected node content",
                 "expected the node content, but found ','",
                 ("u zagradama nedostaje vrednost: dva zareza zaredom, ili zagrada koja nije zatvorena",
                  "в скобках не хватает значения: две запятые подряд или незакрытая скобка",
                  "v závorkách chybí hodnota: dvě čárky za sebou, nebo neuzavřená závorka"), id="two-commas"),
    pytest.param(_with(("  - name: Ana", "  - name: &p Ana"), ("  - name: Boris", "  - name: &p Boris")), 9,
                 "second occurrence", "second occurrence",
                 ("isto sidro (&) je već dato u redu 6: svako sidro mora da ima svoje ime",
                  "такой же якорь (&) уже задан в строке 6: у каждого якоря должно быть своё имя",
                  "stejná kotva (&) už je zadána na řádku 6: každá kotva musí mít vlastní jméno"),
                 id="duplicate-anchor"),
    pytest.param(_with(("active: Ana", "active: *ana")), 12, "found undefined alias", "found undefined alias 'ana'",
                 ("alias (*) upućuje na sidro (&) koje nije dato pre njega: tekst koji počinje sa '*' stavi pod "
                  "navodnike",
                  "псевдоним (*) ссылается на якорь (&), не заданный перед ним: текст, начинающийся с '*', заключите "
                  "в кавычки",
                  "alias (*) odkazuje na kotvu (&), která před ním není zadána: text začínající '*' dejte do "
                  "uvozovek"), id="undefined-alias"),
    pytest.param(_with((QUESTION, "question: * how much damage?")), 4,
                 "did not find expected alphabetic or numeric character",
                 "expected alphabetic or numeric character, but found ' '",
                 ("'&' ili '*' na početku vrednosti počinje sidro ili alias: tekst koji tako počinje stavi pod "
                  "navodnike",
                  "'&' или '*' в начале значения начинает якорь или псевдоним: текст, который так начинается, "
                  "заключите в кавычки",
                  "'&' nebo '*' na začátku hodnoty začíná kotvu nebo alias: text, který tak začíná, dejte do "
                  "uvozovek"), id="star-starts-a-value"),
    pytest.param(_with((QUESTION, 'question: "How much damage does Boris take\\?"')), 4,
                 "found unknown escape character", "found unknown escape character '?'",
                 ("obrnuta kosa crta (\\) u tekstu pod dvostrukim navodnicima počinje oznaku koju YAML ne poznaje: "
                  "napiši \\\\ ili stavi tekst pod jednostruke navodnike",
                  "обратная косая черта (\\) в тексте в двойных кавычках начинает последовательность, неизвестную "
                  "YAML: напишите \\\\ или заключите текст в одинарные кавычки",
                  "zpětné lomítko (\\) v textu ve dvojitých uvozovkách začíná sekvenci, kterou YAML nezná: napište "
                  "\\\\ nebo dejte text do jednoduchých uvozovek"), id="unknown-escape"),
    pytest.param(_with((QUESTION, "question: - how much damage?")), 4,
                 "block sequence entries are not allowed in this context", "sequence entries are not allowed here",
                 ("ovde ne može da počne stavka spiska ('- '): svaka stavka ide u svoj red, ispod ključa",
                  "здесь не может начинаться элемент списка ('- '): каждый элемент пишется в своей строке, под ключом",
                  "tady nemůže začínat položka seznamu ('- '): každá položka patří na vlastní řádek pod klíčem"),
                 id="dash-after-a-key"),
    pytest.param(_with((QUESTION, "question: ? how much damage")), 4, "mapping keys are not allowed in this context",
                 "mapping keys are not allowed here",
                 ("ovde ne može da počne ključ ('? '): tekst koji počinje sa '? ' stavi pod navodnike",
                  "здесь не может начинаться ключ ('? '): текст, начинающийся с '? ', заключите в кавычки",
                  "tady nemůže začínat klíč ('? '): text začínající '? ' dejte do uvozovek"), id="question-mark"),
    pytest.param(_with((QUESTION, "question: > 2 damage?")), 4, "did not find expected comment or line break",
                 "expected a comment or a line break, but found '2'",
                 ("'|' ili '>' na početku vrednosti počinje blok teksta u redovima ispod: tekst koji tako počinje "
                  "stavi pod navodnike",
                  "'|' или '>' в начале значения начинает блок текста в строках ниже: текст, который так начинается, "
                  "заключите в кавычки",
                  "'|' nebo '>' na začátku hodnoty začíná blok textu na řádcích níže: text, který tak začíná, dejte "
                  "do uvozovek"), id="greater-than-starts-a-value"),
    pytest.param(_with(("  - name: Ana", "  - name: @Ana")), 6, "found character that cannot start any token",
                 "found character '@' that cannot start any token",
                 ("vrednost ne može da počne znakom '@': stavi je pod navodnike",
                  "значение не может начинаться с символа '@': заключите его в кавычки",
                  "hodnota nemůže začínat znakem '@': dejte ji do uvozovek"), id="at-sign"),
    pytest.param(BASE + "---\nscenario: again\n", 22, "but found another document", "but found another document",
                 ("datoteka sadrži više od jednog YAML dokumenta (red '---'): scenario je jedan dokument",
                  "в файле больше одного документа YAML (строка '---'): сценарий — это один документ",
                  "soubor obsahuje víc než jeden dokument YAML (řádek '---'): scénář je jeden dokument"),
                 id="two-documents"),
    pytest.param("'Trample' over a chump\n" + BASE, 1, "did not find expected <document start>",
                 "expected '<document start>', but found '<scalar>'",
                 ("posle kraja dokumenta ima još teksta: deo teksta je ostao posle zatvorenih navodnika ili posle "
                  "'...'",
                  "после конца документа остался текст: часть текста стоит после закрывающей кавычки или после '...'",
                  "za koncem dokumentu zůstal text: část textu stojí za uzavírací uvozovkou nebo za '...'"),
                 id="text-after-the-root"),
    pytest.param(_with(("  - name: Ana", '  - name: "A\x1bna"')), 6, "control characters are not allowed (U+001B)",
                 "special characters are not allowed (U+001B)",
                 ("kontrolni znakovi nisu dozvoljeni (U+001B)", "управляющие символы не допускаются (U+001B)",
                  "řídicí znaky nejsou povoleny (U+001B)"), id="escape-character"),
]


@pytest.fixture(params=["libyaml", "PyYAML"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The parser that reads the file: libyaml where PyYAML has it (the program's choice), else PyYAML's own."""
    import yaml

    if request.param == "PyYAML":
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    elif not getattr(yaml, "__with_libyaml__", False):
        pytest.skip("this PyYAML is built without libyaml")
    return str(request.param)


def _run(path: Path, lang: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["scenario", "run", str(path), "--lang", lang])
    assert "Traceback" not in result.output and isinstance(result.exception, (SystemExit, type(None)))
    return result.exit_code, " ".join(result.stderr.split())  # as one line, however the console wraps it


@pytest.mark.parametrize(("text", "line", "libyaml", "pyyaml", "said"), CASES)
def test_the_parsers_problem_is_said_in_every_language(tmp_path: Path, parser: str, text: str, line: int,
                                                       libyaml: str, pyyaml: str, said: tuple[str, str, str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    english = libyaml if parser == "libyaml" else pyyaml
    for lang, problem in zip(("en", "sr", "ru", "cs"), (english, *said)):
        where = MALFORMED[lang].format(file=path, line=line)
        assert _run(path, lang) == (2, " ".join((where + problem).split())), lang


def test_an_unknown_tag_is_said_after_its_key(tmp_path: Path, parser: str) -> None:
    # the constructor's problem, after the key whose value it is: line 3, ruleset (the same words in both parsers)
    path = tmp_path / "tag.yaml"
    path.write_text(_with(("ruleset: mtg", "ruleset: !mtg")), encoding="utf-8")
    assert [_run(path, lang) for lang in ("en", "sr", "ru", "cs")] == [
        (2, f"error: {path}:3: ruleset: could not determine a constructor for the tag '!mtg'"),
        (2, f"greška: {path}:3: ruleset: nepoznata oznaka '!mtg': scenario ne koristi oznake ('!'); tekst koji "
            "počinje sa '!' stavi pod navodnike"),
        (2, f"ошибка: {path}:3: ruleset: неизвестный тег '!mtg': теги ('!') в сценарии не используются; текст, "
            "начинающийся с '!', заключите в кавычки"),
        (2, f"chyba: {path}:3: ruleset: neznámý tag '!mtg': scénář tagy ('!') nepoužívá; text začínající '!' dejte "
            "do uvozovek")]


def test_a_problem_the_table_does_not_know_keeps_the_parsers_english(tmp_path: Path, parser: str) -> None:
    # a YAML 2.0 directive: no row of corpus/yaml_problems.tsv matches either parser's words
    path = tmp_path / "directive.yaml"
    path.write_text("%YAML 2.0\n---\n" + BASE, encoding="utf-8")
    english = "found incompatible YAML document" + ("" if parser == "libyaml" else " (version 1.* is required)")
    assert _run(path, "sr") == (2, f"greška: {path}:1: neispravan YAML: {english}")


@pytest.mark.parametrize("lang", ["sr", "ru", "cs"])
def test_check_says_each_files_problem_in_the_judges_language(tmp_path: Path, lang: str) -> None:
    for number, case in enumerate(CASES):
        (tmp_path / f"{number:02d}-{case.id}.yaml").write_text(str(case.values[0]), encoding="utf-8")
    shown = CliRunner().invoke(app, ["scenario", "check", str(tmp_path), "--lang", lang], env={"COLUMNS": "400"})
    answer = CliRunner().invoke(app, ["scenario", "check", str(tmp_path), "--json"])
    assert "Traceback" not in shown.output and shown.exit_code == 2
    table = " ".join(shown.stdout.split())
    rows: list[dict[str, Any]] = json.loads(answer.stdout)
    for number, case in enumerate(CASES):
        path = tmp_path / f"{number:02d}-{case.id}.yaml"
        said = MALFORMED[lang].format(file=path, line=case.values[1]).partition(": ")[2] + str(
            case.values[4][("sr", "ru", "cs").index(lang)])
        assert " ".join(said.split()) in table, case.id
        english = (str(case.values[2]), str(case.values[3]))  # the JSON says the parser's English
        assert rows[number]["status"] == 2 and rows[number]["reason"].endswith(english), case.id


def _table() -> list[Any]:
    path = corpus_dir() / FILE_NAME
    return read_tsv(path.read_text(encoding="utf-8"), str(path), COLUMNS, ("key", "parser", "problem"))


def test_every_problem_has_a_message_in_every_language_and_both_parsers_wordings() -> None:
    rows = _table()
    keys = {row["key"] for row in rows}
    for lang in ("en", "sr", "ru", "cs"):
        assert set(catalogue()[lang]["yaml"]) == keys, lang
    for key in keys:
        parsers = {row["parser"] for row in rows if row["key"] == key}
        assert "both" in parsers or {"libyaml", "PyYAML"} <= parsers, key
    assert set(catalogue()["en"]["yaml"].values()) == {"{english}"}  # English prints the parser's own words


@pytest.mark.parametrize(("row", "message"), [
    ("tab\tlibyaml\t\tfound a tab\t\tmore", "bad.tsv:2:"),
    ("Tab\tlibyaml\t\tfound a tab", "bad.tsv:2:1: column 'key': 'Tab' is no key"),
    ("tab\tlibyml\t\tfound a tab", "bad.tsv:2:5: column 'parser': 'libyml': expected one of libyaml, PyYAML, both"),
    ("tab\tPyYAML\t\tfound {} tab", "bad.tsv:2:13: column 'problem': 'found {} tab': a {name} must be a name"),
    ("tab\tPyYAML\t{x} and {x}\tfound a tab", "bad.tsv:2:12: column 'context': '{x} and {x}': a {name} must be"),
    ("tab\tPyYAML\t\tfound {start}", "bad.tsv:2:13: column 'problem': 'found {start}': a {name} must be a name, "
                                     "other than english, start, char"),
    ("tab\tPyYAML\t\tfound {1 x}", "bad.tsv:2:13: column 'problem': 'found {1 x}': a {name} must be a name"),
], ids=["too-many-cells", "bad-key", "unknown-parser", "unnamed-field", "field-twice", "given-name", "no-name"])
def test_a_bad_row_of_the_table_names_its_cell(row: str, message: str) -> None:
    with pytest.raises(CorpusError) as info:
        parse_problems("\t".join(COLUMNS) + "\n" + row + "\n", "bad.tsv")
    assert str(info.value).startswith(message)


def test_a_field_of_the_table_matches_any_text_and_fills_the_message() -> None:
    (row,) = parse_problems("key\tparser\tproblem\nunknown_tag\tboth\tthe tag {tag} is unknown\n", "t.tsv")
    matched = row.problem.fullmatch("the tag '!x' is unknown")
    assert matched is not None and matched.groupdict() == {"tag": "'!x'"}
    assert row.problem.fullmatch("the tag '!x' is unknown here") is None  # the whole problem, not a part of it


@pytest.mark.parametrize(("value", "tag"), [("!!int foo", "!!int"), ("!!bool maybe", "!!bool"),
                                            ("!!timestamp soon", "!!timestamp")], ids=["int", "bool", "timestamp"])
def test_a_value_its_tag_cannot_read_is_a_mistake_not_a_traceback(tmp_path: Path, value: str, tag: str) -> None:
    # PyYAML's safe constructors raise ValueError, KeyError and AttributeError on these (read off PyYAML 6.0.3)
    path = tmp_path / "tagged.yaml"
    path.write_text(_with(("ruleset: mtg", f"ruleset: {value}")), encoding="utf-8")
    word = value.split()[1]
    assert (_run(path, "en"), _run(path, "sr")) == (
        (2, f"error: {path}:3: ruleset: '{word}' is not a valid {tag} value"),
        (2, f"greška: {path}:3: ruleset: '{word}' nije ispravna vrednost oznake {tag}"))

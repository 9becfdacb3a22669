"""Errors in the judge's ``--lang``: every error key the code raises is in ``[en.errors]`` with the code's own
English, the CLI says the error (and the word "error") in Serbian or Russian, and falls back to English where a
language lacks a message."""

from __future__ import annotations

import ast
import errno
import os
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

import izvori_rules
from izvori_rules.cli import app
from izvori_rules.errors import IzvoriError, Phrase, QueryError, ReferenceNotFound, os_reason
from izvori_rules.messages import catalogue, error_text, languages

runner = CliRunner()
PACKAGE = Path(izvori_rules.__file__).parent


def _keyed_in_code() -> list[tuple[str, str, str]]:
    """(key, English template, where) of every error raised with a literal ``key=`` and template, and of every
    :class:`Phrase` written in the code."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            said = name == "said" and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "Phrase"  # Phrase.said(...)
            if (name == "Phrase" or said) and len(node.args) == 2 and isinstance(node.args[1], ast.Constant):
                found.append((str(node.args[0].value), str(node.args[1].value), where))
            key = next((k.value for k in node.keywords if k.arg == "key"), None)
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value:
                found.append((key.value, str(node.args[0].value), where))
    return found


def test_the_code_raises_keyed_errors() -> None:
    # the errors a judge meets first: a query without words, no rule, an unreadable scenario file
    keys = {key for key, _, _ in _keyed_in_code()}
    assert {"query_no_words", "no_rule", "file_unreadable", "yaml_duplicate_key", "what_scenario_file"} <= keys


def test_every_key_in_the_code_is_in_english_with_the_codes_own_words() -> None:
    english = catalogue()["en"]["errors"]
    wrong = [(where, key) for key, template, where in _keyed_in_code() if english.get(key) != template]
    assert wrong == []


def test_every_english_error_is_used_by_the_code() -> None:
    # the prefix, the operating system's reasons (by errno name, os_reason), the colours (colour_red, named by
    # the engine's colour: engine/combat.py) and the card types (cardtype_land: engine/targeting.py) are filled in by
    # name
    used = {key for key, _, _ in _keyed_in_code()} | {"prefix"}
    by_name = ("os_", "colour_", "cardtype_")
    unused = {k for k in catalogue()["en"]["errors"] if k not in used and not k.startswith(by_name)}
    assert unused == set()


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_language_has_every_error_with_the_same_values(lang: str) -> None:
    english, other = catalogue()["en"]["errors"], catalogue()[lang]["errors"]
    assert set(other) == set(english)
    for key, text in english.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert {f for _, f, _, _ in string.Formatter().parse(other[key]) if f} == fields, key


def test_the_reasons_are_the_systems_own_words_in_english() -> None:
    for key, text in catalogue()["en"]["errors"].items():
        if key.startswith("os_"):
            assert text == os.strerror(getattr(errno, key[3:])), key


def test_the_english_text_needs_no_catalogue() -> None:
    error = QueryError("{query} has no words to search for", key="query_no_words", query="'((('")
    assert (str(error), error.key, error.values) == ("'(((' has no words to search for", "query_no_words",
                                                      {"query": "'((('"})
    assert str(ReferenceNotFound("999.9z")) == "no rule '999.9z'"
    assert str(ReferenceNotFound("D99.99", ("D9.29",))) == "no rule 'D99.99'; did you mean D9.29?"


def test_an_error_is_said_in_the_judges_language_with_its_phrases() -> None:
    error = IzvoriError("{file}: cannot read {what}: {reason}", key="file_unreadable", file="x.yaml",
                        what=Phrase("what_scenario_file", "the scenario file"),
                        reason=os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory")))
    assert error_text(error, "en") == ("error", "x.yaml: cannot read the scenario file: No such file or directory")
    assert error_text(error, "sr") == ("greška", "x.yaml: datoteka scenarija ne može da se pročita: nema takve "
                                                 "datoteke ni fascikle")
    assert error_text(error, "ru") == ("ошибка", "x.yaml: не удаётся прочитать файл сценария: нет такого файла "
                                                 "или каталога")


@pytest.mark.parametrize("error", [
    IzvoriError("plain words, {braces} kept"),
    IzvoriError("a key no language has: {n}", key="not_in_the_catalogue", n=3),
], ids=["no key", "unknown key"])
def test_an_error_without_a_translation_is_english(error: IzvoriError) -> None:
    assert error_text(error, "sr") == ("greška", str(error))


def test_a_broken_translation_gives_the_english(monkeypatch: pytest.MonkeyPatch) -> None:
    # a judge may edit messages.toml: a template naming a value the error lacks must not hide the error
    from izvori_rules import messages

    broken = {**catalogue()["sr"]["errors"], "query_no_words": "u {upit} nema reči"}
    monkeypatch.setattr(messages, "section", lambda lang, name: broken)
    error = QueryError("{query} has no words to search for", key="query_no_words", query="'((('")
    assert error_text(error, "sr") == ("greška", "'(((' has no words to search for")


def _stderr(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.stderr.split())


@pytest.mark.parametrize(("args", "status", "said"), [
    (["search", "(((", "--lang", "sr"], 2, "greška: u '(((' nema reči za pretragu"),
    (["search", "(((", "--lang", "ru"], 2, "ошибка: в '(((' нет слов для поиска"),
    (["search", "(((", "--lang", "cs"], 2, "chyba: v '(((' nejsou žádná slova k hledání"),
    (["search", "(((", "--doc", "pt"], 2, "error: '(((' has no words to search for"),
    (["history", "999.9z", "--lang", "sr"], 1, "greška: nema pravila '999.9z'"),
    (["scenario", "run", "/nonexistent.yaml", "--lang", "ru"], 2,
     "ошибка: /nonexistent.yaml: не удаётся прочитать файл сценария: нет такого файла или каталога"),
    (["deck", "check", "/nonexistent.txt", "--lang", "sr"], 2,
     "greška: /nonexistent.txt: spisak špila ne može da se pročita: nema takve datoteke ni fascikle"),
    (["cite-check", "/", "--lang", "ru"], 2, "ошибка: /: не удаётся прочитать текст для проверки: это каталог"),
    (["deck", "check", "/nonexistent.txt", "--ruleset", "x", "--lang", "sr"], 2,
     "greška: nepoznat skup pravila 'x' (koristi izvori, mtg)"),
    (["export", "html", " ", "--lang", "ru"], 2, "ошибка: не указан выходной каталог"),
    (["deck", "check", "/nonexistent.txt", "--lang", "cs"], 2,
     "chyba: /nonexistent.txt: nelze přečíst (seznam balíčku): soubor nebo složka neexistuje"),
], ids=["search sr", "search ru", "search cs", "search other documents", "history", "scenario file", "deck file",
        "cite-check folder", "deck ruleset", "export", "deck file cs"])
def test_the_cli_says_the_error_in_the_judges_language(args: list[str], status: int, said: str) -> None:
    assert _stderr(*args) == (status, said)


def test_a_scenario_mistake_names_file_line_and_key_in_serbian(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: []\nplayers: []\n", encoding="utf-8")
    assert _stderr("scenario", "run", str(path), "--lang", "sr") == (
        2, f"greška: {path}:2: players: ključ se ponavlja")


def test_the_users_text_in_an_error_is_printed_as_text() -> None:
    assert _stderr("search", "[/](((", "--lang", "sr") == (2, "greška: u '[/](((' nema reči za pretragu")


def test_every_card_type_a_restriction_names_has_its_words() -> None:
    # engine/targeting.py says a restriction's card types by name (cardtype_land ...): each type it reads, no other
    from izvori_rules.engine.targeting import _TYPES

    english = catalogue()["en"]["errors"]
    assert {k for k in english if k.startswith("cardtype_")} == {f"cardtype_{t}" for t in _TYPES}

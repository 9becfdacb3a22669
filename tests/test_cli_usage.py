"""typer's (click's) own complaints about the command line, said in the judge's ``--lang`` (izvori_rules/cli/usage.py):
each ``[en.usage]`` shape is what click really prints, the judge's language keeps click's values (which option,
which value), the exit status stays 2, and nothing else changes (help, the fast path)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from izvori_rules.cli import app
from izvori_rules.cli.usage import judge_lang_of, translated
from izvori_rules.messages import catalogue

runner = CliRunner()


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


def said(result: Result) -> str:
    """The complaint's own line (after the usage line and the help hint)."""
    return result.stderr.splitlines()[-1]


# (the [en.usage] shape, a command line that makes click complain so, what click says, the same in Czech)
COMPLAINTS = [
    ("no_such_option", ["lookup", "--nope", "D19.51"], "error: No such option: --nope",
     "chyba: Neznámá volba: --nope"),
    ("no_such_option_suggest", ["lookup", "--jsn", "D19.51"], "error: No such option: --jsn (Possible options: --json)",
     "chyba: Neznámá volba: --jsn (možné volby: --json)"),
    ("missing_argument", ["lookup"], "error: Missing argument 'REF...'.", "chyba: Chybí argument 'REF...'."),
    ("extra_arguments", ["history", "702.19b", "502.9b"], "error: Got unexpected extra argument(s) (502.9b)",
     "chyba: Nečekané argumenty navíc (502.9b)"),
    ("requires_argument", ["search", "trample", "--limit"], "error: Option '--limit' requires an argument.",
     "chyba: Volba '--limit' vyžaduje hodnotu."),
    ("no_value_taken", ["lookup", "--json=yes", "D19.51"], "error: Option '--json' does not take a value.",
     "chyba: Volba '--json' nebere žádnou hodnotu."),
    ("no_such_command", ["xyzzy", "D19.51"], "error: No such command 'xyzzy'.", "chyba: Neznámý příkaz 'xyzzy'."),
    ("no_such_command_suggest", ["lookp", "D19.51"], "error: No such command 'lookp'. Did you mean 'lookup'?",
     "chyba: Neznámý příkaz 'lookp'. Měli jste na mysli 'lookup'?"),
    ("not_a_number", ["search", "trample", "--limit", "ten"],
     "error: Invalid value for '--limit': 'ten' is not a valid int range.",
     "chyba: Neplatná hodnota pro '--limit': 'ten' není celé číslo."),
    ("out_of_range", ["search", "trample", "--limit", "0"],
     "error: Invalid value for '--limit': 0 is not in the range 1<=x<=5000.",
     "chyba: Neplatná hodnota pro '--limit': 0 není v rozsahu 1<=x<=5000."),
    ("no_attacker", ["combat", "--blockers", "2/2"],
     'error: Invalid value for --attacker: give the attacker, like --attacker "3/3 trample"',
     'chyba: Neplatná hodnota pro --attacker: zadejte útočníka, například --attacker "3/3 trample"'),
    ("base_url_unusable", ["lookup", "D19.51", "--markdown", "--base-url", "a b"],
     "error: Invalid value for '--base-url': give the rulebook's address, like https://rules.example/ (http, https or "
     "file; no spaces, brackets or quotes)",
     "chyba: Neplatná hodnota pro '--base-url': zadejte adresu pravidel, například https://rules.example/ (http, "
     "https nebo file; bez mezer, závorek a uvozovek)"),
    ("base_url_alone", ["lookup", "D19.51", "--base-url", "https://rules.example/"],
     "error: Invalid value for --base-url: it links the rules of a Markdown answer: add --markdown, or leave "
     "--base-url out",
     "chyba: Neplatná hodnota pro --base-url: odkazuje pravidla odpovědi v Markdownu: přidejte --markdown, nebo "
     "vynechte --base-url"),
    ("two_answers", ["search", "trample", "--json", "--markdown"],
     "error: Invalid value for --markdown: --json and --markdown are two answers: give one of them",
     "chyba: Neplatná hodnota pro --markdown: --json a --markdown jsou dvě odpovědi: zvolte jednu"),
]


@pytest.mark.parametrize(("key", "args", "english", "czech"), COMPLAINTS, ids=[c[0] for c in COMPLAINTS])
def test_each_complaint_is_said_in_english_as_click_says_it_and_in_czech(key: str, args: list[str], english: str,
                                                                         czech: str) -> None:
    in_english, in_czech = invoke(*args), invoke(args[0], "--lang", "cs", *args[1:])
    assert (in_english.exit_code, said(in_english)) == (2, english)
    assert (in_czech.exit_code, said(in_czech)) == (2, czech)
    assert in_english.exception is None or isinstance(in_english.exception, SystemExit)


# (the [en.usage] shape, the folder scenario check is given, what click says, the same in Serbian): a command's own
# complaint about its argument, raised as typer.BadParameter
FOLDER_COMPLAINTS = [
    ("scenario_not_folder", "nowhere", "error: Invalid value for DIR: {folder} is not a folder",
     "greška: Neispravna vrednost za DIR: {folder} nije fascikla"),
    ("scenario_no_files", "", "error: Invalid value for DIR: {folder} holds no scenario files (*.yaml, *.yml)",
     "greška: Neispravna vrednost za DIR: u fascikli {folder} nema datoteka scenarija (*.yaml, *.yml)"),
]


@pytest.mark.parametrize(("key", "name", "english", "serbian"), FOLDER_COMPLAINTS, ids=[c[0] for c in FOLDER_COMPLAINTS])
def test_scenario_checks_folder_complaints_in_english_and_serbian(tmp_path: Path, key: str, name: str, english: str,
                                                                  serbian: str) -> None:
    folder = str(tmp_path / name) if name else str(tmp_path)  # an empty folder, or one that does not exist
    in_english, in_serbian = invoke("scenario", "check", folder), invoke("scenario", "check", folder, "--lang", "sr")
    assert (in_english.exit_code, said(in_english)) == (2, english.format(folder=folder))
    assert (in_serbian.exit_code, said(in_serbian)) == (2, serbian.format(folder=folder))


def test_every_english_shape_is_one_click_prints() -> None:
    # the usage line and the help hint frame a complaint; invalid_value is the frame of a value click's own
    # shapes do not name (test_a_value_complaint_without_its_own_shape_keeps_clicks_detail)
    shown = {key for key, _, _, _ in [*COMPLAINTS, *FOLDER_COMPLAINTS]} | {"usage", "try_help", "invalid_value"}
    assert set(catalogue()["en"]["usage"]) == shown


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["Usage: izvori-judge lookup [OPTIONS] REF...", "Try 'izvori-judge lookup -h' for help.",
            "error: No such option: --nope"]),
    ("sr", ["Upotreba: izvori-judge lookup [OPTIONS] REF...", "Pomoć: 'izvori-judge lookup -h'.",
            "greška: Nepoznata opcija: --nope"]),
    ("ru", ["Использование: izvori-judge lookup [OPTIONS] REF...", "Справка: 'izvori-judge lookup -h'.",
            "ошибка: Нет такого параметра: --nope"]),
    ("cs", ["Použití: izvori-judge lookup [OPTIONS] REF...", "Nápovědu zobrazí 'izvori-judge lookup -h'.",
            "chyba: Neznámá volba: --nope"]),
], ids=["en", "sr", "ru", "cs"])
def test_an_unknown_option_in_each_language(lang: str, lines: list[str]) -> None:
    result = invoke("lookup", "D19.51", "--nope", "--lang", lang)
    assert (result.exit_code, result.stderr.splitlines(), result.stdout) == (2, lines, "")


@pytest.mark.parametrize(("args", "line"), [
    (["search", "--lang=SR", "x", "--limit", "0"], "greška: Neispravna vrednost za '--limit': 0 nije u opsegu 1<=x<=5000."),
    (["lookup", "--lang", "ru"], "ошибка: Не указан аргумент 'REF...'."),
    (["deck", "chek", "--lang", "cs"], "chyba: Neznámý příkaz 'chek'. Měli jste na mysli 'check'?"),
], ids=["sr, before the words", "ru, missing argument", "cs, in a group"])
def test_the_language_is_read_wherever_lang_stands(args: list[str], line: str) -> None:
    result = invoke(*args)
    assert (result.exit_code, said(result)) == (2, line)


def test_an_unknown_language_is_refused_in_english() -> None:
    # no language to speak: --lang de names none of the catalogue's
    result = invoke("lookup", "D19.51", "--lang", "de")
    assert (result.exit_code, said(result)) == (2, "error: Invalid value for --lang: use one of en, sr, ru, cs")


@pytest.mark.parametrize(("argv", "lang"), [
    ([], "en"), (["--lang", "cs"], "cs"), (["--lang=CS"], "cs"), (["--lang", " Ru "], "ru"), (["--lang", "de"], "en"),
    (["--lang", "sr", "--lang", "cs"], "cs"), (["--lang"], "en"), (["--language", "cs"], "en"),
], ids=["none", "cs", "equals, capitals", "spaces", "unknown", "the last", "no value", "another option"])
def test_the_judges_language_of_a_command_line(argv: list[str], lang: str) -> None:
    assert judge_lang_of(argv) == lang


def test_a_value_complaint_without_its_own_shape_keeps_clicks_detail() -> None:
    message = "Invalid value for '--kind': 'rules' is not 'rule'."
    assert translated(message, "cs") == "Neplatná hodnota pro '--kind': 'rules' is not 'rule'."
    assert translated(message, "en") == message


def test_a_complaint_in_no_known_shape_stays_as_click_says_it() -> None:
    assert translated("Something click may say one day.", "cs") == "Something click may say one day."


def test_a_broken_translation_gives_clicks_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # a judge may edit messages.toml: a message naming a value click does not give must not hide the complaint
    from izvori_rules import messages

    section = messages.section
    monkeypatch.setattr(messages, "section", lambda lang, name: {**section(lang, name), "no_such_option": "{volba}"}
                        if (lang, name) == ("cs", "usage") else section(lang, name))
    assert translated("No such option: --nope", "cs") == "No such option: --nope"


def test_a_group_without_its_command_still_shows_its_help() -> None:
    result = invoke("deck")
    assert result.exit_code == 2 and "check" in result.stdout + result.stderr and "chyba" not in result.stderr



def _commands(typer_app: typer.Typer) -> list[tuple[str, str]]:
    """Every command of the tree with the help the list of commands shows (short_help=, help= or the docstring)."""
    found = [(info.name or info.callback.__name__, info.short_help or info.help or inspect.getdoc(info.callback)
              or "") for info in typer_app.registered_commands if info.callback is not None]
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            found += _commands(group.typer_instance)
    return found


def test_each_commands_first_paragraph_is_one_line_as_the_list_of_commands_shows_it() -> None:
    # typer's list of commands keeps a first paragraph's line breaks: at 80 columns search read "any language and
    # script. --lang is the" and then a gap of 27 spaces before "judge's language" (cite-check likewise); a
    # docstring whose first paragraph runs over lines gives the list a short_help=
    commands = _commands(app)
    assert len(commands) == 15  # lookup ... corpus add, as -h lists them
    assert [name for name, doc in commands if "\n" in doc.split("\n\n")[0]] == []
    result = runner.invoke(app, ["-h"], env={"COLUMNS": "80"})
    assert result.exit_code == 0 and "--lang is the" not in result.stdout

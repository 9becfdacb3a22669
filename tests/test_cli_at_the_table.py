"""Issue 12, read as a judge at a tournament table would: at 40 and 80 columns, in the judge's language, with the
answer in the first lines. Facts are asserted (a life total, a rule, a word of the document), not layouts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from izvori_rules.cli import app
from izvori_rules.corpus import corpus_dir

runner = CliRunner()
SCENARIOS = corpus_dir() / "scenarios"
# corpus/scenarios/izvori-razbijac-trample-excess.yaml: a 60/60 Razbijač blocked by a 20/20; sr-judge E3.102 and
# C11.25: 20 to the blocker, 40 to Boris, who goes from 200 to 160.
IZVORI_TRAMPLE = str(SCENARIOS / "izvori-razbijac-trample-excess.yaml")
# tests/scenarios/trample_chump.yaml: ru-cr 702.19b, a 5/5 trampler over a 2/2: Boris 20 → 17.
MTG_TRAMPLE = str(Path(__file__).parent / "scenarios" / "trample_chump.yaml")


def invoke(*args: str, width: int = 80) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": str(width)})


def lines(result: Result) -> list[str]:
    return result.stdout.splitlines()


def first(result: Result, n: int) -> str:
    return "\n".join(lines(result)[:n])


# --- scenario run: the answer first, in the judge's language -------------------------------------------------

@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize(("lang", "answer_word", "died_word"), [
    ("en", "Answer", "Died"), ("sr", "Odgovor", "Umrlo"), ("ru", "Ответ", "Погибли"), ("cs", "Odpověď", "Zemřelo")])
def test_scenario_answer_comes_first(width: int, lang: str, answer_word: str, died_word: str) -> None:
    result = invoke("scenario", "run", IZVORI_TRAMPLE, "--lang", lang, width=width)
    assert result.exit_code == 0
    head = first(result, 16)
    assert answer_word in head and "Boris: 160" in head and "Ana: 200" in head
    assert f"{died_word}: Grizzly Bears" in head
    assert "life.Boris = 160" in head  # the expectation, passed
    assert all(len(line) <= width for line in lines(result))


def test_mtg_scenario_answer_first_at_40_columns() -> None:
    result = invoke("scenario", "run", MTG_TRAMPLE, width=40)
    assert result.exit_code == 0
    assert "Boris: 17" in first(result, 8)


def test_scenario_steps_cite_only_the_rulesets_own_document_unless_asked() -> None:
    plain = invoke("scenario", "run", IZVORI_TRAMPLE).stdout
    assert "(rules: sr-judge)" in plain and "E3.102" in plain  # the rules' document named once
    assert "ru-cr:" not in plain and "cs-cr:" not in plain
    # sr-judge E3.102 is the Razbijač rule; its curated equivalent is ru-cr 702.19b (concordance.tsv)
    assert "ru-cr:702.19b" in invoke("scenario", "run", IZVORI_TRAMPLE, "--equivalents").stdout


def test_serbian_narration_is_translated_and_needs_no_cases() -> None:
    result = invoke("scenario", "run", IZVORI_TRAMPLE, "--lang", "sr", width=40)
    text = " ".join(result.stdout.split())
    # sr-judge C9/C10 step names; the column labels of the final state in Serbian
    assert "korak najave bića koja napadaju" in text and "odlagalište: Grizzly Bears" in text
    assert "raspoređuje štetu: Grizzly Bears: 20 i Boris: 40" in text
    assert "Razbijač" in text.split("Stanje na kraju")[1]  # the keyword in sr-judge's word (E3.100)
    state = text.split("Stanje na kraju")[1]  # (the expectations' keys are the file's own, zones.graveyard...)
    for english in ("hand", "battlefield", "graveyard", "exile", "damage", "tapped", "life"):
        assert english not in state


def test_russian_narration_uses_ru_cr_terms() -> None:
    text = " ".join(invoke("scenario", "run", MTG_TRAMPLE, "--lang", "ru", width=40).stdout.split())
    # ru-cr 508 "Шаг объявления атакующих", 510 "Шаг боевых повреждений"; 702.19 "Пробивной удар"
    assert "шаг объявления атакующих" in text and "шаг боевых повреждений" in text
    assert "Пробивной удар" in text and "кладбище: Grizzly Bears" in text


def test_scenario_run_help_says_where_the_format_is() -> None:
    text = " ".join(invoke("scenario", "run", "-h").stdout.split())
    assert "README" in text and "corpus/scenarios/" in text


def test_scenario_markdown_pastes_the_answer_first() -> None:
    result = invoke("scenario", "run", IZVORI_TRAMPLE, "--markdown")
    assert result.exit_code == 0
    head = lines(result)[:8]
    assert "- Boris: 160" in head and head[0].startswith("**")
    assert "`sr-judge:E3.102`" in result.stdout


# --- the stacked layouts of narrow screens ----------------------------------------------------------------------

def test_stats_at_40_columns_are_blocks_with_whole_numbers(graph: object) -> None:
    from izvori_rules.stats import document_stats

    rows = {r.doc: r for r in document_stats(graph)}  # type: ignore[arg-type]
    text = invoke("stats", width=40).stdout
    assert "…" not in text and all(len(line) <= 40 for line in text.splitlines())
    # counts in English are grouped by thousands (messages.number): ru-cr has over a thousand subrules
    assert f"ru-cr: {rows['ru-cr'].subrules:,}" in text and f"sr-judge: {rows['sr-judge'].rules:,}" in text


def test_cite_check_at_40_columns_keeps_the_citation_whole(tmp_path: Path) -> None:
    path = tmp_path / "answer.txt"
    path.write_text("Vidi pravilo D19.51.\n", encoding="utf-8")
    text = invoke("cite-check", str(path), width=40).stdout
    assert "rule: sr-judge:D19.51" in text and "verdict: ok" in text
    assert all(len(line) <= 40 for line in text.splitlines())


def test_lookup_wrapped_lines_keep_their_indent() -> None:
    out = invoke("lookup", "D19.51", width=40).stdout
    after = out.split("Equivalents:")[1].splitlines()[1:]
    assert after and all(line.startswith("  ") for line in after if line.strip())
    assert all(len(line) <= 40 for line in out.splitlines())


def test_search_snippets_keep_their_indent_at_40_columns() -> None:
    out = invoke("search", "razbijac", "--limit", "3", width=40).stdout.splitlines()
    hit_line = re.compile(r"^[a-z]+(-[a-z]+|-\d{4}-\d\d-\d\d)?:\S")  # a hit's reference starts its line
    hits = [i for i, line in enumerate(out) if hit_line.match(line)]
    assert hits
    body = [line for line in out[hits[0] + 1:] if line and not hit_line.match(line)]
    assert body and all(line.startswith("    ") for line in body)


# --- lookup: the documents' words, where the rule is printed, no jargon, no dead ends ---------------------------

@pytest.mark.parametrize(("ref", "word"), [
    ("sr-judge:D19.51", "Primer 1:"),  # sr-judge.txt 2694-2710: three "Primer:" blocks
    ("ru-cr:101.2", "Пример:"),        # ru-cr.txt 158: "Пример:" under 101.2
    ("cs-cr:214.4a", "Příklad:"),      # cs-cr.txt 11: "Příklad:" in 214.4a
])
def test_examples_are_labelled_in_the_documents_own_word(ref: str, word: str) -> None:
    out = invoke("lookup", ref, width=200).stdout
    assert word in out and "Example" not in out


# sr-judge.txt 2694 (D19.51), its original 418.5a of 2006-10-01 (originals.tsv: number), today cr:613.1
# (lineage.tsv: renumbered); concordance.tsv: ru-cr:613.1 checked by hand. ru-cr.txt 9313 (702.19b), its
# original 702.19b of 2019-05-03, today cr:702.19b with words changed (lineage.tsv).
LOOKUP_IN_LANG = [
    ("sr", "D19.51", "Vrednosti svojstava objekta",
     ["red 2694", "Engleski original: CR 2006-10-01 418.5a (isti broj)", "Danas: cr:613.1 (prenumerisano",
      "Poziva se na: sr-judge:E4", "Na njega se pozivaju:", "Ekvivalenti:", "provereno ručno"]),
    ("ru", "ru-cr:702.19b", "Игрок контролирующий атакующее существо",
     ["строка 9313", "Английский оригинал: CR 2019-05-03 702.19b (тот же номер)", "Сегодня: cr:702.19b (изменено",
      "Эквиваленты:", "sr-judge:E3.102 близко, проверено вручную"]),
    # cs-cr.txt line 26 (310.1b), its original 310.1b of 2003-03-15 (originals.tsv: number), today cr:510.1b
    # (lineage.tsv: renumbered, words changed); concordance.tsv: sr-judge:C11.22 the same rule, checked by hand
    ("cs", "cs-cr:310.1b", "Neblokovaná bytost udělí všechno své bojové zranění",
     ["řádek 26", "Anglický originál: CR 2003-03-15 310.1b (stejné číslo)", "Dnes: cr:510.1b (přečíslováno, text změněn",
      "Ekvivalenty:", "sr-judge:C11.22 stejné, ověřeno ručně"]),
]


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize(("lang", "ref", "answer", "labels"), LOOKUP_IN_LANG, ids=["sr", "ru", "cs"])
def test_lookup_speaks_the_judges_language(width: int, lang: str, ref: str, answer: str, labels: list[str]) -> None:
    result = invoke("lookup", ref, "--lang", lang, width=width)
    assert result.exit_code == 0 and all(len(line) <= width for line in lines(result))
    assert ref.split(":")[-1] in first(result, 2) and answer in " ".join(first(result, 8).split())
    text = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.stdout).split())
    assert all(label in text for label in labels)
    assert not {"Cites:", "Cited by:", "Equivalents:", "English original:", "Today:"} & set(text.split(" "))


@pytest.mark.parametrize(("lang", "message"), [("sr", "Nema pravila 'Z99.99'."), ("ru", "Нет правила 'Z99.99'."),
                                               ("SR", "Nema pravila 'Z99.99'."), ("cs", "Pravidlo 'Z99.99' neexistuje.")],
                         ids=["sr", "ru", "capitals", "cs"])
def test_lookup_without_an_answer_says_so_in_the_judges_language(lang: str, message: str) -> None:
    result = invoke("lookup", "Z99.99", "--lang", lang, width=40)
    assert result.exit_code == 1 and message in " ".join(result.stdout.split())


def test_a_czech_judge_is_told_which_rule_was_meant() -> None:
    # sr-judge.txt: D19.52 exists, D19.52x does not
    result = invoke("lookup", "D19.52x", "--lang", "cs", width=200)
    assert result.exit_code == 1
    assert result.stdout.startswith("Pravidlo 'D19.52x' neexistuje. Měli jste na mysli: sr-judge:D19.52, ")


def test_lookup_refuses_an_unknown_language() -> None:
    result = invoke("lookup", "D19.51", "--lang", "de")
    assert result.exit_code == 2 and "--lang" in result.stderr


@pytest.mark.parametrize("args", [["--lang", "ru"], ["--lang=ru"]])
def test_a_cold_lookup_in_russian_runs_without_typer(args: list[str]) -> None:
    import os
    import subprocess
    import sys

    code = (f"import sys; from izvori_rules.cli.fast import run_fast; status = run_fast(['lookup', '101.4', *{args}]);"
            " print(status, sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click'}), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "COLUMNS": "80"})
    out = " ".join(done.stdout.split())
    # ru-cr.txt 172: 101.4 with subrules 101.4a-d
    assert done.stderr.strip() == "0 []" and "Подпункты: 101.4a, 101.4b" in out and "Children" not in out


def test_lookup_says_which_file_the_line_is_in() -> None:
    out = " ".join(invoke("lookup", "D19.51", width=200).stdout.split())
    assert "corpus/documents/sr-judge.txt, line 2694" in out
    printed = (corpus_dir() / "documents" / "sr-judge.txt").read_text(encoding="utf-8").splitlines()
    assert printed[2693].startswith("D19.51 ")


def test_lookup_equivalents_have_no_aligner_jargon() -> None:
    out = invoke("lookup", "ru-cr:702.19b", "101.4", width=200).stdout
    assert "score" not in out and "aligned" not in out
    assert "checked by hand" in out  # sr-judge:E3.102 ≡ ru-cr:702.19b is curated (concordance.tsv)


@pytest.mark.parametrize(("word", "glossary", "concept"), [
    ("Razbijač", "sr-judge:glossary:Razbijač", "trample"),
    ("trample", "ru-cr:glossary:Trample", "trample"),
    ("Niz", "sr-judge:glossary:Niz", "stack"),
])
def test_a_word_given_to_lookup_points_to_glossary_define_and_search(word: str, glossary: str, concept: str) -> None:
    result = invoke("lookup", word, width=200)
    assert result.exit_code == 1
    assert glossary in result.stdout and "izvori-judge define" in result.stdout
    assert "izvori-judge search" in result.stdout and "sr-basic:I" not in result.stdout
    data = json.loads(invoke("lookup", word, "--json").stdout)
    assert glossary in data["glossary"] and concept in data["concepts"] and data["suggestions"] == []


def test_a_deck_violation_cites_the_rulesets_own_rule_only() -> None:
    # tests/fixtures/decks/pt-guide-fractius.txt line 35 "5 florestas"; sr-judge.txt 52 (A1.20): at most four
    deck = str(Path(__file__).parent / "fixtures" / "decks" / "pt-guide-fractius.txt")
    result = invoke("deck", "check", deck, width=40)
    text = " ".join(result.stdout.split())
    assert result.exit_code == 2 and "max_copies: sr-judge:A1.20" in text  # 2: its lines 1 and 3 are prose
    assert "pt-guide:" not in text and "glossary" not in text.split("max_copies:")[1].split("(+")[0]
    assert "pt-guide:" in invoke("deck", "check", deck, "--json").stdout  # the JSON keeps every reference


# --- the command line ---------------------------------------------------------------------------------------

def test_version_and_short_help() -> None:
    from izvori_rules import __version__

    version = invoke("--version")
    assert version.exit_code == 0 and version.stdout.strip() == f"izvori-judge {__version__}"
    helped = invoke("-h")
    assert helped.exit_code == 0 and "--install-completion" in helped.stdout


COMMANDS = [["lookup"], ["stats"], ["define"], ["search"], ["cite-check"], ["combat"], ["index", "build"],
            ["export", "xml"], ["export", "html"], ["deck", "check"], ["scenario", "run"], ["scenario", "check"]]


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_every_help_has_an_example_and_clean_placeholders(command: list[str]) -> None:
    result = invoke(*command, "-h", width=120)
    assert result.exit_code == 0
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert "{" not in usage and "blockers_more" not in usage and "_" not in usage.split("Usage:")[1]
    assert "Example" in result.stdout and "izvori-judge " + " ".join(command) in " ".join(result.stdout.split())


def _command_options() -> dict[str, set[str]]:
    """Every command of the typer app (``scenario run``) and its options, walked from the app, so that a command
    added later is held to what the tests below ask of all."""
    import typer.main

    def leaves(command: Any, path: str) -> Iterator[tuple[str, set[str]]]:
        subcommands = getattr(command, "commands", None)
        if subcommands is None:
            yield path, {o for p in command.params for o in getattr(p, "opts", [])}
        else:
            for name, sub in subcommands.items():
                yield from leaves(sub, f"{path} {name}".strip())

    return dict(leaves(typer.main.get_command(app), ""))


def test_every_command_takes_json() -> None:
    """The README's promise: every command takes ``--json`` for scripts."""
    found = _command_options()
    assert {" ".join(c) for c in COMMANDS} <= set(found)
    assert [name for name, options in found.items() if "--json" not in options] == []


def test_ruleset_defaults_agree() -> None:
    combat = " ".join(invoke("combat", "-h", width=200).stdout.split())
    deck = " ".join(invoke("deck", "check", "-h", width=200).stdout.split())
    assert "[default: izvori]" in combat and "[default: izvori]" in deck


def test_combat_takes_keywords_in_any_language() -> None:
    # ru-cr 702.19b: 3 trample over a 2/2 blocker is 2 to the blocker, 1 to the player
    data = json.loads(invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 пробивной удар", "--blockers", "2/2",
                             "--json").stdout)
    assert data["assigned"]["Attacker"] == {"Blocker": 2, "Defending player": 1}
    assert data["life_lost"] == 1


def test_combat_blockers_can_have_a_colour() -> None:
    # ru-cr 702.16b: protection from red: it can't be blocked by red creatures
    red = invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 protection:red", "--blockers", "2/2 red")
    green = invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 protection:red", "--blockers", "2/2 green")
    assert (red.exit_code, green.exit_code) == (4, 0)


def test_lang_means_the_judges_language_everywhere() -> None:
    line = " ".join(invoke("combat", "--attacker", "40/40", "--blockers", "20/20", "--lang", "ru").stdout.split())
    assert "Защищающийся игрок" in line and "погибает" in line
    # cs-cr 309 "Krok deklarování obránců" (obránce: the blocker), 309.2 "Bránící hráč" (the defending player)
    line = " ".join(invoke("combat", "--attacker", "40/40", "--blockers", "20/20", "--lang", "cs").stdout.split())
    assert "umírá: Obránce" in line and "Bránící hráč ztrácí životy: 0" in line
    assert invoke("combat", "--attacker", "40/40", "--lang", "de").exit_code == 2


def test_search_doc_takes_a_language() -> None:
    # cs-cr 217.4 "Hřbitov" (the graveyard); --doc cs is every document in Czech, --lang cs the Czech judge, who
    # searches every document (the graveyard rules of sr-judge B16.40 and cr 404 as well)
    data = json.loads(invoke("search", "hřbitov", "--doc", "cs", "--json").stdout)
    assert data["hits"] and {h["doc"] for h in data["hits"]} == {"cs-cr"}
    data = json.loads(invoke("search", "hřbitov", "--lang", "cs", "--json").stdout)
    assert {"cs-cr", "sr-judge", "cr"} <= {h["doc"] for h in data["hits"]}


def test_a_cold_lookup_runs_without_typer() -> None:
    import subprocess
    import sys

    code = ("import sys; from izvori_rules.cli.fast import run_fast; status = run_fast(['lookup', 'D19.51']); "
            "print(status, sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click'}), "
            "'rich.console' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # the box is drawn by cli/styled.py, without rich's console (a fifth of a cold start)
    assert done.stderr.strip() == "0 [] False" and "Vrednosti svojstava objekta" in done.stdout  # sr-judge.txt 2694


# --- Markdown ---------------------------------------------------------------------------------------------------

def test_lookup_markdown_links_to_the_rulebook_anchor() -> None:
    from izvori_rules.export.html_plan import anchor_id

    out = invoke("lookup", "D19.51", "--markdown", "--base-url", "https://judge.example/rules/").stdout
    link = re.search(r"\[sr-judge:D19\.51\]\((https://judge\.example/rules/[^)#]+\.html)#([^)]+)\)", out)
    assert link is not None and link.group(2) == anchor_id("sr-judge:D19.51")
    assert "_Primer 1:_" in out  # sr-judge's own word for its examples


@pytest.mark.parametrize("url", ["javascript:alert(1)", "http://x/)](http://evil.example", "rules/", "https://a b/"],
                         ids=["script", "closes-the-link", "relative", "space"])
def test_a_base_url_no_markdown_link_can_hold_is_bad_input(url: str) -> None:
    # was written into every link as given: [sr-judge:D19.51](http://x/)](http://evil.example/sr-judge-D19.html#...)
    for args in (["lookup", "D19.51"], ["scenario", "run", MTG_TRAMPLE]):
        result = invoke(*args, "--markdown", "--base-url", url)
        assert result.exit_code == 2 and "give the rulebook's address" in " ".join(result.stderr.split())
    assert invoke("lookup", "D19.51", "--markdown", "--base-url", "file:///home/judge/rulebook").exit_code == 0


@pytest.mark.parametrize("args", [["lookup", "D19.51"], ["search", "razbijac"], ["define", "Razbijač"],
                                  ["scenario", "run", MTG_TRAMPLE]], ids=["lookup", "search", "define", "scenario"])
def test_a_base_url_without_markdown_is_bad_input_not_ignored(args: list[str]) -> None:
    # --base-url's help: "With --markdown: link rules to the offline rulebook" (was: ignored, exit 0)
    result = invoke(*args, "--base-url", "https://judge.example/rules/")
    assert result.exit_code == 2 and "it links the rules of a Markdown answer: add --markdown" in \
        " ".join(result.stderr.replace("│", " ").split())  # typer's error box


def test_json_and_markdown_together_are_bad_input_in_every_command_that_has_both() -> None:
    # was: --json answered and --markdown was dropped without a word, exit 0
    both = [name for name, options in _command_options().items() if {"--json", "--markdown"} <= options]
    words = {"lookup": ["D19.51"], "search": ["razbijac"], "define": ["Razbijač"], "scenario run": [MTG_TRAMPLE]}
    assert sorted(both) == sorted(words)
    for name in both:
        result = invoke(*name.split(), *words[name], "--json", "--markdown")
        said = " ".join(result.stderr.replace("│", " ").split())  # typer's error box
        assert (result.exit_code, result.stdout) == (2, "") and "--json and --markdown are two answers: give one " \
            "of them" in said, name


def test_json_with_markdown_is_not_taken_by_the_fast_path() -> None:
    from izvori_rules.cli.fast import run_fast

    assert run_fast(["scenario", "run", MTG_TRAMPLE, "--json", "--markdown"]) is None


def test_a_base_url_without_markdown_is_not_taken_by_the_fast_path() -> None:
    import os
    import subprocess
    import sys

    code = "import sys; from izvori_rules.cli import main; sys.argv[0] = 'izvori-judge'; main()"
    result = subprocess.run([sys.executable, "-c", code, "scenario", "run", MTG_TRAMPLE, "--base-url",
                             "https://judge.example/"], capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert result.returncode == 2 and "add --markdown" in " ".join(result.stderr.replace("│", " ").split())


def test_markdown_escapes_the_documents_characters() -> None:
    from izvori_rules.cli.markdown import escape

    assert escape("*bold* _it_ [x](y) `c`") == r"\*bold\* \_it\_ \[x\](y) \`c\`"


@pytest.mark.parametrize(("text", "expected"), [
    ("@everyone look", "@\u200beveryone look"),
    ("@here", "@\u200bhere"),
    ("<@123456789012345678>", "\\<@\u200b123456789012345678\\>"),  # a user: <@ID>, an ID of 17-20 digits
    ("<@!123456789012345678>", "\\<@\u200b!123456789012345678\\>"),  # a user by nickname
    ("<@&123456789012345678>", "\\<@\u200b&123456789012345678\\>"),  # a role
    ("judge@example.com", "judge@example.com"),
], ids=["everyone", "here", "user", "nickname", "role", "an-address-is-no-mention"])
def test_markdown_text_pings_no_one_on_discord(text: str, expected: str) -> None:
    from izvori_rules.cli.markdown import escape

    # a zero-width space after the @, as discord.py's utils.escape_mentions writes it
    assert escape(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("- one\n+ two", "\\- one\n\\+ two"),  # a line opening with "- " or "+ " is a list item in Discord
    ("1. one\n  12. two", "1\\. one\n  12\\. two"),  # and one opening with "1. " a numbered item
    ("702.19b Trample\n-1/-1 counters", "702.19b Trample\n-1/-1 counters"),  # a rule number, a -1/-1 counter: no list
], ids=["bullets", "numbers", "no-list"])
def test_markdown_text_starts_no_list(text: str, expected: str) -> None:
    from izvori_rules.cli.markdown import escape

    assert escape(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("izvori-judge define trample", "`izvori-judge define trample`"),
    ("a`b @here", "``a`b @\u200bhere``"),  # a backtick inside: a longer fence, so the code span does not end early
    ("`a", "`` `a ``"),
], ids=["plain", "backtick-inside", "backtick-first"])
def test_markdown_code_holds_any_text(text: str, expected: str) -> None:
    from izvori_rules.cli.markdown import code

    assert code(text) == expected


@pytest.mark.parametrize("query", ["@everyone qqzx", "<@123456789012345678> qqzx"], ids=["everyone", "user"])
def test_a_search_query_in_markdown_pings_no_one(query: str) -> None:
    out = invoke("search", query, "--markdown").stdout
    assert "@\u200b" in out and not re.search(r"@(everyone|\d{17})", out)


def test_define_and_search_have_markdown() -> None:
    assert invoke("define", "trample", "--markdown").stdout.startswith("**trample**")
    assert "\n1. `" in invoke("search", "razbijac", "--markdown", "--limit", "2").stdout


def test_search_markdown_shows_the_concepts_and_their_definitions_above_the_rules_in_the_judges_language() -> None:
    """Issue 10: definitions grouped by concept above the list, in --markdown as in the rich answer. sr-judge's
    glossary has "Razbijač" ("Razbijač je pasivna osobina koja menja korak borbene štete"), the English CR's
    "Trample"; the labels are corpus/messages.toml's [sr.search]."""
    from izvori_rules.messages import section

    words = section("sr", "search")
    out = invoke("search", "razbijac", "--markdown", "--limit", "2", "--lang", "sr").stdout
    lines = out.splitlines()
    assert lines[0].startswith(f"_{words['concepts']}:_ ")
    assert f"**{words['definition']}: " in out and "- `sr-judge:glossary:Razbijač` — Razbijač je pasivna osobina" in out
    assert "- `cr:glossary:Trample` — A keyword ability" in out
    first_hit = next(n for n, line in enumerate(lines) if line.startswith("1. `"))
    assert all(not line.startswith("- `") for line in lines[first_hit:])  # every definition above the rules
    # corpus/cards.yaml: Wrath of God's Serbian name is "Perunov Gnev" (sr-basic L457), said as the card it names
    card = invoke("search", "Perunov Gnev regeneracija", "--markdown", "--limit", "1", "--lang", "sr").stdout
    assert f"_{words['card']}:_ Perunov Gnev = **Wrath of God** → " in card


# --- --lang on the other commands judges use at the table ---------------------------------------------------------
# The words are corpus/messages.toml's [LANG.cite_check] and [LANG.deck]; the rules and cards stay as written.

# sr-judge.txt: A4.40 exists (the active player chooses first); there is no Z9.99 (dangling)
CITED = "Vidi pravilo A4.40 i pravilo Z9.99.\n"
CITE_CHECK_IN_LANG = [
    ("sr", ["Poziva na pravila: 2", "red: 1", "pravilo: sr-judge:A4.40", "ocena: u redu", "ocena: ne postoji",
            "kaže / danas:", "Engleski original: CR", "danas: cr:101.4 (prenumerisano)"]),
    ("ru", ["Ссылок на правила: 2", "строка: 1", "правило: sr-judge:A4.40", "оценка: верно", "оценка: не существует",
            "текст / сейчас:", "Английский оригинал: CR", "сегодня: cr:101.4 (перенумеровано)"]),
]
ENGLISH_CITE_CHECK = ("citations", "line:", "rule:", "verdict:", "says / current:", "English original:", "today:",
                      "does not exist", "renumbered")


@pytest.mark.parametrize(("lang", "labels"), CITE_CHECK_IN_LANG, ids=["sr", "ru"])
def test_cite_check_speaks_the_judges_language(tmp_path: Path, lang: str, labels: list[str]) -> None:
    result = invoke("cite-check", _cited(tmp_path), "--lang", lang, width=40)
    text = " ".join(result.stdout.split())
    assert result.exit_code == 1 and all(len(line) <= 40 for line in lines(result))
    assert [label for label in labels if label not in text] == []
    assert [word for word in ENGLISH_CITE_CHECK if word in text] == []


@pytest.mark.parametrize(("lang", "message"), [("sr", "U tekstu nema poziva na pravila."),
                                               ("ru", "В тексте нет ссылок на правила.")], ids=["sr", "ru"])
def test_cite_check_without_citations_says_so_in_the_judges_language(tmp_path: Path, lang: str, message: str) -> None:
    path = tmp_path / "answer.txt"
    path.write_text("Nema pravila ovde.\n", encoding="utf-8")
    assert invoke("cite-check", str(path), "--lang", lang).stdout == message + "\n"


# sr-judge.txt: "Interakcija trajnih efekata" is the heading of D19.50, not of D19.51 (a title mismatch)
@pytest.mark.parametrize(("lang", "said"), [
    ("sr", "naveden je naslov „Interakcija trajnih efekata“, a D19.51 je „Vrednosti svojstava objekta"),
    ("ru", "указано название «Interakcija trajnih efekata», но D19.51 — это «Vrednosti svojstava objekta"),
], ids=["sr", "ru"])
def test_cite_check_says_a_title_mismatch_in_the_judges_language(tmp_path: Path, lang: str, said: str) -> None:
    path = tmp_path / "answer.txt"
    path.write_text('Vidi pravilo D19.51 "Interakcija trajnih efekata".\n', encoding="utf-8")
    text = " ".join(invoke("cite-check", str(path), "--lang", lang, width=40).stdout.split())
    assert said in text and "D19.50" in text.split(said)[1] and "quoted" not in text and ", but " not in text
    detail = json.loads(invoke("cite-check", str(path), "--json", "--lang", lang).stdout)["citations"][0]["detail"]
    assert "quoted “Interakcija trajnih efekata”, but D19.51 is" in detail  # the JSON stays English


# tests/fixtures/decks/izvori-five-of-a-name.txt: 44 cards, five Grom on lines 9 and 16; sr-judge A1.20: four at most
FIVE_OF_A_NAME = str(Path(__file__).parent / "fixtures" / "decks" / "izvori-five-of-a-name.txt")
DECK_IN_LANG = [
    ("sr", ["neispravan po pravilima izvori constructed", "Iznenađenja: 5", "ukupno u špilu: 44", "(red 9)",
            "Grom, broj primeraka: 5 (redovi 9, 16); najviše 4 karte istog imena",
            "max_copies: sr-judge:A1.20 (+", "rečnik, drugi dokumenti; --json)"]),
    ("ru", ["недопустима по правилам izvori constructed", "Iznenađenja: 5", "всего в колоде: 44", "(строка 9)",
            "Grom, число экземпляров: 5 (строки 9, 16); не больше 4 карт с одним названием",
            "max_copies: sr-judge:A1.20 (ещё", "глоссарий, другие документы; --json)"]),
    ("cs", ["nelegální podle pravidel izvori constructed", "Iznenađenja: 5", "karet v balíčku: 44", "(řádek 9)",
            "Grom, počet kopií: 5 (řádky 9, 16); jedno jméno nejvýše 4×",
            "max_copies: sr-judge:A1.20 (+", "slovníček, další dokumenty; --json)"]),
]


@pytest.mark.parametrize(("lang", "labels"), DECK_IN_LANG, ids=["sr", "ru", "cs"])
def test_deck_check_speaks_the_judges_language(lang: str, labels: list[str]) -> None:
    result = invoke("deck", "check", FIVE_OF_A_NAME, "--lang", lang, width=40)
    text = " ".join(result.stdout.split())
    assert result.exit_code == 1 and [label for label in labels if label not in text] == []
    assert [word for word in ("illegal", " under ", "deck total", "(line", "more:", "glossary", "copies of", "of one name")
            if word in text] == []


def _cited(tmp_path: Path) -> str:
    path = tmp_path / "answer.txt"
    path.write_text(CITED, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("command", [["cite-check"], ["deck", "check", FIVE_OF_A_NAME]], ids=["cite-check", "deck"])
def test_json_ignores_lang(tmp_path: Path, command: list[str]) -> None:
    args = [*command, _cited(tmp_path)] if command == ["cite-check"] else command
    english = invoke(*args, "--json").stdout
    assert json.loads(english) and [invoke(*args, "--json", "--lang", lang).stdout == english
                                    for lang in ("sr", "ru")] == [True, True]


@pytest.mark.parametrize("command", [["cite-check"], ["deck", "check", FIVE_OF_A_NAME]], ids=["cite-check", "deck"])
def test_lang_is_parsed_as_everywhere(tmp_path: Path, command: list[str]) -> None:
    args = [*command, _cited(tmp_path)] if command == ["cite-check"] else command
    assert invoke(*args, "--lang", "de").exit_code == 2
    assert invoke(*args, "--lang", "SR").stdout == invoke(*args, "--lang", "sr").stdout


# corpus/concepts.tsv: sr "sprečiti" is both counter (sr-judge D20.73) and prevent (D20.72); the [LANG.define] words
DEFINE_IN_LANG = [
    ("sr", ["sprečiti označava više pojmova (2):", "Engleski: counter", "Srpski: sprečiti", "Ruski: Отменить",
            "Pravila sr-judge:D20.73", "Rečnik sr-judge:glossary:Sprečiti", "Napomena:"]),
    ("ru", ["sprečiti — это несколько понятий (2):", "Английский: counter", "Сербский: sprečiti",
            "Русский: Отменить", "Правила sr-judge:D20.73", "Глоссарий sr-judge:glossary:Sprečiti", "Примечание:"]),
]


@pytest.mark.parametrize(("lang", "labels"), DEFINE_IN_LANG, ids=["sr", "ru"])
def test_define_speaks_the_judges_language(lang: str, labels: list[str]) -> None:
    result = invoke("define", "sprečiti", "--lang", lang, width=40)
    text = " ".join(result.stdout.split())
    assert result.exit_code == 0 and [label for label in labels if label not in text] == []
    assert [word for word in ("names 2 concepts", "English:", "Serbian:", "Russian:", "Rules", "Glossary", "Note:")
            if word in text] == []


@pytest.mark.parametrize(("lang", "message"), [("sr", "greška: nema pojma 'rasbijac'; da li si mislio: Razbijač"),
                                               ("ru", "ошибка: нет понятия 'rasbijac'; возможно, вы имели в виду: "
                                                      "Razbijač"),
                                               ("cs", "chyba: pojem 'rasbijac' neexistuje; měli jste na mysli: Razbijač")],
                         ids=["sr", "ru", "cs"])
def test_define_without_an_answer_says_so_in_the_judges_language(lang: str, message: str) -> None:
    result = invoke("define", "rasbijac", "--lang", lang)
    assert result.exit_code == 1 and message in " ".join(result.stderr.split())


def test_define_json_ignores_lang() -> None:
    english = invoke("define", "sprečiti", "--json").stdout
    assert json.loads(english)["concepts"] and [invoke("define", "sprečiti", "--json", "--lang", lang).stdout == english
                                                for lang in ("sr", "ru")] == [True, True]
    assert invoke("define", "sprečiti", "--lang", "de").exit_code == 2


# The English CR's history: 702.19b was 502.9b from 2003-03-15 (releases.tsv, the oldest release here) to
# 2009-05-01; 2020-04-17 (Ikoria) removed 613.3d "Layer 7d: Power and/or toughness changes from counters".
HISTORY_IN_LANG = [
    ("sr", ["702.19b u cr-", "prvi put u 2003-03-15 (najstarije izdanje ovde) kao 502.9b",
            "Brojevi: 502.9b (2003-03-15 – 2009-05-01)", "(izmenjeno)"],
     ["dodato:", "uklonjeno:", "izmenjeno:", "prenumerisano:", "613.3d (uklonjeno u izdanju 2020-04-17; najbliži naslednik"]),
    ("ru", ["702.19b в cr-", "впервые в 2003-03-15 (самый старый выпуск здесь) под номером 502.9b",
            "Номера: 502.9b (2003-03-15 – 2009-05-01)", "(изменено)"],
     ["добавлено:", "удалено:", "изменено:", "перенумеровано:", "613.3d (удалено в выпуске 2020-04-17; ближайший преемник"]),
]


@pytest.mark.parametrize(("lang", "history_labels", "diff_labels"), HISTORY_IN_LANG, ids=["sr", "ru"])
def test_history_and_diff_speak_the_judges_language(lang: str, history_labels: list[str], diff_labels: list[str]) -> None:
    history = " ".join(invoke("history", "702.19b", "--lang", lang, width=40).stdout.split())
    assert [label for label in history_labels if label not in history] == []
    assert [word for word in (" first in ", "oldest release", "Numbers:", "(changed)", "typographic change")
            if word in history] == []
    diff = " ".join(invoke("diff", "2019-05-03", "2020-04-17", "--section", "6", "--lang", lang).stdout.split())
    assert [label for label in diff_labels if label not in diff] == []
    assert not re.search(r"\d (added|removed|changed|renumbered) |\((changed|removed in)|nearest successor", diff)


def test_history_and_diff_json_ignore_lang() -> None:
    for args in (["history", "702.19b"], ["diff", "2019-05-03", "2020-04-17", "--section", "6"]):
        english = invoke(*args, "--json").stdout
        assert json.loads(english) and [invoke(*args, "--json", "--lang", lang).stdout == english
                                        for lang in ("sr", "ru")] == [True, True]
        assert invoke(*args, "--lang", "de").exit_code == 2


def test_a_cold_history_in_serbian_runs_on_the_fast_path() -> None:
    import subprocess
    import sys

    code = ("import sys; from izvori_rules.cli.fast import run_fast; status = run_fast(['history', '702.19b', "
            "'--lang', 'sr']); print(status, 'typer' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "0 False" and "Brojevi: 502.9b" in done.stdout


# --- search, define and scenario check in the judge's language ------------------------------------------------
# The words around the answers are corpus/messages.toml's [LANG.search], [LANG.lookup] (no rule, did you mean),
# [LANG.define] and [LANG.labels]; the rules, snippets and the judge's query are printed as given.

def _said(result: Result) -> str:
    """The output with its line breaks undone (40 columns wrap a sentence between its words)."""
    return " ".join(result.stdout.split())


# (the judge's language, a query whose answer defines its concept, the labels the answer shows): sr-judge E3.100
# and ru-cr's glossary "Trample" (Пробивной удар) define trample; cs-cr has no glossary, so "bytost" (214.7
# Bytosti) names its concept only
SEARCH_IN_LANG = [("en", "razbijač", ("concepts", "definition")), ("sr", "razbijač", ("concepts", "definition")),
                  ("ru", "пробивной удар", ("concepts", "definition")), ("cs", "bytost", ("concepts",))]


@pytest.mark.parametrize(("lang", "query", "shown"), SEARCH_IN_LANG, ids=[case[0] for case in SEARCH_IN_LANG])
def test_search_labels_its_answer_in_the_judges_language(lang: str, query: str, shown: tuple[str, ...]) -> None:
    from izvori_rules.messages import section

    words, english = section(lang, "search"), section("en", "search")
    result = invoke("search", query, "--lang", lang, "--limit", "3", width=40)
    assert result.exit_code == 0 and all(len(line) <= 40 for line in lines(result))
    assert [key for key in shown if not any(line.startswith(words[key] + ": ") for line in lines(result))] == []
    if lang != "en":
        assert [key for key in ("concepts", "definition") if words[key] == english[key]] == []  # translated
        assert [key for key in english if english[key].split()[0] + ":" in result.stdout] == []


def test_search_names_the_concepts_in_the_judges_words() -> None:
    # concepts.tsv: trample is Razbijač in sr-judge (E3.100), Пробивной удар in ru-cr (702.19)
    assert lines(invoke("search", "razbijač", "--lang", "sr", "--limit", "1"))[0].endswith(": Razbijač")
    assert lines(invoke("search", "пробивной удар", "--lang", "ru", "--limit", "1"))[0].endswith(": Пробивной удар")


@pytest.mark.parametrize("lang", ["sr", "ru", "cs"])
def test_search_says_nothing_found_in_the_judges_language_with_the_query_as_text(lang: str) -> None:
    from izvori_rules.messages import section

    result = invoke("search", "[bold]qqzx", "--lang", lang, width=40)
    expected = section(lang, "search")["nothing_found"].format(query="'[bold]qqzx'")
    assert result.exit_code == 1 and " ".join(expected.split()) in _said(result)  # the brackets printed, not markup
    assert "Nothing found" not in result.stdout and "Did you mean" not in result.stdout
    citation = invoke("search", "Z99.99", "--lang", lang, width=40)  # no rule Z99.99 in any document
    expected = section(lang, "lookup")["no_rule"].format(query="'Z99.99'")
    assert citation.exit_code == 1 and " ".join(expected.split()) in _said(citation)
    assert "No rule" not in citation.stdout


def test_search_markdown_says_nothing_found_in_the_judges_language() -> None:
    from izvori_rules.messages import section

    result = invoke("search", "[bold]qqzx", "--lang", "sr", "--markdown")
    said = section("sr", "search")["nothing_found"].format(query="'[bold]qqzx'")
    assert result.exit_code == 1 and said.replace("[", "\\[").replace("]", "\\]") in result.stdout


def test_define_says_the_kind_of_concept_in_the_judges_language() -> None:
    from izvori_rules.messages import section
    from izvori_rules.text.concepts import KINDS

    # concepts.tsv: trample is a keyword_ability (sr-judge E3.100 "Razbijač je pasivna osobina")
    assert [kind for kind in KINDS if f"kind_{kind}" not in section("en", "define")] == []
    for lang in ("sr", "ru", "cs"):
        kind = section(lang, "define")["kind_keyword_ability"]
        assert lines(invoke("define", "trample", "--lang", lang))[0] == f"trample  {kind}"
        assert invoke("define", "trample", "--lang", lang, "--markdown").stdout.startswith(f"**trample** ({kind})")


@pytest.mark.parametrize("lang", ["sr", "ru", "cs"])
def test_scenario_check_speaks_the_judges_language(tmp_path: Path, lang: str) -> None:
    from izvori_rules.messages import labels

    words = labels(lang)
    for name in ("trample_chump", "failing_expectation"):  # tests/scenarios: 3/3 checks pass, life.Boris fails
        (tmp_path / f"{name}.yaml").write_bytes((Path(__file__).parent / "scenarios" / f"{name}.yaml").read_bytes())
    result = invoke("scenario", "check", str(tmp_path), "--lang", lang, width=40)
    assert result.exit_code == 1
    assert lines(result)[-1] == words["check_passed"].format(passed=1, total=2)
    assert f"{words['check_reason']}: {words['check_failed'].format(checks='life.Boris')}" in result.stdout
    assert "passed" not in result.stdout and "reason" not in result.stdout


def test_every_argument_placeholder_is_upper_case() -> None:
    """The usage lines read alike: ``history [OPTIONS] REF`` as ``lookup [OPTIONS] REF...`` (was ``ref``)."""
    import typer.main

    def arguments(command: Any) -> Iterator[tuple[str, str]]:
        for sub in getattr(command, "commands", {}).values():
            yield from arguments(sub)
        for param in getattr(command, "params", []):
            if param.param_type_name == "argument":
                yield command.name, str(param.metavar)

    found = list(arguments(typer.main.get_command(app)))
    assert ("history", "REF") in found
    assert [(name, shown) for name, shown in found if shown.split(".")[0].strip("[]\"") !=
            shown.split(".")[0].strip("[]\"").upper()] == []


def test_export_says_what_it_wrote_in_the_judges_language(tmp_path: Path, graph: Any) -> None:
    from izvori_rules.messages import number, section
    from izvori_rules.text.concepts import load_concepts

    out = tmp_path / "rules.xml"
    result = invoke("export", "xml", str(out), "--lang", "ru", width=200)
    # the counts grouped by thousands as Russian writes them (8 726, a no-break space)
    said = section("ru", "export")["wrote_xml"].replace(":,}", "}").format(
        nodes=number(len(graph.nodes), "ru"), concepts=number(len(load_concepts()), "ru"), out=out)
    assert result.exit_code == 0 and result.stdout.strip() == said  # every node of the graph, every concept

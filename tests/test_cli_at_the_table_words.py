"""The tool's own words at the table, in the judge's ``--lang``, on a 40-column phone: ``stats``, lookup's notices and
flags, the ``note:`` prefix, ``deck check``'s sections, counts grouped by thousands as each language writes them,
combat's protection from a colour (and from a word that is none), and the help of every command. The words
expected are read from ``corpus/messages.toml``, the facts from the documents."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from izvori_rules.cli import app
from izvori_rules.messages import catalogue, languages, number

runner = CliRunner()
LANGS = languages()
FIXTURES = Path(__file__).parent / "fixtures"


def invoke(*args: str, width: int = 40) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": str(width)})


def words(lang: str, section: str) -> dict[str, str]:
    return {**catalogue()["en"][section], **catalogue()[lang][section]}


def flat(text: str) -> str:
    return " ".join(text.split())


# --- stats ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_stats_speaks_the_judges_language_with_its_numbers(graph: Any, lang: str) -> None:
    from izvori_rules.stats import document_stats

    rows = {r.doc: r for r in document_stats(graph)}
    result = invoke("stats", "--lang", lang)
    said = words(lang, "stats")
    text = result.stdout
    assert result.exit_code == 0 and all(len(line) <= 40 for line in text.splitlines())
    assert said["title"] in text and said["subrules"] in text.splitlines() and said["title_mismatches"] in text
    assert f"cr: {number(rows['cr'].subrules, lang)}" in text  # more than a thousand: grouped
    assert f"sr-judge: {number(rows['sr-judge'].rules, lang)}" in text


def test_stats_json_ignores_lang_and_an_unknown_lang_is_bad_input() -> None:
    english = invoke("stats", "--json").stdout
    assert json.loads(english) and invoke("stats", "--json", "--lang", "sr").stdout == english
    assert invoke("stats", "--lang", "de").exit_code == 2


# --- numbers ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_count_is_grouped_by_thousands_with_the_languages_marks(lang: str) -> None:
    marks = catalogue()[lang]["words"]
    assert number(7245, lang) == f"7{marks['thousands']}245"
    assert number(1048576, lang) == f"1{marks['thousands']}048{marks['thousands']}576"
    assert number(999, lang) == "999" and number(1.25, lang, 1) == f"1{marks['decimal']}2"


def test_the_marks_are_each_languages_own() -> None:
    # English 7,245; Serbian 7.245 (decimal comma); Russian and Czech 7 245 with a no-break space
    assert [number(7245, lang) for lang in ("en", "sr", "ru", "cs")] == ["7,245", "7.245", "7\u00a0245", "7\u00a0245"]
    assert [number(12.5, lang, 1) for lang in ("en", "sr", "ru", "cs")] == ["12.5", "12,5", "12,5", "12,5"]


@pytest.mark.parametrize("lang", ["sr", "ru", "cs"])
def test_an_errors_counts_are_grouped_as_the_judges_language_writes_them(lang: str) -> None:
    # search.query.MAX_QUERY: at most 2,000 characters
    result = invoke("search", "x" * 2001, "--lang", lang)
    assert result.exit_code == 2 and "Traceback" not in result.output
    said = result.stderr.replace("\n", " ")
    assert number(2001, lang) in said and number(2000, lang) in said and "2,000" not in said


# --- lookup's notices and flags ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_a_translation_lacks_is_said_in_the_judges_language(lang: str) -> None:
    # corpus/missing_rules.tsv: ru-cr lacks 302.6 (summoning sickness) of its original, the CR of 3 May 2019
    # (manifest.toml: ru-cr's edition); cs-cr's copy ends inside 400.1 (manifest: truncated)
    result = invoke("lookup", "ru-cr:302.6", "cs-cr:704.5a", "--lang", lang, width=80)
    said = words(lang, "lookup")
    text = flat(result.stdout)
    assert result.exit_code == 1
    missing = said["notice_missing"].split("{title}")[0].format(language=words("en", "define")["lang_ru"],
                                                                doc="ru-cr", id="302.6", edition="3 May 2019")
    truncated = said["notice_truncated"].split("{cut}")[0].format(
        doc="cs-cr", title="Magic: The Gathering, Souhrnná pravidla", id="704.5a")
    assert flat(missing) in text and flat(truncated) + " 400.1" in text
    assert said["notice_elsewhere"].format(refs="cs-cr:214.7c, sr-judge:B12.34").strip() in text
    assert "rule.." not in text  # the English title's own period is not doubled


def test_a_notice_in_json_stays_english() -> None:
    data = json.loads(invoke("lookup", "ru-cr:302.6", "--json", "--lang", "sr").stdout)
    assert data["missing"][0]["message"].startswith("The Russian translation (ru-cr) lacks rule 302.6")


@pytest.mark.parametrize("lang", LANGS)
def test_a_flag_is_named_in_the_judges_language(lang: str) -> None:
    # sr-judge prints B6.33 twice (lines 442 and 450): the second is B6.33#2, flagged duplicate_number
    result = invoke("lookup", "sr-judge:B6.33#2", "--lang", lang)
    assert result.exit_code == 0
    assert f"⚑ {words(lang, 'lookup')['flag_duplicate_number']}: B6.33" in result.stdout


@pytest.mark.parametrize(("ref", "lang", "said"), [
    # sr-judge.txt 1338 (C10.21): "(Vidi pravilo 500, “Ispravni napadi i blokiranja”)"; sr-judge has no rule 500
    ("sr-judge:C10.21", "sr", "⚑ poziv na nepostojeće pravilo: pravilo 500, “Ispravni napadi i blokiranja” (500: ne "
                              "postoji)"),
    ("sr-judge:C10.21", "en", "⚑ dangling citation: pravilo 500, “Ispravni napadi i blokiranja” (500: does not exist)"),
    # sr-judge.txt 1228 (C7.30) quotes “Mogućnost napadanja više igrača” for F3, whose title (line 3830) is
    # "Mogućnosti napada na levo ili napada na desno"
    ("sr-judge:C7.30", "ru", "⚑ название не совпадает: pravilo F3, “Mogućnost napadanja više igrača”: указано "
                             "название «Mogućnost napadanja više igrača», но F3 — это «Mogućnosti napada na levo ili "
                             "napada na desno»"),
    # cs-cr's table of contents lists 401 (cs-cr.txt line 2); its text ends inside 400.1, mid-sentence
    ("cs-cr:401", "cs", "⚑ jen v obsahu: text se ztratil: dokument je useknutý uvnitř 400.1"),
    ("cs-cr:401", "en", "⚑ in the table of contents only: text lost: the document is truncated inside 400.1"),
], ids=["dangling-sr", "dangling-en", "title-mismatch-ru", "toc-only-cs", "toc-only-en"])
def test_a_citation_flag_is_said_in_the_judges_language(ref: str, lang: str, said: str) -> None:
    # the flag's name and its body in the judge's words
    result = invoke("lookup", ref, "--lang", lang, width=200)
    assert said in result.stdout


@pytest.mark.parametrize(("ref", "lang", "said"), [
    # ru-cr.txt 2492: "взаимозаменяемыми.121.1a Жетон ..." (121.1a printed inside 121.1's last line); 2495:
    # "613.ъсъФЖЪ121.1b" (debris between 121.1a's text and 121.1b, removed)
    ("ru-cr:121.1a", "sr", "⚑ spojeno s prethodnim redom: odštampano unutar reda 2492, odmah posle 121.1"),
    ("ru-cr:121.1a", "sr", "⚑ oštećen tekst: uklonjeno «ъсъФЖЪ», odštampano u redu 2495"),
    ("ru-cr:121.1a", "ru", "⚑ слито с предыдущей строкой: напечатано внутри строки 2492, сразу после 121.1"),
    ("ru-cr:121.1a", "ru", "⚑ искажённый текст: удалено «ъсъФЖЪ», напечатанное в строке 2495"),
    ("ru-cr:121.1a", "cs", "⚑ slepeno s předchozím řádkem: vytištěno uvnitř řádku 2492, hned za 121.1"),
    ("ru-cr:121.1a", "cs", "⚑ poškozený text: odstraněno «ъсъФЖЪ», vytištěné na řádku 2495"),
    ("ru-cr:121.1a", "en", "⚑ glued: printed inside line 2492, right after 121.1"),
    # cs-cr.txt 27: "314. Krok vyčištění 314.1a Napřed, ...": no 314.1 is printed
    ("cs-cr:314.1a", "sr", "⚑ nema nadređenog pravila: 314.1 nije odštampano"),
    ("cs-cr:314.1a", "ru", "⚑ нет родительского правила: 314.1 не напечатано"),
    ("cs-cr:314.1a", "cs", "⚑ chybí nadřazené pravidlo: 314.1 není vytištěno"),
    ("cs-cr:314.1a", "en", "⚑ no parent rule: 314.1 is not printed"),
    # sr-basic.txt 765 (Promešaj): "stavljenе" ends in a Cyrillic е
    ("sr-basic:glossary:Promešaj", "ru", "⚑ искажённый текст: stavljenе (кириллические буквы в латинском слове; "
                                         "читается как stavljene)"),
    # cs-cr.txt line 6: "202. Jméno 201.1. Jméno karty ...": 201.1 printed (a second time) under chapter 202
    ("cs-cr:201.1#2", "sr", "⚑ na pogrešnom mestu: odštampano pod 202. Jméno"),
    # pt-guide.txt 597: a paragraph of the glossary's Pilha printed without its headword
    ("pt-guide:glossary:Pilha", "cs", "⚑ odstavec bez hesla: Os efeitos baseados no estado do jogo “verificam” … "
                                      "(odstavec glosáře vytištěný bez svého hesla)"),
    # ru-cr.txt line 10996 "в стеке илина поле битвы", mended by corpus/misprints.tsv
    ("ru-cr:702.102a", "en", "⚑ misprint mended: printed «илина», read as «или на»: two words printed without a space"),
    # cs-cr.txt 306.2 "ani nezabrání! tomu", mended by corpus/misprints.tsv
    ("cs-cr:306.2", "ru", "⚑ исправленная опечатка: напечатано «nezabrání! tomu», читается «nezabrání tomu»"),
], ids=["glued-sr", "garbled-sr", "glued-ru", "garbled-ru", "glued-cs", "garbled-cs", "glued-en", "no-parent-sr",
        "no-parent-ru", "no-parent-cs", "no-parent-en", "cyrillic-ru", "misplaced-sr", "headless-cs", "corrected-en",
        "corrected-ru"])
def test_a_parsers_flag_is_said_in_the_judges_language(ref: str, lang: str, said: str) -> None:
    result = invoke("lookup", ref, "--lang", lang, width=200)
    assert result.exit_code == 0 and said in result.stdout


def test_a_flags_json_stays_the_parsers_english() -> None:
    data = json.loads(invoke("lookup", "cs-cr:314.1a", "--json", "--lang", "cs").stdout)
    assert data["rules"][0]["flags"] == [{"no_parent": "314.1 is not printed"}]


def test_every_flag_detail_the_parsers_key_is_in_every_language() -> None:
    import ast

    import izvori_rules

    keys = {node.args[1].value for path in Path(izvori_rules.__file__).parent.rglob("*.py")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "keyed"}
    assert {"glued_after", "garbled_removed", "no_parent", "misplaced_chapter", "headless_paragraph",
            "corrected_misprint"} <= keys
    for lang in LANGS:
        assert sorted(k for k in keys if f"detail_{k}" not in catalogue()[lang]["lookup"]) == [], lang


def test_every_flag_a_judge_sees_has_a_name_in_every_language() -> None:
    from izvori_rules.cli.lookup_view import QUIET_FLAGS
    from izvori_rules.model import FLAG_KINDS

    for lang in LANGS:
        assert sorted(k for k in FLAG_KINDS - QUIET_FLAGS if f"flag_{k}" not in catalogue()[lang]["lookup"]) == []


# --- the note: prefix, deck check's sections ----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_cache_note_starts_with_the_judges_word(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    from izvori_rules.cli.common import cache_notes
    from izvori_rules.errors import CacheNotice

    with cache_notes(lang):
        warnings.warn(CacheNotice("the cache folder /x cannot be written"), stacklevel=1)
    assert capsys.readouterr().err == f"{words(lang, 'labels')['note']}: the cache folder /x cannot be written\n"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "note: the cache folder /x cannot be written; the rule graph is kept in memory only, and made again by every "
           "command (set IZVORI_JUDGE_CACHE to a writable folder)"),
    ("sr", "napomena: u folder keša /x ne može da se piše; graf pravila se čuva samo u memoriji i pravi se iznova pri "
           "svakoj komandi (postavi IZVORI_JUDGE_CACHE na folder u koji može da se piše)"),
    ("ru", "примечание: в папку кэша /x нельзя записать; граф правил хранится только в памяти и строится заново "
           "каждой командой (укажите в IZVORI_JUDGE_CACHE папку, доступную для записи)"),
    ("cs", "poznámka: do složky mezipaměti /x nelze zapisovat; graf pravidel se drží jen v paměti a každý příkaz jej "
           "vytváří znovu (nastavte IZVORI_JUDGE_CACHE na zapisovatelnou složku)"),
], ids=["en", "sr", "ru", "cs"])
def test_a_cache_notice_is_said_in_the_judges_language(lang: str, said: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # once English after the judge's "note:" word in every language
    from izvori_rules import cache
    from izvori_rules.cli.common import cache_notes
    from izvori_rules.errors import Phrase

    with cache_notes(lang):
        cache.notice_unwritable(Path("/x"), Phrase("what_rule_graph", "the rule graph"))
    assert capsys.readouterr().err == said + "\n"


@pytest.mark.parametrize("lang", LANGS)
def test_deck_check_names_the_main_deck_and_the_sideboard_in_the_judges_language(lang: str) -> None:
    # tests/fixtures/decks/mtg-copies-with-sideboard.txt: 60 cards without a heading, "SB: 1 Negate", "SB: 3 ..."
    deck = str(FIXTURES / "decks" / "mtg-copies-with-sideboard.txt")
    result = invoke("deck", "check", deck, "--ruleset", "mtg", "--lang", lang)
    said = words(lang, "deck")
    lines = result.stdout.splitlines()
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"  {said['section_main']}: 60" in lines and f"  {said['section_sideboard']}: 4" in lines


# --- combat: protection from a colour --------------------------------------------------------------------------

@pytest.mark.parametrize("attacker", ["3/3 protection from red", "3/3 Защита от красного", "3/3 protection red",
                                      "3/3 red protection from red"])
def test_protection_from_red_cannot_be_blocked_by_a_red_creature(attacker: str) -> None:
    # ru-cr 702.16f: an attacking creature with protection can't be blocked by creatures of that quality; the
    # colour after "protection from" is the protection's, not the attacker's
    red = invoke("combat", "--ruleset", "mtg", "--attacker", attacker, "--blockers", "2/2 red")
    green = invoke("combat", "--ruleset", "mtg", "--attacker", attacker, "--blockers", "2/2 green", "--json")
    assert (red.exit_code, green.exit_code) == (4, 0) and "Traceback" not in red.output
    assert json.loads(green.stdout)["died"] == ["Blocker"]  # 3 damage to a 2/2 (ru-cr 704.5g)


def test_anti_crveno_cannot_be_blocked_by_a_red_creature() -> None:
    # sr-judge E3.21: Anti-[boja], an Anti-Crveno creature can't be blocked by red creatures
    assert invoke("combat", "--attacker", "30/30 Anti-Crveno", "--blockers", "20/20 crvena").exit_code == 4


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("term", "key", "colour"), [
    ("Anti-Bogus", "combat_not_a_colour", "bogus"), ("protection from bogus", "combat_not_a_colour", "bogus"),
    ("protection", "combat_no_colour", "")], ids=["anti-bogus", "protection-from-bogus", "bare-protection"])
def test_protection_from_no_colour_is_bad_input_in_the_judges_language(lang: str, term: str, key: str,
                                                                      colour: str) -> None:
    # rulesets.toml: the five colours, W U B R G, named in the judge's words (colour_list)
    attacker = f"3/3 {term}"
    result = invoke("combat", "--ruleset", "mtg", "--attacker", attacker, "--lang", lang, width=200)
    errors = words(lang, "errors")
    said = errors[key].split("{suggestions}")[0].format(
        who=f"{words(lang, 'combat')['attacker']}: {attacker!r}", term=term, colour=colour,
        colours=errors["colour_list"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert flat(result.stderr).startswith(f"{errors['prefix']}: {flat(said)}")


def test_a_colour_misspelt_after_anti_is_suggested() -> None:
    # sr-judge E3.21 "Anti-Crveno" (protection from red)
    result = invoke("combat", "--attacker", "3/3 Anti-Crevno", width=200)
    assert result.exit_code == 2 and "did you mean Anti-Crveno" in flat(result.stderr)


def test_a_scenario_with_protection_from_no_colour_is_an_invalid_file(tmp_path: Path) -> None:
    # the scenario format's exit statuses (README): 2 an invalid file, naming file, line and key; 3 was "not modelled"
    path = tmp_path / "anti-bogus.yaml"
    path.write_text("scenario: x\nruleset: izvori\nplayers:\n  - name: Ana\n    battlefield:\n"
                    "      - {name: A, types: [creature], power: 3, toughness: 3, keywords: [Anti-Bogus]}\n"
                    "  - name: Boris\nturn: {active: Ana, step: declare_attackers}\nactions:\n  - attack: {A: Boris}\n",
                    encoding="utf-8")
    result = invoke("scenario", "run", str(path), width=200)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{path}:6: players[0].battlefield[0].keywords[0]: 'Anti-Bogus': 'bogus' is not a colour" in result.stderr


def test_protection_from_a_quality_that_is_no_colour_is_not_modelled() -> None:
    # ru-cr 702.16a: the quality is usually a colour but may be any characteristic; the engine plays colours only
    result = invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 protection from artifacts", width=200)
    assert result.exit_code == 3 and "only protection from a colour is modelled" in flat(result.stderr)


@pytest.mark.parametrize("lang", LANGS)
def test_a_keyword_the_ruleset_lacks_is_not_modelled_in_the_judges_language(lang: str) -> None:
    # rulesets.toml: the izvori ruleset has no deathtouch (sr-judge has no such keyword)
    result = invoke("combat", "--attacker", "3/3 deathtouch", "--lang", lang, width=200)
    errors = words(lang, "errors")
    said = errors["combat_ruleset_lacks"].split("{known}")[0].format(
        who=f"{words(lang, 'combat')['attacker']}: '3/3 deathtouch'", ruleset="izvori", keyword="deathtouch",
        term="deathtouch")
    assert result.exit_code == 3 and flat(result.stderr).startswith(f"{errors['prefix']}: {flat(said)}")


# --- help at 40 columns -------------------------------------------------------------------------------------

HELPED = [[], ["lookup"], ["stats"], ["define"], ["search"], ["cite-check"], ["combat"], ["index", "build"],
          ["export", "xml"], ["export", "html"], ["deck"], ["deck", "check"], ["scenario", "run"],
          ["scenario", "check"], ["history"], ["diff"], ["corpus", "add"]]


@pytest.mark.parametrize("command", HELPED, ids=[" ".join(c) or "izvori-judge" for c in HELPED])
def test_help_reads_whole_at_40_columns(command: list[str]) -> None:
    import typer.main

    result = invoke(*command, "--help")
    text = result.stdout
    assert result.exit_code == 0 and "Traceback" not in result.output and "Usage:" in text
    assert [line for line in text.splitlines() if len(line) > 40] == [] and "…" not in text
    cli: Any = typer.main.get_command(app)
    for name in command:
        cli = cli.commands[name]
    names = {o for p in cli.params for o in getattr(p, "opts", []) if o.startswith("--")}
    assert [o for o in names if o not in text.split()] == []  # every option's name is printed whole


def test_help_at_80_columns_is_unchanged_rich() -> None:
    assert "╭─ Options" in invoke("lookup", "--help", width=80).stdout


@pytest.mark.parametrize("group", ["deck", "scenario", "export", "index", "corpus"])
def test_a_group_given_no_command_shows_its_help_at_40_columns(group: str) -> None:
    result = invoke(group)
    assert result.exit_code == 2 and f"izvori-judge {group}" in result.stdout and "Commands:" in result.stdout
    assert [line for line in result.stdout.splitlines() if len(line) > 40] == []

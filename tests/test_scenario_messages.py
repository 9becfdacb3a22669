"""A scenario file's mistakes said in the judge's ``--lang`` (corpus/messages.toml ``[LANG.errors]``): the
schema's, the loader's and the engine's complaints keep the file, line and key, exit with status 2 and no
traceback, and name the file's own keys and names as written. Each case is a real bad file: the trample
scenario of tests/scenarios/trample_chump.yaml with one mistake made in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.engine.errors import ScenarioInvalid
from izvori_rules.engine.runner import run_scenario
from izvori_rules.messages import catalogue, languages

BASE = (Path(__file__).parent / "scenarios" / "trample_chump.yaml").read_text(encoding="utf-8")
BORIS = "  - name: Boris\n    battlefield:\n      - {name: Grizzly Bears, types: [creature], power: 2, toughness: 2}\n"
SHOCK = ("  - name: Ana\n    mana_pool: R\n    hand:\n"
         "      - {name: Shock, types: [instant], mana_cost: R, effect: [{damage: 2, to: target}]}\n")
WURM = "{name: Craw Wurm, types: [creature], power: 5, toughness: 5, keywords: [trample]}"
STEPS = ("untap, upkeep, draw, main1, beginning_of_combat, declare_attackers, declare_blockers, combat_damage, "
         "end_of_combat, main2, end, cleanup")
KINDS = "attack, block, order_blockers, assign_damage, cast, play_land, activate, choose, pass"
KEYWORDS = ("convoke, deathtouch, defender, delve, double strike, fear, first strike, flash, flying, haste, hexproof, "
            "indestructible, landwalk, lifelink, menace, protection, reach, shroud, trample, vigilance")  # [mtg]
TOP = "scenario, ruleset, question, players, turn, actions, expect, cards, rules"


def _with(*edits: tuple[str, str]) -> str:
    text = BASE
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    return text


def _actions(*lines: str, shock: bool = False, step: str = "declare_attackers") -> str:
    """The file with its actions replaced (and Ana holding Shock and R, a step other than the first)."""
    text = _with(("step: declare_attackers", f"step: {step}"), *((("  - name: Ana\n", SHOCK),) if shock else ()))
    return text[:text.index("actions:")] + "actions:\n" + "".join(f"  - {line}\n" for line in lines)


# (file text, line, key, the English problem, the Serbian problem); the line and key are read from the file:
# the changed line, or the mapping that lacks a key
CASES = [
    pytest.param(_with(('question: "How much damage does Boris take?"', "question: [a, b]")), 4, "question",
                 "expected text or a whole number or a number or nothing",
                 "očekuje se tekst ili ceo broj ili broj ili ništa", id="expected-nested-types"),
    pytest.param(_with(("step: declare_attackers", "step: combat")), 12, "turn.step", f"must be one of {STEPS}",
                 f"mora biti jedno od: {STEPS}", id="one_of"),
    pytest.param(_with(("  - name: Ana\n", "  - name: Ana\n    mana_pool: Q\n")), 7, "players[0].mana_pool",
                 "'Q' is not in the expected form", "'Q' nije u očekivanom obliku", id="not_in_form"),
    pytest.param(_with((BORIS, "")), 5, "players", "needs at least 2 items", "premalo stavki (najmanje 2)",
                 id="min_items"),
    pytest.param(_with(("turn: {active: Ana, step: declare_attackers}\n", "")), 2, "file",
                 "missing required key 'turn'", "nedostaje obavezni ključ 'turn'", id="missing_key"),
    pytest.param(_with(("question:", "questoin:")), 4, "questoin",
                 f"unknown key 'questoin' (expected one of {TOP})",
                 f"nepoznat ključ 'questoin' (očekuje se jedan od: {TOP})", id="unknown_key_expected"),
    pytest.param(_with(("  - attack: {Craw Wurm: Boris}\n", "  - attack\n")), 14, "actions[0]",
                 f"expected a mapping whose key is the action (one of {KINDS})",
                 f"očekuje se preslikavanje čiji je ključ jedno od: {KINDS} (radnja)", id="expected_kind"),
    pytest.param(_with(("  - attack: {Craw Wurm: Boris}\n", "  - atack: {Craw Wurm: Boris}\n")), 14, "actions[0]",
                 f"unknown action 'atack' (expected one of {KINDS})",
                 f"nepoznato (radnja): 'atack' (očekuje se jedno od: {KINDS})", id="unknown_of_kind"),
    pytest.param(_with(("  - attack: {Craw Wurm: Boris}\n", "  - {}\n")), 14, "actions[0]",
                 f"unknown action (expected one of {KINDS})", f"nedostaje radnja (očekuje se jedno od: {KINDS})",
                 id="no_kind"),
    pytest.param(_with(("  - pass: {until: end_of_combat}\n", "  - pass: {}\n")), 16, "actions[2].pass",
                 "is none of the accepted forms (one of priority, until_resolved, next_step; a mapping with until)",
                 "nije ni u jednom od prihvaćenih oblika (jedno od: priority, until_resolved, next_step; "
                 "preslikavanje (ključ: vrednost), ključevi: until)", id="no_form"),
    pytest.param(_with((WURM, WURM.replace("keywords: [trample]", "colors: [purple]"))), 8,
                 "players[0].battlefield[0].colors[0]", "unknown colour 'purple'", "nepoznata boja 'purple'",
                 id="unknown_colour"),
    pytest.param(_with((WURM, WURM.replace("[creature]", "[creature, wizard]"))), 8,
                 "players[0].battlefield[0].types[1]", "unknown card type 'wizard'", "nepoznat tip karte 'wizard'",
                 id="unknown_card_type"),
    pytest.param(_with((WURM, WURM.replace("keywords: [trample]", "abilities: [{triggered: {when: state, effect: "
                                                                  "[{draw: 1}]}}]"))), 8,
                 "players[0].battlefield[0].abilities[0].triggered", "a state trigger needs its state in 'if'",
                 "izazvanoj osobini stanja treba stanje u 'if'", id="state_if"),
    pytest.param(_with((WURM, WURM.replace("keywords: [trample]", "abilities: [{static: {}}]"))), 8,
                 "players[0].battlefield[0].abilities[0].static", "needs at least 1 key(s)",
                 "premalo ključeva (najmanje 1)", id="min_keys"),
    pytest.param(_with(("keywords: [trample]", "keywords: [tramplee]")), 8, "players[0].battlefield[0].keywords[0]",
                 f"unknown keyword 'tramplee' (did you mean trample?); the mtg keywords are {KEYWORDS}",
                 f"nepoznata osobina 'tramplee' (da li si mislio: trample?); osobine pravila mtg su {KEYWORDS}",
                 id="keyword_unknown_suggest"),
    pytest.param(_with(("keywords: [trample]", "keywords: [Anti-Bogus]")), 8, "players[0].battlefield[0].keywords[0]",
                 f"'Anti-Bogus': 'bogus' is not a colour; the mtg keywords are {KEYWORDS}",
                 f"'Anti-Bogus': 'bogus' nije boja; osobine pravila mtg su {KEYWORDS}", id="keyword_not_colour"),
    pytest.param(_with(("active: Ana,", "active: Anna,")), 12, "turn.active", "no player named 'Anna'",
                 "nema igrača po imenu 'Anna'", id="no_player"),
    pytest.param(_with(("  - name: Boris\n", "  - name: Ana\n")), 5, "players", "player name 'Ana' is used twice",
                 "ime igrača 'Ana' upotrebljeno je dvaput", id="player_twice"),
    pytest.param(_with(("{name: Craw Wurm, types", "{card: No Such Card, name: Craw Wurm, types")), 8,
                 "players[0].battlefield[0].card", "no card 'No Such Card' in the card library",
                 "u zbirci karata nema karte 'No Such Card'", id="no_card"),
    pytest.param(_with(("  - pass: {until: end_of_combat}\n",
                        "  - pass: {until: end_of_combat}\n  - choose: {player: Ana, may: true}\n")), 17,
                 "actions[3].choose", "no choice by Ana arises here", "igrač Ana ovde nema šta da bira",
                 id="choice_unused"),
    pytest.param(_actions("pass: {until: declare_blockers}", step="main2"), 14, "pass",
                 "the step declare_blockers is not reached this turn or the next (is it skipped?)",
                 "korak declare_blockers ne dolazi ni u ovom ni u sledećem potezu (da li se preskače?)",
                 id="step_not_reached"),
    pytest.param(_actions("cast: {player: Ana, card: Shock, targets: [Boris, Ana]}", shock=True, step="main1"), 17,
                 "cast", "Shock takes 1 target(s), 2 given", "Shock: broj meta je 1, a dato je 2",
                 id="too_many_targets"),
    pytest.param(_actions("activate: {player: Ana, source: Craw Wurm, ability: 2}", step="main1"), 14, "activate",
                 "Craw Wurm has 0 activated abilities; ability 2 does not exist",
                 "Craw Wurm: broj aktivnih osobina je 0; osobina 2 ne postoji", id="no_ability"),
    pytest.param(_with((BORIS, BORIS + "    hand:\n      - {name: Hat, types: [artifact], subtypes: [Equipment], "
                               "attached_to: Grizzly Bears}\n")), 13, "attached_to",
                 "Hat and Grizzly Bears must both be on the battlefield", "Hat i Grizzly Bears moraju oba biti u igri",
                 id="attach_battlefield"),
    pytest.param(_actions("attack: {Craw Wurm: Boris}", "block: {Grizzly Bears: Craw Wurm}", "pass: priority",
                          "cast: {player: Ana, card: Shock, targets: [Boris]}", shock=True), 20, "cast",
                 "Ana does not hold priority, and the passes before them would end the step; add the pass actions "
                 "that lead to it", 'igrač Ana nema prednost, a "dalje" igrača pre njega bi završilo korak; dodaj '
                 "radnje pass koje vode do toga", id="passes_end"),
    pytest.param(_actions("cast: {player: Ana, card: Shock, targets: [Boris]}", shock=True, step="untap"), 17, "cast",
                 "no player has priority in the untap step", "nijedan igrač nema prednost u koraku untap",
                 id="no_priority"),
]


def _run(tmp_path: Path, text: str, lang: str) -> tuple[Path, int, str]:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["scenario", "run", str(path), "--lang", lang])
    assert "Traceback" not in result.output and isinstance(result.exception, (SystemExit, type(None)))
    return path, result.exit_code, " ".join(result.stderr.split())  # as one line, however the console wraps it


@pytest.mark.parametrize(("text", "line", "key", "english", "serbian"), CASES)
def test_a_mistake_in_a_scenario_file_is_said_in_english_and_serbian(tmp_path: Path, text: str, line: int, key: str,
                                                                    english: str, serbian: str) -> None:
    for lang, problem in (("en", english), ("sr", serbian)):
        path, status, said = _run(tmp_path, text, lang)
        prefix = catalogue()[lang]["errors"]["prefix"]
        assert (status, said) == (2, f"{prefix}: {path}:{line}: {key}: {problem}")


@pytest.mark.parametrize(("text", "line", "key", "english", "serbian"), CASES)
def test_every_language_says_every_mistake_with_file_line_and_key(tmp_path: Path, text: str, line: int, key: str,
                                                                  english: str, serbian: str) -> None:
    with pytest.raises(ScenarioInvalid) as info:
        run_scenario(text.encode())
    assert str(info.value) == f"<scenario>:{line}: {key}: {english}"  # the library's own text is the English
    for lang in languages():
        path, status, said = _run(tmp_path, text, lang)
        start = f"{catalogue()[lang]['errors']['prefix']}: {path}:{line}: {key}: "
        assert status == 2 and said.startswith(start)
        assert (said[len(start):] == english) == (lang == "en"), lang  # translated, not English


@pytest.mark.parametrize(("case", "lang", "said"), [
    ("expected-nested-types", "ru", "ожидается текст или целое число или число или ничего"),
    ("expected-nested-types", "cs", "očekává se text nebo celé číslo nebo číslo nebo nic"),
    ("unknown_key_expected", "ru", f"неизвестный ключ 'questoin' (ожидается один из: {TOP})"),
    ("unknown_key_expected", "cs", f"neznámý klíč 'questoin' (očekává se jeden z: {TOP})"),
    ("no_form", "ru", "не подходит ни под одну из допустимых форм (одно из: priority, until_resolved, next_step; "
                      "отображение (ключ: значение), ключи: until)"),
    ("no_form", "cs", "neodpovídá žádnému z přijímaných tvarů (jedno z: priority, until_resolved, next_step; "
                      "mapování (klíč: hodnota), klíče: until)"),
    ("too_many_targets", "ru", "Shock: целей 1, а указано 2"),
    ("too_many_targets", "cs", "Shock: počet cílů je 1, uvedeno je 2"),
    ("passes_end", "ru", "у игрока Ana нет приоритета, а пасы игроков перед ним завершили бы шаг; добавьте "
                         "действия pass, которые к этому ведут"),
    ("passes_end", "cs", "hráč Ana nemá prioritu a pasy hráčů před ním by ukončily krok; přidejte akce pass, "
                         "které k tomu vedou"),
], ids=["types-ru", "types-cs", "unknown-key-ru", "unknown-key-cs", "forms-ru", "forms-cs", "targets-ru",
        "targets-cs", "priority-ru", "priority-cs"])
def test_russian_and_czech_say_the_nested_phrases_too(tmp_path: Path, case: str, lang: str, said: str) -> None:
    text, line, key = next(c for c in CASES if c.id == case).values[:3]
    path, status, stderr = _run(tmp_path, str(text), lang)
    assert (status, stderr) == (2, f"{catalogue()[lang]['errors']['prefix']}: {path}:{line}: {key}: {said}")


def test_a_name_from_the_file_is_printed_as_text_not_markup(tmp_path: Path) -> None:
    text = _with(("active: Ana,", "active: '[bold]Ana[/]',"))
    path, status, said = _run(tmp_path, text, "ru")
    assert (status, said) == (2, f"ошибка: {path}:12: turn.active: нет игрока с именем '[bold]Ana[/]'")


# --- why the engine stops (exit 3): said in the judge's language, the rules cited kept -----------------------

IZVORI = (Path(__file__).parent / "scenarios" / "refused_keyword.yaml").read_text(encoding="utf-8")
SNAKE = "keywords: [deathtouch]"
BLAZE = "      - {name: Blaze, types: [sorcery], mana_cost: XR, effect: [{damage: X, to: target}]}\n"
BOLT = ("      - {name: Forked Bolt, types: [sorcery], mana_cost: R, effect: [{damage: 2, to: target, divided: "
        "chosen}]}\n")


def _holding(card: str, action: str) -> str:
    """The trample file in the first main phase, Ana holding ``card`` and RRR, its one action ``action``."""
    text = _actions(action, step="main1")
    return text.replace("  - name: Ana\n", "  - name: Ana\n    mana_pool: RRR\n    hand:\n" + card)


# (file text, kind, the English reason ({file} is the file's path), the rules cited, the Serbian reason): the
# rules are the ruleset's (corpus/rulesets.toml): sr-judge B6.21 lists izvori's card types, A5.30 its six mana
# symbols; ru-cr 601.2c/114.1 choosing targets, 107.3a/601.2b announcing X, 601.2d dividing damage as it is cast
REFUSALS = [
    pytest.param(IZVORI, "not_modelled", "{file}:6: players[0].battlefield[0].keywords[0]: the izvori ruleset has "
                 "no keyword deathtouch ('deathtouch')", (),
                 "{file}:6: players[0].battlefield[0].keywords[0]: pravila izvori nemaju osobinu deathtouch "
                 "('deathtouch')", id="ruleset_no_keyword"),
    pytest.param(IZVORI.replace(", " + SNAKE, "").replace("  - name: Boris\n", "  - name: Boris\n    poison: 2\n"),
                 "not_modelled", "{file}:8: players[1].poison: the izvori ruleset has no poison counters", (),
                 "{file}:8: players[1].poison: pravila izvori nemaju žetone otrova", id="ruleset_no_poison"),
    pytest.param(IZVORI.replace("[creature], power: 10, toughness: 10, " + SNAKE, "[planeswalker], loyalty: 3"),
                 "not_modelled", "{file}:6: players[0].battlefield[0].types[0]: the izvori ruleset has no "
                 "planeswalkers: sr-judge names no such card type (B6.21) and no loyalty, so a planeswalker can't "
                 "be played by its rules", ("sr-judge:B6.21",),
                 "{file}:6: players[0].battlefield[0].types[0]: pravila izvori nemaju planeswalkere: sr-judge ne "
                 "navodi takav tip karte (B6.21) ni vernost, pa se planeswalker po njima ne može igrati",
                 id="ruleset_no_planeswalkers"),
    pytest.param(IZVORI.replace(SNAKE, "mana_cost: B/P"), "not_modelled",
                 "{file}:6: players[0].battlefield[0].mana_cost: the izvori ruleset has no Phyrexian mana: sr-judge "
                 "names six mana symbols (A5.30)", ("sr-judge:A5.30",),
                 "{file}:6: players[0].battlefield[0].mana_cost: pravila izvori nemaju fireksijansku manu: sr-judge "
                 "navodi šest simbola mane (A5.30)", id="ruleset_no_phyrexian"),
    pytest.param(_with((WURM, WURM.replace("[creature]", "[creature, kindred]"))), "not_modelled",
                 "{file}:8: players[0].battlefield[0].types[1]: card type 'kindred' is not modelled", (),
                 "{file}:8: players[0].battlefield[0].types[1]: tip karte 'kindred' nije modelovan",
                 id="card_type_not_modelled"),
    pytest.param(_with((WURM, WURM.replace("keywords: [trample]", "supertypes: [world]"))), "not_modelled",
                 "{file}:8: players[0].battlefield[0].supertypes[0]: the world supertype is not modelled", (),
                 "{file}:8: players[0].battlefield[0].supertypes[0]: nadtip world nije modelovan",
                 id="supertype_not_modelled"),
    pytest.param(_with(("keywords: [trample]", "keywords: [banding]")), "not_modelled",
                 "{file}:8: players[0].battlefield[0].keywords[0]: keyword 'banding' (banding) is not modelled by "
                 "the engine", (), "{file}:8: players[0].battlefield[0].keywords[0]: osobina 'banding' (banding) "
                 "nije modelovana u mašini", id="kw_not_modelled"),
    pytest.param(_with(("keywords: [trample]", "keywords: [protection from creatures]")), "not_modelled",
                 "{file}:8: players[0].battlefield[0].keywords[0]: protection from 'creatures': only protection "
                 "from a colour is modelled", (), "{file}:8: players[0].battlefield[0].keywords[0]: zaštita od "
                 "'creatures': modelovana je samo zaštita od boje", id="kw_protection_not_colour"),
    pytest.param(_actions("cast: {player: Ana, card: Shock}", shock=True, step="main1"), "missing_choice",
                 "Ana must choose 1 target(s) for Shock (creature or player); the action gives 0",
                 ("ru-cr:601.2c", "ru-cr:114.1"),
                 "igrač Ana mora da izabere mete za Shock (broj meta: 1; biće ili igrač); radnja daje 0",
                 id="choose_n_targets"),
    pytest.param(_holding(BLAZE, "cast: {player: Ana, card: Blaze, targets: [Boris]}"), "missing_choice",
                 "Ana must choose the value of X for Blaze: add x: N; the action does not say",
                 ("ru-cr:107.3a", "ru-cr:601.2b"), "Ana mora da izabere: vrednost X za Blaze: dodaj x: N; radnja to "
                 "ne navodi", id="choose_missing"),
    pytest.param(_holding(BOLT, "cast: {player: Ana, card: Forked Bolt, targets: [Boris]}"), "missing_choice",
                 "the caster must choose how Forked Bolt divides its 2 damage: add divide: {target: n, ...}; the "
                 "action does not say", ("ru-cr:601.2d",), "onaj ko igra magiju mora da izabere: kako Forked Bolt "
                 "deli 2 štete: dodaj divide: {target: n, ...}; radnja to ne navodi", id="choose_missing_caster"),
]


def _answer(tmp_path: Path, text: str, lang: str) -> tuple[Path, int, dict[str, object], str]:
    """The file run in ``lang``: its exit status, the JSON answer's ``rejected`` and the terminal answer without its
    whitespace (the console wraps a long temporary path anywhere, even between a line number and its colon)."""
    import json

    path = tmp_path / "refused.yaml"
    path.write_text(text, encoding="utf-8")
    shown = CliRunner().invoke(app, ["scenario", "run", str(path), "--lang", lang])
    answer = CliRunner().invoke(app, ["scenario", "run", str(path), "--lang", lang, "--json"])
    assert "Traceback" not in shown.output and shown.exit_code == answer.exit_code
    return path, answer.exit_code, json.loads(answer.stdout)["rejected"], "".join(shown.stdout.split())


def _tail(reason: str) -> str:
    """A reason after the file's path (which a narrow console may shorten), without its whitespace, as :func:`_answer`
    compares the terminal's answer."""
    return "".join(reason.partition(".yaml:")[2].split() if ".yaml:" in reason else reason.split())


@pytest.mark.parametrize(("text", "kind", "english", "rules", "serbian"), REFUSALS)
def test_why_the_engine_stops_is_said_in_english_and_serbian(tmp_path: Path, text: str, kind: str, english: str,
                                                             rules: tuple[str, ...], serbian: str) -> None:
    for lang, reason in (("en", english), ("sr", serbian)):
        path, status, rejected, shown = _answer(tmp_path, text, lang)
        said = reason.replace("{file}", str(path))
        assert (status, rejected["kind"], rejected["reason"], tuple(rejected["rules"])) == (3, kind, said, rules)
        assert _tail(said) in shown  # the terminal's answer says it too


@pytest.mark.parametrize(("text", "kind", "english", "rules", "serbian"), REFUSALS)
def test_every_language_says_why_the_engine_stops_with_its_rules(tmp_path: Path, text: str, kind: str, english: str,
                                                                 rules: tuple[str, ...], serbian: str) -> None:
    for lang in languages():
        path, status, rejected, shown = _answer(tmp_path, text, lang)
        where = english.replace("{file}", str(path)).partition(": ")[0] + ": " if english.startswith("{file}") else ""
        assert (status, rejected["kind"], tuple(rejected["rules"])) == (3, kind, rules), lang
        reason = str(rejected["reason"])
        assert reason.startswith(where) and (reason == english.replace("{file}", str(path))) == (lang == "en"), lang
        assert _tail(reason) in shown, lang


@pytest.mark.parametrize(("case", "lang", "said"), [
    ("ruleset_no_planeswalkers", "ru", "{file}:6: players[0].battlefield[0].types[0]: в правилах izvori нет "
     "planeswalker'ов: sr-judge не называет такого типа карт (B6.21) и верности, так что planeswalker по ним не "
     "сыграть"),
    ("ruleset_no_planeswalkers", "cs", "{file}:6: players[0].battlefield[0].types[0]: pravidla izvori nemají "
     "planeswalkery: sr-judge takový typ karty neuvádí (B6.21) ani věrnost, takže planeswalker se podle nich hrát "
     "nedá"),
    ("choose_n_targets", "ru", "игрок Ana должен выбрать цели для Shock (целей: 1; существо или игрок); действие "
     "указывает 0"),
    ("choose_n_targets", "cs", "hráč Ana musí zvolit cíle pro Shock (počet cílů: 1; bytost nebo hráč); akce uvádí 0"),
    ("choose_missing_caster", "ru", "разыгрывающий игрок должен выбрать: как Forked Bolt распределяет свои "
     "повреждения (2): добавьте divide: {target: n, ...}; действие этого не указывает"),
    ("choose_missing_caster", "cs", "zahrávající hráč musí zvolit: jak Forked Bolt rozdělí 2 zranění: přidejte "
     "divide: {target: n, ...}; akce to neuvádí"),
], ids=["planeswalkers-ru", "planeswalkers-cs", "targets-ru", "targets-cs", "caster-ru", "caster-cs"])
def test_russian_and_czech_say_why_the_engine_stops(tmp_path: Path, case: str, lang: str, said: str) -> None:
    text = str(next(c for c in REFUSALS if c.id == case).values[0])
    path, status, rejected, _shown = _answer(tmp_path, text, lang)
    assert (status, rejected["reason"]) == (3, said.replace("{file}", str(path)))


# --- an illegal action (exit 4): why, in the judge's language, the rules that forbid it kept ------------------

FOREST = "      - {name: Forest, types: [land], supertypes: [basic], subtypes: [Forest]}\n"

# (file text, the English reason, the rules (corpus/rulesets.toml: ru-cr 508.1a an untapped creature attacks,
# 509.1b a restriction on blocking, 305.2 one land a turn, 601.2h the costs paid, 510.1c and 702.19b a blocked
# creature's damage goes to its blockers unless it has trample; 601.2c/114.1 targets and 702.11b hexproof), the
# reason in sr, ru, cs)
ILLEGAL = [
    pytest.param(_with(("keywords: [trample]}", "keywords: [trample], tapped: true}")),
                 "Craw Wurm is tapped and can't attack", ("ru-cr:508.1a",),
                 ("biće Craw Wurm je aktivirano i ne može da napada",
                  "существо Craw Wurm повёрнуто и не может атаковать", "bytost Craw Wurm je tapnutá a nemůže útočit"), id="attack_tapped"),
    pytest.param(_with(("toughness: 2}", "toughness: 2, keywords: [cant_block]}")), "Grizzly Bears can't block",
                 ("ru-cr:509.1b",), ("Grizzly Bears ne može da blokira", "Grizzly Bears не может блокировать",
                                     "Grizzly Bears nemůže blokovat"), id="restriction"),
    pytest.param(_actions("play_land: {player: Ana, card: Forest}", "play_land: {player: Ana, card: Forest 2}",
                          step="main1").replace("  - name: Ana\n", "  - name: Ana\n    hand:\n" + FOREST
                                                + FOREST.replace("Forest,", "Forest 2,", 1)),
                 "Ana has already played a land this turn", ("ru-cr:305.2",),
                 ("igrač Ana je već stavio izvor u igru u ovom potezu", "игрок Ana уже разыграл землю в этом ходу",
                  "hráč Ana už v tomto kole vyložil zemi"), id="land_played"),
    pytest.param(_actions("cast: {player: Ana, card: Shock, targets: [Boris]}", shock=True,
                          step="main1").replace("    mana_pool: R\n", ""),
                 "Ana can't pay R for Shock (mana pool: empty)", ("ru-cr:601.2h",),
                 ("igrač Ana ne može da plati R za Shock (izvorište: prazno)",
                  "игрок Ana не может заплатить R за Shock (хранилище маны: пусто)",
                  "hráč Ana nemůže zaplatit R za Shock (mana pool: prázdný)"), id="cant_pay"),
    pytest.param(_with((", keywords: [trample]", ""), ("  - pass: {until: end_of_combat}\n",
                                                      "  - assign_damage: {Craw Wurm: {Grizzly Bears: 2, Boris: 3}}\n"
                                                      "  - pass: {until: end_of_combat}\n")),
                 "Craw Wurm is blocked and has no trample: it can't assign damage to Boris",
                 ("ru-cr:510.1c", "ru-cr:702.19b"),
                 ("biće Craw Wurm je blokirano i nema Razbijač: ne može da rasporedi štetu na Boris",
                  "существо Craw Wurm заблокировано, и у него нет пробивного удара: оно не может распределить "
                  "повреждения игроку Boris",
                  "bytost Craw Wurm je blokovaná a nemá trample: nemůže přidělit zranění na Boris"),
                 id="assign_no_trample"),
    pytest.param(_actions("cast: {player: Ana, card: Shock, targets: [Grizzly Bears]}", shock=True,
                          step="main1").replace("toughness: 2}", "toughness: 2, keywords: [hexproof]}"),
                 "Shock can't target Grizzly Bears: Grizzly Bears has hexproof",
                 ("ru-cr:601.2c", "ru-cr:114.1", "ru-cr:702.11b"),
                 ("Shock ne može za metu da ima Grizzly Bears: Grizzly Bears ima osobinu hexproof",
                  "Shock не может выбрать целью Grizzly Bears: у Grizzly Bears есть Порчеустойчивость",
                  "Shock nemůže zaměřit Grizzly Bears: Grizzly Bears má hexproof"), id="target_hexproof"),
]


# --- an illegal target's reason (exit 4): the target phrase's restriction, a player, a card not on the battlefield --

def _shock_at(target: str, restriction: str = "") -> str:
    """The file with Ana casting Shock at ``target``, Shock's target restricted by ``restriction`` (the card format's
    ``target:`` phrase, as Doom Blade's "nonblack creature" in corpus/cards.yaml)."""
    text = _actions(f"cast: {{player: Ana, card: Shock, targets: [{target}]}}", shock=True, step="main1")
    return text.replace("to: target}", f"to: target, target: {restriction}}}") if restriction else text


# the rules of an illegal target, corpus/rulesets.toml [mtg] illegal_target: ru-cr 601.2c (the targets chosen as
# a spell is cast) and 114.1 (what a target may be); no keyword makes these illegal, so no keyword rule is added.
# Card types are said as their documents call them (land: sr-judge izvor, ru-cr земля, cs-cr země; sr-judge and cs-cr
# have no planeswalkers and ru-cr keeps the English word), subtypes and the file's other words as it writes them
TARGET_RULES = ("ru-cr:601.2c", "ru-cr:114.1")
TARGETS = [
    pytest.param(_shock_at("Grizzly Bears", "land or planeswalker"),
                 "Shock can't target Grizzly Bears: Grizzly Bears is not of type land or planeswalker", TARGET_RULES,
                 ("Shock ne može za metu da ima Grizzly Bears: Grizzly Bears nije: izvor ili planeswalker",
                  "Shock не может выбрать целью Grizzly Bears: Grizzly Bears не является: земля или planeswalker",
                  "Shock nemůže zaměřit Grizzly Bears: Grizzly Bears není: země nebo planeswalker"), id="not_a_type"),
    pytest.param(_shock_at("Grizzly Bears", "black creature"),
                 "Shock can't target Grizzly Bears: Grizzly Bears is not black", TARGET_RULES,
                 ("Shock ne može za metu da ima Grizzly Bears: Grizzly Bears nije boje: crna",
                  "Shock не может выбрать целью Grizzly Bears: Grizzly Bears не имеет цвета: черный",
                  "Shock nemůže zaměřit Grizzly Bears: Grizzly Bears nemá barvu: černá"), id="not_a_colour"),
    pytest.param(_shock_at("Ana", "opponent"), "Shock can't target Ana: Ana is not an opponent of Ana", TARGET_RULES,
                 ("Shock ne može za metu da ima Ana: igrač Ana nije protivnik igrača Ana",
                  "Shock не может выбрать целью Ana: игрок Ana не оппонент игрока Ana",
                  "Shock nemůže zaměřit Ana: hráč Ana není soupeř hráče Ana"), id="not_an_opponent"),
    pytest.param(_shock_at("Boris", "creature"), "Shock can't target Boris: Boris is a player, not a creature",
                 TARGET_RULES,
                 ("Shock ne može za metu da ima Boris: Boris je igrač, a ne biće",
                  "Shock не может выбрать целью Boris: Boris — игрок, а не существо",
                  "Shock nemůže zaměřit Boris: Boris je hráč, ne bytost"), id="player_not_creature"),
    pytest.param(_shock_at("Grizzly Bears").replace("    battlefield:\n      - {name: Grizzly",
                                                    "    graveyard:\n      - {name: Grizzly"),
                 "Shock can't target Grizzly Bears: Grizzly Bears is not on the battlefield but in the graveyard",
                 TARGET_RULES,
                 ("Shock ne može za metu da ima Grizzly Bears: Grizzly Bears nije u igri – sada: na odlagalištu",
                  "Shock не может выбрать целью Grizzly Bears: Grizzly Bears не на поле битвы – сейчас: на кладбище",
                  "Shock nemůže zaměřit Grizzly Bears: Grizzly Bears není ve hře – teď: na hřbitově"),
                 id="not_on_the_battlefield"),
]


@pytest.mark.parametrize(("text", "english", "rules", "said"), ILLEGAL + TARGETS)
def test_an_illegal_action_is_said_in_every_language_with_its_rules(tmp_path: Path, text: str, english: str,
                                                                    rules: tuple[str, ...],
                                                                    said: tuple[str, str, str]) -> None:
    for lang, reason in zip(("en", "sr", "ru", "cs"), (english, *said)):
        _path, status, rejected, shown = _answer(tmp_path, text, lang)
        assert (status, rejected["kind"], rejected["reason"], tuple(rejected["rules"])) == (4, "illegal", reason,
                                                                                            rules), lang
        assert _tail(reason) in shown, lang


SCENARIOS = Path(__file__).parent.parent / "corpus" / "scenarios"


# a target illegal on resolution is narrated with ru-cr 608.2b (corpus/rulesets.toml partial_targets): Agony
# Warp's Hill Giant given hexproof by Ranger's Guile; Holy Strength's creature returned to its owner's hand
@pytest.mark.parametrize(("name", "said"), [
    ("mtg-two-targets-one-becomes-illegal.yaml",
     ("Agony Warp: the target Hill Giant is illegal now (Hill Giant has hexproof)",
      "Agony Warp: meta Hill Giant više nije ispravna (Hill Giant ima osobinu hexproof)",
      "Agony Warp: цель Hill Giant больше не допустима (у Hill Giant есть Порчеустойчивость)",
      "Agony Warp: cíl Hill Giant už není legální (Hill Giant má hexproof)")),
    ("mtg-zone-unsummon-in-response-to-aura.yaml",
     ("Holy Strength: the target Grizzly Bears is illegal now (Grizzly Bears is not on the battlefield but in "
      "the hand)",
      "Holy Strength: meta Grizzly Bears više nije ispravna (Grizzly Bears nije u igri – sada: u ruci)",
      "Holy Strength: цель Grizzly Bears больше не допустима (Grizzly Bears не на поле битвы – сейчас: в руке)",
      "Holy Strength: cíl Grizzly Bears už není legální (Grizzly Bears není ve hře – teď: v ruce)")),
], ids=["hexproof", "left_the_battlefield"])
def test_a_target_that_becomes_illegal_is_narrated_in_every_language(name: str, said: tuple[str, ...]) -> None:
    import json

    for lang, text in zip(("en", "sr", "ru", "cs"), said):
        answer = CliRunner().invoke(app, ["scenario", "run", str(SCENARIOS / name), "--lang", lang, "--json"])
        steps = [s for s in json.loads(answer.stdout)["steps"] if s["event"] == "target_illegal"]
        assert (answer.exit_code, [(s["text"], s["rules"]) for s in steps]) == (0, [(text, ["ru-cr:608.2b"])]), lang

"""``izvori-judge deck check`` through typer's CliRunner: exit status, exact JSON, messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from izvori_rules.cli import app
from izvori_rules.cli import deck as deck_cli

DECKS = Path(__file__).parent / "fixtures" / "decks"
runner = CliRunner()


@pytest.fixture(autouse=True)
def no_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    """Equivalents come from the rule graph; these tests check the deck rules alone."""
    monkeypatch.setattr(deck_cli, "equivalents_lookup", lambda _note: None)


def check(*args: str) -> Result:
    return runner.invoke(app, ["deck", "check", *args])


def test_the_pt_guide_deck_is_illegal_in_izvori_constructed() -> None:
    path = str(DECKS / "pt-guide-fractius.txt")
    result = check(path, "--json")
    assert result.exit_code == 2  # lines 1 and 3 (prose) are bad input; the violation is reported all the same
    # The fixture is pt-guide.txt lines 1-38 (test_deck checks it byte for byte). Counts read from it:
    # "Criaturas" lines 7-29: 4+4+2+2+1+1+2+2+1+4+4+2+2+2+2+2+2+2+2 = 43; "terrenos" lines 33-38: 4+5+3+3+2 = 17.
    # sr-judge.txt 52 (A1.20): "Standardni špil ne može sadržati više od četiri karte istog imena";
    # line 35 "5 florestas" breaks it. Lines 1 and 3 are prose, not cards or headings.
    assert json.loads(result.stdout) == {
        "file": path, "ruleset": "izvori", "format": "constructed", "legal": False,
        "counts": {"Criaturas": 43, "terrenos": 17}, "total": 60,
        "violations": [{
            "rule": "max_copies",
            "refs": ["sr-judge:A1.20", "sr-basic:UI", "sr-basic:glossary:Ime", "sr-basic:glossary:Početni špil"],
            "message": "5 copies of florestas; at most 4 of one name, and basic lands (Forest) are not exempt",
            "card": "florestas", "line": 35}],
        "unreadable": [{"line": 1, "text": "Analise deck de fractius"},
                       {"line": 3, "text": "bom vamos a lista de um deck de fractius puramente agroo"}],
    }


def test_the_pt_guide_deck_is_legal_in_magic_constructed() -> None:
    path = str(DECKS / "pt-guide-fractius.txt")
    result = check(path, "--ruleset", "mtg", "--format", "constructed", "--json")
    data = json.loads(result.stdout)
    assert (data["total"], data["violations"]) == (60, [])
    # ... as far as it was read: lines 1 and 3 are prose (was: "legal", exit 0, with two lines never read)
    assert (result.exit_code, data["legal"]) == (2, False)
    assert " ".join(result.stderr.split()) == (
        f"error: {path}: line(s) 1, 3 read as neither cards nor headings; the deck cannot be called legal until "
        "they are corrected")


def test_a_violation_without_a_card_has_no_card_or_line_keys() -> None:
    result = check(str(DECKS / "mtg-sideboard-16.txt"), "--ruleset", "mtg", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["violations"] == [{
        "rule": "sideboard_size", "refs": ["ru-cr:100.4a"],
        "message": "the sideboard has 16 cards; at most 15 allowed"}]


@pytest.mark.parametrize(("fixture", "args", "code"), [
    ("izvori-standard-40.txt", [], 0),
    ("izvori-standard-40.txt", ["--format", "competitive"], 1),
    ("izvori-standard-40.txt", ["--ruleset", "mtg"], 1),
    ("izvori-standard-40.txt", ["--ruleset", "mtg", "--format", "limited"], 0),
    ("izvori-five-of-a-name.txt", ["--format", "limited"], 0),
    ("mtg-limited-39.txt", ["--ruleset", "mtg", "--format", "limited"], 1),
], ids=["izvori-40", "izvori-competitive", "mtg-constructed", "mtg-limited", "izvori-limited", "mtg-limited-39"])
def test_exit_status_is_1_when_illegal(fixture: str, args: list[str], code: int) -> None:
    assert check(str(DECKS / fixture), *args).exit_code == code


def test_the_text_report(tmp_path: Path) -> None:
    result = check(str(DECKS / "izvori-five-of-a-name.txt"))
    assert result.exit_code == 1
    text = " ".join(result.stdout.split())  # lines wrap at the terminal's width
    assert "illegal under izvori constructed" in text
    assert "Iznenađenja: 5" in text and "deck total: 44" in text
    assert "5 copies of Grom (lines 9, 16); at most 4 of one name (line 9)" in text
    assert "max_copies: sr-judge:A1.20" in text


def test_unreadable_lines_are_listed_in_the_text_report() -> None:
    result = check(str(DECKS / "unreadable-lines.txt"))
    assert result.exit_code == 2
    assert "6 line(s) not read as cards or headings:" in result.stdout
    assert "  4: Rosna Vila x četiri" in result.stdout


def test_a_deck_of_unreadable_lines_alone_is_never_called_legal(tmp_path: Path) -> None:
    # 60 copies of a basic land are legal in Magic (ru-cr 100.2a exempts them), but line 2 is unknown
    path = tmp_path / "deck.txt"
    path.write_text("60 Forest\nfour Island\n", encoding="utf-8")
    result = check(str(path), "--ruleset", "mtg", "--lang", "sr")
    text = " ".join(result.stdout.split())
    assert result.exit_code == 2 and f"{path}: nije utvrđeno da je ispravan po pravilima mtg constructed" in text
    assert "  2: four Island" in result.stdout
    assert f"greška: {path}: redovi 2 nisu" in " ".join(result.stderr.split())


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = check(str(tmp_path / "nope.txt"))
    assert result.exit_code == 2
    assert "cannot read the deck list" in " ".join(result.stderr.split())


def test_a_binary_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "deck.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    result = check(str(path))
    assert result.exit_code == 2
    assert "not a text file: the deck list is read in UTF-8" in " ".join(result.stderr.split())


def test_a_deck_list_with_old_mac_line_ends_is_read_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes((DECKS / "izvori-standard-40.txt").read_bytes().replace(b"\n", b"\r"))
    data = json.loads(check(str(path), "--json").stdout)  # was: 0 cards and one unreadable line of them all
    assert data["legal"] is True and data["total"] == 40 and data["unreadable"] == []


def test_a_folder_exits_2(tmp_path: Path) -> None:
    assert check(str(tmp_path)).exit_code == 2


def test_an_unknown_format_exits_2() -> None:
    result = check(str(DECKS / "mtg-59-cards.txt"), "--ruleset", "mtg", "--format", "competitive")
    assert result.exit_code == 2
    assert "ruleset mtg has no format 'competitive' (use constructed, limited)" in " ".join(result.stderr.split())


def test_equivalents_from_the_graph_are_added(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deck_cli, "equivalents_lookup",
                        lambda _note: (lambda ref: ("cs-cr:100.2",) if ref == "ru-cr:100.2a" else ()))
    result = check(str(DECKS / "mtg-59-cards.txt"), "--ruleset", "mtg", "--json")
    (violation,) = json.loads(result.stdout)["violations"]
    assert violation["refs"] == ["ru-cr:100.2a", "cs-cr:100.2", "pt-guide:jogo.o-jogo", "pt-guide:construcao.1"]


def test_starting_the_cli_does_not_load_the_deck_modules() -> None:
    code = ("import sys, izvori_rules.cli; "
            "print(sorted(m for m in sys.modules if m.startswith('izvori_rules.deck')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_formats_title_is_said_in_the_judges_language() -> None:
    # izvori constructed: sr-judge.txt 52 (A1.20) "najmanje četrdeset karata", "više od četiri karte istog imena"
    result = check(str(DECKS / "izvori-standard-40.txt"), "--lang", "sr")
    assert result.exit_code == 0 and "(standardni špil: najmanje 40 karata, najviše četiri karte istog imena)" in \
        " ".join(result.stdout.split())
    result = check(str(DECKS / "izvori-standard-40.txt"), "--lang", "ru")
    assert "не меньше 40 карт, не больше четырёх карт с одним названием" in " ".join(result.stdout.split())


def test_every_format_has_a_title_in_every_language() -> None:
    from izvori_rules.deck.rules import load_deck_rules
    from izvori_rules.messages import catalogue, languages

    for fmt in load_deck_rules().formats:
        for lang in languages():
            assert f"title_{fmt.ruleset}_{fmt.format}" in catalogue()[lang]["deck"], (lang, fmt.ruleset, fmt.format)

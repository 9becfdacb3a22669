"""Data checks for the curated concordance, corpus/concordance.tsv (issue 5, section 2).

These tests read the TSV with the csv module and the raw documents in corpus/documents/ directly; they do not use
the rule-graph parser, so they keep working while the parser changes.  Each ref is looked up by finding the line
where the rule starts (sr-judge, ru-cr) or the rule marker in the running text (cs-cr, whose "lines" are pages).
"""

import collections
import csv
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TSV = ROOT / "corpus" / "concordance.tsv"
DOCS = ROOT / "corpus" / "documents"

HEADER = ["left", "right", "relation", "note", "split"]
DOC_IDS = ("sr-judge", "cs-cr", "ru-cr")
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
REF_FORMS = {
    # section "A", chapter "D21", rule "D21.50", subrule "D21.51", the second B6.33 is "B6.33#2"
    "sr-judge": re.compile(r"^[A-F](?:\d{1,2}(?:\.\d{2,3}(?:#2)?)?)?$"),
    # section "3", chapter "310", rule "310.1", subrule "310.1a"
    "cs-cr": re.compile(r"^(?:\d|\d{3}(?:\.\d{1,3}[a-z]?)?)$"),
    "ru-cr": re.compile(r"^(?:\d|\d{3}(?:\.\d{1,3}[a-z]?)?)$"),
}
CS_UPPER = "A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"


# --------------------------------------------------------------------------------------------------------------
# reading the TSV


def read_tsv():
    """Return (header, rows); rows are dicts with a 'line' key (1-based line number in the file)."""
    header = None
    rows = []
    with TSV.open(encoding="utf-8", newline="") as fh:
        for lineno, fields in enumerate(csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE), start=1):
            if not fields or fields[0].startswith("#"):
                continue
            if header is None:
                header = fields
                continue
            row = dict(zip(HEADER, fields))
            row["line"] = lineno
            row["nfields"] = len(fields)
            rows.append(row)
    return header, rows


HEADER_SEEN, ROWS = read_tsv()


def split_ref(ref):
    doc, _, local = ref.partition(":")
    return doc, local


def sr_section(row):
    for side in ("left", "right"):
        doc, local = split_ref(row[side])
        if doc == "sr-judge":
            return local[0]
    return None


def doc_pair(row):
    return tuple(sorted((split_ref(row["left"])[0], split_ref(row["right"])[0])))


# --------------------------------------------------------------------------------------------------------------
# finding where a rule starts in the raw documents


def _lines(name):
    text = (DOCS / f"{name}.txt").read_text(encoding="utf-8")
    return [MARKER.sub("", line) for line in text.split("\n")]


SR_LINES = _lines("sr-judge")
RU_LINES = _lines("ru-cr")
# ru-cr.txt 15137 "Словарь терминов" (printed with two trailing spaces): rules are looked up before it. The former
# `RU_LINES.index("Словарь терминов ")` with one space never matched and silently fell back to the whole file.
RU_GLOSSARY = next(i for i, line in enumerate(RU_LINES) if line.rstrip() == "Словарь терминов")
CS_TEXT = (DOCS / "cs-cr.txt").read_text(encoding="utf-8").replace("\n", " ")
CS_BODY = CS_TEXT.index("1. Hra 100. Obecně 100.1.")
CS_NEXT_RULE = re.compile(rf"(?<![\d.])\d{{3}}\.\d(?:[a-z]|\.)? (?=[{CS_UPPER}])")


def _line_start(lines, ref, nth=1, stop=None):
    """The physical line where `ref` starts: it begins with the number (optionally followed by a period) and text."""
    pattern = re.compile(rf"^{re.escape(ref)}\.?[ \t]+(?![(),–-]|и )\S")
    found = 0
    for line in lines[:stop]:
        if pattern.match(line):
            found += 1
            if found == nth:
                return line
    return None


def rule_start_text(ref):
    """Text of the line where the rule starts (sr-judge, ru-cr), or of the rule in cs-cr's running text."""
    doc, local = split_ref(ref)
    if doc == "sr-judge":
        number, _, nth = local.partition("#")
        return _line_start(SR_LINES, number, int(nth or 1))
    if doc == "ru-cr":
        line = _line_start(RU_LINES, local, stop=RU_GLOSSARY)
        if line is None and "." in local:
            # four subrule headers are glued to the end of the previous line (121.1a, 121.1b, 205.3k, 302.4)
            glued = re.compile(rf"(?<=[.)»]) ?{re.escape(local)}\.?\s+\S")
            for candidate in RU_LINES[:RU_GLOSSARY]:
                match = glued.search(candidate)
                if match:
                    return candidate[match.start():]
        return line
    if doc == "cs-cr":
        if re.fullmatch(r"\d{3}\.\d[a-z]", local):
            marker = rf"(?<![\d.]){re.escape(local)} (?=[{CS_UPPER}])"
        elif re.fullmatch(r"\d", local):  # a section heading is followed by its first chapter: "3. Struktura kola 300."
            marker = rf"(?<![\w./-]){local}\. (?=[{CS_UPPER}][^.]{{0,60}} {local}00\. )"
        else:  # section, chapter or rule: "3. ", "310. ", "310.1. " (and "214.8 " without its period)
            marker = rf"(?<![\w./-]){re.escape(local)}\.? (?=[{CS_UPPER}])"
        match = re.compile(marker).search(CS_TEXT, CS_BODY)
        if match is None:
            return None
        nxt = CS_NEXT_RULE.search(CS_TEXT, match.end())
        return CS_TEXT[match.start(): nxt.start() if nxt else len(CS_TEXT)]
    raise ValueError(ref)


# --------------------------------------------------------------------------------------------------------------
# structure of the file


def test_header():
    assert HEADER_SEEN == HEADER
    first = TSV.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first.split("\t") == HEADER, "the header must be the first line"


def test_rows_well_formed():
    problems = []
    for row in ROWS:
        where = f"line {row['line']}"
        if row["nfields"] != len(HEADER):
            problems.append(f"{where}: {row['nfields']} fields")
            continue
        ldoc, lref = split_ref(row["left"])
        rdoc, rref = split_ref(row["right"])
        if ldoc not in DOC_IDS or rdoc not in DOC_IDS:
            problems.append(f"{where}: unknown document")
        elif ldoc == rdoc:
            problems.append(f"{where}: both refs in {ldoc}")
        elif not REF_FORMS[ldoc].match(lref) or not REF_FORMS[rdoc].match(rref):
            problems.append(f"{where}: malformed ref {row['left']} / {row['right']}")
        if row["relation"] not in ("same", "close"):
            problems.append(f"{where}: relation {row['relation']!r}")
        if row["split"] not in ("train", "heldout"):
            problems.append(f"{where}: split {row['split']!r}")
        if not row["note"].strip():
            problems.append(f"{where}: empty note")
    assert not problems, problems


def test_no_duplicate_pairs():
    seen = {}
    duplicates = []
    for row in ROWS:
        key = frozenset((row["left"], row["right"]))
        if key in seen:
            duplicates.append((row["left"], row["right"], seen[key], row["line"]))
        seen[key] = row["line"]
    assert not duplicates, duplicates


def test_enough_rows():
    assert len(ROWS) >= 150


def test_all_six_sr_judge_sections_covered():
    per_section = collections.Counter(sr_section(row) for row in ROWS)
    for section in "ABCDEF":
        assert per_section[section] >= 10, (section, per_section[section])
    chapters = {split_ref(r[s])[1].split(".")[0] for r in ROWS for s in ("left", "right")
                if split_ref(r[s])[0] == "sr-judge" and "." in split_ref(r[s])[1]}
    for section in "ABCDEF":
        assert len({c for c in chapters if c.startswith(section)}) >= 3, section


def test_all_document_pairs_present():
    pairs = collections.Counter(doc_pair(row) for row in ROWS)
    assert pairs[("ru-cr", "sr-judge")] >= 50
    assert pairs[("cs-cr", "sr-judge")] >= 30
    assert pairs[("cs-cr", "ru-cr")] >= 20


def test_about_a_third_heldout():
    heldout = [row for row in ROWS if row["split"] == "heldout"]
    assert 0.25 <= len(heldout) / len(ROWS) <= 0.42
    for section in "ABCDEF":
        in_section = [row for row in ROWS if sr_section(row) == section]
        held = [row for row in in_section if row["split"] == "heldout"]
        assert held, f"no held-out rows in sr-judge section {section}"
        if len(in_section) >= 30:
            assert 0.2 <= len(held) / len(in_section) <= 0.45, section
    for pair in {doc_pair(row) for row in ROWS}:
        assert any(row["split"] == "heldout" for row in ROWS if doc_pair(row) == pair), pair
    held_relations = {row["relation"] for row in heldout}
    assert held_relations == {"same", "close"}


def test_heldout_pairs_cannot_be_chained_from_training_pairs():
    # a ref used in a held-out row never appears in a training row (so A-B and B-C in train can't reveal A-C)
    splits = collections.defaultdict(set)
    for row in ROWS:
        splits[row["left"]].add(row["split"])
        splits[row["right"]].add(row["split"])
    mixed = sorted(ref for ref, used in splits.items() if len(used) > 1)
    assert not mixed, mixed


# --------------------------------------------------------------------------------------------------------------
# content: the examples the issue names, and every ref really exists


def _has(a, b):
    return any({row["left"], row["right"]} == {a, b} for row in ROWS)


def test_issue_examples():
    # one rule in three documents: a player with 0 or less life loses
    assert _has("sr-judge:A3.32", "cs-cr:102.1")
    assert _has("sr-judge:A3.32", "ru-cr:104.3b")
    assert _has("cs-cr:102.1", "ru-cr:104.3b")
    # APNAP: sr-judge and ru-cr only; cs-cr has no such rule, which the file records in a comment
    assert _has("sr-judge:A4.40", "ru-cr:101.4")
    assert not any("sr-judge:A4.40" in (row["left"], row["right"]) and doc_pair(row) == ("cs-cr", "sr-judge")
                   for row in ROWS)
    comments = [line for line in TSV.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert any("A4.40" in line and "cs-cr has no APNAP" in line for line in comments)


def test_every_ref_exists_in_its_document():
    missing = sorted({row[side] for row in ROWS for side in ("left", "right")
                      if rule_start_text(row[side]) is None})
    assert not missing, missing


# --------------------------------------------------------------------------------------------------------------
# fact checks: a distinctive word or number read in both rule texts, on the line where each rule starts
# (left ref, substring, right ref, substring); each row is a pair of the TSV

FACTS = [
    # A: the game
    ("sr-judge:A3.32", "0 ili manje", "ru-cr:104.3b", "0 или меньше"),
    ("sr-judge:A3.32", "0 ili manje", "cs-cr:102.1", "0 nebo méně"),
    ("cs-cr:102.1", "stavový efekt", "ru-cr:104.3b", "равно 0 или меньше"),
    ("sr-judge:A4.40", "aktivan igrač", "ru-cr:101.4", "несколько игроков"),
    ("cs-cr:102.8", "deset nebo více", "ru-cr:104.3d", "10 или более жетонов яда"),
    ("sr-judge:A1.40", "maksimalna veličina špila", "ru-cr:100.5", "максимального ограничения"),
    ("sr-judge:A1.40", "maksimalna", "cs-cr:100.4", "Neexistuje maximum"),
    ("sr-judge:A1.30", "draft", "cs-cr:100.3", "Draft"),
    ("sr-judge:A2.21", "preskače korak vučenja", "ru-cr:103.7a", "пропускает шаг взятия карты"),
    ("sr-judge:A3.33", "vuče više karti", "cs-cr:102.2", "líznout více karet"),
    ("sr-judge:A3.33", "vuče više karti", "ru-cr:104.3c", "взять больше карт"),
    ("sr-judge:A3.34", "i pobedio i izgubio", "cs-cr:102.5", "vyhrát i prohrát"),
    ("cs-cr:102.5", "prohrává", "ru-cr:104.3f", "выиграть и проиграть"),
    ("sr-judge:A5.20", "manji od 0", "ru-cr:107.1b", "положительные числа или ноль"),
    # B: parts of the game
    ("sr-judge:B3.10", "gornjem desnom uglu", "ru-cr:201.1", "левом верхнем углу"),
    ("sr-judge:B3.20", "identično ime", "cs-cr:201.3", "anglická verze jmen"),
    ("sr-judge:B4.30", "zbiru brojeva", "cs-cr:203.3", "3UU"),
    ("sr-judge:B9.10", "kosom crtom", "ru-cr:208.1", "косой чертой"),
    ("sr-judge:B9.10", "kosom crtom", "cs-cr:208.1", "lomítkem"),
    ("cs-cr:208.1", "2/3", "ru-cr:208.1", "два числа"),
    ("sr-judge:B12.34", "simbolom aktiviranja", "cs-cr:214.7c", "symbol tapnutí"),
    ("sr-judge:B15.30", "prestaje da postoji", "cs-cr:216.3", "přestává existovat"),
    ("sr-judge:B15.30", "prestaje da postoji", "ru-cr:110.5f", "перестаёт существовать"),
    ("sr-judge:B16.21", "biblioteka", "ru-cr:401.1", "библиотекой"),
    ("cs-cr:217.2a", "knihovnou", "ru-cr:401.1", "библиотекой"),
    ("sr-judge:B16.32", "sedam karata", "cs-cr:217.3b", "sedm karet"),
    ("cs-cr:217.3b", "sedm karet", "ru-cr:402.2", "семь карт"),
    # C: turn structure
    ("sr-judge:C1.10", "pet faza", "ru-cr:500.1", "пяти фаз"),
    ("cs-cr:300.1", "pěti fází", "ru-cr:500.1", "пяти фаз"),
    ("sr-judge:C1.30", "ne važi za korak", "cs-cr:300.4", "ale ne krok"),
    ("sr-judge:C1.30", "neiskorišćena mana", "ru-cr:500.4", "неиспользованная мана"),
    ("sr-judge:C1.60", "dodatni potez", "cs-cr:300.6", "mimořádná kola"),
    ("sr-judge:C2.10", "tri koraka", "cs-cr:301.1", "tří kroků"),
    ("sr-judge:C2.10", "tri koraka", "ru-cr:501.1", "трех шагов"),
    ("sr-judge:C11.30", "nije magija", "cs-cr:310.3", "nejsou to kouzla"),
    ("sr-judge:C13.10", "dva koraka", "cs-cr:312.1", "dvou kroků"),
    ("sr-judge:C13.10", "dva koraka", "ru-cr:512.1", "двух шагов"),
    ("cs-cr:314.1a", "obyčejně sedm", "ru-cr:514.1", "максимальный размер руки"),
    # D: spells, abilities and effects
    ("sr-judge:D10.19", "D10.11 – D10.18", "ru-cr:601.2i", "601.2a-h"),
    ("sr-judge:D16.21", "prvo aktivni igrač", "ru-cr:120.2c", "более чем одному игроку"),
    ("sr-judge:D21.51", "0 ili manje života", "ru-cr:704.5a", "0 жизней или меньше"),
    ("sr-judge:D21.52", "izdržljivosti 0 ili manje", "ru-cr:704.5f", "выносливость существа равна 0 или меньше"),
    ("sr-judge:D21.53", "veće od 0", "ru-cr:704.5g", "больше чем 0"),
    ("sr-judge:D21.59", "+10/+10 i -10/-10", "ru-cr:704.5q", "+1/+1 жетоны и -1/-1"),
    # E: additional rules
    ("sr-judge:E3.32", "crnim bićima i/ili artefakt bićima", "ru-cr:702.35b", "артефактами"),
    ("sr-judge:E3.72", "Letač", "ru-cr:702.9b", "без полёта"),
    # F: multiplayer
    ("sr-judge:F2.21", "1 ili 2", "ru-cr:801.2a", "1 или 2"),
    ("sr-judge:F4.50", "ANI redosledu", "ru-cr:802.6", "АИНАИ"),
    ("sr-judge:F7.41", "300", "ru-cr:810.4", "30"),
    ("sr-judge:F8.31", "obično 2", "ru-cr:809.3a", "ограничивается 2"),
    ("sr-judge:F9.10", "deset ili više igrača", "ru-cr:807.1", "модификацией"),
    ("sr-judge:F9.41", "četiri igrača", "ru-cr:807.4a", "четырёх игроков"),
]

FACT_REFS = sorted({(ref, text) for left, ltext, right, rtext in FACTS for ref, text in ((left, ltext), (right, rtext))})


def test_fact_rows_are_in_the_tsv():
    assert len({frozenset((left, right)) for left, _, right, _ in FACTS}) >= 30
    missing = [(left, right) for left, _, right, _ in FACTS if not _has(left, right)]
    assert not missing, missing
    sections = {ref.split(":")[1][0] for left, _, right, _ in FACTS for ref in (left, right)
                if ref.startswith("sr-judge:")}
    assert sections == set("ABCDEF")
    pairs = {tuple(sorted((left.split(":")[0], right.split(":")[0]))) for left, _, right, _ in FACTS}
    assert pairs == {("ru-cr", "sr-judge"), ("cs-cr", "sr-judge"), ("cs-cr", "ru-cr")}


@pytest.mark.parametrize("ref,expected", FACT_REFS)
def test_fact_on_rule_start_line(ref, expected):
    text = rule_start_text(ref)
    assert text is not None, f"{ref}: rule start not found"
    number = split_ref(ref)[1]
    assert text.lstrip().startswith(number), (ref, text[:60])
    assert expected in text, f"{ref}: {expected!r} not in {text[:200]!r}"

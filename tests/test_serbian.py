"""Serbian stems (text/serbian.py): the forms of one verb that Snowball's stemmer leaves apart meet, as a judge
types them and as the rules print them; a passive participle stays the adjective it is."""

from __future__ import annotations

import pytest

from izvori_rules.text.serbian import serbian_stem
from izvori_rules.text.stemming import normalize_word


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("pobedi", "pobedio"),        # sr-judge A3.34 "Ako bi igrač u isto vreme i pobedio i izgubio, on gubi partiju"
        ("izgubi", "izgubio"),        # sr-judge A3.34
        ("kontroliše", "kontrolisao"),  # sr-judge B1.61 "igrač koji je kontrolisao izvor njenog porekla"
        ("aktivira", "aktivirati"),   # sr-judge C9.22 "Aktivni igrač aktivira izabrana bića"; glossary Aktivirati
        ("platim", "platiti"),        # sr-judge A5.30 "ceni koju treba platiti"
        ("platim", "platio"),         # sr-basic Plaćati: "Da bi platio cenu"
        ("žrtvuje", "žrtvovati"),     # sr-basic Žrtvovanje: "Igrač ne može žrtvovati ... da žrtvuje permanent"
        ("zrtvujem", "žrtvovao"),     # typed without diacritics; sr-basic Žrtvovanje "Da bi žrtvovao permanent"
        ("ПОБЕДИ", "pobedio"),        # Cyrillic meets Latin
        ("plaća", "plaćanje"),        # sr-basic: "ako na taj način plaća neku cenu (... zahteva žrtvovanje"
        ("placa", "plaćanje"),        # typed without diacritics
        ("žrtvuje", "žrtvovanje"),    # sr-basic Žrtvovanje
        ("spreči", "sprečava"),       # sr-judge C7.22 "ne sprečava borbenu štetu"; counter's term "spreči"
        ("odigra", "odigravanja"),    # sr-judge line 756 "da uobičajeno odigra"; D9 "Vreme odigravanja magija"
        ("vučem", "vuče"),            # a first person: sr-judge D16.10 "Igrač vuče kartu"
        ("biram", "bira"),            # sr-judge A4.40 example "Prvo aktivni igrač bira"
    ],
    ids=lambda value: value,
)
def test_a_verbs_forms_meet(typed: str, printed: str) -> None:
    assert normalize_word("sr", typed) == normalize_word("sr", printed)


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("aktivirano", "aktiviran"),  # biće is neuter; sr-judge B14.40 "aktiviran", C9.21 "aktivirana"
        ("aktivirano", "aktivirana"),
        ("odabrano", "odabrani"),     # sr-judge D15.10 “odabrano [nešto]”; F2.40 "ne mogu biti odabrani"
        ("plaćena", "plaćene"),       # sr-judge A5.31 "plaćena"; C9.26 "plaćene"
    ],
    ids=lambda value: value,
)
def test_a_passive_participles_genders_meet(typed: str, printed: str) -> None:
    assert normalize_word("sr", typed) == normalize_word("sr", printed)


@pytest.mark.parametrize(
    ("participle", "verb"),
    [
        ("blokirano", "blokira"),     # sr-judge C10.26 "postaje blokirano biće ... da ga blokira"
        ("aktivirano", "aktivira"),   # sr-basic Plaćati: "ako je biće već aktivirano"; C9.22 "aktivira"
    ],
    ids=lambda value: value,
)
def test_a_passive_participle_stays_apart_from_its_verb(participle: str, verb: str) -> None:
    assert normalize_word("sr", participle) != normalize_word("sr", verb)


@pytest.mark.parametrize(
    ("word", "stem", "expected"),
    [
        ("pobedio", "pobedi", "pobed"),      # the theme vowel goes
        ("igra", "igr", "igr"),              # a short stem stays
        ("igram", "igra", "igra"),           # ... however it ends (igrati is not igra, the game)
        ("platim", "platim", "plat"),        # a first person the stemmer left whole
        ("svim", "svim", "svim"),            # too short to be one
        ("vucem", "vucem", "vuc"),           # ... or -em, -am, -eš, -aš, -iš
        ("biras", "biras", "bir"),
        ("zrtvuje", "zrtvuj", "zrtvov"),     # -uje is -ovati's present
        ("deluje", "deluj", "deluj"),        # too short: not delov (delova, the parts)
        ("blokirano", "blokira", "blokiran"),  # a passive participle keeps its -an- whole (blokirana blokiran)
        ("blokiran", "blokir", "blokiran"),    # ... in every gender, not the verb's blokir
        ("aktiviranje", "aktiviranj", "aktivir"),  # a verbal noun loses -anj
        ("igranje", "igranj", "igranj"),     # ... unless too little stays (igr is the game, igra)
        ("odigravanje", "odigravanj", "odigr"),  # and an imperfective its -av
        ("naziv", "naziv", "naziv"),         # too short: the name, no imperfective
    ],
    ids=lambda value: value,
)
def test_serbian_stem(word: str, stem: str, expected: str) -> None:
    assert serbian_stem(word, stem) == expected

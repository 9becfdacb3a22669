"""What Snowball's Serbian stemmer leaves apart in the forms of one verb, put back together.

The stemmer strips some endings of a verb's forms and not others, so the words a judge types ("pobedi",
"platim", "žrtvuje") and the rule's words ("pobedio" sr-judge A3.34, "platiti", "žrtvovati") got different
stems and never met. :func:`serbian_stem` takes the stemmer's stem of a folded Serbian word and evens out some
of its gaps (each measured on the sr-judge and sr-basic words: it joins the forms of one verb, or a noun's cases):

* the theme vowel: "pobedi" is pobed but "pobedio" and "pobediti" pobedi, "kontroliše" kontrolis but
  "kontrolisao" kontrolisa; a stem of THEMED letters or more loses a final vowel. Not a passive participle's
  (-an-, -en-): it is an adjective, and "blokirano biće" (C10.26, the blocked creature) is not "biće blokira" (the
  creature that blocks), nor "aktivirano biće" (tapped) "aktivira" (taps);
* a passive participle's genders: "blokiran" was blokir (the verb's stem), "blokirano" blokira, "blokirana" blokiran,
  "plaćena" plac but "plaćene" placen; a stem the stemmer cut inside the participle's -an- or -en- keeps it whole, so
  the neuter a judge types of a creature (biće: "biće je aktivirano", "blokirano", "odabrano") meets the rules'
  "aktivirana bića", "aktiviran permanent", "odabrani" (sr-judge F2.40);
* the first and second persons' -im, -iš, -em, -eš, -am, -aš, left on "platim", "vratim", "bacim", "biram",
  "vučem", "plaćaš" (taken off "izgubim", "pobedim"): a word of PERSON letters or more the stemmer left whole
  loses it;
* the present tense of an -ovati verb: "žrtvuje" zrtvuj, "žrtvovati" zrtvov ("uzrokuje" / "uzrokovati"); a stem of
  LONG letters or more ending in -uj ends in -ov;
* the verbal noun: "plaćanje" placanj, "plaća" plac; "aktiviranje" / "aktivira", "žrtvovanje" / "žrtvovati"; a
  stem ending in -anj or -enj loses it when ROOT letters or more stay ("igranje" keeps its igr-anj: igr is the game);
* the imperfective's -av- / -iv-: "sprečava" / "spreči", "odigrava" / "odigra" (sr-judge D10.19 "postaje
  odigrana"), "odbacivanje" / "odbaci"; a stem of IMPERFECTIVE letters or more loses it ("naziv", the name, stays).
"""

from __future__ import annotations

import re

THEMED = 5
LONG = 6
PERSON = 5
_PERSONS = ("im", "is", "em", "es", "am", "as")
ROOT = 4
IMPERFECTIVE = 7
_THEME = frozenset("aeio")
_PARTICIPLE = re.compile(r"[ae]n(?:[aeiou]|og|om|im|ih|oj|ima)?$")


def serbian_stem(word: str, stem: str) -> str:
    """The stem of a folded Serbian ``word`` that Snowball stemmed to ``stem``, its verb's forms joined (see the
    module docstring): ``pobedio`` pobedi → ``pobed``, ``platim`` → ``plat``, ``žrtvuje`` zrtvuj → ``zrtvov``."""
    participle = _PARTICIPLE.search(word)
    if participle and len(stem) < participle.start() + 2 and word.startswith(stem):
        return word[:participle.start() + 2]
    if stem == word and len(word) >= PERSON and word.endswith(_PERSONS):
        return word[:-2]
    if len(stem) >= LONG and stem.endswith("uj"):
        return stem[:-2] + "ov"
    if stem.endswith(("anj", "enj")) and len(stem) - 3 >= ROOT:
        stem = stem[:-3]
    if len(stem) >= IMPERFECTIVE and stem.endswith(("av", "iv")):
        return stem[:-2]
    if len(stem) >= THEMED and stem[-1] in _THEME and not _PARTICIPLE.search(word):
        return stem[:-1]
    return stem

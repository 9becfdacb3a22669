"""Search quality on real judges' questions (tests/search_questions.tsv): recall@10 and mean reciprocal rank per
language, on the part tuned on and on the held-out part (every third question of each of the four batches, 1-75,
104-148, 149-193 and 194-238, the last three written blind; never tuned on; questions 76-103 and the fifth batch,
239-274, the sixth, 275-310, and the seventh, 311-346, are all tuned on). A query is answered when one of its answers
(numbered rules read in the documents) is in the first ten hits. ``pytest -s`` prints the figures, the held-out
part's also per batch (the first batch's alone compares with the sessions before the second, the fourth's is the
freshest measure) and the tune part's per batch and tune-only range, and the misses."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from izvori_rules.graph import RuleGraph
from izvori_rules.search.searcher import Searcher, default_searcher
from izvori_rules.text.folding import fold
from izvori_rules.text.stemming import analyze

QUESTIONS = Path(__file__).with_name("search_questions.tsv")
LANGUAGE = {"en": "en", "sr": "sr", "sr-ascii": "sr", "sr-cyrl": "sr", "ru": "ru", "cs": "cs"}
PARTS = ("tune", "held-out")
FIRST_BATCH = range(1, 76)  # questions 1-75
SECOND_BATCH = range(104, 149)  # questions 104-148, written before any search was run on them
THIRD_BATCH = range(149, 194)  # questions 149-193, written blind as well
FOURTH_BATCH = range(194, 239)  # questions 194-238, written blind as well
# The batches whose every third question is held out
BATCHES = {1: FIRST_BATCH, 2: SECOND_BATCH, 3: THIRD_BATCH, 4: FOURTH_BATCH}
# The questions written to tune on only (all their rows tune), by their label in the per-batch report: 76-103, between
# the first two batches, and the fifth batch, 239-274, written blind as a validation set for one session's changes
# (as written, before any change chosen with it in view: sr 0.933/0.716, ru 0.895/0.660, en 0.872/0.671, cs 0.944/0.821)
# and the sixth batch, 275-310, written blind the same way from real questions found in public sources (their addresses
# in "source") as session 27's validation set (as written: sr 0.708/0.517, ru 0.778/0.567, en 0.719/0.481, cs 1.0/1.0
# on its one Czech query: questions as judges really ask them, on topics no batch had, are the hardest measure yet),
# and the seventh batch, 311-346, written blind in session 28 from real public questions the same way, as the new
# validation set (the sixth batch becoming the studied set), and the eighth, 347-382, written blind in session 29 as
# its validation set (the seventh becoming the studied set; as written: sr 0.971/0.767, ru 0.895/0.617, en 0.833/0.599,
# cs 1.0/0.720), and the ninth, 383-400, written blind later in session 29 as its second validation set (as written:
# sr 0.857/0.538, ru 0.722/0.437, en 0.778/0.555, cs 1.0/0.781), and the tenth, 401-436, written blind in session 30
# by two writers at once from real public questions, as that session's validation set (batches 8 and 9 studied; as
# written: sr 1.0/0.944, ru 0.870/0.628, en 0.803/0.603, cs 1.0/1.0; with its keys audited blind: ru 0.870/0.667,
# en 0.829/0.651, sr and cs the same), and the eleventh, 437-472, written blind in session 31 by two writers at once
# as that session's validation set (batches 8-10 studied; as written, measured with session 30's search: sr 0.714/0.548,
# ru 0.788/0.527, en 0.841/0.558, cs 0.800/0.700; with its keys audited blind: sr 0.857/0.714, ru 0.788/0.588,
# en 0.841/0.581, cs the same), and the twelfth, 473-508, written blind in session 32 by two writers at once as that
# session's validation set (batches 8-11 studied; as written, measured with session 31's search: sr 0.625/0.525,
# ru 0.710/0.402, en 0.741/0.564, cs 0.500/0.333), and the thirteenth, 509-544, written blind in session 33 by two
# writers at once as that session's validation set (batches 8-12 studied; as written, measured with session 32's
# search: sr 0.667/0.519, ru 0.654/0.343, en 0.747/0.564, cs 1.0/0.806; with its keys audited blind: en 0.759/0.566,
# the others the same), and the fourteenth, 545-580, written blind in session 34 by two writers at once as that
# session's validation set (batches 8-13 studied; as written, measured with session 33's search: sr 1.0/0.610,
# ru 0.818/0.564, en 0.795/0.633, cs 0.500/0.500; with its keys audited blind: sr 1.0/0.681, ru 0.848/0.574,
# en 0.822/0.665, cs the same)
TUNE_ONLY = {"extra": range(76, 104), "5": range(239, 275), "6": range(275, 311), "7": range(311, 347),
             "8": range(347, 383), "9": range(383, 401), "10": range(401, 437), "11": range(437, 473),
             "12": range(473, 509), "13": range(509, 545), "14": range(545, 581)}
NEW_BATCH = "new"  # the label of questions no range above holds
RECALL_TARGET = 0.95  # issue 10's targets on the held-out part (all four batches), in every language
MRR_TARGET = 0.8
# What the search reaches now on the held-out part (every language at or above these): a floor against
# regressions, below the figures measured (recall 0.845-0.981, MRR 0.713-0.834, since the fourth batch).
RECALL_FLOOR = 0.8
MRR_FLOOR = 0.65
TOP = 10
# The held-out figures measured where the targets are not met yet (recall@10, MRR): the right rule is usually in
# the first ten but below related rules. A language that meets them makes its case pass, and strict xfail fail.
# The second batch, written blind, brought the first figures on questions nobody had tuned on: every language fell
# short again (batch 1 alone: sr 1.0/0.900, ru 0.957/0.810, en 0.96/0.762, cs 1.0/0.660). The third batch, written
# blind as well before session 22's search changes, is the freshest measure: when it was written sr 0.938/0.829,
# ru 0.933/0.690, en 0.875/0.700, cs 0.917/0.845; after them sr 1.0/0.837, ru 0.933/0.708, en 0.875/0.707,
# cs 0.917/0.845. Serbian meets the targets since concept terms match with words between their words and a term
# typed as written wins a tie (text/matching.py: ConceptMatcher.gapped, QueryConcepts._covers). The fourth batch,
# written blind after session 22 (before it the held-out part stood at sr 0.987/0.820, ru 0.943/0.766,
# en 0.922/0.782, cs 0.975/0.779), is now the freshest measure: as written sr 0.967/0.854, ru 0.750/0.661,
# en 0.600/0.525, cs 0.917/0.736, its tuned part sr 0.789/0.715, ru 0.897/0.718, en 0.784/0.611.
# Session 23's changes, each chosen on the tuned part (Serbian verb forms, text/serbian.py; Russian aspect pairs,
# corpus/russian_aspect_pairs.tsv; permission questions; a zone change broader than dying and bouncing; phone typos;
# concept terms found through the originals, scripts/audit_concepts.py) moved the tuned part to sr 0.972/0.903,
# ru 0.993/0.899, en 0.961/0.858, cs 1.0/0.972 (from sr 0.963/0.898, ru 0.974/0.863, en 0.944/0.826) and the
# held-out part to sr 0.981/0.834, ru 0.913/0.743, en 0.845/0.713, cs 0.962/0.781 (batch 4 alone: sr 0.967/0.850,
# ru 0.750/0.661, en 0.600/0.492, cs 0.917/0.778).
# Czech meets the targets since session 25 (held-out cs 0.962/0.781 -> 0.981/0.809), with changes chosen on the tuned
# part, which gained 45 Czech queries written blind (tuned cs 0.983/0.926 on the 59 before; 0.962/0.863 -> 0.981/0.894
# on the 104): a concept term read scattered across part of a term typed whole loses to it (text/matching.py), Czech
# question and function words dropped (corpus/stopwords.tsv), Czech boj, aura, odpověď and a look_at concept
# (corpus/concepts.tsv).
# Session 25's English changes, chosen on the tuned part (an English term's participle and a stem several concepts
# share matched as spelled, text/matching.py; today's English names in corpus/concepts.tsv; "itself" searched)
# moved en's tuned part to 0.951/0.833 (batch 5, the validation set, 0.872/0.671 -> 0.872/0.690) and its held-out
# part to 0.857/0.723 (batch 4 alone: 0.650/0.512).
# Session 25's Russian changes (players' words for 36 concepts, corpus/concepts.tsv; question frame words and ваш
# as stop words; words kept apart, corpus/russian_kept_apart.tsv; -ировать verbs and -ация nouns one stem,
# text/russian.py) moved Russian's tuned part from 0.974/0.851 to 0.974/0.863 (the fifth batch 0.895/0.660 to
# 0.895/0.719) and its held-out part to 0.899/0.748 (batch 4 alone 0.750/0.661).
# Session 26's English changes, chosen on the tuned part (a question phrase a query opens with, "how long", "is it
# legal", dropped as stop words, search/questions.py QuestionWords.frame; players' words ETB, LTB, CMC, SBA, tutor,
# fizzle and "regeneration shield" in corpus/concepts.tsv) moved en's tuned part from 0.951/0.834 to 0.960/0.841 (the
# fifth batch 0.872/0.690 to 0.894/0.722); its held-out part stays at 0.869/0.735 (batch 4 alone 0.700/0.564).
# Session 26's Russian changes, chosen on the tuned part (of sibling subrules among the first hits matching the same
# clauses the earlier first, search/siblings.py; an -ать/-ить imperfective's theme vowel folded into its perfective's
# family, corpus/russian_aspect_pairs.tsv; a -ьте imperative its verb's stem, text/russian.py) moved Russian's tuned
# part (batches 1-4 and 76-103) from 0.993/0.899 to 0.993/0.918 (the fifth batch unchanged at 0.895/0.719) and its
# held-out part from 0.899/0.747 to 0.899/0.752 (batch 4 alone 0.750/0.661).
# With both merged (the sibling order also lifts English: tuned 0.960/0.853), en's held-out part stands at 0.869/0.742.
# A keyword's subrules the query does not name giving way (search/keywords.py): tuned en 0.862 -> 0.864, held-out 0.869/0.743.
# Then four more aspect pairs and this_turn, until_end_of_turn's broader concept (ru-cr's «в этом ходу»), moved ru's
# tuned part (1-4, 76-103) to 1.000/0.925 (batch 5 unchanged at 0.921/0.727); its held-out part stays 0.899/0.752.
# Session 27's Russian changes (the words Russian players type for some 60 concepts, the -нуть verbs' and -ящий
# participles' folds, thirteen more aspect pairs) hold ru's tuned part (0.966/0.857 with batch 6), batches 5 and 6
# (0.921/0.727, 0.778/0.566 -> 0.778/0.568); its held-out part 0.899/0.752 -> 0.899/0.759.
# Session 27's English changes (English words the stemmer joins kept apart, corpus/english_kept_apart.tsv; the die
# rolled apart from dying, rows die_roll and dies; everyday words' concepts guarded: move, general, match, if able;
# the rules' nouns of concepts: destruction, division, owns) measured against main with batch 6: en's tuned part
# 0.921/0.788 -> 0.924/0.789 (batch 5 0.915/0.787 -> 0.915/0.788, batch 6 0.766/0.493 -> 0.766/0.497); its held-out
# part stays 0.881/0.748.
# With session 27's other changes (of the first hits, a rule whose twin in another document stands above it follows
# the others, search/repeats.py; the judge's language's twin first, search/twins.py; concepts for today's CR glossary)
# the held-out part stands at sr 0.981/0.834, ru 0.913/0.766, en 0.881/0.748, cs 0.981/0.828, the sixth batch at
# sr 0.833/0.532, ru 0.778/0.577, en 0.766/0.497.
# Session 28's Russian changes, chosen on batch 6 as the study set (players' words and ru-cr's own forms for some 20
# concepts, corpus/concepts.tsv; "способный" kept apart from "способность"; fleeting vowels, corpus/
# russian_fleeting_vowels.tsv; a term with a word missing whose typed words are each a one-word term read as those
# terms, text/matching.py; pronouns' whole paradigms as stop words) moved ru's batch 6 from 0.778/0.577 to 0.861/0.592
# and batch 7, the new validation set, from 0.796/0.612 to 0.796/0.616 (batches 1-5 unchanged); its held-out part
# 0.913/0.766 -> 0.928/0.769.
# With all of session 28 merged (also English: stop words inside a concept's term, players' slang, 7-letter typos;
# Serbian: players' words, borrowed English terms, short inflected forms; a card named stands for its concepts,
# corpus/card_concepts.tsv; BM25's b 0.9) batch 6, the study set, stands at sr 0.917/0.556, ru 0.833/0.631,
# en 0.844/0.628; batch 7, written blind this session as the validation set, moved only from sr 0.737/0.518,
# ru 0.796/0.612, en 0.803/0.587 to sr 0.737/0.521, ru 0.796/0.614, en 0.817/0.586: what was learnt from batch 6's
# misses mostly does not reach new questions. The held-out part: sr 0.972/0.830, ru 0.928/0.771, en 0.869/0.735,
# cs 0.981/0.821 (en lost one query of batch 4).
# Session 29's English changes, chosen on batch 7 as the study set (players' words: reflexive trigger, falls off, flip
# up, pro, land drop; the English CR's own "library with no cards in it"; a keyword's subrule the query does not name
# at 0.5 of its key, search/keywords.py) moved en's batch 7 from 0.817/0.586 to 0.831/0.595, batch 6 from 0.844/0.628
# to 0.859/0.642, batch 5 from 0.936/0.776 to 0.936/0.778, and batch 8, written blind as the validation set, from
# 0.833/0.599 to 0.861/0.627 (the keyword constant alone moved it not at all); en's held-out part 0.869/0.735 ->
# 0.869/0.736.
# With all of session 29 merged (also Russian players' words and keyword names in Cyrillic, pronoun and filler stop
# words; Serbian irregular verbs, corpus/serbian_irregular_verbs.tsv, participles' genders, question words, a term of
# stop words only as written; the concept table's rules column audited: 23 wrong numbers mended, 14 passing mentions
# removed, 24 equivalents added; eleven translated terms that are everyday words guarded in the documents too, !LANG;
# a heading without text after its own rules; a twin in the query's language raised from past the first hits) the
# study set, batch 7, stands at sr 0.737/0.583, ru 0.837/0.677, en 0.845/0.589; the validation sets written blind this
# session moved from (as written) batch 8 sr 0.971/0.767, ru 0.895/0.617, en 0.833/0.599, cs 1.0/0.720 and batch 9 sr
# 0.857/0.538, ru 0.722/0.437, en 0.778/0.555, cs 1.0/0.781 to batch 8 sr 0.971/0.788, ru 0.895/0.616, en 0.861/0.627,
# cs 1.0/0.720 and batch 9 sr 0.857/0.567, ru 0.722/0.437, en 0.750/0.554, cs 1.0/0.781. The held-out part: sr
# 0.972/0.835, ru 0.928/0.771, en 0.869/0.727, cs 0.981/0.818.
# Session 30's Russian changes, chosen on batches 8 and 9 as the study set (ru-cr's own шага конца хода and замещающий
# эффект, не повернут; -ивать aspect pairs; Cyrillic words naming no concept only in the other Cyrillic language; a
# card's English name as Russian players spell it in Cyrillic; players' противник, доп) moved ru's batch 8 from
# 0.895/0.616 to 0.895/0.638 and batch 9 from 0.722/0.437 to 0.778/0.526 (batches 1-7 unchanged), batch 10, written blind
# as the validation set, not at all (0.870/0.667), and ru's held-out part from 0.928/0.771 to 0.928/0.772.
# Session 30's English changes, chosen on batches 8 and 9 as the study set (a word the rules of the query's language print
# names no concept whose term it is only in another language: English part, magic are not Portuguese partida, mágica;
# already, later, like, let as stop words; turned, turning kept apart from turn) moved en's batch 8 from 0.861/0.627 to
# 0.847/0.639 and batch 9 from 0.750/0.554 to 0.750/0.561; batch 10, written blind as the validation set, stayed at
# 0.829/0.651; en's held-out part 0.869/0.727 -> 0.869/0.721.
# Session 30 also audited the keys of questions 149-436 blind (no search run), as 1-148 had been: 168 refs added and
# 14 removed, mostly a second rule of the same document stating the same answer; of the held-out part only the third
# batch changed (sr 0.835 -> 0.850, ru 0.771 -> 0.782, en 0.869/0.727 -> 0.893/0.753 before the changes above). Players'
# words taken from public rules Q&A and slang glossaries outside the set (corpus/concepts.tsv: edict, loot, boardwipe,
# chump, fork, ДВС, реанимировать...) and a fit of the ranking's weights cross-validated by batch (scripts/fit_ranking.py:
# a plateau, nothing adopted) left batch 10 unchanged; 150 cards that rules Q&A names again and again, chosen outside
# the set but for six the study set's misses named (corpus/card_concepts.tsv: Blood Artist, Fact or Fiction, Forked
# Bolt; Commander staples, combo pieces) moved its English from 0.829/0.651 to 0.842/0.671, the session's one blind gain. With all of session 30 merged the
# held-out part stands at sr 0.972/0.850, ru 0.928/0.775, en 0.893/0.751, cs 0.981/0.818.
# Session 31's English changes, chosen on batches 8-10 as the study set (concepts the table lacked: fractions, cr 107.1a;
# multiple instances, with players' "does lifelink stack?" read as it, text/idioms.py; locked in, cr 611.2c/611.3a;
# the rules' own phrases "tap for mana", cr 106.12, and "without paying its mana cost", cr 118.9; "planeswalker's
# ability"; 21 cards, five of them named by the study set's misses) moved en's batch 8 from 0.861/0.660 to 0.875/0.685,
# batch 9 from 0.778/0.582 to 0.833/0.624 and batch 10 from 0.842/0.671 to 0.868/0.692, and the unstudied batches 4
# (0.804 -> 0.811), 6 (0.657 -> 0.669) and 7 (0.845/0.597 -> 0.859/0.620, half of it a topic the study set shared);
# batch 11, written blind as the validation set, 0.841/0.581 -> 0.841/0.590; en's held-out part 0.893/0.751 -> 0.893/0.750.
# Session 31's Russian changes, chosen on the same study set (keywords' English names written in Cyrillic read as
# ru-cr's terms, search/borrowed.py: трамплер, эвок; "контр" for counter- in the sound keys; a question-only term,
# ?сработать) moved ru's batch 7 from 0.837/0.679 to 0.857/0.681 and batch 10 from 0.870/0.667 to 0.870/0.720, batch
# 11 0.788/0.588 -> 0.788/0.591, and ru's held-out part 0.928/0.775 -> 0.928/0.768 (its batch 2, by the question-only
# term; kept, as chosen on the study and validation sets). Players' words from outside the set (about 150, English
# and Russian), 395 cards from outside the set and the documents' misprints mended (corpus/misprints.tsv) moved batch
# 11's English to 0.854/0.602 and its Russian to 0.788/0.576. With all of session 31 merged the held-out part stands
# at sr 0.972/0.850, ru 0.928/0.768, en 0.893/0.756, cs 0.981/0.818; batch 11 at sr 0.857/0.714, ru 0.788/0.576, en
# 0.854/0.602, cs 0.800/0.700.
# Session 32 studied batches 8-11 and validated on batch 12, written blind. Its English changes (players' "stacking"
# and a count of things read as the rules' "multiple", two-letter MV/GY/PW, "deck" in play as the library, kinds of
# lands, "animated", "survive") moved en's batch 7 from 0.859/0.620 to 0.873/0.626 and batch 8 from 0.685 to 0.696,
# batch 12 0.564 -> 0.560 (the kinds of lands), and en's held-out part 0.893/0.756 -> 0.881/0.754 (one row of batch 2,
# by the count; kept, as chosen on the study and validation sets). Its Russian changes (irregular verbs, sound keys
# for soft g and silent e, keywords with no Russian term, borrowed verbs and two-word names) moved ru's batch 9 from
# 0.778/0.563 to 0.833/0.591 and batch 11 from 0.788/0.576 to 0.788/0.603, batch 12 and the held-out part not at all.
# Question phrasings from outside the set (swap, copy of a copy, unspent mana, "enters", loses its target, поменять
# местами, уходит с поля...) moved batch 12's English 0.564 -> 0.576 alone, and ru's held-out part 0.768 -> 0.764; 311
# cards, none. With all of session 32 merged the held-out part stands at sr 0.972/0.850, ru 0.928/0.764, en
# 0.881/0.754, cs 0.981/0.818; batch 12 at sr 0.625/0.525, ru 0.710/0.402, en 0.741/0.566, cs 0.500/0.333.
# Session 33 studied batches 8-12 and validated on batch 13, written blind (as written: sr 0.667/0.519, ru 0.654/0.343,
# en 0.747/0.564, cs 1.0/0.806; with its keys audited blind en 0.759/0.566). Its changes (players' words and
# phrasings from outside the set, two cards sharing a concept searched with the rule of their interaction,
# corpus/card_interactions.tsv, mutated permanents, 2024-25 keywords' cards, Russian explore, phasing, concede and
# "слово вы", English phasing in, zero targets, "lose the game" and "win" guarded) moved the study batches (en 9
# 0.861/0.613 -> 0.889/0.648, 11 0.854/0.603 -> 0.878/0.642, 12 0.741/0.566 -> 0.788/0.593; ru 10 0.870/0.731 ->
# 0.913/0.745, 11 0.818/0.613 -> 0.848/0.644, 12 0.710/0.402 -> 0.710/0.467) and batch 13 to en 0.785/0.584, ru
# 0.654/0.350 (sr and cs unchanged). One change was undone on batch 13 (status's "enters tapped", which cost it an
# English row); the slang helper's branch was measured with batch 13 in view (its worktree held it), so its part of
# batch 13's English gain (0.772/0.577 -> 0.785/0.584) is not a blind measure. The held-out part: ru 0.928/0.764 ->
# 0.928/0.776 (the players' words), sr, en and cs unchanged.
SHORT_OF_TARGETS = {"ru": (0.928, 0.776), "en": (0.881, 0.754)}


@dataclass(frozen=True)
class Question:
    """One row: a query of one question, its answers and the part of the set it belongs to."""

    kind: str
    query: str
    options: tuple[tuple[str, str], ...]
    answers: frozenset[str]
    question: int
    part: str
    line: int

    @property
    def batch(self) -> int | None:
        """The batch the question belongs to, or None for the tune-only questions between the batches."""
        return next((number for number, questions in BATCHES.items() if self.question in questions), None)

    @property
    def label(self) -> str:
        """The question's group in the per-batch report: its batch's number, the label of its tune-only range, or
        NEW_BATCH for a question no range holds (a batch written after this copy of the module, read by
        ``scripts/eval_search.py --questions`` from another branch's set)."""
        if self.batch is not None:
            return str(self.batch)
        return next((label for label, questions in TUNE_ONLY.items() if self.question in questions), NEW_BATCH)


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    """The rows of the set, comments and header skipped."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("set\t"):
            continue
        kind, query, options, answers, question, part, _source, _comment = line.split("\t")
        parsed = tuple(tuple(o.split("=", 1)) for o in options.split()) if options != "-" else ()
        rows.append(Question(kind, query, parsed, frozenset(answers.split()), int(question), part,  # type: ignore[arg-type]
                             number))
    return rows


ROWS = load_questions()


def reciprocal_rank(searcher: Searcher, row: Question) -> float:
    refs = [hit.ref for hit in searcher.search(row.query, limit=TOP, **dict(row.options)).hits]
    return next((1 / rank for rank, ref in enumerate(refs, 1) if ref in row.answers), 0.0)


@pytest.fixture(scope="module")
def figures() -> dict[tuple[str, str], list[tuple[Question, float]]]:
    """Each (language, part)'s rows with their reciprocal ranks."""
    searcher = default_searcher()
    found: dict[tuple[str, str], list[tuple[Question, float]]] = defaultdict(list)
    for row in ROWS:
        found[(LANGUAGE[row.kind], row.part)].append((row, reciprocal_rank(searcher, row)))
    print(f"\n{'language':<10}{'part':<10}{'batch':<7}{'queries':>8}{'recall@10':>11}{'MRR':>7}")
    for (lang, part), results in sorted(found.items()):
        for batch, subset in by_batch(part, results):
            recall, mrr = _figures(subset)
            print(f"{lang:<10}{part:<10}{batch:<7}{len(subset):>8}{recall:>11.3f}{mrr:>7.3f}")
    for (lang, part), results in sorted(found.items()):
        for row, rr in results:
            if rr < 0.5:
                print(f"  {part} line {row.line} [{row.kind}] {row.query!r}: rank {round(1 / rr) if rr else '>10'}")
    return found


def by_batch(part: str, results: list[tuple[Question, float]]) -> list[tuple[str, list[tuple[Question, float]]]]:
    """A part's results whole ("all") and each batch's alone; the tune part's tune-only questions by their range's
    label (76-103 as "extra", the fifth batch as "5"). Per batch, the tune part tells whether a change chosen on some
    batches helps the others."""
    labels = [str(number) for number in BATCHES] + (list(TUNE_ONLY) + [NEW_BATCH] if part == "tune" else [])
    subsets = {label: [(row, rr) for row, rr in results if row.label == label] for label in labels}
    return [("all", results)] + [(label, subset) for label, subset in subsets.items() if subset]


def _figures(results: list[tuple[Question, float]]) -> tuple[float, float]:
    return (sum(rr > 0 for _, rr in results) / len(results), sum(rr for _, rr in results) / len(results))


def test_the_set_has_120_queries_from_60_questions_in_every_language() -> None:
    assert len(ROWS) >= 120
    assert len({row.question for row in ROWS}) >= 60
    assert {row.kind for row in ROWS} == set(LANGUAGE)
    assert {row.part for row in ROWS} == set(PARTS)
    # every third question of each batch is held out, with all its variants; the tune-only questions are tuned on
    assert all((row.part == "held-out") == (row.question % 3 == 0 and row.batch is not None) for row in ROWS)
    assert all(row.batch is not None or any(row.question in questions for questions in TUNE_ONLY.values())
               for row in ROWS)
    assert {row.question for row in ROWS} == set(range(1, max(questions.stop for questions in TUNE_ONLY.values())))


def test_every_answer_is_a_numbered_rule_of_the_graph(graph: RuleGraph) -> None:
    wrong = [(row.line, ref) for row in ROWS for ref in sorted(row.answers)
             if ref not in graph.nodes or graph.nodes[ref].kind in ("glossary", "part", "unit")]
    assert wrong == []


@pytest.mark.parametrize("lang", sorted(set(LANGUAGE.values())))
def test_held_out_questions_stay_above_the_floor(figures: dict[tuple[str, str], list[tuple[Question, float]]],
                                                 lang: str) -> None:
    recall, mrr = _figures(figures[(lang, "held-out")])
    assert recall >= RECALL_FLOOR
    assert mrr >= MRR_FLOOR


@pytest.mark.parametrize("lang", [
    pytest.param(lang, marks=pytest.mark.xfail(
        reason=f"issue 10's held-out targets (recall@10 >= 0.95, MRR >= 0.8) are not met in {lang}: recall "
               f"{SHORT_OF_TARGETS[lang][0]}, MRR {SHORT_OF_TARGETS[lang][1]}", strict=True))
    if lang in SHORT_OF_TARGETS else lang
    for lang in sorted(set(LANGUAGE.values()))])
def test_held_out_questions_meet_the_targets(figures: dict[tuple[str, str], list[tuple[Question, float]]],
                                             lang: str) -> None:
    recall, mrr = _figures(figures[(lang, "held-out")])
    assert recall >= RECALL_TARGET
    assert mrr >= MRR_TARGET


def test_czech_questions_typed_without_diacritics_are_answered_as_well() -> None:
    # Czech is stemmed with its diacritics (text/accents.py): typed without them, the tuned Czech queries must
    # find their answers as high as typed with them (before corpus/accented_words.tsv: MRR 0.867 against 0.917).
    # A word no document prints ("blokujících": cs-cr prints only "blokující") cannot be restored, and its
    # query is another query: 7 of the 104 hold one.
    searcher = default_searcher()
    czech = [row for row in ROWS if row.kind == "cs" and row.part == "tune"]
    restored = [row for row in czech if analyze("cs", fold(row.query)) == analyze("cs", row.query)]
    assert any(fold(row.query) != row.query for row in restored)
    assert len(restored) >= 0.9 * len(czech)
    typed = [reciprocal_rank(searcher, row) for row in restored]
    stripped = [reciprocal_rank(searcher, replace(row, query=fold(row.query))) for row in restored]
    assert stripped == typed

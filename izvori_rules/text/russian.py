"""What Snowball's Russian stemmer leaves apart in one -ировать verb's family, put back together.

The stemmer strips some endings of these verbs' forms and not others, so the words a judge types and the rule's
words got different stems and never met: "регенерирует" is регенерир (ru-cr 701.14a), "регенерировать"
регенерирова, "регенерирование" регенерирован, "регенерируя" регенериру, and the noun "регенерация" (614.8)
регенерац; "активировать" (602.2) and "активации" (602.1) likewise. :func:`russian_stem` takes the stemmer's stem
of a folded Russian word and gives every form of an -ировать verb the present tense's stem (регенерир): the
infinitive and the past, the gerund, the verbal noun in -ирование and the noun in -ация (регенерация /
регенерировать, активация / активировать, трансформация / трансформировать: the act the verb names).

The past passive participle (-ированный, -ирован, and -ованный of any verb) is kept apart, as its own term: it
is an adjective, and "заблокированное существо" (509.1h, the blocked creature) is not one that "блокирует"
(blocks). Only -ировать verbs are joined: "атаковать" joined to "атакует" (атак) met the concept of the
attacking player ("атакующий игрок") in "атаковать planeswalker'а вместо игрока", and the real-question set's
tune part lost by it.

A plural imperative in -ьте ("уничтожьте", ru-cr 701.7b), which the stemmer leaves whole, is its verb's stem.

A -нуть verb's past, future and active participle are its infinitive's stem: the stemmer gives "повернуть" and
every "повёрнутый" (tapped, ru-cr 701.20a) повернут, but "повернул" повернул, "перевернется" (711.8) перевернет and
"покинувшего" (603.10a) покинувш, so "покинул поле битвы" never met 603.6c's "покинуть поле битвы", nor the
players' "тапнул" their "тапнутое существо". The stem stays the infinitive's (-нут), not the bare root (-н), which
is also the stem of "верно" (true) beside "вернуть" (return).

A present active participle of a verb in -ить/-ать with -ит in the present (-ящий, -ащий) is its verb's stem: the
stemmer keeps the vowel before щ (находя of "находящиеся", 109.4; принадлежа of "принадлежащие", 800.4a) and
strips it from the verb (наход of "находится", принадлеж of "принадлежит"), so "карты, находящиеся в изгнании" never
met "карта находится в изгнании". The -ающий / -ующий participles of other verbs keep the verb's stem already
(срабатывающая, срабатывает: сработа).
"""

from __future__ import annotations

import re

# A past passive participle's ending after -ова- (full and short forms): "атакованный", "заблокировано".
_PARTICIPLE = re.compile(r"ованн?(?:ый|ая|ое|ые|ого|ой|ому|ом|ую|ыми|ых|ым|ою|ы|а|о)?$")
# A verbal noun's ending after -ирова-: "регенерирование", "копирования".
_VERBAL_NOUN = re.compile(r"(?<=ир)овани(?:е|я|ю|ем|и|й|ям|ями|ях)$")
# The infinitive's and the past's ending after -ирова- ("регенерировать", "активировал", "блокировавшее"), and the
# gerund's after -иру- ("регенерируя").
_VERB = re.compile(r"(?<=ир)ова(?:ть|ться|л|ла|ло|ли|лся|лась|лось|лись|вш\w*)$|(?<=ир)уя(?:сь)?$")
# An -ация noun's case endings: "регенерация", "активации", "трансформацию".
_ACTION_NOUN = re.compile(r"аци(?:я|и|ю|ей|й|ям|ями|ях)$")
# The shortest stem the folding leaves: a shorter one starts too many other words.
MIN_STEM = 3
# The plural imperative of a verb whose stem ends in a consonant (ru-cr 701.7b «уничтожьте», the cards' "сбросьте",
# "добавьте"): the stemmer strips none of it (уничтожьт), so a card's instruction never met its verb (уничтожить:
# уничтож). Without its ending it is the infinitive's stem.
_IMPERATIVE = re.compile(r"ьте$")
# The endings of a -нуть verb's past (повернул, покинула, обернулся), future (покинет, перевернется, развернутся), and
# active participle and gerund (покинувшего, обернувшийся, повернув), after its root and н. Not the first person
# (поверну, повернем: "зону", "именем") nor the plural second (повернете: "планете").
# A present active participle in -ящ-/-ащ- (full forms, reflexive too): "находящиеся", "лежащую", "содержащее".
_I_PARTICIPLE = re.compile(r"(?<=[ая])щ(?:ий|ая|ее|ие|его|ей|ему|им|ими|их|ую|ем)(?:ся|сь)?$")
_NU_VERB = re.compile(r"(?<=\w{3}н)(?:ул[аои]?(?:ся|сь)?|е(?:т|шь)(?:ся)?|утся|ув(?:ши)?(?:сь)?|увш\w+)$")


def russian_stem(word: str, stem: str) -> str:
    """The stem of a folded Russian ``word`` that Snowball stemmed to ``stem``, its -ировать verb's forms joined
    (see the module docstring): ``регенерировать`` регенерирова → ``регенерир``, ``регенерация`` регенерац →
    ``регенерир``, ``заблокированное`` → ``заблокированн`` (a participle, apart), ``покинул`` → ``покинут``."""
    nu_verb = _NU_VERB.search(word)
    if nu_verb:
        return word[:nu_verb.start()] + "ут"
    participle_i = _I_PARTICIPLE.search(word)
    if participle_i and participle_i.start() > MIN_STEM and stem == word[:participle_i.start()]:
        return stem[:-1]
    imperative = _IMPERATIVE.search(word)
    if imperative and imperative.start() >= MIN_STEM:
        return word[:imperative.start()]
    participle = _PARTICIPLE.search(word)
    if participle and participle.start() >= MIN_STEM:
        return word[:participle.start()] + "ованн"
    for pattern in (_VERBAL_NOUN, _VERB):
        match = pattern.search(word)
        if match and match.start() >= MIN_STEM and stem.startswith(word[:match.start()]):
            return word[:match.start()]
    match = _ACTION_NOUN.search(word)
    if match and match.start() >= MIN_STEM and stem == word[:match.start()] + "ац":
        return word[:match.start()] + "ир"
    return stem

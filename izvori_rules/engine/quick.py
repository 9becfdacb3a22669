"""The one-line combat answer (``izvori-judge combat``): one attacker, its blockers, default assignment.

The creatures are given as ``"P/T keyword ..."`` (any document's keyword names, as in a scenario); the answer
is played by the same engine as a scenario file (written here, then loaded safely), from declare attackers to
the end of combat, and summarised: how each creature assigns its damage, who dies, what the defending player
loses, and the rules behind it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NoReturn

from ..errors import Phrase, Value
from .errors import EngineRefusal, NotModelled, ScenarioInvalid
from .rulesets import RULESETS
from .scenario import MAX_OBJECTS

_PT = re.compile(r"^(-?\d+)/(-?\d+)$")
_ANSWER_EVENTS = ("assign", "first_strike_step", "combat_damage", "combat_damage_on_stack", "prevented",
                  "protection_prevents", "regenerated", "indestructible", "gain_life", "damage_lost")


@dataclass(frozen=True, slots=True, eq=False)
class QuickAnswer:
    """The answer: one line, the rules it rests on, and the scenario's exit status."""

    line: str
    rules: tuple[str, ...]
    exit_status: int
    assigned: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    died: tuple[str, ...]
    life_lost: int


def _creature(text: str, name: str, ruleset: str) -> dict[str, Any]:
    words = text.split()
    if not words or not _PT.match(words[0]):
        raise ScenarioInvalid("{name}: {text!r} must start with power/toughness, like \"3/3 trample\"",
                              key="combat_no_pt", name=name, text=text)
    m = _PT.match(words[0])
    assert m is not None
    out: dict[str, Any] = {"name": name, "types": ["creature"], "power": int(m.group(1)),
                           "toughness": int(m.group(2))}
    colors, keywords = _split(words[1:])
    for keyword in keywords:
        _check_keyword(keyword, f"{name}: {text!r}", ruleset)
    if keywords:
        out["keywords"] = keywords
    if colors:
        out["colors"] = colors
    return out


def _check_keyword(term: str, who: str, ruleset: str) -> None:
    """A keyword the combat cannot play is named here, by the option's words and with the ruleset's keywords,
    not by the path of the scenario written from them: a word that names no keyword is bad input (exit status
    2, with "did you mean"); a keyword the ruleset lacks or the engine does not play yet is :class:`NotModelled`
    (3), as in a scenario file."""
    from .keywords import KeywordError, close_keywords, display_name, keyword_list, resolve_keyword
    from .requirements import ability_id
    from .rulesets import load_rulesets

    if ability_id(term) is not None:  # a combat requirement or restriction (cant_block, lure)
        return
    rs = load_rulesets()[ruleset]
    known = keyword_list(rs.keywords)
    try:
        canon = resolve_keyword(term)
    except KeywordError as exc:
        if exc.known:
            raise NotModelled("{who}: {problem}; the {ruleset} keywords are {known}", key="combat_not_modelled",
                              who=who, problem=exc.said, ruleset=ruleset, known=known) from None
        close = close_keywords(term, rs.keywords, exc.colour)
        if exc.colour is not None:
            _not_a_colour(who, term, exc.colour, close)
        if close:
            raise ScenarioInvalid("{who}: {term!r} is neither a keyword nor a colour (did you mean {suggestions}?); "
                                  "the {ruleset} keywords are {known}", key="combat_unknown_keyword_suggest",
                                  who=who, term=term, suggestions=close, ruleset=ruleset, known=known) from None
        raise ScenarioInvalid("{who}: {term!r} is neither a keyword nor a colour; the {ruleset} keywords are {known}",
                              key="combat_unknown_keyword", who=who, term=term, ruleset=ruleset,
                              known=known) from None
    if not rs.has_keyword(canon):
        raise NotModelled("{who}: the {ruleset} ruleset has no keyword {keyword} ({term!r}); the {ruleset} keywords "
                          "are {known}", key="combat_ruleset_lacks", who=who, ruleset=ruleset,
                          keyword=display_name(canon, "en"), term=term, known=known)


def _not_a_colour(who: str, term: str, colour: str, close: str) -> NoReturn:
    """Protection from a word that is no colour (``Anti-Bogus``) or from nothing (``protection``): bad input (exit
    status 2), said with the colours spelled closest and the five colours."""
    from .keywords import colors

    values: dict[str, Value] = {"who": who, "term": term, "colour": colour,
                                "colours": Phrase("colour_list", ", ".join(colors()))}  # in the judge's words
    if not colour:
        raise ScenarioInvalid("{who}: {term!r} needs the colour it protects from, like \"protection from red\" or "
                              "\"Anti-Crveno\"; the colours are {colours}", key="combat_no_colour", **values)
    if close:
        raise ScenarioInvalid("{who}: {term!r}: {colour!r} is not a colour (did you mean {suggestions}?); the colours "
                              "are {colours}", key="combat_not_a_colour_suggest", suggestions=close, **values)
    raise ScenarioInvalid("{who}: {term!r}: {colour!r} is not a colour; the colours are {colours}",
                          key="combat_not_a_colour", **values)


_LONGEST_NAME = 4  # words in a keyword's longest name with its parameter ("protection from red", "Защита от красного")


def _split(words: list[str]) -> tuple[list[str], list[str]]:
    """A creature's words to its colours and its keyword names. A name of several words is one keyword where the
    words resolve together and not each alone (first strike, пробивной удар, protection from red; ``trample
    deathtouch`` stays two), the longest first, so that the colour protection names is protection's, not the
    creature's (``3/3 protection from red`` is a colourless creature, ``2/2 red`` a red one)."""
    from .keywords import color

    colours: list[str] = []
    names: list[str] = []
    i = 0
    while i < len(words):
        size = next((n for n in range(min(_LONGEST_NAME, len(words) - i), 1, -1) if _joins(words[i:i + n])), 1)
        term = " ".join(words[i:i + size])
        found = color(term) if size == 1 else None
        if found is not None:
            colours.append(found)
        else:
            names.append(term)
        i += size
    return colours, names


def _joins(words: list[str]) -> bool:
    return _resolves(" ".join(words)) and not all(_resolves(w) for w in words)


def _resolves(term: str) -> bool:
    from .keywords import KeywordError, resolve_keyword

    try:
        resolve_keyword(term)
    except KeywordError as exc:
        return exc.known or bool(exc.colour)  # a name the rules know, or protection from a word meant as a colour
    return True


def refused(ruleset: str, error: EngineRefusal) -> QuickAnswer:
    """The answer to a combat refused before it is played (a keyword the engine does not model or the ruleset
    lacks, exit status 3), with the fields of one refused while it is played: ``combat --json`` always has one."""
    return QuickAnswer(f"{ruleset}: {error}", error.rules, error.exit_code, (), (), 0)


def quick_combat(ruleset: str, attacker: str, blockers: list[str], lang: str = "en") -> QuickAnswer:
    """Play one attack with these blockers and answer in one line."""
    import yaml

    from .runner import play
    from .scenario import load_scenario

    if ruleset not in RULESETS:
        raise ScenarioInvalid("--ruleset: use one of {choices}", key="combat_ruleset", choices=", ".join(RULESETS))
    if len(blockers) > MAX_OBJECTS:
        raise ScenarioInvalid("--blockers: {count:,} blockers; a player has at most {limit} objects",
                              key="combat_too_many_blockers", count=len(blockers), limit=MAX_OBJECTS)
    from ..messages import section

    # The creatures' and players' names in the judge's language ([LANG.combat]; the defending player is a player
    # of the game, so --json names them as the answer does).
    words = section(lang, "combat")
    a_name, b_name, defender, active = (words[k] for k in ("attacker", "blocker", "defending_player",
                                                          "attacking_player"))
    names = [f"{b_name} {i + 1}" if len(blockers) > 1 else b_name for i in range(len(blockers))]
    doc = {
        "scenario": "combat", "ruleset": ruleset,
        "players": [{"name": active, "battlefield": [_creature(attacker, a_name, ruleset)]},
                    {"name": defender, "battlefield": [_creature(b, n, ruleset) for b, n in zip(blockers, names)]}],
        "turn": {"active": active, "step": "declare_attackers"},
        "actions": [{"attack": {a_name: defender}}] + ([{"block": {n: a_name for n in names}}] if names else [])
        + [{"pass": {"until": "end_of_combat"}}],
    }
    spec = load_scenario(yaml.safe_dump(doc, allow_unicode=True), "--attacker/--blockers")
    result, game = play(spec, lang)
    if result.rejected is not None:
        return QuickAnswer(f"{ruleset}: {result.rejected.reason}", result.rejected.rules, result.exit_status, (),
                           (), 0)
    start = game.rs.starting_life
    assigned = tuple((e.args["source"], tuple((to, n) for to, n in e.args["split"]))
                     for e in game.log if e.event == "assign")
    died = tuple(e.args["obj"] for e in game.log if e.event.startswith("to_graveyard_"))
    lost = start - game.players[defender].life
    rules = tuple(dict.fromkeys(r for e in game.log if e.event in _ANSWER_EVENTS or e.event.startswith("to_graveyard")
                                for r in e.rules))
    line = _line(lang, ruleset, attacker, blockers, names, a_name, defender, assigned, died, lost)
    line += f" [{', '.join(rules)}]"
    return QuickAnswer(line, rules, result.exit_status, assigned, died, lost)


def _line(lang: str, ruleset: str, attacker: str, blockers: list[str], names: list[str], a_name: str,
          defender: str, assigned: tuple[tuple[str, tuple[tuple[str, int], ...]], ...], died: tuple[str, ...],
          lost: int) -> str:
    from ..messages import text

    def say(key: str, **values: object) -> str:
        return text(lang, "combat", key).format(**values)

    parts = []
    for source, split in assigned:
        if split:
            to = ", ".join(text(lang, "words", "split_item").format(n=n, to=t) for t, n in split)
            parts.append(say("assigns", source=source, split=to))
    blocked = ", ".join(f"{n} ({b})" for n, b in zip(names, blockers))
    head = say("blocked", ruleset=ruleset, attacker=f"{a_name} {attacker}", blockers=blocked) if names else \
        say("unblocked", ruleset=ruleset, attacker=f"{a_name} {attacker}")
    dead = say("dies", died=", ".join(died)) if died else say("none_dies")
    return f"{head}: " + "; ".join(parts + [dead, say("loses", player=defender, amount=lost)]) + "."

"""The text of each narrated event, in the judge's language (one of :func:`izvori_rules.messages.languages`).

The engine records events as data (:class:`~.state.Event`); this module only renders them. The words live in
``corpus/messages.toml`` (``[LANG.events]``, one message per event, read by :mod:`izvori_rules.messages`), where a
judge can correct them; the functions below only choose which message an event takes and prepare its values
(lists joined, keyword ids named in the language, a phrase such as a target's reason said in it). An event
without a message falls back to its name and values, so a new event never breaks the narration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import Phrase
from ..messages import keyword_name, said, text

__all__ = ["render"]


def _join(items: list[Any], lang: str) -> str:
    words = [str(i) for i in items]
    if not words:
        return "—"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {text(lang, 'words', 'and')} " + words[-1]


def _split(split: list[list[Any]], lang: str) -> str:
    item = text(lang, "words", "split_item")
    return _join([item.format(n=n, to=to) for to, n in split], lang)


def _step(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    if a.get("first_strike"):
        return "step_first_strike", a
    return "step", {**a, "name": text(lang, "steps", a["step"])}


def _attackers(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    values = {**a, "pairs": _join([f"{o} → {p}" for o, p in a["attackers"]], lang)}
    return ("declare_attackers_vigilance" if a.get("vigilant") else "declare_attackers"), values


def _blockers(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    return "declare_blockers", {**a, "pairs": _join([f"{b} → {t}" for b, t in a["blocks"]], lang)}


def _assign(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    if not a["split"]:
        return ("assign_no_blockers" if a["how"] == "assign_no_blockers" else "assign_none"), a
    how = text(lang, "words", "assign_given" if a.get("given") else "assign_default")
    return "assign", {**a, "split": _split(a["split"], lang), "how": how}


def _damage(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    kind = text(lang, "words", "combat_damage" if a.get("combat") else "damage")
    return ("damage_player" if a.get("player") else "damage"), {**a, "kind": kind}


def _replaced(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    instead = a.get("instead", "")
    return (f"replaced_{instead}" if instead in _REPLACED else "replaced"), a


def _zone_change(a: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    to = a.get("to", "")
    place = text(lang, "words", "bottom" if a.get("place") == "bottom" else "top")
    return (f"zone_{to}" if to in _ZONES else "zone_change"), {**a, "place": place}


_REPLACED = frozenset({"exile", "hand", "tapped", "counters", "double", "effect", "copy"})
_ZONES = frozenset({"exile", "hand", "library", "graveyard", "battlefield"})


# Events whose message depends on their values; every other event's message is the event's own name.
CHOOSERS: dict[str, Callable[[dict[str, Any], str], tuple[str, dict[str, Any]]]] = {
    "step": _step,
    "declare_attackers": _attackers,
    "declare_blockers": _blockers,
    "assign": _assign,
    "combat_damage": lambda a, lang: _damage({**a, "combat": True}, lang),
    "damage": _damage,
    "damage_order": lambda a, lang: ("damage_order" if a.get("has_order") else "damage_order_none", a),
    "resolve": lambda a, lang: ("resolve_spell" if a.get("kind") == "spell" else "resolve_ability", a),
    "prevent_all": lambda a, lang: ("prevent_all_combat" if a.get("to") == "combat" else "prevent_all", a),
    "replaced": _replaced,
    "replacement_created": lambda a, lang: (
        "cant_prevent" if a.get("instead") == "cant_prevent" else "replacement_created", a),
    "zone_change": _zone_change,
}


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def _fallback(event: str, args: dict[str, Any]) -> str:
    return f"{event}: " + ", ".join(f"{k}={v}" for k, v in args.items())


def render(event: str, args: dict[str, Any], lang: str, ruleset: str = "mtg") -> str:
    """The event's text in the judge's language (``sr``: sr-judge's words); keywords by their names in the ruleset's
    document (izvori: sr-judge's Jurišnik, Letač ...; mtg: the name in the judge's language)."""
    if isinstance(args.get("keywords"), list):
        names_in = "sr" if ruleset == "izvori" else lang
        args = {**args, "keywords": [keyword_name(str(k), names_in) for k in args["keywords"]]}
    try:
        key, values = CHOOSERS[event](args, lang) if event in CHOOSERS else (event, args)
        message = text(lang, "events", key)
        if message == key:  # no message for this event in the catalogue
            return _fallback(event, args)
        values = {k: (_join(v, lang) if isinstance(v, list) else said(v, lang) if isinstance(v, Phrase) else v)
                  for k, v in values.items()}
        rendered = message.format_map(_Missing(values))
        if event == "combat_damage" or event == "damage":
            rendered += text(lang, "events", "deathtouch_note") if args.get("deathtouch") else ""
        return rendered
    except (KeyError, ValueError, TypeError, IndexError):
        return _fallback(event, args)

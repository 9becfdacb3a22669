"""The text of each narrated event, in English (``en``) and Serbian (``sr``, the judge's rules' terms).

The engine records events as data (:class:`~.state.Event`); this module only renders them. An event without a
template falls back to its name and values, so a new event never breaks the narration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LANGS = ("en", "sr")

STEP_NAMES = {
    "en": {"untap": "untap step", "upkeep": "upkeep", "draw": "draw step", "main1": "precombat main phase",
           "beginning_of_combat": "beginning of combat step", "declare_attackers": "declare attackers step",
           "declare_blockers": "declare blockers step", "combat_damage": "combat damage step",
           "end_of_combat": "end of combat step", "main2": "postcombat main phase", "end": "end step",
           "cleanup": "cleanup step"},
    "sr": {"untap": "korak deaktiviranja", "upkeep": "korak pripreme", "draw": "korak vučenja",
           "main1": "glavna faza pre borbe", "beginning_of_combat": "korak početka borbe",
           "declare_attackers": "korak najave bića koja napadaju",
           "declare_blockers": "korak najave bića koja blokiraju", "combat_damage": "korak borbene štete",
           "end_of_combat": "korak kraja borbe", "main2": "glavna faza posle borbe", "end": "korak kraja poteza",
           "cleanup": "korak odbacivanja"},
}
_WHY_GRAVEYARD = {
    "en": {"destroy": "is destroyed", "lethal": "has lethal damage and is destroyed",
           "deathtouch": "was dealt damage by a deathtouch source and is destroyed",
           "toughness": "has toughness 0 or less and is put into its owner's graveyard",
           "sacrifice": "is sacrificed", "aura": "is attached to nothing legal and goes to the graveyard",
           "legend": "goes to the graveyard under the legend rule",
           "loyalty": "has no loyalty left and goes to its owner's graveyard"},
    "sr": {"destroy": "biva uništeno", "lethal": "ima smrtonosnu štetu i biva uništeno",
           "deathtouch": "je primilo štetu od smrtonosnog izvora i biva uništeno",
           "toughness": "ima izdržljivost 0 ili manje i ide na odlagalište vlasnika",
           "sacrifice": "je žrtvovano", "aura": "nije ispravno vezan i ide na odlagalište",
           "legend": "ide na odlagalište po pravilu legendi",
           "loyalty": "nema više vernosti i ide na odlagalište vlasnika"},
}

_REPLACED_EN: dict[str, str] = {"exile": "{what} is exiled instead ({source})", "hand": "{what} goes to its owner's hand instead "
                "({source})", "tapped": "{what} enters the battlefield tapped ({source})",
                "counters": "{what} enters the battlefield with counters ({source})",
                "double": "{source} doubles it ({what})", "effect": "{source} replaces {player}'s draw",
                "copy": "{what} enters as a copy ({source})"}
_REPLACED_SR: dict[str, str] = {"exile": "{what} se umesto toga uklanja iz igre ({source})",
                "hand": "{what} se umesto toga vraća u ruku vlasnika ({source})",
                "tapped": "{what} ulazi u igru aktivirano ({source})",
                "counters": "{what} ulazi u igru sa brojačima ({source})", "double": "{source} udvostručuje ({what})",
                "effect": "{source} zamenjuje vučenje igrača {player}", "copy": "{what} ulazi kao kopija ({source})"}
_ZONE_EN: dict[str, str] = {"exile": "{obj} is exiled", "hand": "{obj} returns to {owner}'s hand",
            "library": "{obj} is put on the {place} of {owner}'s library", "graveyard": "{obj} goes to {owner}'s graveyard",
            "battlefield": "{obj} is put onto the battlefield"}
_ZONE_SR: dict[str, str] = {"exile": "{obj} se uklanja iz igre", "hand": "{obj} se vraća u ruku igrača {owner}",
            "library": "{obj} se stavlja na biblioteku igrača {owner} ({place})",
            "graveyard": "{obj} ide na odlagalište igrača {owner}", "battlefield": "{obj} se stavlja u igru"}


def _join(items: list[Any], lang: str) -> str:
    words = [str(i) for i in items]
    if not words:
        return "—"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + (" and " if lang == "en" else " i ") + words[-1]


def _split(split: list[list[Any]], lang: str) -> str:
    return _join([f"{n} to {to}" if lang == "en" else f"{n} na {to}" for to, n in split], lang)


def _step(a: dict[str, Any], lang: str) -> str:
    name = STEP_NAMES[lang][a["step"]]
    if a.get("first_strike"):
        return ("First-strike combat damage step" if lang == "en" else "Prvi korak borbene štete (Jurišnik)")
    return (f"Turn {a.get('turn')}, {a.get('active')}: {name}" if lang == "en"
            else f"Potez {a.get('turn')}, {a.get('active')}: {name}")


def _attackers(a: dict[str, Any], lang: str) -> str:
    pairs = [f"{o} → {p}" for o, p in a["attackers"]]
    vig = a.get("vigilant") or []
    if lang == "en":
        text = f"{a['player']} attacks with {_join(pairs, lang)}; attackers tap"
        return text + (f" (except {_join(vig, lang)}: vigilance)" if vig else "")
    text = f"{a['player']} napada bićima {_join(pairs, lang)}; bića koja napadaju se aktiviraju"
    return text + (f" (osim {_join(vig, lang)}: Opreznost)" if vig else "")


def _blockers(a: dict[str, Any], lang: str) -> str:
    pairs = [f"{b} → {t}" for b, t in a["blocks"]]
    return f"Blocks: {_join(pairs, lang)}" if lang == "en" else f"Blokiranje: {_join(pairs, lang)}"


def _assign(a: dict[str, Any], lang: str) -> str:
    src, split, event = a["source"], a["split"], a["how"]
    if not split:
        if event == "assign_no_blockers":
            return (f"{src} is blocked but no blocker remains: it assigns no combat damage" if lang == "en"
                    else f"{src} je blokirano, ali nijedno biće ga više ne blokira: ne raspoređuje štetu")
        return (f"{src} assigns no combat damage" if lang == "en" else f"{src} ne raspoređuje borbenu štetu")
    how = ("as the file assigns" if a.get("given") else "by default") if lang == "en" else (
        "kako je zadato" if a.get("given") else "podrazumevano")
    if lang == "en":
        return f"{src} assigns {_split(split, lang)} ({how})"
    return f"{src} raspoređuje {_split(split, lang)} ({how})"


def _damage(a: dict[str, Any], lang: str) -> str:
    kind = ("combat damage" if lang == "en" else "borbene štete") if a.get("combat") else ("damage" if lang == "en"
                                                                                          else "štete")
    if lang == "en":
        text = f"{a['source']} deals {a['amount']} {kind} to {a['to']}"
        if a.get("player"):
            text += f" ({a['to']} is at {a['life']} life)"
        return text + (" (deathtouch)" if a.get("deathtouch") else "")
    text = f"{a['source']} nanosi {a['amount']} {kind}: {a['to']}"
    if a.get("player"):
        text += f" ({a['to']} ima {a['life']} života)"
    return text


def _to_graveyard(why: str) -> Callable[[dict[str, Any], str], str]:
    return lambda a, lang: f"{a['obj']} {_WHY_GRAVEYARD[lang][why]}"


def _t(en: str, sr: str) -> Callable[[dict[str, Any], str], str]:
    def render(a: dict[str, Any], lang: str) -> str:
        values = {k: (_join(v, lang) if isinstance(v, list) else v) for k, v in a.items()}
        return (en if lang == "en" else sr).format_map(_Missing(values))
    return render


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


TEMPLATES: dict[str, Callable[[dict[str, Any], str], str]] = {
    "start": _t("{scenario} ({ruleset})", "{scenario} ({ruleset})"),
    "step": _step,
    "new_turn": _t("Turn {turn} begins: {player} is the active player", "Počinje potez {turn}: aktivan je {player}"),
    "untap": _t("{player} untaps {objs}", "{player} deaktivira {objs}"),
    "draw": _t("{player} draws a card ({library} left in the library)",
               "{player} vuče kartu (u biblioteci ostaje {library})"),
    "draw_empty": _t("{player} must draw from an empty library", "{player} treba da vuče iz prazne biblioteke"),
    "steps_skipped": _t("No creature attacks: the declare blockers and combat damage steps are skipped",
                        "Nijedno biće ne napada: preskaču se najava blokiranja i borbena šteta"),
    "mana_empties": _t("{player}'s unused mana ({pool}) empties from the mana pool",
                       "Neiskorišćena mana igrača {player} ({pool}) nestaje"),
    "mana_burn": _t("Mana burn: {player} loses {amount} life for the unused mana {pool} ({life} life)",
                    "Mana udar: {player} gubi {amount} života zbog neiskorišćene mane {pool} (ostaje {life})"),
    "cleanup": _t("Cleanup: damage wears off ({objs}) and \"until end of turn\" effects end",
                  "Odbacivanje: šteta se uklanja ({objs}) i efekti \"do kraja poteza\" prestaju"),
    "cleanup_priority": _t("State-based actions or triggers in the cleanup step: {player} receives priority",
                           "Efekti stanja ili izazvane osobine u koraku odbacivanja: {player} dobija prednost"),
    "no_attackers": _t("{player} declares no attackers", "{player} ne najavljuje bića koja napadaju"),
    "declare_attackers": _attackers,
    "no_blockers": _t("No blockers are declared", "Nijedno biće ne blokira"),
    "declare_blockers": _blockers,
    "damage_order": lambda a, lang: _t(
        "Damage assignment order for {attacker}: {order}", "Redosled dodele štete za {attacker}: {order}")(a, lang)
    if a.get("has_order") else _t(
        "{attacker}'s blockers listed as {order}: this ruleset has no damage assignment order, the list only "
        "guides the default division", "Bića koja blokiraju {attacker}: {order}; ova pravila nemaju redosled "
        "raspoređivanja, spisak samo usmerava podrazumevanu podelu")(a, lang),
    "first_strike_step": _t("A creature in combat has first strike: there are two combat damage steps",
                            "Biće u borbi ima osobinu Jurišnik: postoje dva koraka borbene štete"),
    "assign": _assign,
    "combat_damage_on_stack": _t("All combat damage is assigned and goes on the stack as one object; the active "
                                 "player receives priority before it is dealt",
                                 "Sva raspoređena borbena šteta ide na niz kao jedan objekat; aktivni igrač dobija "
                                 "prednost pre nego što se nanese"),
    "resolve_combat_damage": _t("The combat damage resolves and is dealt as it was assigned",
                                "Borbena šteta se razrešava i nanosi kako je raspoređena"),
    "combat_damage": lambda a, lang: _damage({**a, "combat": True}, lang),
    "damage": _damage,
    "damage_lost": _t("{amount} damage from {source} to {to} is not dealt: {to} is no longer a creature on the "
                      "battlefield", "{amount} štete od {source} se ne nanosi: {to} više nije biće u igri"),
    "prevented": _t("{amount} damage from {source} to {to} is prevented ({by})",
                    "Sprečeno je {amount} štete od {source} na {to} ({by})"),
    "protection_prevents": _t("{amount} damage from {source} to {to} is prevented by protection",
                              "Anti: sprečeno je {amount} štete od {source} na {to}"),
    "gain_life": _t("{player} gains {amount} life ({life})", "{player} dobija {amount} života ({life})"),
    "lose_life": _t("{player} loses {amount} life ({life})", "{player} gubi {amount} života ({life})"),
    "indestructible": _t("{obj} is indestructible and is not destroyed", "{obj} je neuništiv i ne biva uništen"),
    "cant_regenerate": _t("{obj} can't be regenerated", "{obj} ne može biti regenerisan"),
    "regenerated": _t("{obj} regenerates: its regeneration shield removes all damage, taps it and removes it from "
                      "combat instead of destroying it",
                      "{obj} se regeneriše: umesto uništenja uklanja se sva šteta, biće se aktivira i izlazi iz "
                      "borbe"),
    "token_gone": _t("The token {obj} ceases to exist", "Simbol-biće {obj} prestaje da postoji"),
    "unattached": _t("{obj} becomes unattached", "{obj} se skida i ostaje u igri"),
    "counters_cancel": _t("{n} {plus} and {n} {minus} counters are removed from {obj}",
                          "Sa {obj} se uklanja po {n} brojača {plus} i {minus}"),
    "lose": _t("{player} loses the game", "{player} gubi partiju"),
    "win": _t("{player} wins the game", "{player} dobija partiju"),
    "game_draw": _t("All remaining players lose at once: the game is a draw",
                    "Svi preostali igrači gube istovremeno: partija je nerešena"),
    "loop": _t("The game is in a loop of mandatory actions ({why}): it is a draw",
               "Partija je ušla u petlju obaveznih radnji ({why}): nerešeno je"),
    "trigger": _t("{source}'s triggered ability ({when}) goes on the stack",
                  "Izazvana osobina ({when}) bića/objekta {source} ide na niz"),
    "trigger_removed": _t("{source}'s triggered ability has no legal target and is removed",
                          "Izazvana osobina objekta {source} nema ispravnu metu i uklanja se"),
    "fizzle": _t("{item} doesn't resolve: all its targets are illegal",
                 "{item} je sprečena: sve njene mete su neispravne"),
    "target_illegal": _t("{item}: the target {target} is illegal now ({reason})",
                         "{item}: meta {target} više nije ispravna ({reason})"),
    "resolve": lambda a, lang: _t("{item} resolves", "{item} se razrešava")(a, lang) if a.get("kind") == "spell"
    else _t("{item}'s ability resolves", "Razrešava se osobina objekta {item}")(a, lang),
    "spell_to_graveyard": _t("{item} goes to {owner}'s graveyard", "{item} ide na odlagalište igrača {owner}"),
    "enters": _t("{obj} enters the battlefield under {player}'s control", "{obj} ulazi u igru pod kontrolom {player}"),
    "pump": _t("{obj} gets {power:+d}/{toughness:+d} until end of turn ({now})",
               "{obj} dobija {power:+d}/{toughness:+d} do kraja poteza ({now})"),
    "set_pt": _t("{obj} has base power and toughness {power}/{toughness} until end of turn ({now})",
                 "{obj} ima snagu i izdržljivost {power}/{toughness} do kraja poteza ({now})"),
    "switch_pt": _t("{obj}'s power and toughness are switched until end of turn ({now})",
                    "{obj} menja snagu i izdržljivost do kraja poteza ({now})"),
    "grant": _t("{obj} gains {keywords} until end of turn", "{obj} dobija {keywords} do kraja poteza"),
    "regen_shield": _t("{obj} gets a regeneration shield ({source})", "{obj} dobija štit regeneracije ({source})"),
    "prevent_shield": _t("The next {amount} damage to {to} this turn will be prevented ({source})",
                         "Sledećih {amount} štete na {to} u ovom potezu biće sprečeno ({source})"),
    "prevent_all": lambda a, lang: _t(
        "All combat damage this turn will be prevented ({source})",
        "Sva borbena šteta u ovom potezu biće sprečena ({source})")(a, lang) if a.get("to") == "combat" else _t(
        "All damage to {to} this turn will be prevented ({source})",
        "Sva šteta na {to} u ovom potezu biće sprečena ({source})")(a, lang),
    "countered": _t("{item} is countered by {by}", "{item} je sprečena ({by})"),
    "token": _t("{player} creates the token {obj} {pt}", "{player} ubacuje simbol-biće {obj} {pt}"),
    "counters": _t("Counters are put on {obj}: {counters}", "Na {obj} se stavljaju brojači: {counters}"),
    "tap": _t("{obj} becomes tapped", "{obj} se aktivira"),
    "untap_effect": _t("{obj} becomes untapped", "{obj} se deaktivira"),
    "add_mana": _t("{player} adds {mana} (mana pool: {pool})", "{player} dodaje {mana} u izvorište ({pool})"),
    "attach": _t("{obj} becomes attached to {to}", "{obj} se vezuje za {to}"),
    "cast": _t("{player} casts {card} (targets: {targets})", "{player} igra {card} (mete: {targets})"),
    "activate": _t("{player} activates {source}'s ability (targets: {targets})",
                   "{player} igra aktivnu osobinu objekta {source} (mete: {targets})"),
    "mana_ability": _t("{player} activates {source}'s mana ability; it resolves at once",
                       "{player} igra mana osobinu objekta {source}; razrešava se odmah"),
    "play_land": _t("{player} plays {card} as a land", "{player} igra {card} kao izvor"),
    "priority": _t("{player} receives priority", "Prednost dobija {player}"),
    "pass": _t("{player} passes", "{player} kaže \"dalje\""),
    "all_pass": _t("All players have passed in succession", "Svi igrači su uzastopno rekli \"dalje\""),
    "step_ends": _t("The step ends", "Korak se završava"),
    "remove_from_combat": _t("Combat ends: {objs} are removed from combat", "Kraj borbe: {objs} izlaze iz borbe"),
    "skipped": _t("Action {action} is skipped: the game is over", "Radnja {action} se preskače: partija je gotova"),
    "illegal": _t("Action {action} is illegal: {reason}", "Radnja {action} nije ispravna: {reason}"),
    "refused": _t("The engine stops: {reason}", "Mašina staje: {reason}"),
    "replaced": lambda a, lang: _t(_REPLACED_EN.get(a.get("instead", ""), "{source} replaces what would happen to "
                                   "{what}"), _REPLACED_SR.get(a.get("instead", ""), "{source} zamenjuje događaj "
                                   "({what})"))(a, lang),
    "skip": _t("{player} skips the {what} step ({source})", "{player} preskače korak {what} ({source})"),
    "replacement_created": lambda a, lang: _t(
        "Damage can't be prevented this turn ({source})", "Šteta ne može biti sprečena u ovom potezu ({source})")(
        a, lang) if a.get("instead") == "cant_prevent" else _t(
        "{source}: a replacement effect this turn ({when} → {instead}, {who})",
        "{source}: efekat zamene do kraja poteza ({when} → {instead}, {who})")(a, lang),
    "redirected": _t("Damage from {source} to {was} is dealt to {to} instead ({by})",
                     "Šteta od {source} na {was} nanosi se umesto toga na {to} ({by})"),
    "zone_change": lambda a, lang: _t(_ZONE_EN.get(a.get("to", ""), "{obj} moves to the {to}"),
                                      _ZONE_SR.get(a.get("to", ""), "{obj} prelazi u zonu {to}"))(
        {**a, "place": a.get("place") or "top"}, lang),
    "gain_control": _t("{player} gains control of {obj}" + " until end of turn",
                       "{player} stiče kontrolu nad {obj} do kraja poteza"),
    "become": _t("{obj} is now {pt} {types}, colours {colors} ({source})",
                 "{obj} je sada {pt} {types}, boje {colors} ({source})"),
    "copy": _t("{obj} enters as a copy of {of} ({name})", "{obj} ulazi u igru kao kopija {of} ({name})"),
    "delayed": _t("{source} sets up a delayed triggered ability ({when})",
                  "{source} stvara odloženu izazvanu osobinu ({when})"),
    "condition_false": _t("{item}: its condition ({condition}) is no longer true: it does nothing",
                          "{item}: uslov ({condition}) više nije ispunjen: ne radi ništa"),
    "declined": _t("{player} chooses not to apply {item}'s ability", "{player} bira da ne primeni osobinu {item}"),
}

for _why in _WHY_GRAVEYARD["en"]:
    TEMPLATES[f"to_graveyard_{_why}"] = _to_graveyard(_why)
TEMPLATES.update({  # issue 14: costs, planeswalkers, players leaving
    "cost_change": _t("{card} costs {more} more and {less} less (cost changes)",
                      "{card} košta {more} više i {less} manje (izmene cene)"),
    "discard": _t("{player} discards {card}", "{player} odbacuje {card}"),
    "loyalty": _t("{obj}'s loyalty ability: {cost} loyalty ({loyalty} now)",
                  "Osobina vernosti ({obj}): {cost} (sada {loyalty})"),
    "damage_walker": _t("{source} deals {amount} damage to {to}, removing as many loyalty counters ({loyalty} left)",
                        "{source} nanosi {amount} štete biću {to} ({loyalty} vernosti ostaje)"),
    "leave_game": _t("{player} leaves the game; with them go {objs}", "{player} napušta igru, a s njim i {objs}"),
    "leave_turn": _t("The turn goes on without its active player, {player}",
                     "Potez se nastavlja bez aktivnog igrača ({player})"),
})


def render(event: str, args: dict[str, Any], lang: str, ruleset: str = "mtg") -> str:
    """The event's text in the language (``en`` or ``sr``); keywords by their names in the ruleset's document
    (izvori: sr-judge's Jurišnik, Letač ...; mtg: the English name, or the Serbian term in ``sr``)."""
    template = TEMPLATES.get(event)
    if template is None:
        return f"{event}: " + ", ".join(f"{k}={v}" for k, v in args.items())
    if "keywords" in args and isinstance(args["keywords"], list):
        from .keywords import display_name

        names_in = "sr" if ruleset == "izvori" else lang
        args = {**args, "keywords": [display_name(k, names_in) for k in args["keywords"]]}
    try:
        return template(args, lang)
    except (KeyError, ValueError, TypeError, IndexError):
        return f"{event}: " + ", ".join(f"{k}={v}" for k, v in args.items())

"""The words judges type reach the concepts of corpus/concepts.tsv, and through them the rules the documents print.

Each case is a fact read in the documents: the words of the query are the documents' own (quoted in the comment),
and the rule is the one whose text states it.
"""

from __future__ import annotations

import pytest

from izvori_rules.search.searcher import Searcher, default_searcher

TOP = 10


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return default_searcher()


def top(searcher: Searcher, query: str) -> list[str]:
    return [hit.ref for hit in searcher.search(query, limit=TOP).hits]


@pytest.mark.parametrize(("query", "ref"), [
    # ru-cr 800.4a «Когда игрок покидает игру, все принадлежащие ему объекты (смотрите правило 109) покидают игру»
    ("игрок покидает игру", "ru-cr:800.4a"),
    # sr-judge F1.41 "Kada igrač napusti igru, svi objekti (vidi pravilo B1.70) u vlasništvu tog igrača napuštaju igru"
    ("igrač napusti igru", "sr-judge:F1.41"),
    # cr 800.4a "When a player leaves the game, all objects (see rule 109) owned by that player leave the game"
    ("player leaves the game", "cr:800.4a"),
], ids=["ru", "sr", "en"])
def test_a_player_leaving_the_game_finds_what_happens_to_their_objects(searcher: Searcher, query: str,
                                                                       ref: str) -> None:
    result = searcher.search(query, limit=TOP)
    assert "leave_the_game" in result.concepts
    assert "leaves_the_battlefield" not in result.concepts
    assert ref in [hit.ref for hit in result.hits]


def test_a_planeswalker_losing_loyalty_is_no_player_losing_the_game(searcher: Searcher) -> None:
    # cr 306.8 "Damage dealt to a planeswalker results in that many loyalty counters being removed from it"; "opponent"
    # is a sense word of lose_game (cr 104.3), which the bare "lose" named before
    concepts = searcher.search("my opponent's infect creature makes my planeswalker lose loyalty").concepts
    assert "loyalty" in concepts and "lose_game" not in concepts


def test_a_creature_leaving_play_is_not_a_player_leaving_the_game(searcher: Searcher) -> None:
    # sr-judge C7.20 "Biće se uklanja iz borbe ako napusti igru": the old rules' play is the battlefield
    concepts = searcher.search("biće napusti igru").concepts
    assert "leaves_the_battlefield" in concepts and "leave_the_game" not in concepts


@pytest.mark.parametrize("query", [
    "многопользовательскую игру",  # ru-cr 104.5 «Правила многопользовательской игры»: «игру» is a form of «игра»
    "partija sa više igrača",  # sr-judge F1.10 "Partija sa više igrača je ona partija koja počinje sa više od dva igrača"
])
def test_a_multiplayer_game_in_the_documents_words(searcher: Searcher, query: str) -> None:
    assert searcher.search(query).concepts == ("multiplayer_game",)


def test_during_combat_is_combat_not_the_obsolete_during(searcher: Searcher) -> None:
    # ru-cr 506.1 «Фаза боя состоит из пяти шагов ... начало боя, ... конец боя»; «во время» is an everyday word,
    # the glossary's «Во время (устарело)» an old wording of phase abilities
    assert searcher.search("во время боя").concepts == ("combat_phase",)
    assert "during_obsolete" in searcher.search("во время (устарело)").concepts


def test_the_battlefield_is_also_pole_boya(searcher: Searcher) -> None:
    # ru-cr 400.1 «Всего существует семь зон: библиотека, рука, поле боя, кладбище, стек, изгнание»
    assert searcher.search("поле боя").concepts == ("battlefield",)
    assert "ru-cr:403" in top(searcher, "поле боя")


@pytest.mark.parametrize("query", [
    "value of X",  # cr 107.3a "the controller of that spell or ability chooses and announces the value of X"
    "значение X",  # ru-cr 107.3a «значение X не определено в тексте», Latin X
    "значение Х",  # ru-cr 107.3a «выбирает и оглашает значение Х», Cyrillic Х
])
def test_the_value_of_x_finds_the_rule_of_x(searcher: Searcher, query: str) -> None:
    result = searcher.search(query, limit=TOP)
    assert result.concepts == ("x_variable",)
    assert "ru-cr:107.3a" in [hit.ref for hit in result.hits]


def test_choosing_in_russian_is_the_concept_choose(searcher: Searcher) -> None:
    # ru-cr 701.8b «эффекты предписывающие игроку сбросить карту позволяют этому игроку выбрать какую карту сбросить»,
    # cr 701.9b "allow the affected player to choose which card to discard"
    result = searcher.search("выбрать какую карту сбросить", limit=TOP)
    assert "choose" in result.concepts
    assert "ru-cr:701.8b" in [hit.ref for hit in result.hits]


@pytest.mark.parametrize(("text", "concept"), [
    # ru-cr 702.50a «вы можете повернуть неповернутое существо ... вместо того чтобы оплачивать эту ману»
    ("вместо того чтобы оплачивать эту ману", "pay"),
    # ru-cr 601.2a «Чтобы объявить розыгрыш заклинания, игрок сначала перемещает эту карту ... в стек»
    ("Чтобы объявить розыгрыш заклинания", "cast"),
    # ru-cr 506.4 «Перманент выводится из боя в следующих случаях»: ru-cr's other verb for removal from combat
    ("Перманент выводится из боя", "removed_from_combat"),
    # ru-cr 701.31c «Если текст заклинания или способности ссылается на «голосование»»: the noun of Голосовать
    ("ссылается на «голосование»", "vote"),
    # ru-cr 702.9c «Несколько экземпляров полёта на одном существе учитываются как один»; 702.12c «на одном перманенте»
    ("две цепи жизни на одном существе", "multiple_instances"),
    ("Несколько экземпляров неразрушимости на одном перманенте", "multiple_instances"),
], ids=["oplachivat", "rozygrysh", "vyvoditsya-iz-boya", "golosovanie", "na-odnom-sushchestve", "na-odnom-permanente"])
def test_the_russian_rules_other_words_for_a_concept_carry_it(text: str, concept: str) -> None:
    from izvori_rules.text.concepts import load_concepts
    from izvori_rules.text.matching import ConceptMatcher
    from izvori_rules.text.stemming import analyze

    assert concept in ConceptMatcher(load_concepts()).occurrences("ru", analyze("ru", text))


def test_dying_together_in_russian_is_dying_simultaneously(searcher: Searcher) -> None:
    # a player's «вместе с» of two events is at the same time (ru-cr 603.10a: leaves-the-battlefield abilities look
    # back at permanents that left simultaneously); ru-cr's own two «вместе с» (702.105b «поместите его вместе с
    # лежащей лицом вниз картой») are not of time, so the term is asked only and marks no rule
    from izvori_rules.text.concepts import load_concepts
    from izvori_rules.text.matching import ConceptMatcher

    assert "simultaneously" in searcher.search("существо умирает вместе с другими существами").concepts
    assert "simultaneously" not in ConceptMatcher(load_concepts()).used("ru", "поместите его вместе с лежащей картой")


def test_mana_abilities_while_casting_a_spell_in_russian_finds_when_they_may_be_activated(searcher: Searcher) -> None:
    # ru-cr 605.3a «Игрок может активировать активируемую мана-способность всякий раз, когда: ... он разыгрывает
    # заклинание»; ru-cr says the casting «розыгрыш заклинания» too (601.2a «Чтобы объявить розыгрыш заклинания»)
    result = searcher.search("активировать мана-способности во время розыгрыша заклинания", limit=TOP)
    assert "cast" in result.concepts
    # ru-cr 605.3a first, bringing cr 605.3a, which says it in English (its twin follows the other rules: repeats.py)
    assert result.hits[0].ref == "ru-cr:605.3a" and "cr:605.3a" in result.hits[0].equivalents


def test_control_changing_effects_are_not_text_or_type_changing_effects(searcher: Searcher) -> None:
    # cr 613.1b "Layer 2: Control-changing effects are applied." (613.1c: Text-changing, 613.1d: Type-changing): an
    # English compound's modifier comes first, and "control" in that place names another kind of effect
    result = searcher.search("control changing effects layer", limit=TOP)
    assert not {"text_changing_effect", "type_changing_effect"} & set(result.concepts)
    first = searcher.graph.nodes[result.hits[0].ref]
    assert first.text.startswith("Layer 2: Control-changing effects")


@pytest.mark.parametrize(("query", "words"), [
    # cr 615.12 "Some effects state that damage “can’t be prevented.”"
    ("damage can't be prevented", "damage “can’t be prevented"),
    # cr 113.6g "An object’s ability that states it can’t be countered or can’t be copied functions on the stack."
    ("spell can't be countered", "can’t be countered"),
], ids=["prevented", "countered"])
def test_cant_is_a_word_of_the_rules_not_a_stop_word(searcher: Searcher, query: str, words: str) -> None:
    # cr 101.2 names the restriction by the word: "the “can’t” effect takes precedence"
    first = searcher.graph.nodes[searcher.search(query, limit=TOP).hits[0].ref]
    assert words in first.text


@pytest.mark.parametrize(("query", "concept", "ref"), [
    # cr 603.6a "Enters-the-battlefield abilities trigger when a permanent enters the battlefield"
    ("ETB trigger", "enters_the_battlefield", "cr:603.6a"),
    # cr 603.6c "Leaves-the-battlefield abilities trigger when a permanent moves from the battlefield to another zone"
    ("LTB trigger", "leaves_the_battlefield", "cr:603.6c"),
    # cr 202.3d "The mana value of a split card not on the stack ... is determined from the combined mana costs of its
    # halves" (converted mana cost is mana value's older name, the players' CMC)
    ("CMC of a split card", "converted_mana_cost", "cr:202.3d"),
    # cr 704.5j "If two or more legendary permanents with the same name are controlled by the same player, that player
    # chooses one of them, and the rest are put into their owners' graveyards. This is called the "legend rule.""
    ("SBA legend rule", "state_based_actions", "cr:704.5j"),
    # cr 701.23a "To search for a card in a zone, look at all cards in that zone ... and find a card that matches the
    # given description"
    ("tutor for a creature card", "search", "cr:701.23a"),
    # cr 608.2b "If the spell or ability specifies targets, it checks whether the targets are still legal", and one
    # whose targets are all illegal doesn't resolve: what players call fizzling
    ("spell fizzles all targets illegal", "illegal_target", "cr:608.2b"),
], ids=["ETB", "LTB", "CMC", "SBA", "tutor", "fizzle"])
def test_players_abbreviations_and_words_name_their_concepts(searcher: Searcher, query: str, concept: str,
                                                             ref: str) -> None:
    result = searcher.search(query, limit=TOP)
    assert concept in result.concepts
    assert ref in [hit.ref for hit in result.hits]


def test_power_and_toughness_together_is_not_switching_them(searcher: Searcher) -> None:
    # cr 208 "Power/Toughness"; switching says its verb (cr 613.4d "Effects that switch a creature's power and
    # toughness"), so the two numbers said together are not all but the first word of "switch power and toughness"
    assert searcher.search("what is the power and toughness of a token").concepts == ("power_toughness", "token")
    assert searcher.search("switch power and toughness").concepts == ("switch_power_toughness",)


@pytest.mark.parametrize(("query", "kept"), [
    # a phone drops the apostrophe: "whats" is "what's", a question word
    ("whats the cmc", ["cmc"]),
    ("isnt the cmc", ["cmc"]),
    ("doesnt the cmc", ["cmc"]),
    # cr 122.1 a counter "interacts with a rule, ability, or effect": the rules' word in passing, a question's frame
    ("how does deathtouch interact with trample", ["deathtouch", "trample"]),
    # cr 101.1 "The card overrides only the rule that applies to that specific situation"
    ("in this situation is the creature destroyed", ["creature", "destroyed"]),
    # ru-cr 121.1 «маркер, который ... взаимодействует с правилами»
    ("как взаимодействует дезтач и трампл", ["дезтач", "трампл"]),
    # «правильно ли я понимаю», «получится ли»: a Russian judge's frame of the question, not its words
    ("правильно ли я понимаю что получится разыграть", ["разыграть"]),
], ids=["whats", "isnt", "doesnt", "interact", "situation", "взаимодействует", "правильно-понимаю"])
def test_a_contraction_or_the_frame_of_a_question_is_a_stop_word(searcher: Searcher, query: str,
                                                                  kept: list[str]) -> None:
    # corpus/stopwords.tsv: words that name nothing in the rules, dropped from the query
    from izvori_rules.search.query import parse_query
    from izvori_rules.text.stopwords import load_stopwords

    segments = parse_query(query, searcher.concepts, load_stopwords()).segments
    assert [segment.words for segment in segments] == kept


# ru-cr 401.5 «игрок может смотреть верхнюю карту его библиотеки»: a Russian player's колода in play, beside a word of
# play (верхняя, сверху, перемешать), is the library; ru-cr 100.2a «каждая колода должна содержать по крайней мере
# шестьдесят карт»: without one, the deck itself
KOLODA = {"верхняя карта колоды": "library", "перемешать колоду": "library", "минимальный размер колоды": "deck",
          "карты в колоде": "deck"}


@pytest.mark.parametrize("query", KOLODA)
def test_a_russian_players_deck_in_play_is_the_library(searcher: Searcher, query: str) -> None:
    concepts = searcher.search(query).concepts
    assert KOLODA[query] in concepts and {"library", "deck"} - {KOLODA[query]} - set(concepts)


@pytest.mark.parametrize("query", ["получу ли я приоритет снова", "получу ли я потом приоритет"])
def test_a_russian_story_word_is_a_stop_word(searcher: Searcher, query: str) -> None:
    # снова, потом (again, later) tell the story of the question, as English "again" and "later" do
    # (corpus/stopwords.tsv): ru-cr 116.3d «...получает приоритет» is asked for, not the rules printing снова
    from izvori_rules.search.query import parse_query
    from izvori_rules.text.stopwords import load_stopwords

    words = " ".join(s.words for s in parse_query(query, searcher.concepts, load_stopwords()).segments).split()
    assert "снова" not in words and "потом" not in words
    assert "приоритет" in words


def test_a_regeneration_shield_is_regeneration(searcher: Searcher) -> None:
    # cr 701.19c "Neither activating an ability that creates a regeneration shield nor casting a spell that creates a
    # regeneration shield is the same as regenerating a permanent": the players' name of the effect 701.19a creates,
    # not the glossary's shield of prevention effects (sr-judge glossary Štit)
    result = searcher.search("how long does a regeneration shield last", limit=TOP)
    assert result.concepts == ("regenerate",)
    assert "cr:701.19a" in [hit.ref for hit in result.hits]


# Russian players' words (corpus/concepts.tsv's notes: the English word in Cyrillic or a verb made from it) are not
# ru-cr's: a Russian player types "тапнул", "резолвится", "экзайл", "блокер" where the rules print повернуть,
# разрешается, изгнание, блокирующее существо
RUSSIAN_PLAYERS_WORDS = [
    # ru-cr 702.20b "Объявление атакующим существа с бдительностью не вызывает его поворота" (вижиланс, тапнул: vigilance
    # and tap in the English word)
    ("я тапнул существо, у него вижиланс", "vigilance", "ru-cr:702.20b"),
    # ru-cr 608.2b "Если заклинание или способность указывает цели, оно проверяет, что цели все ещё легальны" (as the
    # spell resolves: резолвится)
    ("заклинание резолвится проверка целей", "resolve", "ru-cr:608.2b"),
    # ru-cr 406.3 "По умолчанию, изгнанные карты находятся лицом вверх и могут быть просмотрены любым игроком"
    ("экзайл карты лицом вверх можно смотреть", "exile", "ru-cr:406.3"),
    # ru-cr 510.1 "Сначала активный игрок объявляет, как каждое атакующее существо распределяет боевые повреждения, затем
    # защищающийся игрок объявляет, как каждое блокирующее существо ..." (блокер, атакер)
    ("блокер распределяет повреждения атакеру", "blocking_creature", "ru-cr:510.1"),
    # ru-cr 702.12b "Перманент с неразрушимостью не может быть уничтожен. Такие перманенты не уничтожаются путём
    # смертельных повреждений" (индестрактибл)
    ("индестрактибл существо смертельные повреждения", "indestructible", "ru-cr:702.12b"),
    # ru-cr 119.3a "Повреждения, наносимые игроку источником без инфекции, заставляют этого игрока потерять такое же
    # количество жизни" (получает урон: the players' phrase for being dealt damage)
    ("игрок получает урон и теряет жизнь", "damage", "ru-cr:119.3a"),
    # ru-cr 701.5a "Отменить заклинание или способность означает её аннулирование и удаление из стека" (каунтер: a
    # counterspell, the sense a query gets without +1/+1 or a zone)
    ("каунтер заклинания удаляется из стека", "counter", "ru-cr:701.5a"),
    # ru-cr 121.3 "Если на перманенте есть и жетоны +1/+1, и жетоны -1/-1 ... с него удаляется N +1/+1 и N -1/-1
    # жетонов" (каунтер with +1/+1: the marker)
    ("каунтеры +1/+1 и -1/-1 на одном существе", "counter_marker", "ru-cr:121.3"),
    # ru-cr 603.6c "Способности при покидании поля битвы срабатывают когда перманент перемещается с поля битвы в другую
    # зону" (покинуло: the past of 603.6c's покинуть, text/russian.py)
    ("существо покинуло поле битвы, срабатывает ли триггер", "leaves_the_battlefield", "ru-cr:603.6c"),
    # ru-cr 701.16a «Чтобы пожертвовать перманент, контролирующий его игрок перемещает его с поля битвы непосредственно
    # на кладбище владельца» (сак: the English sac in Cyrillic)
    ("сак существа", "sacrifice", "ru-cr:701.16a"),
    # ru-cr 615.1 «Некоторые продолжительные эффекты являются эффектами предотвращения» (фог: a Fog effect)
    ("фог", "prevention_effect", "ru-cr:615.1"),
    # ru-cr 110.2 «По умолчанию, контролирующим перманент игроком является тот игрок, под чьим контролем перманент
    # вышел на поле битвы» (украсть: to steal, to gain control of another's permanent)
    ("украсть существо", "controller", "ru-cr:110.2"),
    # ru-cr 101.4 «сначала активный игрок (игрок, чей сейчас ход) делает необходимый выбор» (АПНАП: en APNAP)
    ("АПНАП", "apnap_order", "ru-cr:101.4"),
    # ru-cr 500.7 «Некоторые эффекты дают игроку дополнительные ходы» (экстра ход: an extra turn)
    ("экстра ход", "extra_turn", "ru-cr:500.7"),
    # ru-cr 704.5j «Это правило называется «правилом легендарности»» (легенд рул: en legend rule)
    ("легенд рул", "legend_rule", "ru-cr:704.5j"),
    # ru-cr 903.8 «Розыгрыш командира из командной зоны стоит дополнительно {2} за каждый предыдущий раз»
    ("коммандер такс", "commander_tax", "ru-cr:903.8"),
    # ru-cr 605 «Мана-способности» (дорк: a creature with a mana ability, en mana dork)
    ("дорк", "mana_ability", "ru-cr:605"),
    # ru-cr 701.10a «Заклинание или способность может указать игрокам обменяться чем-либо» (поменяться жизнями: to
    # exchange life totals)
    ("поменяться жизнями", "exchange", "ru-cr:701.10a"),
    # ru-cr 706.3 «Объекты копирующие этот объект будут использовать новые копируемые величины» (копия копии)
    ("копия копии", "copiable_values", "ru-cr:706.3"),
    # ru-cr 514.1 «если в руке активного игрока больше карт, чем максимальный размер руки (обычно семь), то он
    # сбрасывает карты»
    ("сбросить до семи карт", "maximum_hand_size", "ru-cr:514.1"),
    # ru-cr 605 «Мана-способности» (тапнуть землю за ману: to activate a land's mana ability, cr 106.12)
    ("тапнуть землю за ману", "mana_ability", "ru-cr:605"),
    # ru-cr 110.5a «Игрок, создавший фишку, является ее владельцем»
    ("кто владеет фишкой", "owner", "ru-cr:110.5a"),
    # ru-cr 608.2g «Если эффект запрашивает информацию от определённого объекта, включая сам источник способности, то
    # эффект использует текущую информацию» (its last known information when the object has left the battlefield)
    ("существо больше не на поле битвы", "last_known_information", "ru-cr:608.2g"),
    # ru-cr 500.4 «Когда фаза или шаг заканчивается, вся неиспользованная мана, оставшаяся в хранилище маны игрока,
    # исчезает» (мана сгорает: how players say it)
    ("мана сгорает в конце шага", "mana_pool", "ru-cr:500.4"),
    # ru-cr 603.6a «Способности при выходе на поле битвы срабатывают, когда перманент выходит на поле битвы» (заходит на
    # поле: how players say it)
    ("триггер когда существо заходит на поле", "enters_the_battlefield", "ru-cr:603.6a"),
    # ru-cr 608.2b «Если заклинание или способность указывает цели, оно проверяет, что цели все ещё легальны»
    ("что будет если заклинание потеряет цель", "illegal_target", "ru-cr:608.2b"),
    # ru-cr 305.2 «Обычно игрок может разыграть одну землю во время своего хода»
    ("сколько земель можно сыграть за ход", "land_play", "ru-cr:305.2"),
    # ru-cr 603.6c «Способности при покидании поля битвы срабатывают когда перманент перемещается с поля битвы в другую
    # зону» (ушло с поля: how players say it)
    ("триггер когда существо ушло с поля", "leaves_the_battlefield", "ru-cr:603.6c"),
    # ru-cr 701.39a «Некоторые способности позволяют перманенту использовать Разведку. Для этого контроллер того
    # перманента показывает верхнюю карту своей колоды» (разведка: the action's noun, which players say alone)
    ("существо с разведкой показывает верхнюю карту", "explore", "ru-cr:701.39a"),
    # ru-cr 702.25f «Когда перманент становится мнимым, любые Ауры, Снаряжения или Укрепления прикреплённые к нему также
    # становятся мнимыми» (фазится: players' verb of phasing, no phase of the turn)
    ("существо фазится вместе с аурами", "phasing", "ru-cr:702.25f"),
    # ru-cr 109.5 «Слова «Вы», «Ваш», «Вас» и «Вам» в тексте объекта отсылают к контролирующему объект игроку» (слово вы:
    # the word asked about unquoted, вы alone being a stop word)
    ("кого означает слово вы", "you", "ru-cr:109.5"),
    # ru-cr 613.1f «Слой 6: Применяются эффекты добавления способностей, эффекты удаления способностей» (what makes a
    # creature lose all its abilities: «теряет все способности», a card's words)
    ("теряет все способности", "ability_removing_effect", "ru-cr:613.1f"),
    # ru-cr 701.3d «Если Аура, Снаряжение или Укрепление, которое было прикреплено к объекту или игроку должно перестать
    # быть прикреплённым ...» (an Aura that falls off: отваливается)
    ("аура отваливается", "unattach", "ru-cr:701.3d"),
    # ru-cr 117.9 «Некоторые заклинания имеют альтернативные стоимости ... «Вы можете разыграть [этот объект] без оплаты
    # мана-стоимости»»
    ("разыграть заклинание без оплаты мана-стоимости", "alternative_cost", "ru-cr:117.9"),
    # ru-cr 104.3b «Если количество жизней игрока равно 0 или меньше, он проигрывает партию»
    ("игрок проиграет при нуле жизней", "lose_game", "ru-cr:104.3b"),
    # ru-cr 116.7 «Если игрок, у которого есть приоритет, разыгрывает заклинание ... в то время, как другое заклинание
    # или способность уже находится в стеке, говорят что ... разыгрывается «в ответ»» (отвечать, the imperfective)
    ("можно ли отвечать на триггер", "respond", "ru-cr:116.7"),
    # ru-cr 700.4 «Термин умирает означает «перемещается с поля битвы на кладбище»» (смерть, the noun)
    ("триггер на смерть", "dies", "ru-cr:700.4"),
    # ru-cr 509.1 «Сначала защищающийся игрок объявляет блокирующих» (блок, the players' noun)
    ("после блока", "block", "ru-cr:509.1"),
    # ru-cr 701.7a «Уничтожить перманент означает переместить его с поля битвы на кладбище владельца» (a вайп, en board
    # wipe, destroys them all)
    ("вайп уничтожает всех существ", "destroy", "ru-cr:701.7a"),
    # ru-cr 701.18 «Найти» (фетч, en fetch: to search a library for a card)
    ("фетч", "search", "ru-cr:701.18"),
    # ru-cr 202.3 «Конвертированная мана-стоимость объекта ...» (цмц, en CMC)
    ("цмц заклинания", "converted_mana_cost", "ru-cr:202.3"),
    # ru-cr 603.6a «Способности при выходе на поле битвы срабатывают, когда перманент выходит на поле битвы» (на выход,
    # the battlefield unsaid)
    ("триггер на выход", "enters_the_battlefield", "ru-cr:603.6a"),
    # ru-cr 800.4 «многопользовательская игра может продолжаться после выхода из игры одного или нескольких игроков»
    # (104.3a «выходит из игры»): a player's leaving, not a permanent's entering
    ("при выходе из игры", "leave_the_game", "ru-cr:800.4"),
    # ru-cr 701.7a «Чтобы уничтожить перманент, переместите его с поля битвы на кладбище его владельца» (вайп: a board
    # wipe)
    ("вайп уничтожает всех существ", "destroy", "ru-cr:701.7a"),
    # ru-cr 711.1a «Передняя лицевая сторона двусторонней карты помечена символом передней стороны» (двухсторонняя:
    # how players spell двусторонняя)
    ("двухсторонняя карта какая сторона", "double_faced_cards", "ru-cr:711.1a"),
    # ru-cr 702.12b «Такие перманенты не уничтожаются путём смертельных повреждений»
    ("летальный урон неразрушимому", "lethal_damage", "ru-cr:702.12b"),
    # ru-cr 603.7 «Эффект может создать отложенную срабатывающую способность, которая сделает что-нибудь позже»
    ("отложенный триггер", "delayed_triggered_ability", "ru-cr:603.7"),
    # ru-cr 202.3 «Конвертированная мана-стоимость объекта - это число, равное общему количеству маны в его
    # мана-стоимости» (цмц: CMC in Cyrillic)
    ("цмц у карты", "converted_mana_cost", "ru-cr:202.3"),
    # ru-cr 903.5b «все карты в колоде формата Командир должны иметь разные имена на английском»
    ("синглтон колода", "singleton", "ru-cr:903.5b"),
    # ru-cr 903.4 «Вариант игры Командир использует цветовую идентификацию для определения того какие карты могут быть
    # в колоде с конкретным командиром» (players say идентичность)
    ("цветовая идентичность командира", "color_identity", "ru-cr:903.4"),
    # ru-cr 720.4 «Если цикл содержит только обязательные действия, то игра заканчивается вничью»
    ("бесконечное комбо", "loop", "ru-cr:720.4"),
    # ru-cr 119.1 «Объекты могут наносить повреждения существам, planeswalker'ам и игрокам» (пинг: 1 damage)
    ("пингер пингует существо", "damage", "ru-cr:119.1"),
    # ru-cr 117.8 «У некоторых заклинаний и способностей есть дополнительная стоимость»
    ("доп кост", "additional_cost", "ru-cr:117.8"),
    # ru-cr 504 «Шаг взятия карты»
    ("дростеп", "draw_step", "ru-cr:504"),
    # ru-cr 100.2b «При игре в ограниченном формате ... каждая колода должна содержать» (силед: sealed deck)
    ("силед", "limited", "ru-cr:100.2b"),
    # ru-cr 112.3d «Статические способности записываются как утверждения. Они просто верны» (пассивка: a static
    # ability, what sr-judge calls pasivna osobina)
    ("пассивка существа", "static_ability", "ru-cr:112.3d"),
    # ru-cr 117.9 «Некоторые заклинания имеют альтернативные стоимости» (cr 118.9; бесплатно: for free)
    ("можно ли разыграть бесплатно", "alternative_cost", "ru-cr:117.9"),
    # ru-cr 702.6 «Снарядить» (экипировать: players' plain Russian for equip)
    ("экипировать существо", "equip", "ru-cr:702.6"),
    # ru-cr 205.4d «Любой перманент с супертипом «легендарный» является субъектом применения действия вызванного
    # состоянием для легендарных перманентов, также называемого «Правилом Легенд»» (легендарка: a legendary permanent)
    ("легендарка правило легенд", "legendary", "ru-cr:205.4d"),
    # ru-cr 613.6 «Внутри слоя или подслоя порядок применения эффектов обычно определяют с использованием системы
    # временных меток» (таймштамп: timestamp)
    ("таймштамп эффектов", "timestamp_order", "ru-cr:613.6"),
    # ru-cr 701.31a «Некоторые заклинания и способности предписывают игроку голосовать за один из вариантов»
    # (голосование: the rules' own noun, which stems apart from голосовать)
    ("как работает голосование в мультиплеере", "vote", "ru-cr:701.31a"),
    # ru-cr 701.12d «Повреждения, наносящиеся когда существо дерётся не являются боевыми» (драка: players' noun for
    # a fight); 701.12a «Каждое из этих существ наносит повреждения равные своей силе другому существу» (the cards
    # print сражается)
    ("считается ли драка боевым уроном", "fight", "ru-cr:701.12d"),
    ("существо сражается с целевым существом", "fight", "ru-cr:701.12a"),
    # ru-cr 702.18a «Пелена» означает «Этот перманент или игрок не может быть целью заклинаний или способностей»
    ("можно ли выбрать целью свое существо с пеленой", "shroud", "ru-cr:702.18a"),
    # ru-cr 702.38a «вы можете выбрать чтобы целевое существо под контролем защищающегося игрока блокировало это
    # существо в этом бою если это возможно»
    ("обязано ли спровоцированное существо блокировать", "provoke", "ru-cr:702.38a"),
    # ru-cr 702.4b «боевые повреждения на этом шаге назначают только существа с первым ударом или двойным ударом»
    ("наносит ли даблстрайк урон в оба шага", "double_strike", "ru-cr:702.4b"),
    # ru-cr 702.11b «Этот перманент не может быть целью заклинаний или способностей под контролем ваших оппонентов»
    ("можно ли повесить ауру на существо с хексом", "hexproof", "ru-cr:702.11b"),
    # ru-cr 702.12b «Перманент с неразрушимостью не может быть уничтожен»
    ("можно ли уничтожить существо с индестом", "indestructible", "ru-cr:702.12b"),
    # ru-cr 701.26a «Распространить означает выбрать любое количество перманентов и/или игроков, имеющих жетоны»
    ("можно ли пролиферировать только некоторые перманенты", "proliferate", "ru-cr:701.26a"),
    # ru-cr 701.37a «то существо атакует в каждом бою если это возможно и атакует игрока отличного от этого игрока»
    ("может ли загоаженное существо атаковать того кто его загоадил", "goad", "ru-cr:701.37a"),
    # ru-cr 702.108a «Вы можете разыграть эту карту, уплатив [стоимость] вместо ее мана-стоимости» (Рывок, dash)
    ("есть ли ускорение у существа после даша", "dash", "ru-cr:702.108a"),
    # ru-cr 702.25d «Действительность как событие не вызывает смены зон или контроля над перманентом» (фазирование:
    # players' noun of фазировать, phasing)
    ("считается ли фазирование уходом с поля", "phasing", "ru-cr:702.25d"),
    # ru-cr 711.12 «Когда двусторонний перманент трансформируется, он не становится новым объектом» (ru-cr's own
    # participle «трансформированной», 701.27)
    ("является ли трансформированный перманент новым объектом", "transform", "ru-cr:711.12"),
    # ru-cr 702.11b «Этот перманент не может быть целью заклинаний или способностей под контролем ваших оппонентов»
    # (хекспруфный: players' adjective of хекспруф)
    ("хекспруфное существо можно ли таргетить", "hexproof", "ru-cr:702.11b"),
    # ru-cr 702.121a «Экипаж N» означает: «Поверните любое количество неповернутых существ под вашим контролем»
    # (крюнуть: players' verb of крю)
    ("крюнуть транспорт болезнь вызова", "crew", "ru-cr:702.121a"),
]
RUSSIAN_IDS = ["vigilance", "resolve", "exile", "blocker", "indestructible", "damage", "counterspell", "counters", "left",
               "сак", "фог", "украсть", "АПНАП", "экстра-ход", "легенд-рул", "коммандер-такс", "дорк", "поменяться",
               "копия-копии", "до-семи", "тапнуть-землю", "владеет", "больше-не-на-поле",
               "мана-сгорает", "заходит-на-поле", "потеряет-цель",
               "земель-за-ход", "ушло-с-поля", "разведка", "фазится", "слово-вы", "теряет-все-способности",
               "отваливается", "без-оплаты", "проиграет", "отвечать", "смерть", "блок", "вайп", "фетч", "цмц", "на-выход",
               "выход-из-игры", "вайп", "двухсторонняя", "летальный-урон", "отложенный-триггер", "цмц",
               "синглтон", "идентичность", "бесконечное-комбо", "пингер", "доп-кост", "дростеп", "силед",
               "пассивка", "бесплатно", "экипировать", "легендарка", "таймштамп", "голосование", "драка", "сражается",
               "пеленой", "спровоцированное", "даблстрайк", "хекс", "индест", "пролиферировать", "загоадил", "даш",
               "фазирование", "трансформированный", "хекспруфное", "крюнуть"]


@pytest.mark.parametrize(("query", "concept", "ref"), [
    # ru-cr 400.7 "Объект, перемещенный из одной зоны в другую, становится новым объектом не имеющим «памяти» и связи с
    # его предыдущим существованием" (cr 400.7): what a flickered (blinked) permanent is when it returns from exile
    ("flicker a creature new object", "flicker", "ru-cr:400.7"),
    # cr 701.8a "To destroy a permanent, move it from the battlefield to its owner's graveyard" (a board wipe, wrath or
    # sweeper destroys all creatures)
    ("board wipe destroys all creatures", "destroy", "cr:701.8a"),
    # ru-cr 500.8 "Некоторые эффекты добавляют в ход дополнительные фазы. В этом случае фазы добавляются непосредственно
    # после указанной фазы." (cr 500.8)
    ("extra combat phase", "additional_phase", "ru-cr:500.8"),
    # cr 601.2d "If the spell requires the player to divide or distribute an effect (such as damage or counters) among
    # one or more targets, the player announces the division."
    ("split damage among targets", "divide", "cr:601.2d"),
    # cr 701.21a "To sacrifice a permanent, its controller moves it from the battlefield directly to its owner's
    # graveyard."
    ("sac a creature", "sacrifice", "cr:701.21a"),
    # cr 121.4 "A player who attempts to draw a card from a library with no cards in it loses the game" (ru-cr 120.4)
    ("what happens when I deck out", "empty_library", "cr:121.4"),
    # cr 707.2 "When copying an object, the copy acquires the copiable values of the original object's
    # characteristics" (a clone is a creature that enters as a copy)
    ("does a clone copy counters", "copy", "cr:707.2"),
    # cr 302.6 "A creature's activated ability with the tap symbol ... can't be activated unless the creature has been
    # under its controller's control continuously since their most recent turn began"
    ("summoning sick creature tap ability", "summoning_sickness", "cr:302.6"),
    # ru-cr 608.2g "Если эффект запрашивает информацию от определённого объекта, включая сам источник способности, то
    # эффект использует текущую информацию" (cr 608.2h: the last known information when the object has left its zone)
    ("LKI", "last_known_information", "ru-cr:608.2g"),
    # ru-cr 604.3 "Некоторые статические способности являются способностями, определяющими характеристики" (cr 604.3)
    ("CDA", "characteristic_defining_ability", "ru-cr:604.3"),
    # ru-cr 700.4 «Термин умирает означает «перемещается с поля битвы на кладбище»» (cr 700.4 "The term dies means
    # 'is put into a graveyard from the battlefield'"): what a killed creature does
    ("killed creature", "dies", "cr:700.4"),
    # cr 702.16e "Any damage that would be dealt by sources that have the stated quality to a permanent or player with
    # protection is prevented" (to ping: to deal 1 damage)
    ("ping a creature with protection", "damage", "cr:702.16e"),
    # cr 702.9b "A creature with flying can't be blocked except by creatures with flying and/or reach"
    ("can a flier be blocked by a creature with reach", "flying", "cr:702.9b"),
    # cr 702.19a "Trample is a static ability that modifies the rules for assigning an attacking creature's combat
    # damage" (a trampler: a creature with trample)
    ("how does a trampler assign damage", "trample", "cr:702.19a"),
    # cr 702.37e "Any time you have priority, you may turn a face-down permanent you control with a morph ability face
    # up" (to unmorph: to turn a morph face up)
    ("unmorph a creature", "morph", "cr:702.37e"),
    # cr 613.4b "Layer 7b: Effects that set power and/or toughness to a specific number or value are applied" (P/T:
    # power/toughness, cr 208)
    ("set p/t effects layer", "power_toughness", "cr:613.4b"),
    # cr 509.1c "requirements (effects that say a creature must block ...)": a Lure effect, after the card whose
    # creatures all must block
    ("lure effect must block", "requirement", "cr:509.1c"),
    # cr 500.7 "Some effects can give a player extra turns" (Time Walk's, the players' name for one)
    ("time walk", "extra_turn", "cr:500.7"),
    # cr 204.1 "It consists of a circular symbol filled in with one or more colors": the players' colored dot
    ("colored dot on a card", "color_indicator", "cr:204.1"),
    # ru-cr 802 «Правило об атаке нескольких игроков» (cr 802.1 "attack multiple other players")
    ("attack several opponents", "attack_multiple_players_option", "ru-cr:802"),
    # cr 510.1c "A blocked creature assigns its combat damage to the creatures blocking it" (double blocked: blocked by
    # two creatures, not the doubling of cr 701.10)
    ("double block damage assignment", "block", "cr:510.1c"),
    # cr 202.3b "The mana value of the back face of a nonmodal double-faced permanent or spell's back face is calculated
    # as though it had the mana cost of its front face" (the players' back side)
    ("mana value of the back side of a double-faced card", "back_face", "cr:202.3b"),
    # ru-cr 603.12 (cr 603.12 "These reflexive triggered abilities follow the rules for delayed triggered abilities")
    ("reflexive trigger", "reflexive_triggered_ability", "ru-cr:603.12"),
    # cr 701.3d "To “unattach” an Equipment from a creature means to move it away from that creature so the
    # Equipment is on the battlefield but is not equipping anything" (what falls off means)
    ("equipment falls off", "unattach", "cr:701.3d"),
    # cr 701.40b "Any time you have priority, you may turn a manifested permanent you control face up" (flip it up)
    ("flip up a manifested card", "face_up", "cr:701.40b"),
    # cr 702.16a "Protection is a static ability, written “Protection from [quality].”" (pro black)
    ("creature with pro black", "protection", "cr:702.16a"),
    # ru-cr 305.2 «Обычно игрок может разыграть одну землю во время своего хода. Однако продолжительные эффекты
    # могут увеличить это число.» (cr 305.2: one land per turn, more by continuous effects: an extra land drop)
    ("extra land drop", "land_play", "ru-cr:305.2"),
    # cr 514.2 "all “until end of turn” and “this turn” effects end" (EOT: end of turn)
    ("until EOT effect ends", "until_end_of_turn", "cr:514.2"),
    # cr 104.4 "There are several ways for the game to be a draw." (104.4i: "all players in the game may agree to an
    # intentional draw")
    ("intentional draw", "draw_game", "cr:104.4"),
    # cr 606.2 "An activated ability with a loyalty symbol in its cost is a loyalty ability." (a minus ability: one
    # whose loyalty cost is negative)
    ("minus ability of a planeswalker", "loyalty_ability", "cr:606.2"),
    # cr 405 "Stack" (405.5: "the top (last-added) spell or ability on the stack resolves": last in, first out)
    ("LIFO", "stack", "cr:405"),
    # cr 705 "Flipping a Coin"
    ("coin toss", "flipping_a_coin", "cr:705"),
    # cr 701.6 "Counter" (701.6a "To counter a spell or ability means to cancel it, removing it from the stack")
    ("uncounterable", "counter", "cr:701.6"),
    # cr 714.3 "Sagas use lore counters to track their progress." (lore: the marker, not a counterspell)
    ("lore counter", "counter_marker", "cr:714.3"),
    # cr 714 "Saga Cards" (714.2: "a triggered ability referred to as a chapter ability")
    ("chapter ability", "saga", "cr:714"),
    # cr 702.89 "Umbra Armor" (the Auras with it are players' umbras)
    ("umbra", "totem_armor", "cr:702.89"),
    # cr 702.24a "“Cumulative upkeep [cost]” means “At the beginning of your upkeep, if this permanent is on the
    # battlefield, put an age counter on this permanent" (an age counter: a marker, not a counterspell)
    ("age counter", "counter_marker", "cr:702.24a"),
    # cr 404.2 "Each graveyard is kept in a single face-up pile. A player can examine the cards in any graveyard at any
    # time but normally can't change their order" (the bin: players' graveyard)
    ("can I change the order of cards in the bin", "graveyard", "cr:404.2"),
    # cr 701.12c "When life totals are exchanged, each player gains or loses the amount of life necessary to equal the
    # other player's previous life total" (the cr glossary's Exchange: "To swap two things")
    ("swap life totals", "exchange", "cr:701.12c"),
    # cr 613.4d "Layer 7d: Effects that switch a creature's power and toughness are applied"
    ("swap power and toughness", "switch_power_toughness", "cr:613.4d"),
    # ru-cr 706.3 «Объекты копирующие этот объект будут использовать новые копируемые величины» (cr 707.3: a copy of a
    # copy)
    ("copy of a copy", "copiable_values", "ru-cr:706.3"),
    # cr 514.1 "if the active player's hand contains more cards than their maximum hand size (normally seven), they
    # discard enough cards to reduce their hand size to that number"
    ("discard down to seven in cleanup", "maximum_hand_size", "cr:514.1"),
    # sr-judge D14.26 is the last known information rule (cr 608.2h): what an effect uses of an object no longer on the
    # battlefield
    ("creature no longer on the battlefield when the ability resolves", "last_known_information", "sr-judge:D14.26"),
    # cr 500.5 "Then any unspent mana left in a player's mana pool empties" (unused mana: players' words)
    ("what happens to unused mana at the end of a step", "mana_pool", "cr:500.5"),
    # sr-judge E4.20 "Kada se kopira objekat, kopija stiče vrednosti svojstava originalnog objekta" (kopija kopije: a
    # Serbian judge's copy of a copy)
    ("kopija kopije", "copiable_values", "sr-judge:E4.20"),
    # sr-judge D14.26 (poslednja poznata informacija): "ako taj objekat više nije u igri"
    ("ako biće više nije u igri", "last_known_information", "sr-judge:D14.26"),
    # sr-judge C15.10 "Ako ruka aktivnog igrača sadrži više karata od maksimalne dozvoljene veličine njegove ruke"
    ("veličina ruke u koraku odbacivanja", "maximum_hand_size", "sr-judge:C15.10"),
    # cr 603.6a "Enters-the-battlefield abilities trigger when a permanent enters the battlefield. These are written,
    # 'When [this object] enters, . . .'" (today's cards and players say enters alone)
    ("does it trigger when it enters", "enters_the_battlefield", "cr:603.6a"),
    # cr 608.2b "If the spell or ability specifies targets, it checks whether the targets are still legal"
    ("what happens if the spell loses its target", "illegal_target", "cr:608.2b"),
    # cr 305.2 "A player can normally play one land during their turn; however, continuous effects may increase this
    # number"
    ("how many lands can I play per turn", "land_play", "cr:305.2"),
    # cr 613.1f "Layer 6: Ability-adding effects, keyword counters, ability-removing effects, and effects that say an
    # object can't have an ability are applied" (a card that says a creature "loses all abilities")
    ("creature loses all abilities", "ability_removing_effect", "cr:613.1f"),
    # ru-cr 704.5j «Это правило называется «правилом легендарности»» (cr 704.5j: the "legend rule")
    ("legendary rule", "legend_rule", "ru-cr:704.5j"),
    # cr 704.5g "... that creature has been dealt lethal damage and is destroyed"
    ("is it lethal", "lethal_damage", "cr:704.5g"),
    # cr 603.6c "Leaves-the-battlefield abilities trigger when a permanent moves from the battlefield to another zone"
    # (today's cards: "When [this object] leaves")
    ("creature leaves trigger", "leaves_the_battlefield", "cr:603.6c"),
    # cr 800.4 "Unlike two-player games, multiplayer games can continue after one or more players have left the game"
    ("player leaves a multiplayer game", "leave_the_game", "cr:800.4"),
    # cr 702.49c "... the creature that was returned to its owner's hand" (goes back to hand)
    ("goes back to its owner hand", "return_to_hand", "cr:702.49c"),
    # players' words from how players talk (Reddit, MTGO and Arena chat, judges' blogs; the concept table's notes say
    # each word's use)
    # cr 702.16a "Protection is a static ability, written 'Protection from [quality].'" (DEBT: what it stops, 702.16b-e)
    ("what can protection stop DEBT", "protection", "cr:702.16a"),
    # cr 701.19c "Neither activating an ability that creates a regeneration shield nor casting a spell that creates a
    # regeneration shield is the same as regenerating a permanent"
    ("regen a creature", "regenerate", "cr:701.19c"),
    # cr 903.9b "If a commander would be put into its owner's hand or library from anywhere, its owner may put it into
    # the command zone instead" (to tuck: to put it into the library)
    ("tuck my commander", "library", "cr:903.9b"),
    # ru-cr 508.1 «Сначала активный игрок объявляет атакующих» (cr 508.1 "First, the active player declares
    # attackers"; to crack back: to attack in return)
    ("crack back after attack", "attack", "ru-cr:508.1"),
    # cr 505.1 "the first main phase (also known as the precombat main phase) and the second main phase (also known as
    # the postcombat main phase) are separated by the combat phase"
    ("attack in main 2", "postcombat_main_phase", "cr:505.1"),
    # cr 700.5 "A player's devotion to [color] is equal to the number of mana symbols of that color" (pips)
    ("count pips for devotion", "mana_symbol", "cr:700.5"),
    # cr 107.4e "A hybrid mana symbol is also a colored mana symbol"
    ("hybrid symbol color", "hybrid_mana_symbol", "cr:107.4e"),
    # cr 206 "Expansion Symbol" (206.1 "The expansion symbol indicates which Magic set a card is from")
    ("set symbol", "expansion_symbol", "cr:206"),
    # cr 108.1 "Use the Oracle card reference when determining a card's wording" (an errata changes it)
    ("errata", "oracle", "cr:108.1"),
    # cr 701.3d "To 'unattach' an Equipment from a creature means to move it away from that creature"
    ("unequip", "unattach", "cr:701.3d"),
    # cr 903.5b "Other than basic lands, each card in a Commander deck must have a different English name"
    ("highlander deck", "singleton", "cr:903.5b"),
    # cr 806.2b "Exactly one of the attack left, attack right, and attack multiple players options must be used"
    ("FFA attack", "free_for_all", "cr:806.2b"),
    # cr 103.8a "In a two-player game, the player who plays first skips the draw step ... of their first turn"
    ("player on the draw skips draw", "starting_player", "cr:103.8a"),
    # cr 119.3 "If an effect causes a player to gain life or lose life, that player's life total is adjusted"
    ("drain opponent life", "life_loss", "cr:119.3"),
    # cr 603.7 "An effect may create a delayed triggered ability that can do something at a later time"
    ("delayed trigger", "delayed_triggered_ability", "cr:603.7"),
    # cr 400.11 "An object is outside the game if it isn't in any of the game's zones" (a wish brings one in)
    ("wish for a card from outside", "outside_the_game", "cr:400.11"),
    # cr 701.21a "To sacrifice a permanent, its controller moves it from the battlefield directly to its owner's
    # graveyard"
    ("sack a creature", "sacrifice", "cr:701.21a"),
    # cr 118.9 "An alternative cost is a cost ... that its controller may pay rather than paying the spell's mana cost"
    ("cast a spell for free", "alternative_cost", "cr:118.9"),
    # cr 401.5 "Some effects ... say that a player may look at the top card of their library" (to peek: to look)
    ("peek at the top card", "look_at", "cr:401.5"),
    # cr 105.2a "A monocolored object is exactly one of the five colors"
    ("mono red card", "monocolored", "cr:105.2a"),
    # cr 702.34a "Flashback appears on some instants and sorceries"
    ("flash back a spell", "flashback", "cr:702.34a"),
    # cr 507.1, the first rule of cr 507 "Beginning of Combat Step" (BOC)
    ("BOC trigger", "beginning_of_combat_step", "cr:507.1"),
    # cr 102.3 "the player's opponents are all players not on their team" (opp: players' clipping of opponent)
    ("my opp's creature", "opponent", "cr:102.3"),
    # cr 704.6c "a player who's been dealt 21 or more combat damage by the same commander over the course of the game
    # loses the game" (cmdr: the abbreviation)
    ("cmdr damage", "commander", "cr:704.6c"),
    # cr 404.2 "A player can examine the cards in any graveyard at any time" (public info: public information)
    ("public info in graveyard", "public_information", "cr:404.2"),
    # cr 508.4, ru-cr 508.4 "If a creature is put onto the battlefield attacking, its controller chooses which
    # defending player ... it's attacking" (the cards' "tapped and attacking", players' "enters attacking")
    ("a creature that enters attacking", "put_onto_battlefield_attacking", "ru-cr:508.4"),
    # sr-judge B16.42 "ne može menjati redosled karata na odlagalištima" (cr 404.2: no player changes a graveyard's order)
    ("graveyard order", "graveyard_order", "sr-judge:B16.42"),
    # cr 702.4b "the phase gets a second combat damage step" (the regular damage step after the first strike one)
    ("double striker in the regular damage step", "second_combat_damage_step", "cr:702.4b"),
    # ru-cr 701.18b: a player searching for a card of a stated quality need not find it (cr 701.23b, fail to find)
    ("fail to find", "fail_to_find", "ru-cr:701.18b"),
    # cr 508.1h "If any of the chosen creatures require paying costs to attack ... determines the total cost to attack"
    ("how does an attack tax work", "attack_cost", "cr:508.1h"),
    # cr 509.1d "If any of the chosen creatures require paying costs to block, the defending player determines the
    # total cost to block"
    ("cost to block", "block_cost", "cr:509.1d"),
    # cr 702.6a "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control. Activate only as a
    # sorcery." (players' "sorcery speed", "instant speed": the timing of cr 602.5d-e)
    ("can I equip at instant speed", "timing", "cr:702.6a"),
    # ru-cr 121.6 (cr 122.6): counters put on an object include those it is given "as it enters the battlefield"
    ("creature entering with counters", "enters_with_counters", "ru-cr:121.6"),
] + RUSSIAN_PLAYERS_WORDS, ids=["flicker", "board-wipe", "extra-combat", "split-damage", "sac", "deck-out", "clone",
                              "summoning-sick", "LKI", "CDA", "killed", "ping", "flier", "trampler", "unmorph", "P/T", "lure",
                              "time-walk", "colored-dot", "several-opponents", "double-block", "back-side",
                              "reflexive-trigger", "falls-off", "flip-up", "pro", "land-drop", "until-EOT",
                              "intentional-draw", "minus-ability", "LIFO", "coin-toss", "uncounterable", "lore-counter",
                              "chapter-ability", "umbra", "age-counter", "bin", "swap-life",
                              "swap-p/t", "copy-of-a-copy", "discard-to-seven", "no-longer-on-the-battlefield",
                              "unused-mana", "kopija-kopije", "vise-nije-u-igri", "velicina-ruke", "enters",
                              "loses-its-target", "lands-per-turn", "loses-all-abilities", "legendary-rule", "lethal",
                              "leaves", "player-leaves", "back-to-hand",
                              "DEBT", "regen", "tuck", "crack-back", "main-2", "pips", "hybrid", "set-symbol",
                              "errata", "unequip", "highlander", "FFA", "on-the-draw", "drain", "delayed-trigger",
                              "wish", "sack", "for-free", "peek", "mono", "flash-back", "BOC",
                              "opp", "cmdr", "public-info", "enters-attacking", "graveyard-order",
                              "regular-damage", "fail-to-find", "attack-tax", "cost-to-block",
                              "instant-speed", "enters-with-counters",
                              *RUSSIAN_IDS])
def test_players_slang_names_the_concept_the_rules_govern(searcher: Searcher, query: str, concept: str,
                                                          ref: str) -> None:
    # the words are from public glossaries of players' slang (MTG Wiki's List of Magic slang and others, named in the
    # concept table's notes) and the words Russian players type (above), not from the rules; the table lists a new concept's ru-cr rules (the documents it checks),
    # so an English query may find the ru-cr rule before its cr twin
    result = searcher.search(query, limit=3)
    assert concept in result.concepts
    assert ref in [hit.ref for hit in result.hits]


def test_the_english_rules_words_for_an_empty_library_name_it() -> None:
    # cr 704.5b "If a player attempted to draw a card from a library with no cards in it since the last time
    # state-based actions were checked, that player loses the game" (ru-cr 704.5b «из пустой библиотеки»)
    from izvori_rules.text.concepts import load_concepts
    from izvori_rules.text.matching import ConceptMatcher
    from izvori_rules.text.stemming import analyze

    text = "If a player attempted to draw a card from a library with no cards in it"
    assert "empty_library" in ConceptMatcher(load_concepts()).occurrences("en", analyze("en", text))


def test_flipping_a_card_up_is_turning_it_face_up_not_a_flip_card(searcher: Searcher) -> None:
    # cr 701.40b "you may turn a manifested permanent you control face up"; flip cards are cr 709's Kamigawa frame
    concepts = searcher.search("manifested card can I flip it up").concepts
    assert "face_up" in concepts and "flip_cards" not in concepts


@pytest.mark.parametrize(("text", "concept"), [
    # players say "decked" for losing to an empty library (cr 121.4), but decked stems to deck: listed whole, it would
    # make every rule that says deck a rule about an empty library; the table keeps only "deck out".
    # cr 100.2a "each deck has a minimum deck size of 60 cards"
    ("each deck has a minimum deck size of 60 cards", "empty_library"),
    # "on the draw" (cr 103.8a, the player who plays first skips the draw) stems as every draw of the rules: listed
    # with ?, it names the starting player in a question only. cr 121.1 "A player draws a card by putting the top card
    # of their library into their hand"
    ("A player draws a card by putting the top card of their library into their hand", "starting_player"),
], ids=["decked", "on-the-draw"])
def test_a_slang_word_that_stems_to_a_rules_word_is_left_out(text: str, concept: str) -> None:
    from izvori_rules.text.concepts import load_concepts
    from izvori_rules.text.matching import ConceptMatcher
    from izvori_rules.text.stemming import analyze

    assert concept not in ConceptMatcher(load_concepts()).occurrences("en", analyze("en", text))


@pytest.mark.parametrize(("query", "concept", "ref"), [
    # cr 113.7a "Destruction or removal of the source after that time won't affect the ability"
    ("does the ability resolve if its source is destroyed", "destroy", "cr:113.7a"),
    # cr 111.2 "The player who creates a token is its owner"
    ("who owns a token", "owner", "cr:111.2"),
    # cr 601.2d "the player announces the division"
    ("when is the division of damage announced", "divide", "cr:601.2d"),
    # cr 702.49c "The creature put onto the battlefield with the ninjutsu ability enters attacking the same player" (a
    # keyword's past written with an apostrophe, players' "ninjutsu'd")
    ("ninjutsu'd creature is it attacking", "ninjutsu", "cr:702.49c"),
], ids=["destruction", "owns", "division", "ninjutsu'd"])
def test_the_rules_noun_or_verb_for_a_concept_names_it(searcher: Searcher, query: str, concept: str, ref: str) -> None:
    # the concept's verb as a judge types it, the rule's noun (or the other way round): corpus/concepts.tsv lists both
    result = searcher.search(query, lang="en", limit=3)
    assert concept in result.concepts
    assert ref in [hit.ref for hit in result.hits]


@pytest.mark.parametrize(("query", "concepts"), [
    # English "part" and "magic" are words of the English rules (cr 202.4 "isn't part of the mana cost", cr 100.1
    # "These Magic rules"), not pt-guide's "partida" (match) and "mágica" (spell) they stem as in Portuguese
    ("number part of the mana cost paid with colored mana", ("numbers", "mana_cost", "pay", "color", "mana")),
    ("can you gain half a life point in magic", ("gain_life",)),
    # Czech "část" (part) is a word of cs-cr (209.1 "pod částí s textem"), not English cast
    ("lze zaplatit bezbarvou část manové ceny barevnou manou", ("pay", "colorless", "mana_cost", "mana")),
    # "goad" is no word of ru-cr's text (only of its heading 701.37 "Разозлить (неоф) (англ.: Goad)"): typed in a Russian
    # question it is the English keyword
    ("разозленное существо (goad) обязано атаковать другого игрока?", ("goad",)),
    # nor is "flying" one, though ru-cr quotes it in card names (700.8a "Flying Carpet, Flying Men"): still the keyword
    ("может ли существо с flying блокировать существо без него", ("flying",)),
], ids=["part", "magic", "cast", "goad", "flying"])
def test_a_word_of_the_querys_own_language_names_no_concept_of_another(searcher: Searcher, query: str,
                                                                        concepts: tuple[str, ...]) -> None:
    named = searcher.search(query, limit=TOP).concepts
    assert all(concept in named for concept in concepts)
    assert not {"match", "spell", "cast"} & set(named) - set(concepts)


def test_a_russian_source_of_damage_is_no_serbian_wellspring(searcher: Searcher) -> None:
    # «источник» (source) is Serbian Istočnik (sr-judge E3.50, an Izvori keyword) in Cyrillic; «урона» (players' word for
    # damage) is no word of the Serbian rules, so the question is Russian: ru-cr 609.7a «Если эффект просит игрока
    # выбрать источник повреждений»
    result = searcher.search("источник урона", limit=TOP)
    assert "wellspring" not in result.concepts
    assert "ru-cr:609.7a" in top(searcher, "источник урона")
    assert not any(ref.startswith("sr-judge:E3.5") for ref in top(searcher, "источник урона"))


@pytest.mark.parametrize(("query", "ref"), [
    # cr 730.3 "If a merged permanent leaves the battlefield, one permanent leaves the battlefield and each of the
    # individual components are put into the appropriate zone"
    ("mutated creature leaves the battlefield", "cr:730.3"),
    # cr 730.3b "If a player exiles a merged permanent, that player determines the relative timestamp order"
    ("exile a mutated creature", "cr:730.3b"),
    # cr 730.2d "If a merged permanent contains a token, the resulting permanent is a token only if the topmost
    # component is a token"
    ("mutated creature is it a token", "cr:730.2d"),
], ids=["leaves", "exiled", "token"])
def test_a_mutated_creature_is_a_merged_permanent(searcher: Searcher, query: str, ref: str) -> None:
    # cr 702.140c: a mutating spell merges with its target; "The resulting permanent is a mutated permanent"
    result = searcher.search(query, limit=TOP)
    assert "merged_permanent" in result.concepts
    assert ref in [hit.ref for hit in result.hits]


@pytest.mark.parametrize(("query", "ref"), [
    # cr 616.1 "If two or more replacement and/or prevention effects are attempting to modify the way an event affects
    # an object or player, the affected object's controller ... chooses one to apply"
    ("order of replacement effects", "cr:616.1"),
    ("two replacement effects which one applies first", "cr:616.1"),
    # ru-cr 616 «Взаимодействие эффектов замещения и/или предотвращения», 616.1 «Если два или более эффекта замещения»
    ("порядок применения эффектов замещения", "ru-cr:616.1"),
    # sr-judge D20.90 "Međusobni odnosi efekata zamene i sprečavanja", D20.91 "Ako dva ili više efekata zamene"
    ("redosled efekata zamene", "sr-judge:D20.91"),
], ids=["en-order", "en-two", "ru", "sr"])
def test_the_order_of_replacement_effects_is_their_interaction(searcher: Searcher, query: str, ref: str) -> None:
    result = searcher.search(query, limit=TOP)
    assert "replacement_interaction" in result.concepts
    assert ref in [hit.ref for hit in result.hits[:3]]


@pytest.mark.parametrize(("query", "concept", "ref"), [
    # cr 615.12 "Some effects state that damage 'can't be prevented.' If unpreventable damage would be dealt, any
    # applicable prevention effects are still applied to it"; ru-cr 615.12 «повреждения «не могут быть предотвращены»»
    ("damage can't be prevented", "unpreventable_damage", "cr:615.12"),
    ("непредотвращаемые повреждения", "unpreventable_damage", "ru-cr:615.12"),
    # cr 614.6 "If an event is replaced, it never happens. A modified event occurs instead"; ru-cr 614.6 «Если событие
    # замещается, то оно никогда не происходило. Вместо него произошло модифицированное событие»
    ("replaced event", "replaced_event", "cr:614.6"),
    ("модифицированное событие", "replaced_event", "ru-cr:614.6"),
    # sr-judge D19.51 "(2) efekti promene kontrole"; ru-cr 613.1b «Слой 2: Применяются эффекты смены контроля»
    ("efekti promene kontrole", "control_changing_effect", "sr-judge:D19.51"),
    ("эффекты смены контроля", "control_changing_effect", "ru-cr:613.1b"),
], ids=["en-unpreventable", "ru-unpreventable", "en-replaced", "ru-replaced", "sr-control", "ru-control"])
def test_the_rules_names_of_what_two_cards_meet_reach_their_rule(searcher: Searcher, query: str, concept: str,
                                                                   ref: str) -> None:
    result = searcher.search(query, limit=TOP)
    assert concept in result.concepts
    assert result.hits[0].ref == ref


@pytest.mark.parametrize(("query", "concept"), [("M2", "postcombat_main_phase"), ("M1", "precombat_main_phase")])
def test_a_phase_players_name_like_a_rule_number_that_no_rule_has_is_searched_as_words(searcher: Searcher, query: str,
                                                                                      concept: str) -> None:
    # no document numbers a rule M2 or M1 (sr-judge's chapters are A-F); cr 505.1 "the first main phase (also known
    # as the precombat main phase) and the second main phase (also known as the postcombat main phase)"
    result = searcher.search(query, doc="cr", limit=TOP)
    assert concept in result.concepts
    assert result.hits[0].ref == "cr:505.1"


def test_winning_a_clash_in_russian_is_not_winning_the_game(searcher: Searcher) -> None:
    # ru-cr 701.22d «Игрок выигрывает столкновение»: the verb alone is what a clash's player does too (as a coin
    # flip's, 705.1 «выигрывает бросок»), so without a word of the game beside it (партию, игрок: the sense column of
    # corpus/concepts.tsv) it names no win
    result = searcher.search("кто выигрывает столкновение", doc="ru-cr", limit=TOP)
    assert "win_game" not in result.concepts
    assert result.hits[0].ref == "ru-cr:701.22d"

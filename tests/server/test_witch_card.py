"""The web witch card reads her potions from what she saw (issue 32): a potion that E17
or the bone-setter (B9) gives back reads "ready" again, and E17's second antidote
outlasts one save; hypnotised or infected (V6, E15) she can use none; the Harvest witch
holds the box alone (C33d)."""

from __future__ import annotations

from arena.app.server.card import role_card
from arena.engine import observe
from arena.engine.events import BaseEvent
from tests.rules.newmoon_common import moon, moon_events, seat
from tests.rules.test_roles_common import play
from tests.rules.test_variants import FASCINATION, HARVEST8, WITCHES, _game
from tests.rules.test_village import ALL_HOUSED, DEAL, powers, run, seats

WITCH = 4  # in the New Moon deal


def potions(events: list[BaseEvent], witch: int, lang: str = "en") -> list[str]:
    card = role_card(observe(events, witch), lang)
    assert card is not None
    return [r for r in card["resources"]
            if r.startswith(("Antidote", "Poison", "The box", "解药", "毒药", "游戏盒"))]


def _wolves_kill(*targets: int) -> dict[int, dict[str, list[int]]]:
    return seat(1, kill=list(targets)) + seat(2, kill=list(targets))


def test_e17_gives_back_the_antidote_she_used() -> None:
    """E17: the witch saved 6 on night 1; at nightfall she is told she has the antidote
    again, and her card says so from that moment."""
    played = moon(["E17"], _wolves_kill(6, 7) + seat(WITCH, save=[True, False]), days=2)
    told = next(e.seq for e in moon_events(played, "E17", "applied") if e.answer)
    assert potions(played.log[:told], WITCH) == ["Antidote: used", "Poison: ready"]
    assert potions(played.log[:told + 1], WITCH) == ["Antidote: ready", "Poison: ready"]
    assert potions(played.log, WITCH, "zh")[0].endswith("可用")


def test_e17_s_second_antidote_outlasts_one_save() -> None:
    """E17 with no potion used: a second antidote; she saves 7 on night 2 and still holds one."""
    played = moon(["E17"], _wolves_kill(6, 7) + seat(WITCH, save=[False, True]), days=2)
    assert played.events("night_action", action="save", seat=WITCH)[-1].target == 7
    assert potions(played.log, WITCH) == ["Antidote: ready", "Poison: ready"]


def test_b9_the_bone_setter_gives_back_the_poison_she_used() -> None:
    """B9: the witch (3) poisoned 6 on night 1; the bone-setter (5) mends her at daybreak."""
    deal = [*DEAL[:2], "witch", *DEAL[3:]]
    played = run(deal, {**ALL_HOUSED, "s5": "bone_setter"},
                 seats(s3={"poison": [6]}, s5={"mend": [3]}))
    mended = powers(played, "mend")[0].seq
    assert potions(played.log[:mended], 3) == ["Antidote: ready", "Poison: used"]
    assert potions(played.log[:mended + 1], 3) == ["Antidote: ready", "Poison: ready"]


def _touched_at(events: list[BaseEvent], witch: int) -> int:
    return next(e.seq for e in events if e.type == "touched" and getattr(e, "seat", 0) == witch)


def test_v6_the_hypnotised_witch_can_use_no_potion() -> None:
    """V6 (001: the hypnotised lose every power at once): the pack hypnotises the witch (2)
    on night 1; her unused potions read "no longer usable" from that moment."""
    events = list(play(_game(FASCINATION, "[seats.1]\nkill = [2]\n", roles=WITCHES)).result.events)
    touched = _touched_at(events, 2)
    assert potions(events[:touched], 2) == ["Antidote: ready", "Poison: ready"]
    assert potions(events[:touched + 1], 2) == [
        "Antidote: no longer usable", "Poison: no longer usable"]


def test_e15_the_infected_witch_can_use_no_potion() -> None:
    """E15 / 4.2.6 (000: the infected lose their power from then on): infected on night 2,
    the witch (4), who saved 6 on night 1, reads used and no longer usable."""
    played = moon(["E15"], _wolves_kill(6, 4) + seat(WITCH, save=[True]), days=2,
                  events__radiant_sunday="temptation")
    touched = _touched_at(played.log, WITCH)
    assert potions(played.log[:touched], WITCH) == ["Antidote: used", "Poison: ready"]
    assert potions(played.log, WITCH) == ["Antidote: used", "Poison: no longer usable"]


def test_c33d_the_harvest_witch_holds_the_box_alone() -> None:
    """C33d / 4.2.4 (000: the witch has one potion only, the box she tosses): her card
    shows the box, ready until she designates a player, then used."""
    rules = '"witch.potion" = "box_toss"\n'
    events = list(play(_game(rules, "[seats.1]\nkill = [5]\n[seats.7]\ntoss = [5]\n",
                             roles=HARVEST8)).result.events)
    tossed = next(e.seq for e in events if getattr(e, "action", None) == "toss")
    assert potions(events[:tossed], 7) == ["The box (one toss): ready"]
    assert potions(events, 7) == ["The box (one toss): used"]
    assert potions(events, 7, "zh") == ["游戏盒（抛一次）: 已用"]

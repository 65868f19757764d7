"""White Wolf 白狼 (R15, A16, A3): hunts with the pack, and on every second night
(white_wolf.first_night) kills one more player alone, a wolf if he likes; the guard
blocks that kill; the witch hears only the pack's target; he wins as the last player
alive, and the village has not won while he lives."""

from __future__ import annotations

import pytest

from tests.helpers import deaths, true_causes
from tests.rules.test_day_common import game, play
from tests.rules.test_roles_common import audience

# 1, 2 wolves; 3 white wolf; 4 guard; 5 witch; 6-9 villagers
DEAL = ["werewolf", "werewolf", "white_wolf", "guard", "witch",
        "villager", "villager", "villager", "villager"]
NO_SHERIFF = {"sheriff.election": "none"}


def _rules(days: int, /, **extra: object) -> dict[str, object]:
    return {**NO_SHERIFF, "game.max_days": days, **extra}


def _pack_kills(night: int, target: int) -> str:
    """Wolves 1 and 2 propose ``target`` on ``night``. On his solo nights the white wolf
    is asked twice: first as a pack member, then alone (context solo)."""
    return "".join(f"[seats.{w}.day{night}]\nkill = [{target}]\n" for w in (1, 2))


def test_r15_white_wolf_wakes_with_the_pack_and_shares_its_kill() -> None:
    """R15: the white wolf is shown to the pack, is asked for the pack's kill like any
    wolf, and his proposal counts: 1 names 6, 2 and the white wolf name 7, so 7 dies."""
    seats = "[seats.1]\nkill = [6]\n[seats.2]\nkill = [7]\n[seats.3]\nkill = [7]\n"
    played = play(game(DEAL, _rules(1), seats))
    reveals = played.events("reveal", reason="wolf_team")
    assert sorted(e.seat for e in reveals) == [1, 2, 3]
    assert all(audience(e) == (1, 2, 3) for e in reveals)
    pack_asks = [r for r in played.asked("kill", day=1) if not r.context.get("solo")]
    assert sorted(r.seat for r in pack_asks) == [1, 2, 3]
    assert all(r.context["pack"] == (1, 2, 3) for r in pack_asks)
    assert deaths(played.result) == [(1, 7, "night")]


@pytest.mark.parametrize(("first_night", "nights"), [(2, [2, 4]), (1, [1, 3])])
def test_a16_solo_kill_every_second_night(first_night: int, nights: list[int]) -> None:
    """A16 white_wolf.first_night: the separate solo step comes on nights 2, 4 (default)
    or 1, 3; only the white wolf is asked; he may pass, and any other living player,
    wolves included, is a legal target."""
    played = play(game(DEAL, _rules(4, **{"white_wolf.first_night": first_night})))
    solo = played.asked("kill", solo=True)
    assert [r.day for r in solo] == nights
    assert {r.seat for r in solo} == {3}
    for request in solo:
        assert request.allow_none
        assert set(request.options) == {1, 2, 4, 5, 6, 7, 8, 9}


def test_r15_solo_kill_is_a_second_victim() -> None:
    """R15: on night 2 the pack takes 6 and the white wolf alone takes 8; both die at
    dawn, announced like any night death."""
    seats = _pack_kills(2, 6) + "[seats.3.day2]\nkill = [6, 8]\n"
    played = play(game(DEAL, _rules(2), seats))
    assert deaths(played.result) == [(2, 6, "night"), (2, 8, "night")]
    assert true_causes(played.result) == {6: "wolves", 8: "wolves"}


def test_r15_solo_kill_may_take_a_fellow_wolf() -> None:
    """R15: the solo victim may be one of his own pack (wolf 1)."""
    seats = '[seats.3.day2]\nkill = ["none", 1]\n'
    played = play(game(DEAL, _rules(2), seats))
    assert deaths(played.result) == [(2, 1, "night")]
    assert played.first("death", seat=1).revealed_role == "werewolf"


def test_a3_guard_blocks_the_solo_kill() -> None:
    """A3: the guard blocks every wolf-team kill, the white wolf's included: his solo
    pick 8 is guarded on night 2 and nobody dies."""
    seats = '[seats.3.day2]\nkill = ["none", 8]\n[seats.4.day2]\nprotect = [8]\n'
    played = play(game(DEAL, _rules(2), seats))
    solo = played.events("night_action", day=2, seat=3, action="kill")
    assert [e.target for e in solo] == [None, 8]  # pack proposal, then the solo kill
    assert deaths(played.result) == []


def test_a16_witch_is_told_only_the_packs_target() -> None:
    """A16: on night 2 the pack targets 6 and the white wolf 8; the witch is told 6
    only, so her antidote can save 6 but never the solo victim 8."""
    seats = _pack_kills(2, 6) + "[seats.3.day2]\nkill = [6, 8]\n[seats.5.day2]\nsave = [true]\n"
    played = play(game(DEAL, _rules(2), seats))
    told = played.events("victim_info", day=2)
    assert [e.victim for e in told] == [6] and audience(told[0]) == (5,)
    assert [r.context["victim"] for r in played.asked("save", seat=5, day=2)] == [6]
    assert deaths(played.result) == [(2, 8, "night")]


def test_r15_white_wolf_wins_alone_as_the_last_player_alive() -> None:
    """R15: seats 1 wolf, 2 white wolf, 3-4 villagers, solo kills on nights 1, 3.
    Night 1 the pack takes 3 and the white wolf alone takes wolf 1; day 1 ties 1-1;
    night 2 the white wolf, now the whole pack, takes 4. He alone is left and wins
    alone ("white_wolf")."""
    deal = ["werewolf", "white_wolf", "villager", "villager"]
    seats = ("[seats.1]\nkill = [3]\n[seats.2]\nkill = [3, 1, 4]\nvote = [4]\n"
             "[seats.4]\nvote = [2]\n")
    played = play(game(deal, _rules(3, **{"white_wolf.first_night": 1}), seats))
    assert deaths(played.result) == [(1, 1, "night"), (1, 3, "night"), (2, 4, "night")]
    assert played.winner == "white_wolf"
    assert played.winners == (2,)


def test_r15_village_has_not_won_while_the_white_wolf_lives() -> None:
    """R15 / section 3: the white wolf counts as a wolf for the village's win. With the
    only plain wolf exiled on day 1 the game goes on; exiling the white wolf on day 2
    gives the village the win, without him among the winners."""
    deal = ["werewolf", "white_wolf", "villager", "villager", "villager", "villager"]
    seats = "".join(f"[seats.{s}]\nvote = [1, 2]\n" for s in (3, 4, 5, 6))
    played = play(game(deal, _rules(3), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 1), (2, 2)]
    end = played.first("game_end")
    assert end.day == 2
    assert played.winner == "village"
    assert played.winners == (3, 4, 5, 6)

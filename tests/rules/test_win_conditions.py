"""Who wins and when (catalog section 3, C22, A14): checked after every death
cascade, the winners being every seat of the winning faction, dead or alive."""

from __future__ import annotations

import pytest

from tests.rules.test_day_common import game, play, speakers, wolves_kill

NO_SHERIFF = {"sheriff.election": "none"}


def test_village_wins_when_no_wolf_is_alive() -> None:
    """The village wins once the last wolf is exiled; its winners include seat 2, who
    died on night 1, and no wolf."""
    roles = ["werewolf", "villager", "villager", "seer", "villager"]
    seats = wolves_kill([2], wolves=(1,)) + "".join(
        f"[seats.{s}]\nvote = [1]\n" for s in (3, 4, 5))
    played = play(game(roles, NO_SHERIFF, seats))
    assert played.winner == "village"
    assert played.winners == (2, 3, 4, 5)
    end = played.first("game_end")
    assert end.reason == "win" and end.day == 1
    assert end.seq > played.first("death", seat=1).seq


def test_wolves_win_all_non_wolves_dead_wolf_among_winners() -> None:
    """C22 all_non_wolves (default): night 1 kills 3, day 1 exiles wolf 2, night 2 kills
    4; one wolf against one seer is not yet a win, so day 2 is played; night 3 kills the
    seer and the wolves win, exiled wolf 2 included."""
    roles = ["werewolf", "werewolf", "villager", "villager", "seer"]
    seats = "[seats.1]\nkill = [3, 4, 5]\n[seats.2]\nkill = [3]\n"
    seats += "[seats.4]\nvote = [2]\n[seats.5]\nvote = [2]\n"
    played = play(game(roles, {**NO_SHERIFF, "wolves.win": "all_non_wolves"}, seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3), (1, 2), (2, 4), (3, 5)]
    assert speakers(played, 2) == [5, 1]
    assert played.winner == "wolves" and played.winners == (1, 2)
    assert played.result.days == 3


# 1, 2 wolves; 3 seer; 4 witch (the specials); 5, 6 plain villagers
MIXED = ["werewolf", "werewolf", "seer", "witch", "villager", "villager"]
PATTERNS = {  # (killed on night 1, exiled on day 1)
    "villagers": (5, 6),
    "specials": (3, 4),
    "one_of_each": (3, 5),
}


@pytest.mark.parametrize(
    ("rule", "pattern", "wolves_win"),
    [
        ("all_non_wolves", "villagers", False),
        ("all_non_wolves", "specials", False),
        ("all_non_wolves", "one_of_each", False),
        ("all_ordinary_villagers", "villagers", True),
        ("all_ordinary_villagers", "specials", False),
        ("all_ordinary_villagers", "one_of_each", False),
        ("all_villagers_or_all_specials", "villagers", True),
        ("all_villagers_or_all_specials", "specials", True),
        ("all_villagers_or_all_specials", "one_of_each", False),
    ],
)
def test_c22_wolves_win(rule: str, pattern: str, wolves_win: bool) -> None:
    """C22 wolves.win: all_non_wolves needs every good player dead; all_ordinary_villagers
    (TV) is met once the plain villagers are dead though the seer and witch live;
    all_villagers_or_all_specials (屠城) is met when either group is gone."""
    night, day = PATTERNS[pattern]
    seats = "".join(f"[seats.{w}]\nkill = [{night}]\nvote = [{day}]\n" for w in (1, 2))
    rules = {**NO_SHERIFF, "wolves.win": rule, "game.max_days": 1}
    played = play(game(MIXED, rules, seats))
    assert {e.seat for e in played.events("death")} == {night, day}
    if wolves_win:
        assert played.winner == "wolves" and played.winners == (1, 2)
        assert played.first("game_end").day == 1
    else:
        assert played.winner == "draw"


@pytest.mark.parametrize(
    ("rule", "roles"),
    [
        # no special role dealt: "all specials dead" cannot be what ends the game
        ("all_villagers_or_all_specials", ["werewolf", "villager", "villager", "villager"]),
        # no plain villager dealt: "all ordinary villagers dead" cannot either
        ("all_ordinary_villagers", ["werewolf", "seer", "witch", "hunter"]),
    ],
)
def test_c22_a_group_never_dealt_is_not_gone(rule: str, roles: list[str]) -> None:
    """C22: the wolves win by killing a group; a group absent from the deal was never
    killed, so with nobody dead the game goes on through day 1 to the day cap."""
    played = play(game(roles, {**NO_SHERIFF, "wolves.win": rule, "game.max_days": 1}))
    assert played.events("death") == []
    assert played.winner == "draw"
    assert speakers(played, 1) == [1, 2, 3, 4]


def test_game_ends_at_dawn_when_the_hunter_shoots_the_last_wolf() -> None:
    """A4 / A14: the lone wolf kills the hunter, whose dawn shot kills the wolf. The
    village wins at once: no day-1 speech or vote takes place."""
    roles = ["werewolf", "hunter", "villager", "villager"]
    seats = wolves_kill([2], wolves=(1,)) + "[seats.2]\nshoot = [1]\n"
    played = play(game(roles, NO_SHERIFF, seats))
    assert [(e.seat, e.cause) for e in played.events("death")] == [(2, "night"), (1, "hunter")]
    assert played.winner == "village" and played.winners == (2, 3, 4)
    assert played.events("speech", context="discussion") == []
    assert played.events("vote") == []
    assert played.first("game_end").day == 1


def test_a14_wolves_are_checked_before_the_village() -> None:
    """A14: the check runs once the cascade is over and takes the wolves before the
    village. The wolf kills the hunter (3) and the witch (2) poisons herself, which
    leaves only the wolf; the hunter still shoots him, so nobody is left, both
    conditions hold, and the wolves win."""
    roles = ["werewolf", "witch", "hunter"]
    seats = wolves_kill([3], wolves=(1,)) + """
[seats.2]
save = [false]
poison = [2]
[seats.3]
shoot = [1]
"""
    played = play(game(roles, NO_SHERIFF, seats))
    assert {e.seat for e in played.events("death")} == {1, 2, 3}
    assert played.first("shoot").seq < played.first("game_end").seq
    assert played.winner == "wolves" and played.winners == (1,)


def test_parity_wolves_win_once_as_many_as_the_humans() -> None:
    """wolves.win = parity (AIWolf): two wolves and five villagers; night 1 kills 3, day 1
    exiles villager 4 (5 alive: 2 wolves, 3 humans, the game goes on), night 2 kills 5:
    two wolves against two humans is a wolf win, though villagers 6 and 7 live."""
    roles = ["werewolf", "werewolf", "villager", "villager", "villager", "villager", "villager"]
    seats = "".join(f"[seats.{w}]\nkill = [3, 5]\nvote = [4]\n" for w in (1, 2)) + "".join(
        f"[seats.{s}]\nvote = [4]\n" for s in (6, 7))
    played = play(game(roles, {**NO_SHERIFF, "wolves.win": "parity"}, seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3), (1, 4), (2, 5)]
    assert played.winner == "wolves" and played.winners == (1, 2)
    assert played.first("game_end").day == 2

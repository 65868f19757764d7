"""Possessed (AIWolf 狂人): a human on the wolves' side, read as good, never in the pack."""

from __future__ import annotations

from arena.engine import observe
from tests.rules.test_day_common import game as day_game
from tests.rules.test_day_common import play as day_play
from tests.rules.test_roles_common import play

# aiwolf-5: seat 1 werewolf, 2 possessed, 3 seer, 4 and 5 villagers
DEAL = 'roles = ["werewolf", "possessed", "seer", "villager", "villager"]'


def _game(seats: str) -> str:
    return f"""
preset = "aiwolf-5"
seed = 1
{DEAL}
{seats}
"""


WOLVES_WIN = _game("""
[seats.1]
kill = [4]
vote = [3, 5]
[seats.2]
vote = [3, 5]
[seats.3]
check = [2]
vote = [1]
[seats.4]
vote = [3]
[seats.5]
vote = [1, 1]
""")


def test_seer_reads_the_possessed_as_good() -> None:
    played = play(WOLVES_WIN)
    results = [(e.target, e.result) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(2, "good")]


def test_possessed_wins_with_the_wolves() -> None:
    played = play(WOLVES_WIN)
    assert played.winner == "wolves"
    assert played.winners == (1, 2)


def test_possessed_counts_as_a_human_for_parity() -> None:
    """After night 2 the living are wolf 1, possessed 2, villager 5: one wolf against two
    humans, so the game goes on to day 2 and ends only when seat 5 is exiled."""
    played = play(WOLVES_WIN)
    deaths = [(e.day, e.seat) for e in played.events("death")]  # type: ignore[attr-defined]
    assert deaths == [(1, 3), (2, 4), (2, 5)]


def test_possessed_never_wakes_with_the_pack_nor_is_known_to_it() -> None:
    played = play(WOLVES_WIN)
    assert played.asked("kill", seat=2) == []
    assert played.asked("kill", seat=1)


def test_a_pack_of_two_meets_without_the_possessed() -> None:
    """Wolves 1 and 2 learn each other, not the possessed (3); he learns no wolf, up to
    the end of the game."""
    roles = ["werewolf", "werewolf", "possessed", "villager", "villager", "villager",
             "villager"]
    played = day_play(day_game(roles, {"sheriff.election": "none", "game.max_days": 2}))
    *events, end = played.result.events  # the end shows every card: look before it
    assert end.to_dict()["type"] == "game_end"
    for wolf in (1, 2):
        assert observe(events, wolf).known_roles == {1: "werewolf", 2: "werewolf"}
    assert observe(events, 3).known_roles == {3: "possessed"}


def test_village_wins_when_the_wolf_dies_and_the_possessed_loses() -> None:
    played = play(_game("""
[seats.1]
vote = [2]
[seats.2]
vote = [1]
[seats.3]
vote = [1]
[seats.4]
vote = [1]
[seats.5]
vote = [1]
"""))
    assert played.winner == "village"
    assert played.winners == (3, 4, 5)

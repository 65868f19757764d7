"""Medium (AIWolf 霊媒師): each night learns whether yesterday's exiled player was a wolf."""

from __future__ import annotations

from arena.engine import observe
from tests.rules.test_roles_common import play

# seat 1 and 2 werewolves, 3 medium, 4 possessed, 5..7 villagers
DEAL = 'roles = ["werewolf", "werewolf", "medium", "possessed", "villager", "villager", "villager"]'


def _game(votes: dict[int, str], result: str = "wolf_flag") -> str:
    seats = "\n".join(f"[seats.{s}]\nvote = {v}" for s, v in votes.items())
    return f"""
preset = "aiwolf-5"
seed = 1
{DEAL}
[rules]
"seer.result" = "{result}"
"game.max_days" = 3
{seats}
"""


# day 1: seat 1 (a wolf) is exiled; day 2: seat 4 (the possessed); day 3: seat 5
VOTES = {1: "[5, 5, 5]", 2: "[1, 4, 5]", 3: "[1, 4, 5]", 4: "[1, 5, 5]", 5: "[1, 4, 6]",
         6: "[1, 4, 5]", 7: "[1, 4, 5]"}


def test_medium_learns_each_exiled_players_side_the_next_night() -> None:
    played = play(_game(VOTES))
    results = [(e.day, e.target, e.result) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(2, 1, "werewolf"), (3, 4, "good")]


def test_medium_result_follows_seer_result_exact() -> None:
    played = play(_game(VOTES, result="exact"))
    results = [(e.target, e.result) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(1, "werewolf"), (4, "possessed")]


def test_medium_result_reaches_the_medium_only() -> None:
    played = play(_game(VOTES))
    (first, *_) = played.events("check_result", seat=3)
    assert first.audience == (3,)
    before_end = played.result.events[:-1]
    assert observe(before_end, 3).known_roles[1] == "werewolf"
    for seat in (4, 5, 6, 7):
        assert 1 not in observe(before_end, seat).known_roles


def test_no_exile_no_result_and_a_dead_medium_learns_nothing() -> None:
    # day 1 the medium herself is exiled: no result ever reaches anyone
    votes = {s: "[3]" for s in (1, 2, 4, 5, 6, 7)} | {3: "[1]"}
    played = play(_game(votes))
    assert played.events("check_result") == []

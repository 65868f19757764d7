"""Medium (AIWolf 霊媒師): each night learns whether yesterday's exiled player was a wolf."""

from __future__ import annotations

from arena.engine import observe
from tests.rules.test_roles_common import play

# seat 1 and 2 werewolves, 3 medium, 4 possessed, 5..7 villagers
DEAL = 'roles = ["werewolf", "werewolf", "medium", "possessed", "villager", "villager", "villager"]'


def _game(votes: dict[int, str], result: str = "wolf_flag", rules: str = "") -> str:
    """The aiwolf-5 rules, but the server's lots (an unvoted attack, a revote for anyone)
    left out: these tests script who dies, to watch what the medium hears."""
    seats = "\n".join(f"[seats.{s}]\nvote = {v}" for s, v in votes.items())
    return f"""
preset = "aiwolf-5"
seed = 1
{DEAL}
[rules]
"seer.result" = "{result}"
"game.max_days" = 3
"wolves.consensus" = "majority_tie_nokill"
"vote.revote" = "tied_among_others"
{rules}
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


def test_an_exiled_medium_learns_nothing() -> None:
    # day 1 the medium herself is exiled: no result ever reaches anyone
    votes = {s: "[3]" for s in (1, 2, 4, 5, 6, 7)} | {3: "[1]"}
    played = play(_game(votes))
    assert played.events("check_result") == []


def test_medium_hears_about_the_exiled_not_the_nights_victim() -> None:
    """Wolf 2 kills seat 6 on night 2 and seat 7 on night 3; the medium's results still
    name the players exiled the day before (1, then 4), never the night's victims."""
    votes = {**VOTES, 2: "[1, 4, 5]\nkill = [6, 7]", 5: "[1, 4, 2]"}
    played = play(_game(votes))
    night_deaths = [(e.day, e.seat) for e in played.events("death") if e.cause != "vote"]  # type: ignore[attr-defined]
    assert night_deaths == [(2, 6), (3, 7)]
    results = [(e.day, e.target, e.result) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(2, 1, "werewolf"), (3, 4, "good")]


def test_a_day_without_an_exile_brings_no_result() -> None:
    """With ``vote.tie = none`` day 1 ends 3-3 between seats 1 and 5 and nobody is exiled:
    the medium hears nothing on night 2, then about day 2's exile (seat 5) on night 3."""
    votes = {1: "[5, 5]", 2: "[5, 5]", 4: "[5, 5]", 3: "[1, 5]", 5: "[1, 1]", 6: "[1, 5]",
             7: "[2, 5]"}
    played = play(_game(votes, rules='"vote.tie" = ["none"]'))
    deaths = [(e.day, e.seat) for e in played.events("death")]  # type: ignore[attr-defined]
    assert deaths[0] == (2, 5)  # nobody died on day 1
    results = [(e.day, e.target) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(3, 5)]

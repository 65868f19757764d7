"""AIWolf edition: a tie is revoted once, and a tie that persists is drawn by lot."""

from __future__ import annotations

from arena.engine.events import Death
from tests.rules.test_roles_common import play

# seat 1 werewolf, 2 possessed, 3 seer, 4..6 villagers
DEAL = 'roles = ["werewolf", "possessed", "seer", "villager", "villager", "villager"]'


def _game(seed: int, votes: dict[int, str]) -> str:
    seats = "\n".join(f"[seats.{s}]\nvote = {v}" for s, v in votes.items())
    return f"""
preset = "aiwolf-5"
seed = {seed}
{DEAL}
[rules]
"game.max_days" = 1
{seats}
"""


# round 1: 1 and 2 tie at 3 votes; the revote by 3..6 ties again 2 to 2
TIED_TWICE = {1: "[2]", 2: "[1]", 3: "[1, 1]", 4: "[1, 1]", 5: "[2, 2]", 6: "[2, 2]"}


def _exiled(seed: int) -> int:
    played = play(_game(seed, TIED_TWICE))
    results = [(e.round, e.tie) for e in played.events("vote_result")]  # type: ignore[attr-defined]
    assert results == [(1, (1, 2)), (2, (1, 2))]
    (death,) = played.events("death")
    assert isinstance(death, Death) and death.cause == "vote"
    return death.seat


def test_a_tie_that_survives_the_revote_is_drawn_by_lot_among_the_tied() -> None:
    drawn = {_exiled(seed) for seed in range(12)}
    assert drawn == {1, 2}


def test_the_lot_follows_the_seed() -> None:
    assert _exiled(5) == _exiled(5)


def test_a_revote_that_settles_the_tie_needs_no_lot() -> None:
    votes = {**TIED_TWICE, 6: "[2, 1]"}
    played = play(_game(0, votes))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 1)]  # type: ignore[attr-defined]


def test_aiwolf_wolves_kill_nobody_on_the_first_night() -> None:
    """wolves.first_night_kill = false (AIWolf's day 0): the pack is never asked to kill on
    night 1, nobody dies at the first dawn, and the wolves kill from night 2 on."""
    played = play("""
preset = "aiwolf-5"
seed = 1
roles = ["werewolf", "possessed", "seer", "villager", "villager"]
[seats.1]
kill = [4]
vote = [5]
[seats.2]
vote = [5]
[seats.3]
vote = [1]
[seats.4]
vote = [5]
[seats.5]
vote = [1]
""")
    assert [r.day for r in played.asked("kill", seat=1)] == [2]
    assert [(e.day, e.seat) for e in played.events("death")][:2] == [  # type: ignore[attr-defined]
        (1, 5), (2, 4)]

"""Crow 乌鸦 (R17, A18): last at night he curses a player; the curse is announced to
everyone at daybreak and puts two votes against that player in the day's exile vote
(enough on its own, and counted toward ties); he may curse himself; the sheriff
election ignores it; it lasts that one day."""

from __future__ import annotations

from typing import Any

from tests.rules.test_day_common import game, play
from tests.rules.test_roles_common import audience

# 1, 2 wolves; 3 crow; 4-7 villagers
DEAL = ["werewolf", "werewolf", "crow", "villager", "villager", "villager", "villager"]


def _rules(days: int = 1, /, **extra: Any) -> dict[str, Any]:
    return {"sheriff.election": "none", "game.max_days": days, **extra}


def _votes(**by_seat: list[int | str]) -> str:
    """``_votes(s1=[5], s2=[5])``: each seat's vote queue."""
    return "".join(f"[seats.{k[1:]}]\nvote = {v!r}\n".replace("'", '"')
                   for k, v in by_seat.items())


CURSE_4 = "[seats.3]\ncurse = [4]\n"


def test_r17_crow_is_asked_last_and_may_curse_anyone_or_nobody() -> None:
    """R17: the crow acts after the other night roles; A18: any living player is a
    legal target, himself included, and he may pass."""
    played = play(game(DEAL, _rules(), CURSE_4))
    asked = played.asked("curse", seat=3, day=1)
    assert len(asked) == 1
    assert asked[0].allow_none and set(asked[0].options) == set(range(1, 8))
    night = [e for e in played.log if e.type == "night_action" and e.day == 1]
    assert night[-1].action == "curse" and night[-1].target == 4
    assert audience(night[-1]) == (3,)


def test_a18_curse_is_announced_publicly_at_daybreak() -> None:
    """A18: the curse is told to the whole table when day 1 starts, before anyone speaks."""
    played = play(game(DEAL, _rules(), CURSE_4))
    curse = played.first("curse")
    assert curse.audience == "public" and curse.target == 4 and curse.day == 1
    day_start = played.first("phase", day=1, name="day")
    first_speech = played.first("speech", day=1, context="discussion")
    assert day_start.seq < curse.seq < first_speech.seq


def test_r17_curse_alone_is_enough_to_exile() -> None:
    """R17: with nobody else voting, the cursed player's two votes exile him."""
    played = play(game(DEAL, _rules(), CURSE_4))
    result = played.first("vote_result", day=1, round=1)
    assert result.counts == {"4": 2.0} and result.eliminated == 4
    assert played.first("death", seat=4).cause == "vote"


def test_r17_curse_adds_to_the_votes_cast() -> None:
    """R17: one vote against 4 plus the curse (3) beats two votes against 5."""
    seats = CURSE_4 + _votes(s1=[5], s2=[5], s6=[4])
    played = play(game(DEAL, _rules(), seats))
    result = played.first("vote_result", day=1, round=1)
    assert result.counts == {"4": 3.0, "5": 2.0} and result.eliminated == 4


def test_a18_curse_counts_toward_a_tie() -> None:
    """A18: two votes against 5 and the curse on 4 tie; under vote.tie = none nobody
    is exiled."""
    seats = CURSE_4 + _votes(s1=[5], s2=[5])
    played = play(game(DEAL, _rules(**{"vote.tie": ["none"]}), seats))
    result = played.first("vote_result", day=1, round=1)
    assert result.tie == (4, 5) and result.eliminated is None
    assert played.events("death") == []


def test_a18_crow_may_curse_himself() -> None:
    """A18: self-curse is allowed, and it weighs on him like on anyone."""
    played = play(game(DEAL, _rules(), "[seats.3]\ncurse = [3]\n"))
    assert played.first("curse").target == 3
    assert played.first("vote_result", day=1, round=1).eliminated == 3
    assert played.first("death", seat=3).cause == "vote"


def test_a18_curse_does_not_count_in_the_sheriff_election() -> None:
    """A18: the +2 is for the exile vote only. 4 (cursed) and 5 run; 5 gets two votes,
    4 one, so 5 is sheriff (with the curse 4 would have had three). In the exile vote
    that follows, with no ballots cast, the curse still exiles 4."""
    seats = (CURSE_4 + "[seats.4]\nrun = [true]\n[seats.5]\nrun = [true]\n"
             "[seats.6]\nelect = [4]\n[seats.1]\nelect = [5]\n[seats.2]\nelect = [5]\n")
    played = play(game(DEAL, _rules(**{"sheriff.election": "day1_after_speeches"}), seats))
    election = played.first("vote_result", day=1, ballot="sheriff")
    assert election.counts == {"4": 1.0, "5": 2.0}
    assert played.first("sheriff").seat == 5
    exile = played.first("vote_result", day=1, ballot="exile")
    assert exile.counts == {"4": 2.0} and exile.eliminated == 4


def test_a18_curse_lasts_one_day() -> None:
    """A18: the crow curses 4 on night 1 only. Day 1 exiles 5 (three votes to the
    curse's two); on day 2 nobody votes, there is no curse, and nobody is exiled."""
    seats = CURSE_4 + _votes(s1=[5], s2=[5], s6=[5])
    played = play(game(DEAL, _rules(2), seats))
    day1 = played.first("vote_result", day=1, round=1)
    assert day1.counts == {"4": 2.0, "5": 3.0} and day1.eliminated == 5
    assert [e.day for e in played.events("curse")] == [1]
    day2 = played.first("vote_result", day=2, round=1)
    assert day2.counts == {} and day2.eliminated is None
    assert [e.seat for e in played.events("death")] == [5]

"""Day speeches: where they start, how many rounds, and what is recorded (catalog C30).

Seats count clockwise upwards and the seat to the left of N is N+1, so
"left of the victim, then clockwise" means victim+1, victim+2, ... wrapping
past the last seat, over living players only.
"""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from arena.engine import Claim, observe
from tests.rules.test_day_common import PLAIN7, game, play, speakers, wolves_kill

NO_SHERIFF = {"sheriff.election": "none"}


def test_c30_left_of_victim_starts_left_of_the_victim_and_goes_clockwise() -> None:
    """C30 left_of_victim: seat 4 is killed on night 1, so seat 5 opens day 1 and
    the turn runs 5, 6, 7, then wraps to 1, 2, 3."""
    played = play(game(PLAIN7, {**NO_SHERIFF, "game.max_days": 1}, wolves_kill([4])))
    assert speakers(played, 1) == [5, 6, 7, 1, 2, 3]


def test_c30_left_of_victim_wraps_past_the_last_seat() -> None:
    """C30: the left of seat 7 (the last seat) is seat 1."""
    played = play(game(PLAIN7, {**NO_SHERIFF, "game.max_days": 1}, wolves_kill([7])))
    assert speakers(played, 1) == [1, 2, 3, 4, 5, 6]


def test_c30_left_of_victim_skips_dead_seats() -> None:
    """C30 / A24: night 2 kills seat 3, whose left neighbour (seat 4) died on night 1.
    The start is the physical seat to the victim's left; being dead, it is skipped
    and seat 5 opens; seat 4 never speaks again."""
    played = play(game(PLAIN7, {**NO_SHERIFF, "game.max_days": 2}, wolves_kill([4, 3])))
    assert speakers(played, 1) == [5, 6, 7, 1, 2, 3]
    assert speakers(played, 2) == [5, 6, 7, 1, 2]


def test_c30_seat_order_starts_at_seat_one() -> None:
    """C30 seat_order: with no sheriff the day runs from seat 1 upwards whoever died;
    the dead seat 4 is skipped."""
    rules = {**NO_SHERIFF, "speech.order": "seat_order", "game.max_days": 1}
    played = play(game(PLAIN7, rules, wolves_kill([4])))
    assert speakers(played, 1) == [1, 2, 3, 5, 6, 7]


def test_c30_two_rounds_on_day_one_then_one() -> None:
    """C30 (TV: two rounds after the first night, then one): rounds_day1 = 2 gives every
    living seat two turns on day 1, in the same order; rounds_later = 1 gives one on day 2."""
    rules = {**NO_SHERIFF, "speech.rounds_day1": 2, "speech.rounds_later": 1,
             "game.max_days": 2}
    played = play(game(PLAIN7, rules, wolves_kill([4, 3])))
    assert speakers(played, 1) == [5, 6, 7, 1, 2, 3] * 2
    assert speakers(played, 2) == [5, 6, 7, 1, 2]
    # the request tells the speaker which round it is
    assert [r.context["round"] for r in played.asked("speak", seat=5, day=1,
                                                     purpose="discussion")] == [1, 2]


def test_c30_rounds_later_applies_from_day_two() -> None:
    """C30: rounds_day1 = 1 and rounds_later = 3: one round on day 1, three on day 2."""
    rules = {**NO_SHERIFF, "speech.rounds_day1": 1, "speech.rounds_later": 3,
             "game.max_days": 2}
    played = play(game(PLAIN7, rules, wolves_kill([4, 3])))
    assert speakers(played, 1) == [5, 6, 7, 1, 2, 3]
    assert speakers(played, 2) == [5, 6, 7, 1, 2] * 3


def test_speeches_are_public_and_keep_their_claims() -> None:
    """A day speech is heard by every seat, and its structured claims are kept as given."""
    seats = wolves_kill([4]) + """
[seats.5]
speak = [{text = "I am the seer; 1 is a wolf", claims = [{kind = "role", role = "seer"}, {kind = "check", target = 1, result = "werewolf"}]}]
[seats.6]
speak = ["no claim from me"]
"""  # noqa: E501 - one TOML line
    played = play(game(PLAIN7, {**NO_SHERIFF, "game.max_days": 1}, seats))
    speech = played.first("speech", day=1, seat=5, context="discussion")
    assert speech.audience == "public"
    assert speech.text == "I am the seer; 1 is a wolf"
    assert speech.claims == (Claim(kind="role", role="seer"),
                             Claim(kind="check", target=1, result="werewolf"))
    plain = played.first("speech", day=1, seat=6, context="discussion")
    assert plain.text == "no claim from me" and plain.claims == ()
    # every seat, wolf or villager, dead or alive, sees the speech
    for seat in range(1, 8):
        seen = [e for e in observe(played.result.events, seat).events
                if getattr(e, "type", None) == "speech" and e.seq == speech.seq]
        assert seen == [speech]


def test_claim_about_a_seat_not_at_the_table_is_refused() -> None:
    """A structured claim must name a seat of this table (7 seats here, so not 9)."""
    seats = wolves_kill([4]) + """
[seats.5]
speak = [{text = "9 is a wolf", claims = [{kind = "accuse", target = 9}]}]
"""
    with pytest.raises(ScenarioError, match="seat 9"):
        play(game(PLAIN7, {**NO_SHERIFF, "game.max_days": 1}, seats))

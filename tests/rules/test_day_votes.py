"""The day's exile vote: how ballots are cast and counted, and every tie rule
(catalog C13, C29, C39, A10).

Unless a test says otherwise the table is two wolves (seats 1, 2) and five
villagers, nobody is killed at night, there is no sheriff, and a seat with no
scripted vote abstains.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from agents.scripted import ScenarioError
from tests.rules.test_day_common import (
    PLAIN7,
    Played,
    ballots,
    exiled,
    game,
    play,
    seen,
    speakers,
    wolves_kill,
)

BASE: dict[str, Any] = {"sheriff.election": "none", "game.max_days": 1}


def votes(**by_seat: Sequence[int | str]) -> str:
    """Seat tables with vote queues: votes(s3=[1], s4=[1, 2])."""
    return "".join(f"[seats.{k[1:]}]\nvote = {list(v)!r}\n".replace("'", '"')
                   for k, v in by_seat.items())


def day1(rules: dict[str, Any], seats: str) -> Played:
    return play(game(PLAIN7, {**BASE, **rules}, seats))


# A 2-2 tie between seats 1 and 2 on the first ballot (everyone else abstains).
TIE_1_2 = {"s3": [1], "s4": [1], "s5": [2], "s6": [2]}


# --- counting ---------------------------------------------------------------------

def test_most_votes_is_exiled() -> None:
    """The player with the most votes is exiled: seat 1 has three, seat 2 two."""
    played = day1({}, votes(s3=[1], s4=[1], s5=[1], s6=[2], s7=[2]))
    result = played.first("vote_result", day=1, round=1)
    assert result.counts == {"1": 3.0, "2": 2.0}
    assert result.eliminated == 1 and result.tie == ()
    assert exiled(played) == [(1, 1)]


# --- C29: simultaneous or in turn ---------------------------------------------------

def test_c29_simultaneous_no_voter_sees_another_ballot_first() -> None:
    """C29 simultaneous (default): every ballot is decided before any is shown, so no
    voter sees a ballot of the round he is voting in; the ballots are then all shown."""
    seats = wolves_kill([4]) + votes(s3=[1], s5=[1], s6=[2], s7=[2])
    played = play(game(PLAIN7, {**BASE}, seats))
    asked = [(r, view) for r, view in played.asked_with_view
             if r.kind == "vote" and r.day == 1]
    assert sorted(r.seat for r, _ in asked) == [1, 2, 3, 5, 6, 7]
    for _request, view in asked:
        assert [e for e in seen(view) if e.type == "vote" and e.day == 1] == []
    # once decided, all six ballots are public
    assert ballots(played, 1) == {1: None, 2: None, 3: 1, 5: 1, 6: 2, 7: 2}
    assert all(e.audience == "public" for e in played.events("vote", day=1))
    last_decision = max(i for i, (r, _) in enumerate(played.asked_with_view)
                        if r.kind == "vote" and r.day == 1)
    first_ballot = min(e.seq for e in played.events("vote", day=1))
    # even the last voter decided before the first ballot was recorded
    assert max(e.seq for e in played.asked_with_view[last_decision][1].events) < first_ballot


def test_c29_sequential_clockwise_each_voter_sees_earlier_ballots() -> None:
    """C29 sequential_clockwise: voters go in speaking order (left of last night's
    victim, seat 4, so 5, 6, 7, 1, 2, 3) and each sees the ballots cast before his."""
    seats = wolves_kill([4]) + votes(s3=[1], s5=[1], s6=[2], s7=[2])
    played = play(game(PLAIN7, {**BASE, "vote.mode": "sequential_clockwise"}, seats))
    order = [e.seat for e in played.events("vote", day=1)]
    assert order == [5, 6, 7, 1, 2, 3]
    asked = [(r.seat, view) for r, view in played.asked_with_view
             if r.kind == "vote" and r.day == 1]
    assert [seat for seat, _ in asked] == order
    cast = {5: 1, 6: 2, 7: 2, 1: None, 2: None, 3: 1}
    for i, (_seat, view) in enumerate(asked):
        shown = [(e.seat, e.target) for e in seen(view) if e.type == "vote" and e.day == 1]
        assert shown == [(s, cast[s]) for s in order[:i]]


def test_c29_sequential_clockwise_also_governs_revotes() -> None:
    """C29 sequential_clockwise with C13 revote_once: the second ballot is a vote too, so
    it is also cast in turn, clockwise from the left of the night's victim (seat 4) over
    the seats allowed to vote (5, 6, 7, 3), each voter seeing the earlier ballots."""
    seats = wolves_kill([4]) + votes(s3=[1, 1], s5=[1, 1], s6=[2, 2], s7=[2, 1])
    rules = {**BASE, "vote.mode": "sequential_clockwise", "vote.tie": ["revote_once"]}
    played = play(game(PLAIN7, rules, seats))
    assert played.first("vote_result", day=1, round=1).tie == (1, 2)
    order = [e.seat for e in played.events("vote", day=1, round=2)]
    assert order == [5, 6, 7, 3]
    cast = {5: 1, 6: 2, 7: 1, 3: 1}
    asked = [view for r, view in played.asked_with_view
             if r.kind == "vote" and r.day == 1 and r.context.get("round") == 2]
    for i, view in enumerate(asked):
        shown = [(e.seat, e.target) for e in seen(view)
                 if e.type == "vote" and e.day == 1 and e.round == 2]
        assert shown == [(s, cast[s]) for s in order[:i]]
    assert exiled(played) == [(1, 1)]


# --- who may be voted for ----------------------------------------------------------

def test_self_vote_is_illegal_by_default() -> None:
    """vote.allow_self = false: a vote for oneself is refused."""
    with pytest.raises(ScenarioError, match="vote"):
        day1({}, votes(s3=[3]))


def test_self_vote_counts_when_allowed() -> None:
    """vote.allow_self = true: seat 3's vote for himself counts like any other."""
    played = day1({"vote.allow_self": True}, votes(s3=[3], s4=[3], s5=[1]))
    assert played.first("vote_result", day=1).counts == {"1": 1.0, "3": 2.0}
    assert exiled(played) == [(1, 3)]


def test_abstaining_is_legal_by_default_and_nobody_is_exiled_without_votes() -> None:
    """vote.allow_abstain = true: "none" is a legal ballot; with no votes at all nobody
    is exiled."""
    played = day1({}, votes(s3=["none"]))
    assert set(ballots(played, 1).values()) == {None}
    assert played.first("vote_result", day=1).eliminated is None
    assert exiled(played) == []


def test_abstaining_is_illegal_when_not_allowed() -> None:
    """vote.allow_abstain = false: "none" is refused."""
    with pytest.raises(ScenarioError, match="passing is not allowed"):
        day1({"vote.allow_abstain": False}, votes(s3=["none"]))


def test_without_abstention_every_living_seat_must_name_someone() -> None:
    """vote.allow_abstain = false with passive seats: each must pick its lowest legal
    option, so seat 1 votes for 2 (not himself) and everyone else for 1."""
    played = day1({"vote.allow_abstain": False}, "")
    assert ballots(played, 1) == {1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}
    assert exiled(played) == [(1, 1)]


# --- C13: tie rules -----------------------------------------------------------------

def test_c13_tie_none_exiles_nobody() -> None:
    """C13 (a) vote.tie = none: a 2-2 tie exiles nobody and there is no second ballot."""
    played = day1({"vote.tie": ["none"]}, votes(**TIE_1_2))
    result = played.first("vote_result", day=1, round=1)
    assert result.tie == (1, 2) and result.eliminated is None
    assert exiled(played) == []
    assert played.events("vote", day=1, round=2) == []


def test_c13_revote_once_tied_speak_again_and_only_the_others_vote() -> None:
    """C13 revote_once: the tied seats 1 and 2 speak again, then only the other living
    seats vote, and only for 1 or 2; a majority now exiles seat 1."""
    seats = votes(s3=[1, 1], s4=[1, 1], s5=[2, 1], s6=[2, 2], s7=["none", 2])
    played = day1({"vote.tie": ["revote_once"]}, seats)
    assert speakers(played, 1, "revote") == [1, 2]
    revote_speech = played.first("speech", day=1, context="revote")
    assert revote_speech.seq > played.first("vote_result", day=1, round=1).seq
    assert ballots(played, 1, round_no=2) == {3: 1, 4: 1, 5: 1, 6: 2, 7: 2}
    for request in played.asked("vote", day=1, round=2):
        assert request.options == (1, 2)
    assert exiled(played) == [(1, 1)]


def test_c13_revote_once_allows_only_the_tied() -> None:
    """C13 revote_once: on the second ballot a vote for an untied seat is refused."""
    with pytest.raises(ScenarioError, match="legal options"):
        day1({"vote.tie": ["revote_once"]}, votes(**{**TIE_1_2, "s3": [1, 5]}))


def test_c13_revote_once_second_tie_exiles_nobody() -> None:
    """C13 revote_once: a second tie exiles nobody and there is no third ballot."""
    seats = votes(s3=[1, 1], s4=[1, 1], s5=[2, 2], s6=[2, 2])
    played = day1({"vote.tie": ["revote_once"]}, seats)
    assert played.first("vote_result", day=1, round=2).tie == (1, 2)
    assert played.events("vote", day=1, round=3) == []
    assert exiled(played) == []


def test_c13_revote_until_repeats_until_someone_is_out() -> None:
    """C13 (b) revote_until: tie, tie again, then seat 2 gets a majority on ballot 3."""
    seats = votes(s3=[1, 1, 2], s4=[1, 1, 2], s5=[2, 2, 2], s6=[2, 2, 1])
    played = day1({"vote.tie": ["revote_until"], "vote.max_revotes": 3}, seats)
    assert [played.first("vote_result", day=1, round=n).tie for n in (1, 2)] == [(1, 2)] * 2
    assert played.first("vote_result", day=1, round=3).eliminated == 2
    assert speakers(played, 1, "revote") == [1, 2, 1, 2]
    assert exiled(played) == [(1, 2)]


def test_c13_revote_until_is_capped_by_max_revotes() -> None:
    """C13 revote_until with vote.max_revotes = 2: after the first ballot and two
    revotes all tied, nobody is exiled and no fourth ballot is held."""
    seats = votes(s3=[1] * 4, s4=[1] * 4, s5=[2] * 4, s6=[2] * 4)
    played = day1({"vote.tie": ["revote_until"], "vote.max_revotes": 2}, seats)
    assert [e.round for e in played.events("vote_result", day=1)] == [1, 2, 3]
    assert all(e.tie == (1, 2) for e in played.events("vote_result", day=1))
    assert exiled(played) == []


# --- sheriff tie rules: seat 3 runs alone before night 1, so he holds the badge ------

SHERIFF3 = {"sheriff.election": "before_night1"}


def sheriff_day(tie: list[str], sheriff_votes: list[int | str], extra: dict[str, Any] | None = None,
                others: dict[str, list[int | str]] | None = None) -> Played:
    """Seat 3 is sheriff; seats 4-7 vote 1, 1, 2, 2 unless ``others`` says otherwise."""
    seats = "[seats.3]\nrun = [true]\n" + votes(s3=sheriff_votes).replace("[seats.3]\n", "")
    seats += votes(**(others or {"s4": [1], "s5": [1], "s6": [2], "s7": [2]}))
    return day1({**SHERIFF3, "vote.tie": tie, **(extra or {})}, seats)


def test_c13_sheriff_decides_picks_among_the_tied() -> None:
    """C13 (c) sheriff_decides: the sheriff abstains, 1 and 2 tie at two votes, and the
    sheriff then chooses seat 2, who is exiled."""
    played = sheriff_day(["sheriff_decides", "none"], ["none", 2])
    assert played.first("sheriff").seat == 3
    assert played.first("vote_result", day=1).tie == (1, 2)
    (tiebreak,) = played.asked("vote", seat=3, day=1, ballot="tiebreak")
    assert tiebreak.options == (1, 2) and tiebreak.allow_none
    assert exiled(played) == [(1, 2)]


def test_c13_sheriff_decides_may_void_the_vote() -> None:
    """C13 (c) / A11: the sheriff may void the vote instead; nobody is exiled."""
    played = sheriff_day(["sheriff_decides", "none"], ["none", "none"])
    assert len(played.asked("vote", seat=3, day=1, ballot="tiebreak")) == 1
    assert exiled(played) == []


def test_c13_sheriff_decides_only_among_the_tied() -> None:
    """C13 (c): the sheriff may not pick a player who is not tied."""
    with pytest.raises(ScenarioError, match="legal options"):
        sheriff_day(["sheriff_decides", "none"], ["none", 5])


def test_a10_sheriff_side_the_tied_player_he_voted_for_is_out() -> None:
    """C13 (d) / A10 sheriff_side: the sheriff's side prevails even with a single vote
    (weight 1 here): 3 and 4 vote 1, 5 and 6 vote 2, so 1 is out."""
    played = sheriff_day(["sheriff_side", "none"], [1], {"sheriff.vote_weight": 1.0},
                         {"s4": [1], "s5": [2], "s6": [2]})
    assert played.first("vote_result", day=1).tie == (1, 2)
    assert played.asked("vote", seat=3, ballot="tiebreak") == []
    assert exiled(played) == [(1, 1)]


def test_a10_sheriff_side_with_double_vote() -> None:
    """A10 with the default weight 2: the sheriff's 2 votes on seat 1 tie 2 plain votes on
    seat 2, and the sheriff's side wins."""
    played = sheriff_day(["sheriff_side", "none"], [1], None, {"s4": [2], "s5": [2]})
    assert played.first("vote_result", day=1).counts == {"1": 2.0, "2": 2.0}
    assert exiled(played) == [(1, 1)]


def test_a10_sheriff_side_sheriff_voted_for_neither_falls_to_none() -> None:
    """A10: the sheriff voted for seat 7, not a tied seat, so the next rule (none) applies."""
    played = sheriff_day(["sheriff_side", "none"], [7], {"sheriff.vote_weight": 1.0})
    assert played.first("vote_result", day=1).tie == (1, 2)
    assert exiled(played) == []


def test_a10_sheriff_side_sheriff_abstained_falls_to_revote() -> None:
    """A10: the sheriff abstained, so the next rule in the list (revote_once) applies."""
    others: dict[str, list[int | str]] = {"s4": [1, 2], "s5": [1, 2], "s6": [2, 2],
                                          "s7": [2, 1]}
    played = sheriff_day(["sheriff_side", "revote_once"], ["none", 2], None, others)
    assert played.events("vote", day=1, round=2) != []
    # second ballot: 3 (x2), 4, 5, 6 for 2; 7 for 1
    assert played.first("vote_result", day=1, round=2).counts == {"1": 1.0, "2": 5.0}
    assert exiled(played) == [(1, 2)]


# --- C39: the tie rules are a precedence list --------------------------------------

def test_c39_sheriff_decides_with_a_living_sheriff() -> None:
    """C39 ["sheriff_decides", "none"]: a living sheriff settles the tie."""
    played = sheriff_day(["sheriff_decides", "none"], ["none", 1])
    assert exiled(played) == [(1, 1)]


def test_c39_sheriff_decides_without_a_sheriff_falls_to_none() -> None:
    """C39 ["sheriff_decides", "none"] with no sheriff: nobody is asked and nobody exiled."""
    played = day1({"vote.tie": ["sheriff_decides", "none"]}, votes(**TIE_1_2))
    assert played.asked("vote", ballot="tiebreak") == []
    assert exiled(played) == []


def test_c39_sheriff_decides_without_a_sheriff_falls_to_revote() -> None:
    """C39 ["sheriff_decides", "revote_once"] with no sheriff: the revote runs instead."""
    seats = votes(s3=[1, 1], s4=[1, 1], s5=[2, 1], s6=[2, 2])
    played = day1({"vote.tie": ["sheriff_decides", "revote_once"]}, seats)
    assert played.asked("vote", ballot="tiebreak") == []
    assert exiled(played) == [(1, 1)]


def test_c39_dead_sheriff_cannot_decide() -> None:
    """C39: the sheriff (seat 3) is killed on night 1 and tears the badge, so a day-1 tie
    under ["sheriff_decides", "none"] exiles nobody."""
    seats = "[seats.3]\nrun = [true]\nbadge = [\"none\"]\n" + wolves_kill([3])
    seats += votes(s4=[1], s5=[1], s6=[2], s7=[2])
    played = day1({**SHERIFF3, "vote.tie": ["sheriff_decides", "none"]}, seats)
    assert played.first("sheriff", how="badge_torn").seat is None
    assert played.first("vote_result", day=1).tie == (1, 2)
    assert exiled(played) == []


def test_c39_absent_scapegoat_is_skipped() -> None:
    """C39 ["scapegoat", "sheriff_decides", "none"] (the TV order): there is no scapegoat
    at this table, so the rule is skipped and the sheriff decides."""
    played = sheriff_day(["scapegoat", "sheriff_decides", "none"], ["none", 2])
    assert exiled(played) == [(1, 2)]


# --- vote.tie = random (the AIWolf lot) ----------------------------------------------

def test_random_tie_draws_one_of_the_tied_by_the_games_seed() -> None:
    """vote.tie = random alone: a 2-2 tie between 1 and 2 exiles one of them at once (no
    second ballot), drawn from the game's own RNG: the same seed draws the same seat
    whatever the global random state, and different seeds reach both seats."""
    def exiled_by_lot(seed: int) -> int:
        played = play(game(PLAIN7, {**BASE, "vote.tie": ["random"]}, votes(**TIE_1_2),
                           seed=seed))
        assert [e.round for e in played.events("vote_result", day=1)] == [1]
        ((_day, seat),) = exiled(played)
        return seat

    drawn = set()
    for global_seed in range(6):
        random.seed(global_seed)
        drawn.add(exiled_by_lot(3))
    assert len(drawn) == 1
    assert {exiled_by_lot(seed) for seed in range(12)} == {1, 2}


def test_random_after_a_revote_with_no_voters_left_still_draws() -> None:
    """vote.tie = [revote_once, random], three players each voting for the next: a 1-1-1
    tie leaves nobody outside the tie to revote, so no second ballot is cast and the lot
    exiles one of the three."""
    seats = votes(s1=[2], s2=[3], s3=[1])
    played = play(game(["werewolf", "villager", "villager"],
                       {**BASE, "vote.tie": ["revote_once", "random"]}, seats))
    assert played.first("vote_result", day=1, round=1).tie == (1, 2, 3)
    assert played.events("vote", day=1, round=2) == []
    assert [seat for _, seat in exiled(played)] in ([1], [2], [3])

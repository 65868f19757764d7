"""Werewolves (R1): the pack knows itself and talks in private; what it may target (C14);
how it settles its kill (C15 wolves.consensus)."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from arena.engine import observe
from tests.helpers import deaths, true_causes
from tests.rules.test_roles_common import audience, before_end, play, sheriffless


def _game(wolves: int, rules: str, seats: str, days: int = 1, seed: int = 11) -> str:
    """Seats 1..wolves are wolves, the rest (up to 8 seats) villagers."""
    roles = ", ".join(['"werewolf"'] * wolves + ['"villager"'] * (8 - wolves))
    return sheriffless(f"roles = [{roles}]", seed, rules, seats, days)


def _kills(**picks: str) -> str:
    """``_kills(s1="[5]", s2="[6]")`` scripts each wolf's kill queue."""
    return "".join(f"[seats.{key[1:]}]\nkill = {value}\n" for key, value in picks.items())


def test_r1_pack_learns_itself() -> None:
    """R1: at the deal each wolf's card is shown to the whole pack and to nobody else."""
    played = play(_game(3, "", ""))
    reveals = played.events("reveal", reason="wolf_team")
    assert sorted((e.seat, e.role) for e in reveals) == [  # type: ignore[attr-defined]
        (1, "werewolf"), (2, "werewolf"), (3, "werewolf")]
    assert all(audience(e) == (1, 2, 3) for e in reveals)
    events = before_end(played)
    assert {s: observe(events, 2).known_roles.get(s) for s in (1, 3)} == {
        1: "werewolf", 3: "werewolf"}
    for seat in range(4, 9):
        assert not {1, 2, 3} & set(observe(events, seat).known_roles)


def test_r1_wolf_chat_is_private_to_the_pack() -> None:
    """R1: the night talk reaches the living wolves only."""
    seats = '[seats.1]\nspeak = ["take seat 5"]\n'
    played = play(_game(3, '"wolves.chat" = true', seats))
    chat = played.events("speech", context="wolf_chat")
    assert [(e.day, e.seat) for e in chat] == [(1, 1), (1, 2), (1, 3)]  # type: ignore[attr-defined]
    assert all(audience(e) == (1, 2, 3) for e in chat)
    assert chat[0].text == "take seat 5"  # type: ignore[attr-defined]
    events = before_end(played)
    for seat in range(4, 9):
        assert not [e for e in observe(events, seat).events
                    if getattr(e, "context", "") == "wolf_chat"]
    assert len([e for e in observe(events, 3).events
                if getattr(e, "context", "") == "wolf_chat"]) == 3


def test_r1_kill_proposals_are_private_to_the_pack() -> None:
    """R1: the wolves' proposals and final choice are seen only by the pack."""
    played = play(_game(3, "", _kills(s1="[5]", s2="[5]", s3="[5]")))
    kills = played.events("night_action", action="kill")
    assert kills and all(audience(e) == (1, 2, 3) for e in kills)
    assert deaths(played.result) == [(1, 5, "night")]


def test_c14_allow_no_kill_false_makes_passing_illegal() -> None:
    """C14 wolves.allow_no_kill = false: a wolf must name a victim."""
    rules = '"wolves.allow_no_kill" = false'
    with pytest.raises(ScenarioError, match="kill"):
        play(_game(2, rules, _kills(s1='["none"]', s2="[5]")))
    played = play(_game(2, rules, _kills(s1="[5]", s2="[5]")))
    assert not any(r.allow_none for r in played.asked("kill"))


def test_c14_allow_no_kill_true_pack_may_kill_nobody() -> None:
    """C14 wolves.allow_no_kill = true: the pack may pass and nobody dies."""
    played = play(_game(2, '"wolves.allow_no_kill" = true', _kills(s1='["none"]', s2='["none"]')))
    assert all(r.allow_none for r in played.asked("kill"))
    assert deaths(played.result) == []


def test_c14_allow_wolf_target_false() -> None:
    """C14 wolves.allow_wolf_target = false: no wolf is a legal target."""
    rules = '"wolves.allow_wolf_target" = false'
    with pytest.raises(ScenarioError, match="kill"):
        play(_game(3, rules, _kills(s1="[2]")))
    played = play(_game(3, rules, ""))
    for request in played.asked("kill"):
        assert not {1, 2, 3} & set(request.options)


def test_c14_allow_wolf_target_true_pack_may_kill_a_wolf() -> None:
    """C14 wolves.allow_wolf_target = true: the pack may kill one of its own."""
    played = play(_game(3, '"wolves.allow_wolf_target" = true',
                        _kills(s1="[2]", s2="[2]", s3="[2]")))
    assert deaths(played.result) == [(1, 2, "night")]
    assert true_causes(played.result) == {2: "wolves"}


MAJORITY = '"wolves.consensus" = "majority_tie_nokill"'


def test_c15_majority_two_to_one_kills() -> None:
    """C15 majority_tie_nokill: with three wolves, two votes for 5 beat one for 6."""
    played = play(_game(3, MAJORITY, _kills(s1="[5]", s2="[6]", s3="[5]")))
    assert deaths(played.result) == [(1, 5, "night")]


def test_c15_majority_one_to_one_tie_kills_nobody() -> None:
    """C15 majority_tie_nokill: two wolves split 1-1, so nobody dies."""
    played = play(_game(2, MAJORITY, _kills(s1="[5]", s2="[6]")))
    assert deaths(played.result) == []
    final = played.events("night_action", action="kill", final=True)
    assert [e.target for e in final] == [None]  # type: ignore[attr-defined]


def test_c15_majority_three_way_split_kills_nobody() -> None:
    """C15 majority_tie_nokill: 5, 6 and a pass among three wolves is a tie: no kill."""
    played = play(_game(3, MAJORITY, _kills(s1="[5]", s2="[6]", s3='["none"]')))
    assert deaths(played.result) == []


TIMEOUT = '"wolves.consensus" = "timeout_nokill"'


def test_c15_timeout_agree_in_round_one_kills_without_round_two() -> None:
    """C15 timeout_nokill: agreement at once kills; no second round is asked."""
    played = play(_game(2, TIMEOUT, _kills(s1="[5]", s2="[5]")))
    assert deaths(played.result) == [(1, 5, "night")]
    assert sorted(r.context["round"] for r in played.asked("kill")) == [1, 1]


def test_c15_timeout_disagree_twice_no_kill() -> None:
    """C15 timeout_nokill: two rounds without agreement mean no kill that night."""
    played = play(_game(2, TIMEOUT, _kills(s1="[5, 5]", s2="[6, 6]")))
    assert sorted(r.context["round"] for r in played.asked("kill")) == [1, 1, 2, 2]
    assert deaths(played.result) == []


def test_c15_timeout_agree_in_round_two_kills() -> None:
    """C15 timeout_nokill: disagreeing first, then agreeing in round 2, kills the agreed seat."""
    played = play(_game(2, TIMEOUT, _kills(s1="[5, 6]", s2="[6, 6]")))
    assert deaths(played.result) == [(1, 6, "night")]


def test_c15_leader_rotates_and_alone_decides() -> None:
    """C15 wolves.consensus = leader: one lead wolf a night, in turn (1, 2, 1); only he is
    asked, so only his choice counts."""
    seats = _kills(s1="[5, 7]", s2="[6]")
    played = play(_game(2, '"wolves.consensus" = "leader"', seats, days=3))
    assert [(r.day, r.seat) for r in played.asked("kill")] == [(1, 1), (2, 2), (3, 1)]
    assert deaths(played.result) == [(1, 5, "night"), (2, 6, "night"), (3, 7, "night")]


def test_c15_leader_non_leader_choice_is_ignored() -> None:
    """C15 leader: on night 1 wolf 1 leads; wolf 2's scripted pick for that night is never
    asked for and has no effect."""
    seats = "[seats.1]\nkill = [5]\n[seats.2.day1]\nkill = [6]\n"
    played = play(_game(2, '"wolves.consensus" = "leader"', seats))
    assert played.asked("kill", seat=2) == []
    assert deaths(played.result) == [(1, 5, "night")]


PLURALITY = '"wolves.consensus" = "plurality_lot"'
PLURALITY_ANY = '"wolves.consensus" = "plurality_lot_any"'


def _night_one(rules: str, seats: str, seed: int) -> list[tuple[int, int, str]]:
    return deaths(play(_game(3, rules, seats, seed=seed)).result)


def test_c15_plurality_most_proposed_target_dies() -> None:
    """C15 plurality_lot (AIWolf): 5, 5 and a pass kill 5; no lot is needed."""
    assert _night_one(PLURALITY, _kills(s1="[5]", s2="[5]", s3='["none"]'), 0) == [
        (1, 5, "night")]


def test_c15_plurality_tie_is_drawn_by_lot_among_the_tied() -> None:
    """C15 plurality_lot: 5, 6 and a pass tie 1-1; the game's lot kills one of them."""
    seats = _kills(s1="[5]", s2="[6]", s3='["none"]')
    drawn = {_night_one(PLURALITY, seats, seed)[0][1] for seed in range(12)}
    assert drawn == {5, 6}


def test_c15_plurality_without_proposals_kills_nobody() -> None:
    """C15 plurality_lot (aiwolf-nlp server): no wolf proposes a target, no attack."""
    seats = _kills(s1='["none"]', s2='["none"]', s3='["none"]')
    assert _night_one(PLURALITY, seats, 0) == []


def test_c15_plurality_any_without_proposals_draws_any_prey() -> None:
    """C15 plurality_lot_any (classic AIWolf server): with no proposal at all the victim
    is drawn by lot among all the pack's prey."""
    seats = _kills(s1='["none"]', s2='["none"]', s3='["none"]')
    drawn = {_night_one(PLURALITY_ANY, seats, seed)[0][1] for seed in range(12)}
    assert len(drawn) > 2 and drawn <= set(range(1, 9))

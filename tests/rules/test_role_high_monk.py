"""High Monk 高僧 (R20, A28, C13 f): under vote.tie = monk a tied exile vote kills the
living monk instead of any tied player, and as he dies he may appoint a sheriff (or
nobody); with the monk dead the next tie rule in the list applies."""

from __future__ import annotations

from typing import Any

from tests.rules.test_day_common import Played, ballots, game, play

# 1, 2 wolves; 3 high monk; 4-8 villagers
DEAL = ["werewolf", "werewolf", "high_monk", "villager", "villager", "villager",
        "villager", "villager"]


def _rules(days: int = 1, /, **extra: Any) -> dict[str, Any]:
    return {"sheriff.election": "none", "vote.tie": ["monk", "none"],
            "game.max_days": days, **extra}


# day 1: 4 and 6 tie two votes each
TIE_4_6 = "".join(f"[seats.{s}.day1]\nvote = [{t}]\n"
                  for s, t in ((1, 4), (2, 4), (5, 6), (7, 6)))


def test_r20_a28_tie_kills_the_monk_and_spares_the_tied() -> None:
    """R20 / A28: 4 and 6 tie; the monk (3) dies instead, cause "monk", and both tied
    players live."""
    played = play(game(DEAL, _rules(), TIE_4_6 + "[seats.3]\nappoint = [5]\n"))
    assert played.first("vote_result", day=1, round=1).tie == (4, 6)
    assert [(e.day, e.seat, e.cause) for e in played.events("death")] == [(1, 3, "monk")]


def test_r20_dying_monk_appoints_a_sheriff_who_votes_with_the_sheriffs_weight() -> None:
    """R20: the monk is asked to appoint among the other living players (passing
    allowed) and names 5, publicly; on day 2 seat 5's ballot counts 2 (the default
    sheriff.vote_weight), so his vote for 7 beats one vote for 8."""
    seats = (TIE_4_6 + "[seats.3]\nappoint = [5]\n"
             "[seats.5.day2]\nvote = [7]\n[seats.1.day2]\nvote = [8]\n")
    played = play(game(DEAL, _rules(2), seats))
    asked = played.asked("appoint", seat=3)
    assert len(asked) == 1 and asked[0].allow_none
    assert set(asked[0].options) == {1, 2, 4, 5, 6, 7, 8}
    appointed = played.first("sheriff")
    assert appointed.seat == 5 and appointed.audience == "public"
    assert appointed.seq < played.first("death", seat=3).seq
    assert ballots(played, 2) == {1: 8, 2: None, 4: None, 5: 7, 6: None, 7: None, 8: None}
    assert played.first("vote", day=2, seat=5).weight == 2.0
    assert played.first("vote_result", day=2).eliminated == 7


def test_r20_monk_may_appoint_nobody() -> None:
    """R20: the monk passes; he still dies in place of the tied, and nobody holds the
    badge on day 2 (every ballot weighs 1)."""
    seats = (TIE_4_6 + '[seats.3]\nappoint = ["none"]\n'
             "[seats.5.day2]\nvote = [7]\n[seats.1.day2]\nvote = [8]\n")
    played = play(game(DEAL, _rules(2), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3)]
    assert all(e.seat is None for e in played.events("sheriff"))
    assert {e.weight for e in played.events("vote", day=2)} == {1.0}
    assert played.first("vote_result", day=2).tie == (7, 8)


def test_a28_monk_dead_the_next_tie_rule_applies() -> None:
    """A28: the wolves kill the monk on night 1; the day-1 tie falls to the next rule,
    none, so nobody dies and nobody is asked to appoint."""
    seats = TIE_4_6.replace("[seats.1.day1]\n", "[seats.1.day1]\nkill = [3]\n").replace(
        "[seats.2.day1]\n", "[seats.2.day1]\nkill = [3]\n")
    played = play(game(DEAL, _rules(), seats))
    assert played.first("vote_result", day=1, round=1).tie == (4, 6)
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3)]
    assert played.asked("appoint") == []


# --- the chief's penalty takes his power (R23, C25)

# 1, 2 wolves; 3 high monk; 4 chief; 5-9 villagers
CHIEF_DEAL = ["werewolf", "werewolf", "high_monk", "chief", "villager", "villager",
              "villager", "villager", "villager"]


def _chief_game(day1_exile: int) -> Played:
    """Day 1: seats 5-7 exile ``day1_exile``; day 2: 1 and 2 tie two votes each (the
    monk would appoint 5); day 3: 5 votes 1, 6 votes 2."""
    seats = ("".join(f"[seats.{s}.day1]\nvote = [{day1_exile}]\n" for s in (5, 6, 7))
             + "".join(f"[seats.{s}.day2]\nvote = [{t}]\n"
                       for s, t in ((5, 1), (6, 1), (7, 2), (8, 2)))
             + "[seats.5.day3]\nvote = [1]\n[seats.6.day3]\nvote = [2]\n"
             + "[seats.3]\nappoint = [5]\n")
    return play(game(CHIEF_DEAL, _rules(3), seats))


def test_r23_c25_silenced_monk_does_not_die_on_a_tie() -> None:
    """R23 / C25 (chief.penalty_scope = all_roles): the chief exiled on day 1, the monk
    has lost his power: the day-2 tie goes to the next rule (none) and nobody dies."""
    played = _chief_game(4)
    assert played.first("reveal", reason="penalty").seat == 4
    assert played.first("vote_result", day=2, round=1).tie == (1, 2)
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 4)]


def test_r23_c25_silenced_monk_appoints_no_sheriff() -> None:
    """R23 / C25: without his power the monk is never asked to appoint; nobody holds
    the badge, so on day 3 seat 5's ballot weighs 1 and 1 and 2 tie again."""
    played = _chief_game(4)
    assert played.asked("appoint") == []
    assert played.events("sheriff") == []
    assert played.first("vote", day=3, seat=5).weight == 1.0
    assert played.first("vote_result", day=3).tie == (1, 2)


def test_r23_c25_control_monk_keeps_his_power() -> None:
    """R20 / C25 control: with a villager (9) exiled on day 1 instead, the monk dies on
    the day-2 tie and appoints 5, whose day-3 ballot counts 2 and exiles 1."""
    played = _chief_game(9)
    assert [(e.day, e.seat, e.cause) for e in played.events("death")] == [
        (1, 9, "vote"), (2, 3, "monk"), (3, 1, "vote")]
    assert played.first("sheriff").seat == 5
    assert played.first("vote", day=3, seat=5).weight == 2.0
    assert played.first("vote_result", day=3).eliminated == 1

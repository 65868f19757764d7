"""Infatuated 情痴 (R19, C34): adores one player (infatuated.frequency: once, asked
each night until he does; or every night) and dies in that player's place when the
adored is exiled or, under infatuated.covers = vote_and_kill, killed by the wolves;
poison and the hunter's shot are not taken for him."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import true_causes
from tests.rules.test_day_common import game, play
from tests.rules.test_roles_common import audience

# 1, 2 wolves; 3 infatuated; 4 witch; 5 hunter; 6-8 villagers
DEAL = ["werewolf", "werewolf", "infatuated", "witch", "hunter",
        "villager", "villager", "villager"]


def _rules(days: int = 1, /, **extra: Any) -> dict[str, Any]:
    return {"sheriff.election": "none", "game.max_days": days, **extra}


ADORE_6 = "[seats.3]\nadore = [6]\n"
WOLVES_KILL_6 = "[seats.1]\nkill = [6]\n[seats.2]\nkill = [6]\n"
EXILE_6 = "".join(f"[seats.{s}]\nvote = [6]\n" for s in (1, 2, 4))


def test_c34_once_asked_until_he_adores_then_never_again() -> None:
    """C34 infatuated.frequency = once: he passes on night 1, adores 6 on night 2, and
    is not asked on nights 3 and 4; the choice is his alone to see."""
    seats = '[seats.3]\nadore = ["none", 6]\n'
    played = play(game(DEAL, _rules(4, **{"infatuated.frequency": "once"}), seats))
    asked = played.asked("adore", seat=3)
    assert [r.day for r in asked] == [1, 2]
    assert all(r.allow_none and 3 not in r.options for r in asked)
    action = played.first("night_action", action="adore", day=2)
    assert action.target == 6 and audience(action) == (3,)


def test_c34_every_night_asked_each_night() -> None:
    """C34 infatuated.frequency = every_night: he is asked every night, adoring or not."""
    seats = "[seats.3]\nadore = [6, 7]\n"
    played = play(game(DEAL, _rules(4, **{"infatuated.frequency": "every_night"}), seats))
    assert [r.day for r in played.asked("adore", seat=3)] == [1, 2, 3, 4]


@pytest.mark.parametrize("covers", ["vote_and_kill", "vote"])
def test_r19_dies_instead_of_the_exiled_adored(covers: str) -> None:
    """R19: the adored 6 is voted out; the infatuated dies in his place (either setting
    of infatuated.covers) and 6 lives on."""
    played = play(game(DEAL, _rules(**{"infatuated.covers": covers}), ADORE_6 + EXILE_6))
    assert played.first("vote_result", day=1).eliminated == 6
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3)]
    assert true_causes(played.result) == {3: "infatuated"}


def test_c34_vote_and_kill_dies_instead_of_the_wolves_victim() -> None:
    """C34 infatuated.covers = vote_and_kill: the wolves take 6 on night 1; the
    infatuated dies at dawn instead and 6 lives."""
    rules = _rules(**{"infatuated.covers": "vote_and_kill"})
    played = play(game(DEAL, rules, ADORE_6 + WOLVES_KILL_6))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3)]
    assert true_causes(played.result) == {3: "infatuated"}


def test_c34_night_replacement_is_announced_like_a_night_death() -> None:
    """C4 / A4 with C34: dying at dawn in place of the wolves' victim is a night death;
    under the 屠城 preset's rules the table hears only "died in the night", with no
    role shown, and the true cause is told to the god view only."""
    rules = _rules(**{"infatuated.covers": "vote_and_kill"})
    played = play(game(DEAL, rules, ADORE_6 + WOLVES_KILL_6, preset="online-tucheng-8"))
    death = played.first("death", seat=3)
    assert death.cause == "night" and death.revealed_role is None
    assert played.first("death_cause", seat=3).audience == "god"


def test_c34_vote_only_does_not_cover_the_wolves_kill() -> None:
    """C34 infatuated.covers = vote: the wolves' victim 6 dies; the infatuated lives."""
    rules = _rules(**{"infatuated.covers": "vote"})
    played = play(game(DEAL, rules, ADORE_6 + WOLVES_KILL_6))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 6)]
    assert true_causes(played.result) == {6: "wolves"}


def test_r19_poison_is_not_taken_for_the_adored() -> None:
    """R19: the witch poisons the adored 6; 6 dies and the infatuated lives."""
    played = play(game(DEAL, _rules(), ADORE_6 + "[seats.4]\npoison = [6]\n"))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 6)]
    assert true_causes(played.result) == {6: "poison"}


def test_r19_hunter_shot_is_not_taken_for_the_adored() -> None:
    """R19: the exiled hunter (5) shoots the adored 6; 6 dies and the infatuated lives."""
    seats = (ADORE_6 + "".join(f"[seats.{s}]\nvote = [5]\n" for s in (1, 2, 6))
             + "[seats.5]\nshoot = [6]\n")
    played = play(game(DEAL, _rules(), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 5), (1, 6)]
    assert true_causes(played.result) == {5: "vote", 6: "hunter"}


# --- the chief's penalty takes his power (R23, C25)

# 1, 2 wolves; 3 infatuated; 4 chief; 5 witch; 6-8 villagers
CHIEF_DEAL = ["werewolf", "werewolf", "infatuated", "chief", "witch",
              "villager", "villager", "villager"]
ATTACK_6 = {  # how the adored 6 is attacked on day / night 2
    "vote": "".join(f"[seats.{s}.day2]\nvote = [6]\n" for s in (1, 2, 5)),
    "wolves": "".join(f"[seats.{s}.day2]\nkill = [6]\n" for s in (1, 2)),
}


def _day1_exile(seat: int) -> str:
    return "".join(f"[seats.{s}.day1]\nvote = [{seat}]\n" for s in (1, 2, 5))


@pytest.mark.parametrize("attack", sorted(ATTACK_6))
def test_r23_c25_silenced_infatuated_no_longer_dies_instead(attack: str) -> None:
    """R23 / C25 (chief.penalty_scope = all_roles): the village exiles the chief on
    day 1, so the infatuated has lost his power: when his adored 6 is exiled or killed
    by the wolves on day / night 2, 6 dies and the infatuated lives."""
    played = play(game(CHIEF_DEAL, _rules(2), ADORE_6 + _day1_exile(4) + ATTACK_6[attack]))
    assert played.first("reveal", reason="penalty").seat == 4
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 4), (2, 6)]
    assert true_causes(played.result) == {4: "vote", 6: attack}


@pytest.mark.parametrize("attack", sorted(ATTACK_6))
def test_r23_c25_control_infatuated_dies_instead_without_the_penalty(attack: str) -> None:
    """R19 / C25 control: the village exiles a villager (7) on day 1 instead of the
    chief; the infatuated keeps his power and dies in place of 6 on day / night 2."""
    played = play(game(CHIEF_DEAL, _rules(2), ADORE_6 + _day1_exile(7) + ATTACK_6[attack]))
    assert played.events("reveal", reason="penalty") == []
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 7), (2, 3)]
    assert true_causes(played.result) == {7: "vote", 3: "infatuated"}

"""Guard (R8): blocks the wolf kill; never the same seat two nights running
(guard.allow_repeat); may protect himself (guard.allow_self)."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from tests.helpers import deaths, true_causes
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_roles_common import audience, play, sheriffless

# seat 1 wolf, 2 wolf, 3 guard, 4-7 villagers
DEAL = 'roles = ["werewolf", "werewolf", "guard", "villager", "villager", "villager", "villager"]'


def _game(rules: str, seats: str, days: int = 1) -> str:
    return sheriffless(DEAL, 8, rules, seats, days)



def test_r8_guard_blocks_the_wolf_kill() -> None:
    """R8: the wolves' target survives the night when the guard protects it."""
    played = play(_game("", wolves_kill([4]) + "[seats.3]\nprotect = [4]\n"))
    assert deaths(played.result) == []
    action = played.events("night_action", action="protect")[0]
    assert action.target == 4 and audience(action) == (3,)  # type: ignore[attr-defined]


def test_r8_guard_on_another_seat_does_not_save_the_target() -> None:
    """R8 control: protecting someone else leaves the wolves' target to die."""
    played = play(_game("", wolves_kill([4]) + "[seats.3]\nprotect = [5]\n"))
    assert deaths(played.result) == [(1, 4, "night")]
    assert true_causes(played.result) == {4: "wolves"}


def test_r8_no_repeat_same_seat_two_nights_running() -> None:
    """R8 guard.allow_repeat = false: protecting the same seat on consecutive nights is illegal."""
    with pytest.raises(ScenarioError, match="protect"):
        play(_game('"guard.allow_repeat" = false', "[seats.3]\nprotect = [4, 4]\n", days=2))
    played = play(_game('"guard.allow_repeat" = false', "[seats.3]\nprotect = [4, 5]\n", days=2))
    night2 = played.asked("protect", seat=3, day=2)[0]
    assert 4 not in night2.options and 5 in night2.options


def test_r8_allow_repeat_true_same_seat_again_and_still_blocks() -> None:
    """guard.allow_repeat = true: the same seat may be protected again, and the kill fails again."""
    seats = wolves_kill([4, 4]) + "[seats.3]\nprotect = [4, 4]\n"
    played = play(_game('"guard.allow_repeat" = true', seats, days=2))
    assert 4 in played.asked("protect", seat=3, day=2)[0].options
    assert deaths(played.result) == []


def test_r8_guard_may_protect_himself() -> None:
    """R8 guard.allow_self = true (default): he may guard himself, which stops the wolves."""
    seats = wolves_kill([3]) + "[seats.3]\nprotect = [3]\n"
    played = play(_game('"guard.allow_self" = true', seats))
    assert deaths(played.result) == []


def test_r8_allow_self_false_forbids_protecting_himself() -> None:
    """guard.allow_self = false: his own seat is not a legal protection."""
    with pytest.raises(ScenarioError, match="protect"):
        play(_game('"guard.allow_self" = false', "[seats.3]\nprotect = [3]\n"))
    played = play(_game('"guard.allow_self" = false', ""))
    request = played.asked("protect", seat=3, day=1)[0]
    assert 3 not in request.options and request.allow_none


def test_r8_passing_a_night_resets_the_restriction() -> None:
    """R8: after a night with no protection, the seat of two nights ago is legal again."""
    seats = wolves_kill(["none", "none", 4]) + '[seats.3]\nprotect = [4, "none", 4]\n'
    played = play(_game('"guard.allow_repeat" = false', seats, days=3))
    assert 4 not in played.asked("protect", seat=3, day=2)[0].options
    assert 4 in played.asked("protect", seat=3, day=3)[0].options
    assert deaths(played.result) == []  # night 3's protection of 4 held

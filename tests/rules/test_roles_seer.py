"""Seer (R3) and what a check tells her (C1 seer.result)."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from arena.engine import observe
from tests.rules.test_roles_common import audience, before_end, play

# seat 1 wolf, 2 wolf, 3 seer, 4 witch, 5 villager, 6 villager
DEAL = 'roles = ["werewolf", "werewolf", "seer", "witch", "villager", "villager"]'


def _seer_game(result_mode: str, checks: str) -> str:
    return f"""
seed = 3
{DEAL}
[rules]
"sheriff.election" = "none"
"seer.result" = "{result_mode}"
"game.max_days" = 3
[seats.3]
check = {checks}
"""


def test_r3_c1_exact_result_names_the_card() -> None:
    """R3 / C1 seer.result = exact: each check shows the target's real role."""
    played = play(_seer_game("exact", "[1, 4, 5]"))
    results = [(e.day, e.target, e.result) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(1, 1, "werewolf"), (2, 4, "witch"), (3, 5, "villager")]


def test_c1_wolf_flag_result_is_only_wolf_or_good() -> None:
    """C1 seer.result = wolf_flag: a wolf reads 'werewolf', any other card only 'good'."""
    played = play(_seer_game("wolf_flag", "[2, 4, 5]"))
    results = [(e.target, e.result) for e in played.events("check_result", seat=3)]  # type: ignore[attr-defined]
    assert results == [(2, "werewolf"), (4, "good"), (5, "good")]


def test_r3_seer_checks_every_night_and_never_herself() -> None:
    """R3: one check a night; the seer's own seat is never a legal check target."""
    played = play(_seer_game("exact", "[1, 4, 5]"))
    checks = played.asked("check", seat=3)
    assert [r.day for r in checks] == [1, 2, 3]
    for request in checks:
        assert 3 not in request.options
        assert not request.allow_none
    assert set(checks[0].options) == {1, 2, 4, 5, 6}


def test_r3_seer_cannot_check_herself() -> None:
    """R3: a scripted self-check is refused as illegal."""
    with pytest.raises(ScenarioError, match="check"):
        play(_seer_game("exact", "[3]"))


def test_r3_check_result_is_private_to_the_seer() -> None:
    """R3: the check and its result reach the seer only; no other seat can see them."""
    played = play(_seer_game("exact", "[1]"))
    result_events = played.events("check_result")
    check_actions = played.events("night_action", action="check")
    assert result_events and check_actions
    for event in [*result_events, *check_actions]:
        assert audience(event) == (3,)
    events = before_end(played)
    for seat in (1, 2, 4, 5, 6):
        seen = observe(events, seat)
        assert not [e for e in seen.events if getattr(e, "type", "") == "check_result"]
        if seat not in (1, 2):  # the pack knows its own; nobody else learns seat 1
            assert 1 not in seen.known_roles
    seer_view = observe(events, 3)
    assert seer_view.known_roles[1] == "werewolf"

"""Witch (R4): antidote and poison, their limits (C6), self-use (C7), what she is told (C8),
and how the antidote meets the guard (A2, R8)."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from tests.helpers import deaths, true_causes
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_roles_common import alive_at_end, audience, play, sheriffless

# seat 1 wolf, 2 wolf, 3 witch, 4 guard, 5-7 villagers
DEAL = 'roles = ["werewolf", "werewolf", "witch", "guard", "villager", "villager", "villager"]'


def _game(rules: str, seats: str, days: int = 1) -> str:
    return sheriffless(DEAL, 4, rules, seats, days)



def test_r4_antidote_saves_the_wolves_target() -> None:
    """R4: the witch is told the wolves' target and her antidote keeps it alive."""
    played = play(_game("", wolves_kill([5]) + "[seats.3]\nsave = [true]\n"))
    info = played.events("victim_info")
    assert [(e.day, e.victim) for e in info] == [(1, 5)]  # type: ignore[attr-defined]
    assert audience(info[0]) == (3,)
    assert deaths(played.result) == []
    assert 5 in alive_at_end(played)


def test_r4_without_antidote_the_target_dies() -> None:
    """R4 control: the same night with the witch declining the save kills the target."""
    played = play(_game("", wolves_kill([5]) + "[seats.3]\nsave = [false]\n"))
    assert deaths(played.result) == [(1, 5, "night")]
    assert true_causes(played.result) == {5: "wolves"}


def test_r4_poison_kills_at_dawn() -> None:
    """R4: a poisoned player dies when day breaks, announced as a night death."""
    played = play(_game("", '[seats.3]\npoison = [6]\n'))
    assert deaths(played.result) == [(1, 6, "night")]
    assert true_causes(played.result) == {6: "poison"}
    death = played.events("death", seat=6)[0]
    dawn = played.events("phase", name="day", day=1)[0]
    assert death.phase == "day" and death.seq > dawn.seq


def test_r4_poison_may_target_any_living_player() -> None:
    """R4: the poison request offers every living seat (herself included by default)."""
    played = play(_game("", ""))
    request = played.asked("poison", seat=3, day=1)[0]
    assert set(request.options) == {1, 2, 3, 4, 5, 6, 7}
    assert request.allow_none


def test_r4_each_potion_once_per_game() -> None:
    """R4: after the antidote is spent there is no more save; after the poison, no more poison."""
    seats = wolves_kill([5, 6]) + '[seats.3]\nsave = [true]\npoison = ["none", 7]\n'
    played = play(_game("", seats, days=3))
    assert [r.day for r in played.asked("save", seat=3)] == [1]
    assert [r.day for r in played.asked("poison", seat=3)] == [1, 2]
    # night 1: 5 saved; night 2: 6 killed (no antidote left) and 7 poisoned
    assert sorted(deaths(played.result)) == [(2, 6, "night"), (2, 7, "night")]
    assert true_causes(played.result) == {6: "wolves", 7: "poison"}


def test_c6_total_uses_one_save_ends_all_potions() -> None:
    """C6 witch.total_uses = 1: after saving, the poison is never offered again."""
    seats = wolves_kill([5, 6]) + "[seats.3]\nsave = [true]\n"
    played = play(_game('"witch.total_uses" = 1', seats, days=3))
    assert [r.day for r in played.asked("save", seat=3)] == [1]
    assert played.asked("poison", seat=3) == []
    assert deaths(played.result) == [(2, 6, "night")]


def test_c6_total_uses_one_poison_ends_all_potions() -> None:
    """C6 witch.total_uses = 1: after poisoning, no save is offered for a later victim."""
    seats = wolves_kill(["none", 6]) + "[seats.3]\npoison = [7]\n"
    played = play(_game('"witch.total_uses" = 1', seats, days=2))
    assert played.asked("save", seat=3) == []
    assert [r.day for r in played.asked("poison", seat=3)] == [1]
    assert deaths(played.result) == [(1, 7, "night"), (2, 6, "night")]


def test_c6_total_uses_two_allows_both_potions() -> None:
    """C6 witch.total_uses = 2 (default): the poison is still offered after the save."""
    seats = wolves_kill([5]) + '[seats.3]\nsave = [true]\npoison = ["none", 7]\n'
    played = play(_game('"witch.total_uses" = 2', seats, days=2))
    assert [r.day for r in played.asked("poison", seat=3)] == [1, 2]
    assert deaths(played.result) == [(2, 7, "night")]


def test_c6_max_per_night_one_no_second_potion_that_night() -> None:
    """C6 witch.max_per_night = 1: a save ends her night; the poison waits for a later night."""
    seats = wolves_kill([5]) + "[seats.3]\nsave = [true]\npoison = [7]\n"
    played = play(_game('"witch.max_per_night" = 1', seats, days=2))
    assert [r.day for r in played.asked("poison", seat=3)] == [2]
    assert deaths(played.result) == [(2, 7, "night")]


def test_c6_max_per_night_two_both_potions_same_night() -> None:
    """C6 witch.max_per_night = 2: save the target and poison another seat in one night."""
    seats = wolves_kill([5]) + "[seats.3]\nsave = [true]\npoison = [7]\n"
    played = play(_game('"witch.max_per_night" = 2', seats))
    assert deaths(played.result) == [(1, 7, "night")]
    assert true_causes(played.result) == {7: "poison"}
    assert 5 in alive_at_end(played)


def test_c7_self_save_false_no_save_request_when_she_is_the_target() -> None:
    """C7 witch.self_save = false: targeted herself, she is not asked to save and dies."""
    played = play(_game('"witch.self_save" = false', wolves_kill([3])))
    assert played.asked("save", seat=3) == []
    assert [e.victim for e in played.events("victim_info")] == [3]  # type: ignore[attr-defined]
    assert len(played.asked("poison", seat=3, day=1)) == 1  # her poison is still hers to use
    assert deaths(played.result) == [(1, 3, "night")]
    assert true_causes(played.result) == {3: "wolves"}


def test_c7_self_save_false_still_saves_others() -> None:
    """C7 witch.self_save = false only concerns herself: another victim can be saved."""
    seats = wolves_kill([5]) + "[seats.3]\nsave = [true]\n"
    played = play(_game('"witch.self_save" = false', seats))
    assert deaths(played.result) == []


def test_c7_self_save_true_she_may_save_herself() -> None:
    """C7 witch.self_save = true: targeted herself, she is asked and her antidote works."""
    seats = wolves_kill([3]) + "[seats.3]\nsave = [true]\n"
    played = play(_game('"witch.self_save" = true', seats))
    assert [r.context["victim"] for r in played.asked("save", seat=3)] == [3]
    assert deaths(played.result) == []


def test_witch_self_poison_false_forbids_poisoning_herself() -> None:
    """witch.self_poison = false: her own seat is not a legal poison target."""
    with pytest.raises(ScenarioError, match="poison"):
        play(_game('"witch.self_poison" = false', "[seats.3]\npoison = [3]\n"))
    played = play(_game('"witch.self_poison" = false', ""))
    assert 3 not in played.asked("poison", seat=3)[0].options


def test_witch_self_poison_true_she_may_poison_herself() -> None:
    """witch.self_poison = true: she may poison herself and dies at dawn."""
    played = play(_game('"witch.self_poison" = true', "[seats.3]\npoison = [3]\n"))
    assert deaths(played.result) == [(1, 3, "night")]
    assert true_causes(played.result) == {3: "poison"}


def test_c8_sees_victim_until_antidote_used() -> None:
    """C8 witch.sees_victim = until_antidote_used: no victim_info once the antidote is spent."""
    seats = wolves_kill([5, 6]) + "[seats.3]\nsave = [true]\n"
    played = play(_game('"witch.sees_victim" = "until_antidote_used"', seats, days=2))
    assert [(e.day, e.victim) for e in played.events("victim_info")] == [(1, 5)]  # type: ignore[attr-defined]
    assert deaths(played.result) == [(2, 6, "night")]


def test_c8_until_antidote_used_still_told_while_antidote_unused() -> None:
    """C8 until_antidote_used: while she keeps the antidote she is told every night."""
    seats = wolves_kill([5, 6]) + "[seats.3]\nsave = [false, false]\n"
    played = play(_game('"witch.sees_victim" = "until_antidote_used"', seats, days=2))
    assert [(e.day, e.victim) for e in played.events("victim_info")] == [(1, 5), (2, 6)]  # type: ignore[attr-defined]


def test_c8_sees_victim_always() -> None:
    """C8 witch.sees_victim = always: told the target even after the antidote is gone."""
    seats = wolves_kill([5, 6]) + "[seats.3]\nsave = [true]\n"
    played = play(_game('"witch.sees_victim" = "always"', seats, days=2))
    assert [(e.day, e.victim) for e in played.events("victim_info")] == [(1, 5), (2, 6)]  # type: ignore[attr-defined]
    assert [r.day for r in played.asked("save", seat=3)] == [1]


def _double_save(mode: str) -> str:
    seats = wolves_kill([5]) + "[seats.3]\nsave = [true]\n[seats.4]\nprotect = [5]\n"
    return _game(f'"save.double_save" = "{mode}"', seats)


def test_a2_double_save_survives() -> None:
    """A2 save.double_save = survives: guarded and saved, the target lives."""
    played = play(_double_save("survives"))
    assert deaths(played.result) == []


def test_a2_double_save_dies() -> None:
    """A2 save.double_save = dies: guarded and saved at once, the target dies of the wolves."""
    played = play(_double_save("dies"))
    assert deaths(played.result) == [(1, 5, "night")]
    assert true_causes(played.result) == {5: "wolves"}


def test_a2_witch_told_target_even_when_guarded() -> None:
    """A2: the witch is shown the wolves' target, not the outcome, though the guard covered it."""
    seats = wolves_kill([5]) + "[seats.4]\nprotect = [5]\n"
    played = play(_game("", seats))
    assert [e.victim for e in played.events("victim_info")] == [5]  # type: ignore[attr-defined]
    assert [r.context["victim"] for r in played.asked("save", seat=3)] == [5]
    assert deaths(played.result) == []  # she declined; the guard alone saved 5


def test_r8_poison_ignores_the_guard() -> None:
    """R4 / R8: a guarded player still dies of the witch's poison."""
    seats = "[seats.3]\npoison = [6]\n[seats.4]\nprotect = [6]\n"
    played = play(_game("", seats))
    assert deaths(played.result) == [(1, 6, "night")]
    assert true_causes(played.result) == {6: "poison"}

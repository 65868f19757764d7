"""Little Girl (R7): may peek during the wolf step (A1: opt-in each night, what she learns
per little_girl.info, the risk little_girl.detect_p), when (C16 little_girl.window), and
the guard cannot protect her (R7)."""

from __future__ import annotations

import pytest

from tests.helpers import deaths, true_causes
from tests.rules.test_roles_common import Played, alive_at_end, audience, play, sheriffless

# seat 1 wolf, 2 wolf, 3 little girl, 4 guard, 5 witch, 6-7 villagers
DEAL = ('roles = ["werewolf", "werewolf", "little_girl", "guard", "witch", "villager", '
        '"villager"]')


def _game(rules: str, seats: str, days: int = 1, detect: float = 0) -> str:
    """A game where the wolves never catch her unless ``detect`` says otherwise."""
    return sheriffless(DEAL, 6, f'"little_girl.detect_p" = {detect}\n{rules}', seats, days)


def _peeks(answers: str) -> str:
    return f"[seats.3]\npeek = {answers}\n"


def _seen(played: Played, day: int | None = None) -> list[tuple[int, str]]:
    """(seat, role) of the wolves shown to the girl by a peek, optionally on one night."""
    return [(e.seat, e.role) for e in played.events("reveal", reason="little_girl")  # type: ignore[attr-defined]
            if day is None or e.day == day]


def _wolf_chat(played: Played) -> list[tuple[int, tuple[int, ...]]]:
    """(night, audience) of every line of the wolves' chat."""
    return [(e.day, audience(e)) for e in played.events("speech", context="wolf_chat")]


def test_a1_peek_is_asked_every_night() -> None:
    """A1: the girl is asked each night whether she peeks, and only she is asked."""
    played = play(_game("", "", days=3))
    assert [(r.seat, r.day) for r in played.asked("peek")] == [(3, 1), (3, 2), (3, 3)]


def test_a1_peeking_is_opt_in() -> None:
    """A1: declining learns nothing; peeking on night 2 shows her the wolves that night."""
    played = play(_game('"little_girl.info" = "all_wolves"', _peeks("[false, true]"), days=2))
    assert _seen(played, day=1) == []
    assert sorted(_seen(played, day=2)) == [(1, "werewolf"), (2, "werewolf")]
    actions = played.events("night_action", action="peek")
    assert [(e.day, e.target) for e in actions] == [(1, None), (2, 3)]  # type: ignore[attr-defined]
    assert all(audience(e) == (3,) for e in actions)


def test_a1_info_all_wolves() -> None:
    """A1 little_girl.info = all_wolves: a peek shows her every wolf's seat, privately."""
    played = play(_game('"little_girl.info" = "all_wolves"', _peeks("[true]")))
    assert sorted(_seen(played)) == [(1, "werewolf"), (2, "werewolf")]
    assert all(audience(e) == (3,) for e in played.events("reveal", reason="little_girl"))
    assert _wolf_chat(played) == [(1, (1, 2)), (1, (1, 2))]


def test_a1_info_one_wolf() -> None:
    """A1 little_girl.info = one_wolf: a peek shows her exactly one of the wolves."""
    played = play(_game('"little_girl.info" = "one_wolf"', _peeks("[true, true, true]"), 3))
    for night in (1, 2, 3):
        seen = _seen(played, day=night)
        assert len(seen) == 1 and seen[0] in {(1, "werewolf"), (2, "werewolf")}


def test_a1_info_wolf_chat() -> None:
    """A1 little_girl.info = wolf_chat: peeking lets her read the pack's chat that night
    (and shows no seat directly); not peeking, the chat is the pack's alone."""
    played = play(_game('"little_girl.info" = "wolf_chat"', _peeks("[true, false]"), days=2))
    assert _seen(played) == []
    assert _wolf_chat(played) == [(1, (1, 2, 3)), (1, (1, 2, 3)), (2, (1, 2)), (2, (1, 2))]


def test_a1_caught_peeking_the_pack_learns_her_seat() -> None:
    """A1 little_girl.detect_p = 1: a peek is always caught; the pack (only) is told that
    seat 3 is the little girl."""
    played = play(_game("", _peeks("[true]"), detect=1))
    caught = played.events("reveal", reason="caught_peeking")
    assert [(e.day, e.seat, e.role) for e in caught] == [(1, 3, "little_girl")]  # type: ignore[attr-defined]
    assert audience(caught[0]) == (1, 2)


def test_a1_caught_only_when_peeking() -> None:
    """A1: with detect_p = 1 a girl who keeps her eyes shut is never caught."""
    played = play(_game("", _peeks("[false, false]"), days=2, detect=1))
    assert played.events("reveal", reason="caught_peeking") == []


def test_a1_detect_p_zero_never_caught() -> None:
    """A1 little_girl.detect_p = 0: peeking every night is never discovered."""
    played = play(_game("", _peeks("[true, true, true, true]"), days=4, detect=0))
    assert len(played.asked("peek")) == 4
    assert played.events("reveal", reason="caught_peeking") == []


def test_a1_caught_girl_may_be_killed() -> None:
    """A1 / R7: once caught, the wolves may switch their kill to her; she dies."""
    seats = _peeks("[true]") + "[seats.1]\nkill = [3]\n[seats.2]\nkill = [3]\n"
    played = play(_game("", seats, detect=1))
    caught = played.events("reveal", reason="caught_peeking")[0]
    final = played.events("night_action", action="kill", final=True)[0]
    assert caught.seq < final.seq
    assert deaths(played.result) == [(1, 3, "night")]


@pytest.mark.parametrize("info", ["all_wolves", "wolf_chat"])
def test_c16_whole_step_peeks_before_the_wolves_talk(info: str) -> None:
    """C16 little_girl.window = whole_step: she is asked before the pack's chat, so a
    wolf_chat peek covers the whole chat."""
    rules = f'"little_girl.window" = "whole_step"\n"little_girl.info" = "{info}"'
    played = play(_game(rules, _peeks("[true]")))
    peek = played.events("night_action", action="peek")[0]
    chat = played.events("speech", context="wolf_chat")
    assert chat and all(peek.seq < e.seq for e in chat)
    if info == "wolf_chat":
        assert all(3 in audience(e) for e in chat)


def test_c16_after_kill_call_peeks_only_after_the_wolves_talk() -> None:
    """C16 little_girl.window = after_kill_call: she is asked only once the pack's chat is
    over and before the kill is settled, so she reads none of that chat."""
    rules = '"little_girl.window" = "after_kill_call"\n"little_girl.info" = "wolf_chat"'
    played = play(_game(rules, _peeks("[true]")))
    peek = played.events("night_action", action="peek")[0]
    chat = played.events("speech", context="wolf_chat")
    kills = played.events("night_action", action="kill")
    assert chat and all(e.seq < peek.seq for e in chat)
    assert kills and all(peek.seq < e.seq for e in kills)
    assert all(audience(e) == (1, 2) for e in chat)


def test_c16_after_kill_call_still_shows_the_wolves() -> None:
    """C16 after_kill_call with info all_wolves: the late peek still shows the pack."""
    rules = '"little_girl.window" = "after_kill_call"\n"little_girl.info" = "all_wolves"'
    played = play(_game(rules, _peeks("[true]")))
    assert sorted(_seen(played)) == [(1, "werewolf"), (2, "werewolf")]


def test_r7_guard_cannot_protect_the_little_girl() -> None:
    """R7: the guard's protection is void on her, so the wolves' attack kills her."""
    seats = "[seats.1]\nkill = [3]\n[seats.2]\nkill = [3]\n[seats.4]\nprotect = [3]\n"
    played = play(_game("", seats))
    assert played.events("night_action", action="protect")[0].target == 3  # type: ignore[attr-defined]
    assert deaths(played.result) == [(1, 3, "night")]
    assert true_causes(played.result) == {3: "wolves"}


def test_r7_guard_still_protects_others() -> None:
    """R7 control: in the same table, the guard's protection of a villager holds."""
    seats = "[seats.1]\nkill = [6]\n[seats.2]\nkill = [6]\n[seats.4]\nprotect = [6]\n"
    assert deaths(play(_game("", seats)).result) == []


def test_r7_witch_can_still_save_her() -> None:
    """R7 only voids the guard: the witch's antidote saves the little girl as anyone."""
    seats = "[seats.1]\nkill = [3]\n[seats.2]\nkill = [3]\n[seats.5]\nsave = [true]\n"
    played = play(_game("", seats))
    assert deaths(played.result) == []
    assert 3 in alive_at_end(played)


CAUGHT_WOLVES_PICK_6 = _peeks("[true]") + "[seats.1]\nkill = [6]\n[seats.2]\nkill = [6]\n"


def test_c16_capture_seat_revealed_keeps_the_packs_choice() -> None:
    """C16 little_girl.capture = seat_revealed (A1, 000 "the wolves may choose not to kill
    her"): a caught girl is only shown to the pack, which still kills whom it chose."""
    played = play(_game('"little_girl.capture" = "seat_revealed"', CAUGHT_WOLVES_PICK_6,
                        detect=1))
    assert played.events("reveal", reason="caught_peeking")
    assert len(played.asked("kill")) == 2
    assert deaths(played.result) == [(1, 6, "night")]


@pytest.mark.parametrize("window", ["whole_step", "after_kill_call"])
def test_c16_capture_dies_instead_spares_the_chosen_victim(window: str) -> None:
    """C16 little_girl.capture = dies_instead (000 "only the little girl is killed", 001 "the
    victim named that night is void"): the caught girl is the pack's kill, nobody is asked
    for a victim, and seat 6 lives."""
    rules = f'"little_girl.capture" = "dies_instead"\n"little_girl.window" = "{window}"'
    played = play(_game(rules, CAUGHT_WOLVES_PICK_6, detect=1))
    assert played.asked("kill") == []
    final = played.events("night_action", action="kill", final=True)
    assert [(e.target, audience(e)) for e in final] == [(3, (1, 2))]  # type: ignore[attr-defined]
    assert deaths(played.result) == [(1, 3, "night")]
    assert true_causes(played.result) == {3: "wolves"}


def test_c16_capture_dies_instead_needs_a_catch() -> None:
    """C16 dies_instead: a girl who peeks unseen (detect_p 0) leaves the pack's kill alone."""
    played = play(_game('"little_girl.capture" = "dies_instead"', CAUGHT_WOLVES_PICK_6))
    assert played.events("reveal", reason="caught_peeking") == []
    assert deaths(played.result) == [(1, 6, "night")]


def test_c16_capture_dies_instead_the_witch_may_still_save_her() -> None:
    """C16 dies_instead: she is the wolves' victim like any other, so the witch's antidote
    saves her (and the spared victim stays spared)."""
    seats = CAUGHT_WOLVES_PICK_6 + "[seats.5]\nsave = [true]\n"
    played = play(_game('"little_girl.capture" = "dies_instead"', seats, detect=1))
    assert deaths(played.result) == []


def test_a13_a_caught_girl_does_not_cancel_the_white_wolfs_solo_kill() -> None:
    """A13 with C16 little_girl.capture = dies_instead: on a white-wolf night (solo kill
    on night 1 here) the caught girl (4) is the pack's only victim, its pick 6 is
    spared, but the white wolf's separate solo kill (8) still falls."""
    deal = ('roles = ["werewolf", "werewolf", "white_wolf", "little_girl", "villager", '
            '"villager", "villager", "villager"]')
    rules = ('"little_girl.capture" = "dies_instead"\n"little_girl.detect_p" = 1\n'
             '"white_wolf.first_night" = 1')
    seats = ("[seats.4]\npeek = [true]\n[seats.1]\nkill = [6]\n[seats.2]\nkill = [6]\n"
             "[seats.3]\nkill = [8]\n")
    played = play(sheriffless(deal, 6, rules, seats, 1))
    assert played.events("reveal", reason="caught_peeking")
    assert [(r.seat, r.context.get("solo")) for r in played.asked("kill")] == [(3, True)]
    assert deaths(played.result) == [(1, 4, "night"), (1, 8, "night")]
    assert true_causes(played.result) == {4: "wolves", 8: "wolves"}

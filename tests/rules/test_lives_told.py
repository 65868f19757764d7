"""Elder (R12) and online Chief (R23): a spent spare life is never announced (A6: the
table sees a night with no death); the holder alone is told, at daybreak after the
night's deaths, how many lives he has left. A guarded attack costs nothing and tells
nothing (A6); an attack the antidote saves costs the life (A6) and is told."""

from __future__ import annotations

from agents.narration import Voice, narrate
from agents.prompts import Text
from arena.engine.events import Death
from arena.engine.roles.spare_lives import LifeLost
from arena.text import describe
from tests.helpers import deaths
from tests.rules.test_day_common import Played, play, wolves_kill
from tests.rules.test_role_chief import _game as chief_game
from tests.rules.test_role_elder import _game as elder_game

ELDER = 3  # in both deals seat 3 holds the card; 5 is the witch, 7 the guard
PASSIVE = '[fallback]\nagent = "passive"\n'


def told(played: Played) -> list[tuple[int, object, int, int]]:
    """(day, audience, seat, lives) of every life_lost event."""
    return [(e.day, e.audience, e.seat, e.lives) for e in played.log if isinstance(e, LifeLost)]


def test_r12_a6_the_attacked_elder_alone_learns_his_lives_left() -> None:
    """R12 / A6: attacked on night 1, the elder survives and nobody dies; he alone is
    told he has one life left; it is in his own view from day 1 and in no other seat's,
    and the public record has no word of it."""
    played = play(elder_game("", wolves_kill([ELDER]), days=2) + PASSIVE)
    assert deaths(played.result) == []
    assert told(played) == [(1, (ELDER,), ELDER, 1)]
    mine = [obs for request, obs in played.asked_with_view
            if request.seat == ELDER and request.day == 1 and obs.phase == "day"]
    assert mine and all(any(isinstance(e, LifeLost) for e in obs.events) for obs in mine)
    others = [obs for request, obs in played.asked_with_view if request.seat != ELDER]
    assert others and not any(isinstance(e, LifeLost) for obs in others for e in obs.events)
    event = next(e for e in played.log if isinstance(e, LifeLost))
    assert describe(event, "public", "en") is None
    assert all(describe(event, seat, "en") is None for seat in range(1, 11) if seat != ELDER)
    assert describe(event, ELDER, "en") == (
        "P3 (seat 3) survived an attack in the night and lost a life: lives left: 1")


def test_a6_the_notice_comes_after_the_night_s_deaths() -> None:
    """A6: the holder learns of his spent life after the night's deaths are announced,
    so his record never reads a night with a death as a peaceful one (the model's
    narration of the same events, en and zh)."""
    seats = wolves_kill([ELDER]) + "[seats.5]\nsave = [false]\npoison = [10]\n"
    played = play(elder_game("", seats) + PASSIVE)
    assert deaths(played.result) == [(1, 10, "night")]
    death = next(e for e in played.log if isinstance(e, Death))
    notice = next(e for e in played.log if isinstance(e, LifeLost))
    assert death.seq < notice.seq
    obs = next(obs for request, obs in reversed(played.asked_with_view)
               if request.seat == ELDER and request.day == 1)
    lines = narrate(Voice(Text("en"), obs), obs.events)
    assert "You survived an attack in the night, at the cost of a life: lives left: 1." in lines
    assert not any("peaceful" in line.lower() or "no one died" in line for line in lines)
    zh = narrate(Voice(Text("zh"), obs), obs.events)
    assert "你在夜里遭到袭击，活了下来，但失去了一条命：还剩1条命。" in zh


def test_a6_guarded_attack_tells_nothing_saved_attack_is_told() -> None:
    """A6: the guard's block costs no life, so nothing is told; the antidote saves him
    but the life is spent, and he is told."""
    guarded = play(elder_game("", wolves_kill([ELDER]) + f"[seats.7]\nprotect = [{ELDER}]\n")
                   + PASSIVE)
    assert told(guarded) == []
    saved = play(elder_game("", wolves_kill([ELDER]) + "[seats.5]\nsave = [true]\n") + PASSIVE)
    assert deaths(saved.result) == []
    assert told(saved) == [(1, (ELDER,), ELDER, 1)]


def test_a6_attacked_and_poisoned_he_dies_untold() -> None:
    """A6 / R12: the same night's poison kills him anyway: a dead seat is told nothing."""
    seats = wolves_kill([ELDER]) + f"[seats.5]\nsave = [false]\npoison = [{ELDER}]\n"
    played = play(elder_game("", seats) + PASSIVE)
    assert (1, ELDER, "night") in deaths(played.result)
    assert told(played) == []


def test_r23_the_chief_is_told_once_then_dies_on_the_second_attack() -> None:
    """R23: the online chief's first attack is survived and told to him alone; the
    second kills him, with no further notice."""
    played = play(chief_game("", wolves_kill([ELDER, ELDER]), days=2) + PASSIVE)
    assert told(played) == [(1, (ELDER,), ELDER, 1)]
    assert deaths(played.result) == [(2, ELDER, "night")]

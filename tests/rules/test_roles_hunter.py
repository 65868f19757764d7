"""Hunter (R5): shoots when killed by the wolves or exiled (C2), never when poisoned or
dying as a lover (C3), optionally only if revealed (C3), never at his lover (A5)."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from tests.helpers import deaths, true_causes
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_roles_common import alive_at_end, play, sheriffless

# seat 1 wolf, 2 wolf, 3 hunter, 4 witch, 5-7 villagers, 8 cupid
DEAL = ('roles = ["werewolf", "werewolf", "hunter", "witch", "villager", "villager", '
        '"villager", "cupid"]')


def _game(rules: str, seats: str, days: int = 1, link: str = "[6, 7]") -> str:
    """Cupid links two plain villagers unless the test picks the lovers."""
    return sheriffless(DEAL, 5, rules, f"[seats.8]\nlink = {link}\n{seats}", days)



EXILE_HUNTER = "[seats.5]\nvote = [3]\n"


def test_r5_shoots_when_killed_by_wolves() -> None:
    """R5 / C2 (default true): killed by the wolves, he shoots at dawn and his target dies."""
    played = play(_game("", wolves_kill([3]) + "[seats.3]\nshoot = [5]\n"))
    assert deaths(played.result) == [(1, 3, "night"), (1, 5, "hunter")]
    assert [r.context["cause"] for r in played.asked("shoot", seat=3)] == ["wolves"]
    shot = played.events("shoot")[0]
    assert shot.audience == "public" and shot.target == 5  # type: ignore[attr-defined]


def test_r5_shoots_when_exiled() -> None:
    """R5: voted out, he shoots at once."""
    played = play(_game("", EXILE_HUNTER + "[seats.3]\nshoot = [1]\n"))
    assert deaths(played.result) == [(1, 3, "vote"), (1, 1, "hunter")]
    assert [r.context["cause"] for r in played.asked("shoot", seat=3)] == ["vote"]


def test_r5_shot_options_are_the_living_others() -> None:
    """R5: any living player but himself may be shot, and passing is allowed."""
    played = play(_game("", wolves_kill([3])))
    request = played.asked("shoot", seat=3)[0]
    assert set(request.options) == {1, 2, 4, 5, 6, 7, 8}
    assert request.allow_none


def test_c2_no_shot_on_night_death_when_disabled() -> None:
    """C2 hunter.shoot_on_night_death = false: killed by the wolves he is not asked to shoot."""
    seats = wolves_kill([3]) + "[seats.3]\nshoot = [5]\n"
    played = play(_game('"hunter.shoot_on_night_death" = false', seats))
    assert played.asked("shoot") == []
    assert deaths(played.result) == [(1, 3, "night")]


def test_c2_night_death_disabled_still_shoots_when_exiled() -> None:
    """C2 hunter.shoot_on_night_death = false only concerns the night: exiled, he shoots."""
    seats = EXILE_HUNTER + "[seats.3]\nshoot = [1]\n"
    played = play(_game('"hunter.shoot_on_night_death" = false', seats))
    assert deaths(played.result) == [(1, 3, "vote"), (1, 1, "hunter")]


def test_c3_no_shot_when_poisoned() -> None:
    """C3: poisoned by the witch, the hunter cannot shoot."""
    played = play(_game("", "[seats.4]\npoison = [3]\n[seats.3]\nshoot = [5]\n"))
    assert played.asked("shoot") == []
    assert deaths(played.result) == [(1, 3, "night")]
    assert true_causes(played.result) == {3: "poison"}


def test_c3_no_shot_when_dying_as_a_lover() -> None:
    """C3: a hunter who dies because his lover died cannot shoot."""
    seats = wolves_kill([5]) + "[seats.3]\nshoot = [1]\n"
    played = play(_game("", seats, link="[3, 5]"))
    assert played.asked("shoot") == []
    assert sorted(deaths(played.result)) == [(1, 3, "night"), (1, 5, "night")]
    assert true_causes(played.result) == {5: "wolves", 3: "lover"}


def test_c3_requires_reveal_no_shot_when_vote_death_hidden() -> None:
    """C3 hunter.requires_reveal with reveal.vote_death = false: exiled unrevealed, no shot."""
    rules = '"hunter.requires_reveal" = true\n"reveal.vote_death" = false'
    played = play(_game(rules, EXILE_HUNTER + "[seats.3]\nshoot = [1]\n"))
    assert played.asked("shoot") == []
    assert deaths(played.result) == [(1, 3, "vote")]
    assert played.events("death", seat=3)[0].revealed_role is None  # type: ignore[attr-defined]


def test_c3_requires_reveal_shoots_when_vote_death_revealed() -> None:
    """C3 hunter.requires_reveal with reveal.vote_death = true: revealed on exile, he shoots."""
    rules = '"hunter.requires_reveal" = true\n"reveal.vote_death" = true'
    played = play(_game(rules, EXILE_HUNTER + "[seats.3]\nshoot = [1]\n"))
    assert deaths(played.result) == [(1, 3, "vote"), (1, 1, "hunter")]


def test_c3_requires_reveal_does_not_touch_night_deaths() -> None:
    """C3 hunter.requires_reveal concerns the exile only: a hidden night death still shoots."""
    rules = '"hunter.requires_reveal" = true\n"reveal.night_death" = false'
    played = play(_game(rules, wolves_kill([3]) + "[seats.3]\nshoot = [5]\n"))
    assert deaths(played.result) == [(1, 3, "night"), (1, 5, "hunter")]


def test_r5_hunter_may_decline() -> None:
    """R5: the shot is optional; declining kills nobody and is announced as no target."""
    played = play(_game("", wolves_kill([3]) + '[seats.3]\nshoot = ["none"]\n'))
    assert deaths(played.result) == [(1, 3, "night")]
    assert [e.target for e in played.events("shoot")] == [None]  # type: ignore[attr-defined]


def test_reveal_on_shot_true_shows_the_card() -> None:
    """hunter.reveal_on_shot = true: a hunter exiled unrevealed shows his card when he shoots."""
    rules = '"hunter.reveal_on_shot" = true\n"reveal.vote_death" = false'
    played = play(_game(rules, EXILE_HUNTER + "[seats.3]\nshoot = [1]\n"))
    reveals = played.events("reveal", seat=3, reason="hunter_shot")
    assert [(e.role, e.audience) for e in reveals] == [("hunter", "public")]  # type: ignore[attr-defined]
    assert deaths(played.result) == [(1, 3, "vote"), (1, 1, "hunter")]


def test_reveal_on_shot_false_keeps_the_card_hidden() -> None:
    """hunter.reveal_on_shot = false: the shot happens, but no public reveal of the hunter."""
    rules = '"hunter.reveal_on_shot" = false\n"reveal.vote_death" = false'
    played = play(_game(rules, EXILE_HUNTER + "[seats.3]\nshoot = [1]\n"))
    assert played.events("reveal", seat=3) == []
    assert deaths(played.result) == [(1, 3, "vote"), (1, 1, "hunter")]


def test_reveal_on_shot_not_when_declining() -> None:
    """hunter.reveal_on_shot: a hunter who declines the shot does not show his card."""
    rules = '"hunter.reveal_on_shot" = true\n"reveal.vote_death" = false'
    played = play(_game(rules, EXILE_HUNTER + '[seats.3]\nshoot = ["none"]\n'))
    assert played.events("reveal", seat=3) == []


# The hunter and villager 5 are lovers; "wolves" is left out of the chain causes so the
# hunter can die at night while his lover is still alive when he takes his shot.
NO_WOLF_CHAIN = '"lovers.chain_causes" = ["poison", "vote", "hunter", "lover", "explode", "other"]'


def test_a5_hunter_cannot_shoot_his_lover() -> None:
    """A5 lovers.lover_target_forbidden = true: his living lover is not a legal target."""
    seats = wolves_kill([3]) + "[seats.3]\nshoot = [5]\n"
    rules = NO_WOLF_CHAIN + '\n"lovers.lover_target_forbidden" = true'
    with pytest.raises(ScenarioError, match="shoot"):
        play(_game(rules, seats, link="[3, 5]"))
    played = play(_game(rules, wolves_kill([3]), link="[3, 5]"))
    assert 5 not in played.asked("shoot", seat=3)[0].options
    assert 5 in alive_at_end(played)


def test_a5_lover_target_allowed_when_option_off() -> None:
    """A5 lovers.lover_target_forbidden = false: he may shoot his lover, who dies of the shot."""
    seats = wolves_kill([3]) + "[seats.3]\nshoot = [5]\n"
    rules = NO_WOLF_CHAIN + '\n"lovers.lover_target_forbidden" = false'
    played = play(_game(rules, seats, link="[3, 5]"))
    assert deaths(played.result) == [(1, 3, "night"), (1, 5, "hunter")]


def test_a4_shot_lover_takes_the_partner() -> None:
    """A4: the hunter's victim re-enters the cascade, so a shot lover's partner dies too."""
    seats = wolves_kill([3]) + "[seats.3]\nshoot = [6]\n"
    played = play(_game("", seats, link="[6, 7]"))
    assert deaths(played.result) == [(1, 3, "night"), (1, 6, "hunter"), (1, 7, "lover")]

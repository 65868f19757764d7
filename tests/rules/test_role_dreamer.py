"""Dreamer 梦中人 (R21, A26): when the dreamer is exiled, on the next night every living
player of the other gender (seat attribute, project decision 5) cannot act: no night
request reaches them, so wolves of that gender do not kill; they can still be
targeted; the ban lasts that one night."""

from __future__ import annotations

import pytest

from tests.helpers import deaths
from tests.rules.test_day_common import Attributes, Played, game, play

# 1, 2 wolves; 3 dreamer; 4 seer; 5 witch; 6 guard; 7-9 villagers
DEAL = ["werewolf", "werewolf", "dreamer", "seer", "witch", "guard",
        "villager", "villager", "villager"]
# odd seats male, even seats female, except the dreamer (seat 3), set per test
GENDERS = {1: "male", 2: "female", 4: "female", 5: "male", 6: "female",
           7: "male", 8: "female", 9: "male"}
EXILE_3 = "".join(f"[seats.{s}.day1]\nvote = [3]\n" for s in (1, 2, 4, 5, 6))
NIGHT_KINDS = ("kill", "check", "protect", "poison")


def _attributes(dreamer: str, **changes: str) -> Attributes:
    genders = {**GENDERS, 3: dreamer, **{int(k[1:]): v for k, v in changes.items()}}
    return {seat: {"gender": g} for seat, g in genders.items()}


def _play(attributes: Attributes, seats: str = EXILE_3, days: int = 3) -> Played:
    rules = {"sheriff.election": "none", "game.max_days": days}
    return play(game(DEAL, rules, seats), attributes)


def _asked(played: Played, night: int) -> dict[str, list[int]]:
    """Night-role requests of one night: kind -> asked seats."""
    return {kind: sorted({r.seat for r in played.asked(kind, day=night)})
            for kind in NIGHT_KINDS}


EVERYONE = {"kill": [1, 2], "check": [4], "protect": [6], "poison": [5]}


@pytest.mark.parametrize(("dreamer", "night_2"), [
    ("male", {"kill": [1], "check": [], "protect": [], "poison": [5]}),
    ("female", {"kill": [2], "check": [4], "protect": [6], "poison": []}),
])
def test_r21_exiled_dreamer_silences_the_other_gender_next_night(
        dreamer: str, night_2: dict[str, list[int]]) -> None:
    """R21 / A26: the dreamer (3) is exiled on day 1. On night 2 the players of the
    other gender get no night request at all (wolf, seer, guard or witch); those of
    his gender act as usual. On night 3 everyone acts again."""
    played = _play(_attributes(dreamer))
    assert played.first("death", seat=3).cause == "vote"
    assert _asked(played, 1) == EVERYONE
    assert _asked(played, 2) == night_2
    assert _asked(played, 3) == EVERYONE


def test_r21_wolves_of_the_other_gender_cannot_kill() -> None:
    """R21: both wolves are women and the exiled dreamer a man: night 2 has no kill
    (their scripted night-2 picks are never asked for); on night 3 they kill 8."""
    seats = EXILE_3 + "".join(f"[seats.{w}.day2]\nkill = [7]\n[seats.{w}.day3]\nkill = [8]\n"
                              for w in (1, 2))
    played = _play(_attributes("male", s1="female"), seats)
    assert played.asked("kill", day=2) == []
    assert deaths(played.result) == [(1, 3, "vote"), (3, 8, "night")]


def test_a26_silenced_players_can_still_be_targeted() -> None:
    """A26: the silenced (here the women) can still be acted on: on night 2 the male
    wolf 1 alone kills the seer (4), who could not check and whom the silenced guard
    could not protect."""
    seats = EXILE_3 + "[seats.1.day2]\nkill = [4]\n"
    played = _play(_attributes("male"), seats, days=2)
    assert deaths(played.result) == [(1, 3, "vote"), (2, 4, "night")]


def test_a26_dreamer_killed_at_night_silences_nobody() -> None:
    """A26: only an exile sets off the ban; the dreamer killed by the wolves on night 1
    leaves night 2 as usual."""
    seats = "".join(f"[seats.{w}.day1]\nkill = [3]\n" for w in (1, 2))
    played = _play(_attributes("male"), seats, days=2)
    assert deaths(played.result) == [(1, 3, "night")]
    assert _asked(played, 2) == EVERYONE


# 1, 2 wolves; 3 dreamer; 4 chief; 5 seer; 6 witch; 7-9 villagers
CHIEF_DEAL = ["werewolf", "werewolf", "dreamer", "chief", "seer", "witch",
              "villager", "villager", "villager"]


@pytest.mark.parametrize("chief_exiled", [True, False])
def test_r12_a7_a_silenced_dreamer_bans_nobody(chief_exiled: bool) -> None:
    """R12/R23, A7: once the exiled chief's penalty takes every non-wolf skill, the
    dreamer exiled on day 2 sets off no ban: on night 3 the wolf of the other gender (2)
    is still asked to kill. Control: a villager exiled on day 1 leaves the dreamer his
    power, and wolf 2 is not asked."""
    first = 4 if chief_exiled else 7
    voters = (1, 2, 5, 6, 8, 9)
    seats = "".join(f"[seats.{v}.day1]\nvote = [{first}]\n[seats.{v}.day2]\nvote = [3]\n"
                    for v in voters)
    rules = {"sheriff.election": "none", "game.max_days": 3, "chief.penalty_scope": "all_roles"}
    played = play(game(CHIEF_DEAL, rules, seats), _attributes("male"))
    assert [(d.seat, d.cause) for d in played.events("death") if d.cause == "vote"] == [
        (first, "vote"), (3, "vote")]
    assert (2 in [r.seat for r in played.asked("kill", day=3)]) is chief_exiled

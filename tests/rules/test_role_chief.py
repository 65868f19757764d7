"""Online Chief (R23, 网杀村长): two lives against the wolves (guarded keeps both, saved
leaves one, A6); poisoned, exiled or shot he dies at once and every non-wolf identity
loses its skill (C25 chief.penalty_scope = all_roles), while the wolves keep killing.
The two lives go with the card when the thief takes it (R9, A47)."""

from __future__ import annotations

import pytest

from tests.helpers import deaths, true_causes
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_role_elder import THIEF_DEAL, thief_game
from tests.rules.test_roles_common import Played, play
from tests.rules.test_spare_lives_common import (
    SILENT,
    VILLAGE_HANDS,
    assert_silenced_hunter_cannot_shoot,
    night_powers,
    spare_life_game,
    votes,
)

# seat 1 wolf, 2 wolf, 3 chief, 4 seer, 5 witch, 6 hunter, 7 guard, 8 little girl,
# 9-10 villagers
DEAL = ('roles = ["werewolf", "werewolf", "chief", "seer", "witch", "hunter", "guard", '
        '"little_girl", "villager", "villager"]')


def _game(rules: str, seats: str, days: int = 1) -> str:
    return spare_life_game(DEAL, 23, rules, seats, days)


# --- two lives (R23, A6)


def test_r23_two_lives_against_the_wolves() -> None:
    """R23: the wolves must kill him twice; the first attack shows no death."""
    played = play(_game("", wolves_kill([3, 3]), days=2))
    assert deaths(played.result) == [(2, 3, "night")]
    assert true_causes(played.result) == {3: "wolves"}


def test_r23_guarded_keeps_both_lives() -> None:
    """R23 / A6: guarded while he has two lives, he still has two: the attacks on
    nights 2 and 3 are needed."""
    seats = wolves_kill([3, 3, 3]) + '[seats.7]\nprotect = [3, "none", "none"]\n'
    played = play(_game("", seats, days=3))
    assert deaths(played.result) == [(3, 3, "night")]


def test_r23_witch_saved_leaves_one_life() -> None:
    """R23 / A6: saved by the witch from a wolf kill, he has one life left."""
    seats = wolves_kill([3, 3]) + "[seats.5]\nsave = [true]\n"
    played = play(_game("", seats, days=2))
    assert deaths(played.result) == [(2, 3, "night")]


def test_r23_killed_by_wolves_no_penalty() -> None:
    """R23: the penalty follows only poison, vote or the hunter; after his death to the
    wolves the seer still checks and the witch still brews."""
    played = play(_game("", wolves_kill([3, 3]), days=3))
    assert played.events("reveal", reason="penalty") == []
    night3 = night_powers(played, 3)
    assert night3["check"] == [4] and night3["poison"] == [5] and night3["protect"] == [7]


# --- the penalty (R23, C25)

@pytest.mark.parametrize("cause", sorted(VILLAGE_HANDS))
def test_r23_dies_at_once_and_every_skill_is_lost(cause: str) -> None:
    """R23 / C25 all_roles (default): one poison, vote or shot kills him despite his two
    lives; from then on the seer cannot check, the witch cannot use potions, the guard
    cannot guard and the little girl cannot peek, while the wolves keep killing."""
    seats = VILLAGE_HANDS[cause] + wolves_kill(["none", 9, 10])
    played = play(_game('"chief.penalty_scope" = "all_roles"', seats, days=3))
    assert (1, 3, "night" if cause == "poison" else cause) in deaths(played.result)
    assert true_causes(played.result)[3] == cause
    penalty = played.events("reveal", reason="penalty")
    assert [(e.seat, e.role, e.audience) for e in penalty] == [(3, "chief", "public")]  # type: ignore[attr-defined]
    assert night_powers(played, 2) == SILENT
    assert night_powers(played, 3) == SILENT
    assert {(d, s) for d, s, _ in deaths(played.result)} >= {(2, 9), (3, 10)}


def test_r23_silenced_hunter_cannot_shoot() -> None:
    """R23: 'the hunter cannot shoot': after the exiled chief's penalty, a hunter killed
    by the wolves is not asked to shoot."""
    assert_silenced_hunter_cannot_shoot(_game)


@pytest.mark.parametrize(
    ("scope", "acting"),
    [("all_roles", {"kill"}), ("listed_roles", {"kill", "peek"})],
)
def test_c25_chief_penalty_scope(scope: str, acting: set[str]) -> None:
    """C25 chief.penalty_scope: all_roles takes every non-wolf skill (the little girl's
    too); listed_roles only the hunter's, guard's, witch's and seer's."""
    played = play(_game(f'"chief.penalty_scope" = "{scope}"', votes(3), days=2))
    assert {k for k, asked in night_powers(played, 2).items() if asked} == acting


# --- the two lives follow the card (R9, A47)
# seat 1 wolf, 2 wolf, 3 thief, 4 seer, 5 witch, 6-8 villagers (THIEF_DEAL)


def test_r9_r23_blind_picked_chief_card_brings_two_lives() -> None:
    """R9 / R23 / A47 (thief.mode = online_blind3, the 盗贼版 thief): with the chief as
    the leftover card, the pick that makes the thief the chief gives him two lives (the
    wolves need nights 1 and 2); the villager pick dies on night 1."""
    def blind(pick: int, wolves: str) -> Played:
        return play(thief_game("online_blind3", [*THIEF_DEAL, "chief"],
                                f"[seats.3]\nswap = [{pick}]\n" + wolves, days=2))

    picks = {blind(pick, "").result.roles[3]: pick for pick in (1, 2, 3)}
    assert set(picks) == {"chief", "villager", "werewolf"}
    assert deaths(blind(picks["chief"], wolves_kill([3, 3])).result) == [(2, 3, "night")]
    assert deaths(blind(picks["villager"], wolves_kill([3])).result) == [(1, 3, "night")]


def test_r9_r23_swapped_chief_card_takes_both_lives_along() -> None:
    """R9 / R23 (thief.mode = swap_player): the thief takes seat 6's chief card; he
    survives the night-1 attack and the robbed seat, now a thief, dies on the first
    attack (night 2)."""
    cards = [*THIEF_DEAL[:5], "chief", *THIEF_DEAL[6:]]
    played = play(thief_game("swap_player", cards, "[seats.3]\nswap = [6]\n"
                              + wolves_kill([3, 6]), days=2))
    assert (played.result.roles[3], played.result.roles[6]) == ("chief", "thief")
    assert deaths(played.result) == [(2, 6, "night")]

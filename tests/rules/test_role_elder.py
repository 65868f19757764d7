"""Elder (R12): survives the first wolf attack (A6 life accounting); poison, the hunter's
shot and the vote kill him at once; killed by the village, the specials lose their
powers (C25 elder.penalty_scope, A7), a revealed idiot leaves with him (A8), and the
penalty lands after or before the cascade's triggers (A4 elder.penalty_timing). The spare
life and the penalty go with the card when the thief takes it (R9, A47)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import deaths, true_causes
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_roles_common import alive_at_end, play
from tests.rules.test_spare_lives_common import (
    SILENT,
    VILLAGE_HANDS,
    assert_silenced_hunter_cannot_shoot,
    night_powers,
    spare_life_game,
    votes,
)

# seat 1 wolf, 2 wolf, 3 elder, 4 seer, 5 witch, 6 hunter, 7 guard, 8 idiot,
# 9 little girl, 10 villager
DEAL = ('roles = ["werewolf", "werewolf", "elder", "seer", "witch", "hunter", "guard", '
        '"idiot", "little_girl", "villager"]')


def _game(rules: str, seats: str, days: int = 1, deal: str = DEAL) -> str:
    return spare_life_game(deal, 12, rules, seats, days)


# --- lives (R12, A6)


def test_r12_survives_the_first_wolf_attack_dies_on_the_second() -> None:
    """R12 / A6 / A12: the first attack costs a life and nobody dies that night; the
    second kills him. A wolf kill is no village hand, so no penalty follows."""
    played = play(_game("", wolves_kill([3, 3]), days=3))
    assert deaths(played.result) == [(2, 3, "night")]
    assert true_causes(played.result) == {3: "wolves"}
    assert played.events("reveal", reason="penalty") == []
    assert night_powers(played, 3)["check"] == [4]


def test_a6_guarded_attack_costs_no_life() -> None:
    """A6: an attack the guard blocks costs nothing: he then survives the next attack
    (his spare life) and dies only on the third."""
    seats = wolves_kill([3, 3, 3]) + '[seats.7]\nprotect = [3, "none", "none"]\n'
    played = play(_game("", seats, days=3))
    assert deaths(played.result) == [(3, 3, "night")]


def test_a6_witch_saved_attack_leaves_one_life() -> None:
    """R12 / A6: an attack the antidote saves still uses up his spare life, so the next
    attack kills him."""
    seats = wolves_kill([3, 3]) + "[seats.5]\nsave = [true]\n"
    played = play(_game("", seats, days=2))
    assert [e.target for e in played.events("night_action", action="save")] == [3]  # type: ignore[attr-defined]
    assert deaths(played.result) == [(2, 3, "night")]


def test_r12_poison_kills_him_at_once() -> None:
    """R12: one dose of poison is enough, spare life or not."""
    played = play(_game("", "[seats.5]\npoison = [3]\n"))
    assert deaths(played.result) == [(1, 3, "night")]
    assert true_causes(played.result) == {3: "poison"}


def test_r12_hunter_shot_kills_him_at_once() -> None:
    """R12: the hunter's shot kills him with a single hit."""
    played = play(_game("", votes(6) + "[seats.6]\nshoot = [3]\n"))
    assert deaths(played.result) == [(1, 6, "vote"), (1, 3, "hunter")]


def test_r12_exile_kills_him_at_once() -> None:
    """R12: voted out, he dies at once."""
    played = play(_game("", votes(3)))
    assert deaths(played.result) == [(1, 3, "vote")]


def test_r12_spare_life_then_exile() -> None:
    """R12: a spent life changes nothing about the vote: attacked on night 1 (survives),
    exiled on day 1, he dies."""
    played = play(_game("", wolves_kill([3]) + votes(3)))
    assert deaths(played.result) == [(1, 3, "vote")]


# --- the penalty (C25, A7)

@pytest.mark.parametrize("cause", sorted(VILLAGE_HANDS))
def test_r12_c25_village_hands_silence_the_specials(cause: str) -> None:
    """R12 / C25 village_specials (default): killed by vote, poison or the hunter, the
    penalty is public and from the next night the seer, witch, guard and little girl
    are no longer asked to act, for the rest of the game; the wolves keep killing."""
    seats = VILLAGE_HANDS[cause] + wolves_kill(["none", 10, "none"])
    played = play(_game('"elder.penalty_scope" = "village_specials"', seats, days=3))
    assert true_causes(played.result)[3] == cause
    penalty = played.events("reveal", reason="penalty")
    assert [(e.seat, e.role, e.audience) for e in penalty] == [(3, "elder", "public")]  # type: ignore[attr-defined]
    for night in (2, 3):
        assert night_powers(played, night) == SILENT
    assert (2, 10, "night") in deaths(played.result)


def test_c25_silenced_hunter_cannot_shoot() -> None:
    """C25 / R23 example: after the penalty, a hunter killed by the wolves is not asked
    to shoot."""
    assert_silenced_hunter_cannot_shoot(_game)


@pytest.mark.parametrize(
    ("scope", "still_acting"),
    [
        ("village_specials", {"kill"}),
        ("listed_roles", {"kill", "peek"}),
        ("all_roles", {"kill"}),
    ],
)
def test_c25_penalty_scope(scope: str, still_acting: set[str]) -> None:
    """C25 elder.penalty_scope: village_specials and all_roles (non-wolves) silence every
    village power; listed_roles only the hunter, guard, witch and seer, so the little
    girl still peeks. The wolves keep killing in every case."""
    seats = votes(3)
    played = play(_game(f'"elder.penalty_scope" = "{scope}"', seats, days=2))
    night2 = night_powers(played, 2)
    assert {k for k, seats_asked in night2.items() if seats_asked} == still_acting


def test_c25_no_penalty_before_his_death() -> None:
    """C25 control: on the night before the exile every village power is asked for."""
    played = play(_game("", votes(3), days=2))
    night1 = night_powers(played, 1)
    assert all(night1[k] for k in ("check", "poison", "protect", "peek", "kill"))


def test_c25_listed_roles_idiot_keeps_his_card_trick() -> None:
    """C25 listed_roles (TV): the idiot is not among the listed roles, so after the
    elder's penalty an exiled idiot is still spared (control for the next test)."""
    seats = votes(3) + votes(8, day=2)
    played = play(_game('"elder.penalty_scope" = "listed_roles"', seats, days=2))
    assert deaths(played.result) == [(1, 3, "vote")]
    assert [e.day for e in played.events("spared", seat=8)] == [2]


def test_c25_silenced_idiot_is_not_spared() -> None:
    """C25 (village specials, TB incl. the idiot): the idiot's power is to survive his
    exile; once the elder has died by village hands the power is gone, so an idiot
    exiled afterwards dies."""
    seats = votes(3) + votes(8, day=2)
    played = play(_game('"elder.penalty_scope" = "village_specials"', seats, days=2))
    assert deaths(played.result) == [(1, 3, "vote"), (2, 8, "vote")]


# --- the revealed idiot (A8)


def test_a8_revealed_idiot_leaves_with_the_elder() -> None:
    """R12 / A8: an idiot who has shown his card (and lost his vote) leaves with the
    elder, as a death of cause elder_penalty in the same cascade."""
    seats = votes(8) + votes(3, day=2)
    played = play(_game("", seats, days=2))
    assert played.events("spared", seat=8)
    assert deaths(played.result) == [(2, 3, "vote"), (2, 8, "elder_penalty")]
    assert 8 not in alive_at_end(played)


def test_a8_unrevealed_idiot_stays() -> None:
    """A8: only a revealed idiot leaves; one still hidden stays in the game."""
    played = play(_game("", votes(3)))
    assert deaths(played.result) == [(1, 3, "vote")]
    assert 8 in alive_at_end(played)


def test_a8_elder_killed_by_wolves_keeps_the_idiot() -> None:
    """A8: the idiot leaves only when the village kills the elder, not the wolves."""
    seats = votes(8) + wolves_kill([3, 3])
    played = play(_game("", seats, days=2))
    assert deaths(played.result) == [(2, 3, "night")]
    assert 8 in alive_at_end(played)


# --- penalty timing (A4)

# Night 1: the wolves kill the hunter while the witch poisons the elder: one cascade.
SAME_CASCADE = wolves_kill([6]) + "[seats.5]\nsave = [false]\npoison = [3]\n"


def test_a4_after_triggers_dying_hunter_still_shoots() -> None:
    """A4 elder.penalty_timing = after_triggers (default): the hunter who dies in the same
    cascade as the poisoned elder takes his shot before the powers go."""
    seats = SAME_CASCADE + "[seats.6]\nshoot = [1]\n"
    played = play(_game('"elder.penalty_timing" = "after_triggers"', seats))
    assert [r.seat for r in played.asked("shoot")] == [6]
    assert deaths(played.result) == [(1, 3, "night"), (1, 6, "night"), (1, 1, "hunter")]
    penalty = played.events("reveal", reason="penalty")[0]
    assert played.events("shoot")[0].seq < penalty.seq


def test_a4_before_triggers_dying_hunter_cannot_shoot() -> None:
    """A4 elder.penalty_timing = before_triggers: the penalty lands first, so the hunter
    dying in the same cascade is not asked to shoot."""
    seats = SAME_CASCADE + "[seats.6]\nshoot = [1]\n"
    played = play(_game('"elder.penalty_timing" = "before_triggers"', seats))
    assert played.asked("shoot") == []
    assert deaths(played.result) == [(1, 3, "night"), (1, 6, "night")]


# --- the spare life follows the card (R9, A47)

# seat 1 wolf, 2 wolf, 3 thief, 4 seer, 5 witch, 6-8 villagers (then the centre cards)
THIEF_DEAL = ["werewolf", "werewolf", "thief", "seer", "witch", "villager", "villager",
              "villager"]
CENTRE_ELDER = [*THIEF_DEAL, "elder", "villager"]  # spare_cards: the elder undealt
SEAT6_ELDER = [*THIEF_DEAL[:5], "elder", *THIEF_DEAL[6:]]  # swap_player: seat 6's card


def thief_game(mode: str, cards: list[str], seats: str, days: int) -> str:
    """A game of ``cards`` (seat order, then the centre) under thief.mode = ``mode``."""
    return _game(f'"thief.mode" = "{mode}"', seats, days, f"roles = {json.dumps(cards)}")


def test_r9_r12_thief_taking_the_centre_elder_survives_the_first_attack() -> None:
    """R9 / R12 / A47 (thief.mode = spare_cards): the thief takes the elder card from the
    centre; the wolves' first attack on him costs his spare life, the second kills."""
    played = play(thief_game("spare_cards", CENTRE_ELDER, "[seats.3]\nswap = [1]\n"
                              + wolves_kill([3, 3]), days=2))
    assert played.result.roles[3] == "elder"
    assert deaths(played.result) == [(2, 3, "night")]


def test_r9_r12_thief_leaving_the_centre_elder_dies_at_once() -> None:
    """R12 control: the elder card left in the centre gives nobody a spare life; the
    thief who keeps his card dies on the first attack."""
    played = play(thief_game("spare_cards", CENTRE_ELDER, '[seats.3]\nswap = ["none"]\n'
                              + wolves_kill([3]), days=1))
    assert deaths(played.result) == [(1, 3, "night")]


def test_r9_r12_swapped_elder_card_takes_its_spare_life_along() -> None:
    """R9 / R12 / A47 (thief.mode = swap_player): the thief takes seat 6's elder card.
    The new elder survives the night-1 attack and dies on night 3; the robbed seat,
    now a thief, dies on the first attack (night 2)."""
    played = play(thief_game("swap_player", SEAT6_ELDER, "[seats.3]\nswap = [6]\n"
                              + wolves_kill([3, 6, 3]), days=3))
    assert (played.result.roles[3], played.result.roles[6]) == ("elder", "thief")
    assert deaths(played.result) == [(2, 6, "night"), (3, 3, "night")]


def test_r9_c25_penalty_follows_the_swapped_card() -> None:
    """R9 / C25: exiling the robbed seat (now a thief) costs nothing; exiling the new
    elder silences the seer from the next night."""
    seats = "[seats.3]\nswap = [6]\n" + votes(6, (1, 2, 4)) + votes(3, (1, 2, 4), day=2)
    played = play(thief_game("swap_player", SEAT6_ELDER, seats, days=3))
    assert deaths(played.result) == [(1, 6, "vote"), (2, 3, "vote")]
    assert [(e.day, e.seat) for e in played.events("reveal", reason="penalty")] == [(2, 3)]  # type: ignore[attr-defined]
    assert [r.day for r in played.asked("check", seat=4)] == [1, 2]

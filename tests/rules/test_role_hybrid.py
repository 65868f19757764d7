"""Hybrid 混血儿 (R18, A29, A30): on night 1 he secretly supports a player (passing
supports the lowest other seat) and wins exactly when that player's camp wins, dead or
alive; linked by Cupid he, his lover and Cupid are a third party ("hybrid_lovers");
with a good lover he kills once, on night 2, a kill the guard cannot block and that is
announced as the hybrid's."""

from __future__ import annotations

import pytest

from tests.helpers import deaths
from tests.rules.test_day_common import game, play
from tests.rules.test_roles_common import audience

NO_SHERIFF = {"sheriff.election": "none"}


def _rules(days: int) -> dict[str, object]:
    return {**NO_SHERIFF, "game.max_days": days}


def test_r18_support_is_asked_once_on_night_1_and_kept_secret() -> None:
    """R18: only on night 1 the hybrid (3) is asked whom he supports, among everyone
    but himself; his choice is told to nobody else."""
    deal = ["werewolf", "werewolf", "hybrid", "villager", "villager", "villager", "villager"]
    played = play(game(deal, _rules(3), "[seats.3]\nsupport = [5]\n"))
    asked = played.asked("support")
    assert [(r.seat, r.day) for r in asked] == [(3, 1)]
    assert set(asked[0].options) == {1, 2, 4, 5, 6, 7} and asked[0].allow_none
    action = played.first("night_action", action="support")
    assert action.target == 5 and audience(action) == (3,)
    assert played.asked("kill", seat=3) == []  # no lover, no kill of his own


def test_a30_passing_supports_the_lowest_other_seat() -> None:
    """A30: the hybrid in seat 1 passes, so he supports seat 2 (not himself), a wolf.
    Night 1 the wolf kills 3, day 1 exiles 4, night 2 the wolf kills the hybrid: the
    wolves win and the hybrid, dead, is among the winners."""
    deal = ["hybrid", "werewolf", "villager", "villager"]
    seats = ('[seats.1]\nsupport = ["none"]\nvote = [4]\n'
             "[seats.2]\nkill = [3, 1]\nvote = [4]\n")
    played = play(game(deal, _rules(3), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3), (1, 4), (2, 1)]
    assert played.winner == "wolves"
    assert played.winners == (1, 2)


@pytest.mark.parametrize(("supported", "winners"), [(3, (2, 3, 4, 5)), (1, (3, 4, 5))])
def test_r18_hybrid_wins_iff_the_supported_camp_wins(
        supported: int, winners: tuple[int, ...]) -> None:
    """R18: the hybrid (2) supports villager 3, who is killed on night 1, or wolf 1.
    The village exiles the wolf on day 1: supporting the dead villager he wins with the
    village; supporting the wolf he loses, though his card is a villager's."""
    deal = ["werewolf", "hybrid", "villager", "villager", "villager"]
    seats = (f"[seats.1]\nkill = [3]\n[seats.2]\nsupport = [{supported}]\nvote = [1]\n"
             "[seats.4]\nvote = [1]\n[seats.5]\nvote = [1]\n")
    played = play(game(deal, _rules(1), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3), (1, 1)]
    assert played.winner == "village"
    assert played.winners == winners


def test_r18_cupid_linking_hybrid_and_villager_makes_a_third_party() -> None:
    """R18: Cupid (2) links the hybrid (3) and villager 4. The wolf kills 5 on night 1
    and the wolf is exiled on day 1: only Cupid and the pair remain, and they win as
    "hybrid_lovers" (not the village)."""
    deal = ["werewolf", "cupid", "hybrid", "villager", "villager"]
    seats = ("[seats.1]\nkill = [5]\n[seats.2]\nlink = [3, 4]\nvote = [1]\n"
             "[seats.3]\nvote = [1]\n[seats.4]\nvote = [1]\n")
    played = play(game(deal, _rules(1), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 5), (1, 1)]
    assert played.winner == "hybrid_lovers"
    assert played.winners == (2, 3, 4)


def test_r18_cupid_linking_hybrid_and_wolf_makes_a_third_party() -> None:
    """R18: the pair may include a wolf. Cupid (2) links wolf 1 and the hybrid (3);
    night 1 kills 5, day 1 exiles 4: Cupid and the pair are left and win as
    "hybrid_lovers", not as wolves."""
    deal = ["werewolf", "cupid", "hybrid", "villager", "villager"]
    seats = ("[seats.1]\nkill = [5]\nvote = [4]\n[seats.2]\nlink = [1, 3]\nvote = [4]\n"
             "[seats.3]\nvote = [4]\n")
    played = play(game(deal, _rules(1), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 5), (1, 4)]
    assert played.winner == "hybrid_lovers"
    assert played.winners == (1, 2, 3)


# 1, 2 wolves; 3 cupid; 4 hybrid; 5 guard; 6-8 villagers
KILLER = ["werewolf", "werewolf", "cupid", "hybrid", "guard", "villager", "villager",
          "villager"]


def test_a29_hybrid_with_a_good_lover_kills_once_on_night_2() -> None:
    """A29: linked with villager 6, the hybrid is asked to kill on night 2 only (never
    on nights 1 or 3); the guard on his victim 7 does not block it, and the table is
    told 7 was killed by the hybrid."""
    seats = ("[seats.3]\nlink = [4, 6]\n[seats.4]\nkill = [7]\n"
             "[seats.5.day2]\nprotect = [7]\n")
    played = play(game(KILLER, _rules(3), seats))
    asked = played.asked("kill", seat=4)
    assert [r.day for r in asked] == [2]
    assert asked[0].context.get("hybrid") is True and 4 not in asked[0].options
    assert deaths(played.result) == [(2, 7, "hybrid")]
    assert played.first("death", seat=7).audience == "public"


def test_a29_hybrid_with_a_wolf_lover_never_kills() -> None:
    """A29: the kill comes only with a good lover; linked with wolf 1 he is never
    asked to kill."""
    seats = "[seats.3]\nlink = [1, 4]\n"
    played = play(game(KILLER, _rules(3), seats))
    assert played.asked("kill", seat=4) == []
    assert deaths(played.result) == []

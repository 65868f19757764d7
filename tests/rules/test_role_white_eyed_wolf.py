"""White-eyed Wolf 白眼狼 (R22, A27): wakes with the pack and shares its kill, but
plays alone: he wins once every wolf is dead together with every villager or every
special; he is not a wolf for the wolves' win, nor a special (身份) for the 屠城 count,
and the village has to remove him like any third party (C23)."""

from __future__ import annotations

from typing import Any

from tests.rules.test_day_common import game, play
from tests.rules.test_roles_common import audience

TUCHENG = {"sheriff.election": "none", "wolves.win": "all_villagers_or_all_specials",
           "village.win_requires_no_third_party": True}


def _rules(days: int, /, **extra: Any) -> dict[str, Any]:
    return {**TUCHENG, "game.max_days": days, **extra}


def _votes(target: int, voters: tuple[int, ...]) -> str:
    return "".join(f"[seats.{s}]\nvote = [{target}]\n" for s in voters)


# 1, 2 wolves; 3 white-eyed wolf; 4 seer; 5-7 villagers
DEAL = ["werewolf", "werewolf", "white_eyed_wolf", "seer", "villager", "villager",
        "villager"]


def test_a27_wakes_with_the_pack_and_shares_the_kill() -> None:
    """A27: he and the wolves see each other's cards, he is asked for the pack's kill,
    and his proposal counts: 1 names 5, he and 2 name 6, so 6 dies."""
    seats = "[seats.1]\nkill = [5]\n[seats.2]\nkill = [6]\n[seats.3]\nkill = [6]\n"
    played = play(game(DEAL, _rules(1, **{"wolves.consensus": "majority_tie_nokill"}), seats))
    reveals = played.events("reveal", reason="wolf_team")
    assert sorted((e.seat, e.role) for e in reveals) == [
        (1, "werewolf"), (2, "werewolf"), (3, "white_eyed_wolf")]
    assert all(audience(e) == (1, 2, 3) for e in reveals)
    asked = played.asked("kill", day=1)
    assert sorted(r.seat for r in asked) == [1, 2, 3]
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 6)]


def test_r22_wins_alone_with_the_wolves_and_the_specials_dead() -> None:
    """R22: seats 1 wolf, 2 white-eyed wolf, 3 seer, 4-5 villagers. Night 1 the pack
    kills villager 4, day 1 exiles the wolf, night 2 the white-eyed wolf, now the whole
    pack, kills the seer (the only special): all wolves and all specials are dead and
    he wins alone, though villager 5 lives."""
    deal = ["werewolf", "white_eyed_wolf", "seer", "villager", "villager"]
    seats = ("[seats.1]\nkill = [4]\n[seats.2]\nkill = [4, 3]\nvote = [1]\n"
             + _votes(1, (3, 5)))
    played = play(game(deal, _rules(3), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 4), (1, 1), (2, 3)]
    assert played.winner == "white_eyed_wolf"
    assert played.winners == (2,)


def test_r22_wins_alone_with_the_wolves_and_the_villagers_dead() -> None:
    """R22: seats 1 wolf, 2 white-eyed wolf, 3 seer, 4-6 villagers. Night 1 the pack
    kills 4, day 1 exiles the wolf, night 2 he alone kills 5, day 2 exiles villager 6:
    all wolves and all villagers are dead and he wins alone while the seer lives."""
    deal = ["werewolf", "white_eyed_wolf", "seer", "villager", "villager", "villager"]
    seats = ("[seats.1]\nkill = [4]\n[seats.2]\nkill = [4, 5]\nvote = [1, 6]\n"
             "[seats.3]\nvote = [1, 6]\n" + _votes(1, (5, 6)))
    played = play(game(deal, _rules(3), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [
        (1, 4), (1, 1), (2, 5), (2, 6)]
    assert played.winner == "white_eyed_wolf"
    assert played.winners == (2,)


def test_r22_no_solo_win_while_a_wolf_lives() -> None:
    """R22: all villagers dead is not enough while a wolf lives: wolf 1 and he kill the
    only villager; it is the wolves (who count him neither as a wolf nor as a special)
    that win, by the 屠城 rule, without him."""
    deal = ["werewolf", "white_eyed_wolf", "seer", "villager"]
    seats = "[seats.1]\nkill = [4]\n[seats.2]\nkill = [4]\n"
    played = play(game(deal, _rules(1), seats))
    assert played.winner == "wolves"
    assert played.winners == (1,)


def test_a27_not_a_wolf_for_the_wolves_win() -> None:
    """A27: under wolves.win = all_non_wolves the wolves must kill him too. Night 1 they
    kill the villager (4) and the game goes on; night 2 they kill him and win alone."""
    deal = ["werewolf", "werewolf", "white_eyed_wolf", "villager"]
    seats = "[seats.1]\nkill = [4, 3]\n[seats.2]\nkill = [4, 3]\n"
    played = play(game(deal, _rules(3, **{"wolves.win": "all_non_wolves"}), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 4), (2, 3)]
    assert played.winner == "wolves"
    assert played.winners == (1, 2)


def test_a27_not_a_special_for_the_tucheng_count() -> None:
    """A27: with the seer (the only special) killed on night 1, the wolves have killed
    all specials and win at once, though the white-eyed wolf lives."""
    seats = "[seats.1]\nkill = [4]\n[seats.2]\nkill = [4]\n[seats.3]\nkill = [4]\n"
    played = play(game(DEAL, _rules(3), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 4)]
    assert played.first("game_end").day == 1
    assert played.winner == "wolves"
    assert played.winners == (1, 2)


def test_c23_village_must_remove_him_too() -> None:
    """C23 / A27: as a third party he has to go before the village wins. Both wolves
    are exiled (days 1 and 2) and the game goes on; exiling him on day 3 wins it."""
    seats = "".join(f"[seats.{s}]\nvote = [1, 2, 3]\n" for s in (4, 5, 6, 7))
    played = play(game(DEAL, _rules(3), seats))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 1), (2, 2), (3, 3)]
    assert played.first("game_end").day == 3
    assert played.winner == "village"
    assert played.winners == (4, 5, 6, 7)

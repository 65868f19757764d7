"""Pied Piper (R14): charms distinct players each night, never himself nor the already
charmed (C24 piper.targets_per_night, A15); the charmed may wake together (C24
piper.enchanted_wake); he wins alone once every other living player is charmed, checked
after the charms and after every death, before the other camps (section 3, A14); the
win may need him alive (piper.must_be_alive) and a lover may lose his power
(piper.lover_disables)."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from tests.helpers import deaths
from tests.rules.test_roles_common import Played, audience, play, sheriffless

# seat 1 piper, 2 wolf, 3 wolf, 4 witch, 5-7 villagers
TABLE7 = ["piper", "werewolf", "werewolf", "witch", "villager", "villager", "villager"]
# seat 1 piper, 2 wolf, 3-5 villagers
TABLE5 = ["piper", "werewolf", "villager", "villager", "villager"]
# seat 1 piper, 2 wolf, 3-6 villagers
TABLE6 = ["piper", "werewolf", "villager", "villager", "villager", "villager"]


def _game(roles: list[str], rules: str, seats: str, days: int = 1) -> str:
    deal = ", ".join(f'"{r}"' for r in roles)
    return sheriffless(f"roles = [{deal}]", 14, rules, seats, days)


def _charms(*nights: list[int]) -> str:
    return f"[seats.1]\ncharm = {list(nights)}\n"


def _enchanted(played: Played) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """(night, seats, audience) of every enchanted wake-up."""
    return [(e.day, tuple(sorted(e.seats)), audience(e))  # type: ignore[attr-defined]
            for e in played.events("enchanted")]


# --- whom he may charm (R14, C24, A15)


def test_r14_charm_request_each_night() -> None:
    """R14 / A15: each night he names two players among the living others (wolves
    included); those already charmed are no longer offered."""
    played = play(_game(TABLE7, "", _charms([4, 5], [2, 3]), days=2))
    first, second = played.asked("charm", seat=1)
    assert (first.day, first.options, first.count) == (1, (2, 3, 4, 5, 6, 7), 2)
    assert (second.day, second.options, second.count) == (2, (2, 3, 6, 7), 2)
    actions = played.events("night_action", action="charm")
    assert [(e.day, e.targets) for e in actions] == [(1, (4, 5)), (2, (2, 3))]  # type: ignore[attr-defined]
    assert all(audience(e) == (1,) for e in actions)


@pytest.mark.parametrize(
    "bad",
    [[[1, 4]], [[4, 4]], [[4, 5], [4, 6]], [[4]]],
    ids=["himself", "same_seat_twice", "already_charmed", "too_few"],
)
def test_a15_illegal_charms_are_refused(bad: list[list[int]]) -> None:
    """A15: he may not charm himself, name a seat twice, charm an already charmed player,
    or name fewer players than piper.targets_per_night."""
    with pytest.raises(ScenarioError, match="charm"):
        play(_game(TABLE7, "", f"[seats.1]\ncharm = {bad}\n", days=2))


@pytest.mark.parametrize("count", [1, 2, 3])
def test_c24_targets_per_night(count: int) -> None:
    """C24 piper.targets_per_night: the request asks for exactly that many players."""
    targets = [4, 5, 6][:count]
    played = play(_game(TABLE7, f'"piper.targets_per_night" = {count}', _charms(targets)))
    request = played.asked("charm", seat=1)[0]
    assert request.count == count
    assert played.events("night_action", action="charm")[0].targets == tuple(targets)  # type: ignore[attr-defined]


def test_c24_fewer_players_left_than_targets() -> None:
    """C24: with a single uncharmed player left, he is asked to charm just that one."""
    roles = ["piper", "werewolf", "villager", "villager"]
    played = play(_game(roles, "", _charms([2, 3], [4]), days=2))
    assert [(r.options, r.count) for r in played.asked("charm")] == [((2, 3, 4), 2), ((4,), 1)]


# --- the enchanted wake (C24)


def test_c24_enchanted_wake_true() -> None:
    """C24 piper.enchanted_wake = true: each night every charmed player, from that night
    and before, is told who the charmed are; no one else is told, the piper included
    (A15: they do not learn who he is)."""
    played = play(_game(TABLE7, '"piper.enchanted_wake" = true', _charms([4, 5], [6, 7]),
                        days=2))
    assert _enchanted(played) == [(1, (4, 5), (4, 5)), (2, (4, 5, 6, 7), (4, 5, 6, 7))]


def test_c24_dead_charmed_players_do_not_wake() -> None:
    """C24: a charmed player exiled on day 1 is not among those waking on night 2."""
    votes = "".join(f"[seats.{s}]\nvote = [5]\n" for s in (2, 3, 4))
    played = play(_game(TABLE7, "", _charms([4, 5], [6, 7]) + votes, days=2))
    assert deaths(played.result) == [(1, 5, "vote")]
    assert _enchanted(played)[1] == (2, (4, 6, 7), (4, 6, 7))


def test_c24_enchanted_wake_false() -> None:
    """C24 piper.enchanted_wake = false (网杀): the charmed learn nothing."""
    played = play(_game(TABLE7, '"piper.enchanted_wake" = false', _charms([4, 5], [6, 7]),
                        days=2))
    assert played.events("enchanted") == []
    assert len(played.events("night_action", action="charm")) == 2


# --- the win (R14, section 3, A14)


def test_r14_wins_once_every_other_living_player_is_charmed() -> None:
    """R14 / section 3: after night 2's charms every other living player is charmed; the
    piper wins alone at daybreak, before any day-2 vote."""
    played = play(_game(TABLE5, "", _charms([2, 3], [4, 5]), days=3))
    assert played.winner == "piper" and played.winners == (1,)
    end = played.events("game_end")[0]
    assert (end.day, end.reason) == (2, "win")  # type: ignore[attr-defined]
    assert played.asked("vote", day=2) == []


def test_r14_not_yet_won_while_one_is_uncharmed() -> None:
    """R14 control: after night 1 three of the four others are charmed: no win."""
    played = play(_game(TABLE5, '"piper.targets_per_night" = 3', _charms([2, 3, 4])))
    assert played.winner == "draw"


def test_r14_win_after_a_wolf_kill() -> None:
    """R14 (001: also after a wolf kill): on night 2 the wolves kill seat 6, the only one
    he cannot charm that night, and at daybreak the piper has won."""
    seats = _charms([2, 3], [4, 5]) + '[seats.2]\nkill = ["none", 6]\n'
    played = play(_game(TABLE6, "", seats, days=2))
    assert deaths(played.result) == [(2, 6, "night")]
    assert played.winner == "piper" and played.winners == (1,)


def test_r14_no_win_while_an_uncharmed_player_lives() -> None:
    """R14 control: the same nights without the kill leave seat 6 uncharmed: no win."""
    played = play(_game(TABLE6, "", _charms([2, 3], [4, 5]), days=2))
    assert played.winner == "draw"


def test_r14_win_after_a_vote() -> None:
    """R14 / section 3 (the check also runs after votes): exiling the last uncharmed
    player on day 2 gives the piper the game."""
    votes = "".join(f"[seats.{s}.day2]\nvote = [6]\n" for s in (3, 4, 5))
    played = play(_game(TABLE6, "", _charms([2, 3], [4, 5]) + votes, days=3))
    assert deaths(played.result) == [(2, 6, "vote")]
    assert played.winner == "piper" and played.winners == (1,)
    assert played.events("game_end")[0].day == 2


def test_a14_piper_wins_before_the_village() -> None:
    """A14: exiling the last wolf on day 1 meets the village's goal and the piper's (the
    two living villagers are charmed); the solo third party is checked first."""
    roles = ["piper", "werewolf", "villager", "villager"]
    votes = "[seats.3]\nvote = [2]\n[seats.4]\nvote = [2]\n"
    played = play(_game(roles, "", _charms([3, 4]) + votes))
    assert deaths(played.result) == [(1, 2, "vote")]
    assert played.winner == "piper" and played.winners == (1,)


def test_a14_piper_wins_before_the_wolves() -> None:
    """A14: under wolves.win = all_ordinary_villagers the wolves' night-1 kill of the only
    plain villager meets their goal at the same dawn as the piper's (seats 2 and 3
    charmed); the piper is checked first and wins alone."""
    roles = ["piper", "werewolf", "seer", "villager"]
    seats = _charms([2, 3]) + "[seats.2]\nkill = [4]\n"
    played = play(_game(roles, '"wolves.win" = "all_ordinary_villagers"', seats))
    assert deaths(played.result) == [(1, 4, "night")]
    assert played.winner == "piper" and played.winners == (1,)


@pytest.mark.parametrize("must_be_alive", [True, False])
def test_c24_must_be_alive(must_be_alive: bool) -> None:
    """C24 piper.must_be_alive: the wolves kill the piper on night 2, after which every
    living player is charmed; he wins from the grave only when the option is off."""
    seats = _charms([2, 3], [4, 5]) + '[seats.2]\nkill = ["none", 1]\n'
    rules = f'"piper.must_be_alive" = {str(must_be_alive).lower()}'
    played = play(_game(TABLE5, rules, seats, days=2))
    assert deaths(played.result) == [(2, 1, "night")]
    if must_be_alive:
        assert played.winner != "piper"
    else:
        assert played.winner == "piper" and played.winners == (1,)


# --- the piper as a lover (C24)

# seat 1 piper, 2 wolf, 3 cupid, 4-6 villagers; Cupid links the piper and seat 4
WITH_CUPID = ["piper", "werewolf", "cupid", "villager", "villager", "villager"]
LINK = "[seats.3]\nlink = [1, 4]\n"


def test_c24_lover_disables_true() -> None:
    """C24 piper.lover_disables = true (网杀): a piper made a lover is never asked to
    charm, so nobody is ever enchanted."""
    played = play(_game(WITH_CUPID, '"piper.lover_disables" = true', LINK, days=2))
    assert played.events("lovers")[0].seats == (1, 4)  # type: ignore[attr-defined]
    assert played.asked("charm") == []
    assert played.events("enchanted") == []


def test_c24_lover_disables_false() -> None:
    """C24 piper.lover_disables = false (tabletop): the piper lover charms as usual."""
    played = play(_game(WITH_CUPID, '"piper.lover_disables" = false', LINK, days=2))
    assert [r.day for r in played.asked("charm", seat=1)] == [1, 2]

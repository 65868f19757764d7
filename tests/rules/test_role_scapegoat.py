"""Scapegoat (R13): a tied day vote exiles him instead of the tied players; the tie rule
comes before the sheriff's (C13 e, C39); dying, he chooses who may vote the next day,
possibly nobody, for that one day only (A9)."""

from __future__ import annotations

import pytest

from tests.helpers import deaths
from tests.rules.test_roles_common import Played, alive_at_end, play

# seat 1 wolf, 2 wolf, 3 scapegoat, 4-8 villagers
DEAL = ('roles = ["werewolf", "werewolf", "scapegoat", "villager", "villager", "villager", '
        '"villager", "villager"]')

GOAT_FIRST = '"vote.tie" = ["scapegoat", "sheriff_decides", "none"]'


def _game(seats: str, days: int = 1, rules: str = GOAT_FIRST,
          sheriff: str = "none") -> str:
    return f"""
seed = 13
{DEAL}
[rules]
"sheriff.election" = "{sheriff}"
"game.max_days" = {days}
{rules}
{seats}
"""


def _votes(day: int, **by_voter: int) -> str:
    """Day-``day`` ballots: _votes(1, s4=1, s5=2)."""
    return "".join(f"[seats.{k[1:]}.day{day}]\nvote = [{v}]\n" for k, v in by_voter.items())


TIE_1_2 = _votes(1, s4=1, s5=1, s6=2, s7=2)  # seats 1 and 2 tie at two votes
# the same tie when seat 4 is the sheriff and his ballot counts double
SHERIFF_TIE_1_2 = "[seats.4]\nrun = [true]\n" + _votes(1, s4=1, s6=2, s7=2)


def _voters(played: Played, day: int) -> list[int]:
    """Seats asked for an exile ballot on ``day``."""
    return sorted(r.seat for r in played.asked("vote", day=day)
                  if r.context.get("ballot") == "exile")


def _designate(targets: list[int]) -> str:
    return f"[seats.3]\ndesignate = [{targets}]\n"


# --- the tie (R13, C13 e)


def test_r13_tie_exiles_the_scapegoat_instead() -> None:
    """R13: seats 1 and 2 tie; the scapegoat dies in their place and both live on."""
    played = play(_game(TIE_1_2 + _designate([4, 5])))
    assert played.events("vote_result", day=1)[0].tie == (1, 2)  # type: ignore[attr-defined]
    assert deaths(played.result) == [(1, 3, "scapegoat")]
    assert {1, 2} <= alive_at_end(played)


def test_r13_scapegoat_among_the_tied_dies_alone() -> None:
    """R13: when he is himself one of the tied, he dies and the other tied player lives."""
    seats = _votes(1, s4=3, s5=3, s6=1, s7=1) + _designate([4])
    played = play(_game(seats))
    assert deaths(played.result) == [(1, 3, "scapegoat")]
    assert 1 in alive_at_end(played)


def test_r13_clear_majority_does_not_touch_the_scapegoat() -> None:
    """R13 control: without a tie the most-voted player is exiled as usual."""
    played = play(_game(_votes(1, s4=1, s5=1, s6=1, s7=2)))
    assert deaths(played.result) == [(1, 1, "vote")]
    assert played.asked("designate") == []


def test_c39_scapegoat_comes_before_the_sheriff() -> None:
    """C39: with vote.tie = [scapegoat, sheriff_decides, none] and a living sheriff
    (seat 4), the tie kills the scapegoat; the sheriff is never asked to break it."""
    played = play(_game(SHERIFF_TIE_1_2 + _designate([4, 5]), sheriff="before_night1"))
    assert played.events("sheriff")[0].seat == 4  # type: ignore[attr-defined]
    assert [r for r in played.asked("vote") if r.context.get("ballot") == "tiebreak"] == []
    assert deaths(played.result) == [(1, 3, "scapegoat")]


def test_c39_dead_scapegoat_leaves_the_tie_to_the_sheriff() -> None:
    """C39: once the scapegoat is dead, the next rule (the sheriff's) settles the tie."""
    seats = ('[seats.4]\nrun = [true]\nvote = ["none", 2]\n'
             "[seats.1]\nkill = [3]\n[seats.2]\nkill = [3]\n"
             + _votes(1, s5=2, s6=2, s7=1, s8=1))
    played = play(_game(seats, sheriff="before_night1"))
    assert deaths(played.result) == [(1, 3, "night"), (1, 2, "vote")]


# --- the designation (A9)


def test_a9_designation_request_and_public_choice() -> None:
    """A9: before dying he is asked to name voters among the other living players, any
    subset; his choice is announced to the table."""
    played = play(_game(TIE_1_2 + _designate([4, 5])))
    request = played.asked("designate", seat=3)[0]
    assert set(request.options) == {1, 2, 4, 5, 6, 7, 8}
    chosen = [e for e in played.events("vote") if e.ballot == "designate"]  # type: ignore[attr-defined]
    assert [(e.seat, e.targets, e.audience) for e in chosen] == [(3, (4, 5), "public")]  # type: ignore[attr-defined]
    death = played.events("death", seat=3)[0]
    assert chosen[0].seq < death.seq


def test_a9_only_the_designated_vote_the_next_day() -> None:
    """A9: on day 2 only seats 4 and 5 are asked to vote; on day 3 every living player
    votes again (the restriction lasts one day)."""
    seats = TIE_1_2 + _designate([4, 5]) + _votes(2, s4=6, s5=6)
    played = play(_game(seats, days=3))
    assert _voters(played, 1) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert _voters(played, 2) == [4, 5]
    assert deaths(played.result) == [(1, 3, "scapegoat"), (2, 6, "vote")]
    assert _voters(played, 3) == [1, 2, 4, 5, 7, 8]


def test_a9_empty_designation_means_no_vote() -> None:
    """A9: choosing nobody means nobody votes the next day and nobody is exiled; the
    day after, the vote is back."""
    played = play(_game(TIE_1_2 + _designate([]), days=3))
    assert _voters(played, 2) == []
    assert played.events("vote_result", day=2) == []
    assert _voters(played, 3) == [1, 2, 4, 5, 6, 7, 8]


def test_a9_designated_voter_killed_at_night_leaves_no_voter() -> None:
    """R13 / A9: his only chosen voter is killed that night, so nobody votes the next
    day."""
    seats = TIE_1_2 + _designate([4]) + "".join(
        f"[seats.{w}.day2]\nkill = [4]\n" for w in (1, 2))
    played = play(_game(seats, days=2))
    assert deaths(played.result) == [(1, 3, "scapegoat"), (2, 4, "night")]
    assert _voters(played, 2) == []


def test_a9_designated_sheriff_keeps_his_weight() -> None:
    """A9: chosen voters keep their normal weights: the sheriff's ballot on day 2 still
    counts double."""
    seats = SHERIFF_TIE_1_2 + _designate([4, 5]) + _votes(2, s4=1, s5=2)
    played = play(_game(seats, days=2, sheriff="before_night1"))
    assert deaths(played.result)[0] == (1, 3, "scapegoat")
    assert _voters(played, 2) == [4, 5]
    day2 = played.events("vote_result", day=2)
    assert [e.counts for e in day2] == [{"1": 2.0, "2": 1.0}]  # type: ignore[attr-defined]
    assert (2, 1, "vote") in deaths(played.result)


# --- the elder's penalty takes his power (R12, C25)

# seat 1 wolf, 2 wolf, 3 scapegoat, 4 elder, 5-9 villagers
ELDER_DEAL = ('roles = ["werewolf", "werewolf", "scapegoat", "elder", "villager", '
              '"villager", "villager", "villager", "villager"]')


def _elder_game(day1_exile: int, scope: str = "village_specials") -> Played:
    """Day 1: seats 5-7 exile ``day1_exile``; day 2: seats 1 and 2 tie two votes each
    (the scapegoat would name 5 and 6); day 3 is the last."""
    seats = (_votes(1, s5=day1_exile, s6=day1_exile, s7=day1_exile)
             + _votes(2, s5=1, s6=1, s7=2, s8=2) + _designate([5, 6]))
    rules = f'{GOAT_FIRST}\n"elder.penalty_scope" = "{scope}"'
    return play(_game(seats, days=3, rules=rules).replace(DEAL, ELDER_DEAL))


def test_r12_c25_silenced_scapegoat_does_not_die_on_a_tie() -> None:
    """R12 / C25 (village_specials): the elder exiled on day 1, the scapegoat has lost his
    power: the day-2 tie goes to the next rule (no sheriff, then none) and nobody dies."""
    played = _elder_game(4)
    assert [e.seat for e in played.events("reveal", reason="penalty")] == [4]  # type: ignore[attr-defined]
    assert played.events("vote_result", day=2)[0].tie == (1, 2)  # type: ignore[attr-defined]
    assert deaths(played.result) == [(1, 4, "vote")]


def test_r12_c25_silenced_scapegoat_names_no_voters() -> None:
    """R12 / C25: without his power he is never asked to name voters, and every living
    player votes on day 3."""
    played = _elder_game(4)
    assert played.asked("designate") == []
    assert _voters(played, 3) == [1, 2, 3, 5, 6, 7, 8, 9]


@pytest.mark.parametrize(("exiled", "scope"), [(9, "village_specials"), (4, "listed_roles")])
def test_r12_c25_control_scapegoat_keeps_his_power(exiled: int, scope: str) -> None:
    """R13 / C25 control: with a villager exiled on day 1 (no penalty), or the elder under
    listed_roles (TV: hunter, guard, witch, seer only), the scapegoat dies on the day-2
    tie and only his chosen 5 and 6 vote on day 3."""
    played = _elder_game(exiled, scope)
    assert played.events("vote_result", day=2)[0].tie == (1, 2)  # type: ignore[attr-defined]
    assert deaths(played.result) == [(1, exiled, "vote"), (2, 3, "scapegoat")]
    assert _voters(played, 3) == [5, 6]

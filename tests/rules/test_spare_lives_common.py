"""Shared helpers for the elder's and the chief's tests (no tests of its own): both have
a spare life against the wolves and, killed by a village hand, silence the village's
night powers (R12, R23, C25). Both deals put the wolves at seats 1 and 2, the elder or
the chief at 3, the seer at 4, the witch at 5, the hunter at 6 and the guard at 7."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import deaths
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_roles_common import Played, play, sheriffless

# after the penalty: no village power is asked for, the wolves keep killing
SILENT = {"check": [], "save": [], "poison": [], "protect": [], "peek": [], "kill": [1, 2]}


def spare_life_game(deal: str, seed: int, rules: str, seats: str, days: int) -> str:
    """A sheriffless game (see ``sheriffless``) in which the little girl is never caught."""
    return sheriffless(deal, seed, f'"little_girl.detect_p" = 0\n{rules}', seats, days)


def votes(target: int, voters: tuple[int, ...] = (4, 5, 7), day: int = 1) -> str:
    """The voters put ``target`` out on ``day`` (other seats abstain)."""
    return "".join(f"[seats.{v}.day{day}]\nvote = [{target}]\n" for v in voters)


def night_powers(played: Played, day: int) -> dict[str, list[int]]:
    """Which seats were asked to use each night power on night ``day``."""
    kinds = ("check", "save", "poison", "protect", "peek", "kill")
    return {k: [r.seat for r in played.asked(k, day=day)] for k in kinds}


# the village's hands that kill seat 3 at once, spare life or not
VILLAGE_HANDS = {
    "vote": votes(3),
    "poison": "[seats.5]\npoison = [3]\n",
    "hunter": votes(6) + "[seats.6]\nshoot = [3]\n",
}


def assert_silenced_hunter_cannot_shoot(game: Callable[[str, str, int], str]) -> None:
    """After seat 3's penalty (exiled on day 1), the hunter the wolves kill on night 2 is
    not asked to shoot; ``game(rules, seats, days)`` is the role's scenario."""
    seats = votes(3) + wolves_kill(["none", 6]) + "[seats.6]\nshoot = [1]\n"
    played = play(game("", seats, 2))
    assert deaths(played.result) == [(1, 3, "vote"), (2, 6, "night")]
    assert played.asked("shoot") == []

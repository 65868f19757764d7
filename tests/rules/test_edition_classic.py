"""Edition classic (TB, project decision 2): the classic-8..18 deals follow the 003
tabletop table (catalog 5.4), the edition's rules take the TB choices of section 6
(those not already checked in test_presets_editions.py), and every preset plays to
the end with random bots.

The helpers ``deal_of``, ``assert_plays_to_the_end`` and ``assert_wakes_in_order`` are
shared by the other test_edition_* files."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arena.engine import GameResult
from arena.presets import load_preset
from tests.helpers import play_bots
from tests.rules.test_presets_editions import names_in, rules_of

OUTCOMES = {"village", "wolves", "lovers", "hybrid_lovers", "piper", "white_wolf",
            "white_eyed_wolf"}


def deal_of(name: str) -> dict[str, int]:
    """The preset's cards, without zero counts."""
    return {role: n for role, n in load_preset(name).roles.items() if n}


def table(columns: Sequence[str], rows: dict[int, Sequence[int]]) -> dict[int, dict[str, int]]:
    """A catalog table as players -> {role: count}, dropping empty cells."""
    return {n: {c: v for c, v in zip(columns, row, strict=True) if v} for n, row in rows.items()}


def assert_plays_to_the_end(name: str, seed: int = 7) -> GameResult:
    """One game of the preset with random bots runs to its game_end: a side wins with
    at least one seat, or (a stalemate the rules allow) the day limit draws it.
    Returns the game for further checks."""
    config = load_preset(name)
    result = play_bots(config, "random", seed)
    end = result.events[-1]
    assert end.type == "game_end"  # type: ignore[attr-defined]
    if result.winner == "draw":
        assert end.reason == "day limit"  # type: ignore[attr-defined]
        assert result.days == config.rules.game__max_days
    else:
        assert end.reason == "win"  # type: ignore[attr-defined]
        assert result.winner in OUTCOMES
        assert result.winners and set(result.winners) <= set(result.roles)
    return result


def assert_wakes_in_order(name: str, chain: Sequence[str]) -> None:
    """``chain`` roles all appear in the preset's night.order, in this relative order."""
    order = list(rules_of(name)["night.order"])
    assert all(role in order for role in chain), f"{name}: {order} lacks one of {chain}"
    positions = [order.index(role) for role in chain]
    assert positions == sorted(positions), f"{name}: {order} does not keep {chain}"


# catalog 5.4: players -> wolves, seer, witch, hunter, cupid, idiot, villagers
TABLE_5_4 = table(
    ("werewolf", "seer", "witch", "hunter", "cupid", "idiot", "villager"),
    {8: (2, 1, 1, 0, 0, 0, 4), 9: (2, 1, 1, 1, 0, 0, 4), 10: (2, 1, 1, 1, 1, 0, 4),
     11: (2, 1, 1, 1, 1, 1, 4), 12: (3, 1, 1, 1, 1, 1, 4), 13: (3, 1, 1, 1, 1, 1, 5),
     14: (3, 1, 1, 1, 1, 1, 6), 15: (4, 1, 1, 1, 1, 1, 6), 16: (4, 1, 1, 1, 1, 1, 7),
     17: (5, 1, 1, 1, 1, 1, 7), 18: (5, 1, 1, 1, 1, 1, 8)},
)
NAMES = names_in("classic")


def test_classic_presets_cover_the_5_4_table() -> None:
    """Decision 2: one classic preset per row of 5.4, 8 to 18 players."""
    assert sorted(NAMES) == sorted(f"classic-{n}" for n in TABLE_5_4)


@pytest.mark.parametrize("players", sorted(TABLE_5_4))
def test_classic_deal_follows_table_5_4(players: int) -> None:
    """Catalog 5.4: each row's wolves, specials and villagers."""
    assert deal_of(f"classic-{players}") == TABLE_5_4[players]


@pytest.mark.parametrize("name", NAMES)
def test_classic_section_6_defaults(name: str) -> None:
    """Section 6, TB column: the hunter shoots on a night death (C2) but not when
    poisoned or as a lover (C3); each potion once, both in a night allowed, self-save
    allowed, the witch always told the target (C6-C8); everyone living elects the
    sheriff (C10), whose badge passing is optional on any death (C12); wolves may pass
    or take a wolf (C14) and settle by majority (C15); the little girl may peek the
    whole wolf step (C16); lovers do not see roles (C18), may not vote for each other
    (C19) and a mixed pair wins as the last two alive, without Cupid (C21); the idiot
    survives his exile (C20); the village need not remove third parties (C23); the
    elder's penalty hits the village specials (C25); the thief takes a spare card
    (C26); votes are simultaneous (C29); speeches go clockwise from the left of the
    victim (C30)."""
    rules = rules_of(name)
    assert rules["hunter.shoot_on_night_death"] is True
    assert {"poison", "lover", "other"} <= set(rules["hunter.blocked_causes"])
    assert not {"wolves", "vote"} & set(rules["hunter.blocked_causes"])
    assert (rules["witch.total_uses"], rules["witch.max_per_night"]) == (2, 2)
    assert rules["witch.self_save"] is True
    assert rules["witch.sees_victim"] == "always"
    assert rules["sheriff.electorate"] == "all_living"
    assert rules["sheriff.succession"] == "optional"
    assert rules["sheriff.succession_on"] == "any_death"
    assert rules["wolves.allow_no_kill"] is True and rules["wolves.allow_wolf_target"] is True
    assert rules["wolves.consensus"] == "majority_tie_nokill"
    assert rules["little_girl.window"] == "whole_step"
    assert rules["lovers.see_roles"] is False
    assert rules["lovers.vote_restriction"] == "forbid_each_other"
    assert rules["lovers.win"] == "last_two_alive"
    assert rules["cupid.joins_mixed_pair"] is False
    assert rules["idiot.on_vote"] == "survive_no_vote"
    assert rules["village.win_requires_no_third_party"] is False
    assert rules["elder.penalty_scope"] == "village_specials"
    assert rules["thief.mode"] == "spare_cards"
    assert rules["vote.mode"] == "simultaneous"
    assert rules["speech.order"] == "left_of_victim"


@pytest.mark.parametrize("name", NAMES)
def test_classic_night_order_follows_n_tb(name: str) -> None:
    """C28 / 2.2 N-TB: thief, Cupid, guard, seer, wolves, witch."""
    assert_wakes_in_order(name, ("thief", "cupid", "guard", "seer", "werewolf", "witch"))


@pytest.mark.parametrize("name", NAMES)
def test_classic_preset_plays_to_the_end_with_random_bots(name: str) -> None:
    """Every classic preset: one random-bot game ends with a winner."""
    assert_plays_to_the_end(name)

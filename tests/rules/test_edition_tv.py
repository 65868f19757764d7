"""Edition tv (TV, 001-B, project decision 2): the tv-6/8/10/12/16 deals follow the
001-B list (catalog 5.2; rows 6, 8 and 10 are checked in test_presets_editions.py),
the edition's rules take the TV choices of section 6 not checked there, and every
preset plays to the end with random bots."""

from __future__ import annotations

import pytest

from tests.rules.test_edition_classic import (
    assert_plays_to_the_end,
    assert_wakes_in_order,
    deal_of,
    table,
)
from tests.rules.test_presets_editions import names_in, rules_of

# catalog 5.2: players -> wolves, seer, cupid, witch, hunter, guard, elder, idiot,
# scapegoat, piper, villagers
TABLE_5_2 = table(
    ("werewolf", "seer", "cupid", "witch", "hunter", "guard", "elder", "idiot", "scapegoat",
     "piper", "villager"),
    {6: (1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2), 8: (2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2),
     10: (2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3), 12: (3, 1, 1, 1, 1, 1, 1, 1, 0, 0, 2),
     16: (4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3)},
)
NAMES = names_in("tv")


def test_tv_presets_are_the_rows_of_the_001b_list() -> None:
    """Decision 2 / 5.2: tv-6, tv-8, tv-10, tv-12 and tv-16, nothing else."""
    assert sorted(NAMES) == sorted(f"tv-{n}" for n in TABLE_5_2)


@pytest.mark.parametrize("players", [12, 16])
def test_tv_deal_follows_table_5_2(players: int) -> None:
    """Catalog 5.2: the 12-player row (with elder and idiot) and the 16-player row
    (adding scapegoat and piper)."""
    assert deal_of(f"tv-{players}") == TABLE_5_2[players]


@pytest.mark.parametrize("name", NAMES)
def test_tv_reveal_and_last_words_are_one_of_the_two_001b_options(name: str) -> None:
    """C4 / C5 / C3 (TV): either the exiled show their card and have no last words
    (option 1), or they stay hidden, give last words, and a hunter must have shown his
    card to shoot (option 2)."""
    rules = rules_of(name)
    option_1 = rules["reveal.vote_death"] is True and rules["last_words.mode"] == "none"
    option_2 = (rules["reveal.vote_death"] is False
                and rules["last_words.mode"] == "voted_only"
                and rules["hunter.requires_reveal"] is True)
    assert option_1 or option_2


@pytest.mark.parametrize("name", NAMES)
def test_tv_section_6_defaults(name: str) -> None:
    """Section 6, TV column: the hunter shoots on a night death (C2); each potion once
    (C6); the sheriff's vote counts double (C11); lovers may neither vote for nor kill
    each other (C19); the piper's enchanted wake, he must live to win, a lover piper
    still charms, two a night (C24); the elder's penalty hits the listed roles (C25);
    the thief takes a spare card (C26)."""
    rules = rules_of(name)
    assert rules["hunter.shoot_on_night_death"] is True
    assert rules["witch.total_uses"] == 2
    assert rules["sheriff.vote_weight"] == 2.0
    assert rules["lovers.vote_restriction"] == "forbid_each_other"
    assert rules["wolves.lover_target_forbidden"] is True
    assert rules["piper.enchanted_wake"] is True and rules["piper.must_be_alive"] is True
    assert rules["piper.lover_disables"] is False and rules["piper.targets_per_night"] == 2
    assert rules["elder.penalty_scope"] == "listed_roles"
    assert rules["thief.mode"] == "spare_cards"


def test_tv_c16_little_girl_peeks_only_after_the_kill_call() -> None:
    """C16, TV column: the little girl may peek only once the wolves are called to
    kill, not while they recognise each other (no tv deal has her, but the edition's
    rules apply when she is added to one)."""
    windows = {name: rules_of(name)["little_girl.window"] for name in NAMES}
    assert windows == dict.fromkeys(NAMES, "after_kill_call")


@pytest.mark.parametrize("name", NAMES)
def test_tv_night_order_follows_n_tv(name: str) -> None:
    """C28 / 2.2 N-TV: thief, Cupid, guard, seer, wolves, witch, piper."""
    assert_wakes_in_order(name, ("thief", "cupid", "guard", "seer", "werewolf", "witch",
                                 "piper"))


@pytest.mark.parametrize("name", NAMES)
def test_tv_preset_plays_to_the_end_with_random_bots(name: str) -> None:
    """Every tv preset: one random-bot game runs to its end."""
    assert_plays_to_the_end(name)

"""Edition online-newmoon (网杀 新月版, O-NM, project decision 2): the deals follow the
003 online table (catalog 5.3a), the rules are the 标准版 choices of section 6, and
every preset plays to the end with random bots.

Departure from the catalog: the online New Moon events (4.4, schedule C35) are not
played, so this edition's rules are exactly online-standard's."""

from __future__ import annotations

import pytest

from tests.rules.test_edition_classic import (
    assert_plays_to_the_end,
    assert_wakes_in_order,
    deal_of,
)
from tests.rules.test_edition_online_standard import (
    ONLINE_NIGHT,
    TABLE_5_3A,
    assert_online_choices,
    assert_online_core,
)
from tests.rules.test_presets_editions import names_in, rules_of

NAMES = names_in("online-newmoon")


def test_online_newmoon_presets_cover_the_5_3a_table() -> None:
    """Decision 2: one preset per row of 5.3a, 6 to 18 players."""
    assert sorted(NAMES) == sorted(f"online-newmoon-{n}" for n in TABLE_5_3A)


@pytest.mark.parametrize("players", sorted(TABLE_5_3A))
def test_online_newmoon_deal_follows_table_5_3a(players: int) -> None:
    """Catalog 5.3a: 新月版 uses the same table as 标准版."""
    assert deal_of(f"online-newmoon-{players}") == TABLE_5_3A[players]


@pytest.mark.parametrize("name", NAMES)
def test_online_newmoon_section_6_defaults(name: str) -> None:
    """Section 6, O-NM column (the same as O-STD): killed players hidden, exiled ones
    shown (C4), no last words (C5), the shared online choices, ties to the sheriff's
    side else nobody (C13 d, A10), wolves kill everyone but the wolves (C22)."""
    rules = rules_of(name)
    assert (rules["reveal.night_death"], rules["reveal.vote_death"]) == (False, True)
    assert rules["last_words.mode"] == "none"
    assert_online_core(rules)
    assert_online_choices(rules)
    assert rules["sheriff.election"] != "none"
    assert rules["vote.tie"] == ["sheriff_side", "none"]
    assert rules["wolves.win"] == "all_non_wolves"


@pytest.mark.parametrize("players", sorted(TABLE_5_3A))
def test_online_newmoon_rules_equal_online_standard_without_events(players: int) -> None:
    """With its events not played, 新月版 has exactly the 标准版 rules."""
    assert rules_of(f"online-newmoon-{players}") == rules_of(f"online-standard-{players}")


@pytest.mark.parametrize("name", NAMES)
def test_online_newmoon_night_order(name: str) -> None:
    """C28 / 2.2 N-ONLINE: first-night steps, guard, seer, wolves, witch, piper."""
    assert_wakes_in_order(name, ONLINE_NIGHT)


@pytest.mark.parametrize("name", NAMES)
def test_online_newmoon_preset_plays_to_the_end_with_random_bots(name: str) -> None:
    """Every online-newmoon preset: one random-bot game runs to its end."""
    assert_plays_to_the_end(name)

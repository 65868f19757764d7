"""Edition online-piper (网杀 吹笛者版, O-PIPER, project decision 2): 12 to 18 players,
the 5.3a rows with the piper in the hybrid's place (catalog 5.3b), the online piper's
rules (R14, C24) and the shared online choices of section 6; every preset plays to
the end with random bots."""

from __future__ import annotations

import pytest

from tests.rules.test_edition_classic import deal_of
from tests.rules.test_edition_online_standard import TABLE_5_3A, assert_standard_column
from tests.rules.test_presets_editions import names_in, rules_of

NAMES = names_in("online-piper")
SIZES = range(12, 19)


def test_online_piper_presets_are_12_to_18() -> None:
    """R14 / 5.3b: the online piper comes only with 12 or more players, and 吹笛者版
    has only the standard sub-version."""
    assert sorted(NAMES) == sorted(f"online-piper-{n}" for n in SIZES)


@pytest.mark.parametrize("players", SIZES)
def test_online_piper_deal_is_the_5_3b_row(players: int) -> None:
    """Catalog 5.3b: the 5.3a row with the piper replacing the hybrid."""
    row = dict(TABLE_5_3A[players])
    row["piper"] = row.pop("hybrid")
    assert deal_of(f"online-piper-{players}") == row


@pytest.mark.parametrize("name", NAMES)
def test_online_piper_section_6_defaults(name: str) -> None:
    """Section 6, O-PIPER column: the charmed learn nothing and do not wake, the piper
    must be alive to win, a piper made a lover cannot charm, two charms a night (C24);
    killed players hidden, exiled shown, no last words (C4, C5); the shared online
    choices; ties to the sheriff's side else nobody (C13 d, A10); wolves kill everyone
    but the wolves (C22)."""
    rules = rules_of(name)
    assert rules["piper.enchanted_wake"] is False
    assert rules["piper.must_be_alive"] is True
    assert rules["piper.lover_disables"] is True
    assert rules["piper.targets_per_night"] == 2
    assert_standard_column(rules)

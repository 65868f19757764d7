"""Edition online-newmoon (网杀 新月版, O-NM, project decision 2): the deals follow the
003 online table (catalog 5.3a), the rules are the 标准版 choices of section 6, and
every preset plays to the end with random bots (the deals, night order and games:
test_edition_online_standard.py). The online New Moon events (4.4, schedule C35) are
played: tests/rules/test_newmoon_online.py."""

from __future__ import annotations

import pytest

from tests.rules.test_edition_online_standard import TABLE_5_3A, assert_standard_column
from tests.rules.test_presets_editions import names_in, rules_of

NAMES = names_in("online-newmoon")


@pytest.mark.parametrize("name", NAMES)
def test_online_newmoon_section_6_defaults(name: str) -> None:
    """Section 6, O-NM column (the same as O-STD): killed players hidden, exiled ones
    shown (C4), no last words (C5), the shared online choices, ties to the sheriff's
    side else nobody (C13 d, A10), wolves kill everyone but the wolves (C22)."""
    rules = rules_of(name)
    assert_standard_column(rules)
    assert rules["sheriff.election"] != "none"


EVENT_RULES = {"events.mode": "online", "lovers.breakup_causes": ["ufo", "thunder"]}


@pytest.mark.parametrize("players", sorted(TABLE_5_3A))
def test_online_newmoon_is_online_standard_plus_its_events(players: int) -> None:
    """003: 新月版 is 标准版 plus the events (4.4); the UFO and the thunderbolt part lovers
    (C36) and a hunter the UFO takes does not shoot (C3); every other rule is 标准版's."""
    newmoon, standard = rules_of(f"online-newmoon-{players}"), rules_of(
        f"online-standard-{players}")
    assert {k: newmoon[k] for k in EVENT_RULES} == EVENT_RULES
    assert "ufo" in newmoon["hunter.blocked_causes"]
    changed = {k for k in newmoon if newmoon[k] != standard[k]}
    assert changed == {*EVENT_RULES, "hunter.blocked_causes"}

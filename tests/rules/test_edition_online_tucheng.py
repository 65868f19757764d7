"""Edition online-tucheng (网杀 屠城版, O-TC, project decision 2): the deals follow the
屠城 table (catalog 5.3c), the rules take the O-TC choices of section 6 (no sheriff
but the high monk's, monk tie rule, the 屠城 win) and the shared online ones, and
every preset plays to the end with random bots, with no sheriff election."""

from __future__ import annotations

import pytest

from tests.rules.test_edition_classic import (
    assert_plays_to_the_end,
    assert_wakes_in_order,
    deal_of,
    table,
)
from tests.rules.test_edition_online_standard import (
    assert_online_choices,
    assert_online_core,
)
from tests.rules.test_presets_editions import names_in, rules_of

# catalog 5.3c: players -> wolves, witch, high monk, seer, infatuated, guard,
# white-eyed wolf, chief, dreamer, hunter, idiot, villagers
TABLE_5_3C = table(
    ("werewolf", "witch", "high_monk", "seer", "infatuated", "guard", "white_eyed_wolf",
     "chief", "dreamer", "hunter", "idiot", "villager"),
    {6: (2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2), 7: (2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3),
     8: (2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 3), 9: (2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 3),
     10: (3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 3), 11: (3, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 3),
     12: (3, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3), 13: (3, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 3),
     14: (3, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 4), 15: (3, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 4),
     16: (3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 4), 17: (4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 4),
     18: (4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4)},
)
NAMES = names_in("online-tucheng")


def test_online_tucheng_presets_cover_the_5_3c_table() -> None:
    """Decision 2: one preset per row of 5.3c, 6 to 18 players."""
    assert sorted(NAMES) == sorted(f"online-tucheng-{n}" for n in TABLE_5_3C)


@pytest.mark.parametrize("players", sorted(TABLE_5_3C))
def test_online_tucheng_deal_follows_table_5_3c(players: int) -> None:
    """Catalog 5.3c: each row, the white-eyed wolf counted apart from the wolves, and
    no Cupid, hybrid or thief in 屠城."""
    deal = deal_of(f"online-tucheng-{players}")
    assert deal == TABLE_5_3C[players]
    assert not {"cupid", "hybrid", "thief"} & set(deal)


@pytest.mark.parametrize("name", NAMES)
def test_online_tucheng_section_6_defaults(name: str) -> None:
    """Section 6, O-TC column: no sheriff election (C9), a tie kills the living monk,
    else nobody (C13 f, A28); wolves win by killing all villagers or all specials (C22);
    killed players hidden, exiled shown, no last words (C4, C5, 标准 sub-version); the
    infatuated adores once and covers exile and wolf kill (C34 suggestion); the shared
    online choices."""
    rules = rules_of(name)
    assert rules["sheriff.election"] == "none"
    assert rules["vote.tie"] == ["monk", "none"]
    assert rules["wolves.win"] == "all_villagers_or_all_specials"
    assert (rules["reveal.night_death"], rules["reveal.vote_death"]) == (False, True)
    assert rules["last_words.mode"] == "none"
    assert rules["infatuated.frequency"] == "once"
    assert rules["infatuated.covers"] == "vote_and_kill"
    assert_online_core(rules)
    assert_online_choices(rules)


@pytest.mark.parametrize("name", NAMES)
def test_online_tucheng_night_order(name: str) -> None:
    """C28 / 2.2 N-ONLINE: guard, seer, the infatuated before the wolves, witch."""
    assert_wakes_in_order(name, ("guard", "seer", "infatuated", "werewolf", "witch"))


@pytest.mark.parametrize("name", NAMES)
def test_online_tucheng_preset_plays_to_the_end_with_random_bots(name: str) -> None:
    """Every online-tucheng preset: one random-bot game runs to its end; nobody runs
    for sheriff, and a badge exists only once the dying monk has appointed someone
    (R20); after that it may pass on as usual."""
    result = assert_plays_to_the_end(name)
    types = [e.type for e in result.events]  # type: ignore[attr-defined]
    assert "candidacy" not in types
    offices = [e for e in result.events if e.type == "sheriff"]  # type: ignore[attr-defined]
    if offices:
        assert offices[0].how == "appointed"  # type: ignore[attr-defined]

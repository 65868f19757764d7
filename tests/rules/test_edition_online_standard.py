"""Edition online-standard (网杀 标准版, O-STD, project decision 2): the deals follow
the 003 online table (catalog 5.3a; the 6-player row is checked in
test_presets_editions.py), the rules take the O-STD choices of section 6 not checked
there, and every preset plays to the end with random bots.

``TABLE_5_3A``, ``ONLINE_NIGHT`` and the ``assert_*`` checks of the online rules are
shared by the other online edition tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.test_edition_classic import (
    assert_plays_to_the_end,
    assert_wakes_in_order,
    deal_of,
    table,
)
from tests.rules.test_presets_editions import names_in, rules_of

# catalog 5.3a: players -> wolves, witch, Cupid, seer, guard, hybrid, hunter, chief,
# idiot, villagers
TABLE_5_3A = table(
    ("werewolf", "witch", "cupid", "seer", "guard", "hybrid", "hunter", "chief", "idiot",
     "villager"),
    {6: (2, 1, 0, 0, 0, 0, 0, 0, 0, 3), 7: (2, 1, 0, 0, 0, 0, 0, 0, 0, 4),
     8: (2, 1, 1, 0, 0, 0, 0, 0, 0, 4), 9: (2, 1, 1, 0, 0, 0, 0, 0, 0, 5),
     10: (3, 1, 1, 1, 0, 0, 0, 0, 0, 4), 11: (3, 1, 1, 1, 0, 0, 0, 0, 0, 5),
     12: (3, 1, 1, 1, 1, 1, 0, 0, 0, 4), 13: (3, 1, 1, 1, 1, 1, 0, 0, 0, 5),
     14: (4, 1, 1, 1, 1, 1, 1, 0, 0, 4), 15: (4, 1, 1, 1, 1, 1, 1, 0, 0, 5),
     16: (4, 1, 1, 1, 1, 1, 1, 1, 0, 5), 17: (5, 1, 1, 1, 1, 1, 1, 1, 0, 5),
     18: (5, 1, 1, 1, 1, 1, 1, 1, 1, 5)},
)
# 2.2 N-ONLINE (suggestion): the New Moon order, first-night steps (thief, Cupid,
# hybrid) first, the piper after the witch
ONLINE_NIGHT = ("thief", "cupid", "hybrid", "guard", "seer", "werewolf", "witch", "piper")


def assert_online_core(rules: dict[str, Any]) -> None:
    """Online choices test_presets_editions.py checks for online-standard only: one
    potion a night (C6), sheriff vote 1.5 (C11), a rotating lead wolf (C15, decision
    3), no seer required (C38), the village must remove third parties too (C23)."""
    assert rules["witch.max_per_night"] == 1
    assert rules["sheriff.vote_weight"] == 1.5
    assert rules["wolves.consensus"] == "leader"
    assert rules["setup.require_seer"] is False
    assert rules["village.win_requires_no_third_party"] is True


def assert_standard_column(rules: dict[str, Any]) -> None:
    """The O-STD column the editions built on it keep: killed players hidden, exiled
    ones shown (C4), no last words (C5), the online core and ``assert_standard_play``."""
    assert (rules["reveal.night_death"], rules["reveal.vote_death"]) == (False, True)
    assert rules["last_words.mode"] == "none"
    assert_online_core(rules)
    assert_standard_play(rules)


def assert_standard_play(rules: dict[str, Any]) -> None:
    """The O-STD play online-lastwords keeps too: the online choices, ties to the
    sheriff's side else nobody (C13 d, A10), wolves must kill everyone but the wolves
    (C22)."""
    assert_online_choices(rules)
    assert rules["vote.tie"] == ["sheriff_side", "none"]
    assert rules["wolves.win"] == "all_non_wolves"


def assert_online_choices(rules: dict[str, Any]) -> None:
    """Online choices of section 6 shared by every online edition: exact seer with the
    player statistics off (C1, decision 3); the hunter shoots when killed by the wolves
    or exiled, not when poisoned or as a lover (C2, C3); the witch may save herself and
    always hears the target (C7, C8); where there is an election, a tie is drawn at
    random without leadership stats (C10); passing the badge is optional (C12); the
    idiot survives his exile (C20 suggestion); a mixed pair wins as the last two,
    Cupid not with them (C21 suggestion); the chief's penalty silences every non-wolf
    role (C25); ballots are simultaneous (C29); exile, wolf kill, poison and the
    hunter's shot take the lover along (C36)."""
    assert rules["seer.result"] == "exact"
    assert rules["hunter.shoot_on_night_death"] is True
    assert {"poison", "lover", "other"} <= set(rules["hunter.blocked_causes"])
    assert not {"wolves", "vote"} & set(rules["hunter.blocked_causes"])
    assert rules["witch.self_save"] is True
    assert rules["witch.sees_victim"] == "always"
    if rules["sheriff.election"] != "none":
        assert rules["sheriff.election_tie"] == "random"
    assert rules["sheriff.succession"] == "optional"
    assert rules["idiot.on_vote"] == "survive_no_vote"
    assert rules["lovers.win"] == "last_two_alive"
    assert rules["cupid.joins_mixed_pair"] is False
    assert rules["chief.penalty_scope"] == "all_roles"
    assert rules["vote.mode"] == "simultaneous"
    assert {"vote", "wolves", "poison", "hunter"} <= set(rules["lovers.chain_causes"])


NAMES = names_in("online-standard")
ON_5_3A = ("online-standard", "online-lastwords", "online-newmoon")  # editions on table 5.3a
# the presets whose nights follow ONLINE_NIGHT
WAKING_ONLINE = [name for edition in (*ON_5_3A, "online-piper", "online-thief")
                 for name in names_in(edition)]


@pytest.mark.parametrize("edition", ON_5_3A)
def test_online_presets_cover_the_5_3a_table(edition: str) -> None:
    """Decision 2: one preset per row of 5.3a, 6 to 18 players."""
    assert sorted(names_in(edition)) == sorted(f"{edition}-{n}" for n in TABLE_5_3A)


@pytest.mark.parametrize(("edition", "players"), [
    (edition, n) for edition in ON_5_3A for n in sorted(TABLE_5_3A)
    if (edition, n) != ("online-standard", 6)])
def test_online_deal_follows_table_5_3a(edition: str, players: int) -> None:
    """Catalog 5.3a (遗言版 and 新月版 use the same table as 标准版): each row's wolves,
    specials and villagers (no seer below 10, the guard and hybrid from 12, the hunter
    from 14, the chief from 16, the idiot at 18)."""
    assert deal_of(f"{edition}-{players}") == TABLE_5_3A[players]


@pytest.mark.parametrize("name", NAMES)
def test_online_standard_section_6_defaults(name: str) -> None:
    """Section 6, O-STD column (beyond test_presets_editions.py): the shared online
    choices; a sheriff is elected (003 has one, C9); a tie the sheriff's ballot does
    not settle exiles nobody (A10); wolves must kill everyone but the wolves (C22)."""
    rules = rules_of(name)
    assert_standard_play(rules)
    assert rules["sheriff.election"] != "none"


@pytest.mark.parametrize("name", WAKING_ONLINE)
def test_online_night_order(name: str) -> None:
    """C28 / 2.2 N-ONLINE: first-night steps (the thief first), guard, seer, wolves,
    witch, piper."""
    assert_wakes_in_order(name, ONLINE_NIGHT)


@pytest.mark.parametrize("name", [name for edition in (
    "online-standard", "online-newmoon", "online-piper", "online-thief")
    for name in names_in(edition)])
def test_online_preset_plays_to_the_end_with_random_bots(name: str) -> None:
    """Every preset of these online editions: one random-bot game runs to its end
    (online-lastwords checks more in its own test)."""
    assert_plays_to_the_end(name)

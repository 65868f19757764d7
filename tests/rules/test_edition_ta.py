"""Edition ta (TA, 001-A house rules, project decision 2): ta-12 deals the 12-player
game of catalog 5.1, its rules take the TA choices of section 6, and it plays to the
end with random bots."""

from __future__ import annotations

from tests.rules.test_edition_classic import (
    assert_plays_to_the_end,
    assert_wakes_in_order,
    deal_of,
)
from tests.rules.test_presets_editions import names_in, rules_of


def test_ta_has_one_preset_of_12() -> None:
    """Decision 2: 001-A describes one 12-player game, so ta-12 is the only preset."""
    assert names_in("ta") == ["ta-12"]


def test_ta_12_deal_follows_5_1() -> None:
    """Catalog 5.1: 3 wolves, seer, Cupid, witch, hunter, idiot, little girl and 3
    villagers."""
    assert deal_of("ta-12") == {
        "werewolf": 3, "seer": 1, "cupid": 1, "witch": 1, "hunter": 1, "idiot": 1,
        "little_girl": 1, "villager": 3}


def test_ta_12_section_6_defaults() -> None:
    """Section 6, TA column: the seer learns wolf / not wolf (C1); a hunter killed at
    night cannot shoot (C2); night deaths hidden, the exiled shown (C4) with last words
    (C5, suggestion voted_only); one potion in the whole game (C6); sheriff elected on
    day 1 (C9 suggestion) with a double vote (C11), who must name a successor on any
    death (C12) and settles ties (C13 c); wolves must kill and may not take a wolf
    (C14), agree or kill nobody (C15); lovers do not see roles (C18), have no vote
    restriction (C19) and a mixed pair wins only if both survive (C21); wolves must kill
    all non-wolves (C22); no third-party condition for the village (C23); votes cast in
    turn (C29), clockwise from the dead (C30)."""
    rules = rules_of("ta-12")
    assert rules["seer.result"] == "wolf_flag"
    assert rules["hunter.shoot_on_night_death"] is False
    assert (rules["reveal.night_death"], rules["reveal.vote_death"]) == (False, True)
    assert rules["last_words.mode"] == "voted_only"
    assert rules["witch.total_uses"] == 1
    assert rules["sheriff.election"] == "day1_after_speeches"
    assert rules["sheriff.vote_weight"] == 2.0
    assert rules["sheriff.succession"] == "mandatory"
    assert rules["sheriff.succession_on"] == "any_death"
    assert rules["vote.tie"][0] == "sheriff_decides"
    assert rules["wolves.allow_no_kill"] is False
    assert rules["wolves.allow_wolf_target"] is False
    assert rules["wolves.consensus"] == "timeout_nokill"
    assert rules["lovers.see_roles"] is False
    assert rules["lovers.vote_restriction"] == "none"
    assert rules["lovers.win"] == "both_survive"
    assert rules["wolves.win"] == "all_non_wolves"
    assert rules["village.win_requires_no_third_party"] is False
    assert rules["vote.mode"] == "sequential_clockwise"
    assert rules["speech.order"] == "left_of_victim"


def test_ta_12_night_order_follows_n_ta() -> None:
    """2.2 N-TA: Cupid, then the wolves, the witch and last the seer."""
    assert_wakes_in_order("ta-12", ("cupid", "werewolf", "witch", "seer"))


def test_ta_12_plays_to_the_end_with_random_bots() -> None:
    """ta-12: one random-bot game runs to its end."""
    assert_plays_to_the_end("ta-12")

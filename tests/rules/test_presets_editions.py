"""Presets and editions: every preset loads with the player count its name gives, and
each edition's defaults match the catalog's per-edition choices (section 6 and the
project decisions)."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import GameConfig
from arena.presets import load_preset, preset_names
from tests.rules.test_day_common import game, play, speakers

ALL = preset_names()


def family(name: str) -> str:
    return name.rpartition("-")[0]


def rules_of(name: str) -> dict[str, Any]:
    return load_preset(name).rules.key_values()


def names_in(edition_family: str) -> list[str]:
    found = [n for n in ALL if family(n) == edition_family]
    assert found, f"no {edition_family} presets"
    return found


@pytest.mark.parametrize("name", ALL)
def test_every_preset_loads_with_the_player_count_in_its_name(name: str) -> None:
    """A preset named <edition>-<N> deals exactly N cards and is a valid game config."""
    config = load_preset(name)
    assert isinstance(config, GameConfig) and config.preset == name
    count = name.rpartition("-")[2]
    assert count.isdigit(), f"{name} does not end in a player count"
    assert config.players == int(count) == len(config.deck()) - config.extra_cards


@pytest.mark.parametrize("name", ALL)
def test_every_preset_plays_a_day(name: str) -> None:
    """Each preset, dealt by the seed, runs a night and a day with passive seats."""
    played = play(f'preset = "{name}"\nseed = 3\n[rules]\n"game.max_days" = 1\n'
                  '[fallback]\nagent = "passive"\n')
    assert played.first("setup").players == int(name.rpartition("-")[2])
    assert played.first("game_end")


# --- classic (TB) --------------------------------------------------------------------

@pytest.mark.parametrize("name", names_in("classic"))
def test_classic_edition_defaults(name: str) -> None:
    """TB: sheriff elected on day 1 after the speeches (C9) with a double vote (C11),
    exact seer (C1), a tie exiles nobody (C13 a), the seer is required (C38), every
    death shown (C4), no last words (C5), wolves must kill all non-wolves (C22)."""
    rules = rules_of(name)
    assert rules["sheriff.election"] == "day1_after_speeches"
    assert rules["seer.result"] == "exact"
    assert rules["sheriff.vote_weight"] == 2.0
    assert rules["vote.tie"] == ["none"]
    assert rules["setup.require_seer"] is True
    assert rules["reveal.night_death"] is True and rules["reveal.vote_death"] is True
    assert rules["last_words.mode"] == "none"
    assert rules["wolves.win"] == "all_non_wolves"
    assert load_preset(name).roles.get("seer") == 1


# --- tv (001-B) ----------------------------------------------------------------------

@pytest.mark.parametrize("name", names_in("tv"))
def test_tv_edition_defaults(name: str) -> None:
    """TV: sheriff elected before night 1 (C9) who must pass the badge on any death
    (C12), seer told wolf / not wolf (C1), one potion a night (C6), wolves win by
    killing the ordinary villagers (C22), two speech rounds on day 1 then one (C30),
    and ties go scapegoat, then sheriff, then nobody (C13, C39)."""
    rules = rules_of(name)
    assert rules["sheriff.election"] == "before_night1"
    assert rules["sheriff.succession"] == "mandatory"
    assert rules["sheriff.succession_on"] == "any_death"
    assert rules["seer.result"] == "wolf_flag"
    assert rules["witch.max_per_night"] == 1
    assert rules["wolves.win"] == "all_ordinary_villagers"
    assert (rules["speech.rounds_day1"], rules["speech.rounds_later"]) == (2, 1)
    tie = rules["vote.tie"]
    assert "sheriff_decides" in tie
    assert tie.index("scapegoat") < tie.index("sheriff_decides")


@pytest.mark.parametrize(
    ("name", "deal"),
    [
        ("tv-6", {"werewolf": 1, "seer": 1, "cupid": 1, "witch": 1, "villager": 2}),
        ("tv-8", {"werewolf": 2, "seer": 1, "cupid": 1, "witch": 1, "hunter": 1,
                  "villager": 2}),
        ("tv-10", {"werewolf": 2, "seer": 1, "cupid": 1, "witch": 1, "hunter": 1,
                   "guard": 1, "villager": 3}),
    ],
)
def test_tv_deals_follow_the_001b_list(name: str, deal: dict[str, int]) -> None:
    """Catalog 5.2: the 6-, 8- and 10-player rows of the 001-B list."""
    assert {k: v for k, v in load_preset(name).roles.items() if v} == deal


# --- online-standard (O-STD) ---------------------------------------------------------

@pytest.mark.parametrize("name", names_in("online-standard"))
def test_online_standard_edition_defaults(name: str) -> None:
    """O-STD: killed players hidden, exiled players shown (C4), no last words (C5), the
    sheriff counts 1.5 (C11) and his side wins ties (C13 d), a lead wolf settles the
    kill (C15, project decision 3), one potion a night (C6), the seer is not required
    (C38), the village must also remove a mixed pair (C23)."""
    rules = rules_of(name)
    assert rules["reveal.night_death"] is False and rules["reveal.vote_death"] is True
    assert rules["last_words.mode"] == "none"
    assert rules["sheriff.vote_weight"] == 1.5
    assert rules["vote.tie"][0] == "sheriff_side"
    assert rules["wolves.consensus"] == "leader"
    assert rules["witch.max_per_night"] == 1
    assert rules["setup.require_seer"] is False
    assert rules["village.win_requires_no_third_party"] is True


def test_online_standard_6_has_no_seer() -> None:
    """Catalog 5.3a / C38: six players are 2 wolves, a witch and 3 villagers."""
    roles = {k: v for k, v in load_preset("online-standard-6").roles.items() if v}
    assert roles == {"werewolf": 2, "witch": 1, "villager": 3}


# --- fanlang-9 (project decision 4) ----------------------------------------------------

def test_fanlang_9_deal_and_rules() -> None:
    """Decision 4: 3 wolves, seer, witch, hunter, 3 villagers; no sheriff; no role shown
    at death but a shooting hunter shows his card; last words for the first night's
    victims and every exiled player; a tie is revoted once among the tied; wolves may
    self-destruct; wolves win by killing all villagers or all specials; one potion a
    night with self-save; no-kill nights and abstentions allowed; the hunter shoots
    when killed by wolves or exiled, not when poisoned."""
    config = load_preset("fanlang-9")
    assert {k: v for k, v in config.roles.items() if v} == {
        "werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "villager": 3}
    rules = config.rules.key_values()
    assert rules["sheriff.election"] == "none"
    assert not (rules["reveal.night_death"] or rules["reveal.vote_death"]
                or rules["reveal.day_death"])
    assert rules["hunter.reveal_on_shot"] is True
    assert rules["last_words.mode"] == "first_night_and_voted"
    assert rules["vote.tie"] == ["revote_once"]
    assert rules["wolves.self_destruct"] is True
    assert rules["wolves.win"] == "all_villagers_or_all_specials"
    assert rules["witch.max_per_night"] == 1 and rules["witch.self_save"] is True
    assert rules["wolves.allow_no_kill"] is True and rules["vote.allow_abstain"] is True
    assert "poison" in rules["hunter.blocked_causes"]
    assert not {"wolves", "vote"} & set(rules["hunter.blocked_causes"])
    assert rules["hunter.shoot_on_night_death"] is True


FANLANG_DEAL = ["werewolf", "werewolf", "werewolf", "seer", "witch", "hunter",
                "villager", "villager", "villager"]


def test_fanlang_9_plays_its_rules() -> None:
    """fanlang-9 in play: the night-1 victim (7) is not revealed but gives last words;
    there is no sheriff election; a 2-2 tie between 1 and 6 goes to a revote among the
    others; the exiled hunter (6) is not revealed, gives last words, shoots wolf 1 and
    shows his card; wolf 1 dies unrevealed."""
    seats = """
[seats.1]
kill = [7]
[seats.2]
kill = [7]
[seats.3]
kill = [7]
[seats.4]
vote = [6, 6]
[seats.5]
vote = [6, 6]
[seats.8]
vote = [1, 1]
[seats.9]
vote = [1]
[seats.6]
shoot = [1]
"""
    played = play(game(FANLANG_DEAL, {"game.max_days": 1}, seats, preset="fanlang-9"))
    assert played.first("death", seat=7).revealed_role is None
    assert speakers(played, 1, "last_words") == [7, 6]
    assert played.events("candidacy") == []
    assert played.first("vote_result", day=1, round=1).tie == (1, 6)
    assert speakers(played, 1, "revote") == [1, 6]
    assert sorted(e.seat for e in played.events("vote", day=1, round=2)) == [2, 3, 4, 5, 8, 9]
    exile = played.first("death", seat=6)
    assert exile.cause == "vote" and exile.revealed_role is None
    shown = played.first("reveal", seat=6)
    assert shown.audience == "public" and shown.role == "hunter"
    wolf = played.first("death", seat=1)
    assert wolf.cause == "hunter" and wolf.revealed_role is None

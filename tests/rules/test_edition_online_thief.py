"""Edition online-thief (网杀 盗贼版, O-THIEF, project decision 2): 12 to 18 players,
the 5.3a rows with the thief in the hybrid's place (catalog 5.3b), the online thief's
blind pick (R9, C26 online_blind3) and the shared online choices of section 6; every
preset plays to the end with random bots.

Departure from the 5.3b rows, by design: each preset holds one more villager card
than its row. The online thief is always a seated player, so N players need N + 1
cards for one to be left over; that leftover, a villager and a wolf are the thief's
blind pool (R9)."""

from __future__ import annotations

import pytest

from agents.passive import PassiveAgent
from arena.engine import Game
from arena.presets import load_preset
from tests.rules.test_day_common import game, play
from tests.rules.test_edition_classic import deal_of
from tests.rules.test_edition_online_standard import TABLE_5_3A, assert_standard_column
from tests.rules.test_presets_editions import names_in, rules_of

NAMES = names_in("online-thief")
SIZES = range(12, 19)


def row_5_3b(players: int) -> dict[str, int]:
    """Catalog 5.3b: the 5.3a row with the thief replacing the hybrid."""
    row = dict(TABLE_5_3A[players])
    row["thief"] = row.pop("hybrid")
    return row


def test_online_thief_presets_are_12_to_18() -> None:
    """5.3b / 5.7: the online thief comes only with 12 or more players."""
    assert sorted(NAMES) == sorted(f"online-thief-{n}" for n in SIZES)


@pytest.mark.parametrize("players", SIZES)
def test_online_thief_deal_is_the_5_3b_row_plus_one_leftover_villager(players: int) -> None:
    """Catalog 5.3b: the row with the thief for the hybrid, plus one villager card
    that is dealt to nobody (see the module docstring); N players are seated."""
    config = load_preset(f"online-thief-{players}")
    expected = row_5_3b(players)
    expected["villager"] += 1
    assert deal_of(f"online-thief-{players}") == expected
    assert config.players == players and config.extra_cards == 1


@pytest.mark.parametrize("name", NAMES)
def test_online_thief_section_6_defaults(name: str) -> None:
    """Section 6, O-THIEF column: the online blind pick (C26); killed players hidden,
    exiled ones shown, no last words (C4, C5, 标准 sub-version); the shared online
    choices; ties to the sheriff's side else nobody (C13 d, A10); wolves kill
    everyone but the wolves (C22)."""
    rules = rules_of(name)
    assert rules["thief.mode"] == "online_blind3"
    assert_standard_column(rules)


def test_r9_online_thief_is_always_a_seated_player() -> None:
    """R9 (网杀): a random player is made the thief, so with any seed the thief card is
    dealt to a seat, and which seat varies with the seed."""
    config = load_preset("online-thief-12")
    seats = []
    for seed in range(8):
        agents = {s: PassiveAgent(seed) for s in range(1, 13)}
        roles = Game(config, agents, seed=seed).roles
        thieves = [s for s, role in roles.items() if role == "thief"]
        assert len(thieves) == 1
        seats.append(thieves[0])
    assert len(set(seats)) > 1


# seats 1-2 wolves, 3 witch, 4 cupid, 5 seer, 6 guard, 7-11 villagers, 12 the thief;
# the 13th card is the leftover
TABLE_12 = ["werewolf", "werewolf", "witch", "cupid", "seer", "guard", "villager",
            "villager", "villager", "villager", "villager", "thief"]


def _thief_picks(leftover: str, pick: int) -> str:
    roles = [*TABLE_12, leftover]
    if leftover == "villager":  # keep the card counts of online-thief-12
        roles[6] = "werewolf"
    text = game(roles, {"game.max_days": 1}, f"[seats.12]\nswap = [{pick}]\n",
                preset="online-thief-12")
    played = play(text)
    asked = played.asked("swap", seat=12)
    assert len(asked) == 1 and asked[0].options == (1, 2, 3) and not asked[0].allow_none
    role: str = played.events("role", seat=12)[-1].role
    return role


@pytest.mark.parametrize("pick", [1, 2, 3])
def test_r9_a_leftover_wolf_makes_the_thief_a_wolf(pick: int) -> None:
    """R9 (网杀): with a wolf as the leftover card the thief becomes a wolf whatever
    he picks, so the game never has a wolf too few."""
    assert _thief_picks("werewolf", pick) == "werewolf"


def test_r9_blind_pool_is_leftover_villager_and_wolf() -> None:
    """R9 (网杀): the pool is the leftover card (here a villager), one villager and one
    wolf, in an order the thief does not see: his three picks give those cards."""
    assert sorted(_thief_picks("villager", pick) for pick in (1, 2, 3)) == [
        "villager", "villager", "werewolf"]

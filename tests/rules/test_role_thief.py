"""Thief (R9): on night 1 only he takes another card (C26 thief.mode) and plays it from
that night on (A47); spare cards, a swap with a player, or the online blind pick."""

from __future__ import annotations

import pytest

from agents.scripted import ScenarioError
from arena.engine import GameConfig, make_rules
from tests.helpers import deaths, play_bots
from tests.rules.test_roles_common import Played, alive_at_end, audience, play

# seat 1 thief, 2 wolf, 3 witch, 4-7 villagers; the centre cards are added per test
PLAYERS = ["thief", "werewolf", "witch", "villager", "villager", "villager", "villager"]


def _game(centre: list[str], rules: str, seats: str, days: int = 1, seed: int = 3,
          election: str = "none") -> str:
    roles = ", ".join(f'"{r}"' for r in PLAYERS + centre)
    return f"""
seed = {seed}
roles = [{roles}]
[rules]
"sheriff.election" = "{election}"
"game.max_days" = {days}
{rules}
{seats}
"""


SPARE = '"thief.mode" = "spare_cards"'
SWAP = '"thief.mode" = "swap_player"'
BLIND = '"thief.mode" = "online_blind3"'


def _roles_learned(played: Played, seat: int) -> list[tuple[int, str]]:
    """(day, role) of every card the seat is told it holds, in order."""
    return [(e.day, e.role) for e in played.events("role", seat=seat)]  # type: ignore[attr-defined]


# --- spare cards (C26 spare_cards, the tabletop thief)


def test_c26_thief_sees_exactly_the_two_centre_cards() -> None:
    """C26 spare_cards: the two undealt cards are shown to the thief alone, once, and the
    swap request offers card 1 or card 2 (passing allowed)."""
    played = play(_game(["werewolf", "seer"], SPARE, '[seats.1]\nswap = ["none"]\n'))
    cards = played.events("cards")
    assert [(e.day, e.seat, e.cards) for e in cards] == [(1, 1, ("werewolf", "seer"))]  # type: ignore[attr-defined]
    assert audience(cards[0]) == (1,)
    request = played.asked("swap", seat=1)[0]
    assert request.options == (1, 2) and request.allow_none
    assert request.context["cards"] == ("werewolf", "seer")
    assert [r.seat for r in played.asked("swap")] == [1]


def test_r9_thief_may_keep_his_card() -> None:
    """R9: passing keeps the thief card; he is told of no new card and does not wake with
    the pack, whose kill request names only the real wolf."""
    seats = '[seats.1]\nswap = ["none"]\n'
    played = play(_game(["werewolf", "seer"], SPARE, seats))
    assert _roles_learned(played, 1) == [(0, "thief")]
    assert played.result.roles[1] == "thief"
    assert [r.seat for r in played.asked("kill", day=1)] == [2]
    assert played.asked("check") == []


def test_a47_taken_wolf_joins_the_pack_that_night() -> None:
    """R9 / A47: taking the wolf card, the thief learns he is a wolf, the pack (and he)
    learn each other that night, and he proposes the night-1 kill with them."""
    seats = "[seats.1]\nswap = [1]\nkill = [5]\n[seats.2]\nkill = [5]\n"
    played = play(_game(["werewolf", "seer"], SPARE, seats))
    assert _roles_learned(played, 1) == [(0, "thief"), (1, "werewolf")]
    assert audience(played.events("role", seat=1, day=1)[0]) == (1,)
    team = played.events("reveal", reason="wolf_team", day=1)
    assert {(e.seat, e.role) for e in team} == {(1, "werewolf"), (2, "werewolf")}  # type: ignore[attr-defined]
    assert all(audience(e) == (1, 2) for e in team)
    kills = played.asked("kill", day=1)
    assert [r.seat for r in kills] == [1, 2]
    assert all(r.context["pack"] == (1, 2) for r in kills)
    assert deaths(played.result) == [(1, 5, "night")]
    assert played.result.roles[1] == "werewolf"


def test_a47_taken_wolf_proposal_counts_that_night() -> None:
    """A47: the new wolf's proposal counts at once: with the real wolf proposing another
    target the pack is split one-one and (majority_tie_nokill) nobody dies."""
    split = "[seats.1]\nswap = [1]\nkill = [5]\n[seats.2]\nkill = [6]\n"
    assert deaths(play(_game(["werewolf", "seer"], SPARE, split)).result) == []


def test_a47_taken_seer_checks_that_night() -> None:
    """R9 / A47: taking the seer card, he is asked to check on night 1 and learns the
    result privately; he keeps checking on later nights."""
    seats = "[seats.1]\nswap = [2]\ncheck = [2, 4]\n"
    played = play(_game(["werewolf", "seer"], SPARE, seats, days=2))
    assert _roles_learned(played, 1) == [(0, "thief"), (1, "seer")]
    assert [r.day for r in played.asked("check", seat=1)] == [1, 2]
    results = played.events("check_result", seat=1)
    assert [(e.day, e.target, e.result) for e in results] == [  # type: ignore[attr-defined]
        (1, 2, "werewolf"), (2, 4, "villager")]
    assert all(audience(e) == (1,) for e in results)


def test_c26_both_centre_cards_wolves_forces_a_take() -> None:
    """C26 / R9: with two wolf cards in the centre, passing is illegal; a scripted pass
    stops the game, and the fallback must take one and so becomes a wolf."""
    with pytest.raises(ScenarioError, match="swap"):
        play(_game(["werewolf", "werewolf"], SPARE, '[seats.1]\nswap = ["none"]\n'))
    played = play(_game(["werewolf", "werewolf"], SPARE, ""))
    request = played.asked("swap", seat=1)[0]
    assert not request.allow_none and request.options == (1, 2)
    assert played.result.roles[1] == "werewolf"
    assert [r.seat for r in played.asked("kill", day=1)] == [1, 2]


def test_c26_one_wolf_in_the_centre_does_not_force() -> None:
    """C26: a single wolf card among the spares leaves the choice optional."""
    played = play(_game(["werewolf", "villager"], SPARE, ""))
    assert played.asked("swap", seat=1)[0].allow_none
    assert played.result.roles[1] == "thief"


def test_r9_thief_acts_on_night_one_only() -> None:
    """R9: the thief step runs on the first night only, whatever he did with it."""
    for entry in ('"none"', "2"):
        played = play(_game(["werewolf", "seer"], SPARE, f"[seats.1]\nswap = [{entry}]\n",
                            days=3))
        assert [r.day for r in played.asked("swap")] == [1]
        assert len(played.events("cards")) == 1


def test_r9_kept_thief_counts_as_an_ordinary_villager() -> None:
    """R9, R2 / section 3 (TV: the wolves must kill every ordinary villager): a thief who kept
    his card is an ordinary villager, so killing seats 4-7 is not yet a wolf win while he
    lives."""
    seats = '[seats.1]\nswap = ["none"]\n[seats.2]\nkill = [4, 5, 6, 7]\n'
    rules = SPARE + '\n"wolves.win" = "all_ordinary_villagers"'
    played = play(_game(["villager", "seer"], rules, seats, days=4))
    assert [(d, s) for d, s, _ in deaths(played.result)] == [(1, 4), (2, 5), (3, 6), (4, 7)]
    assert played.result.roles[1] == "thief" and 1 in alive_at_end(played)
    assert played.winner != "wolves"


# --- swap with a player (C26 swap_player, Harvest Festival)


def test_c26_swap_player_exchanges_cards() -> None:
    """C26 swap_player: the thief takes the named player's card and that player becomes
    the thief; each is told privately of his new card."""
    played = play(_game([], SWAP, "[seats.1]\nswap = [3]\n"))
    request = played.asked("swap", seat=1)[0]
    assert set(request.options) == {2, 3, 4, 5, 6, 7} and request.allow_none
    assert played.events("cards") == []
    assert _roles_learned(played, 1) == [(0, "thief"), (1, "witch")]
    assert _roles_learned(played, 3) == [(0, "witch"), (1, "thief")]
    assert audience(played.events("role", seat=3, day=1)[0]) == (3,)
    # the new witch acts that night; the robbed player does not
    assert [r.seat for r in played.asked("poison", day=1)] == [1]
    assert played.result.roles[1] == "witch" and played.result.roles[3] == "thief"


def test_c26_swap_with_the_wolf_moves_the_pack() -> None:
    """C26 swap_player / A47: taking the wolf's card, the thief wakes with the pack that
    night and the robbed wolf is a thief, out of the pack and not offered a thief turn."""
    played = play(_game([], SWAP, "[seats.1]\nswap = [2]\nkill = [5]\n", days=2))
    assert [r.seat for r in played.asked("kill", day=1)] == [1]
    assert deaths(played.result)[0] == (1, 5, "night")
    assert played.result.roles[2] == "thief"
    assert [r.seat for r in played.asked("swap")] == [1]


def test_c26_swap_player_optional_by_default() -> None:
    """C26 swap_player with thief.swap_mandatory = false: passing keeps every card."""
    played = play(_game([], SWAP, '[seats.1]\nswap = ["none"]\n'))
    assert played.result.roles[1] == "thief" and played.result.roles[3] == "witch"


def test_c33c_swap_mandatory_forbids_passing() -> None:
    """C26 / C33c thief.swap_mandatory = true: the swap request has no pass."""
    rules = SWAP + '\n"thief.swap_mandatory" = true'
    with pytest.raises(ScenarioError, match="swap"):
        play(_game([], rules, '[seats.1]\nswap = ["none"]\n'))
    played = play(_game([], rules, "[seats.1]\nswap = [4]\n"))
    assert not played.asked("swap", seat=1)[0].allow_none
    assert played.result.roles[1] == "villager" and played.result.roles[4] == "thief"


# --- the online blind pick (C26 online_blind3, 网杀 盗贼版)


def test_c26_blind_pick_offers_three_hidden_options() -> None:
    """C26 online_blind3: three options, no pass, and no card is shown."""
    played = play(_game(["seer"], BLIND, "[seats.1]\nswap = [2]\n"))
    request = played.asked("swap", seat=1)[0]
    assert request.options == (1, 2, 3) and not request.allow_none
    assert "cards" not in request.context
    assert played.events("cards") == []


def test_c26_blind_pick_draws_from_leftover_villager_and_wolf() -> None:
    """C26 online_blind3: the pool is the leftover card, a villager and a wolf, so the
    three picks give exactly those three cards (the leftover here is the seer)."""
    got = set()
    for pick in (1, 2, 3):
        played = play(_game(["seer"], BLIND, f"[seats.1]\nswap = [{pick}]\n"))
        got.add(played.result.roles[1])
        assert _roles_learned(played, 1)[-1] == (1, played.result.roles[1])
    assert got == {"seer", "villager", "werewolf"}


@pytest.mark.parametrize("pick", [1, 2, 3])
def test_c26_leftover_wolf_makes_him_a_wolf_whatever_he_picks(pick: int) -> None:
    """C26 online_blind3: when the leftover card is a wolf, every pick makes the thief a
    wolf (never one wolf too few); he joins the pack that same night (A47)."""
    played = play(_game(["werewolf"], BLIND, f"[seats.1]\nswap = [{pick}]\n"))
    assert played.result.roles[1] == "werewolf"
    assert [r.seat for r in played.asked("kill", day=1)] == [1, 2]


def test_c26_blind_pick_thief_is_always_dealt() -> None:
    """C26 online_blind3: a random player is always the thief, so over many seeds the
    thief card is never the undealt card (here 1 card in 4 would be left out by chance)."""
    config = GameConfig(
        roles={"thief": 1, "werewolf": 1, "villager": 2},
        rules=make_rules(overrides={"thief.mode": "online_blind3", "game.max_days": 1,
                                    "sheriff.election": "none"}))
    assert config.players == 3
    holders = set()
    for seed in range(40):
        result = play_bots(config, "passive", seed)
        dealt = [e for e in result.events if getattr(e, "type", "") == "role" and e.day == 0]
        thieves = [e.seat for e in dealt if e.role == "thief"]  # type: ignore[attr-defined]
        assert len(thieves) == 1, f"seed {seed}: thief dealt to {thieves}"
        holders.add(thieves[0])
    assert holders == {1, 2, 3}  # the seat is random


def test_c17_thief_who_takes_cupid_links_on_night_1_under_before_game() -> None:
    """C17 cupid.phase = before_game with the Cupid card in the centre: nobody links
    before the game; the thief who takes the card links at Cupid's night-1 step."""
    rules = f'{SPARE}\n"cupid.phase" = "before_game"'
    seats = "[seats.1]\nswap = [2]\nlink = [4, 5]\n"
    played = play(_game(["werewolf", "cupid"], rules, seats))
    (link,) = played.asked("link")
    assert (link.seat, link.day) == (1, 1)
    assert "before_game" not in link.context  # he is asked about night 1
    assert [e.seats for e in played.events("lovers")] == [(4, 5)]  # type: ignore[attr-defined]


def test_c17_before_game_cupid_links_once_even_with_a_thief() -> None:
    """C17 before_game with Cupid dealt to a seat: he links before the game and is not
    asked again on night 1, whatever the thief does."""
    deal = ["thief", "werewolf", "cupid", "villager", "villager", "villager", "villager"]
    roles = ", ".join(f'"{r}"' for r in [*deal, "werewolf", "seer"])
    played = play(f"""
seed = 3
roles = [{roles}]
[rules]
"sheriff.election" = "none"
"game.max_days" = 1
{SPARE}
"cupid.phase" = "before_game"
[seats.1]
swap = ["none"]
[seats.3]
link = [4, 5]
""")
    assert [(r.seat, r.day) for r in played.asked("link")] == [(3, 0)]


def test_c40_the_thief_swaps_after_a_before_night1_election_and_keeps_the_badge() -> None:
    """C40 (C9 before_night1), R10: the election comes first and elects the thief (1);
    only on night 1 does he take the centre wolf card; the badge is an office, not a card,
    so the new wolf is still sheriff and his day-1 ballot counts double."""
    seats = "[seats.1]\nrun = [true]\nswap = [1]\nvote = [4]\n" + "".join(
        f"[seats.{s}]\nelect = [1]\n" for s in (4, 5))
    played = play(_game(["werewolf", "seer"], SPARE, seats, election="before_night1"))
    sheriff = played.events("sheriff")
    swap = played.events("night_action", action="swap")
    assert [(e.day, e.seat, e.how) for e in sheriff] == [(0, 1, "elected")]  # type: ignore[attr-defined]
    assert [(e.day, e.target) for e in swap] == [(1, 1)]  # type: ignore[attr-defined]
    assert sheriff[0].seq < played.events("cards")[0].seq < swap[0].seq
    assert _roles_learned(played, 1) == [(0, "thief"), (1, "werewolf")]
    ballot = played.events("vote", day=1, seat=1, ballot="exile")
    assert [(e.target, e.weight) for e in ballot] == [(4, 2.0)]  # type: ignore[attr-defined]

"""The Village (catalog 1.4, VIL): public buildings dealt on top of the hidden roles
(A23), each building's power with its limits (B1-B10, C10, C12, A19-A22) and the
Arsonist (R16, A17). Scenario games: passive fallback, scripted powers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents import make_agent
from arena.engine import RuleError, make_rules, run_game
from arena.engine.view import observe
from arena.presets import load_preset
from tests.rules.test_day_common import Played, game, play
from tests.rules.test_roles_common import audience

# 1, 2 wolves; 3-7 villagers (roles added per test)
DEAL = ["werewolf", "werewolf", "villager", "villager", "villager", "villager", "villager"]


def houses(**by_seat: str) -> str:
    """``houses(s3="noble")``: attribute tables giving seats their buildings (seats not
    named are vagrants)."""
    return "".join(f'[attributes.{k[1:]}]\nbuilding = "{v}"\n' for k, v in by_seat.items())


def seats(**tables: dict[str, list[Any]]) -> str:
    """``seats(s3={"vote": [5]})``: each seat's decision queues."""
    out = []
    for key, table in tables.items():
        out.append(f"[seats.{key[1:]}]")
        out += [f"{kind} = {str(values).replace('True', 'true').replace('False', 'false')}"
                for kind, values in table.items()]
    return "\n".join(out) + "\n"


def rules(days: int = 1, **extra: Any) -> dict[str, Any]:
    return {"sheriff.election": "none", "game.max_days": days, **extra}


ALL_HOUSED = {f"s{n}": "farmer" for n in range(1, 8)}


def run(deal: list[str], table: dict[str, str], scripts: str = "", days: int = 1,
        extra: dict[str, Any] | None = None) -> Played:
    return play(game(deal, rules(days, **(extra or {})), houses(**table) + scripts))


def powers(played: Played, power: str) -> list[Any]:
    return played.events("building_power", power=power)


# --- the deal (1.4, A23) ------------------------------------------------------------------


def test_a23_fourteen_buildings_dealt_publicly_by_the_seed() -> None:
    """1.4/A23: village presets deal 14 buildings (6 farmers, one of each other type) by
    the game's seed, announced to every seat in the setup; players beyond 14 are
    vagrants (B10)."""
    config = load_preset("village-16")
    dealt = []
    for seed in (3, 3, 4):
        agents = {s: make_agent("random", s, seed) for s in range(1, 17)}
        result = asyncio.run(run_game(config, agents, seed=seed))
        setup: Any = result.events[0]
        assert setup.audience == "public"
        buildings = {int(s): a["building"] for s, a in setup.attributes.items()
                     if "building" in a}
        assert len(buildings) == 14 and list(buildings.values()).count("farmer") == 6
        assert {b for b in buildings.values() if b != "farmer"} == {
            "confessor", "noble", "baker", "tavern_keeper", "schoolmistress", "bailiff",
            "barber", "bone_setter"}
        assert observe(result.events[:1], 5).buildings == buildings  # every view sees them
        dealt.append(buildings)
    assert dealt[0] == dealt[1] != dealt[2]


def test_a23_building_counts_add_up_to_fourteen() -> None:
    """A23: the copy counts are rule keys and must add up to 14 (or 0: no Village)."""
    assert make_rules({"buildings.farmer": 5, "buildings.noble": 9}).buildings()["noble"] == 9
    with pytest.raises(RuleError, match="14 buildings"):
        make_rules({"buildings.farmer": 6})


def test_1_4_smaller_tables_leave_buildings_out() -> None:
    """1.4: with fewer than 14 players every seat gets a house; the rest stay out."""
    config = load_preset("village-8")
    agents = {s: make_agent("random", s, 1) for s in range(1, 9)}
    result = asyncio.run(run_game(config, agents, seed=1))
    setup: Any = result.events[0]
    assert all("building" in a for a in setup.attributes.values())


# --- B1 farmer (C10, C12) -----------------------------------------------------------------


def test_b1_c10_only_farmers_vote_for_the_sheriff() -> None:
    """B1/C10: with sheriff.electorate = farmers only the living farmers cast ballots."""
    table = {"s3": "farmer", "s4": "farmer", "s5": "farmer", "s6": "noble"}
    played = run(DEAL, table, seats(s3={"run": [True]}, s4={"run": [True]}),
                 extra={"sheriff.election": "before_night1", "sheriff.candidates": "farmers",
                    "sheriff.electorate": "farmers"})
    assert {r.seat for r in played.asked("run")} == {3, 4, 5}
    assert {r.seat for r in played.asked("elect")} == {3, 4, 5}


# --- B2 confessor -------------------------------------------------------------------------


def test_b2_confessor_secretly_sees_a_card_once_per_game() -> None:
    """B2: by day he points at a player (public) and sees the card alone; once per game."""
    played = run(DEAL, {**ALL_HOUSED, "s3": "confessor"}, seats(s3={"confess": [1, 2]}),
                 days=2)
    used = powers(played, "confess")
    assert [(e.seat, e.target, e.audience) for e in used] == [(3, 1, "public")]
    check = played.first("check_result", seat=3)
    assert check.result == "werewolf" and audience(check) == (3,)
    assert len(played.asked("confess", seat=3)) == 1


# --- B3 noble -----------------------------------------------------------------------------


def test_b3_noble_pardons_the_exiled_once() -> None:
    """B3: after the vote the noble pardons the player voted out, who lives and keeps
    his vote; the power is spent."""
    votes = {f"s{n}": {"vote": [5, 5]} for n in (1, 2, 3)}
    played = run(DEAL, {**ALL_HOUSED, "s4": "noble"},
                 seats(**votes, s4={"pardon": [True, True]}), days=2)
    assert [(e.seat, e.target, e.day) for e in powers(played, "pardon")] == [(4, 5, 1)]
    assert len(played.asked("pardon", seat=4)) == 1
    assert [(e.day, e.seat) for e in played.events("death", cause="vote")] == [(2, 5)]


def test_b3_noble_may_pardon_himself() -> None:
    """B3: the pardon may save the noble himself."""
    votes = {f"s{n}": {"vote": [4]} for n in (1, 2, 3)}
    played = run(DEAL, {**ALL_HOUSED, "s4": "noble"}, seats(**votes, s4={"pardon": [True]}))
    assert powers(played, "pardon")[0].target == 4
    assert not played.events("death", seat=4)


# --- B4 baker (A19) -----------------------------------------------------------------------


def test_b4_a19_baker_sees_the_wolves_target_not_the_wolves() -> None:
    """B4/A19: when the wolves close their eyes the baker (alone) sees whom they
    attacked, not who they are."""
    kill = seats(s1={"kill": [3]}, s2={"kill": [3]})
    played = run(DEAL, {**ALL_HOUSED, "s5": "baker"}, kill)
    look = powers(played, "look")[0]
    assert (look.seat, look.target, look.targets, audience(look)) == (5, 3, (), (5,))
    wolves_done = [e for e in played.log if e.type == "night_action" and e.final][-1]
    assert wolves_done.seq < look.seq
    pack = run(DEAL, {**ALL_HOUSED, "s5": "baker"}, kill,
               extra={"buildings.baker_sees": "target_and_pack"})
    assert powers(pack, "look")[0].targets == (1, 2)


# --- B5 tavern keeper (A21) ---------------------------------------------------------------


def test_b5_tavern_keeper_survives_wolves_and_the_vote() -> None:
    """B5: the wolves' attack does not kill him and a vote does not exile him."""
    played = run(DEAL, {**ALL_HOUSED, "s3": "tavern_keeper"},
                 seats(s1={"kill": [3], "vote": [3]}, s2={"kill": [3], "vote": [3]},
                       s4={"vote": [3]}))
    assert not played.events("death", seat=3)
    assert [e.target for e in powers(played, "immune")] == [3]


def test_b5_a21_power_ends_when_his_vote_exiles_someone() -> None:
    """B5/A21: once a player he voted for is exiled the power is gone for good: the
    next night's attack kills him."""
    wolf: dict[str, list[Any]] = {"kill": ["none", 3], "vote": [4]}
    played = run(DEAL, {**ALL_HOUSED, "s3": "tavern_keeper"},
                 seats(s1=wolf, s2=wolf, s3={"vote": [4]}), days=2)
    lost = powers(played, "lost")
    assert [(e.seat, e.target, e.day) for e in lost] == [(3, 4, 1)]
    assert played.first("death", seat=3).day == 2


# --- B6 schoolmistress --------------------------------------------------------------------


def test_b6_schoolmistress_bars_two_players_but_no_vagrant() -> None:
    """B6: before the vote she bars up to two players (never a vagrant, B10) from
    voting; they still speak."""
    table = {**ALL_HOUSED, "s3": "schoolmistress"}
    del table["s7"]  # seat 7 is a vagrant
    played = run(DEAL, table, seats(s3={"bar": [4, 5]}))
    first = played.asked("bar", seat=3)[0]
    assert 7 not in first.options and 3 not in first.options and first.allow_none
    assert [p.target for p in powers(played, "bar")] == [4, 5]  # one event per bar
    voters = {e.seat for e in played.events("vote", ballot="exile")}
    assert voters == {1, 2, 3, 6, 7}
    assert {4, 5} <= {e.seat for e in played.events("speech", context="discussion")}


# --- B7 bailiff (A20) ---------------------------------------------------------------------


BAILIFF = {"s1": "farmer", "s2": "farmer", "s3": "bailiff", "s4": "noble", "s5": "farmer"}


def test_b7_a20_bailiff_lodges_a_vagrant_who_gains_the_power() -> None:
    """B7/A20: at daybreak the bailiff moves a homeless player into a dead owner's empty
    house; the player takes its power (here the noble's pardon)."""
    wolf: dict[str, list[Any]] = {"kill": [4], "vote": [6]}
    played = run(DEAL, BAILIFF, seats(s1=wolf, s2=wolf, s3={"move": [6], "vote": [6]},
                                      s6={"move_in": [True], "pardon": [True]}))
    asked = played.asked("move", seat=3)[0]
    assert set(asked.options) == {6, 7} and asked.context["houses"] == (4,)
    moved = played.first("house", how="moved_in")
    assert (moved.seat, moved.building, moved.house, moved.audience) == (6, "noble", 4, "public")
    assert powers(played, "pardon")[0].seat == 6 and not played.events("death", seat=6)


def test_b7_the_homeless_player_may_refuse() -> None:
    """B7: the chosen player may refuse; he stays a vagrant."""
    played = run(DEAL, BAILIFF, seats(s1={"kill": [4]}, s2={"kill": [4]}, s3={"move": [6]},
                                      s6={"move_in": [False]}))
    refused = played.first("house", how="refused")
    assert (refused.seat, refused.house) == (6, 4)
    assert not played.events("house", how="moved_in")


# --- B8 barber ----------------------------------------------------------------------------


def test_b8_barber_strikes_a_wolf_and_lives() -> None:
    """B8: by day he eliminates a player at once; a wolf's death costs him nothing."""
    played = run(DEAL, {**ALL_HOUSED, "s3": "barber"}, seats(s3={"strike": [1]}))
    assert [(e.seat, e.cause) for e in played.events("death")] == [(1, "barber")]


def test_b8_barber_dies_with_a_good_target_and_never_strikes_a_vagrant() -> None:
    """B8/B10: striking a non-wolf kills the barber too; vagrants are no target."""
    table = {**ALL_HOUSED, "s3": "barber"}
    del table["s7"]
    played = run(DEAL, table, seats(s3={"strike": [4]}))
    assert 7 not in played.asked("strike", seat=3)[0].options
    assert sorted((e.seat, e.cause) for e in played.events("death")) == [
        (3, "barber"), (4, "barber")]


# --- B9 bone-setter (A22) -----------------------------------------------------------------


def test_b9_a22_bone_setter_renews_a_spent_potion() -> None:
    """B9/A22: once per game he lets a player use a spent power once more: the witch
    who poisoned on night 1 may poison again on night 2."""
    deal = [*DEAL[:2], "witch", *DEAL[3:]]
    played = run(deal, {**ALL_HOUSED, "s5": "bone_setter"},
                 seats(s3={"poison": [6, 7]}, s5={"mend": [3, 3]}), days=2)
    assert [(e.seat, e.target) for e in powers(played, "mend")] == [(5, 3)]
    assert set(played.asked("mend", seat=5)[0].options) == {3}
    poisoned = [e.target for e in played.log if e.type == "night_action"
                and e.action == "poison" and e.target is not None]
    assert poisoned == [6, 7]


def test_b9_bone_setter_renews_a_building_power() -> None:
    """B9/A22: a building's once-per-game power can be renewed too (the confessor)."""
    played = run(DEAL, {**ALL_HOUSED, "s3": "confessor", "s5": "bone_setter"},
                 seats(s3={"confess": [1, 2]}, s5={"mend": [3]}), days=2)
    assert [(e.day, e.target) for e in powers(played, "confess")] == [(1, 1), (2, 2)]


# --- B10 vagrants and R17 -----------------------------------------------------------------


def test_b10_the_crow_cannot_curse_a_vagrant() -> None:
    """B10/R17: the crow's curse cannot fall on a vagrant."""
    deal = [*DEAL[:2], "crow", *DEAL[3:]]
    table = dict(ALL_HOUSED)
    del table["s6"]
    played = run(deal, table)
    assert 6 not in played.asked("curse", seat=3)[0].options


# --- R16 arsonist (A17) -------------------------------------------------------------------


ARSONIST = [*DEAL[:2], "arsonist", *DEAL[3:]]


def test_r16_arsonist_burns_a_house_once_and_its_owner_is_a_vagrant() -> None:
    """R16: once per game he burns a house; it leaves the game and its owner is a
    vagrant (the barber then cannot strike him)."""
    table = {**ALL_HOUSED, "s5": "barber"}
    played = run(ARSONIST, table, seats(s3={"burn": [4, 6]}, s5={"strike": ["none", 1]}),
                 days=2, extra={"night.order": ["werewolf", "arsonist"]})
    burnt = played.events("house", how="burnt")
    assert [(e.seat, e.building, e.audience) for e in burnt] == [(4, "farmer", "public")]
    assert len(played.asked("burn", seat=3)) == 1
    assert 4 not in played.asked("strike", seat=5)[0].options
    assert 4 not in observe(played.log, 7).buildings


def test_r16_a17_the_fire_saves_the_attacked_owner_and_burns_the_wolf_on_his_right() -> None:
    """R16/A17: if the pack attacked the burnt house's owner he lives, and the first
    living wolf on his right (seat - 1 direction) dies instead, announced as a night
    death."""
    played = run(ARSONIST, ALL_HOUSED,
                 seats(s1={"kill": [4]}, s2={"kill": [4]}, s3={"burn": [4]}),
                 extra={"night.order": ["werewolf", "arsonist"]})
    assert not played.events("death", seat=4)
    death = played.first("death", seat=2)
    assert death.cause == "night" and played.first("death_cause", seat=2).cause == "fire"


def test_r16_a17_only_the_packs_attack_is_redirected() -> None:
    """A17: burning a house the wolves did not attack kills nobody."""
    played = run(ARSONIST, ALL_HOUSED,
                 seats(s1={"kill": [5]}, s2={"kill": [5]}, s3={"burn": [4]}),
                 extra={"night.order": ["werewolf", "arsonist"]})
    assert [e.seat for e in played.events("death")] == [5]

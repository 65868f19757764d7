"""The heuristic agent with the AIWolf roles: the possessed plays for the wolves he
does not know, the medium's results and claims move the belief, and heuristic seats
beat random ones in their place on the AIWolf tables."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from agents.base import derive_seed
from agents.belief import WOLF, BeliefTracker, is_pack, worlds
from agents.heuristic import HeuristicAgent
from agents.random import RandomAgent
from arena.engine import Claim, GameConfig, observe, run_game
from arena.engine.events import CheckResult, Death
from arena.engine.judge import SeatAgent
from arena.engine.roles.factions import faction
from arena.presets import load_preset
from tests.test_heuristic_roles import Table

AIWOLF = {k: v for k, v in load_preset("aiwolf-5").rules.key_values().items()
          if k in ("seer.result", "wolves.win", "reveal.vote_death", "reveal.night_death")}
FIVE = {"werewolf": 1, "possessed": 1, "seer": 1, "villager": 2}
FIFTEEN = {"werewolf": 3, "possessed": 1, "seer": 1, "medium": 1, "guard": 1, "villager": 8}
SEER = Claim(kind="role", role="seer")


def _day_one(roles: dict[str, int], seat: int, role: str) -> Table:
    """Day 1 at a table of ``len(roles)`` cards, ``seat`` holding ``role``."""
    table = Table(roles, sum(roles.values()), rules=AIWOLF)
    table.deal(seat, role)
    table.phase_start("night")
    table.phase_start("day")
    return table


def _checks(claims: tuple[Claim, ...]) -> dict[int | None, str | None]:
    return {c.target: c.result for c in claims if c.kind == "check"}


# --------------------------------------------------------------------------- possessed


def test_the_possessed_counter_claims_the_trusted_seer_and_votes_him_out() -> None:
    """Seat 4 claims seer and clears seat 1: the possessed claims seer too, calls seat 4
    a wolf and asks for his exile, and votes for him."""
    table = _day_one(FIVE, 2, "possessed")
    table.say(4, SEER, Claim(kind="check", target=1, result="good"))
    said = table.ask(2, "speak", purpose="discussion")
    assert SEER in said.claims and _checks(said.claims) == {4: WOLF}
    assert Claim(kind="accuse", target=4) in said.claims
    table.say(2, *said.claims)
    assert table.ask(2, "vote").target == 4


def test_the_possessed_spares_the_wolf_who_names_him_and_ignores_his_own_lies() -> None:
    """A seer claimant who calls the possessed a wolf is a wolf to him: he neither
    names nor votes that seat, and his own fake checks leave his belief unmoved."""
    table = _day_one(FIVE, 2, "possessed")
    table.say(4, SEER, Claim(kind="check", target=2, result=WOLF))
    wolf, _ = table.belief(2)
    assert wolf[2] == 0.0 and wolf[4] == max(wolf.values()) > 0.9
    assert sum(wolf.values()) == pytest.approx(1.0)
    said = table.ask(2, "speak", purpose="discussion")
    assert SEER in said.claims and 4 not in _checks(said.claims)
    assert list(_checks(said.claims).values()) == [WOLF]
    table.say(2, *said.claims)
    assert table.belief(2)[0] == wolf
    assert table.ask(2, "vote").target not in (4, None)


def test_the_possessed_is_no_wolf_to_the_village_but_a_spare_liar() -> None:
    """Two seer claimants in a deal with a possessed: the village weighs one of them
    lying as a good player far less harshly than in a deal without him."""
    beliefs = []
    for roles in (FIVE, {**FIVE, "possessed": 0, "villager": 3}):
        table = _day_one(roles, 1, "villager")
        table.say(3, SEER, Claim(kind="check", target=1, result="good"))
        table.say(4, SEER, Claim(kind="check", target=1, result="good"))
        wolf, _ = table.belief(1)
        beliefs.append(wolf[3] + wolf[4])
    with_possessed, without = beliefs
    assert without > 0.85 and with_possessed < without - 0.3


# --------------------------------------------------------------------------- medium


def _exiled(table: Table, seat: int, medium: int, result: str) -> None:
    """``seat`` is exiled on day 1; the medium learns ``result`` on night 2."""
    table.add(Death, "public", seat=seat, cause="vote", revealed_role=None)
    table.phase_start("night")
    table.add(CheckResult, (medium,), seat=medium, target=seat, result=result)
    table.phase_start("day")


def test_the_mediums_results_fix_the_exiled_seat_and_move_the_rest() -> None:
    table = _day_one(FIFTEEN, 12, "medium")
    table.say(4, SEER, Claim(kind="check", target=9, result=WOLF))
    before, _ = table.belief(12)
    _exiled(table, 9, 12, WOLF)
    wolf, _ = table.belief(12)
    assert wolf[9] == 1.0 and before[9] < 1.0
    others = [s for s in wolf if s not in (9, 12)]
    assert sum(wolf[s] for s in others) == pytest.approx(2.0)
    assert all(wolf[s] < before[s] for s in others)
    assert wolf[4] < before[4]  # the seer claimant told the truth
    table.phase_start("night")
    _exiled(table, 5, 12, "good")
    assert table.belief(12)[0][5] == 0.0


def test_the_medium_claims_his_results_once_the_seer_is_contested() -> None:
    table = _day_one(FIFTEEN, 12, "medium")
    table.say(4, SEER, Claim(kind="check", target=9, result=WOLF))
    _exiled(table, 9, 12, "good")
    quiet = table.ask(12, "speak", purpose="discussion")
    assert not any(c.kind in ("role", "check") for c in quiet.claims)
    table.say(7, SEER, Claim(kind="check", target=4, result=WOLF))
    said = table.ask(12, "speak", purpose="discussion")
    assert Claim(kind="role", role="medium") in said.claims
    assert _checks(said.claims) == {9: "good"}
    assert Claim(kind="vouch", target=7) in said.claims  # seat 4 lied about seat 9


def test_a_mediums_claim_is_no_seer_claim_and_must_be_about_an_exile() -> None:
    table = _day_one(FIFTEEN, 1, "villager")
    table.add(Death, "public", seat=9, cause="vote", revealed_role=None)
    table.phase_start("night")
    table.phase_start("day")
    medium = (Claim(kind="role", role="medium"), Claim(kind="check", target=9, result=WOLF))
    table.say(12, *medium)
    _, tracker = table.belief(1)
    ev = tracker.evidence
    assert ev.claims[12] == ["medium"] and ev.checks[(12, 9)] and 12 not in ev.liars
    table.say(13, Claim(kind="role", role="medium"), Claim(kind="check", target=5, result=WOLF))
    assert 13 in table.belief(1)[1].evidence.liars  # seat 5 was never exiled


def test_a_good_seat_caught_in_a_fake_check_is_the_possessed_whose_words_are_void() -> None:
    """The medium learns that the exiled seer claimant 9 was human though he called the
    villager in seat 5 a wolf... but seat 5 was cleared by the medium too: 9 is the
    possessed, and his other 'wolf', seat 4, is no more suspect than the rest."""
    table = _day_one(FIFTEEN, 12, "medium")
    table.say(9, SEER, Claim(kind="check", target=5, result=WOLF),
              Claim(kind="check", target=4, result=WOLF))
    _exiled(table, 5, 12, "good")
    table.phase_start("night")
    _exiled(table, 9, 12, "good")
    wolf, _ = table.belief(12)
    open_seats = [s for s in wolf if s not in (5, 9, 12)]
    assert wolf[4] == pytest.approx(sum(wolf[s] for s in open_seats) / len(open_seats),
                                    abs=0.05)


# --------------------------------------------------------------------------- whole games


def test_no_seat_ever_rules_out_the_true_wolves_on_aiwolf_15() -> None:
    """The medium's results and the possessed's void words never exclude the real pack,
    and the possessed's own belief never counts him a wolf."""
    config = load_preset("aiwolf-15")
    result = asyncio.run(run_game(config, {s: HeuristicAgent(seed=s) for s in range(1, 16)},
                                  seed=4))
    truth = {s for s, role in result.roles.items() if is_pack(role)}
    possessed = next(s for s, role in result.roles.items() if role == "possessed")
    checked = 0
    for seat in result.roles:
        tracker = BeliefTracker()
        for end in range(20, len(result.events), 25):
            belief = tracker.update(observe(result.events[:end], seat))
            assert worlds(tracker.evidence).allows(truth), (seat, end)
            assert seat != possessed or belief.p(seat) == 0.0
            checked += 1
    assert checked > 100


Pick = Callable[[str], type[HeuristicAgent] | type[RandomAgent]]


def _wins(config: GameConfig, games: int, pick: Pick) -> float:
    """The wolves' side's share of ``games`` seeded games, ``pick`` choosing each card's
    agent class."""
    won = 0
    for seed in range(games):
        deal = config.deck()
        random.Random(seed).shuffle(deal)
        agents: dict[int, SeatAgent] = {
            seat: pick(role)(seed=derive_seed(seed, seat))
            for seat, role in enumerate(deal[:config.players], 1)}
        won += asyncio.run(run_game(config, agents, seed=seed, deal=deal)).winner == "wolves"
    return won / games


def _cards(heuristic: Callable[[str], bool]) -> Pick:
    return lambda role: HeuristicAgent if heuristic(role) else RandomAgent


@pytest.mark.slow
def test_the_heuristic_possessed_and_village_beat_random_ones_on_aiwolf_tables() -> None:
    """aiwolf-5 (one wolf, one possessed, no kill on the first night), the rest
    heuristic: the wolves' side wins more with a heuristic possessed than with a random
    one over these 200 games, and the village more when heuristic; on aiwolf-15 a
    heuristic village beats a random one (47% vs 10% over these 30 games against the
    deceiving heuristic wolves of issue 14; 83% vs 20% before)."""
    five, fifteen = load_preset("aiwolf-5"), load_preset("aiwolf-15")
    heuristic = _wins(five, 200, _cards(lambda role: True))
    random_possessed = _wins(five, 200, _cards(lambda role: role != "possessed"))
    random_village = _wins(five, 200, _cards(lambda role: faction(role) == "wolves"))
    assert heuristic >= random_possessed + 0.06, (heuristic, random_possessed)
    assert random_village >= heuristic + 0.1, (heuristic, random_village)
    village = 1 - _wins(fifteen, 30, _cards(lambda role: True))
    random_village = 1 - _wins(fifteen, 30, _cards(lambda role: faction(role) == "wolves"))
    assert village >= random_village + 0.3, (village, random_village)

"""The heuristic agent and its belief: legal play, sound beliefs, real strength."""

from __future__ import annotations

import asyncio
import random
from collections import Counter, defaultdict
from typing import Any, Literal, TypeAlias

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents.base import derive_seed
from agents.belief import WOLF, BeliefTracker, role_table
from agents.heuristic import HeuristicAgent
from agents.random import RandomAgent
from arena.engine import Claim, GameConfig, GameResult, Request, make_rules, observe, run_game
from arena.engine.events import (
    BaseEvent,
    CheckResult,
    Fallback,
    Lovers,
    NightAction,
    Phase,
    PhaseStart,
    Refused,
    RoleDealt,
    Setup,
    Speech,
    Vote,
    VoteResult,
)
from arena.engine.events import Belief as BeliefEvent
from arena.engine.judge import SeatAgent
from arena.engine.roles import ROLES

Bot: TypeAlias = type[HeuristicAgent] | type[RandomAgent]
CLASSIC = GameConfig(roles={"werewolf": 3, "villager": 4, "seer": 1, "witch": 1, "hunter": 1,
                            "cupid": 1, "idiot": 1})
FANLANG = GameConfig(
    roles={"werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "villager": 3},
    rules=make_rules({"wolves.win": "all_villagers_or_all_specials", "wolves.self_destruct": True,
                      "sheriff.election": "none", "vote.tie": ["revote_once"]}))
GUARDED = GameConfig(roles={"werewolf": 4, "villager": 4, "seer": 1, "witch": 1, "hunter": 1,
                            "guard": 1})
ODD_RULES = GameConfig(
    roles={"werewolf": 2, "villager": 2, "seer": 1, "guard": 1, "cupid": 1, "hunter": 1},
    rules=make_rules({"seer.result": "wolf_flag", "wolves.consensus": "timeout_nokill",
                      "sheriff.election": "before_night1", "vote.mode": "sequential_clockwise",
                      "vote.tie": ["sheriff_decides", "revote_once"], "eval.beliefs": True,
                      "last_words.mode": "all", "reveal.night_death": False,
                      "sheriff.succession": "mandatory"}))
LEADER = GameConfig(
    roles={"werewolf": 3, "villager": 3, "seer": 1, "witch": 1, "idiot": 1},
    rules=make_rules({"wolves.consensus": "leader", "witch.total_uses": 1,
                      "wolves.self_destruct": True, "eval.beliefs": True}))
CONFIGS = {"classic": CLASSIC, "fanlang": FANLANG, "guarded": GUARDED, "odd": ODD_RULES,
           "leader": LEADER}


def play(config: GameConfig, seed: int, village: Bot, wolves: Bot) -> GameResult:
    """One game with a fixed shuffled deal: ``wolves`` play the wolf cards."""
    deal = config.deck()
    random.Random(seed).shuffle(deal)
    agents: dict[int, SeatAgent] = {
        seat: (wolves if role == WOLF else village)(seed=derive_seed(seed, seat))
        for seat, role in enumerate(deal, 1)}
    return asyncio.run(run_game(config, agents, seed=seed, deal=deal))


def village_rate(config: GameConfig, village: Bot, wolves: Bot, games: int) -> float:
    return sum(play(config, g, village, wolves).winner == "village" for g in range(games)) / games


def problems(result: GameResult) -> list[BaseEvent]:
    return [e for e in result.events if isinstance(e, Refused | Fallback)]


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_decision_is_legal(name: str) -> None:
    for seed in range(12):
        for village, wolves in ((HeuristicAgent, HeuristicAgent), (HeuristicAgent, RandomAgent),
                                (RandomAgent, HeuristicAgent)):
            result = play(CONFIGS[name], seed, village, wolves)
            assert not problems(result), (name, seed, problems(result)[:3])


ROLE_MIXES = st.fixed_dictionaries({
    "werewolf": st.integers(1, 4), "villager": st.integers(0, 4), "seer": st.integers(0, 1),
    "witch": st.integers(0, 1), "hunter": st.integers(0, 1), "guard": st.integers(0, 1),
    "cupid": st.integers(0, 1), "idiot": st.integers(0, 1)})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roles=ROLE_MIXES, seed=st.integers(0, 10_000), self_destruct=st.booleans())
def test_any_deal_is_played_legally(roles: dict[str, int], seed: int,
                                    self_destruct: bool) -> None:
    wolves = roles["werewolf"]
    roles = {**roles, "villager": max(roles["villager"], wolves + 1 - sum(
        c for r, c in roles.items() if r not in (WOLF, "villager")))}
    config = GameConfig(roles=roles, rules=make_rules({"wolves.self_destruct": self_destruct}))
    result = play(config, seed, HeuristicAgent, HeuristicAgent)
    assert not problems(result)


@pytest.mark.parametrize("role", sorted(set(ROLES) - {*CLASSIC.roles, *GUARDED.roles}))
def test_roles_without_special_play_still_get_legal_decisions(role: str) -> None:
    config = GameConfig(roles={"werewolf": 3, "villager": 6, "seer": 1, "witch": 1,
                               "hunter": 1, role: 1})
    for seed in range(4):
        agents: dict[int, SeatAgent] = {s: HeuristicAgent(seed=derive_seed(seed, s))
                                        for s in range(1, config.players + 1)}
        result = asyncio.run(run_game(config, agents, seed=seed))
        assert not problems(result), (role, seed, problems(result)[:3])


# --------------------------------------------------------------------------- belief


def test_belief_is_a_distribution_consistent_with_certain_knowledge() -> None:
    for config, seed in ((CLASSIC, 1), (ODD_RULES, 2), (GUARDED, 3)):
        result = play(config, seed, HeuristicAgent, HeuristicAgent)
        roles, wolves = result.roles, config.roles[WOLF]
        for seat in roles:
            tracker = BeliefTracker()
            for end in range(20, len(result.events), 15):
                observation = observe(result.events[:end], seat)
                belief = tracker.update(observation)
                assert sum(belief.wolf.values()) == pytest.approx(wolves)
                assert all(0.0 <= p <= 1.0 + 1e-9 for p in belief.wolf.values())
                for other, role in observation.known_roles.items():
                    assert belief.p(other) == pytest.approx(1.0 if role == WOLF else 0.0)
                checks = [e for e in observation.events
                          if isinstance(e, CheckResult) and e.seat == seat]
                for check in checks:  # also the seer's "good" results under wolf_flag
                    assert belief.p(check.target) == pytest.approx(
                        1.0 if roles[check.target] == WOLF else 0.0)
                for row in role_table(tracker.evidence, belief).values():
                    assert sum(row.values()) == pytest.approx(1.0)


def test_a_wolf_is_certain_of_its_pack() -> None:
    result = play(CLASSIC, 5, HeuristicAgent, HeuristicAgent)
    for seat, role in result.roles.items():
        if role == WOLF:
            belief = BeliefTracker().update(observe(result.events[:40], seat))
            assert {s for s, p in belief.wolf.items() if p > 0.999} == {
                s for s, r in result.roles.items() if r == WOLF}


def test_belief_requests_cover_every_other_seat() -> None:
    result = play(LEADER, 4, HeuristicAgent, HeuristicAgent)
    answers = [e for e in result.events if isinstance(e, BeliefEvent)]
    assert answers
    for answer in answers:
        assert set(answer.probabilities) == {str(s) for s in result.roles if s != answer.seat}
        for row in answer.probabilities.values():
            assert sum(row.values()) == pytest.approx(1.0)


# --------------------------------------------------------------------------- single decisions


class Script:
    """Hand-written events for one seat's point of view."""

    def __init__(self, roles: dict[str, int]) -> None:
        self.events: list[BaseEvent] = []
        self.day = 0
        self.phase: Phase = "setup"
        players = sum(roles.values())
        self.add(Setup, "public", players=players,
                 names=tuple(f"P{s}" for s in range(1, players + 1)), roles=roles,
                 rules=make_rules().key_values())

    def add(self, cls: type[BaseEvent], audience: Any, **fields: Any) -> None:
        self.events.append(cls(seq=len(self.events), day=self.day, phase=self.phase,
                               audience=audience, **fields))

    def phase_start(self, name: Literal["night", "day"]) -> None:
        if name == "night":
            self.day += 1
        self.phase = name
        self.add(PhaseStart, "public", name=name)

    async def ask(self, seat: int, kind: str, options: tuple[int, ...] = (), **context: Any,
                  ) -> Any:
        agent = HeuristicAgent(seed=seat)
        context.setdefault("seats", tuple(range(1, 13)))
        request = Request(seat=seat, kind=kind, day=self.day, options=options,
                          allow_none=kind not in ("speak", "check"), context=context)
        decision = await agent.decide(observe(self.events, seat), request)
        assert request.validate(decision) is None
        return decision


CLASSIC_DEAL = dict(CLASSIC.roles)


def test_the_seer_claims_with_its_check_after_finding_a_wolf() -> None:
    script = Script(CLASSIC_DEAL)
    script.add(RoleDealt, (3,), seat=3, role="seer")
    script.phase_start("night")
    script.add(NightAction, (3,), seat=3, action="check", target=8)
    script.add(CheckResult, (3,), seat=3, target=8, result=WOLF)
    script.phase_start("day")
    said = asyncio.run(script.ask(3, "speak", purpose="discussion", round=1))
    assert Claim(kind="role", role="seer") in said.claims
    assert Claim(kind="check", target=8, result=WOLF) in said.claims
    assert Claim(kind="accuse", target=8) in said.claims
    vote = asyncio.run(script.ask(3, "vote", tuple(s for s in range(1, 13) if s != 3),
                                  ballot="exile", round=1))
    assert vote.target == 8


def test_the_guard_protects_a_claimed_seer_and_the_village_follows_his_check() -> None:
    script = Script(dict(GUARDED.roles))
    script.add(RoleDealt, (1,), seat=1, role="guard")
    script.phase_start("night")
    script.add(NightAction, (1,), seat=1, action="protect", target=None)
    script.phase_start("day")
    script.add(Speech, "public", seat=5, text="I am the seer. Seat 9 is a werewolf.",
               claims=(Claim(kind="role", role="seer"), Claim(kind="check", target=9,
                                                              result=WOLF)))
    others = tuple(s for s in range(1, 13) if s != 1)
    assert asyncio.run(script.ask(1, "vote", others, ballot="exile", round=1)).target == 9
    script.phase_start("night")
    protect = asyncio.run(script.ask(1, "protect", tuple(range(1, 13)), last=None))
    assert protect.target == 5


def test_the_witch_saves_the_first_victim_and_poisons_a_sure_wolf() -> None:
    script = Script(CLASSIC_DEAL)
    script.add(RoleDealt, (2,), seat=2, role="witch")
    script.phase_start("night")
    assert asyncio.run(script.ask(2, "save", victim=7)).yes
    assert asyncio.run(script.ask(2, "poison", tuple(range(1, 13)))).target is None
    script.phase_start("day")
    script.add(Speech, "public", seat=5, text="I am the seer. Seat 9 is a werewolf.",
               claims=(Claim(kind="role", role="seer"), Claim(kind="check", target=9,
                                                              result=WOLF)))
    script.phase_start("night")
    assert asyncio.run(script.ask(2, "poison", tuple(range(1, 13)))).target == 9


def test_the_hunter_shoots_a_likely_wolf_and_otherwise_holds_fire() -> None:
    script = Script(CLASSIC_DEAL)
    script.add(RoleDealt, (4,), seat=4, role="hunter")
    script.phase_start("night")
    script.phase_start("day")
    others = tuple(s for s in range(1, 13) if s != 4)
    assert asyncio.run(script.ask(4, "shoot", others, cause="wolves")).target is None
    script.add(Speech, "public", seat=5, text="I am the seer. Seat 9 is a werewolf.",
               claims=(Claim(kind="role", role="seer"), Claim(kind="check", target=9,
                                                              result=WOLF)))
    assert asyncio.run(script.ask(4, "shoot", others, cause="vote")).target == 9


# --------------------------------------------------------------------------- the pack


def test_wolves_kill_proposals_agree() -> None:
    nights = 0
    for name in ("classic", "guarded", "fanlang"):
        for seed in range(15):
            result = play(CONFIGS[name], seed, HeuristicAgent, HeuristicAgent)
            proposals: dict[int, set[int | None]] = defaultdict(set)
            lovers = {s for e in result.events if isinstance(e, Lovers) for s in e.seats}
            for e in result.events:  # a wolf in love spares his lover, even the last prey
                if isinstance(e, NightAction) and e.action == "kill" and not e.final and not (
                        e.target is None and e.seat in lovers):
                    proposals[e.day].add(e.target)
            nights += len(proposals)
            assert all(len(picks) == 1 and None not in picks for picks in proposals.values())
    assert nights > 60


def test_wolves_rarely_pile_onto_a_seat_the_village_does_not_lead() -> None:
    """Votes are simultaneous, so the pack predicts the village's choice from the day's
    accusations: all of it on one seat happens only when that seat leads the tally."""
    piles = misplaced = 0
    for seed in range(40):
        result = play(CLASSIC, seed, HeuristicAgent, HeuristicAgent)
        wolves = {s for s, r in result.roles.items() if r == WOLF}
        ballots: dict[tuple[int, int], list[Vote]] = defaultdict(list)
        for e in result.events:
            if isinstance(e, Vote) and e.ballot == "exile":
                ballots[(e.day, e.round)].append(e)
            if isinstance(e, VoteResult) and e.ballot == "exile":
                picks = {v.target for v in ballots[(e.day, e.round)] if v.seat in wolves}
                voters = [v for v in ballots[(e.day, e.round)] if v.seat in wolves]
                if len(voters) >= 2 and len(picks) == 1:
                    piles += 1
                    counts = Counter({int(k): c for k, c in e.counts.items()})
                    misplaced += counts[voters[0].target or 0] < max(counts.values())
    assert piles and misplaced <= 0.1 * piles, (misplaced, piles)


def test_a_fake_seer_calls_a_good_player_a_wolf() -> None:
    fakes = 0
    for seed in range(30):
        result = play(CLASSIC, seed, RandomAgent, HeuristicAgent)
        for e in result.events:
            if isinstance(e, Speech) and result.roles[e.seat] == WOLF:
                for claim in e.claims:
                    if claim.kind == "check" and claim.result == WOLF:
                        fakes += 1
                        assert claim.target is not None and result.roles[claim.target] != WOLF
    assert fakes


# --------------------------------------------------------------------------- strength
# (speed is a benchmark, not a test: `make bench` prints heuristic games per second)


# the default suite's quick look at 40 games; make test-full plays 200
STRENGTH_GAMES = [40, pytest.param(200, marks=pytest.mark.slow)]


@pytest.mark.parametrize("games", STRENGTH_GAMES)
def test_heuristic_village_beats_random_wolves(games: int) -> None:
    base = village_rate(CLASSIC, RandomAgent, RandomAgent, games)
    strong = village_rate(CLASSIC, HeuristicAgent, RandomAgent, games)
    assert strong >= 0.8 and strong >= base + 0.3, (strong, base)


@pytest.mark.parametrize("games", STRENGTH_GAMES)
def test_heuristic_wolves_beat_random_village(games: int) -> None:
    base = village_rate(FANLANG, RandomAgent, RandomAgent, games)
    strong = village_rate(FANLANG, RandomAgent, HeuristicAgent, games)
    assert strong <= 0.2 and strong <= base - 0.3, (strong, base)

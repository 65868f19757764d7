"""Hidden information is private by construction.

(a) Non-interference of the whole engine: swapping the hidden roles of two seats
    that seat k cannot tell apart changes nothing k observes or is asked, up to
    the first point where the rules legitimately tell the worlds apart.
(b) Every observation an agent ever received holds only what the rules let its
    seat know, and equals ``observe`` rebuilt from scratch over the log so far.
(c) The import-linter contracts of pyproject.toml hold, and they bite.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import os
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents.belief import POWER_CARDS
from agents.replay import ReplayAgent, Step, decisions_by_seat
from arena.engine import (
    Decision,
    GameConfig,
    Observation,
    Request,
    observe,
    variants,
)
from arena.engine.events import (
    BaseEvent,
    CheckResult,
    Death,
    Explode,
    GameEnd,
    Lovers,
    NightAction,
    Reveal,
    RoleDealt,
    Shot,
    Spared,
    Speech,
)
from arena.engine.judge import Judge, SeatAgent
from arena.engine.roles import ROLES
from arena.engine.view import visible
from arena.presets import load_preset, preset_names
from tests.games import (
    Run,
    Seen,
    bot_run,
    bots,
    drawn_bot_games,
    play,
    random_bots,
    shuffled_deal,
)
from tests.sweep import presets, sizes

REPO = Path(__file__).resolve().parents[1]
WOLF = "werewolf"
# the cards whose reveal rules this file models exactly; presets dealing other cards
# get the rule-independent checks only
MODELLED_ROLES = frozenset(
    {WOLF, "villager", "seer", "witch", "hunter", "guard", "cupid", "idiot", "possessed",
     "medium"})


def modelled(config: GameConfig) -> bool:
    """Cards the strict check models, and no variant that shows cards otherwise (three-card
    checks, every 4.1 variant but vouching: the box toss that changes a card, Double-You's
    second cards...; the New Moon's conversions and answers)."""
    rules = config.rules
    plain = (rules.seer__result != "three_cards" and rules.events__mode == "none"
             and {v.name for v in variants.active(rules)} <= {"vouching"}
             and not rules.events__permanent)
    return plain and {role for role, count in config.roles.items() if count} <= MODELLED_ROLES


MODELLED_PRESETS = tuple(n for n in preset_names() if modelled(load_preset(n)))


def etype(event: BaseEvent) -> str:
    """An event's ``type`` tag (every concrete event class declares one)."""
    return str(getattr(event, "type", ""))


# --------------------------------------------------------------------------- recording games


# --------------------------------------------------------------------------- (a) non-interference

ROLE_KINDS = frozenset({"kill", "check", "save", "poison", "protect", "link", "explode", "shoot"})


def role_key_of_event(event: dict[str, Any]) -> str | None:
    """The role-bound decision an event records (it moves with the card), if any."""
    kind = event["type"]
    if kind == "night_action":
        return str(event["action"])
    if kind == "speech" and event.get("context") == "wolf_chat":
        return "wolf_chat"
    if kind in ("explode", "shoot"):
        return str(kind)
    return None


def role_key_of_request(request: Request) -> str | None:
    if request.kind in ROLE_KINDS:
        return request.kind
    if request.kind == "speak" and request.context.get("channel") == "wolves":
        return "wolf_chat"
    return None


class SwappedReplay:
    """Replays a seat's recorded decisions; role-bound ones come from ``swap[seat]``.

    Role-bound steps are keyed by (source seat, day, kind) so that a decision can
    never drift to another night. With the leader consensus the day's kill is the
    pack's: whoever leads in this game replays the leader's kill of the recording.
    """

    concurrent = False

    def __init__(self, seat: int, own: list[Step], book: RoleBook, swap: dict[int, int]) -> None:
        self.seat, self.own, self.book, self.swap = seat, ReplayAgent(own), book, swap

    async def decide(self, observation: Observation, request: Request) -> Decision:
        key = role_key_of_request(request)
        if key is None:
            return await self.own.decide(observation, request)
        source = self.swap.get(self.seat, self.seat)
        if key == "kill" and "leader" in request.context:
            source = self.book.leaders.get(request.day, -1)
        return await self.book.agent(source, request.day, key).decide(observation, request)


@dataclass
class RoleBook:
    steps: dict[tuple[int, int, str], list[Step]]
    leaders: dict[int, int]
    agents: dict[tuple[int, int, str], ReplayAgent] = field(default_factory=dict)

    def agent(self, seat: int, day: int, key: str) -> ReplayAgent:
        if (seat, day, key) not in self.agents:
            self.agents[seat, day, key] = ReplayAgent(list(self.steps.get((seat, day, key), [])))
        return self.agents[seat, day, key]


def replay_agents(run: Run, swap: dict[int, int]) -> dict[int, SeatAgent]:
    """Every seat answers with the decisions recorded in ``run`` (decisions_by_seat)."""
    dicts = [e.to_dict() for e in run.log]
    own = decisions_by_seat([d for d in dicts if role_key_of_event(d) is None])
    groups: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for d in dicts:
        key = role_key_of_event(d)
        if key is not None:
            groups.setdefault((d["day"], key), []).append(d)
    steps: dict[tuple[int, int, str], list[Step]] = {}
    for (day, key), group in groups.items():
        for seat, queue in decisions_by_seat(group).items():
            steps[seat, day, key] = queue
    leaders = {e.day: e.seat for e in run.log
               if isinstance(e, NightAction) and e.action == "kill" and not e.final}
    book = RoleBook(steps, leaders)
    return {s: SwappedReplay(s, own.get(s, []), book, swap)
            for s in range(1, run.config.players + 1)}


def seat_cuts(run: Run, k: int) -> dict[int, int]:
    """Per seat j: the first event after which seat k may legitimately tell j's card.

    Legitimate by the rules: j dies (its card may be shown, its death triggers
    powers), j's card is shown publicly (idiot, hunter), j self-destructs (the
    day's speeches may then run differently), k checks j as the seer, k is a wolf
    and j is one too, k is j's lover and lovers see roles. The game's end bounds all.
    """
    truth, rules = run.truth, run.config.rules
    end = len(run.log)
    cuts = {j: end for j in truth if j != k}
    explode_days: dict[int, set[int]] = {}
    for e in run.log:
        if isinstance(e, Explode):
            explode_days.setdefault(e.day, set()).add(e.seat)

    def cut(j: int, seq: int) -> None:
        if j in cuts:
            cuts[j] = min(cuts[j], seq)

    for e in run.log:
        if isinstance(e, GameEnd):
            for j in cuts:
                cut(j, e.seq)
        elif isinstance(e, Death) or (isinstance(e, (Reveal, Spared))
                                      and e.audience == "public"):
            cut(e.seat, e.seq)
        elif isinstance(e, NightAction) and e.action == "check" and e.seat == k:
            if e.target is not None:
                cut(e.target, e.seq)
        elif isinstance(e, Lovers) and k in e.seats and rules.lovers__see_roles:
            for j in e.seats:
                cut(j, e.seq)
        elif (e.phase == "day" and e.day in explode_days
              and (isinstance(e, Explode) or (isinstance(e, Speech)
                                              and e.context == "discussion"))):
            for j in explode_days[e.day]:
                cut(j, e.seq)
    if truth[k] == WOLF:
        for j in cuts:
            if truth[j] == WOLF:
                cut(j, 0)
    return cuts


def _request_key(request: Request) -> tuple[Any, ...]:
    context = {key: value for key, value in request.context.items() if key != "error"}
    return request.seat, request.kind, request.day, request.options, request.allow_none, context


def first_difference(a: Run, b: Run, k: int, hidden: Sequence[int], cut: int) -> str | None:
    """The first way seat k's experience of games a and b differs before event ``cut``.

    Compares the public event stream, every event k can see, k's knowledge at
    each of its requests (events as dicts, known roles, living seats, own role,
    sheriff, lovers) and the requests themselves (the retry hint ``error`` aside);
    also that k never knows the hidden seats' roles within the prefix.
    """
    for label, keep in (("public", lambda e: e.audience == "public"),
                        (f"seat {k}'s", lambda e: visible(e, k))):
        left = [e.to_dict() for e in a.log[:cut] if keep(e)]
        right = [e.to_dict() for e in b.log[:cut] if keep(e)]
        for x, y in itertools.zip_longest(left, right):
            if x != y:
                return f"{label} event stream differs: {x} != {y}"
    seen_a = [s for s in a.seen[k] if s.log_len <= cut]
    seen_b = [s for s in b.seen[k] if s.log_len <= cut]
    for n, (x, y) in enumerate(itertools.zip_longest(seen_a, seen_b)):
        if x is None or y is None:
            return f"seat {k} got {len(seen_a)} requests in one game, {len(seen_b)} in the other"
        for part in ("alive", "role", "sheriff", "lovers", "no_vote", "known_roles"):
            if getattr(x, part) != getattr(y, part):
                return (f"request {n} of seat {k}: {part} {getattr(x, part)!r} != "
                        f"{getattr(y, part)!r}")
        knows = sorted(set(x.known_roles) & set(hidden))
        if knows:
            return f"request {n} of seat {k}: knows the hidden role of seats {knows}"
        if [e.to_dict() for e in x.events] != [e.to_dict() for e in y.events]:
            return f"request {n} of seat {k}: the observed events differ"
        if _request_key(x.request) != _request_key(y.request):
            return f"request {n} of seat {k}: {x.request} != {y.request}"
    return None


def first_mismatch(a: list[BaseEvent], b: list[BaseEvent]) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x.to_dict() != y.to_dict():
            return i
    return min(len(a), len(b))


def first_refusal(log: list[BaseEvent]) -> int:
    """The first replayed decision that was illegal (refused or fallen back)."""
    return next((e.seq for e in log if etype(e) in ("error", "fallback")), len(log))


@dataclass(frozen=True)
class Outcome:
    difference: str | None
    cut: int
    requests: int
    events_past_deal: int
    pair: tuple[int, int]


def swapped(a: Run, pair: tuple[int, int], cut_a: int) -> tuple[Run, int]:
    """Game A replayed with the cards of ``pair`` swapped, and how far the two games may
    be compared: up to ``cut_a``, a refused replayed decision, or where even the
    unswapped replay departs from A (the recorded decisions no longer decide)."""
    j1, j2 = pair
    deal = list(a.deal)
    deal[j1 - 1], deal[j2 - 1] = deal[j2 - 1], deal[j1 - 1]
    b = play(a.config, replay_agents(a, {j1: j2, j2: j1}), a.seed, deal)
    b0 = play(a.config, replay_agents(a, {}), a.seed, a.deal)
    return b, min(cut_a, first_refusal(b.log), first_mismatch(a.log, b0.log))


def swap_case(a: Run, k: int, pair: tuple[int, int], cut_a: int) -> Outcome:
    """Game B: the cards of the pair swapped, every seat replaying game A."""
    j1, j2 = pair
    deal = list(a.deal)
    deal[j1 - 1], deal[j2 - 1] = deal[j2 - 1], deal[j1 - 1]
    b = play(a.config, replay_agents(a, {j1: j2, j2: j1}), a.seed, deal)
    cut = min(cut_a, first_refusal(b.log))
    difference = first_difference(a, b, k, pair, cut)
    if difference is not None:
        # the same replay without the swap: where even it departs from A, the
        # transcript's decisions no longer determine the game (a replay limit, not a leak)
        b0 = play(a.config, replay_agents(a, {}), a.seed, a.deal)
        cut = min(cut, first_mismatch(a.log, b0.log))
        difference = first_difference(a, b, k, pair, cut)
    deal_end = 1 + next(
        (i for i, e in enumerate(a.log[1:]) if etype(e) not in ("role", "reveal")), len(a.log))
    return Outcome(
        difference=difference, cut=cut,
        requests=sum(1 for s in a.seen[k] if s.log_len <= cut),
        events_past_deal=sum(1 for e in a.log[deal_end:cut] if e.audience == "public"),
        pair=pair)


def candidate_pairs(a: Run, k: int) -> list[tuple[int, tuple[int, int]]]:
    """(cut, pair) for pairs of other seats with different cards, longest prefix first."""
    cuts, truth = seat_cuts(a, k), a.truth
    pairs = [(min(cuts[j1], cuts[j2]), (j1, j2))
             for j1, j2 in itertools.combinations(sorted(cuts), 2) if truth[j1] != truth[j2]]
    return sorted(pairs, key=lambda item: (-item[0], item[1]))


def non_trivial(outcome: Outcome) -> bool:
    return outcome.requests >= 3 and outcome.events_past_deal >= 10


@pytest.mark.parametrize("examples", sizes(30, 100))
def test_non_interference_whole_engine(examples: int) -> None:
    outcomes: list[Outcome] = []

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(preset=st.sampled_from(MODELLED_PRESETS), seed=st.integers(0, 2**32 - 1),
           k_index=st.integers(0, 29), pick=st.integers(0, 2))
    def case(preset: str, seed: int, k_index: int, pick: int) -> None:
        config = load_preset(preset)
        k = k_index % config.players + 1
        a = play(config, random_bots(config, seed), seed, shuffled_deal(config, seed))
        assert not [e for e in a.log if etype(e) in ("error", "fallback")]
        pairs = candidate_pairs(a, k)
        if not pairs:
            return
        cut_a, pair = pairs[pick % min(3, len(pairs))]
        outcome = swap_case(a, k, pair, cut_a)
        outcomes.append(outcome)
        assert outcome.difference is None, (
            f"{preset} seed={seed} k={k} pair={pair} (cards {a.truth[pair[0]]}/"
            f"{a.truth[pair[1]]}), prefix of {outcome.cut} events: {outcome.difference}")

    case()
    good = [o for o in outcomes if non_trivial(o)]
    print(f"\nnon-interference: {len(good)} of {len(outcomes)} cases compared a non-trivial "
          f"prefix; {sum(o.requests for o in outcomes)} requests of seat k compared")
    assert len(outcomes) >= 0.8 * examples
    assert len(good) >= 0.6 * len(outcomes), (len(good), len(outcomes))


def _leaky_seer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken seer step that also announces the check result to everyone."""
    honest = ROLES["seer"]
    assert honest.night is not None
    night = honest.night

    async def leaky(judge: Judge) -> None:
        before = len(judge.log)
        await night(judge)
        for e in judge.log[before:]:
            if isinstance(e, CheckResult):
                judge.emit(CheckResult, "public", seat=e.seat, target=e.target, result=e.result)

    monkeypatch.setitem(ROLES, "seer", dataclasses.replace(honest, night=leaky))


def _leak_case(seed: int) -> tuple[Run, int, tuple[int, int], int] | None:
    """A game with a seer whose first check targets j1; k and j2 are two other seats."""
    config = load_preset("classic-12")
    a = play(config, random_bots(config, seed), seed, shuffled_deal(config, seed))
    check = next(e for e in a.log if isinstance(e, NightAction) and e.action == "check")
    assert check.target is not None
    truth = a.truth
    for k in truth:
        if k in (check.seat, check.target) or truth[k] == WOLF:
            continue
        cuts = seat_cuts(a, k)
        for j2 in sorted(cuts):
            if j2 in (check.seat, check.target) or truth[j2] == truth[check.target]:
                continue
            cut = min(cuts[check.target], cuts[j2])
            if cut > check.seq + 5:
                return a, k, (check.target, j2), cut
    return None


def test_non_interference_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison fails once the seer's result is also announced publicly."""
    honest = [case for case in (_leak_case(seed) for seed in range(3)) if case is not None]
    assert honest
    for a, k, pair, cut in honest:  # control: the engine as it is shows k nothing
        assert swap_case(a, k, pair, cut).difference is None
    _leaky_seer(monkeypatch)
    caught = 0
    for seed in range(8):
        leaky = _leak_case(seed)
        if leaky is None:
            continue
        a, k, pair, cut = leaky
        difference = swap_case(a, k, pair, cut).difference
        assert difference is not None, f"seed {seed}: the public check result went unseen"
        caught += 1
    assert caught >= 3


# --------------------------------------------------------------------------- (b) what views hold


def _wolf_flag(role: str) -> str:
    return WOLF if role == WOLF else "good"


@dataclass
class Truth:
    run: Run
    roles: dict[int, str]
    wolves: tuple[int, ...]
    partner: dict[int, int]
    checks: set[tuple[int, int, int]]
    shots: set[int]
    exiled: dict[int, int]  # day -> the seat exiled that day (the medium's next result)

    @staticmethod
    def of(run: Run) -> Truth:
        roles = run.truth
        partner: dict[int, int] = {}
        for e in run.log:
            if isinstance(e, Lovers):
                a, b = e.seats
                partner[a], partner[b] = b, a
        return Truth(
            run=run, roles=roles, wolves=tuple(s for s in sorted(roles) if roles[s] == WOLF),
            partner=partner,
            checks={(e.seat, e.target, e.day) for e in run.log if isinstance(e, NightAction)
                    and e.action == "check" and e.target is not None},
            shots={e.seat for e in run.log if isinstance(e, Shot) and e.target is not None},
            exiled={e.day: e.seat for e in run.log if isinstance(e, Death) and e.cause == "vote"})


def disallowed(event: BaseEvent, seat: int, truth: Truth) -> str | None:
    """Why ``seat`` may not see ``event`` (None when a rule lets it)."""
    rules, roles = truth.run.config.rules, truth.roles
    if event.audience == "god":
        return "a god-only event"
    if not visible(event, seat):
        return "an event outside its audience"
    if isinstance(event, RoleDealt):
        if event.seat != seat or event.audience != (seat,) or event.role != roles[seat]:
            return "another seat's card (or a wrong one)"
    elif isinstance(event, Reveal):
        if event.role != roles[event.seat]:
            return "a false reveal"
        ok = {
            "wolf_team": roles[seat] == WOLF and roles[event.seat] == WOLF
            and event.audience == truth.wolves,
            "lover": rules.lovers__see_roles and truth.partner.get(seat) == event.seat
            and event.audience == (seat,),
            "idiot": event.audience == "public" and roles[event.seat] == "idiot",
            "hunter_shot": event.audience == "public" and roles[event.seat] == "hunter"
            and rules.hunter__reveal_on_shot and event.seat in truth.shots,
        }.get(event.reason, False)
        if not ok:
            return f"a reveal ({event.reason}) no rule shows this seat"
    elif isinstance(event, CheckResult):
        want = roles[event.target]
        if rules.seer__result == "wolf_flag":
            want = _wolf_flag(want)
        earned = ((seat, event.target, event.day) in truth.checks if roles[seat] == "seer"
                  else roles[seat] == "medium" and truth.exiled.get(event.day - 1) == event.target)
        if event.audience != (seat,) or event.seat != seat or not earned or event.result != want:
            return "a check result this seat did not earn"
    elif isinstance(event, Death):
        shown = {"night": rules.reveal__night_death, "vote": rules.reveal__vote_death,
                 "explode": True}.get(event.cause, rules.reveal__day_death)
        if event.revealed_role != (roles[event.seat] if shown else None):
            return f"a death ({event.cause}) revealing {event.revealed_role!r}"
    elif isinstance(event, GameEnd) and (
            event is not truth.run.log[-1]
            or event.roles != {str(s): r for s, r in roles.items()}):
        return "a game end before the end (or with false roles)"
    return None


def _same_view(seen: Seen, ref: Observation) -> str | None:
    obs = seen.observation
    if seen.events != ref.events:
        return "events"
    for part in ("known_roles", "alive", "role", "sheriff", "lovers", "no_vote"):
        if getattr(seen, part) != getattr(ref, part):
            return part
    for part in ("seat", "phase", "players", "names", "deal", "rules", "day"):
        if getattr(obs, part) != getattr(ref, part):
            return part
    return None


class Cards:
    """Each seat's card over time, from the god log's ``role`` events (a thief may swap)."""

    def __init__(self, log: list[BaseEvent]) -> None:
        self.changes: dict[int, list[tuple[int, str]]] = {}
        for e in log:
            if isinstance(e, RoleDealt):
                self.changes.setdefault(e.seat, []).append((e.seq, e.role))

    def at(self, seat: int, seq: int) -> str | None:
        """The card ``seat`` holds just before event ``seq``."""
        held = [role for at, role in self.changes.get(seat, []) if at < seq]
        return held[-1] if held else None


def generic_problem(event: BaseEvent, seat: int, cards: Cards, log: list[BaseEvent]) -> str | None:
    """Rule-independent limits on what ``seat`` may see: its audience, its own card,
    its own checks, and only true cards."""
    if event.audience == "god":
        return "a god-only event"
    if not visible(event, seat):
        return "an event outside its audience"
    if isinstance(event, RoleDealt) and (event.seat != seat or event.audience != (seat,)):
        return "another seat's card"
    if isinstance(event, Reveal) and event.reason in POWER_CARDS:
        return _power_card_problem(event, cards)
    if isinstance(event, Reveal) and event.role != cards.at(event.seat, event.seq + 1):
        return "a false reveal"
    if isinstance(event, CheckResult) and (event.seat != seat or event.audience != (seat,)):
        return "another seat's check result"
    if isinstance(event, Death) and event.revealed_role not in (
            None, cards.at(event.seat, event.seq + 1)):
        return "a death revealing a false card"
    if isinstance(event, GameEnd) and (event is not log[-1] or event.roles != {
            str(s): cards.at(s, event.seq) for s in cards.changes}):
        return "a game end before the end (or with false cards)"
    return None


def _power_card_problem(event: Reveal, cards: Cards) -> str | None:
    """Double-You (V2, V3): a face-up card is shown to all and is the seat's own card
    unless that is a wolf card (then it is the power he keeps); a second card is told to
    its holder only."""
    own = cards.at(event.seat, event.seq + 1)
    if event.reason == "face_up" and (event.audience != "public" or (
            own != WOLF and event.role != own)):
        return "a false face-up card"
    if event.reason == "second_card" and event.audience != (event.seat,):
        return "another seat's second card"
    return None


def check_views(run: Run, full_rebuild_every: int = 1) -> None:
    """Every observation handed to an agent, against the rules and against observe().

    All presets: audiences, own card, true cards only, no god event, and the
    engine's incremental view equal to ``observe`` rebuilt from the log so far.
    Presets of modelled cards also: each role-bearing event is one a rule grants
    this seat, and every known role is the true card.
    """
    log = run.log
    cards = Cards(log)
    strict = modelled(run.config)
    truth = Truth.of(run)
    assert isinstance(log[-1], GameEnd) and sum(isinstance(e, GameEnd) for e in log) == 1

    def problem_of(e: BaseEvent, seat: int) -> str | None:
        found = generic_problem(e, seat, cards, log)
        return found if found is not None or not strict else disallowed(e, seat, truth)

    for seat, seen in run.seen.items():
        for e in log:
            if visible(e, seat):
                problem = problem_of(e, seat)
                assert problem is None, f"seat {seat} sees {problem}: {e.to_dict()}"
        for n, s in enumerate(seen):
            where = f"seat {seat}, request {n} ({s.request.kind})"
            assert s.request.seat == seat == s.observation.seat, where
            assert s.role == cards.at(seat, s.log_len), where
            if strict:
                wrong = {j: r for j, r in s.known_roles.items() if truth.roles[j] != r}
                assert not wrong, f"{where}: known_roles {wrong} are not the cards"
            if n % full_rebuild_every == 0 or n == len(seen) - 1:
                differs = _same_view(s, observe(log[:s.log_len], seat))
                assert differs is None, f"{where}: {differs} differ from observe() rebuilt"
            for e in s.events:
                assert not isinstance(e, GameEnd), f"{where}: sees the game end"
                problem = problem_of(e, seat)
                assert problem is None, f"{where}: sees {problem}: {e.to_dict()}"


@pytest.mark.parametrize("examples", sizes(15, 60))
def test_views_hold_only_what_rules_reveal(examples: int) -> None:
    def check(config: GameConfig, kind: str, seed: int) -> None:
        run = play(config, bots(config, kind, seed), seed)
        check_views(run, full_rebuild_every=1 if kind != "passive" else 7)

    drawn_bot_games(examples, 5, check)


@pytest.mark.parametrize("preset", presets())
def test_views_every_preset(preset: str) -> None:
    check_views(bot_run(preset, "random", 11))
    check_views(bot_run(preset, "passive", 5, max_days=2), full_rebuild_every=3)


def test_view_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    _leaky_seer(monkeypatch)
    config = load_preset("classic-12")
    run = play(config, random_bots(config, 3), 3)
    with pytest.raises(AssertionError, match="check result"):
        check_views(run)


# --------------------------------------------------------------------------- (c) import contracts


def _lint_imports(*args: str) -> subprocess.CompletedProcess[str]:
    """Run import-linter's ``lint-imports`` from the repo root (fails if it is missing)."""
    assert importlib.util.find_spec("importlinter") is not None, (
        "import-linter is not installed (pip install import-linter)")
    code = "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)}
    return subprocess.run([sys.executable, "-c", code, "--no-cache", "--no-logo", *args],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def _contract_config(tmp_path: Path, contracts: list[dict[str, Any]]) -> Path:
    """A config file: the repo's own [tool.importlinter] table with other contracts."""
    table = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]
    lines = ["[tool.importlinter]",
             f"root_packages = {_toml(table['root_packages'])}"]
    for contract in contracts:
        lines.append("[[tool.importlinter.contracts]]")
        lines += [f"{key} = {_toml(value)}" for key, value in contract.items()]
    path = tmp_path / "importlinter.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def _layers_contract() -> dict[str, Any]:
    table = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]
    found = [c for c in table["contracts"] if c.get("type") == "layers"]
    assert found, "pyproject.toml has no layers contract"
    return dict(found[0])


def test_import_contracts_hold() -> None:
    done = _lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr


def test_layers_contract_bites(tmp_path: Path) -> None:
    base = _layers_contract()
    assert base["layers"][0].startswith("arena.app") and base["layers"][-1] == "arena.engine"
    # upside down, every layer imports one "above" it: the contract must break
    upside_down = {**base, "layers": list(reversed(base["layers"]))}
    done = _lint_imports(str(_contract_config(tmp_path, [upside_down])))
    assert done.returncode != 0
    assert "BROKEN" in done.stdout and "arena.engine" in done.stdout, done.stdout
    # indirect chains count: reproduce never imports the judge itself, only through the
    # session and the engine package, yet a contract putting the judge above it breaks
    chain = {"name": "chain", "type": "layers",
             "layers": ["arena.engine.judge", "arena.app.reproduce"]}
    done = _lint_imports(str(_contract_config(tmp_path, [chain])))
    assert done.returncode != 0 and "BROKEN" in done.stdout, done.stdout
    # control: the repository's own contract, alone in the file, is kept
    done = _lint_imports(str(_contract_config(tmp_path, [base])))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "KEPT" in done.stdout

"""A seat's belief over hidden roles, by exact enumeration of the possible wolf sets.

Every wolf set consistent with what the seat knows for certain (its own role,
revealed roles, its check results, its pack) is enumerated and weighted by how
likely the public behaviour is under it. Behaviour enters as pairwise factors
``f(a is a wolf, b is a wolf)`` for an act of ``a`` towards ``b`` (a vote, a check
claim, an accusation), folded into a quadratic log-weight, plus a penalty for
every good player too many claiming a role the deal has no card left for.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from arena.engine.events import (
    BaseEvent,
    CheckResult,
    Claim,
    Death,
    Reveal,
    RoleDealt,
    Setup,
    Speech,
    VictimInfo,
    Vote,
)
from arena.engine.roles import ROLES
from arena.engine.roles.factions import in_pack
from arena.engine.view import Observation

WOLF = "werewolf"
SEER = "seer"


@lru_cache(maxsize=64)
def is_pack(role: str | None) -> bool:
    """A card that wakes with the wolves: the side this belief is about."""
    return role is not None and role in ROLES and in_pack(role)


Factors = tuple[float, float, float, float]
"""Likelihoods (f00, f01, f10, f11): index = 2 * (actor is a wolf) + (target is a wolf)."""

VOTE: Factors = (1.0, 1.3, 1.1, 0.3)
ACCUSE: Factors = (1.0, 1.2, 1.0, 0.5)
VOUCH: Factors = (1.0, 0.8, 1.0, 1.5)
CHECK_WOLF: Factors = (0.04, 1.0, 1.0, 0.15)
CHECK_GOOD: Factors = (1.0, 0.04, 0.6, 0.6)
LIE = 0.03  # a good player caught lying: one claimant too many, impossible checks
FAKE_CLAIM = 0.5  # a special-role claim made by a wolf rather than by the card's holder
REACTIVE = 2.0  # claiming seer only after a seer claimant called you a wolf
COINCIDENCE = 0.3  # a "wolf" check on the rival claimant, announced the day he claimed
NIGHT_DEATH = 0.15  # an unrevealed night death was a (poisoned) wolf
WOLF_TARGET = 0.05  # the wolves chose one of their own as the night's victim
CLAIM_TRUST = 0.9  # a good claimant holds the role he claims
LOG_LIE = math.log(LIE)


@dataclass(frozen=True, slots=True)
class Space:
    """The wolf sets left by certain knowledge, laid out for fast weighing.

    ``terms[i]`` picks set i's unary and pairwise log-potentials out of the flat
    potential vector; ``holders[s]`` picks the weights of the sets containing s (seats
    in none are left out). Both also pick a zero, so a getter always returns a tuple.
    """

    masks: tuple[int, ...]
    terms: tuple[itemgetter[Any], ...]
    holders: dict[int, itemgetter[Any]]


@lru_cache(maxsize=512)
def space(players: int, wolves: int, must: int, forbid: int) -> Space:
    """Every wolf set with all of ``must`` and none of ``forbid`` (seat bitmasks)."""
    stride = players + 1
    seats = [s for s in range(1, stride) if not forbid >> s & 1]
    fixed = [s for s in seats if must >> s & 1]
    free = [s for s in seats if not must >> s & 1]
    masks: list[int] = []
    terms: list[itemgetter[Any]] = []
    holding: dict[int, list[int]] = {s: [] for s in range(1, stride)}
    for rest in combinations(free, wolves - len(fixed)) if wolves >= len(fixed) else ():
        members = sorted((*fixed, *rest))
        for seat in members:
            holding[seat].append(len(masks))
        masks.append(sum(1 << s for s in members))
        terms.append(itemgetter(0, *(s * stride + s for s in members),
                                *(a * stride + b for a, b in combinations(members, 2))))
    zero = len(masks)
    return Space(tuple(masks), tuple(terms),
                 {s: itemgetter(zero, *idx) for s, idx in holding.items() if idx})


@lru_cache(maxsize=256)
def log_factors(f: Factors) -> tuple[float, float, float]:
    """An act's factors as (actor's unary, target's unary, pairwise) log-potentials."""
    f00, f01, f10, f11 = f
    return math.log(f10 / f00), math.log(f01 / f00), math.log(f11 * f00 / (f10 * f01))


@dataclass(slots=True)
class Evidence:
    """Facts folded from one seat's events, incrementally (``public_only``: public events)."""

    seat: int
    public_only: bool
    players: int = 0
    deal: dict[str, int] = field(default_factory=dict)
    seen: int = 0
    first: BaseEvent | None = None
    known: dict[int, str] = field(default_factory=dict)
    good: set[int] = field(default_factory=set)
    my_checks: dict[int, str] = field(default_factory=dict)
    claims: dict[int, list[str]] = field(default_factory=dict)
    claim_day: dict[tuple[int, str], int] = field(default_factory=dict)
    checks: dict[tuple[int, int], bool] = field(default_factory=dict)
    coincidences: set[tuple[int, int]] = field(default_factory=set)
    reactive: set[int] = field(default_factory=set)
    liars: set[int] = field(default_factory=set)
    accusations: list[tuple[int, int, int]] = field(default_factory=list)
    vouches: set[tuple[int, int]] = field(default_factory=set)
    votes: list[tuple[int, int, int]] = field(default_factory=list)
    night_dead: set[int] = field(default_factory=set)
    victims: set[int] = field(default_factory=set)
    version: int = 0  # bumped by every event that may move the belief

    def fold(self, events: tuple[BaseEvent, ...]) -> None:
        if self.first is None and events:
            self.first = events[0]
        for event in events[self.seen:]:
            if not self.public_only or event.audience == "public":
                self._apply(event)
        self.seen = len(events)

    def claimants(self, role: str) -> list[int]:
        """Seats that claimed ``role``, in the order they first did."""
        return [s for (s, r), _ in sorted(self.claim_day.items(), key=lambda kv: kv[1])
                if r == role]

    def _apply(self, event: BaseEvent) -> None:
        if isinstance(event, Setup):
            self.players, self.deal = event.players, event.roles
        elif isinstance(event, RoleDealt | Reveal):
            self.known[event.seat] = event.role
        elif isinstance(event, CheckResult) and event.seat == self.seat:
            self.my_checks[event.target] = event.result
            if is_pack(event.result) or event.result in self.deal:
                self.known[event.target] = event.result
            else:
                self.good.add(event.target)
        elif isinstance(event, Death):
            if event.revealed_role:
                self.known[event.seat] = event.revealed_role
            elif event.cause == "night":
                self.night_dead.add(event.seat)
        elif isinstance(event, VictimInfo) and event.victim is not None:
            self.victims.add(event.victim)
        elif isinstance(event, Speech) and event.context != "wolf_chat":
            for claim in event.claims:
                self._claim(event.seat, claim, event.day)
        elif isinstance(event, Vote) and event.ballot != "sheriff" and event.target is not None:
            self.votes.append((event.seat, event.target, event.day))
        else:
            return
        self.version += 1

    def _claim(self, seat: int, claim: Claim, day: int) -> None:
        target = claim.target
        if claim.kind == "role" and claim.role:
            self._role(seat, claim.role, day)
        elif claim.kind == "check" and target is not None and target != seat:
            self._role(seat, SEER, day)
            says_wolf = is_pack(claim.result) or claim.result == "wolf"
            fresh = (seat, target) not in self.checks
            if self.checks.setdefault((seat, target), says_wolf) != says_wolf:
                self.liars.add(seat)
            if fresh and says_wolf and self.claim_day.get((target, SEER)) == day:
                self.coincidences.add((seat, target))
            if sum(1 for c, _ in self.checks if c == seat) > day:
                self.liars.add(seat)
        elif claim.kind == "accuse" and target is not None and target != seat:
            self.accusations.append((seat, target, day))
        elif claim.kind == "vouch" and target is not None and target != seat:
            self.vouches.add((seat, target))

    def _role(self, seat: int, role: str, day: int) -> None:
        if role not in self.deal or is_pack(role) or (seat, role) in self.claim_day:
            return
        self.claim_day[(seat, role)] = day
        roles = self.claims.setdefault(seat, [])
        roles.append(role)
        if sum(1 for r in roles if ROLES[r].special) > 1:
            self.liars.add(seat)
        if role == SEER and any(w and t == seat for (_, t), w in self.checks.items()):
            self.reactive.add(seat)


@dataclass(frozen=True, slots=True)
class Belief:
    """P(wolf) for every seat (1-based)."""

    wolf: dict[int, float]

    def p(self, seat: int) -> float:
        return self.wolf.get(seat, 0.0)


def _act(pot: list[float], stride: int, a: int, b: int, f: Factors) -> None:
    """Fold one act of ``a`` towards ``b`` into the flat potential vector."""
    ha, hb, pair = log_factors(f)
    pot[a * stride + a] += ha
    pot[b * stride + b] += hb
    pot[min(a, b) * stride + max(a, b)] += pair


def _potentials(ev: Evidence) -> tuple[list[float], list[tuple[int, int]]]:
    """The flat potential vector (unary on the diagonal, pairwise above it) and, per
    claimed role, (claimant mask, cards left)."""
    stride = ev.players + 1
    pot = [0.0] * (stride * stride)
    seers = [s for s in ev.claimants(SEER) if s not in ev.known]
    sole = seers[0] if len(seers) == 1 else None
    for voter, target, _ in ev.votes:
        if voter == target:
            continue
        f00, f01, f10, f11 = VOTE
        if target in seers:
            f00, f10 = f00 * 0.5, f10 * 1.5
        if sole is not None and sole != voter and ev.checks.get((sole, target)) is False:
            f00, f10 = f00 * 0.6, f10 * 1.4
        _act(pot, stride, voter, target, (f00, f01, f10, f11))
    for (claimant, target), says_wolf in ev.checks.items():
        f00, f01, f10, f11 = CHECK_WOLF if says_wolf else CHECK_GOOD
        if (claimant, target) in ev.coincidences:
            f01 *= COINCIDENCE
        _act(pot, stride, claimant, target, (f00, f01, f10, f11))
    for accuser, target in {(a, t) for a, t, _ in ev.accusations}:
        _act(pot, stride, accuser, target, ACCUSE)
    for voucher, target in ev.vouches:
        _act(pot, stride, voucher, target, VOUCH)
    unary = [(ev.night_dead, NIGHT_DEATH), (ev.victims, WOLF_TARGET), (ev.reactive, REACTIVE),
             (ev.liars, 1 / LIE)]
    for seats, factor in unary:
        for seat in seats:
            pot[seat * stride + seat] += math.log(factor)
    groups: list[tuple[int, int]] = []
    held = Counter(ev.known.values())
    for role in sorted({r for roles in ev.claims.values() for r in roles}):
        mask = 0
        for seat in (s for s, roles in ev.claims.items() if role in roles and s not in ev.known):
            mask |= 1 << seat
            if ROLES[role].special:
                pot[seat * stride + seat] += math.log(FAKE_CLAIM)
        if mask:
            groups.append((mask, ev.deal[role] - held[role]))
    return pot, groups


def infer(ev: Evidence) -> Belief:
    """P(wolf) per seat: the weighted sum over every consistent wolf set."""
    n = ev.players
    k = min(sum(c for r, c in ev.deal.items() if is_pack(r)), n)
    must = sum(1 << s for s, r in ev.known.items() if is_pack(r))
    forbid = sum(1 << s for s, r in ev.known.items() if not is_pack(r))
    forbid |= sum(1 << s for s in ev.good)
    sets = space(n, k, must, forbid)
    if not sets.masks:
        return _fallback(n, k, must, forbid)
    pot, groups = _potentials(ev)
    logs = [sum(term(pot)) for term in sets.terms]
    for claimed, free in groups:
        for i, mask in enumerate(sets.masks):
            excess = (claimed & ~mask).bit_count() - free
            if excess > 0:
                logs[i] += excess * LOG_LIE
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    weights.append(0.0)
    wolf = dict.fromkeys(range(1, n + 1), 0.0)
    wolf.update({s: sum(held(weights)) / total for s, held in sets.holders.items()})
    return Belief(wolf)


def _fallback(n: int, k: int, must: int, forbid: int) -> Belief:
    """Contradictory knowledge: the certain wolves, then the rest spread evenly."""
    open_seats = [s for s in range(1, n + 1) if not (must | forbid) >> s & 1]
    share = max(k - must.bit_count(), 0) / len(open_seats) if open_seats else 0.0
    return Belief({s: 1.0 if must >> s & 1 else share if s in open_seats else 0.0
                   for s in range(1, n + 1)})


def role_table(ev: Evidence, belief: Belief) -> dict[int, dict[str, float]]:
    """Per-seat role distribution: P(wolf) over the pack's cards and the rest over the
    other cards left, leaning towards what a seat claimed."""
    held = Counter(ev.known.values())
    left = {r: float(max(c - held[r], 0)) for r, c in ev.deal.items() if c > 0}
    claim_of = {s: rs[0] for s, rs in ev.claims.items()
                if s not in ev.known and len(rs) == 1 and rs[0] in left}
    for seat, role in claim_of.items():
        left[role] -= (1 - belief.p(seat)) * CLAIM_TRUST
    pack = _normalised({r: v for r, v in left.items() if is_pack(r)})
    good = _normalised({r: max(v, 0.0) for r, v in left.items() if not is_pack(r)})
    table: dict[int, dict[str, float]] = {}
    for seat in range(1, ev.players + 1):
        if seat in ev.known:
            table[seat] = {ev.known[seat]: 1.0}
            continue
        dist = good
        if seat in claim_of:
            dist = {r: (1 - CLAIM_TRUST) * v for r, v in good.items()}
            dist[claim_of[seat]] = dist.get(claim_of[seat], 0.0) + CLAIM_TRUST
        p = belief.p(seat)
        row = {r: p * v for r, v in pack.items()}
        for role, v in dist.items():
            row[role] = row.get(role, 0.0) + (1 - p) * v
        table[seat] = _normalised(row)
    return table


def _normalised(weights: dict[str, float]) -> dict[str, float]:
    """Weights scaled to sum to one (uniform when they are all zero)."""
    total = sum(weights.values())
    if total <= 0:
        return {r: 1 / len(weights) for r in weights}
    return {r: v / total for r, v in weights.items()}


class BeliefTracker:
    """One seat's evidence and belief, updated as its observation grows."""

    def __init__(self, *, public_only: bool = False) -> None:
        self.public_only = public_only
        self.evidence = Evidence(0, public_only)
        self._cache: tuple[int, Belief] | None = None

    def update(self, observation: Observation) -> Belief:
        """The belief after ``observation``, recomputed only when the evidence moved."""
        events, ev = observation.events, self.evidence
        if ev.seat != observation.seat or ev.seen > len(events) or (
                events and ev.first is not None and ev.first is not events[0]):
            ev = self.evidence = Evidence(observation.seat, self.public_only)
            self._cache = None
        ev.fold(events)
        if self._cache is not None and self._cache[0] == ev.version:
            return self._cache[1]
        belief = infer(ev)
        self._cache = (ev.version, belief)
        return belief

"""A seat's belief over hidden roles, by exact enumeration of the possible wolf sets.

"Wolf" here means a pack member: any card that wakes with the wolves (RoleSpec.pack).
Every wolf set consistent with what the seat knows for certain (its own role,
revealed roles, its check results, its pack, wolves it saw) is enumerated and
weighted by how likely the public behaviour is under it. Behaviour enters as
pairwise factors ``f(a is a wolf, b is a wolf)`` for an act of ``a`` towards ``b``
(a vote, a check claim, an accusation), folded into a quadratic log-weight, plus a
penalty for every good player too many claiming a role the deal has no card left for.
The pack's size is itself uncertain when the thief's spare cards may hold wolf cards
(or his blind pick may add one): each possible size is enumerated with its prior.
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
    Cards,
    CheckResult,
    Claim,
    Death,
    Enchanted,
    NightAction,
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
THIEF = "thief"
LITTLE_GIRL = "little_girl"
PIPER = "piper"


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
SIGHTING: Factors = CHECK_WOLF  # a claimed little girl names a wolf she saw
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
    """Facts folded from one seat's events, incrementally (``public_only``: public events).

    ``dealt`` is the deal as announced (the thief's spare cards included); ``deal`` the
    cards that may still be in play (minus the spare cards this seat saw stay out).
    """

    seat: int
    public_only: bool
    players: int = 0
    dealt: dict[str, int] = field(default_factory=dict)
    deal: dict[str, int] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    night: int = 0
    seen: int = 0
    first: BaseEvent | None = None
    known: dict[int, str] = field(default_factory=dict)
    good: set[int] = field(default_factory=set)
    wolves: set[int] = field(default_factory=set)
    seen_good: set[int] = field(default_factory=set)
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
    piper_calls: dict[int, set[int]] = field(default_factory=dict)
    charmed: set[int] = field(default_factory=set)
    spare: tuple[str, ...] = ()
    out_of_play: tuple[str, ...] = ()
    picked_blind: bool = False
    pack_batch: tuple[int, set[int], set[int]] = (-1, set(), set())
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

    def pack_sizes(self) -> list[tuple[int, float]]:
        """How many seats may hold a pack card, each with its prior weight.

        The pack knows itself. Otherwise the deal's pack cards, less those among the
        undealt cards this seat has not seen (a hypergeometric draw), or plus one when
        the online thief's blind pick may turn up the extra wolf card."""
        if is_pack(self.known.get(self.seat)):
            return [(sum(1 for r in self.known.values() if is_pack(r)), 1.0)]
        cards = _pack_cards(self.deal)
        hidden = sum(self.dealt.values()) - self.players - len(self.out_of_play)
        if hidden <= 0 or self.picked_blind:
            return [(cards, 1.0)]
        total = self.players + hidden
        if self.rules.get("thief.mode") == "online_blind3":
            centre_wolf = cards / max(total - 1, 1)
            if self.night == 0:  # the thief has not picked yet
                return [(cards - 1, centre_wolf), (cards, 1 - centre_wolf)]
            extra_wolf = (1 - centre_wolf) / 3
            return [(cards, 1 - extra_wolf), (cards + 1, extra_wolf)]
        return [(cards - j, math.comb(cards, j) * math.comb(total - cards, hidden - j)
                 / math.comb(total, hidden)) for j in range(min(cards, hidden) + 1)]

    def _apply(self, event: BaseEvent) -> None:
        if self.night == 0 and event.phase == "night":  # the thief has picked his card
            self.night = event.day
            self.version += 1
        if isinstance(event, Setup):
            self.players, self.rules = event.players, event.rules
            self.dealt, self.deal = dict(event.roles), dict(event.roles)
        elif isinstance(event, RoleDealt):
            self.known[event.seat] = event.role
        elif isinstance(event, Reveal):
            self.known[event.seat] = event.role
            if event.reason == "wolf_team":
                self._pack_member(event.seat, event.day)
        elif isinstance(event, CheckResult) and event.seat == self.seat:
            self._checked(event.target, event.result)
        elif isinstance(event, Death):
            if event.revealed_role:
                self.known[event.seat] = event.revealed_role
            elif event.cause == "night":
                self.night_dead.add(event.seat)
        elif isinstance(event, VictimInfo) and event.victim is not None:
            self.victims.add(event.victim)
        elif isinstance(event, Speech) and event.context == "wolf_chat":
            if is_pack(self.known.get(self.seat)):
                return
            self.wolves.add(event.seat)  # a little girl reading the pack's chat
        elif isinstance(event, Speech):
            for claim in event.claims:
                self._claim(event.seat, claim, event.day)
        elif isinstance(event, Vote) and event.ballot != "sheriff" and event.target is not None:
            self.votes.append((event.seat, event.target, event.day))
        elif isinstance(event, NightAction) and event.seat == self.seat:
            if event.action == "swap":
                self._swapped(event.target)
            elif event.action == "charm":
                self.charmed.update(event.targets)
            return
        elif isinstance(event, Cards) and event.seat == self.seat:
            self.spare = event.cards
            return
        elif isinstance(event, Enchanted):
            self.charmed.update(event.seats)
            return
        else:
            return
        self.version += 1

    def _checked(self, target: int, result: str) -> None:
        """A check of this seat's own: an exact role, a wolf flag, or "good" (which a pack
        card without the wolf flag, the white-eyed wolf, also shows)."""
        self.my_checks[target] = result
        if is_pack(result) or result in self.deal:
            self.known[target] = result
        elif any(c and is_pack(r) and not ROLES[r].wolf_card for r, c in self.deal.items()):
            self.seen_good.add(target)
        else:
            self.good.add(target)

    def _pack_member(self, seat: int, day: int) -> None:
        """A wolf_team reveal. A later batch (the thief joined) replaces the earlier one:
        a seat left out of it gave its card to the thief and holds the thief's card."""
        batch_day, earlier, batch = self.pack_batch
        if day != batch_day:
            earlier, batch = batch, set()
            self.pack_batch = (day, earlier, batch)
        batch.add(seat)
        for left in earlier - batch:
            self.known[left] = THIEF

    def _swapped(self, target: int | None) -> None:
        """This seat, the thief, took a card: a player's (who now holds the thief card),
        a spare one (the rest stays out of play) or a blind pick."""
        mode = self.rules.get("thief.mode")
        if mode == "swap_player":
            if target is not None:
                self.known[target] = THIEF
        elif mode == "spare_cards" and self.spare:
            centre = list(self.spare)
            if target is not None:
                centre[target - 1] = THIEF
            self.out_of_play = tuple(centre)
            for card in centre:
                if card in self.deal:
                    self.deal[card] -= 1
        else:
            self.picked_blind = True
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
            if claim.result == PIPER:
                self.piper_calls.setdefault(target, set()).add(seat)
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
        sighting = LITTLE_GIRL in ev.claims.get(accuser, ())
        _act(pot, stride, accuser, target, SIGHTING if sighting else ACCUSE)
    for voucher, target in ev.vouches:
        _act(pot, stride, voucher, target, VOUCH)
    unary = [(ev.night_dead, NIGHT_DEATH), (ev.victims, WOLF_TARGET), (ev.reactive, REACTIVE),
             (ev.liars, 1 / LIE)]
    hidden = [c for r, c in ev.deal.items() if is_pack(r) and not ROLES[r].wolf_card]
    if ev.seen_good:  # P(checked good | pack): the pack cards without the wolf flag
        unary.append((ev.seen_good, max(sum(hidden), 1) / max(_pack_cards(ev.deal), 1)))
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
            groups.append((mask, max(ev.deal[role] - held[role], 0)))
    return pot, groups


def worlds(ev: Evidence) -> list[tuple[Space, float]]:
    """The wolf sets certain knowledge leaves, per possible pack size, each with the
    log prior of its size (empty when the knowledge contradicts itself)."""
    n = ev.players
    must = sum(1 << s for s, r in ev.known.items() if is_pack(r))
    must |= sum(1 << s for s in ev.wolves)
    forbid = sum(1 << s for s, r in ev.known.items() if not is_pack(r))
    forbid |= sum(1 << s for s in ev.good)
    return [(sets, math.log(prior)) for k, prior in ev.pack_sizes()
            if prior > 0 and 0 <= k <= n and (sets := space(n, k, must, forbid)).masks]


def infer(ev: Evidence) -> Belief:
    """P(wolf) per seat: the weighted sum over every consistent wolf set of every
    possible pack size."""
    spaces = worlds(ev)
    if not spaces:
        return _fallback(ev)
    pot, groups = _potentials(ev)
    logged = [(sets, _log_weights(sets, pot, groups, prior)) for sets, prior in spaces]
    top = max(max(logs) for _, logs in logged)
    wolf = dict.fromkeys(range(1, ev.players + 1), 0.0)
    total = 0.0
    for sets, logs in logged:
        weights = [math.exp(x - top) for x in logs]
        total += sum(weights)
        weights.append(0.0)
        for seat, held in sets.holders.items():
            wolf[seat] += sum(held(weights))
    return Belief({s: w / total for s, w in wolf.items()})


def _log_weights(sets: Space, pot: list[float], groups: list[tuple[int, int]],
                 prior: float) -> list[float]:
    """Each set's log-weight: its potentials, the liars it implies and the size's prior."""
    logs = [sum(term(pot)) + prior for term in sets.terms]
    for claimed, free in groups:
        for i, mask in enumerate(sets.masks):
            excess = (claimed & ~mask).bit_count() - free
            if excess > 0:
                logs[i] += excess * LOG_LIE
    return logs


def _pack_cards(deal: dict[str, int]) -> int:
    return sum(c for r, c in deal.items() if is_pack(r))


def _fallback(ev: Evidence) -> Belief:
    """Contradictory knowledge: the certain wolves, then the rest spread evenly."""
    must = {s for s, r in ev.known.items() if is_pack(r)} | ev.wolves
    sure = must | {s for s in ev.known if s not in must} | ev.good
    sizes = ev.pack_sizes()
    k = sum(k * prior for k, prior in sizes) / (sum(prior for _, prior in sizes) or 1.0)
    open_seats = [s for s in range(1, ev.players + 1) if s not in sure]
    share = min(max(k - len(must), 0) / len(open_seats), 1.0) if open_seats else 0.0
    return Belief({s: 1.0 if s in must else share if s in open_seats else 0.0
                   for s in range(1, ev.players + 1)})


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

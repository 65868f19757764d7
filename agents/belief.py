"""A seat's belief over hidden roles, by exact enumeration of the possible wolf sets.

"Wolf" here means a pack member: any card that wakes with the wolves (RoleSpec.pack).
Every wolf set consistent with what the seat knows for certain (its own role,
revealed roles, its check results, its pack, wolves it saw) is enumerated and
weighted by how likely the public behaviour is under it. Behaviour enters as
pairwise factors ``f(a is a wolf, b is a wolf)`` for an act of ``a`` towards ``b``
(a vote, a check claim, an accusation), folded into a quadratic log-weight, plus a
penalty for every good player too many claiming a role the deal has no card left for.
The possessed, a human on the wolves' side, is no wolf here: he may be the one good
claimant too many, and once caught in a lie his words count for nothing; a medium's
checks are about exiled seats. The pack's size is itself uncertain when the thief's
spare cards may hold wolf cards (or his blind pick may add one): each possible size
is enumerated with its prior. Large tables (past ``EXACT_SETS`` sets) weigh the same
sets on arrays, and past ``SAMPLE_SETS`` a fixed sample of them, keeping their scores
from one weighing to the next (``_scores``, ``_base_logs``). The seats of a game fold
its public events once, into one shared public evidence (``PublicLog``).
"""

from __future__ import annotations

import math
import random
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import combinations, islice, repeat
from operator import add, and_, itemgetter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from arena.engine.events import (
    BaseEvent,
    Cards,
    CheckResult,
    Claim,
    Death,
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
POWER_CARDS = frozenset({"face_up", "second_card"})
"""Reveals of a Double-You seat's power card (V2, V3), which says nothing of its camp."""
SEER = "seer"
MEDIUM = "medium"
POSSESSED = "possessed"
THIEF = "thief"
LITTLE_GIRL = "little_girl"
PIPER = "piper"
WHITE_EYED = "white_eyed_wolf"


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
POSSESSED_LIE = 0.4  # one claimant too many may be the possessed, a human who lies
FAKE_CLAIM = 0.5  # a special-role claim made by a wolf rather than by the card's holder
REACTIVE = 2.0  # claiming seer only after a seer claimant called you a wolf
COINCIDENCE = 0.3  # a "wolf" check on the rival claimant, announced the day he claimed
NIGHT_DEATH = 0.15  # an unrevealed night death was a (poisoned) wolf
WOLF_TARGET = 0.05  # the wolves chose one of their own as the night's victim
CLAIM_TRUST = 0.9  # a good claimant holds the role he claims
LOG_LIE = math.log(LIE)
EXACT_SETS = 1000
"""Tables with more possible wolf sets than this weigh them on arrays (``dense``); the
smaller keep the list path, bit for bit as before."""
SAMPLE_SETS = 50_000
"""Past this many sets, the arrays hold a fixed uniform sample of this many (an estimate)."""


@dataclass(frozen=True, slots=True)
class Space:
    """Every choice of ``wolves`` seats among seats 1..``seats``, laid out for fast weighing.

    ``terms[i]`` picks set i's unary and pairwise log-potentials out of the flat
    potential vector; ``holders[s]`` picks the weights of the sets containing s (seats
    in none are left out). Both also pick zeros, so a getter always returns a tuple.
    """

    seats: int
    wolves: int
    masks: tuple[int, ...]
    terms: tuple[itemgetter[Any], ...]
    holders: dict[int, itemgetter[Any]]


@lru_cache(maxsize=128)
def space(seats: int, wolves: int) -> Space:
    """Every set of ``wolves`` seats among 1..``seats`` (shared by every seat's belief:
    certain knowledge only renumbers the open seats)."""
    stride = seats + 1
    masks: list[int] = []
    terms: list[itemgetter[Any]] = []
    holding: dict[int, list[int]] = {s: [] for s in range(1, stride)}
    for members in combinations(range(1, stride), wolves):
        for seat in members:
            holding[seat].append(len(masks))
        masks.append(sum(1 << s for s in members))
        picks = [0, *(s * stride + s for s in members),
                 *(a * stride + b for a, b in combinations(members, 2))]
        terms.append(itemgetter(0, *picks))
    zero = len(masks)
    return Space(seats, wolves, tuple(masks), tuple(terms),
                 {s: itemgetter(zero, *idx) for s, idx in holding.items() if idx})


@lru_cache(maxsize=64)
def pair_holders(seats: int, wolves: int) -> dict[tuple[int, int], itemgetter[Any]]:
    """Per pair of seats, a getter of the weights of ``space(seats, wolves)``'s sets
    holding both (with a zero, as for the holders)."""
    holding: dict[tuple[int, int], list[int]] = {}
    for i, members in enumerate(combinations(range(1, seats + 1), wolves)):
        for pair in combinations(members, 2):
            holding.setdefault(pair, []).append(i)
    zero = math.comb(seats, wolves)
    return {pair: itemgetter(zero, *idx) for pair, idx in holding.items()}


@dataclass(frozen=True, slots=True)
class Worlds:
    """The wolf sets certain knowledge leaves: the sure wolves ``must`` plus, for each
    possible pack size, any choice of the rest (``sizes``: how many, with the log prior
    of that size) among the ``open`` seats (numbered 1.. in their spaces)."""

    must: frozenset[int]
    open: tuple[int, ...]
    sizes: tuple[tuple[int, float], ...]

    def allows(self, wolves: set[int]) -> bool:
        """Whether ``wolves`` is one of the sets."""
        rest = wolves - self.must
        if not self.must <= wolves or not rest <= set(self.open):
            return False
        mask = sum(1 << i for i, s in enumerate(self.open, 1) if s in rest)
        return any(mask in space(len(self.open), k).masks for k, _ in self.sizes)


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
    ``charmed`` holds the piper's own charms (the charmed players' wake-ups are ignored:
    being charmed says nothing about the wolves), ``supported`` the hybrid's choice.
    """

    seat: int
    public_only: bool
    players: int = 0
    dealt: dict[str, int] = field(default_factory=dict)
    deal: dict[str, int] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    nightfall: bool = False  # a night has begun (so the thief has taken his card)
    first: BaseEvent | None = None
    moved: BaseEvent | None = None  # the last event that moved the belief
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
    exiled: set[int] = field(default_factory=set)
    victims: set[int] = field(default_factory=set)
    piper_calls: dict[int, set[int]] = field(default_factory=dict)
    charmed: set[int] = field(default_factory=set)
    supported: int | None = None  # the hybrid's choice
    spare: tuple[str, ...] = ()
    out_of_play: tuple[str, ...] = ()
    picked_blind: bool = False
    pack_day: int = -1  # when this seat last met the pack (a wolf_team reveal)
    pack: set[int] = field(default_factory=set)
    earlier_pack: set[int] = field(default_factory=set)
    version: int = 0  # bumped by every event that may move the belief
    # caches, left out of comparisons: a large table's acts folded (``_scores``), its
    # sets' summed potentials (``_base_logs``), ``pack_seats`` at a version
    scores: Scores | None = field(default=None, compare=False, repr=False)
    logs: Logs | None = field(default=None, compare=False, repr=False)
    packed: tuple[int, tuple[int, ...]] = field(default=(-1, ()), compare=False, repr=False)

    @property
    def vectorised(self) -> bool:
        """A large table, whose wolf sets are weighed on arrays."""
        return math.comb(self.players, _pack_cards(self.dealt)) > EXACT_SETS

    @property
    def lying(self) -> bool:
        """This seat is the possessed, whose own words and votes are lies to the wolves'
        profit: they tell him nothing."""
        return not self.public_only and self.known.get(self.seat) == POSSESSED

    def take(self, event: BaseEvent) -> None:
        """Fold one more event (a public-only evidence is given the public ones only)."""
        if self.first is None:
            self.first = event
        version = self.version
        self._apply(event)
        if self.version != version:
            self.moved = event

    def pack_seats(self) -> tuple[int, ...]:
        """The seats known to hold a pack card, in order (every change of ``known``
        bumps the version)."""
        if self.packed[0] != self.version:
            self.packed = (self.version,
                           tuple(sorted(s for s, r in self.known.items() if is_pack(r))))
        return self.packed[1]

    def claimants(self, role: str) -> list[int]:
        """Seats that claimed ``role``, in the order they first did."""
        return [s for (s, r), _ in sorted(self.claim_day.items(), key=lambda kv: kv[1])
                if r == role]

    def pack_sizes(self) -> list[tuple[int, float]]:
        """How many seats may hold a pack card, each with its prior weight.

        The deal's pack cards, less those among the undealt cards this seat has not
        seen (a hypergeometric draw), or plus one when the online thief's blind pick may
        turn up the extra wolf card; a pack that met knows its size."""
        if is_pack(self.known.get(self.seat)) and self.pack_day >= 0:
            return [(sum(1 for r in self.known.values() if is_pack(r)), 1.0)]
        cards = _pack_cards(self.deal)
        hidden = sum(self.dealt.values()) - self.players - len(self.out_of_play)
        if hidden <= 0 or self.picked_blind:
            return [(cards, 1.0)]
        total = self.players + hidden
        if self.rules.get("thief.mode") == "online_blind3":
            centre_wolf = cards / max(total - 1, 1)
            if not self.nightfall:  # the thief has not picked yet
                return [(cards - 1, centre_wolf), (cards, 1 - centre_wolf)]
            extra_wolf = (1 - centre_wolf) / 3
            return [(cards, 1 - extra_wolf), (cards + 1, extra_wolf)]
        return [(cards - j, math.comb(cards, j) * math.comb(total - cards, hidden - j)
                 / math.comb(total, hidden)) for j in range(min(cards, hidden) + 1)]

    def _apply(self, event: BaseEvent) -> None:
        if not self.nightfall and event.phase == "night":
            self.nightfall = True
            self.version += 1
        if isinstance(event, (Speech, Vote)) and event.seat == self.seat and self.lying:
            return
        if isinstance(event, Vote):  # the commonest events first
            if event.target is None or event.ballot == "sheriff":
                return
            if event.ballot == "vouch":
                self.vouches.add((event.seat, event.target))  # V1: sitting a player down
            else:
                self.votes.append((event.seat, event.target, event.day))
        elif isinstance(event, Speech):
            if event.context != "wolf_chat":
                for claim in event.claims:
                    self._claim(event.seat, claim, event.day)
            elif is_pack(self.known.get(self.seat)):
                return
            else:
                self.wolves.add(event.seat)  # a little girl reading the pack's chat
        elif isinstance(event, Setup):
            self.players, self.rules = event.players, event.rules
            self.dealt, self.deal = dict(event.roles), dict(event.roles)
        elif isinstance(event, RoleDealt):
            self.known[event.seat] = event.role
        elif isinstance(event, Reveal) and event.reason not in POWER_CARDS:
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
            if event.cause == "vote":
                self.exiled.add(event.seat)
        elif isinstance(event, VictimInfo) and event.victim is not None:
            self.victims.add(event.victim)
        elif isinstance(event, NightAction) and event.seat == self.seat:
            if event.action == "swap":
                self._swapped(event.target)
            elif event.action == "charm":
                self.charmed.update(event.targets)
            elif event.action == "support":
                self.supported = event.target
            return
        elif isinstance(event, Cards) and event.seat == self.seat:
            self.spare = event.cards
            return
        else:
            return
        self.version += 1

    def _checked(self, target: int, result: str) -> None:
        """A check of this seat's own: an exact role, a wolf flag, or "good" (which a pack
        card without the wolf flag, the white-eyed wolf, also shows). Three cards (C1 d,
        the target's and his neighbours') clear the target only when none is a wolf's."""
        if "," in result:
            if not any(map(is_pack, result.split(","))):
                self.my_checks[target] = "good"
                self.good.add(target)
            return
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
        if day != self.pack_day:
            self.pack_day, self.earlier_pack, self.pack = day, self.pack, set()
        self.pack.add(seat)
        for left in self.earlier_pack - self.pack:
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
            medium = self._medium(seat)
            if not medium:
                self._role(seat, SEER, day)
            says_wolf = is_pack(claim.result) or claim.result == "wolf"
            fresh = (seat, target) not in self.checks
            if self.checks.setdefault((seat, target), says_wolf) != says_wolf:
                self.liars.add(seat)
            if fresh and says_wolf and self.claim_day.get((target, SEER)) == day:
                self.coincidences.add((seat, target))
            if sum(1 for c, _ in self.checks if c == seat) > day - int(medium) or (
                    medium and target not in self.exiled):
                self.liars.add(seat)
            if claim.result == PIPER:
                self.piper_calls.setdefault(target, set()).add(seat)
        elif claim.kind == "accuse" and target is not None and target != seat:
            self.accusations.append((seat, target, day))
        elif claim.kind == "vouch" and target is not None and target != seat:
            self.vouches.add((seat, target))

    def _medium(self, seat: int) -> bool:
        """A check claimed by a medium claimant (not a seer one): about an exiled seat."""
        roles = self.claims.get(seat, ())
        return MEDIUM in roles and SEER not in roles

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


class _Potentials:
    """The flat log-potential vector over one set of worlds' open seats, renumbered 1..
    (unary terms on the diagonal, pairwise above it): a term with a sure wolf folds into
    the other seat's unary term, one with a sure good seat only keeps the other's."""

    def __init__(self, players: int, world: Worlds, muted: frozenset[int]) -> None:
        self.muted = muted
        self.stride = len(world.open) + 1
        self.index = [0] * (players + 1)  # open seats 1.., sure wolves -1, sure good 0
        for i, seat in enumerate(world.open, 1):
            self.index[seat] = i
        for seat in world.must:
            self.index[seat] = -1
        self.pot = [0.0] * (self.stride * self.stride)

    def act(self, a: int, b: int, f: Factors) -> None:
        """Fold one act of ``a`` towards ``b`` (none of a muted seat's)."""
        if a in self.muted:
            return
        ha, hb, pair = log_factors(f)
        ia, ib, pot, stride = self.index[a], self.index[b], self.pot, self.stride
        if ia > 0:
            pot[ia * stride + ia] += ha + (pair if ib < 0 else 0.0)
        if ib > 0:
            pot[ib * stride + ib] += hb + (pair if ia < 0 else 0.0)
        if ia > 0 and ib > 0:
            pot[min(ia, ib) * stride + max(ia, ib)] += pair

    def unary(self, seat: int, log_factor: float) -> None:
        i = self.index[seat]
        if i > 0:
            self.pot[i * self.stride + i] += log_factor


def _sure_good(ev: Evidence, world: Worlds) -> frozenset[int]:
    """The seats certain knowledge clears."""
    return frozenset(range(1, ev.players + 1)) - world.must - set(world.open)


def belied(ev: Evidence, world: Worlds) -> frozenset[int]:
    """Claimants of a check that certain knowledge belies: a wolf, or (a sure good one)
    the possessed, whose words and votes say nothing about the wolves."""
    good = _sure_good(ev, world)
    return frozenset(c for (c, t), wolf in ev.checks.items()
                     if (t in good if wolf else t in world.must))


def _potentials(ev: Evidence, world: Worlds, caught: frozenset[int], wolves: frozenset[int]
                ) -> tuple[list[float], list[tuple[int, int]]]:
    """The log-potentials over the open seats and, per claimed role, (mask of the open
    claimants, cards left for them once the sure good claimants hold theirs); the
    ``caught`` possessed's acts and claims left out, the other liars ``wolves``."""
    seers = [s for s in ev.claimants(SEER) if s not in ev.known]
    sole = seers[0] if len(seers) == 1 else None
    if ev.vectorised:
        weigh = _scores(ev, world, caught, seers, sole)
    else:
        weigh = _Potentials(ev.players, world, caught)
        for a, b, f in _acts(ev, seers, sole, Scores((), weigh)):
            weigh.act(a, b, f)
    unary = [(ev.night_dead, NIGHT_DEATH), (ev.victims, WOLF_TARGET), (ev.reactive, REACTIVE),
             (ev.liars | wolves, 1 / LIE)]
    hidden = [c for r, c in ev.deal.items() if is_pack(r) and not ROLES[r].wolf_card]
    if ev.seen_good:  # P(checked good | pack): the pack cards without the wolf flag
        unary.append((ev.seen_good, max(sum(hidden), 1) / max(_pack_cards(ev.deal), 1)))
    for seats, factor in unary:
        for seat in seats:
            weigh.unary(seat, math.log(factor))
    groups: list[tuple[int, int]] = []
    held = Counter(ev.known.values())
    for role in sorted({r for roles in ev.claims.values() for r in roles}):
        claimants = [s for s, roles in ev.claims.items()
                     if role in roles and s not in ev.known and s not in caught]
        if ROLES[role].special:
            for seat in claimants:
                weigh.unary(seat, math.log(FAKE_CLAIM))
        mask = sum(1 << weigh.index[s] for s in claimants if weigh.index[s] > 0)
        sure_good = sum(1 for s in claimants if weigh.index[s] == 0)
        if claimants:
            groups.append((mask, max(ev.deal[role] - held[role], 0) - sure_good))
    return weigh.pot, groups


@dataclass(slots=True)
class Scores:
    """The acts folded so far into a set of worlds' potentials, under one reading of the
    claims (``key``): the first ``votes`` votes and ``checks`` checks, the accusations
    and vouches ``done``."""

    key: tuple[Any, ...]
    weigh: _Potentials
    votes: int = 0
    checks: int = 0
    done: set[tuple[bool, int, int]] = field(default_factory=set)


def _acts(ev: Evidence, seers: list[int], sole: int | None, scores: Scores
          ) -> Iterator[tuple[int, int, Factors]]:
    """Every act of ``ev`` that ``scores`` has not folded yet (marking them folded), as
    (actor, target, factors): votes, checks, accusations, vouches."""
    for voter, target, _ in ev.votes[scores.votes:]:
        if voter == target:
            continue
        f00, f01, f10, f11 = VOTE
        if target in seers:
            f00, f10 = f00 * 0.5, f10 * 1.5
        if sole is not None and sole != voter and ev.checks.get((sole, target)) is False:
            f00, f10 = f00 * 0.6, f10 * 1.4
        yield voter, target, (f00, f01, f10, f11)
    for (claimant, target), says_wolf in islice(ev.checks.items(), scores.checks, None):
        f00, f01, f10, f11 = CHECK_WOLF if says_wolf else CHECK_GOOD
        if (claimant, target) in ev.coincidences:
            f01 *= COINCIDENCE
        yield claimant, target, (f00, f01, f10, f11)
    scores.votes, scores.checks = len(ev.votes), len(ev.checks)
    for accuser, target in {(a, t) for a, t, _ in ev.accusations}:
        if (True, accuser, target) not in scores.done:
            scores.done.add((True, accuser, target))
            yield accuser, target, (
                SIGHTING if LITTLE_GIRL in ev.claims.get(accuser, ()) else ACCUSE)
    for voucher, target in ev.vouches:
        if (False, voucher, target) not in scores.done:
            scores.done.add((False, voucher, target))
            yield voucher, target, VOUCH


def _scores(ev: Evidence, world: Worlds, caught: frozenset[int], seers: list[int],
            sole: int | None) -> _Potentials:
    """A large table's potentials of the acts, kept on the evidence and extended by the
    acts since the last call while the worlds and the reading of the claims stay the
    same (the sums of the list path in another order)."""
    key = (world, caught, tuple(seers), sole,
           frozenset(t for (c, t), wolf in ev.checks.items() if c == sole and not wolf),
           frozenset(s for s, roles in ev.claims.items() if LITTLE_GIRL in roles))
    if ev.scores is None or ev.scores.key != key:
        ev.scores = Scores(key, _Potentials(ev.players, world, caught))
    weigh = ev.scores.weigh
    for a, b, f in _acts(ev, seers, sole, ev.scores):
        weigh.act(a, b, f)
    fresh = _Potentials(ev.players, world, caught)
    fresh.pot = list(weigh.pot)
    return fresh


def worlds(ev: Evidence) -> Worlds:
    """The wolf sets certain knowledge leaves (no size at all when it contradicts itself)."""
    must = frozenset(s for s, r in ev.known.items() if is_pack(r)) | ev.wolves
    good = {s for s, r in ev.known.items() if not is_pack(r)} | ev.good
    open_seats = tuple(s for s in range(1, ev.players + 1) if s not in must and s not in good)
    sizes = tuple((k - len(must), math.log(prior))
                  for k, prior in ev.pack_sizes()
                  if prior > 0 and 0 <= k - len(must) <= len(open_seats))
    return Worlds(must, open_seats, sizes if not must & good else ())


@dataclass(frozen=True, slots=True)
class Marginals:
    """The total weight of the consistent wolf sets, and the weight of those holding
    each open seat (``joint(g)``: those holding both g and each other open seat, when
    pairs were asked for)."""

    must: frozenset[int]
    total: float
    single: dict[int, float]
    joint: Callable[[int], dict[int, float]]

    def belief(self, players: int, good: int | None = None) -> Belief | None:
        """P(wolf) per seat, also knowing that ``good`` is no wolf (None when that leaves
        no set: the caller weighs its own evidence instead)."""
        wolf = dict.fromkeys(range(1, players + 1), 0.0)
        wolf.update(dict.fromkeys(self.must, 1.0))
        if good is None or good not in self.single:
            wolf.update({s: w / self.total for s, w in self.single.items()})
            return Belief(wolf)
        total = self.total - self.single[good]
        if total <= self.total * 1e-9:
            return None
        joint = self.joint(good)
        for seat, weight in self.single.items():
            if seat != good:
                wolf[seat] = (weight - joint.get(seat, 0.0)) / total
        wolf[good] = 0.0
        return Belief(wolf)


def infer(ev: Evidence) -> Belief:
    """P(wolf) per seat: the weighted sum over every consistent wolf set of every
    possible pack size."""
    marginals = weigh(ev, pairs=False)
    belief = marginals.belief(ev.players) if marginals else None
    return belief or _fallback(ev)


def weigh(ev: Evidence, *, pairs: bool) -> Marginals | None:
    """Weigh every wolf set ``ev`` leaves (None when its knowledge contradicts itself)."""
    world = worlds(ev)
    if not world.sizes:
        return None
    if all(k == 0 for k, _ in world.sizes):  # the pack is known: nothing left to weigh
        return Marginals(world.must, 1.0, {}, partial(_with, {}))
    caught = belied(ev, world)
    good = _sure_good(ev, world)
    free = _possessed_free(ev, caught & good)
    pot, groups = _potentials(ev, world, caught & good, frozenset() if free else caught - good)
    first = math.log(POSSESSED_LIE) if free else LOG_LIE
    if ev.vectorised:
        return _weigh_arrays(world, _base_logs(ev, world, np.array(pot)), groups, first,
                             pairs=pairs)
    spaces = [(space(len(world.open), k), prior) for k, prior in world.sizes]
    logged = [(sets, prior, _log_weights(sets, pot, groups, first)) for sets, prior in spaces]
    top = max(prior + max(logs) for _, prior, logs in logged)
    single: dict[int, float] = {}
    pair: dict[tuple[int, int], float] = {}
    total = 0.0
    for sets, prior, logs in logged:
        shift = top - prior
        weights = [math.exp(x - shift) for x in logs]
        total += sum(weights)
        weights.append(0.0)
        for i, held in sets.holders.items():
            seat = world.open[i - 1]
            single[seat] = single.get(seat, 0.0) + sum(held(weights))
        for (i, j), held in pair_holders(sets.seats, sets.wolves).items() if pairs else ():
            key = (world.open[i - 1], world.open[j - 1])
            pair[key] = pair.get(key, 0.0) + sum(held(weights))
    return Marginals(world.must, total, single, partial(_with, pair))


def _with(pair: dict[tuple[int, int], float], good: int) -> dict[int, float]:
    """Per seat, the weight ``pair`` gives it together with ``good``."""
    return {b if a == good else a: w for (a, b), w in pair.items() if good in (a, b)}


Moment = tuple[BaseEvent | None, BaseEvent | None, int]
"""A game's public moment: its first event, the last that moved the belief, the count."""
_PUBLIC: OrderedDict[tuple[int, int, int], tuple[Moment, Marginals | None]] = OrderedDict()
PUBLIC_CACHE = 64  # public moments kept (a table asks about a handful at a time)


def public_marginals(ev: Evidence) -> Marginals | None:
    """The marginals of a public-only evidence, with pairs, computed once for every seat
    of a game at the same public moment: the game's first event, the last one that moved
    the belief, and how many did (the cache holds on to both events, so their identities
    stay unique while cached)."""
    moment = (ev.first, ev.moved, ev.version)
    key = (id(ev.first), id(ev.moved), ev.version)
    hit = _PUBLIC.get(key)
    if hit is not None and hit[0][0] is ev.first and hit[0][1] is ev.moved:
        _PUBLIC.move_to_end(key)
        return hit[1]
    value = weigh(ev, pairs=True)
    _PUBLIC[key] = (moment, value)
    while len(_PUBLIC) > PUBLIC_CACHE:
        _PUBLIC.popitem(last=False)
    return value


def plain(ev: Evidence, public: Evidence) -> bool:
    """This seat knows nothing about the wolves that the table does not, beyond its own
    good card (which it alone claimed, if anyone did): its belief is the public one
    given that card."""
    role = ev.known.get(ev.seat)
    if role is None or is_pack(role) or ev.lying or ev.my_checks or ev.victims or ev.wolves or (
            ev.out_of_play or ev.picked_blind):
        return False
    if any(r != role if s == ev.seat else r == role
           for s, roles in ev.claims.items() for r in roles):
        return False
    return ({s: r for s, r in ev.known.items() if s != ev.seat}
            == {s: r for s, r in public.known.items() if s != ev.seat})


Dense = tuple[NDArray[np.float64], NDArray[np.intp], float]


@lru_cache(maxsize=64)
def dense(seats: int, wolves: int) -> Dense:
    """``space(seats, wolves)`` as arrays, one column per set in the same order: the
    membership of seats 1..``seats``, the flat potential indices of the set's unary and
    pairwise terms (as ``Space.terms`` picks them, less the zero), and how many sets
    each column stands for. Past ``SAMPLE_SETS`` sets, the columns are a uniform sample
    drawn from a stream seeded by the space alone (the same in every game and process)."""
    sets = math.comb(seats, wolves)
    if sets > SAMPLE_SETS:
        rng = random.Random(f"wolf sets {seats} {wolves}")
        chosen = [sorted(rng.sample(range(1, seats + 1), wolves)) for _ in range(SAMPLE_SETS)]
    else:
        chosen = [list(c) for c in combinations(range(1, seats + 1), wolves)]
    count = len(chosen)
    members = np.array(chosen, dtype=np.intp).reshape(count, wolves)
    held = np.zeros((seats, count))
    held[members.T - 1, np.arange(count)] = 1.0
    stride = seats + 1
    terms = [members[:, a] * (stride + 1) for a in range(wolves)] + [
        members[:, a] * stride + members[:, b] for a, b in combinations(range(wolves), 2)]
    return held, np.array(terms, dtype=np.intp).reshape(len(terms), count), sets / count


class _Joint:
    """``Marginals.joint`` on arrays: per asked seat, one product of the membership
    matrices with the weights of the sets holding it (computed when first asked)."""

    def __init__(self, seats: tuple[int, ...],
                 weighed: list[tuple[NDArray[np.float64], NDArray[np.float64]]]) -> None:
        self.seats, self.weighed = seats, weighed
        self.done: dict[int, dict[int, float]] = {}

    def __call__(self, good: int) -> dict[int, float]:
        if good not in self.done:
            i = self.seats.index(good)
            both = sum((held @ (weights * held[i]) for held, weights in self.weighed),
                       np.zeros(len(self.seats)))
            self.done[good] = dict(zip(self.seats, both.tolist(), strict=True))
        return self.done[good]


@dataclass(slots=True)
class Logs:
    """A large table's log-weights of its sets before the claimants' penalties, per pack
    size of ``world`` (whose sets are laid out as in ``layouts``), and the flat
    potentials they sum."""

    world: Worlds
    layouts: list[Dense]
    potential: NDArray[np.float64]
    sizes: list[NDArray[np.float64]]
    among: dict[tuple[int, int], NDArray[np.intp]] = field(default_factory=dict)
    """Per (pack size's index, mask of open claimants): how many each set holds."""

    def claimants(self, size: int, claimed: int) -> NDArray[np.intp]:
        """How many of the open seats in the mask ``claimed`` each set of the size
        ``size`` (an index into the world's sizes) holds."""
        key = (size, claimed)
        if key not in self.among:
            held = self.layouts[size][0]
            rows = [i - 1 for i in range(1, len(held) + 1) if claimed >> i & 1]
            self.among[key] = held[rows].sum(axis=0).astype(np.intp)
        return self.among[key]


INCREMENTAL = 8
"""Potentials changed since the last weighing (a vote moves up to three) up to which the
log-weights are updated rather than summed again."""


def _base_logs(ev: Evidence, world: Worlds, potential: NDArray[np.float64]) -> Logs:
    """Per pack size, each set's summed potentials (and log count of the sets it stands
    for): from the last weighing's, kept on ``ev``, when the worlds are the same and few
    potentials moved (adding each change times the sets it counts in), else afresh."""
    n, last = len(world.open), ev.logs
    layouts = [dense(n, wolves) for wolves, _ in world.sizes]
    if last is not None and last.world == world and all(
            a is b for a, b in zip(layouts, last.layouts, strict=True)):
        changed = np.flatnonzero(potential != last.potential).tolist()
        if len(changed) <= INCREMENTAL:
            for (held, _, _), logs in zip(layouts, last.sizes, strict=True):
                for e in changed:
                    i, j = divmod(e, n + 1)
                    logs += (potential[e] - last.potential[e]) * (
                        held[i - 1] if i == j else held[i - 1] * held[j - 1])
            last.potential = potential
            return last
    sizes = [potential[terms].sum(axis=0) + math.log(scale) for _, terms, scale in layouts]
    ev.logs = Logs(world, layouts, potential, sizes)
    return ev.logs


def _weigh_arrays(world: Worlds, base: Logs, groups: list[tuple[int, int]], first: float,
                  *, pairs: bool) -> Marginals:
    """``weigh`` on a large table: the same sums over the same sets, done on arrays (equal
    to the list path's up to rounding, not bit for bit), from the sets' summed potentials
    ``base``."""
    n = len(world.open)
    logged: list[tuple[float, NDArray[np.float64], NDArray[np.float64]]] = []
    for size, ((_, prior), summed) in enumerate(zip(world.sizes, base.sizes, strict=True)):
        held = base.layouts[size][0]
        logs = summed  # kept for the next weighing: penalties make new arrays
        for claimed, free in groups:
            extra = claimed.bit_count() - free
            if extra > 0:
                penalty = [_lies(extra - w, first) for w in range(claimed.bit_count() + 1)]
                logs = logs + np.array(penalty)[base.claimants(size, claimed)]
        logged.append((prior, held, logs))
    top = max(prior + float(logs.max()) for prior, _, logs in logged)
    weighed = [(held, np.exp(logs - (top - prior))) for prior, held, logs in logged]
    single = sum((held @ weights for held, weights in weighed), np.zeros(n))
    holders = any(wolves > 0 for wolves, _ in world.sizes)
    return Marginals(
        world.must, sum(float(weights.sum()) for _, weights in weighed),
        dict(zip(world.open, single.tolist(), strict=True)) if holders else {},
        _Joint(world.open, weighed) if pairs else partial(_with, {}))


def _possessed_free(ev: Evidence, caught: frozenset[int]) -> bool:
    """The deal holds a possessed whose seat this evidence does not know."""
    held = len(caught) + sum(1 for r in ev.known.values() if r == POSSESSED)
    return ev.deal.get(POSSESSED, 0) > held


def _log_weights(sets: Space, pot: list[float], groups: list[tuple[int, int]],
                 first: float) -> list[float]:
    """Each set's log-weight: its potentials and the liars it implies (the first of
    them costs ``first``: he may be a possessed, who lies for the wolves)."""
    logs = [sum(term(pot)) for term in sets.terms]
    for claimed, free in groups:
        extra = claimed.bit_count() - free  # good claimants too many if none is a wolf
        if extra > 0:  # a penalty per count of wolves among the claimants
            penalty = [_lies(extra - w, first) for w in range(claimed.bit_count() + 1)]
            wolves_among = map(int.bit_count, map(and_, sets.masks, repeat(claimed)))
            logs = list(map(add, logs, map(penalty.__getitem__, wolves_among)))
    return logs


def _lies(liars: int, first: float) -> float:
    """The log-penalty of ``liars`` good claimants too many."""
    return first + (liars - 1) * LOG_LIE if liars > 0 else 0.0


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


@dataclass(slots=True)
class PublicLog:
    """One game's public evidence, folded once for all its seats, and the public events
    folded so far (in order: the same objects every seat of the game is shown)."""

    evidence: Evidence
    events: list[BaseEvent]


_GAMES: OrderedDict[int, PublicLog] = OrderedDict()
GAMES_KEPT = 16  # games whose public evidence is kept (a run plays one at a time)


def public_log(first: BaseEvent) -> PublicLog:
    """The shared public evidence of the game whose first public event is ``first`` (by
    identity: the log holds on to it, so no other event takes its id while it is kept)."""
    log = _GAMES.get(id(first))
    if log is None or log.events[0] is not first:
        log = _GAMES[id(first)] = PublicLog(Evidence(0, True), [])
        log.evidence.take(first)
        log.events.append(first)
        while len(_GAMES) > GAMES_KEPT:
            _GAMES.popitem(last=False)
    _GAMES.move_to_end(id(first))
    return log


class BeliefTracker:
    """One seat's evidence and belief, updated as its observation grows. A seat that
    knows no more than the table (a plain villager, say) derives its belief from the
    public one, which every seat of the game shares. The public evidence itself is the
    game's ``PublicLog`` while this seat's observation is at the log's moment (as in a
    game the engine runs); an observation behind it (a replay of old moments) gets an
    evidence of its own."""

    def __init__(self, *, public_only: bool = False) -> None:
        self.public_only = public_only
        self._reset(0)

    def _reset(self, seat: int) -> None:
        self.seat, self.seen, self.shown = seat, 0, 0  # events folded, the public ones
        self.first: BaseEvent | None = None
        self.mine = None if self.public_only else Evidence(seat, False)
        self.log: PublicLog | None = None
        self.own: Evidence | None = None  # this seat's public evidence, once off the log
        self._cache: tuple[int, Belief] | None = None

    @property
    def public(self) -> Evidence:
        """The public evidence at this seat's moment."""
        if self.log is not None:
            return self.log.evidence
        if self.own is None:
            self.own = Evidence(self.seat, True)
        return self.own

    @property
    def evidence(self) -> Evidence:
        """This seat's evidence (the public one for a public-only tracker)."""
        return self.public if self.mine is None else self.mine

    def update(self, observation: Observation) -> Belief:
        """The belief after ``observation``, recomputed only when the evidence moved."""
        events = observation.events
        if self.seat != observation.seat or self.seen > len(events) or (
                events and self.first is not None and self.first is not events[0]):
            self._reset(observation.seat)
        self._fold(events)
        ev = self.evidence
        if self._cache is not None and self._cache[0] == ev.version:
            return self._cache[1]
        belief = None
        if self.mine is None or plain(ev, self.public):
            shared = public_marginals(self.public)
            belief = shared.belief(ev.players, None if self.mine is None else ev.seat) if (
                shared) else None
        belief = belief or infer(ev)
        self._cache = (ev.version, belief)
        return belief

    def _fold(self, events: tuple[BaseEvent, ...]) -> None:
        """Fold this seat's new events: all into its own evidence, the public ones into
        the game's log (where no other seat did yet) or into its own public evidence."""
        if self.first is None and events:
            self.first = events[0]
        behind = False
        for event in events[self.seen:]:
            if self.mine is not None:
                self.mine.take(event)
            if event.audience != "public":
                continue
            log = self.log
            if log is None and self.shown == 0 and self.own is None:
                log = self.log = public_log(event)
            elif log is None:
                self.public.take(event)
            elif self.shown == len(log.events):
                log.evidence.take(event)
                log.events.append(event)
            elif log.events[self.shown] is not event:
                behind = True
            self.shown += 1
        self.seen = len(events)
        if self.log is not None and (behind or self.shown != len(self.log.events)):
            self.log, self.own = None, Evidence(self.seat, True)
            for event in events:
                if event.audience == "public":
                    self.own.take(event)

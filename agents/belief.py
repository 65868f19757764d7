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
sets on arrays, and past ``SAMPLE_SETS`` a fixed sample of them: the acts' potentials
are kept over seats (``_Acts``) and laid over each world's open seats, and the sets'
weights are kept from one weighing to the next (``Logs``), updated by the potentials
that moved, the sets later knowledge rules out zeroed; a seat's own weighing starts
from the table's. The seats of a game fold its public events once, into one shared
public evidence (``PublicLog``), whose votes and speeches their own evidences hold in
common (``Evidence.share``).
"""

from __future__ import annotations

import copy
import math
import random
from array import array
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
    NewMoon,
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
    # the accusations and wolf checks counted per target (ever, per day; checks ever)
    accused: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    accused_on: dict[int, dict[int, int]] = field(default_factory=dict, compare=False,
                                                  repr=False)
    called_wolf: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    ballots: dict[int, list[tuple[int, int]]] = field(default_factory=dict, compare=False,
                                                      repr=False)  # per voter (target, day)
    vouches: set[tuple[int, int]] = field(default_factory=set)
    vouched: list[tuple[int, int]] = field(default_factory=list)  # the vouches in order
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
    facts: int = field(default=0, compare=False)  # bumped by every change of certain knowledge
    sets: int = field(default=1, compare=False)  # wolf sets of the table as dealt
    moons: int = 0  # New Moon events seen (the tactics read the cards in force only then)
    # caches, left out of comparisons: a large table's acts folded (``_scores``), its
    # sets' weights (``Logs``), ``pack_seats`` and ``worlds`` while certain knowledge
    # stays the same, ``claimants`` while the claims do, and what ``weigh`` reads
    scores: Scores | None = field(default=None, compare=False, repr=False)
    logs: Logs | None = field(default=None, compare=False, repr=False)
    packed: tuple[int, tuple[int, ...]] = field(default=(-1, ()), compare=False, repr=False)
    claimed: tuple[int, dict[str, tuple[int, ...]]] = field(
        default_factory=lambda: (-1, {}), compare=False, repr=False)
    world: tuple[int, Worlds | None] = field(default=(-1, None), compare=False, repr=False)
    extras: tuple[tuple[Any, ...], dict[int, float], Groups] | None = field(
        default=None, compare=False, repr=False)
    read: tuple[tuple[int, int], frozenset[int], frozenset[int], bool] | None = field(
        default=None, compare=False, repr=False)
    fixed: Marginals | None = field(default=None, compare=False, repr=False)
    table: Evidence | None = field(default=None, compare=False, repr=False)
    """A seat's public evidence at the same moment (its weights seed this one's)."""
    shares: Evidence | None = field(default=None, compare=False, repr=False)
    """The table whose acts this evidence holds in common (``share``)."""

    @property
    def vectorised(self) -> bool:
        """A large table, whose wolf sets are weighed on arrays."""
        return self.sets > EXACT_SETS

    @property
    def lying(self) -> bool:
        """This seat is the possessed, whose own words and votes are lies to the wolves'
        profit: they tell him nothing."""
        return not self.public_only and self.known.get(self.seat) == POSSESSED

    def take(self, event: BaseEvent) -> None:
        """Fold one more event (a public-only evidence is given the public ones only)."""
        if self.first is None:
            self.first = event
        night = not self.nightfall and event.phase == "night"
        if night:
            self.nightfall = True
            self.facts += 1
        kind = type(event)
        if (_FOLDS.get(kind) or _fold_of(kind))(self, event) or night:
            self.version += 1
            self.moved = event

    def share(self, table: Evidence) -> None:
        """Hold the table's acts (the public votes and speeches) in the table's own
        containers, which it folds once for every seat (neither holds any yet): this
        evidence then takes every other event itself, and its ``version`` moves with
        them alone."""
        for name in SHARED:
            setattr(self, name, getattr(table, name))
        self.shares = table

    def pack_seats(self) -> tuple[int, ...]:
        """The seats known to hold a pack card, in order (every change of ``known``
        bumps ``facts``)."""
        if self.packed[0] != self.facts:
            self.packed = (self.facts,
                           tuple(sorted(s for s, r in self.known.items() if is_pack(r))))
        return self.packed[1]

    def claimants(self, role: str) -> tuple[int, ...]:
        """Seats that claimed ``role``, in the order they first did (claims are only
        ever added, so their count tells whether the kept answers still hold)."""
        if self.claimed[0] != len(self.claim_day):
            self.claimed = (len(self.claim_day), {})
        found = self.claimed[1].get(role)
        if found is None:
            found = self.claimed[1][role] = tuple(
                s for (s, r), _ in sorted(self.claim_day.items(), key=lambda kv: kv[1])
                if r == role)
        return found

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

    def _vote(self, event: Vote) -> bool:
        if event.target is None or event.ballot == "sheriff" or (
                event.seat == self.seat and self.lying):
            return False
        if event.ballot == "vouch":
            self._vouch(event.seat, event.target)  # V1: sitting a player down
        else:
            self.votes.append((event.seat, event.target, event.day))
            self.ballots.setdefault(event.seat, []).append((event.target, event.day))
        return True

    def _speech(self, event: Speech) -> bool:
        if event.seat == self.seat and self.lying:
            return False
        if event.context != "wolf_chat":
            for claim in event.claims:
                self._claim(event.seat, claim, event.day)
            return True
        if is_pack(self.known.get(self.seat)):
            return False
        self.wolves.add(event.seat)  # a little girl reading the pack's chat
        self.facts += 1
        return True

    def _setup(self, event: Setup) -> bool:
        self.players, self.rules = event.players, event.rules
        self.dealt, self.deal = dict(event.roles), dict(event.roles)
        self.sets = math.comb(self.players, _pack_cards(self.dealt))
        self.facts += 1
        return True

    def _dealt(self, event: RoleDealt) -> bool:
        self._learn(event.seat, event.role)
        return True

    def _reveal(self, event: Reveal) -> bool:
        if event.reason in POWER_CARDS:
            return False
        self._learn(event.seat, event.role)
        if event.reason == "wolf_team":
            self._pack_member(event.seat, event.day)
        return True

    def _learn(self, seat: int, role: str) -> None:
        """A seat's card, for certain (new knowledge bumps ``facts``)."""
        if self.known.get(seat) != role:
            self.known[seat] = role
            self.facts += 1

    def _check_result(self, event: CheckResult) -> bool:
        if event.seat != self.seat:
            return False
        self._checked(event.target, event.result)
        self.facts += 1
        return True

    def _death(self, event: Death) -> bool:
        if event.revealed_role:
            self._learn(event.seat, event.revealed_role)
        elif event.cause == "night":
            self.night_dead.add(event.seat)
        if event.cause == "vote":
            self.exiled.add(event.seat)
        return True

    def _victim(self, event: VictimInfo) -> bool:
        if event.victim is None:
            return False
        self.victims.add(event.victim)
        return True

    def _night_action(self, event: NightAction) -> bool:
        if event.seat != self.seat:
            return False
        if event.action == "swap":
            self._swapped(event.target)
            return True
        if event.action == "charm":
            self.charmed.update(event.targets)
        elif event.action == "support":
            self.supported = event.target
        return False

    def _cards(self, event: Cards) -> bool:
        if event.seat == self.seat:
            self.spare = event.cards
        return False

    def _moon(self, event: NewMoon) -> bool:
        self.moons += 1
        return False

    def _ignore(self, event: BaseEvent) -> bool:
        return False

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
            if self.pack_day < 0:
                self.facts += 1  # the pack met: it knows its size
            self.pack_day, self.earlier_pack, self.pack = day, self.pack, set()
        self.pack.add(seat)
        for left in self.earlier_pack - self.pack:
            self._learn(left, THIEF)

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
        self.facts += 1

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
            if fresh and says_wolf:
                self.called_wolf[target] = self.called_wolf.get(target, 0) + 1
            if fresh and says_wolf and self.claim_day.get((target, SEER)) == day:
                self.coincidences.add((seat, target))
            if sum(1 for c, _ in self.checks if c == seat) > day - int(medium) or (
                    medium and target not in self.exiled):
                self.liars.add(seat)
            if claim.result == PIPER:
                self.piper_calls.setdefault(target, set()).add(seat)
        elif claim.kind == "accuse" and target is not None and target != seat:
            self.accusations.append((seat, target, day))
            self.accused[target] = self.accused.get(target, 0) + 1
            today = self.accused_on.get(day)
            if today is None:
                today = self.accused_on[day] = {}
            today[target] = today.get(target, 0) + 1
        elif claim.kind == "vouch" and target is not None and target != seat:
            self._vouch(seat, target)

    def _vouch(self, seat: int, target: int) -> None:
        if (seat, target) not in self.vouches:
            self.vouches.add((seat, target))
            self.vouched.append((seat, target))

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


SHARED = ("votes", "ballots", "vouches", "vouched", "accusations", "accused", "accused_on",
          "called_wolf", "claims", "claim_day", "checks", "coincidences", "reactive", "liars",
          "piper_calls")
"""What an evidence folds from the public votes and speeches alone (``Evidence.share``):
the same for every seat but the possessed, who leaves his own out, and the thief with
spare cards, whose deal reads claims otherwise."""

ACTS = frozenset({Vote, Speech})
"""The events whose folds the ``SHARED`` containers hold."""

Fold = Callable[[Evidence, Any], bool]
_FOLDS: dict[type[BaseEvent], Fold] = {
    Vote: Evidence._vote, Speech: Evidence._speech, Setup: Evidence._setup,
    RoleDealt: Evidence._dealt, Reveal: Evidence._reveal, CheckResult: Evidence._check_result,
    Death: Evidence._death, VictimInfo: Evidence._victim, NightAction: Evidence._night_action,
    Cards: Evidence._cards, NewMoon: Evidence._moon,
}
"""How an evidence folds each kind of event (True: it may move the belief)."""


def _fold_of(kind: type[BaseEvent]) -> Fold:
    """The fold of an event class met first: its nearest ancestor's, or none."""
    fold = next((_FOLDS[c] for c in kind.__mro__ if c in _FOLDS), Evidence._ignore)
    _FOLDS[kind] = fold
    return fold


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

    def entries(self, a: int, b: int) -> tuple[int, ...]:
        """The flat indices an act of ``a`` towards ``b`` adds to."""
        ia, ib, stride = self.index[a], self.index[b], self.stride
        return ((ia * stride + ia,) if ia > 0 else ()) + (
            (ib * stride + ib,) if ib > 0 else ()) + (
            (min(ia, ib) * stride + max(ia, ib),) if ia > 0 and ib > 0 else ())

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


class _Acts:
    """A large table's log-potentials of the acts over seats, before any world lays them
    over its open seats (``_project``): per seat, the unary terms of its acts and of the
    acts on it; per pair of seats, their pairwise terms (none of a muted seat's acts)."""

    def __init__(self, players: int, muted: frozenset[int]) -> None:
        self.muted, self.stride = muted, players + 1
        self.unary = array("d", bytes(8 * self.stride))
        self.pair = array("d", bytes(8 * self.stride * self.stride))  # at [min * stride + max]

    def act(self, a: int, b: int, f: Factors) -> None:
        if a not in self.muted:
            ha, hb, pair = log_factors(f)
            self.unary[a] += ha
            self.unary[b] += hb
            self.pair[min(a, b) * self.stride + max(a, b)] += pair

    def reweigh(self, a: int, b: int, old: Factors, new: Factors, times: int) -> None:
        """``times`` acts of ``a`` towards ``b`` folded with the factors ``new`` instead
        of ``old``."""
        if a not in self.muted:
            was, now = log_factors(old), log_factors(new)
            self._add(a, b, *((y - x) * times for x, y in zip(was, now, strict=True)))

    def _add(self, a: int, b: int, ha: float, hb: float, pair: float) -> None:
        self.unary[a] += ha
        self.unary[b] += hb
        self.pair[min(a, b) * self.stride + max(a, b)] += pair

    def copy(self) -> _Acts:
        other = copy.copy(self)
        other.unary, other.pair = array("d", self.unary), array("d", self.pair)
        return other


class _Extras:
    """A large table's unary log-potentials other than the acts', per open seat of a
    world (numbered as ``_Potentials`` numbers them, for the claimants' masks)."""

    def __init__(self, players: int, world: Worlds) -> None:
        self.index = [0] * (players + 1)
        for i, seat in enumerate(world.open, 1):
            self.index[seat] = i
        for seat in world.must:
            self.index[seat] = -1
        self.terms: dict[int, float] = {}

    def unary(self, seat: int, log_factor: float) -> None:
        if self.index[seat] > 0:
            self.terms[seat] = self.terms.get(seat, 0.0) + log_factor


def _sure_good(ev: Evidence, world: Worlds) -> frozenset[int]:
    """The seats certain knowledge clears."""
    return frozenset(range(1, ev.players + 1)) - world.must - set(world.open)


def belied(ev: Evidence, world: Worlds) -> frozenset[int]:
    """Claimants of a check that certain knowledge belies: a wolf, or (a sure good one)
    the possessed, whose words and votes say nothing about the wolves."""
    good = _sure_good(ev, world)
    return frozenset(c for (c, t), wolf in ev.checks.items()
                     if (t in good if wolf else t in world.must))


def _seers(ev: Evidence) -> tuple[list[int], int | None]:
    """The seer claimants whose card is not known, and the sole one if there is one."""
    seers = [s for s in ev.claimants(SEER) if s not in ev.known]
    return seers, seers[0] if len(seers) == 1 else None


def _potentials(ev: Evidence, world: Worlds, caught: frozenset[int], wolves: frozenset[int]
                ) -> tuple[list[float], list[tuple[int, int]]]:
    """The log-potentials over the open seats and, per claimed role, (mask of the open
    claimants, cards left for them once the sure good claimants hold theirs); the
    ``caught`` possessed's acts and claims left out, the other liars ``wolves``."""
    seers, sole = _seers(ev)
    weigh = _Potentials(ev.players, world, caught)
    for a, b, f in _acts(ev, seers, sole, Scores((), weigh), kept=False):
        weigh.act(a, b, f)
    return weigh.pot, _fates(ev, caught, wolves, weigh)


def _fates(ev: Evidence, caught: frozenset[int], wolves: frozenset[int],
           weigh: _Potentials | _Extras) -> list[tuple[int, int]]:
    """Add the unary terms of what befell seats and what they claimed to ``weigh``;
    return the claimants' groups (see ``_potentials``)."""
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
    return groups


@dataclass(slots=True)
class Scores:
    """The acts folded so far into a set of worlds' potentials, under one reading of the
    claims (``key``): the first ``votes`` votes, ``checks`` checks, ``accusations``
    accusations and ``vouches`` vouches, the accusations and vouches ``done``."""

    key: tuple[Any, ...]
    weigh: _Potentials | _Acts
    votes: int = 0
    checks: int = 0
    accusations: int = 0
    vouches: int = 0
    done: set[tuple[bool, int, int]] = field(default_factory=set)
    pairs: dict[tuple[int, int], int] = field(default_factory=dict)
    """How many votes each (voter, target) cast among those folded (kept scores)."""

    def copy(self) -> Scores:
        """The same acts folded, to extend apart (a seat's from its table's: the acts are
        the same events)."""
        assert isinstance(self.weigh, _Acts)
        return Scores(self.key, self.weigh.copy(), self.votes, self.checks,
                      self.accusations, self.vouches, set(self.done), dict(self.pairs))

    def reread(self, key: tuple[Any, ...]) -> None:
        """Take the reading of the claims ``key`` (the same muted seats): the votes and
        accusations whose factors it changes folded anew."""
        assert isinstance(self.weigh, _Acts)
        _, seers, sole, good, girls = self.key
        _, now_seers, now_sole, now_good, now_girls = key
        for (voter, target), times in self.pairs.items():
            old = _vote(target in seers, sole is not None and sole != voter and target in good)
            new = _vote(target in now_seers, now_sole is not None and now_sole != voter
                        and target in now_good)
            if old != new:
                self.weigh.reweigh(voter, target, old, new, times)
        for accusation, accuser, target in self.done:
            if accusation and (accuser in girls) != (accuser in now_girls):
                old, new = (SIGHTING, ACCUSE) if accuser in girls else (ACCUSE, SIGHTING)
                self.weigh.reweigh(accuser, target, old, new, 1)
        self.key = key


def _vote(on_seer: bool, cleared: bool) -> Factors:
    """A vote's factors: against a seer claimant, or against a seat the only seer
    claimant cleared (a vote the claimant himself did not cast)."""
    f00, f01, f10, f11 = VOTE
    if on_seer:
        f00, f10 = f00 * 0.5, f10 * 1.5
    if cleared:
        f00, f10 = f00 * 0.6, f10 * 1.4
    return f00, f01, f10, f11


def _acts(ev: Evidence, seers: list[int], sole: int | None, scores: Scores, *, kept: bool
          ) -> Iterator[tuple[int, int, Factors]]:
    """Every act of ``ev`` that ``scores`` has not folded yet (marking them folded), as
    (actor, target, factors): votes, checks, accusations, vouches. Scores ``kept``
    between weighings take the new accusations in order; fresh ones take them all in
    the order of a set (the list path's sums, bit for bit)."""
    for voter, target, _ in ev.votes[scores.votes:]:
        if voter != target:
            yield voter, target, _vote(target in seers, sole is not None and sole != voter
                                       and ev.checks.get((sole, target)) is False)
    for (claimant, target), says_wolf in islice(ev.checks.items(), scores.checks, None):
        f00, f01, f10, f11 = CHECK_WOLF if says_wolf else CHECK_GOOD
        if (claimant, target) in ev.coincidences:
            f01 *= COINCIDENCE
        yield claimant, target, (f00, f01, f10, f11)
    accused = ([(a, t) for a, t, _ in ev.accusations[scores.accusations:]] if kept
               else {(a, t) for a, t, _ in ev.accusations})
    vouched = ev.vouched[scores.vouches:] if kept else ev.vouches
    scores.votes, scores.checks, scores.accusations = (
        len(ev.votes), len(ev.checks), len(ev.accusations))
    if kept:
        scores.vouches = len(ev.vouched)
    for accuser, target in accused:
        if (True, accuser, target) not in scores.done:
            scores.done.add((True, accuser, target))
            yield accuser, target, (
                SIGHTING if LITTLE_GIRL in ev.claims.get(accuser, ()) else ACCUSE)
    for voucher, target in vouched:
        if (False, voucher, target) not in scores.done:
            scores.done.add((False, voucher, target))
            yield voucher, target, VOUCH


def _scores(ev: Evidence, caught: frozenset[int], seers: list[int], sole: int | None
            ) -> Scores:
    """A large table's potentials of the acts over seats (``_Acts``), kept on the
    evidence and extended by the acts since the last call (a new reading of the claims
    re-folds the acts it changes; new muted seats, all of them). A seat's first are its
    table's, when they read the claims alike."""
    key = (caught, tuple(seers), sole,
           frozenset(t for (c, t), wolf in ev.checks.items() if c == sole and not wolf),
           frozenset(s for s, roles in ev.claims.items() if LITTLE_GIRL in roles))
    scores = ev.scores
    if scores is None or scores.key[0] != caught:
        table = ev.table.scores if ev.table is not None else None
        scores = table.copy() if table is not None and table.key[0] == caught and (
            not ev.lying and table.votes <= len(ev.votes) and table.checks <= len(ev.checks)
            and table.accusations <= len(ev.accusations) and table.vouches <= len(ev.vouched)
        ) else Scores(key, _Acts(ev.players, caught))
    if scores.key != key:
        scores.reread(key)
    ev.scores = scores
    _count_votes(ev, scores)
    weigh = scores.weigh
    for a, b, f in _acts(ev, seers, sole, scores, kept=True):
        weigh.act(a, b, f)
    return scores


def _count_votes(ev: Evidence, scores: Scores) -> None:
    """Count the votes ``scores`` is about to fold, per (voter, target)."""
    pairs = scores.pairs
    for voter, target, _ in ev.votes[scores.votes:]:
        if voter != target:
            pairs[(voter, target)] = pairs.get((voter, target), 0) + 1


def _extras(ev: Evidence, world: Worlds, caught: frozenset[int], wolves: frozenset[int]
            ) -> tuple[dict[int, float], Groups]:
    """A large table's other unary terms per seat and its claimants' groups over
    ``world`` (``_fates``), kept on the evidence while what they draw on stays the same
    (its sets only ever grow)."""
    key = (world, caught, wolves, ev.facts, len(ev.claim_day), len(ev.night_dead),
           len(ev.victims), len(ev.reactive), len(ev.liars), len(ev.seen_good))
    if ev.extras is None or ev.extras[0] != key:
        extra = _Extras(ev.players, world)
        groups = tuple(_fates(ev, caught, wolves, extra))
        ev.extras = (key, extra.terms, groups)
    return ev.extras[1], ev.extras[2]


def worlds(ev: Evidence) -> Worlds:
    """The wolf sets certain knowledge leaves (no size at all when it contradicts itself),
    kept on the evidence while its certain knowledge stays the same."""
    world = ev.world[1]
    if ev.world[0] != ev.facts or world is None:
        world = _worlds(ev)
        ev.world = (ev.facts, world)
    return world


def _worlds(ev: Evidence) -> Worlds:
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
    asked: dict[tuple[int, int | None], Belief | None] = field(
        default_factory=dict, compare=False, repr=False)

    def belief(self, players: int, good: int | None = None) -> Belief | None:
        """P(wolf) per seat, also knowing that ``good`` is no wolf (None when that leaves
        no set: the caller weighs its own evidence instead); each answer kept (every
        seat of a game asks the shared public marginals)."""
        key = (players, good)
        if key not in self.asked:
            self.asked[key] = self._belief(players, good)
        return self.asked[key]

    def _belief(self, players: int, good: int | None) -> Belief | None:
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
        if ev.fixed is None or ev.fixed.must != world.must:
            ev.fixed = Marginals(world.must, 1.0, {}, partial(_with, {}))
        return ev.fixed
    caught, good, free = _readings(ev, world)
    first = math.log(POSSESSED_LIE) if free else LOG_LIE
    wolves = frozenset() if free else caught - good
    if ev.vectorised:
        return _weigh_large(ev, world, caught & good, wolves, first, pairs=pairs)
    pot, listed = _potentials(ev, world, caught & good, wolves)
    spaces = [(space(len(world.open), k), prior) for k, prior in world.sizes]
    logged = [(sets, prior, _log_weights(sets, pot, listed, first)) for sets, prior in spaces]
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


@dataclass(slots=True)
class Layout:
    """``space(seats, wolves)`` as arrays, one column per set in the same order: the
    membership ``held`` of seats 1..``seats``, the flat potential indices ``terms`` of the
    set's unary and pairwise terms (as ``Space.terms`` picks them, less the zero), and
    how many sets each column stands for (``scale``). Per flat potential index, the
    columns whose sets hold its seat or both its seats, and per seat the columns holding
    it with every seat's membership in them, are kept once asked for."""

    held: NDArray[np.float64]
    terms: NDArray[np.intp]
    scale: float
    stride: int
    rows: dict[int, NDArray[np.intp]] = field(default_factory=dict)
    subs: dict[int, tuple[NDArray[np.intp], NDArray[np.float64]]] = field(default_factory=dict)

    def holding(self, term: int) -> NDArray[np.intp]:
        """The columns whose sets hold the seat, or both seats, of the flat potential
        index ``term``."""
        cols = self.rows.get(term)
        if cols is None:
            i, j = divmod(term, self.stride)
            row = self.held[i - 1] if i == j else self.held[i - 1] * self.held[j - 1]
            cols = self.rows[term] = np.flatnonzero(row)
        return cols

    def beside(self, row: int) -> tuple[NDArray[np.intp], NDArray[np.float64]]:
        """The columns holding the seat of ``row`` (0-based), and the membership of
        every seat in those columns."""
        sub = self.subs.get(row)
        if sub is None:
            cols = np.flatnonzero(self.held[row])
            sub = self.subs[row] = (cols, np.ascontiguousarray(self.held[:, cols]))
        return sub


@lru_cache(maxsize=64)
def dense(seats: int, wolves: int) -> Layout:
    """``space(seats, wolves)`` as a ``Layout``. Past ``SAMPLE_SETS`` sets, the columns
    are a uniform sample drawn from a stream seeded by the space alone (the same in
    every game and process)."""
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
    return Layout(held, np.array(terms, dtype=np.intp).reshape(len(terms), count),
                  sets / count, stride)


class _Joint:
    """``Marginals.joint`` on arrays: per asked seat, the weights of the sets holding it
    summed per seat of ``seats`` (computed when first asked), from sets laid out over the
    seats ``laid`` (``rows``: where the seats are among them, None when they are all)."""

    def __init__(self, laid: tuple[int, ...], seats: tuple[int, ...], rows: list[int] | None,
                 weighed: list[tuple[Layout, NDArray[np.float64]]]) -> None:
        self.laid, self.seats, self.rows, self.weighed = laid, seats, rows, weighed
        self.done: dict[int, dict[int, float]] = {}

    def __call__(self, good: int) -> dict[int, float]:
        if good not in self.done:
            i = self.laid.index(good)
            both = np.zeros(len(self.laid))
            for layout, weights in self.weighed:
                cols, held = layout.beside(i)
                both += held @ weights[cols]
            self.done[good] = dict(zip(self.seats, (
                both if self.rows is None else both[self.rows]).tolist(), strict=True))
        return self.done[good]


Groups = tuple[tuple[int, int], ...]
"""Per claimed role: the mask of its open claimants and the cards left for them."""


@dataclass(slots=True)
class Logs:
    """A large table's weights of its sets before the claimants' penalties, per pack size
    of the ``world`` they were laid out for (as in ``layouts``): each set's summed
    potentials (and log count of the sets it stands for), less the size's ``shift``,
    exponentiated. They are kept from one weighing to the next, multiplied by the
    changes of the flat ``potential`` they sum (``_project``); ``drift`` bounds how far
    any set's log-weight moved since they were summed afresh. Later certain knowledge
    weighs the same sets, the ones it rules out zeroed (``ruled``: the seats since known
    to be wolves, and known to be good)."""

    world: Worlds
    layouts: list[Layout]
    potential: NDArray[np.float64]
    weights: list[NDArray[np.float64]]
    shifts: list[float]
    drift: float = 0.0
    ruled: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    stamp: tuple[Any, ...] = ()
    """What the evidence knew when they were last weighed but its acts (``_acted``), and
    the marginals weighed then."""
    weighed: tuple[bool, Marginals] | None = None  # (with pairs, marginals)
    among: dict[tuple[int, int], NDArray[np.intp]] = field(default_factory=dict)
    """Per (pack size's index, mask of open claimants): how many each set holds."""
    penalties: dict[tuple[int, Groups, float], NDArray[np.float64] | None] = field(
        default_factory=dict)

    def covers(self, world: Worlds) -> bool:
        """Whether ``world`` is these sets with some more seats known (each of its pack
        sizes one of these less the new wolves), and not so few of them that weighing
        them afresh is cheaper."""
        base = self.world
        wolves = world.must - base.must
        if not (base.must <= world.must and wolves <= set(base.open)
                and set(world.open) <= set(base.open)):
            return False
        sizes = {k for k, _ in base.sizes}
        return all(k + len(wolves) in sizes for k, _ in world.sizes) and REBASE * sum(
            math.comb(len(world.open), k) for k, _ in world.sizes) >= self.count

    @property
    def count(self) -> int:
        """How many sets the weights hold (columns, over every pack size)."""
        return sum(layout.held.shape[1] for layout in self.layouts)

    def copy(self) -> Logs:
        """The same weights, to update apart."""
        return Logs(self.world, self.layouts, self.potential,
                    [weights.copy() for weights in self.weights], list(self.shifts),
                    self.drift, self.ruled, among=self.among, penalties=self.penalties)

    def rule(self, world: Worlds) -> bool:
        """Zero the sets ``world`` rules out; False when none is left that weighs more
        than a trace (the caller weighs afresh)."""
        base = self.world
        wolves = world.must - base.must
        good = frozenset(base.open) - set(world.open) - wolves
        if not (self.ruled[0] <= wolves and self.ruled[1] <= good):
            return False  # a seat ruled on is open again: its sets are gone
        for seat in wolves - self.ruled[0]:
            row = base.open.index(seat)
            for layout, weights in zip(self.layouts, self.weights, strict=True):
                weights *= layout.held[row]
        for seat in good - self.ruled[1]:
            row = base.open.index(seat) + 1
            for layout, weights in zip(self.layouts, self.weights, strict=True):
                weights[layout.holding(row * layout.stride + row)] = 0.0
        self.ruled = (wolves, good)
        return max(float(weights.max()) for weights in self.weights) > TRACE

    def claimants(self, size: int, claimed: int) -> NDArray[np.intp]:
        """How many of the open seats in the mask ``claimed`` each set of the size
        ``size`` (an index into the world's sizes) holds."""
        key = (size, claimed)
        if key not in self.among:
            held = self.layouts[size].held
            rows = [i - 1 for i in range(1, len(held) + 1) if claimed >> i & 1]
            self.among[key] = held[rows].sum(axis=0).astype(np.intp)
        return self.among[key]

    def penalty(self, size: int, groups: Groups, first: float) -> NDArray[np.float64] | None:
        """Per set of the size ``size``, the factor of the good claimants too many it
        implies (None when no role has more claimants than cards)."""
        key = (size, groups, first)
        if key not in self.penalties:
            factor = None
            for claimed, free in groups:
                extra = claimed.bit_count() - free
                if extra > 0:
                    lies = np.exp([_lies(extra - w, first)
                                   for w in range(claimed.bit_count() + 1)])
                    picked = lies[self.claimants(size, claimed)]
                    factor = picked if factor is None else factor * picked
            self.penalties[key] = factor
        return self.penalties[key]


INCREMENTAL = 16
"""Potentials changed since the last weighing (a vote moves up to three) up to which the
weights are updated rather than summed again (on many sets, one per 200 of them)."""
DRIFT = 100.0
"""How far (in log-weight) the kept weights may move before they are summed afresh:
far enough below the top that a set's weight underflowed to zero stays negligible."""
REBASE = 4
"""Kept weights serve a world with more seats known while it has at least a quarter
of their sets (past that, summing its own sets afresh is cheaper)."""
SAME = 1e-9
"""Potentials nearer than this are the same (summed in other orders)."""
TRACE = 1e-200
"""A largest kept weight below this, once sets are ruled out, is summed afresh."""


def _project(world: Worlds, acts: _Acts, extras: dict[int, float]) -> NDArray[np.float64]:
    """The flat potential vector over ``world``'s open seats (as ``_Potentials`` lays it
    out) of the acts over seats and the extra unary terms."""
    pairs, units, unary_at, pair_at, wolves_at = _laid(world.open, world.must, acts.stride)
    pair = np.frombuffer(acts.pair)
    unary = np.frombuffer(acts.unary)[units]
    if wolves_at is not None:  # a term with a sure wolf is the other seat's
        unary += pair[wolves_at].sum(axis=1)
    for seat, value in extras.items():
        unary[world.open.index(seat)] += value
    flat = np.zeros((len(world.open) + 1) ** 2)
    flat[pair_at] = pair[pairs]
    flat[unary_at] = unary
    return flat


Laid = tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp], NDArray[np.intp],
             NDArray[np.intp] | None]


@lru_cache(maxsize=256)
def _laid(seats: tuple[int, ...], wolves: frozenset[int], stride: int) -> Laid:
    """Where ``_project`` reads and writes: the seat pairs (over seats) and the seats of
    the open pairs and seats, their places in the flat vector, and per open seat its
    pairs with the sure ``wolves``."""
    n = len(seats)
    at = np.array(seats, dtype=np.intp)
    first, second = np.triu_indices(n, 1)
    low, high = np.minimum(at[first], at[second]), np.maximum(at[first], at[second])
    sure = np.array(sorted(wolves), dtype=np.intp)
    with_wolves = (np.minimum.outer(at, sure) * stride + np.maximum.outer(at, sure)
                   if wolves else None)
    return (low * stride + high, at, np.arange(1, n + 1, dtype=np.intp) * (n + 2),
            (first + 1) * (n + 1) + second + 1, with_wolves)


def _weigh_large(ev: Evidence, world: Worlds, muted: frozenset[int], wolves: frozenset[int],
                 first: float, *, pairs: bool) -> Marginals:
    """``weigh`` on a large table: the same sums over the same sets, on arrays (equal to
    the list path's up to rounding), from weights kept on ``ev`` (``Logs``) when they
    cover ``world``, else summed afresh for it."""
    last, seers, sole = ev.logs, *_seers(ev)
    stamp = (world, ev.facts, len(ev.claim_day), len(ev.checks), len(ev.liars),
             len(ev.night_dead), len(ev.victims), len(ev.reactive), len(ev.seen_good))
    if last is not None and last.stamp == stamp and _acted(ev, last, muted, seers, sole):
        if last.weighed is None or (pairs and not last.weighed[0]):
            last.weighed = (pairs, _weigh_arrays(
                world, last, _extras(ev, last.world, muted, wolves)[1], first, pairs=pairs))
        return last.weighed[1]
    if ev.table is not None and ev.table.logs is not None and ev.table.logs.covers(world):
        last = ev.table.logs.copy()  # a seat's belief starts from the table's, kept current
    base = last.world if last is not None and last.covers(world) else world
    acts = _scores(ev, muted, seers, sole).weigh
    assert isinstance(acts, _Acts)
    while True:
        extras, groups = _extras(ev, base, muted, wolves)
        potential = _project(base, acts, extras)
        logs = _kept(last, base, potential) if last is not None else None
        if logs is not None and logs.rule(world):
            break
        if base is world:
            logs = _fresh(world, potential)
            break
        base = world
    ev.logs, logs.stamp = logs, stamp
    logs.weighed = (pairs, _weigh_arrays(world, logs, groups, first, pairs=pairs))
    return logs.weighed[1]


def _acted(ev: Evidence, last: Logs, muted: frozenset[int], seers: list[int],
           sole: int | None) -> bool:
    """Update the kept weights with the acts since the last weighing when nothing else
    moved (the same worlds, readings and extra terms: only votes, accusations and
    vouches came), without laying every potential out anew (none moved: the last
    marginals stand); False when too many potentials moved or too far (the caller goes
    the whole way)."""
    scores = ev.scores
    if scores is None or scores.key[0] != muted:
        return False
    _count_votes(ev, scores)
    delta, touched = _Potentials(ev.players, last.world, muted), set[int]()
    acts = scores.weigh
    for a, b, f in _acts(ev, seers, sole, scores, kept=True):
        acts.act(a, b, f)
        delta.act(a, b, f)
        touched.update(delta.entries(a, b))
    moved = [(e, delta.pot[e]) for e in touched if delta.pot[e]]
    drift = last.drift + sum(abs(change) for _, change in moved)
    if len(moved) > max(INCREMENTAL, last.count // 200) or drift > DRIFT:
        return False
    if moved:
        potential = last.potential.copy()
        for e, change in moved:
            factor = math.exp(change)
            for layout, weights in zip(last.layouts, last.weights, strict=True):
                weights[layout.holding(e)] *= factor
            potential[e] += change
        last.potential, last.drift, last.weighed = potential, drift, None
    return True


def _kept(last: Logs, base: Worlds, potential: NDArray[np.float64]) -> Logs | None:
    """The last weighing's weights for ``base``, updated with the potentials that moved
    (multiplying the sets each change counts in by its factor), unless they were laid
    out otherwise, or too many moved or too far."""
    if last.world != base:
        return None
    moved = np.flatnonzero(np.abs(potential - last.potential) > SAME)
    changes = potential[moved] - last.potential[moved]
    drift = last.drift + float(np.abs(changes).sum())
    if len(moved) > max(INCREMENTAL, last.count // 200) or drift > DRIFT:
        return None
    for e, factor in zip(moved.tolist(), np.exp(changes).tolist(), strict=True):
        for layout, weights in zip(last.layouts, last.weights, strict=True):
            weights[layout.holding(e)] *= factor
    last.potential, last.drift = potential, drift
    return last


def _fresh(world: Worlds, potential: NDArray[np.float64]) -> Logs:
    """Each set's weight from its summed potentials, per pack size of ``world``."""
    layouts = [dense(len(world.open), wolves) for wolves, _ in world.sizes]
    logs = [potential[layout.terms].sum(axis=0) + math.log(layout.scale) for layout in layouts]
    shifts = [float(summed.max()) for summed in logs]
    return Logs(world, layouts, potential,
                [np.exp(summed - shift) for summed, shift in zip(logs, shifts, strict=True)],
                shifts)


def _weigh_arrays(world: Worlds, logs: Logs, groups: Groups, first: float, *,
                  pairs: bool) -> Marginals:
    """The marginals of ``world`` from the weights ``logs`` kept for it (or for the
    world it narrows: its pack sizes are theirs less the wolves since known)."""
    base = logs.world
    extra = len(world.must) - len(base.must)
    index = {k: size for size, (k, _) in enumerate(base.sizes)}
    scaled = [(index[k + extra], prior + logs.shifts[index[k + extra]])
              for k, prior in world.sizes]
    top = max(log for _, log in scaled)
    weighed: list[tuple[Layout, NDArray[np.float64]]] = []
    for size, log in scaled:
        factor = logs.penalty(size, groups, first)
        weights = logs.weights[size]  # kept weights change later: a joint needs a copy
        final = (weights.copy() if pairs else weights) if factor is None else weights * factor
        if log != top:
            final = final * math.exp(log - top)
        weighed.append((logs.layouts[size], final))
    rows = None if world.open == base.open else _rows(base.open, world.open)
    layout, weights = weighed[0]
    single, total = layout.held @ weights, float(weights.sum())
    for layout, weights in weighed[1:]:
        single, total = single + layout.held @ weights, total + float(weights.sum())
    holders = any(wolves > 0 for wolves, _ in world.sizes)
    return Marginals(
        world.must, total,
        dict(zip(world.open, (single if rows is None else single[rows]).tolist(),
                 strict=True)) if holders else {},
        _Joint(base.open, world.open, rows, weighed) if pairs else partial(_with, {}))


@lru_cache(maxsize=256)
def _rows(laid: tuple[int, ...], seats: tuple[int, ...]) -> list[int]:
    """Where each of ``seats`` is among ``laid``."""
    return [laid.index(seat) for seat in seats]


def _readings(ev: Evidence, world: Worlds) -> tuple[frozenset[int], frozenset[int], bool]:
    """The belied claimants, the sure good seats, and whether a possessed is unaccounted
    for: kept on the evidence while its certain knowledge and checks stay the same."""
    key = (ev.facts, len(ev.checks))
    if ev.read is None or ev.read[0] != key:
        caught, good = belied(ev, world), _sure_good(ev, world)
        ev.read = (key, caught, good, _possessed_free(ev, caught & good))
    return ev.read[1], ev.read[2], ev.read[3]


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
    def take(self, event: BaseEvent) -> None:
        """Fold the game's next public event."""
        self.evidence.take(event)
        self.events.append(event)


_GAMES: OrderedDict[int, PublicLog] = OrderedDict()
GAMES_KEPT = 16  # games whose public evidence is kept (a run plays one at a time)


def public_log(first: BaseEvent) -> PublicLog:
    """The shared public evidence of the game whose first public event is ``first`` (by
    identity: the log holds on to it, so no other event takes its id while it is kept)."""
    log = _GAMES.get(id(first))
    if log is None or log.events[0] is not first:
        log = _GAMES[id(first)] = PublicLog(Evidence(0, True), [])
        log.take(first)
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
        self.sharing = not self.public_only  # its evidence holds the log's acts in common
        self.log: PublicLog | None = None
        self.own: Evidence | None = None  # this seat's public evidence, once off the log
        self._cache: tuple[tuple[int, int], Belief] | None = None
        self._plain: tuple[Evidence | None, tuple[int, ...], bool] = (None, (), False)

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
        moment = (ev.version, self.public.version)
        if self._cache is not None and self._cache[0] == moment:
            return self._cache[1]
        belief = None
        if self.mine is None or self._is_plain(ev):
            shared = public_marginals(self.public)
            belief = shared.belief(ev.players, None if self.mine is None else ev.seat) if (
                shared) else None
        if belief is None:
            ev.table = self.public
            belief = infer(ev)
        self._cache = (moment, belief)
        return belief

    def _is_plain(self, ev: Evidence) -> bool:
        """``plain(ev, public)``, kept while what it reads stays the same."""
        public = self.public
        key = (ev.facts, len(ev.claim_day), len(ev.victims), public.facts)
        if self._plain[0] is not public or self._plain[1] != key:
            self._plain = (public, key, plain(ev, public))
        return self._plain[2]

    def _fold(self, events: tuple[BaseEvent, ...]) -> None:
        """Fold this seat's new events: all into its own evidence, the public ones into
        the game's log (where no other seat did yet) or into its own public evidence. Its
        own evidence shares the log's acts while in step with it (``Evidence.share``)."""
        if self.first is None and events:
            self.first = events[0]
        mine, log, shown, behind = self.mine, self.log, self.shown, False
        echoing, facts = self._echoing(), -1 if mine is None else mine.facts
        for i in range(self.seen, len(events)):
            event = events[i]
            if event.audience == "public":
                if log is None and shown == 0 and self.own is None:
                    log = self.log = public_log(event)
                    if mine is not None and self.sharing:
                        mine.share(log.evidence)
                        echoing = self._echoing()
                elif log is None:
                    self.public.take(event)
                elif shown == len(log.events):
                    log.take(event)
                elif log.events[shown] is not event:
                    behind = True
                shown += 1
                if mine is not None and mine.shares is not None and type(event) in ACTS:
                    if echoing and not behind:
                        if not mine.nightfall and event.phase == "night":
                            mine.nightfall = True  # all take does of a shared act
                            mine.facts += 1
                            mine.version += 1
                        continue
                    self._alone(events[:i + 1])
                    mine, echoing, facts = self.mine, False, -1
                    continue
            if mine is not None:
                mine.take(event)
                if mine.facts != facts:  # its role or deal may have changed
                    echoing, facts = self._echoing(), mine.facts
        self.seen, self.shown = len(events), shown
        if self.log is not None and (behind or shown != len(self.log.events)):
            self.log, self.own = None, Evidence(self.seat, True)
            for event in events:
                if event.audience == "public":
                    self.own.take(event)
            if self.mine is not None and self.mine.shares is not None:
                self._alone(events)

    def _echoing(self) -> bool:
        """Whether this seat's evidence may take the log's acts as they are: it shares
        them, and is neither the possessed nor a thief whose deal reads claims apart."""
        mine = self.mine
        return mine is not None and mine.shares is not None and not mine.lying and (
            mine.deal == mine.shares.deal)

    def _alone(self, events: tuple[BaseEvent, ...]) -> None:
        """This seat's evidence folded anew from ``events``, holding its acts alone."""
        self.sharing, self.mine = False, Evidence(self.seat, False)
        for event in events:
            self.mine.take(event)

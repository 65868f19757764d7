"""The acts' potentials: votes, accusations, vouches, checks and fates as unary and
pairwise log-potentials over seats, folded once per moment and kept on large tables."""

from __future__ import annotations

import copy
import math
from array import array
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from agents.belief.factors import (
    ACCUSE,
    CHECK_GOOD,
    CHECK_WOLF,
    COINCIDENCE,
    FAKE_CLAIM,
    LIE,
    LITTLE_GIRL,
    NIGHT_DEATH,
    POSSESSED,
    REACTIVE,
    SEER,
    SIGHTING,
    VOTE,
    VOUCH,
    WOLF_TARGET,
    _pack_cards,
    is_pack,
    log_factors,
)
from arena.engine.roles import ROLES

if TYPE_CHECKING:
    from agents.belief.evidence import Evidence
    from agents.belief.factors import Factors
    from agents.belief.space import Worlds


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


Groups = tuple[tuple[int, int], ...]
"""Per claimed role: the mask of its open claimants and the cards left for them."""


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

"""The acts' log-potentials as they are folded: over a world's open seats
(``Potentials``), over seats on a large table (``Acts``), and the acts folded so far
under one reading of the claims (``Scores``)."""

from __future__ import annotations

import copy
from array import array
from dataclasses import dataclass, field
from typing import Any

from agents.belief.factors import ACCUSE, SIGHTING, VOTE, Factors, log_factors
from agents.belief.space import Worlds


class Potentials:
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


class Acts:
    """A large table's log-potentials of the acts over seats, before any world lays them
    over its open seats (``arrays._project``): per seat, the unary terms of its acts and
    of the acts on it; per pair of seats, their pairwise terms (none of a muted seat's
    acts)."""

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

    def copy(self) -> Acts:
        other = copy.copy(self)
        other.unary, other.pair = array("d", self.unary), array("d", self.pair)
        return other



@dataclass(slots=True)
class Scores:
    """The acts folded so far into a set of worlds' potentials, under one reading of the
    claims (``key``): the first ``votes`` votes, ``checks`` checks, ``accusations``
    accusations and ``vouches`` vouches, the accusations and vouches ``done``."""

    key: tuple[Any, ...]
    weigh: Potentials | Acts
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
        assert isinstance(self.weigh, Acts)
        return Scores(self.key, self.weigh.copy(), self.votes, self.checks,
                      self.accusations, self.vouches, set(self.done), dict(self.pairs))

    def reread(self, key: tuple[Any, ...]) -> None:
        """Take the reading of the claims ``key`` (the same muted seats): the votes and
        accusations whose factors it changes folded anew."""
        assert isinstance(self.weigh, Acts)
        _, seers, sole, good, girls = self.key
        _, now_seers, now_sole, now_good, now_girls = key
        for (voter, target), times in self.pairs.items():
            old = vote_factors(target in seers,
                               sole is not None and sole != voter and target in good)
            new = vote_factors(target in now_seers,
                               now_sole is not None and now_sole != voter and target in now_good)
            if old != new:
                self.weigh.reweigh(voter, target, old, new, times)
        for accusation, accuser, target in self.done:
            if accusation and (accuser in girls) != (accuser in now_girls):
                old, new = (SIGHTING, ACCUSE) if accuser in girls else (ACCUSE, SIGHTING)
                self.weigh.reweigh(accuser, target, old, new, 1)
        self.key = key


def vote_factors(on_seer: bool, cleared: bool) -> Factors:
    """A vote's factors: against a seer claimant, or against a seat the only seer
    claimant cleared (a vote the claimant himself did not cast)."""
    f00, f01, f10, f11 = VOTE
    if on_seer:
        f00, f10 = f00 * 0.5, f10 * 1.5
    if cleared:
        f00, f10 = f00 * 0.6, f10 * 1.4
    return f00, f01, f10, f11


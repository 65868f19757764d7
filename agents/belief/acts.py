"""The acts read from a seat's evidence: votes, accusations, vouches, checks and fates
as unary and pairwise log-potentials over seats, folded once per moment and kept on
large tables (``Scores``), and the readings of the claims they depend on."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from itertools import islice

from agents.belief.evidence import Evidence
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
    VOUCH,
    WOLF_TARGET,
    Factors,
    is_pack,
    pack_cards,
)
from agents.belief.potentials import Acts, Potentials, Scores, vote_factors
from agents.belief.space import Groups, Worlds
from arena.engine.roles import ROLES


class _Extras:
    """A large table's unary log-potentials other than the acts', per open seat of a
    world (numbered as ``Potentials`` numbers them, for the claimants' masks)."""

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


def seer_claimants(ev: Evidence) -> tuple[list[int], int | None]:
    """The seer claimants whose card is not known, and the sole one if there is one."""
    seers = [s for s in ev.claimants(SEER) if s not in ev.known]
    return seers, seers[0] if len(seers) == 1 else None


def world_potentials(ev: Evidence, world: Worlds, caught: frozenset[int],
                     wolves: frozenset[int]) -> tuple[list[float], list[tuple[int, int]]]:
    """The log-potentials over the open seats and, per claimed role, (mask of the open
    claimants, cards left for them once the sure good claimants hold theirs); the
    ``caught`` possessed's acts and claims left out, the other liars ``wolves``."""
    seers, sole = seer_claimants(ev)
    weigh = Potentials(ev.players, world, caught)
    for a, b, f in new_acts(ev, seers, sole, Scores((), weigh), kept=False):
        weigh.act(a, b, f)
    return weigh.pot, _fates(ev, caught, wolves, weigh)


def _fates(ev: Evidence, caught: frozenset[int], wolves: frozenset[int],
           weigh: Potentials | _Extras) -> list[tuple[int, int]]:
    """Add the unary terms of what befell seats and what they claimed to ``weigh``;
    return the claimants' groups (see ``world_potentials``)."""
    unary = [(ev.night_dead, NIGHT_DEATH), (ev.victims, WOLF_TARGET), (ev.reactive, REACTIVE),
             (ev.liars | wolves, 1 / LIE)]
    hidden = [c for r, c in ev.deal.items() if is_pack(r) and not ROLES[r].wolf_card]
    if ev.seen_good:  # P(checked good | pack): the pack cards without the wolf flag
        unary.append((ev.seen_good, max(sum(hidden), 1) / max(pack_cards(ev.deal), 1)))
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


def new_acts(ev: Evidence, seers: list[int], sole: int | None, scores: Scores, *, kept: bool
             ) -> Iterator[tuple[int, int, Factors]]:
    """Every act of ``ev`` that ``scores`` has not folded yet (marking them folded), as
    (actor, target, factors): votes, checks, accusations, vouches. Scores ``kept``
    between weighings take the new accusations in order; fresh ones take them all in
    the order of a set (the list path's sums, bit for bit)."""
    for voter, target, _ in ev.votes[scores.votes:]:
        if voter != target:
            yield voter, target, vote_factors(
                target in seers,
                sole is not None and sole != voter and ev.checks.get((sole, target)) is False)
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


def kept_scores(ev: Evidence, caught: frozenset[int], seers: list[int], sole: int | None
                ) -> Scores:
    """A large table's potentials of the acts over seats (``Acts``), kept on the
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
        ) else Scores(key, Acts(ev.players, caught))
    if scores.key != key:
        scores.reread(key)
    ev.scores = scores
    count_votes(ev, scores)
    weigh = scores.weigh
    for a, b, f in new_acts(ev, seers, sole, scores, kept=True):
        weigh.act(a, b, f)
    return scores


def count_votes(ev: Evidence, scores: Scores) -> None:
    """Count the votes ``scores`` is about to fold, per (voter, target)."""
    pairs = scores.pairs
    for voter, target, _ in ev.votes[scores.votes:]:
        if voter != target:
            pairs[(voter, target)] = pairs.get((voter, target), 0) + 1


def extra_terms(ev: Evidence, world: Worlds, caught: frozenset[int], wolves: frozenset[int]
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


def readings(ev: Evidence, world: Worlds) -> tuple[frozenset[int], frozenset[int], bool]:
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

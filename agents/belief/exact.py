"""Exact weighing: the sum over every consistent wolf set (on lists up to
``EXACT_SETS`` sets, else on arrays), and the public marginals shared by a table's seats."""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import partial
from itertools import repeat
from operator import add, and_

from agents.belief.acts import readings, world_potentials
from agents.belief.arrays import weigh_large
from agents.belief.evidence import Evidence
from agents.belief.factors import LOG_LIE, POSSESSED_LIE, is_pack, lie_penalty
from agents.belief.knowledge import worlds
from agents.belief.space import Belief, Marginals, Space, joint_with, pair_holders, space
from arena.engine.events import BaseEvent


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
            ev.fixed = Marginals(world.must, 1.0, {}, partial(joint_with, {}))
        return ev.fixed
    caught, good, free = readings(ev, world)
    first = math.log(POSSESSED_LIE) if free else LOG_LIE
    wolves = frozenset() if free else caught - good
    if ev.vectorised:
        return weigh_large(ev, world, caught & good, wolves, first, pairs=pairs)
    pot, listed = world_potentials(ev, world, caught & good, wolves)
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
    return Marginals(world.must, total, single, partial(joint_with, pair))


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


def _log_weights(sets: Space, pot: list[float], groups: list[tuple[int, int]],
                 first: float) -> list[float]:
    """Each set's log-weight: its potentials and the liars it implies (the first of
    them costs ``first``: he may be a possessed, who lies for the wolves)."""
    logs = [sum(term(pot)) for term in sets.terms]
    for claimed, free in groups:
        extra = claimed.bit_count() - free  # good claimants too many if none is a wolf
        if extra > 0:  # a penalty per count of wolves among the claimants
            penalty = [lie_penalty(extra - w, first) for w in range(claimed.bit_count() + 1)]
            wolves_among = map(int.bit_count, map(and_, sets.masks, repeat(claimed)))
            logs = list(map(add, logs, map(penalty.__getitem__, wolves_among)))
    return logs


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

"""Array and sampled weighing: a large table's marginals from its wolf sets as numpy
columns (past ``SAMPLE_SETS``, a fixed sample of them), their weights kept between
weighings (``columns.Logs``) and updated by the potentials that moved."""

from __future__ import annotations

import math
import random
from functools import lru_cache, partial
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from agents.belief.acts import count_votes, extra_terms, kept_scores, new_acts, seer_claimants
from agents.belief.columns import Layout, Logs
from agents.belief.evidence import Evidence
from agents.belief.potentials import Acts, Potentials
from agents.belief.space import Groups, Marginals, Worlds, joint_with

SAMPLE_SETS = 50_000
"""Past this many sets, the arrays hold a fixed uniform sample of this many (an estimate)."""


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




INCREMENTAL = 16
"""Potentials changed since the last weighing (a vote moves up to three) up to which the
weights are updated rather than summed again (on many sets, one per 200 of them)."""


DRIFT = 100.0
"""How far (in log-weight) the kept weights may move before they are summed afresh:
far enough below the top that a set's weight underflowed to zero stays negligible."""


SAME = 1e-9
"""Potentials nearer than this are the same (summed in other orders)."""


def _project(world: Worlds, acts: Acts, extras: dict[int, float]) -> NDArray[np.float64]:
    """The flat potential vector over ``world``'s open seats (as ``Potentials`` lays it
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


def weigh_large(ev: Evidence, world: Worlds, muted: frozenset[int], wolves: frozenset[int],
                 first: float, *, pairs: bool) -> Marginals:
    """``weigh`` on a large table: the same sums over the same sets, on arrays (equal to
    the list path's up to rounding), from weights kept on ``ev`` (``Logs``) when they
    cover ``world``, else summed afresh for it."""
    last, seers, sole = ev.logs, *seer_claimants(ev)
    stamp = (world, ev.facts, len(ev.claim_day), len(ev.checks), len(ev.liars),
             len(ev.night_dead), len(ev.victims), len(ev.reactive), len(ev.seen_good))
    if last is not None and last.stamp == stamp and _acted(ev, last, muted, seers, sole):
        if last.weighed is None or (pairs and not last.weighed[0]):
            last.weighed = (pairs, _weigh_arrays(
                world, last, extra_terms(ev, last.world, muted, wolves)[1], first, pairs=pairs))
        return last.weighed[1]
    if ev.table is not None and ev.table.logs is not None and ev.table.logs.covers(world):
        last = ev.table.logs.copy()  # a seat's belief starts from the table's, kept current
    base = last.world if last is not None and last.covers(world) else world
    acts = kept_scores(ev, muted, seers, sole).weigh
    assert isinstance(acts, Acts)
    while True:
        extras, groups = extra_terms(ev, base, muted, wolves)
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
    count_votes(ev, scores)
    delta, touched = Potentials(ev.players, last.world, muted), set[int]()
    acts = scores.weigh
    for a, b, f in new_acts(ev, seers, sole, scores, kept=True):
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
        _Joint(base.open, world.open, rows, weighed) if pairs else partial(joint_with, {}))


@lru_cache(maxsize=256)
def _rows(laid: tuple[int, ...], seats: tuple[int, ...]) -> list[int]:
    """Where each of ``seats`` is among ``laid``."""
    return [laid.index(seat) for seat in seats]

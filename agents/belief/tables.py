"""Role tables: per seat, the probability of each role, from the belief and the claims."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from agents.belief.factors import CLAIM_TRUST, is_pack

if TYPE_CHECKING:
    from agents.belief.evidence import Evidence
    from agents.belief.space import Belief


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

"""The environments' one action space: ``Discrete(players + 2)`` for every decision.

0 passes (no target, "no", silence, "done" picking), ``n`` names seat ``n`` (a target, a
pick of a pair or subset, an accusation in a speech), ``players + 1`` says "yes". A pair
or subset is picked one seat per step.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from arena.engine import Decision, Request
from arena.engine.events import Claim


def decode(request: Request, action: int, picks: list[int], players: int) -> Decision | None:
    """The decision ``action`` makes (None: a pick added to ``picks``, more to come)."""
    kind, shape = request.kind, request.shape
    seat = action if 1 <= action <= players else None
    if shape == "target":
        return Decision(kind, target=None if action == 0 else action)
    if shape == "yes_no":
        return Decision(kind, yes=False if action == 0 else True if action == players + 1
                        else None)
    if shape == "speech":
        claims = (Claim(kind="accuse", target=seat),) if seat is not None else ()
        return Decision(kind, claims=claims)
    if shape in ("pair", "subset"):
        if seat is None:  # done picking
            return Decision(kind, targets=tuple(picks))
        if seat not in picks:
            picks.append(seat)
        if shape == "pair" and len(picks) == request.count:
            return Decision(kind, targets=tuple(picks))
        return None
    return Decision(kind)


Mask = tuple[NDArray[np.int8], frozenset[int]]


class Masks:
    """The action masks of one table (one config), each made once (a read-only array and
    its legal actions as a set): requests repeat the same options game after game."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.made: dict[tuple[object, ...], Mask] = {}

    def __call__(self, request: Request, picks: list[int]) -> Mask:
        # all a mask depends on (a speech's: the table's seats, the same for every game)
        key = (request.kind, request.seat, request.options, request.allow_none, *picks)
        found = self.made.get(key)
        if found is None:
            mask = legal(request, picks, self.players)
            mask.flags.writeable = False
            found = self.made[key] = mask, frozenset(mask.nonzero()[0].tolist())
        return found


def legal(request: Request, picks: list[int], players: int) -> NDArray[np.int8]:
    """The action mask of ``request`` with ``picks`` made: 1 for each legal action."""
    shape = request.shape
    mask = np.zeros(players + 2, np.int8)
    if shape == "target":
        mask[list(request.options)] = 1
        mask[0] = request.allow_none
    elif shape == "yes_no":
        mask[0] = mask[players + 1] = 1
    elif shape == "speech":
        mask[0] = 1
        mask[[s for s in request.context.get("seats", ()) if s != request.seat]] = 1
    elif shape in ("pair", "subset"):
        mask[[s for s in request.options if s not in picks]] = 1
        mask[0] = shape == "subset"
    else:
        mask[0] = 1
    return mask

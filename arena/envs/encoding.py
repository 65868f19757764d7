"""A seat's view as numbers, kept per game and redone only where the view changed.

The vector's sections, in order (``Layout.numbers`` names every number):
the seat's own number (one-hot), the living seats, the roles the seat knows (a one-hot
role per seat), the sheriff (one-hot), the day (over the rules' last day) and whether
it is night, the kind of decision asked (one-hot) and the seats picked so far.

The engine's view folds are copy on write (a changed set or dict is a new object), so
a section is redone only when the object it was made from is no longer the same: the
public sections once per change for every seat, a seat's known roles once per change
of what it knows, the request's part once per request (and per pick).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
from numpy.typing import NDArray

from arena.engine import GameConfig, Request
from arena.engine.judge import Judge
from arena.engine.requests import SHAPES
from arena.engine.view import Fold


class Layout:
    """The observation's sections for one config (every game dealt from it)."""

    def __init__(self, config: GameConfig) -> None:
        self.players = n = config.players
        self.roles = sorted(r for r, count in config.roles.items() if count)
        self.kinds = sorted(SHAPES)
        self.role_index = {r: i for i, r in enumerate(self.roles)}
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.max_days = max(config.rules.game__max_days, 1)
        self.known = 2 * n  # where the known roles start
        self.sheriff = self.known + n * len(self.roles)
        self.day = self.sheriff + n
        self.kind = self.day + 2
        self.picks = self.kind + len(self.kinds)
        self.width = self.picks + n

    def numbers(self) -> list[tuple[int, str]]:
        """Every number of the vector with what it means, in order."""
        n, seats = self.players, range(1, self.players + 1)
        rows = [f"1 if you are seat {s}" for s in seats]
        rows += [f"1 if seat {s} is alive" for s in seats]
        rows += [f"1 if you know seat {s} is a {r}" for s in seats for r in self.roles]
        rows += [f"1 if seat {s} is sheriff" for s in seats]
        rows += [f"the day over the last day ({self.max_days}), at most 1",
                 "1 at night, 0 by day"]
        rows += [f"1 if the decision asked is `{k}`" for k in self.kinds]
        rows += [f"1 if you picked seat {s} already (pair and subset decisions)" for s in seats]
        assert len(rows) == self.width == self.picks + n
        return list(enumerate(rows))


class Encoder:
    """One game's observation vectors (see the module's docstring). Each seat's vector is
    kept as a plain ``array('f')`` (a write costs no numpy call) and copied into a new
    numpy array when observed."""

    def __init__(self, layout: Layout, judge: Judge) -> None:
        self.layout, self.judge = layout, judge
        n = layout.players
        self.vectors = {s: array("f", bytes(4 * layout.width)) for s in range(1, n + 1)}
        for seat, vector in self.vectors.items():
            vector[seat - 1] = 1.0
        # per seat, what its vector holds: the public and known sections (the arrays
        # written), the request, its picks and the indices of its bits (kind, picks)
        self.written: dict[int, list[Any]] = {s: [None, None, None, 0, []] for s in self.vectors}
        self._public: tuple[Any, ...] = ()
        self._alive = self._state = array("f")
        self._known: dict[int, tuple[dict[int, str], dict[int, str], array[float]]] = {}

    def public(self) -> tuple[array[float], array[float]]:
        """The living seats, and the sheriff, day and night: redone when they change."""
        fold: Fold = self.judge.public
        day = self.judge.state.day
        cached = self._public
        if (cached and cached[0] is fold.dead and cached[1] == fold.sheriff
                and cached[2] == fold.phase and cached[3] == day):
            return self._alive, self._state
        layout = self.layout
        n, dead = layout.players, fold.dead
        alive = array("f", [0.0 if s in dead else 1.0 for s in range(1, n + 1)])
        state = array("f", bytes(4 * (n + 2)))
        if fold.sheriff is not None:
            state[fold.sheriff - 1] = 1.0
        state[n] = min(day / layout.max_days, 1.0)
        state[n + 1] = fold.phase == "night"
        self._public = (fold.dead, fold.sheriff, fold.phase, day)
        self._alive, self._state = alive, state
        return alive, state

    def known(self, seat: int) -> array[float]:
        """The roles the seat knows for sure: redone when what it knows changes."""
        public, private = self.judge.public.known_roles, self.judge.private[seat].known_roles
        cached = self._known.get(seat)
        if cached is not None and cached[0] is public and cached[1] is private:
            return cached[2]
        layout = self.layout
        n, width, index = layout.players, len(layout.roles), layout.role_index
        vector = array("f", bytes(4 * n * width))
        for s, role in {**public, **private}.items():
            if role in index and 1 <= s <= n:
                vector[(s - 1) * width + index[role]] = 1.0
        self._known[seat] = (public, private, vector)
        return vector

    def encode(self, seat: int, request: Request | None, picks: list[int]
               ) -> NDArray[np.float32]:
        """The seat's observation vector now (a new array)."""
        layout, vector, written = self.layout, self.vectors[seat], self.written[seat]
        alive, state = self.public()
        if written[0] is not alive:
            vector[layout.players:layout.known] = alive
            vector[layout.sheriff:layout.kind] = state
            written[0] = alive
        known = self.known(seat)
        if written[1] is not known:
            vector[layout.known:layout.sheriff] = written[1] = known
        if written[2] is not request or written[3] != len(picks):  # a new request, a pick
            for index in written[4]:  # the bits the last request set
                vector[index] = 0.0
            bits = []
            if request is not None:
                bits.append(layout.kind + layout.kind_index[request.kind])
                bits += [layout.picks + s - 1 for s in picks]
                for index in bits:
                    vector[index] = 1.0
            written[2:] = request, len(picks), bits
        return np.array(vector, np.float32)

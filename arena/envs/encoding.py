"""A seat's view as numbers, kept per game and redone only where the view changed.

The vector's sections, in order (``Layout.numbers`` names every number):
the seat's own number (one-hot), the living seats, the roles the seat knows (a one-hot
role per seat), the sheriff (one-hot), the day (over the rules' last day) and whether
it is night, the kind of decision asked (one-hot) and the seats picked so far.

The engine's view folds are copy on write (a changed set or dict is a new object), so
a section is redone only when the object it was made from is no longer the same: the
public sections once per change for every game and copied into a seat's vector once
per change, the roles known publicly likewise, with the roles the seat knows for itself
written over them; the request's part is set on the copy each observation is.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from arena.engine import GameConfig, Request
from arena.engine.judge import Judge
from arena.engine.requests import SHAPES


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
    """One game's observation vectors (see the module's docstring). Each seat's vector
    holds the sections of its view; an observation is its copy with the request's bits
    set."""

    def __init__(self, layout: Layout, judge: Judge) -> None:
        self.layout = layout
        # the game's folds (each the same object for the whole game) and its state
        self.fold, self.folds, self.state = judge.public, judge.private, judge.state
        n = layout.players
        self.vectors = {s: np.zeros(layout.width, np.float32) for s in range(1, n + 1)}
        for seat, vector in self.vectors.items():
            vector[seat - 1] = 1.0
        self.kind_bits = {k: layout.kind + i for k, i in layout.kind_index.items()}
        # per seat, what its vector was made from: the living seats (and with them the
        # sheriff, day and night), the roles known publicly, and those known to the seat
        self.written: dict[int, list[Any]] = {s: [None, None, None] for s in self.vectors}
        self._public: tuple[Any, ...] = ()
        self._alive = self._state = self._known = np.zeros(0, np.float32)
        self._known_from: dict[int, str] | None = None

    def public(self) -> tuple[NDArray[np.float32], ...]:
        """The living seats, the sheriff, day and night, and the roles known publicly:
        each redone when what it is made from changes."""
        fold, day = self.fold, self.state.day
        cached = self._public
        if not (cached and cached[0] is fold.dead and cached[1] == fold.sheriff
                and cached[2] == fold.phase and cached[3] == day):
            layout = self.layout
            n, dead = layout.players, fold.dead
            self._alive = np.array([0.0 if s in dead else 1.0 for s in range(1, n + 1)],
                                   np.float32)
            self._state = state = np.zeros(n + 2, np.float32)
            if fold.sheriff is not None:
                state[fold.sheriff - 1] = 1.0
            state[n] = min(day / layout.max_days, 1.0)
            state[n + 1] = fold.phase == "night"
            self._public = (fold.dead, fold.sheriff, fold.phase, day)
        if self._known_from is not fold.known_roles:
            self._known = np.zeros(self.layout.sheriff - self.layout.known, np.float32)
            self._roles(self._known, fold.known_roles)
            self._known_from = fold.known_roles
        return self._alive, self._state, self._known

    def _roles(self, section: NDArray[np.float32], roles: dict[int, str]) -> None:
        """Write ``roles`` (seat -> role) into the known roles ``section``, each seat's
        one-hot replacing what the section held for it."""
        layout = self.layout
        n, width, index = layout.players, len(layout.roles), layout.role_index
        for s, role in roles.items():
            if 1 <= s <= n:
                section[(s - 1) * width:s * width] = 0.0
                if role in index:
                    section[(s - 1) * width + index[role]] = 1.0

    def encode(self, seat: int, request: Request | None, picks: list[int]
               ) -> NDArray[np.float32]:
        """The seat's observation vector now (a new array)."""
        layout, vector, written = self.layout, self.vectors[seat], self.written[seat]
        alive, state, known = self.public()
        if written[0] is not alive:
            vector[layout.players:layout.known] = alive
            vector[layout.sheriff:layout.kind] = state
            written[0] = alive
        private = self.folds[seat].known_roles
        if written[1] is not known or written[2] is not private:
            section = vector[layout.known:layout.sheriff]
            section[:] = known
            self._roles(section, private)  # what the seat knows for itself, over it
            written[1], written[2] = known, private
        observation = vector.copy()
        if request is not None:
            observation[self.kind_bits[request.kind]] = 1.0
            for s in picks:
                observation[layout.picks + s - 1] = 1.0
        return observation

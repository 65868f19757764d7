"""A seat's view as numbers, kept per game and redone only where the view changed.

The vector's sections, in order (``Layout.numbers`` names every number):
the seat's own number (one-hot), the living seats, the roles the seat knows (a one-hot
role per seat), the sheriff (one-hot), the day (over the rules' last day) and whether
it is night, the kind of decision asked (one-hot) and the seats picked so far.

The engine's view folds are copy on write (a changed set or dict is a new object), so
a section is redone only when the object it was made from is no longer the same: the
public sections (the roles known publicly among them) once per change for every game,
copied into a seat's vector once per change, with the roles the seat knows for itself
written over them; the request's part is set on the copy each observation is.
"""

from __future__ import annotations

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
    """One game's observation vectors (see the module's docstring). Each seat's vector
    holds the sections of its view; an observation is its copy with the request's bits
    set."""

    def __init__(self, layout: Layout, judge: Judge) -> None:
        self.layout, self.judge = layout, judge
        n = layout.players
        self.vectors = {s: np.zeros(layout.width, np.float32) for s in range(1, n + 1)}
        for seat, vector in self.vectors.items():
            vector[seat - 1] = 1.0
        self.kind_bits = {k: layout.kind + i for k, i in layout.kind_index.items()}
        # per seat, what its vector was made from: the public sections, its known roles
        self.written: dict[int, list[Any]] = {s: [None, None] for s in self.vectors}
        self._public: tuple[Any, ...] = ()
        self._sections = np.zeros(0, np.float32)

    def public(self) -> NDArray[np.float32]:
        """The living seats, the roles known publicly, the sheriff, day and night, laid
        out as in the vector from the living seats to the night: redone when they change."""
        fold: Fold = self.judge.public
        day = self.judge.state.day
        cached = self._public
        if (cached and cached[0] is fold.dead and cached[1] is fold.known_roles
                and cached[2] == fold.sheriff and cached[3] == fold.phase and cached[4] == day):
            return self._sections
        layout = self.layout
        n, dead = layout.players, fold.dead
        sections = np.zeros(layout.kind - n, np.float32)
        sections[[s - 1 for s in range(1, n + 1) if s not in dead]] = 1.0
        self._roles(sections[layout.known - n:layout.sheriff - n], fold.known_roles)
        if fold.sheriff is not None:
            sections[layout.sheriff - n + fold.sheriff - 1] = 1.0
        sections[layout.day - n] = min(day / layout.max_days, 1.0)
        sections[layout.day - n + 1] = fold.phase == "night"
        self._public = (fold.dead, fold.known_roles, fold.sheriff, fold.phase, day)
        self._sections = sections
        return sections

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
        sections = self.public()
        private = self.judge.private[seat].known_roles
        if written[0] is not sections or written[1] is not private:
            vector[layout.players:layout.kind] = sections
            if private:  # what the seat knows for itself (over what is public)
                self._roles(vector[layout.known:layout.sheriff], private)
            written[0], written[1] = sections, private
        observation = vector.copy()
        if request is not None:
            observation[self.kind_bits[request.kind]] = 1.0
            for s in picks:
                observation[layout.picks + s - 1] = 1.0
        return observation

"""An asked seat's info, its costly entries made only when read."""

from __future__ import annotations

from _collections_abc import dict_items, dict_keys, dict_values
from collections.abc import Callable, Iterator
from typing import Any

from arena.engine import Request

Texts = Callable[[], dict[str, str]]
VIEW = frozenset({"view"})
VIEW_AND_TEXTS = frozenset({"view", "system", "text"})


def view(request: Request, seen: tuple[Any, ...], picks: list[int], players: int
         ) -> dict[str, Any]:
    """An asked seat's view as plain data, from what it had ``seen`` when asked (its
    role, the day, the phase, the dead, the sheriff, the roles known publicly and to it)."""
    role, day, phase, dead, sheriff, known, mine = seen
    return {
        "seat": request.seat, "role": role, "day": day, "phase": phase,
        "alive": [s for s in range(1, players + 1) if s not in dead],
        "known_roles": {**known, **mine}, "sheriff": sheriff,
        "request": {
            "kind": request.kind, "shape": request.shape, "options": list(request.options),
            "allow_none": request.allow_none, "count": request.count, "picked": list(picks)},
    }


class Info(dict[str, Any]):
    """An asked seat's info: its ``request``, and the entries made when first read (by key,
    ``get`` or any whole-dict use: iterating, copying, comparing; ``in`` does not make
    them): its ``view`` and, given ``texts``, the ``system`` and ``text`` they make."""

    def __init__(self, request: Request, seen: tuple[Any, ...], picks: list[int],
                 players: int, texts: Texts | None) -> None:
        self["request"] = request
        self.lazy = VIEW if texts is None else VIEW_AND_TEXTS
        self.unmade: tuple[tuple[Any, ...], list[int], int, Texts | None] | None = (
            seen, picks, players, texts)

    def full(self) -> Info:
        """The info with its lazy entries made."""
        if self.unmade is not None:
            (seen, picks, players, texts), self.unmade = self.unmade, None
            self["view"] = view(self["request"], seen, picks, players)
            if texts is not None:
                self.update(texts())
        return self

    def picked(self, picks: list[int]) -> None:
        """A pick made: the view, if made already, shows it (one not made yet will)."""
        if self.unmade is None:
            self["view"]["request"]["picked"] = list(picks)

    def __missing__(self, key: str) -> Any:
        if self.unmade is not None and key in self.lazy:
            return self.full()[key]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or (self.unmade is not None and key in self.lazy)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[str]:
        return super(Info, self.full()).__iter__()

    def __len__(self) -> int:
        return super(Info, self.full()).__len__()

    def __eq__(self, other: object) -> bool:
        return super(Info, self.full()).__eq__(other)

    __hash__ = None  # a dict

    def __repr__(self) -> str:
        return super(Info, self.full()).__repr__()

    def keys(self) -> dict_keys[str, Any]:
        return super(Info, self.full()).keys()

    def values(self) -> dict_values[str, Any]:
        return super(Info, self.full()).values()

    def items(self) -> dict_items[str, Any]:
        return super(Info, self.full()).items()

    def copy(self) -> dict[str, Any]:
        return dict(self.full())

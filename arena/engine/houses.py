"""The Village's houses (``state.Village``): the deal (14 buildings of 9 types, A23), who
lives where, which once-per-game powers are ready, and the changes the public sees (a
power used, a house burnt or taken over). Roles read them too (the arsonist, the crow,
the sheriff's farmers), so they sit below the roles and the Village's buildings."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal, get_args

from arena.engine.events import BuildingPower, House
from arena.engine.state import Village

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.state import GameState

BuildingName = Literal["farmer", "confessor", "noble", "baker", "tavern_keeper",
                       "schoolmistress", "bailiff", "barber", "bone_setter"]
BUILDING_NAMES: tuple[str, ...] = get_args(BuildingName)


def deal(counts: Mapping[str, int], players: int, seed: int,
         given: Mapping[int, Mapping[str, object]]) -> dict[int, str]:
    """Seat -> building: the buildings shuffled with the seats by the seed's own stream
    (seats beyond the buildings stay vagrants, buildings beyond the seats stay out),
    then the table's own ``building`` attributes over them."""
    tokens: list[str | None] = [b for b in BUILDING_NAMES for _ in range(counts.get(b, 0))]
    out: dict[int, str] = {}
    if tokens:
        tokens += [None] * max(0, players - len(tokens))
        random.Random(f"buildings:{seed}").shuffle(tokens)
        out = {seat: b for seat, b in enumerate(tokens[:players], 1) if b is not None}
    for seat, attrs in given.items():
        building = attrs.get("building")
        if isinstance(building, str):
            out[seat] = building
    return out


def building(st: GameState, seat: int) -> str | None:
    """The building ``seat`` lives in (None: a vagrant, or no Village)."""
    return st.village.houses.get(seat) if st.village is not None else None


def holders(st: GameState, name: str) -> list[int]:
    """The living seats that live in a ``name`` building, in seat order."""
    if st.village is None:
        return []
    houses = st.village.houses
    return [s for s in st.living if houses.get(s) == name]


def housed(st: GameState, seats: Iterable[int]) -> list[int]:
    """``seats`` without the vagrants (B10: the barber, the schoolmistress and the crow
    cannot target them); all of them when there is no Village."""
    if st.village is None:
        return list(seats)
    houses = st.village.houses
    return [s for s in seats if s in houses]


def ready(st: GameState, name: str) -> list[int]:
    """Living holders of ``name`` whose once-per-game power is not spent."""
    spent = st.village.spent if st.village is not None else set()
    return [s for s in holders(st, name) if s not in spent]


def use(judge: Judge, seat: int, power: str, audience: object = "public", *,
        target: int | None = None, targets: tuple[int, ...] = (), spend: bool = True) -> None:
    """Record a building power used by ``seat`` (and spend it, once-per-game powers)."""
    village = judge.state.village
    assert village is not None
    if spend:
        village.spent.add(seat)
    judge.emit(BuildingPower, audience, seat=seat, building=village.houses[seat], power=power,
               target=target, targets=targets)


def burn(judge: Judge, seat: int) -> None:
    """R16: the house of ``seat`` is destroyed and leaves the game; he is a vagrant."""
    village = judge.state.village
    assert village is not None
    name = village.houses.pop(seat)
    village.spent.discard(seat)
    judge.emit(House, "public", seat=seat, building=name, how="burnt")


def move(judge: Judge, vagrant: int, owner: int) -> None:
    """B7: ``vagrant`` takes over the empty house of the dead ``owner`` with its power
    (spent or not, as the house is)."""
    village = judge.state.village
    assert village is not None
    name = village.houses.pop(owner)
    village.houses[vagrant] = name
    if owner in village.spent:
        village.spent.remove(owner)
        village.spent.add(vagrant)
    judge.emit(House, "public", seat=vagrant, building=name, how="moved_in", house=owner)


def settle(attributes: Mapping[int, Mapping[str, object]], once: frozenset[str]
           ) -> Village | None:
    """The Village of a table whose seat attributes name buildings (None: no Village);
    ``once``: the buildings whose power is once per game."""
    houses = {s: str(a["building"]) for s, a in attributes.items() if "building" in a}
    return Village(houses, once) if houses else None

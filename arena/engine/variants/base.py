"""What every variant module declares: when it is on, and the hooks it puts into the game.

A variant (catalog 4.1, 4.2) is a plugin like a role: the variants reach the judge, the
flow, the exile and the win check as one expansion (``arena.engine.variants.EXPANSION``),
which calls the hooks of the variants the rules in force switch on.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arena.engine.expansion import Outcome

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.requests import Shape
    from arena.engine.rule_types import RuleGroup
    from arena.engine.state import NightState



@dataclass(frozen=True)
class VariantSpec:
    """A variant.

    ``active(rules)``: whether the rules switch it on. ``kinds``: decision kinds it asks.
    ``state``: builds its own game state (``GameState.role_state[name]``).
    Hooks (all optional): ``deal(cards, players, shuffler)``: how the shuffled deck is
    dealt, the seats' cards in seat order first (a fixed deal is taken as dealt).
    ``setup(judge)``: changes the dealt state before the game. ``dealt(judge)``: tells
    the table more after the cards are dealt.
    ``night``: night steps that take the place of a role's step, keyed by that role's
    name in ``night.order`` (they run whether or not the card is dealt). ``prey(judge,
    seats)``: the seats the pack may attack. ``hunted(judge)``: acts on the pack's
    victim (``night.wolf_target``) the moment the pack has chosen it, so the night's later
    steps see it. ``dawn(judge, night, dying)``: changes the
    night's deaths (seat -> cause) before they happen. ``exile(judge, order)``: chooses the exiled
    seat instead of the ballot. ``vote_options(judge, voter, options)``: narrows a voter's
    ballot. ``exiled(judge, seat)``: deaths that go with an exile. ``order(judge,
    reference)``: the day's speaking order (living seats) instead of C30's.
    ``partners(judge, seat, cause)``: who else dies of grief when ``seat`` dies of
    ``cause``. ``win(judge, alive)``: a victory of the variant's own; with ``own_win`` the usual
    win checks are not made at all; ``victories``: the winners it names that are no
    faction (the Black Death's "survivor").
    """

    name: str
    active: Callable[[RuleGroup], bool]
    kinds: Mapping[str, Shape] = field(default_factory=dict)
    state: Callable[[], Any] | None = None
    deal: Callable[[list[str], int, random.Random], list[str]] | None = None
    setup: Callable[[Judge], None] | None = None
    dealt: Callable[[Judge], None] | None = None
    night: Mapping[str, Callable[[Judge], Awaitable[None]]] = field(default_factory=dict)
    prey: Callable[[Judge, list[int]], list[int]] | None = None
    hunted: Callable[[Judge], None] | None = None
    dawn: Callable[[Judge, NightState, dict[int, str]], None] | None = None
    exile: Callable[[Judge, list[int]], Awaitable[int | None]] | None = None
    vote_options: Callable[[Judge, int, list[int]], list[int]] | None = None
    order: Callable[[Judge, int | None], list[int]] | None = None
    exiled: Callable[[Judge, int], list[tuple[int, str]]] | None = None
    partners: Callable[[Judge, int, str], tuple[int, ...]] | None = None
    win: Callable[[Judge, list[int]], Outcome | None] | None = None
    own_win: bool = False
    victories: tuple[str, ...] = ()

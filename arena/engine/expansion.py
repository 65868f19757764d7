"""Where an expansion (the variants, the Village, the New Moon) plugs into the core game, as
a role does through its ``RoleSpec``: it declares an ``ExpansionSpec`` of hooks, and the
engine package registers it (``arena/engine/__init__.py``). The flow, the exile vote, the
death cascade, the win check and the deal call the hooks of every registered expansion,
in the order they were registered, and never name one; a hook does nothing when its
expansion is not in the game."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from arena.engine.judge import ConfigView, GameOver, Judge
    from arena.engine.rule_types import RuleGroup
    from arena.engine.state import NightState

Seats = Callable[["Judge", list[int]], list[int]]
Step = Callable[["Judge"], Awaitable[None]]
Ballot = Callable[["Judge", list[int]], Awaitable[int | None]]
Outcome = tuple[str, tuple[int, ...]]  # the winning side and its seats
Ruling = tuple[bool, Outcome | None]  # (whether the win is decided, the win or None)


@dataclass(frozen=True, slots=True)
class ExpansionSpec:
    """An expansion's hooks, each optional.

    The game: ``states(config)``: its own game states (name, factory:
    ``GameState.role_state[name]``); ``attributes(config, seed, attributes)`` adds to the
    seats' public attributes (seed: the game's); ``deal(config, cards, players,
    shuffler)``: how the shuffled deck is dealt, the seats' cards first; ``settle(judge)``
    sets the expansion's state up on the dealt state, before any event; ``dealt(judge)``
    tells the table more once the cards are dealt; ``at_start(judge)`` / ``at_end(judge,
    over)`` open and close the game; ``win(judge, alive)``: a victory of its own, (True,
    outcome or None) when it decides the game's (no other check is made). The night:
    ``at_nightfall(judge)``; ``every_step(judge)``: the night walks every role of
    ``night.order``, dealt or not, and ``after_step(judge, role)`` follows each step;
    ``night_steps(rules)``: steps that run in a role's place whether or not its card is
    dealt, keyed by role; ``night_step(judge, role, step)``: the step that runs in a
    dealt role's place; ``prey(judge, seats)``: narrows the pack's possible victims,
    ``hunted(judge)`` acts on its victim as soon as it is chosen;
    ``shields(judge, target, source)``: a night attack is stopped; ``dawn(judge, night,
    dying)`` changes the night's deaths before they happen, ``at_dawn(judge,
    reference)`` acts after them. The day: ``daybreak(judge)``; ``discussion_held``,
    ``speaking_order(judge, reference)`` (the order instead of C30's, or None),
    ``discussion_order``, ``may_speak``, ``may_interrupt`` (a wolf's self-destruction);
    ``before_vote(judge)``; ``replace_vote(judge, order)``: True when the exile went
    another way; ``after_vote(judge, order)``. The exile vote: ``voters`` (bars after
    the roles'), ``voters_today`` (every exile ballot), ``in_turn`` (who votes when),
    ``candidates``, ``vote_options`` (narrows a voter's ballot), ``ballot(judge)`` (a way
    to choose the exiled seat instead of the vote, or None), ``vote_weight`` (instead of
    the sheriff's), ``spares`` (True: the exiled seat is spared), ``verdict`` (False: the
    exile does not go ahead), ``exile_deaths`` (deaths that go with the exile),
    ``after_exile``. Deaths: ``hides_role(judge, cause)``: the dead seat's card is not
    shown; ``grief(judge, seat, cause)``: who else dies with ``seat``, as a lover does.
    """

    name: str
    states: Callable[[ConfigView], tuple[tuple[str, Callable[[], Any]], ...]] | None = None
    attributes: Callable[[ConfigView, int, dict[int, dict[str, object]]], None] | None = None
    deal: Callable[[ConfigView, list[str], int, random.Random], list[str]] | None = None
    settle: Callable[[Judge], None] | None = None
    dealt: Callable[[Judge], None] | None = None
    win: Callable[[Judge, list[int]], Ruling] | None = None
    at_start: Callable[[Judge], Awaitable[None]] | None = None
    at_end: Callable[[Judge, GameOver], None] | None = None
    at_nightfall: Callable[[Judge], Awaitable[None]] | None = None
    every_step: Callable[[Judge], bool] | None = None
    after_step: Callable[[Judge, str], None] | None = None
    night_steps: Callable[[RuleGroup], Mapping[str, Step]] | None = None
    night_step: Callable[[Judge, str, Step], Step] | None = None
    prey: Seats | None = None
    hunted: Callable[[Judge], None] | None = None
    shields: Callable[[Judge, int, str], bool] | None = None
    dawn: Callable[[Judge, NightState, dict[int, str]], None] | None = None
    at_dawn: Callable[[Judge, int | None], Awaitable[None]] | None = None
    daybreak: Callable[[Judge], Awaitable[None]] | None = None
    discussion_held: Callable[[Judge], bool] | None = None
    speaking_order: Callable[[Judge, int | None], list[int] | None] | None = None
    discussion_order: Callable[[Judge, list[int], int | None], list[int]] | None = None
    may_speak: Callable[[Judge, int], bool] | None = None
    may_interrupt: Callable[[Judge, int], bool] | None = None
    before_vote: Callable[[Judge], Awaitable[None]] | None = None
    replace_vote: Callable[[Judge, list[int]], Awaitable[bool]] | None = None
    after_vote: Callable[[Judge, list[int]], Awaitable[None]] | None = None
    voters: Seats | None = None
    voters_today: Seats | None = None
    in_turn: Callable[[Judge, list[int], bool], Awaitable[tuple[list[int], bool]]] | None = None
    candidates: Seats | None = None
    vote_options: Callable[[Judge, int, list[int]], list[int]] | None = None
    ballot: Callable[[Judge], Ballot | None] | None = None
    vote_weight: Callable[[Judge, int], float] | None = None
    spares: Callable[[Judge, int], Awaitable[bool]] | None = None
    verdict: Callable[[Judge, int], Awaitable[bool]] | None = None
    exile_deaths: Callable[[Judge, int], list[tuple[int, str]]] | None = None
    after_exile: Callable[[Judge, int], None] | None = None
    hides_role: Callable[[Judge, str], bool] | None = None
    grief: Callable[[Judge, int, str], tuple[int, ...]] | None = None


EXPANSIONS: list[ExpansionSpec] = []
"""The registered expansions, in the order their hooks are called."""

Hook = TypeVar("Hook")


def register(spec: ExpansionSpec) -> None:
    EXPANSIONS.append(spec)


def hooks(pick: Callable[[ExpansionSpec], Hook | None]) -> list[Hook]:
    """One hook point of every registered expansion that has it, e.g.
    ``hooks(lambda x: x.daybreak)``."""
    return [hook for hook in map(pick, EXPANSIONS) if hook is not None]


def today(judge: Judge, seats: list[int]) -> list[int]:
    """``seats`` less those the expansions bar from today's exile ballots."""
    for bar in (*hooks(lambda x: x.voters), *hooks(lambda x: x.voters_today)):
        seats = bar(judge, seats)
    return seats

"""One module per variant (catalog 4.1, 4.2); ``VARIANTS`` maps each name to its spec,
in name order. A variant registers itself as a role does: every module of this package
that defines a ``SPEC`` is a variant, and its decision kinds register from that spec.
``active`` picks those a set of rules switches on, ``on`` those of the rules in force.

The variants reach the core game as one expansion (``EXPANSION``, registered first in
``arena/engine/__init__.py``): each of its hooks calls the hooks of the variants on, in
name order."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from arena.engine.expansion import Ballot, ExpansionSpec, Ruling, Step
from arena.engine.plugins import discover
from arena.engine.requests import add_kinds
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import ConfigView, Judge
    from arena.engine.rule_types import RuleGroup
    from arena.engine.state import NightState

VARIANTS: dict[str, VariantSpec] = {
    spec.name: spec for spec in discover(__name__, __path__, VariantSpec)}
for _spec in VARIANTS.values():
    add_kinds(_spec.kinds)


def active(rules: RuleGroup) -> tuple[VariantSpec, ...]:
    """The variants these rules switch on."""
    return tuple(spec for spec in VARIANTS.values() if spec.active(rules))


def _active_plan(_config: ConfigView, rules: RuleGroup) -> tuple[VariantSpec, ...]:
    return active(rules)


def on(judge: Judge) -> tuple[VariantSpec, ...]:
    """The variants the rules in force switch on (a New Moon card may change them)."""
    return judge.fixed(_active_plan)


def _states(config: ConfigView) -> tuple[tuple[str, Callable[[], Any]], ...]:
    return tuple((v.name, v.state) for v in active(config.rules) if v.state is not None)


def _deal(config: ConfigView, cards: list[str], players: int, shuffler: random.Random
          ) -> list[str]:
    for variant in active(config.rules):
        if variant.deal is not None:
            cards = variant.deal(cards, players, shuffler)
    return cards


def _each(pick: Callable[[VariantSpec], Callable[[Judge], None] | None]
          ) -> Callable[[Judge], None]:
    """A hook calling one hook of every variant on that has it."""
    def call(judge: Judge) -> None:
        for variant in on(judge):
            hook = pick(variant)
            if hook is not None:
                hook(judge)
    return call


def _win(judge: Judge, alive: list[int]) -> Ruling:
    """A variant's own victory first; with ``own_win``, the variant's check is the only."""
    for variant in on(judge):
        if variant.win is not None:
            found = variant.win(judge, alive)
            if found is not None or variant.own_win:
                return True, found
    return False, None


def _night_steps(rules: RuleGroup) -> Mapping[str, Step]:
    return {name: step for v in active(rules) for name, step in v.night.items()}


def _prey(judge: Judge, seats: list[int]) -> list[int]:
    for variant in on(judge):
        if variant.prey is not None:
            seats = variant.prey(judge, seats)
    return seats


def _dawn(judge: Judge, night: NightState, dying: dict[int, str]) -> None:
    for variant in on(judge):
        if variant.dawn is not None:
            variant.dawn(judge, night, dying)


def _speaking_order(judge: Judge, reference: int | None) -> list[int] | None:
    return next((v.order(judge, reference) for v in on(judge) if v.order is not None), None)


def _vote_options(judge: Judge, voter: int, options: list[int]) -> list[int]:
    for variant in on(judge):
        if variant.vote_options is not None:
            options = variant.vote_options(judge, voter, options)
    return options


def _ballot(judge: Judge) -> Ballot | None:
    return next((v.exile for v in on(judge) if v.exile is not None), None)


def _exile_deaths(judge: Judge, seat: int) -> list[tuple[int, str]]:
    return [d for v in on(judge) if v.exiled is not None for d in v.exiled(judge, seat)]


def _grief(judge: Judge, seat: int, cause: str) -> tuple[int, ...]:
    return tuple(p for v in on(judge) if v.partners for p in v.partners(judge, seat, cause))


EXPANSION = ExpansionSpec(
    "variants", states=_states, deal=_deal, settle=_each(lambda v: v.setup),
    dealt=_each(lambda v: v.dealt), win=_win, night_steps=_night_steps, prey=_prey,
    hunted=_each(lambda v: v.hunted), dawn=_dawn, speaking_order=_speaking_order,
    vote_options=_vote_options, ballot=_ballot, exile_deaths=_exile_deaths, grief=_grief)

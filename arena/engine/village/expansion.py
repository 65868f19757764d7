"""The Village's hooks into the core game (``hooks`` holds them; each returns at once
when the Village is not in play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.expansion import ExpansionSpec
from arena.engine.houses import deal, settle
from arena.engine.village import hooks
from arena.engine.village.rules import BuildingRules

if TYPE_CHECKING:
    from arena.engine.judge import ConfigView, Judge


def dealt(config: ConfigView) -> dict[str, int]:
    """The building cards the table deals, none when empty."""
    return {name: n for name, n in config.rules[BuildingRules].buildings().items() if n}


def deal_buildings(config: ConfigView, seed: int,
                   attributes: dict[int, dict[str, object]]) -> None:
    """VIL: the public buildings, dealt by the seed's own stream, a seat's given one over it."""
    counts = dealt(config)
    if counts or config.attributes:
        for seat, building in deal(counts, config.players, seed, config.attributes).items():
            attributes[seat]["building"] = building


def settle_houses(judge: Judge) -> None:
    """The houses, when the table deals buildings or its seats have attributes."""
    if dealt(judge.config) or judge.config.attributes:
        judge.state.village = settle(judge.state.attributes, hooks.ONCE)


def in_play(judge: Judge) -> bool:
    return judge.state.village is not None


def shields(judge: Judge, target: int, source: str) -> bool:
    return in_play(judge) and hooks.shielded(judge, target, source)


SPEC = ExpansionSpec(
    "village", attributes=deal_buildings, settle=settle_houses, every_step=in_play,
    after_step=hooks.after_step, shields=shields, daybreak=hooks.daybreak,
    before_vote=hooks.before_vote, voters=hooks.voters, spares=hooks.spares,
    after_exile=hooks.after_exile)

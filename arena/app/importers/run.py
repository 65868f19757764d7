"""Play the engine on a record's decisions and compare the outcome with the record."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field

from arena.app.importers.record import ImportAgent, Record
from arena.app.session import Session
from arena.engine import BaseEvent, GameConfig, GameResult
from arena.engine.events import Death, Speech
from arena.header import ImportSource, TranscriptHeader
from arena.presets import load_preset

MAX_SEEDS = 1000
"""Seeds tried when a record's draws by lot (vote.tie = random, wolves.consensus =
plurality_lot*) must be matched."""


@dataclass
class Imported:
    """The engine's game on the record's decisions, and how it compares with the record.

    ``mismatches``: deaths or winner that differ from the record. ``differences``:
    recorded decisions the engine refused, lacked or never asked for, and other
    departures that do not change who died.
    """

    header: TranscriptHeader
    events: tuple[BaseEvent, ...]
    mismatches: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)


def config_for(record: Record) -> GameConfig:
    """The record's preset and deal; the game stops where the record runs out
    (``game.max_days``) rather than the engine inventing the rest, and each day's
    speeches start where the record's did, going its way round (``speech.order``)."""
    overrides: dict[str, object] = {**record.rules, "game.max_days": record.last_day}
    if (order := record.speaking()) is not None:
        overrides["speech.order"] = order
    return load_preset(record.preset, roles=dict(Counter(record.roles)), names=record.names,
                       overrides=overrides)


def _play(record: Record, config: GameConfig, seed: int, source: str) -> Imported:
    notes: list[str] = []
    agents = {seat: ImportAgent(seat, record.decisions.get(seat, {}), notes, record.quiet)
              for seat in range(1, record.players + 1)}
    session = Session(config, dict(agents), seed=seed, deal=record.roles,
                      specs=dict.fromkeys(agents, f"import:{record.fmt}"),
                      game_id=f"{record.fmt}-{source}")
    result = asyncio.run(session.run())
    for agent in agents.values():
        notes += agent.unused()
    mismatches, differences = compare(record, result)
    origin = ImportSource(format=record.fmt, file=source, mismatches=mismatches,
                          differences=record.notes + notes + differences)
    header = session.header.model_copy(update={"source": origin})
    return Imported(header, result.events, mismatches, record.notes + notes + differences)


def compare(record: Record, result: GameResult) -> tuple[list[str], list[str]]:
    """(mismatches, differences) between the record and the engine's game."""
    played: dict[int, set[int]] = {}
    order: dict[int, list[int]] = {}
    for event in result.events:
        if isinstance(event, Death):
            played.setdefault(event.day, set()).add(event.seat)
        elif isinstance(event, Speech) and event.context == "discussion":
            order.setdefault(event.day, []).append(event.seat)
    last = result.days
    dead = set().union(*played.values()) if played else set()
    mismatches, later = [], []
    for day in sorted(d for d in record.deaths if d):
        want, got = record.deaths[day], played.get(day, set())
        if day > last:
            later.append(f"day {day}: the record has {_seats(want)} die after the engine's end")
            continue
        extra = got - want - record.deaths.get(0, set())
        if want - got or extra:
            mismatches.append(f"day {day}: the record has {_seats(want)} die, the engine "
                              f"{_seats(got)}")
    if record.deaths.get(0, set()) - dead:
        mismatches.append(f"the record has {_seats(record.deaths[0])} die, the engine not")
    if result.winner == "draw" and result.days >= record.last_day:
        mismatches.append(f"the record runs out after day {record.last_day} with no winner "
                          "in the engine: the import stops there")
    elif record.winner and record.winner != result.winner:
        mismatches.append(f"the record's winner is {record.winner}, the engine's "
                          f"{result.winner}")
    differences = later + [
        f"day {day}: speaking order {_seats(seats, sort=False)} in the record, "
        f"{_seats(order.get(day, []), sort=False)} in the engine"
        for day, seats in sorted(record.order.items())
        if day <= last and seats != order.get(day, [])]
    return mismatches, differences


def _seats(seats: set[int] | list[int], *, sort: bool = True) -> str:
    shown = sorted(seats) if sort else list(seats)
    return ",".join(str(s) for s in shown) or "nobody"


def import_record(record: Record, source: str) -> Imported:
    """Play the record; with draws by lot, try seeds until the engine's lots match."""
    config = config_for(record)
    best = _play(record, config, 0, source)
    rules = config.rules
    if "random" in rules.vote__tie or rules.wolves__consensus.startswith("plurality_lot"):
        for seed in range(1, MAX_SEEDS):
            if not best.mismatches:
                break
            tried = _play(record, config, seed, source)
            if len(tried.mismatches) < len(best.mismatches):
                best = tried
    return best

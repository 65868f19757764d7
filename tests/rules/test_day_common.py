"""Shared helpers for the day, win and preset scenario tests (no tests of its own).

``game`` writes a scenario as TOML text from a deal, rule overrides and seat
scripts; ``play`` runs it (with seat attributes, which scenario files have no key
for, when given) and keeps every request the engine sent, together with what the
asked seat could see at that moment.
"""

from __future__ import annotations

import asyncio
import json
import tomllib
from dataclasses import dataclass, field
from typing import Any

from agents import make_agent
from arena.app import scenario
from arena.engine import Decision, GameResult, Observation, Request, run_game
from tests.helpers import events_of

# Two wolves and five plain villagers: nobody acts at night unless scripted,
# so every death in a test is one the test asked for.
PLAIN7 = ["werewolf", "werewolf", "villager", "villager", "villager", "villager", "villager"]
Attributes = dict[int, dict[str, Any]]  # seat -> gender, age, ...


def game(roles: list[str], rules: dict[str, Any] | None = None, seats: str = "",
         *, seed: int = 1, preset: str | None = None) -> str:
    """Scenario text: the deal in seat order, ``[rules]`` overrides, then seat tables."""
    lines = [f"seed = {seed}"]
    if preset is not None:
        lines.append(f"preset = {json.dumps(preset)}")
    lines.append(f"roles = {json.dumps(roles)}")
    lines.append("[rules]")
    lines += [f"{json.dumps(k)} = {json.dumps(v)}" for k, v in (rules or {}).items()]
    lines += ["[fallback]", 'agent = "passive"', seats]
    return "\n".join(lines) + "\n"


def wolves_kill(targets: list[int | str], wolves: tuple[int, ...] = (1, 2)) -> str:
    """Seat tables in which every wolf proposes the same kill each night."""
    return "".join(f"[seats.{w}]\nkill = {json.dumps(targets)}\n" for w in wolves)


class _Watcher:
    """Wraps a seat's agent; keeps each request with the seat's view when it was asked."""

    concurrent = False

    def __init__(self, inner: Any, log: list[tuple[Request, Observation]]) -> None:
        self.inner = inner
        self.log = log

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.log.append((request, observation))
        decision: Decision = await self.inner.decide(observation, request)
        return decision


@dataclass
class Played:
    """A finished game, plus every request and the asked seat's view at that time."""

    result: GameResult
    asked_with_view: list[tuple[Request, Observation]] = field(default_factory=list)

    def asked(self, kind: str, seat: int | None = None, day: int | None = None,
              **context: Any) -> list[Request]:
        """Requests of one kind, filtered by seat, day and context values."""
        return [
            r for r, _ in self.asked_with_view
            if r.kind == kind and (seat is None or r.seat == seat)
            and (day is None or r.day == day)
            and all(r.context.get(k) == v for k, v in context.items())
        ]

    def events(self, type_: str, **fields: Any) -> list[Any]:
        return events_of(self.result, type_, **fields)

    def first(self, type_: str, **fields: Any) -> Any:
        found = self.events(type_, **fields)
        assert found, f"no {type_} event with {fields}"
        return found[0]

    @property
    def log(self) -> list[Any]:
        """Every event of the game, in order (typed loosely for field access)."""
        return list(self.result.events)

    @property
    def winner(self) -> str:
        return self.result.winner

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result.winners


def watched_game(text: str, attributes: Attributes | None = None
                 ) -> tuple[GameResult, list[tuple[Request, Observation]]]:
    """Play scenario text (its config's seat ``attributes`` replaced when given): the
    result and every request with the asked seat's observation."""
    scen = scenario.parse(tomllib.loads(text))
    config = (scen.config if attributes is None
              else scen.config.model_copy(update={"attributes": attributes}))
    log: list[tuple[Request, Observation]] = []
    agents = {
        seat: _Watcher(agent, log)
        for seat, agent in scen.agents(
            lambda spec, seat: make_agent(spec, seat, scen.seed)).items()
    }
    result = asyncio.run(run_game(config, dict(agents), seed=scen.seed, deal=scen.deal,
                              draws=scen.draws))
    return result, log


def play(text: str, attributes: Attributes | None = None) -> Played:
    """Play scenario text (seat ``attributes`` set when given); record every request with
    the asked seat's observation."""
    return Played(*watched_game(text, attributes))


def speakers(played: Played, day: int, context: str = "discussion") -> list[int]:
    """Seats that spoke on ``day`` in one speech context, in the order they spoke."""
    return [e.seat for e in played.events("speech", day=day, context=context)]


def ballots(played: Played, day: int, round_no: int = 1,
            ballot: str = "exile") -> dict[int, int | None]:
    """voter -> target of one ballot round (None = abstained)."""
    return {e.seat: e.target
            for e in played.events("vote", day=day, round=round_no, ballot=ballot)}


def exiled(played: Played) -> list[tuple[int, int]]:
    """(day, seat) of every exile."""
    return [(e.day, e.seat) for e in played.events("death", cause="vote")]


def seen(view: Observation) -> list[Any]:
    """Every event a seat could see in one observation (typed loosely)."""
    return list(view.events)

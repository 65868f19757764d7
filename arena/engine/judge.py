"""The judge: owns the state, the RNG and the log; asks seats and checks answers."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MethodType
from typing import Any, Protocol

from arena.engine.config import GameConfig
from arena.engine.events import BaseEvent, Fallback, Reasoning, Refused, UsageRecord
from arena.engine.requests import SHAPES, Decision, Request, UnusableAnswer, Usage
from arena.engine.roles import ROLES
from arena.engine.state import GameState, SeatState
from arena.engine.view import Fold, Observation, Timeline

MAX_TRIES = 3


class SeatAgent(Protocol):
    """What the engine needs of an agent (agents.base.Agent satisfies it).

    A ``decide`` carrying a synchronous ``choose(agent, request)`` (``agents.base.blind``)
    decides from the request alone: the engine calls ``choose`` in line and keeps no
    view for that seat.
    """

    async def decide(self, observation: Observation, request: Request) -> Decision: ...


def seat_attributes(config: GameConfig, seed: int) -> dict[int, dict[str, object]]:
    """Each seat's public attributes (project decision 5): given ones, else seeded draws."""
    draw = random.Random(f"attributes:{seed}")
    out: dict[int, dict[str, object]] = {}
    for seat in range(1, config.players + 1):
        given = config.attributes.get(seat, {})
        out[seat] = {"gender": draw.choice(("female", "male")), "age": draw.randint(18, 70),
                     **given}
    return out


class AbortGame(Exception):
    """Raised by an agent to stop the game (e.g. an illegal scenario entry)."""


class GameOver(Exception):
    def __init__(self, winner: str, winners: tuple[int, ...], reason: str) -> None:
        super().__init__(winner)
        self.winner, self.winners, self.reason = winner, winners, reason


Sink = Callable[[BaseEvent], None]
Note = tuple[type[BaseEvent], dict[str, Any]]


class Judge:
    """Holds one game's hidden state and is the only writer of its event log."""

    def __init__(
        self,
        config: GameConfig,
        agents: Mapping[int, SeatAgent],
        *,
        seed: int,
        deal: Sequence[str] | None = None,
        sink: Sink | None = None,
        timeout_s: float = 60.0,
        record_reasoning: bool = False,
    ) -> None:
        self.config = config
        self.timeout_s = timeout_s
        self.record_reasoning = record_reasoning
        self.rules = config.rules
        # One seed; the deal draws from its own stream, so a game replayed from a fixed
        # deal makes exactly the same random draws as the original.
        self.rng = random.Random(f"play:{seed}")
        self.seed = seed
        if deal is None:
            cards = config.deck()
            shuffler = random.Random(f"deal:{seed}")
            shuffler.shuffle(cards)
            if config.rules.thief__mode == "online_blind3" and "thief" in cards[config.players:]:
                # C26 online: a random player is always made the thief
                spare, seat = cards.index("thief"), shuffler.randrange(config.players)
                cards[spare], cards[seat] = cards[seat], cards[spare]
        else:
            cards = list(deal)
        players = config.players
        self.state = GameState(
            seats={i + 1: SeatState(i + 1, role) for i, role in enumerate(cards[:players])},
            centre=cards[players:],
            attributes=seat_attributes(config, seed),
            role_state={name: spec.state() for name, spec in ROLES.items()
                        if spec.state is not None and config.roles.get(name)},
        )
        self.agents = agents
        self.concurrent = {s: bool(getattr(a, "concurrent", False)) for s, a in agents.items()}
        self.any_concurrent = any(self.concurrent.values())
        self.phase = "setup"
        self.log: list[BaseEvent] = []
        # blind agents decide in line from the request; only the others get views
        self.choosers: dict[int, Callable[[Request], Decision]] = {
            s: MethodType(choose, a) for s, a in agents.items()
            if (choose := getattr(a.decide, "choose", None)) is not None}
        self.public = Fold()
        self.private = {seat: Fold(seat) for seat in self.state.seats
                        if seat not in self.choosers}
        self.timelines = {seat: Timeline(self.public, fold) for seat, fold in self.private.items()}
        self.folding = bool(self.private)
        self.sink = sink
        self.seat_numbers = tuple(self.state.seats)
        self.billed = False  # whether any model usage was recorded (for the game's summary)

    # --- events
    def emit(self, cls: type[BaseEvent], audience: Any, /, **fields: Any) -> BaseEvent:
        # `/`: a keyword meant for **fields is then string-compared with no parameter
        # name (CPython compares it with each name a keyword could fill, ~4% of a game)
        log = self.log
        # the common fields go positionally: much cheaper than four more keywords
        event = cls(len(log), self.state.day, self.phase,  # type: ignore[arg-type]
                    audience, **fields)
        log.append(event)
        if self.folding:  # some seat's agent looks at its view
            if type(audience) is tuple:
                private = self.private
                for seat in audience:
                    if seat in private:
                        private[seat].apply(event)
            elif audience == "public":
                self.public.apply(event)
        if self.sink is not None:
            self.sink(event)
        return event

    # --- decisions
    async def ask(self, request: Request, held: list[Note] | None = None) -> Decision:
        """Ask one seat; refuse illegal answers and answers holding no decision (seen by
        that seat only) with the reason in ``context["error"]``, asking again up to
        MAX_TRIES times in all, then fall back.

        The refusals and fallback are recorded at once, or added to ``held`` for the
        caller to record later (simultaneous requests keep request order that way).
        """
        seat = request.seat
        notes: list[Note] = [] if held is None else held
        choose = self.choosers.get(seat)
        if choose is None:
            agent, concurrent = self.agents[seat], self.concurrent[seat]
            observation = Observation(seat, self.public, self.private[seat],
                                      self.timelines[seat])
        problem: str | None
        refused: dict[str, Any]  # the illegal decision, or the answer that held none
        for _ in range(MAX_TRIES):
            try:
                if choose is not None:  # a blind bot: in line, no coroutine
                    answer = choose(request)
                elif concurrent:
                    answer = await asyncio.wait_for(agent.decide(observation, request),
                                                    request.timeout_s)
                else:
                    answer = await agent.decide(observation, request)
            except AbortGame:
                raise
            except TimeoutError:
                # the tries the time limit cut off, from an agent that keeps them
                unbilled = getattr(self.agents[seat], "unbilled", None)
                if unbilled is not None:
                    self._bill(request, unbilled(), notes)
                decision = self._fallback(request, "timeout", notes)
                break
            except UnusableAnswer as exc:  # an answer holding no decision: refused too
                self._bill(request, exc.usage, notes)
                problem, refused = exc.reason, {"answer": exc.answer}
            except Exception as exc:  # a misbehaving agent never kills the game
                self._bill(request, getattr(exc, "usage", ()), notes)
                decision = self._fallback(request, f"error: {type(exc).__name__}: {exc}", notes)
                break
            else:
                if answer.usage or answer.reasoning:
                    self._account(request, answer, notes)
                problem = request.validate(answer)
                if problem is None:
                    decision = answer
                    break
                refused = {"decision": answer.to_dict()}
            notes.append((Refused, dict(seat=seat, kind=request.kind, message=problem,
                                        **refused)))
            request = replace(request, context={**request.context, "error": problem})
        else:
            decision = self._fallback(request, f"illegal {MAX_TRIES} times", notes)
        if notes and held is None:
            self._emit_notes(notes)
        return decision

    async def ask_all(self, requests: Sequence[Request]) -> list[Decision]:
        """Simultaneous requests: slow agents are awaited concurrently.

        Answers and any refusals are recorded in request order, so the log does
        not depend on which agent answered first.
        """
        slow = [r for r in requests if self.concurrent[r.seat]] if self.any_concurrent else []
        held: dict[int, list[Note]] = {id(r): [] for r in slow}
        done: dict[int, Decision] = {}
        if slow:
            answers = await asyncio.gather(*(self.ask(r, held[id(r)]) for r in slow))
            done = {id(r): answer for r, answer in zip(slow, answers, strict=True)}
        decisions = []
        for request in requests:
            decision = done.get(id(request)) if done else None
            if decision is None:
                decision = await self.ask(request)
            elif held[id(request)]:
                self._emit_notes(held[id(request)])
            decisions.append(decision)
        return decisions

    def _account(self, request: Request, decision: Decision, notes: list[Note]) -> None:
        """Usage (and, when recorded, reasoning) of an answer, for the god-only record."""
        self._bill(request, decision.usage, notes)
        if self.record_reasoning and decision.reasoning:
            notes.append((Reasoning, dict(seat=request.seat, kind=request.kind,
                                          text=decision.reasoning)))

    @staticmethod
    def _bill(request: Request, usage: Sequence[Usage], notes: list[Note]) -> None:
        for call in usage:
            notes.append((UsageRecord, dict(seat=request.seat, kind=request.kind,
                                            **call.to_dict())))

    @staticmethod
    def _fallback(request: Request, reason: str, notes: list[Note]) -> Decision:
        notes.append((Fallback, dict(seat=request.seat, kind=request.kind, reason=reason)))
        return request.default()

    def _emit_notes(self, notes: list[Note]) -> None:
        for cls, fields in notes:
            private = cls in (UsageRecord, Reasoning)
            self.emit(cls, "god" if private else (fields["seat"],), **fields)
            self.billed = self.billed or cls is UsageRecord

    def request(self, seat: int, kind: str, options: Sequence[int] = (), /, *,
                allow_none: bool = False, count: int = 2, **context: Any) -> Request:
        """Build a request with the table's seat list in its context. A target request
        with no legal target lets the seat pass (e.g. a wolf whose only prey is his lover)."""
        # `/`: as in emit, fewer names to compare each context keyword with
        context["seats"] = self.seat_numbers
        allow_none = allow_none or (not options and SHAPES[kind] == "target")
        return Request(seat, kind, self.state.day, tuple(options), allow_none, context,
                       self.timeout_s, self.rules.speech__max_chars, count)

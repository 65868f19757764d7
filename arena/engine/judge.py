"""The judge: owns the state, the RNG and the log; asks seats and checks answers."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import replace
from types import MethodType, coroutine
from typing import Any, Generic, Protocol, TypeVar

from arena.engine.chance import ForcedDraws
from arena.engine.events import BaseEvent, Fallback, Reasoning, Refused, UsageRecord
from arena.engine.requests import SHAPES, Decision, Request, UnusableAnswer, Usage
from arena.engine.rule_types import RuleGroup
from arena.engine.shared_rules import SpeechRules
from arena.engine.state import GameState
from arena.engine.view import Fold, Observation, Timeline

MAX_TRIES = 3


class SeatAgent(Protocol):
    """What the engine needs of an agent (agents.base.Agent satisfies it).

    A ``decide`` carrying a synchronous ``choose(agent, request)`` (``agents.base.blind``)
    decides from the request alone: the engine calls ``choose`` in line and keeps no
    view for that seat.
    """

    async def decide(self, observation: Observation, request: Request) -> Decision: ...


T = TypeVar("T")
P = TypeVar("P")


class ConfigView(Protocol):
    """What the judge and the rule modules read of a game's config (``config.GameConfig``,
    which sits above them: it gathers every module's rule group)."""

    @property
    def players(self) -> int: ...
    @property
    def roles(self) -> Mapping[str, int]: ...
    @property
    def attributes(self) -> Mapping[int, Mapping[str, Any]]: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def rules(self) -> RuleGroup: ...


Plan = Callable[[ConfigView, RuleGroup], P]  # see Judge.fixed


class AbortGame(Exception):
    """Raised by an agent to stop the game (e.g. an illegal scenario entry)."""


class StopGame(AbortGame):
    """Raised by an agent, or by an event sink, when a seat can no longer play a fair game
    (its model endpoint keeps failing, a spending cap is reached, it falls back too often).
    The game ends with a god-visible ``aborted`` event naming the seat (the deciding seat
    when the raiser names none), its ``endpoint`` and the ``cause``, and the exception goes
    on to the caller with ``log``, the game's events."""

    def __init__(self, cause: str, *, seat: int | None = None, endpoint: str = "") -> None:
        super().__init__(cause)
        self.cause, self.seat, self.endpoint = cause, seat, endpoint
        self.log: tuple[BaseEvent, ...] = ()

    def summary(self) -> str:
        """``seat N (endpoint): cause``, one line."""
        return f"seat {self.seat} ({self.endpoint or 'no endpoint'}): {self.cause}"


class GameOver(Exception):
    def __init__(self, winner: str, winners: tuple[int, ...], reason: str) -> None:
        super().__init__(winner)
        self.winner, self.winners, self.reason = winner, winners, reason


Sink = Callable[[BaseEvent], None]
Note = tuple[type[BaseEvent], dict[str, Any]]


class Asking(Generic[T]):
    """A question pending in the flow, handed to the game's driver (the flow yields it),
    which sends back the decision (for a ``batch``, the decisions in request order)."""

    __slots__ = ("batch", "requests")

    def __init__(self, requests: tuple[Request, ...], batch: bool) -> None:
        self.requests, self.batch = requests, batch


Answerer = Callable[["Judge", Request], Decision]


class Judge:
    """Holds one game's hidden state and is the only writer of its event log."""

    def __init__(
        self,
        config: ConfigView,
        agents: Mapping[int, SeatAgent],
        state: GameState,
        cards: Sequence[str],
        plans: dict[Plan[Any], Any],
        *,
        seed: int,
        sink: Sink | None = None,
        timeout_s: float = 60.0,
        record_reasoning: bool = False,
        draws: Mapping[str, object] | None = None,
    ) -> None:
        """A judge for a dealt game (``dealing.deal_game`` deals it): ``cards`` as dealt,
        the seats' in seat order then the rest; ``plans``: the config's ``fixed`` plans."""
        self.config = config
        self.timeout_s = timeout_s
        self.record_reasoning = record_reasoning
        self.rules = config.rules
        # One seed; the deal draws from its own stream, so a game replayed from a fixed
        # deal makes exactly the same random draws as the original.
        self.rng = random.Random(f"play:{seed}")
        self.seed = seed
        self.plans = plans
        self.shifted: tuple[RuleGroup | None, dict[Plan[Any], Any]] = (None, {})  # see fixed
        self.forced = ForcedDraws(draws, config.players) if draws else None  # a scenario's
        self.cards = tuple(cards)
        self.state = state
        self.agents = agents
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
        # set by a driver that answers every request where it is asked (the in-line one):
        # the flow then never suspends for a question
        self.answers: Answerer | None = None

    def fixed(self, plan: Plan[P]) -> P:
        """``plan(config, rules)``: what a module derives from the deal and the rules in
        force alone (e.g. the night's steps), worked out once per config, and once more
        while a New Moon card puts other rules in force."""
        rules = self.rules
        if rules is self.config.rules:
            plans = self.plans
        else:
            if self.shifted[0] is not rules:
                self.shifted = (rules, {})
            plans = self.shifted[1]
        found = plans.get(plan)
        if found is None:
            found = plans[plan] = plan(self.config, rules)
        return found

    def draw(self, name: str, options: Sequence[T],
             chance: Callable[[random.Random], T] | None = None) -> T:
        """A chance draw among ``options``: ``chance(rng)``, else a uniform choice, unless
        the game's draws force it (arena/engine/chance.py)."""
        drawn = self.rng.choice(options) if chance is None else chance(self.rng)
        if self.forced is None:
            return drawn
        return self.forced.outcome(name, self.state.day, options, drawn)

    def concurrent(self, seat: int) -> bool:
        """Whether the seat's agent is awaited under the time limit, beside the others;
        read at each request (a fork's seat replays in line, then plays as its agent)."""
        return bool(getattr(self.agents[seat], "concurrent", False))

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
    @coroutine
    def ask(self, request: Request) -> Generator[Asking[Decision], Decision, Decision]:
        """Ask one seat (``await judge.ask(request)`` in the flow). The driver answers:
        illegal answers and answers holding no decision are refused (seen by that seat
        only) with the reason in ``context["error"]`` and asked again up to MAX_TRIES
        times in all, then the seat gets the fallback (see ``check``)."""
        if self.answers is not None:
            return self.answers(self, request)
        return (yield Asking((request,), False))

    @coroutine
    def ask_all(self, requests: Sequence[Request]
                ) -> Generator[Asking[list[Decision]], list[Decision], list[Decision]]:
        """Simultaneous requests (``await judge.ask_all(requests)``): the driver may await
        slow agents concurrently; answers and refusals are recorded in request order, so
        the log does not depend on which agent answered first."""
        answers = self.answers
        if answers is not None:
            return [answers(self, request) for request in requests]
        return (yield Asking(tuple(requests), True))

    def check(self, request: Request, outcome: Decision | Exception, notes: list[Note],
              attempt: int) -> Decision | Request:
        """One try's outcome (an agent's answer, or what it raised): the decision, or the
        request to ask again (its refusal noted). A time limit, an error and a third
        refusal give the fallback. Notes (refusals, usage, fallback) are the driver's to
        ``record`` once the decision is made."""
        seat = request.seat
        refused: dict[str, Any]  # the illegal decision, or the answer that held none
        if isinstance(outcome, Decision):
            if outcome.usage or outcome.reasoning:
                self._account(request, outcome, notes)
            problem = request.validate(outcome)
            if problem is None:
                return outcome
            refused = {"decision": outcome.to_dict()}
        elif isinstance(outcome, TimeoutError):
            # the tries the time limit cut off, from an agent that keeps them
            unbilled = getattr(self.agents[seat], "unbilled", None)
            if unbilled is not None:
                self._bill(request, unbilled(), notes)
            return self._fallback(request, "timeout", notes)
        elif isinstance(outcome, UnusableAnswer):  # an answer holding no decision: refused
            self._bill(request, outcome.usage, notes)
            problem, refused = outcome.reason, {"answer": outcome.answer}
        else:  # a misbehaving agent never kills the game
            self._bill(request, getattr(outcome, "usage", ()), notes)
            return self._fallback(request, f"error: {type(outcome).__name__}: {outcome}", notes)
        notes.append((Refused, dict(seat=seat, kind=request.kind, message=problem, **refused)))
        if attempt >= MAX_TRIES:
            return self._fallback(request, f"illegal {MAX_TRIES} times", notes)
        return replace(request, context={**request.context, "error": problem})

    def observation(self, seat: int) -> Observation:
        """What a seat's (looking) agent is shown."""
        return Observation(seat, self.public, self.private[seat], self.timelines[seat])

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
        return replace(request.default(), fallback=True)

    def record(self, notes: list[Note]) -> None:
        """Log a decision's notes (refusals, usage, reasoning, fallback)."""
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
                       self.timeout_s, self.rules[SpeechRules].speech__max_chars, count)

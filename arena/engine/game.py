"""Run one game: the async driver around the judge and the flow (``drive`` has the
synchronous one)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Required, TypedDict

from typing_extensions import Unpack

from arena.engine import drive
from arena.engine.chance import DrawError
from arena.engine.config import GameConfig
from arena.engine.dealing import deal_game, table
from arena.engine.events import Aborted, BaseEvent, GameEnd, UsageRecord, UsageSummary
from arena.engine.judge import (
    AbortGame,
    Asking,
    GameOver,
    Judge,
    Note,
    SeatAgent,
    Sink,
    StopGame,
)
from arena.engine.requests import Decision, Request


class GameOptions(TypedDict, total=False):
    """``seed`` drives the engine's one RNG; ``deal`` fixes the cards in seat order;
    ``sink`` receives each event as it happens; ``timeout_s`` bounds every request
    to a concurrent agent (a model or a human), which then gets the fallback;
    ``record_reasoning`` keeps agents' private reasoning (audience god); ``draws`` forces
    chance draws (arena/engine/chance.py)."""

    seed: Required[int]
    deal: Sequence[str] | None
    sink: Sink | None
    timeout_s: float
    record_reasoning: bool
    draws: Mapping[str, object] | None


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: str
    winners: tuple[int, ...]
    days: int
    roles: dict[int, str]
    events: tuple[BaseEvent, ...]


FIELDS = ("calls", "input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens",
          "cost_usd", "unpriced_calls")


def usage_totals(log: Sequence[BaseEvent]) -> dict[int, dict[str, float]]:
    """Per seat: model calls, tokens and cost, summed over the game's usage events, and the
    calls of a model without a price (their cost is unknown, not 0)."""
    totals: dict[int, dict[str, float]] = {}
    for event in log:
        if isinstance(event, UsageRecord):
            seat = totals.setdefault(event.seat, dict.fromkeys(FIELDS, 0.0))
            seat["calls"] += 1
            seat["input_tokens"] += event.input_tokens
            seat["cached_tokens"] += event.cached_tokens
            seat["cache_write_tokens"] += event.cache_write_tokens
            seat["output_tokens"] += event.output_tokens
            seat["cost_usd"] = round(seat["cost_usd"] + event.cost_usd, 6)
            seat["unpriced_calls"] += not event.priced
    return dict(sorted(totals.items()))


class Game:
    """One game: deal on construction (so a transcript header can name the roles), then run."""

    def __init__(self, config: GameConfig, agents: Mapping[int, SeatAgent],
                 **options: Unpack[GameOptions]) -> None:
        deal = options.get("deal")
        if deal is not None and sorted(deal) != sorted(config.deck()):
            raise ValueError("the fixed deal does not match the role counts")
        missing = [s for s in range(1, table(config).players + 1) if s not in agents]
        if missing:
            raise ValueError(f"no agent for seats {missing}")
        self.config = config
        self.judge = deal_game(config, agents, **options)

    @property
    def roles(self) -> dict[int, str]:
        return {n: s.role for n, s in self.judge.state.seats.items()}

    async def run(self) -> GameResult:
        """Play to the end with the async driver (model and human seats in parallel); a
        StopGame ends the game with ``aborted`` and is raised on."""
        try:
            over = await _drive(self.judge)
        except StopGame as stop:
            raise self.abort(stop) from None
        return self.finish(over)

    def play(self) -> GameResult:
        """Play to the end with every agent answering in line (bots; no event loop)."""
        try:
            over = drive.play_in_line(self.judge)
        except StopGame as stop:
            raise self.abort(stop) from None
        return self.finish(over)

    def finish(self, over: GameOver) -> GameResult:
        """Log the game's end (and its model usage) and sum it up; DrawError after the end
        when a forced draw was never made."""
        judge = self._close()
        roles = self.roles
        judge.emit(GameEnd, "public", winner=over.winner, winners=over.winners,
                   roles={str(n): r for n, r in roles.items()}, reason=over.reason)
        unmade = judge.forced.left() if judge.forced is not None else []
        if unmade:
            raise DrawError(f"forced draws the game never made: {', '.join(unmade)}")
        return GameResult(over.winner, over.winners, judge.state.day, roles, tuple(judge.log))

    def abort(self, stop: StopGame) -> StopGame:
        """Log a stopped game's end (its model usage, then ``aborted``); ``stop`` with the log."""
        judge = self._close()
        judge.emit(Aborted, "god", seat=stop.seat, endpoint=stop.endpoint, cause=stop.cause)
        stop.log = tuple(judge.log)
        return stop

    def _close(self) -> Judge:
        """The end phase, with the game's model usage summed up (when any was billed)."""
        judge = self.judge
        judge.phase = "end"
        totals = usage_totals(judge.log) if judge.billed else {}
        if totals:
            judge.emit(UsageSummary, "god", seats={str(s): t for s, t in totals.items()},
                       total={k: round(sum(t[k] for t in totals.values()), 6) for k in FIELDS})
        return judge


async def _ask(judge: Judge, request: Request, notes: list[Note]) -> Decision:
    """One request to a looking agent, awaited (a concurrent one under the time limit);
    refusals and fallback as ``judge.check`` says, noted in ``notes``."""
    seat = request.seat
    agent, observation = judge.agents[seat], judge.observation(seat)
    concurrent = judge.concurrent(seat)
    attempt = 1
    while True:
        try:
            if concurrent:
                outcome: Decision | Exception = await asyncio.wait_for(
                    agent.decide(observation, request), request.timeout_s)
            else:
                outcome = await agent.decide(observation, request)
        except StopGame as stop:
            stop.seat = seat if stop.seat is None else stop.seat
            raise
        except AbortGame:
            raise
        except Exception as exc:
            outcome = exc
        result = judge.check(request, outcome, notes, attempt)
        if type(result) is not Request:
            return result  # type: ignore[return-value]  # a Decision
        request, attempt = result, attempt + 1


async def _answer(judge: Judge, request: Request) -> Decision:
    """One request answered and its notes recorded; blind bots answer in line."""
    if request.seat in judge.choosers:
        return drive.answer(judge, request)
    notes: list[Note] = []
    decision = await _ask(judge, request, notes)
    if notes:
        judge.record(notes)
    return decision


async def _answer_all(judge: Judge, requests: Sequence[Request]) -> list[Decision]:
    """Simultaneous requests: concurrent agents are awaited together, the others in turn,
    and every answer's notes are recorded in request order."""
    slow = [r for r in requests if judge.concurrent(r.seat)]
    if not slow:
        return [await _answer(judge, request) for request in requests]
    held: dict[int, list[Note]] = {id(r): [] for r in slow}
    asked = [asyncio.ensure_future(_ask(judge, r, held[id(r)])) for r in slow]
    try:
        answers = await asyncio.gather(*asked)
    except AbortGame:  # the game stops: so do the other seats' questions
        for question in asked:
            question.cancel()
        raise
    done = {id(r): answer for r, answer in zip(slow, answers, strict=True)}
    decisions = []
    for request in requests:
        decision = done.get(id(request))
        if decision is None:
            decision = await _answer(judge, request)
        elif held[id(request)]:
            judge.record(held[id(request)])
        decisions.append(decision)
    return decisions


async def _drive(judge: Judge) -> GameOver:
    """The async driver: step the flow, awaiting the agents each question names."""
    game = drive.start(judge)
    send = game.send
    value: object = None
    try:
        while True:
            asking: Asking[object] = send(value)
            if asking.batch:
                value = await _answer_all(judge, asking.requests)
            else:
                value = await _answer(judge, asking.requests[0])
    except StopIteration as done:
        over: GameOver = done.value
        return over


async def run_game(config: GameConfig, agents: Mapping[int, SeatAgent],
                   **options: Unpack[GameOptions]) -> GameResult:
    """Play one game to the end (see GameOptions)."""
    return await Game(config, agents, **options).run()


def run_game_in_line(config: GameConfig, agents: Mapping[int, SeatAgent],
                     **options: Unpack[GameOptions]) -> GameResult:
    """Play one game with every agent answering in line (bots; see GameOptions)."""
    return Game(config, agents, **options).play()

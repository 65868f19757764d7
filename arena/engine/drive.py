"""The flow as a resumable state machine, and its synchronous driver.

``flow.play(judge)`` is a coroutine that awaits ``Asking``s (``judge.ask`` and
``judge.ask_all``): stepping it with ``send`` hands out the next pending question and
takes back its decisions. A driver answers them: ``play_in_line`` here (every agent
answers in line: bots, no event loop), ``Game.run`` with asyncio (model and human seats
awaited concurrently under the judge's time limits), or an environment that stops at
a learner's seat (``arena.envs``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from arena.engine import flow
from arena.engine.judge import AbortGame, Asking, GameOver, Judge, Note
from arena.engine.requests import Decision, Request

Flow = Coroutine[Asking[Any], Any, GameOver]


class AwaitsInLine(Exception):
    """An agent asked in line (``answer``) awaited something: it needs the async driver."""


def start(judge: Judge) -> Flow:
    """The game's flow, not yet started: ``send(None)`` runs it to its first question."""
    return flow.play(judge)


def _looking(judge: Judge, seat: int) -> Callable[[Request], Decision]:
    """A looking agent's ``decide``, shown the seat's view as it is now, run to its end
    without an event loop."""
    agent, observation = judge.agents[seat], judge.observation(seat)

    def decide(request: Request) -> Decision:
        step = agent.decide(observation, request)
        try:
            step.send(None)
        except StopIteration as done:
            answer: Decision = done.value
            return answer
        step.close()
        raise AwaitsInLine(f"seat {seat}'s agent awaits: play the game with Game.run")

    return decide


def answer(judge: Judge, request: Request) -> Decision:
    """One request answered in line, refusals, re-asking and fallback as ``judge.check``
    says; its notes are recorded before returning."""
    decide = judge.choosers.get(request.seat) or _looking(judge, request.seat)
    try:
        outcome: Decision | Exception = decide(request)
    except (AbortGame, AwaitsInLine):
        raise
    except Exception as exc:
        outcome = exc
    # the common case, as ``check`` takes it: a legal decision with nothing to record
    if (type(outcome) is Decision and not outcome.usage and not outcome.reasoning
            and request.validate(outcome) is None):
        return outcome
    return _settle(judge, request, decide, outcome)


def _settle(judge: Judge, request: Request, decide: Callable[[Request], Decision],
            outcome: Decision | Exception) -> Decision:
    """The rest of ``answer``: check each try, ask again after a refusal, record notes."""
    notes: list[Note] = []
    attempt = 1
    while True:
        result = judge.check(request, outcome, notes, attempt)
        if type(result) is not Request:
            break
        request, attempt = result, attempt + 1
        try:
            outcome = decide(request)
        except (AbortGame, AwaitsInLine):
            raise
        except Exception as exc:
            outcome = exc
    if notes:
        judge.record(notes)
    return result  # type: ignore[return-value]  # not a Request: the loop's exit


def answer_asking(judge: Judge, asking: Asking[Any]) -> Any:
    """The value an ``Asking`` awaits, every request answered in line in request order."""
    if asking.batch:
        return [answer(judge, request) for request in asking.requests]
    return answer(judge, asking.requests[0])


def play_in_line(judge: Judge) -> GameOver:
    """The synchronous driver: run the whole game, every agent answering in line, each
    request where the flow asks it (the flow does not suspend)."""
    judge.answers = answer
    game = start(judge)
    send = game.send
    value: Any = None
    try:
        while True:
            value = answer_asking(judge, send(value))
    except StopIteration as done:
        over: GameOver = done.value
        return over

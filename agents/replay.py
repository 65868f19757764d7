"""Replaying recorded decisions: rebuild each seat's answers from transcript events."""

from __future__ import annotations

from collections import deque
from typing import Any

from arena.engine import Claim, Decision, Observation, Request
from arena.engine.requests import UnusableAnswer, Usage, shape_of

SPEECH_CONTEXTS = {"last_words": "last_words"}


def _decision(event: dict[str, Any]) -> tuple[int, Decision] | None:
    """The decision an event records, if it records one."""
    kind = event["type"]
    seat: int = event.get("seat", 0)
    if kind == "night_action":
        action = event["action"]
        if action == "kill" and event.get("final", True):
            return None
        shape = shape_of(action)
        if shape == "yes_no":  # save, peek: the target is recorded only when used
            return seat, Decision(kind=action, yes=event["target"] is not None)
        if shape == "pair":
            return seat, Decision(kind=action, targets=tuple(event["targets"]))
        return seat, Decision(kind=action, target=event["target"])
    if kind == "speech":
        claims = tuple(Claim(**c) for c in event.get("claims", ()))
        return seat, Decision(kind=SPEECH_CONTEXTS.get(event.get("context", ""), "speak"),
                              text=event["text"], claims=claims)
    if kind == "candidacy":
        return seat, Decision(kind="run", yes=event["running"])
    if kind == "vote":
        ballot = event.get("ballot")
        if ballot == "designate":
            return seat, Decision(kind="designate", targets=tuple(event.get("targets", ())))
        return seat, Decision(kind="elect" if ballot == "sheriff" else "vote",
                              target=event["target"])
    if kind == "shoot":
        return seat, Decision(kind="shoot", target=event["target"])
    if kind == "explode":
        return seat, Decision(kind="explode", yes=True)
    if kind == "sheriff" and event.get("how") in ("badge", "badge_torn", "appointed"):
        decided = "appoint" if event["how"] == "appointed" else "badge"
        return event["by"], Decision(kind=decided, target=event["seat"])
    if kind == "belief":
        return seat, Decision(kind="belief", beliefs=event["probabilities"])
    return None


Step = tuple[str, Decision | BaseException]
"""(the kind of request it answered, the answer or the failure it raised)."""

OPTIONAL = ("explode", "belief")  # a "no" to these leaves no event behind, only its usage


def decisions_by_seat(events: list[dict[str, Any]]) -> dict[int, list[Step]]:
    """Per seat, in order: refused answers (answers without a decision and failures as
    exceptions) and accepted decisions."""
    queues: dict[int, list[Step]] = {}
    skip: dict[int, str] = {}
    calls: dict[int, list[Usage]] = {}
    billed: dict[int, str] = {}  # the request kind of each seat's pending calls
    thoughts: dict[int, str] = {}

    def add(seat: int, kind: str, decision: Decision) -> None:
        decision.usage = tuple(calls.pop(seat, ()))
        decision.reasoning = thoughts.pop(seat, None)
        queues.setdefault(seat, []).append((kind, decision))

    def settle(seat: int, kind: str | None = None) -> None:
        """Calls billed to an optional request the seat then declined (no event of its
        own) belong to that "no", not to the seat's next request."""
        pending = billed.get(seat)
        if seat in calls and pending != kind and pending in OPTIONAL:
            add(seat, pending, Request(seat=seat, kind=pending, day=0).default())

    for event in events:
        kind = event["type"]
        if kind in ("usage", "error", "fallback"):
            settle(event["seat"], event["kind"])
        if kind == "usage":
            fields = {k: event[k] for k in Usage.__dataclass_fields__ if k in event}
            calls.setdefault(event["seat"], []).append(Usage(**fields))
            billed[event["seat"]] = event["kind"]
        elif kind == "reasoning":
            thoughts[event["seat"]] = event["text"]
        elif kind == "error" and event.get("decision") is None:  # an answer with no decision
            seat = event["seat"]
            unusable = UnusableAnswer(event.get("answer") or "", event["message"],
                                      tuple(calls.pop(seat, ())))
            queues.setdefault(seat, []).append((event["kind"], unusable))
        elif kind == "error":
            add(event["seat"], event["kind"], Decision.from_dict(event["decision"]))
        elif kind == "fallback":
            seat, failure = event["seat"], _failure(event["reason"])
            if failure is not None:
                failure.usage = tuple(calls.pop(seat, ()))  # type: ignore[attr-defined]
                queues.setdefault(seat, []).append((event["kind"], failure))
            skip[seat] = event["kind"]
        elif (found := _decision(event)) is not None:
            seat, decision = found
            settle(seat, decision.kind)
            if skip.pop(seat, None) != decision.kind:  # else: the engine's default
                add(seat, decision.kind, decision)
    for seat in list(calls):
        settle(seat)
    return queues


def _failure(reason: str) -> BaseException | None:
    if reason == "timeout":
        return TimeoutError()
    if reason.startswith("error: "):
        name, _, message = reason.removeprefix("error: ").partition(": ")
        failure: type[Exception] = type(name, (Exception,), {})
        return failure(message)
    return None


class ReplayAgent:
    """Answers each request with the seat's next recorded step for that kind."""

    concurrent = False

    def __init__(self, steps: list[Step]) -> None:
        self.steps = deque(steps)
        self.cut_off: tuple[Usage, ...] = ()  # the usage of the last timeout it replayed

    def unbilled(self) -> tuple[Usage, ...]:
        """After a replayed timeout: the tries the original decision had made."""
        tries, self.cut_off = self.cut_off, ()
        return tries

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if self.steps and self.steps[0][0] == request.kind:
            step = self.steps.popleft()[1]
            if isinstance(step, BaseException):
                if isinstance(step, TimeoutError):
                    self.cut_off = getattr(step, "usage", ())
                raise step
            return step
        if request.kind in OPTIONAL:
            return request.default()
        raise LookupError(f"seat {request.seat}: no recorded {request.kind} decision")

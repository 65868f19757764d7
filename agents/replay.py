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
        if ballot in ("designate", "friends"):  # ballots naming several seats
            return seat, Decision(kind=ballot, targets=tuple(event.get("targets", ())))
        decided = {"sheriff": "elect", "vouch": "vouch"}.get(ballot or "", "vote")
        return seat, Decision(kind=decided, target=event["target"])
    if kind == "shoot":
        return seat, Decision(kind="shoot", target=event["target"])
    if kind == "explode":  # target: the speech it cut off, if any
        return seat, Decision(kind="explode", yes=True, target=event.get("during"))
    if kind == "sheriff" and event.get("how") in ("badge", "badge_torn", "appointed"):
        decided = "appoint" if event["how"] == "appointed" else "badge"
        return event["by"], Decision(kind=decided, target=event["seat"])
    if kind == "plague" and event["by"] is not None:  # V5: the last victim's choice
        return event["by"], Decision(kind="plague", target=event["target"])
    if kind == "belief":
        return seat, Decision(kind="belief", beliefs=event["probabilities"])
    if kind == "vote_probe":
        return seat, Decision(kind="probe", target=event["target"])
    return None


Step = tuple[str, Decision | BaseException, int | None]
"""(request kind, the recorded answer, the day it answers when a pass leaves no event)."""
"""(the kind of request it answered, the answer or the failure it raised)."""

OPTIONAL = ("explode", "belief")  # a "no" to these leaves no event behind, only its usage
DAILY = ("confess", "pardon", "bar", "move", "strike", "mend")
"""Village powers whose pass leaves no event: a recorded use answers its own day only."""


def _daily(event: dict[str, Any]) -> int | None:
    """The day a failed answer to a Village power belongs to (its pass leaves no event)."""
    return event["day"] if event["kind"] in DAILY else None


def _building_decisions(event: dict[str, Any]) -> list[tuple[int, Decision]]:
    """The decisions a Village event records: a power used, a move accepted or refused."""
    seat = event["seat"]
    if event["type"] == "house":
        if event["how"] in ("moved_in", "refused"):
            return [(seat, Decision(kind="move_in", yes=event["how"] == "moved_in"))]
        return []
    power, target = event["power"], event.get("target")
    if power == "move":  # the bailiff names the vagrant, then the house
        return [(seat, Decision(kind="move", target=target)),
                (seat, Decision(kind="house", target=event["targets"][0]))]
    if power == "pardon":
        return [(seat, Decision(kind="pardon", yes=True))]
    if power in ("bar", "confess", "strike", "mend"):
        return [(seat, Decision(kind=power, target=target))]
    return []  # the baker's look, the tavern keeper's immunity: no decision


def decisions_by_seat(events: list[dict[str, Any]]) -> dict[int, list[Step]]:
    """Per seat, in order: refused answers (answers without a decision and failures as
    exceptions) and accepted decisions."""
    queues: dict[int, list[Step]] = {}
    skip: dict[int, str] = {}
    calls: dict[int, list[Usage]] = {}
    billed: dict[int, str] = {}  # the request kind of each seat's pending calls
    thoughts: dict[int, str] = {}

    def add(seat: int, kind: str, decision: Decision, day: int | None = None) -> None:
        decision.usage = tuple(calls.pop(seat, ()))
        decision.reasoning = thoughts.pop(seat, None)
        queues.setdefault(seat, []).append((kind, decision, day if kind in DAILY else None))

    last: dict[int, int] = {}  # the seq of each seat's latest usage

    def settle(seat: int, kind: str | None = None, seq: int | None = None) -> None:
        """Calls billed to an optional request the seat then declined (no event of its
        own) belong to that "no", not to the seat's next request, even a request of the
        same kind: a decision's calls are recorded together, so calls apart from the
        last ones (other events between) answered an earlier request."""
        pending = billed.get(seat)
        apart = seq is not None and seq != last.get(seat, seq) + 1
        if seat in calls and pending in OPTIONAL and (pending != kind or apart):
            add(seat, pending, Request(seat=seat, kind=pending, day=0).default())

    for event in events:
        kind = event["type"]
        if kind in ("usage", "error", "fallback"):
            settle(event["seat"], event["kind"], event.get("seq") if kind == "usage" else None)
        if kind == "usage":
            if "seq" in event:
                last[event["seat"]] = event["seq"]
            fields = {k: event[k] for k in Usage.__dataclass_fields__ if k in event}
            calls.setdefault(event["seat"], []).append(Usage(**fields))
            billed[event["seat"]] = event["kind"]
        elif kind == "reasoning":
            thoughts[event["seat"]] = event["text"]
        elif kind == "error" and event.get("decision") is None:  # an answer with no decision
            seat = event["seat"]
            unusable = UnusableAnswer(event.get("answer") or "", event["message"],
                                      tuple(calls.pop(seat, ())))
            queues.setdefault(seat, []).append((event["kind"], unusable, _daily(event)))
        elif kind == "error":
            add(event["seat"], event["kind"], Decision.from_dict(event["decision"]), event["day"])
        elif kind == "fallback":
            seat, failure = event["seat"], _failure(event["reason"])
            if failure is not None:
                failure.usage = tuple(calls.pop(seat, ()))  # type: ignore[attr-defined]
                queues.setdefault(seat, []).append((event["kind"], failure, _daily(event)))
            skip[seat] = event["kind"]
        else:
            found = _decision(event)
            decoded = ([found] if found is not None else
                       _building_decisions(event) if kind in ("building_power", "house") else [])
            for seat, decision in decoded:
                settle(seat, decision.kind)
                if skip.get(seat) == decision.kind:  # the engine's default, not an answer
                    del skip[seat]
                    continue
                if len(decoded) == 1:  # an event of one decision closes a pending default
                    skip.pop(seat, None)
                add(seat, decision.kind, decision, event.get("day"))
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


def _in_place(request: Request, step: Step) -> bool:
    """A recorded self-destruct answers only the request of the speech it cut off (or of
    the wolf's own turn), a recorded Village power only its own day; any other recorded
    answer fits the next request of its kind."""
    kind, answer, day = step
    if kind != request.kind or (day is not None and day != request.day):
        return False
    if request.kind != "explode" or not isinstance(answer, Decision) or not answer.yes:
        return True
    return answer.target == request.context.get("during")


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

    def _next(self, request: Request) -> int | None:
        """Where the recorded answer to ``request`` is: the head of the queue; for a
        Village power, the first step of its kind (its use is recorded after answers the
        seat gave later in the same step, such as the bailiff's house)."""
        if request.kind not in DAILY:
            return 0 if self.steps and _in_place(request, self.steps[0]) else None
        at = next((i for i, step in enumerate(self.steps) if step[0] == request.kind), None)
        return at if at is not None and _in_place(request, self.steps[at]) else None

    async def decide(self, observation: Observation, request: Request) -> Decision:
        at = self._next(request)
        if at is not None:
            step = self.steps[at][1]
            del self.steps[at]
            if isinstance(step, BaseException):
                if isinstance(step, TimeoutError):
                    self.cut_off = getattr(step, "usage", ())
                raise step
            return step
        if request.kind in OPTIONAL or request.kind in DAILY:
            return request.default()
        raise LookupError(f"seat {request.seat}: no recorded {request.kind} decision")

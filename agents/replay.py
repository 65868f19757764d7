"""Replaying recorded decisions: rebuild each seat's answers from transcript events."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

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


class Step(NamedTuple):
    """One recorded answer of a seat."""

    kind: str  # the kind of request it answered
    answer: Decision | BaseException  # the answer, or the failure it raised
    day: int | None  # the day it answers, when a pass leaves no event (a Village power)
    at: int | None  # the seq its record begins at, where that is where it was asked


OPTIONAL = ("explode", "belief")  # a "no" to these leaves no event behind, only its usage
DAILY = ("confess", "pardon", "bar", "move", "strike", "mend")
"""Village powers whose pass leaves no event: a recorded use answers its own day only."""
UNRECORDED_DEFAULT = OPTIONAL  # requests whose fallback leaves no event of its own
SILENT = OPTIONAL + DAILY  # requests whose billed "no" leaves only its usage behind
SECOND = {"house": "move"}  # a question asked before the event of the one it follows


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


class _Call(NamedTuple):
    """A recorded model call not yet matched to an answer."""

    kind: str  # the kind of request it was billed to
    seq: int | None
    day: int | None
    usage: Usage


def decisions_by_seat(events: list[dict[str, Any]]) -> dict[int, list[Step]]:
    """Per seat, in order: refused answers (answers without a decision and failures as
    exceptions) and accepted decisions. A call belongs to an answer of the kind it was
    billed to (the bailiff's move and house are recorded in one event, after both)."""
    queues: dict[int, list[Step]] = {}
    skip: dict[int, str] = {}
    calls: dict[int, list[_Call]] = {}
    thoughts: dict[tuple[int, str], str] = {}

    def push(seat: int, kind: str, answer: Decision | BaseException, day: int | None,
             at: int | None) -> tuple[Usage, ...]:
        """Queue an answer; the seat's pending calls of its kind are its usage, returned;
        its record begins at the first of them, else at ``at``."""
        pending = calls.get(seat, [])
        mine = [call for call in pending if call.kind == kind]
        calls[seat] = [call for call in pending if call.kind != kind]
        at = mine[0].seq if mine else at
        queues.setdefault(seat, []).append(Step(kind, answer, day if kind in DAILY else None,
                                                at))
        return tuple(call.usage for call in mine)

    def add(seat: int, kind: str, decision: Decision, day: int | None = None,
            at: int | None = None) -> None:
        decision.usage = push(seat, kind, decision, day, at)
        decision.reasoning = thoughts.pop((seat, kind), None)

    def settle(seat: int, kind: str | None = None, seq: int | None = None) -> None:
        """Calls billed to a request whose "no" leaves no event (an optional request, a
        Village power) belong to that "no", not to the seat's next request, even one of
        the same kind: a decision's calls are recorded together, so calls apart from the
        last ones (other events between) answered an earlier request. A question asked
        before the event of the one it follows (SECOND) does not close it."""
        pending = calls.get(seat)
        if not pending or pending[-1].kind not in SILENT:
            return
        last = pending[-1]
        apart = seq is not None and last.seq is not None and seq != last.seq + 1
        if (last.kind != kind or apart) and SECOND.get(kind or "") != last.kind:
            add(seat, last.kind, Request(seat=seat, kind=last.kind, day=0).default(),
                last.day)

    for event in events:
        kind, seq = event["type"], event.get("seq")
        if kind in ("usage", "error", "fallback"):
            settle(event["seat"], event["kind"], seq)
        if kind == "usage":
            fields = {k: event[k] for k in Usage.__dataclass_fields__ if k in event}
            calls.setdefault(event["seat"], []).append(
                _Call(event["kind"], seq, event.get("day"), Usage(**fields)))
        elif kind == "reasoning":
            thoughts[event["seat"], event["kind"]] = event["text"]
        elif kind == "error" and event.get("decision") is None:  # an answer with no decision
            seat = event["seat"]
            unusable = UnusableAnswer(event.get("answer") or "", event["message"], ())
            unusable.usage = push(seat, event["kind"], unusable, _daily(event), seq)
        elif kind == "error":
            add(event["seat"], event["kind"], Decision.from_dict(event["decision"]),
                event["day"], seq)
        elif kind == "fallback":
            seat, failure = event["seat"], _failure(event["reason"])
            if failure is not None:
                failure.usage = push(  # type: ignore[attr-defined]
                    seat, event["kind"], failure, _daily(event), seq)
            if event["kind"] not in UNRECORDED_DEFAULT:
                skip[seat] = event["kind"]
        else:
            found = _decision(event)
            decoded = ([found] if found is not None else
                       _building_decisions(event) if kind in ("building_power", "house") else [])
            # a self-destruct is recorded where it was asked; other decisions' events
            # may follow a whole round of answers
            here = seq if kind == "explode" else None
            for seat, decision in decoded:
                settle(seat, decision.kind, here)
                if skip.get(seat) == decision.kind:  # the engine's default, not an answer
                    del skip[seat]
                    continue
                if len(decoded) == 1:  # an event of one decision closes a pending default
                    skip.pop(seat, None)
                add(seat, decision.kind, decision, event.get("day"), here)
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


def _in_place(request: Request, step: Step, now: int | None) -> bool:
    """A recorded self-destruct answers only the request of the speech it cut off (or of
    the wolf's own turn), a recorded Village power only its own day; any other recorded
    answer fits the next request of its kind. An answer to an optional request (whose
    "no" may leave nothing behind) also answers only the request asked where its record
    begins, when both are known (``now``: the seq the replayed game has reached)."""
    kind, answer, day, at = step
    if kind != request.kind or (day is not None and day != request.day):
        return False
    if kind in OPTIONAL and None not in (now, at) and at != now:
        return False
    if kind != "explode" or not isinstance(answer, Decision) or not answer.yes:
        return True
    return answer.target == request.context.get("during")


def _records(answer: Decision | BaseException) -> int:
    """The events a refusal of ``answer`` leaves: its calls, its reasoning, the refusal."""
    reasoning = isinstance(answer, Decision) and answer.reasoning is not None
    return len(getattr(answer, "usage", ())) + reasoning + 1


class ReplayAgent:
    """Answers each request with the seat's next recorded step for that kind;
    ``position()``, when given, is the seq of the next event the replayed game emits."""

    concurrent = False

    def __init__(self, steps: list[Step], position: Callable[[], int] | None = None) -> None:
        self.steps = deque(steps)
        self.position = position
        self.tried = 0  # the records the refused tries of the decision asked have left
        self.served = 0  # the records the step it served last leaves if it is refused
        self.cut_off: tuple[Usage, ...] = ()  # the usage of the last timeout it replayed

    def unbilled(self) -> tuple[Usage, ...]:
        """After a replayed timeout: the tries the original decision had made."""
        tries, self.cut_off = self.cut_off, ()
        return tries

    def _next(self, request: Request) -> int | None:
        """Where the recorded answer to ``request`` is: the head of the queue; for a
        Village power, the first step of its kind (its use is recorded after answers the
        seat gave later in the same step, such as the bailiff's house)."""
        self.tried = self.tried + self.served if "error" in request.context else 0
        self.served = 0
        now = self.position() + self.tried if self.position is not None else None
        if request.kind not in DAILY:
            return 0 if self.steps and _in_place(request, self.steps[0], now) else None
        at = next((i for i, step in enumerate(self.steps) if step.kind == request.kind), None)
        return at if at is not None and _in_place(request, self.steps[at], now) else None

    async def decide(self, observation: Observation, request: Request) -> Decision:
        at = self._next(request)
        if at is not None:
            step = self.steps[at].answer
            del self.steps[at]
            self.served = _records(step)
            if isinstance(step, BaseException):
                if isinstance(step, TimeoutError):
                    self.cut_off = getattr(step, "usage", ())
                raise step
            return step
        if request.kind in SILENT:
            return request.default()
        raise LookupError(f"seat {request.seat}: no recorded {request.kind} decision")

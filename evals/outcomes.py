"""Outcomes (wins, game length) and reliability (fallbacks, refusals, tokens, cost)."""

from __future__ import annotations

from collections import Counter

from arena.engine.events import (
    BaseEvent,
    Belief,
    Candidacy,
    Explode,
    Fallback,
    NightAction,
    Refused,
    Sheriff,
    Shot,
    Speech,
    UsageRecord,
    Vote,
    VoteProbe,
)
from evals.records import GameRecord
from evals.samples import Add, MetricInfo

METRICS = {
    "win_rate": MetricInfo("outcomes", "proportion", "share of seats that won"),
    "_won": MetricInfo("outcomes", "proportion", "1 per side of the game that won it"),
    "team_win_rate": MetricInfo("outcomes", "derived", "share of games the side won"),
    "game_days": MetricInfo("outcomes", "ratio", "mean number of days per game"),
    "fallback_rate": MetricInfo(
        "reliability", "ratio", "decisions the engine made for the agent / decisions"),
    "error_rate": MetricInfo("reliability", "ratio", "refused (illegal) answers / decisions"),
    "first_answer_legal": MetricInfo(
        "reliability", "ratio", "requests whose first answer was accepted / requests"),
    "tokens_per_decision": MetricInfo(
        "reliability", "ratio", "input + output tokens per decision of a model seat"),
    "cost_per_decision": MetricInfo("reliability", "ratio", "USD per decision of a model seat"),
    "tokens_per_seat": MetricInfo(
        "reliability", "ratio", "input + output tokens per model seat per game"),
    "cost_per_seat": MetricInfo("reliability", "ratio", "USD per model seat per game"),
    "tokens_per_game": MetricInfo(
        "reliability", "ratio", "input + output tokens per game with model seats"),
    "cost_per_game": MetricInfo("reliability", "ratio", "USD per game with model seats"),
}

BADGE_DECISIONS = frozenset({"badge", "badge_torn", "appointed"})
SILENT: dict[str, type[BaseEvent]] = {"explode": Explode, "belief": Belief}
"""Request kinds whose "no" (or default) leaves no event, with the event of a "yes"."""


def decider(event: BaseEvent) -> int | None:
    """The seat whose decision the event records, if it records one (the pack's final
    kill is the outcome of its members' proposals, not a decision of its own)."""
    if isinstance(event, NightAction):
        return None if event.action == "kill" and event.final else event.seat
    if isinstance(event, Speech | Candidacy | Vote | Shot | Explode | Belief | VoteProbe):
        return event.seat
    if isinstance(event, Sheriff) and event.how in BADGE_DECISIONS:
        return event.by
    return None


def decision_of(event: BaseEvent) -> int | None:
    """The seat whose decision the event stands for: a decision event's (``decider``), or
    a fallback's whose default leaves no event (a declined self-destruct, no belief), so
    ``fallback_rate`` stays within 0 and 1."""
    if isinstance(event, Fallback):
        return event.seat if event.kind in SILENT else None
    return decider(event)


class Requests:
    """Counts each seat's requests and those whose first answer was refused or failed.

    A request is a decision event, or a run of the seat's ``error`` events of one kind
    and day, maybe ended by a ``fallback``, with the decision event that follows it (if
    any: see SILENT); a ``fallback`` alone (a timeout, a crash) is a request too."""

    def __init__(self) -> None:
        self.asked: Counter[int] = Counter()
        self.missed: Counter[int] = Counter()
        self.open: dict[int, tuple[str, int]] = {}  # a counted request whose event is due

    def trouble(self, event: Refused | Fallback) -> None:
        seat, key = event.seat, (event.kind, event.day)
        if self.open.get(seat) != key:
            self.asked[seat] += 1
            self.missed[seat] += 1
        if isinstance(event, Fallback) and event.kind in SILENT:
            self.open.pop(seat, None)
        else:
            self.open[seat] = key

    def decided(self, seat: int, event: BaseEvent) -> None:
        due = self.open.pop(seat, None)
        if due is None or (due[0] in SILENT and not isinstance(event, SILENT[due[0]])):
            self.asked[seat] += 1


def collect(record: GameRecord, add: Add) -> None:
    for side in sorted({*record.teams.values(), record.winner or "none"}):
        add(f"_won[{side}]", None, float(record.winner == side))
    add("game_days", None, float(record.days))
    for seat, team in record.teams.items():
        won = float(seat in record.winners)
        add("win_rate", seat, won)
        add(f"win_rate[{team}]", seat, won)
    decisions: Counter[int] = Counter()
    fallbacks: Counter[int] = Counter()
    errors: Counter[int] = Counter()
    tokens: Counter[int] = Counter()
    cost: dict[int, float] = {}
    requests = Requests()
    for event in record.events:
        if (deciding := decider(event)) is not None:
            requests.decided(deciding, event)
        if (deciding := decision_of(event)) is not None:
            decisions[deciding] += 1
        if isinstance(event, Fallback):
            fallbacks[event.seat] += 1
            requests.trouble(event)
        elif isinstance(event, Refused):
            errors[event.seat] += 1
            requests.trouble(event)
        elif isinstance(event, UsageRecord):
            tokens[event.seat] += event.input_tokens + event.output_tokens
            cost[event.seat] = cost.get(event.seat, 0.0) + event.cost_usd
    for seat in record.roles:
        add("fallback_rate", seat, fallbacks[seat], decisions[seat])
        add("error_rate", seat, errors[seat], decisions[seat])
        asked = requests.asked[seat]
        add("first_answer_legal", seat, asked - requests.missed[seat], asked)
    for seat, spent in cost.items():
        add("tokens_per_decision", seat, tokens[seat], decisions[seat])
        add("cost_per_decision", seat, spent, decisions[seat])
        add("tokens_per_seat", seat, tokens[seat])
        add("cost_per_seat", seat, spent)
    if cost:
        add("tokens_per_game", None, sum(tokens.values()))
        add("cost_per_game", None, sum(cost.values()))

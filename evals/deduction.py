"""Deduction: how well the village finds the wolves (votes, exiles, checks, survival)."""

from __future__ import annotations

from arena.engine.events import CheckResult, Death
from evals.records import GameRecord
from evals.samples import Add, MetricInfo
from evals.timeline import death_causes, exile_ballots

KEY_ROLES = frozenset({"seer", "witch", "guard", "hunter"})

METRICS = {
    "vote_accuracy": MetricInfo(
        "deduction", "proportion", "share of good players' exile votes cast on wolves"),
    "vote_accuracy_vs_random": MetricInfo(
        "deduction", "ratio", "good players' votes on wolves / the count expected if each "
        "vote were uniform over its candidates (1 = chance)"),
    "exiled_wolf_share": MetricInfo("deduction", "proportion", "share of exiles that were wolves"),
    "seer_hit_rate": MetricInfo(
        "deduction", "proportion", "share of the seer's checks that found a wolf"),
    "key_role_survival": MetricInfo(
        "deduction", "proportion", "share of seers, witches, guards, hunters alive at the end"),
    "key_role_days": MetricInfo(
        "deduction", "ratio", "mean day on which a key role died (the last day if it lived)"),
}


def collect(record: GameRecord, add: Add) -> None:
    for ballot in exile_ballots(record):
        if not record.is_good(ballot.voter) or not ballot.candidates:
            continue
        hit = float(record.is_wolf(ballot.target))
        expected = sum(map(record.is_wolf, ballot.candidates)) / len(ballot.candidates)
        add("vote_accuracy", ballot.voter, hit)
        add("vote_accuracy_vs_random", ballot.voter, hit, expected)
    for event in record.events:
        if isinstance(event, Death) and event.cause == "vote":
            add("exiled_wolf_share", None, float(record.is_wolf(event.seat)))
        elif isinstance(event, CheckResult) and record.roles[event.seat] == "seer":
            add("seer_hit_rate", event.seat, float(record.is_wolf(event.target)))
    died = death_causes(record)
    for seat, role in record.roles.items():
        if role in KEY_ROLES:
            add("key_role_survival", seat, float(seat not in died))
            add("key_role_days", seat, float(died[seat][0] if seat in died else record.days))

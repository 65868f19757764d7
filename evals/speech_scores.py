"""Speeches scored by a model (``arena score-speeches``), joined to the games by speech: the
ratings and deception flags per speaker, and the scorer's agreement with the claims ledger
(evals.claims) as a sanity check, compared within each role so that knowing the roles
alone cannot score it."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from arena.engine.events import Speech
from arena.errors import TranscriptError
from arena.files import read_lines
from evals.claims import statements
from evals.records import GameRecord
from evals.samples import Add, Collector, MetricInfo
from evals.stats import Estimate, bootstrap

SCORES = ("naturalness", "contextual_fit", "coherence", "diversity")
DECEPTION = ("fabrication", "omission", "misdirection", "bussing")

ROWS = ("speech_score", "judgement")
"""The type of a scored speech's row; ``judgement`` in files written before the rename."""

METRICS = {
    **{f"speech_{name}": MetricInfo(
        "speech_scores", "ratio", f"the scorer's mean {name.replace('_', ' ')} rating (1-5) "
        "of the speaker's speeches", bounds=(1.0, 5.0)) for name in SCORES},
    **{f"speech_{name}": MetricInfo(
        "speech_scores", "proportion", f"share of the speaker's speeches the scorer flagged "
        f"for {name}") for name in DECEPTION},
}

Key = tuple[str, int]
"""(game id, seq of the speech)."""
Value = TypeVar("Value", int, bool)


@dataclass(frozen=True)
class Scored:
    """One scored speech: the scorer's ratings and flags."""

    seat: int
    scores: dict[str, int]
    deception: dict[str, bool]


def read_speech_scores(paths: Iterable[Path]) -> dict[Key, Scored]:
    """The scored speeches of speech scores files (rows without an answer are left out); a
    later file's row for the same speech replaces an earlier one."""
    out: dict[Key, Scored] = {}
    for path in paths:
        for number, line, _ in read_lines(path, TranscriptError):
            row = _row(path, number, line)
            if row is not None and row.get("type") in ROWS and "scores" in row:
                try:
                    out[(str(row["game_id"]), int(row["seq"]))] = Scored(
                        int(row["seat"]), _scores(row["scores"], SCORES, int),
                        _scores(row["deception"], DECEPTION, bool))
                except (KeyError, TypeError, ValueError):
                    raise TranscriptError(f"{path}:{number}: not a speech score of "
                                          "`arena score-speeches`") from None
    return out


def _scores(given: Any, names: tuple[str, ...], kind: type[Value]) -> dict[str, Value]:
    """The named scores of a row, each of ``kind`` (KeyError or TypeError when not)."""
    scores = {name: given[name] for name in names}
    if not all(type(value) is kind for value in scores.values()):
        raise TypeError(names)
    return scores


def _row(path: Path, number: int, line: bytes) -> dict[str, Any] | None:
    if not line.strip():
        return None
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{path}:{number}: not JSON ({exc.msg})") from None
    except ValueError:  # not UTF-8, or a number beyond Python's int-str limit
        raise TranscriptError(f"{path}:{number}: not JSON text") from None
    if not isinstance(row, dict):
        raise TranscriptError(f"{path}:{number}: not a JSON object")
    return row


@dataclass(frozen=True)
class Agreement:
    """One speech whose claims the ledger checked: the speaker's role, whether any claim
    was false, and whether the scorer flagged fabrication."""

    seat: int
    role: str
    ledger_false: bool
    flagged_fabrication: bool


def joined(record: GameRecord, scored: dict[Key, Scored]) -> Iterator[tuple[Speech, Scored]]:
    """The game's speeches the scorer scored, matched by game id and seq (a row naming
    another seat than the speech's is a mismatch: TranscriptError)."""
    for event in record.events:
        if isinstance(event, Speech):
            found = scored.get((record.game_id, event.seq))
            if found is None:
                continue
            if found.seat != event.seat:
                raise TranscriptError(f"{record.path}: score of speech {event.seq} names "
                                      f"seat {found.seat}, the speech is seat {event.seat}'s")
            yield event, found


def agreements(record: GameRecord, scored: dict[Key, Scored]) -> Iterator[Agreement]:
    """Per scored speech holding claims the ledger checked (evals.claims.statements)."""
    truth: dict[int, bool] = {}  # speech seq -> whether a checked claim in it is false
    for statement in statements(record):
        truth[statement.seq] = truth.get(statement.seq, False) or not statement.true
    for speech, found in joined(record, scored):
        if speech.seq in truth:
            yield Agreement(speech.seat, record.roles[speech.seat], truth[speech.seq],
                            found.deception["fabrication"])


Table = dict[str, list[int]]
"""Per speaker's role: [false flagged, false not flagged, true flagged, true not flagged]
(false: a checked claim in the speech is false; flagged: the scorer said fabrication)."""


def table(game: Iterable[Agreement]) -> Table:
    """One game's speeches with checked claims, counted by role, ledger and flag."""
    counts: Table = defaultdict(lambda: [0, 0, 0, 0])
    for a in game:
        counts[a.role][2 * (not a.ledger_false) + (not a.flagged_fabrication)] += 1
    return counts


def concordance(tables: Sequence[Table]) -> tuple[float, int] | None:
    """Over every pair of speeches by speakers of the same role (across games), one with a
    false checked claim and one without: the share where the scorer flagged the false one
    and not the other, ties (both flagged or neither) counting a half; and the number of
    pairs. None without such a pair. A flag that depends on the role alone ties every pair:
    exactly 0.5."""
    total: Table = defaultdict(lambda: [0, 0, 0, 0])
    for counts in tables:
        for role, cells in counts.items():
            total[role] = [t + c for t, c in zip(total[role], cells, strict=True)]
    pairs = sum((ff + fn) * (tf + tn) for ff, fn, tf, tn in total.values())
    if pairs == 0:
        return None
    score = sum(ff * tn + 0.5 * (ff * tf + fn * tn) for ff, fn, tf, tn in total.values())
    return score / pairs, pairs


def ledger_concordance(games: Sequence[Iterable[Agreement]]) -> Estimate:
    """``concordance`` with a bootstrap interval over games; ``n`` counts the pairs."""
    tables = [table(game) for game in games]
    found = concordance(tables)
    if found is None:
        return Estimate(None, None, None, 0, len(tables))

    def value(sample: Sequence[Table]) -> float | None:
        again = concordance(sample)
        return None if again is None else again[0]

    return Estimate(found[0], *bootstrap(tables, value), found[1], len(tables))


def collector(scored: dict[Key, Scored]) -> Collector:
    """The samples the scored speeches of one game yield, credited to the speaker."""

    def collect(record: GameRecord, add: Add) -> None:
        for speech, found in joined(record, scored):
            for name in SCORES:
                add(f"speech_{name}", speech.seat, float(found.scores[name]))
            for name in DECEPTION:
                add(f"speech_{name}", speech.seat, float(found.deception[name]))

    return collect

"""Tables that survive their server: a restarted ``arena serve`` brings back every table
whose game its transcript shows cut off.

A table's settings and lobby are in ``<id>.table.json`` (``table_file``), its links are
signed again from the host secret (``links``), and its game is played again from the
transcript: the engine is deterministic given the seed and the decisions, so every seat
answers with its recorded decisions (a model's recorded answer and usage, not a new
call) until the game is back at the last recorded event, then plays live: a person is
asked the pending decision again, with a full turn. The events that come again are
checked line by line against the file and not written twice; the new ones are
appended, so ``arena replay --verify`` checks the whole game. The pages see the
recorded events at once (no pacing), then the game at its pace.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from agents import Agent
from agents.replay import ReplayAgent, decisions_by_seat
from arena.app.fork import Clock, ForkSeat
from arena.app.server.pacing import NightPacer
from arena.app.server.spending import Spend
from arena.app.server.table import Table, TableError, TableSpec
from arena.app.server.table_file import SUFFIX, TableRecord
from arena.app.server.table_manager import TableManager
from arena.engine import BaseEvent
from arena.engine.events import Aborted, GameEnd, UsageRecord
from arena.errors import TranscriptError
from arena.transcript import Transcript, ends_with_game_end, read
from arena.transcript_writer import TranscriptWriter, event_line


class Resumed:
    """The transcript's sink at a table brought back: the events already recorded must
    come again exactly (TranscriptError otherwise) and are not written twice; the others
    are appended."""

    def __init__(self, path: Path, recorded: list[str]) -> None:
        self.path, self.recorded = path, recorded
        self.writer = TranscriptWriter(path, None)
        self.count = 0

    def __call__(self, event: BaseEvent) -> None:
        number, self.count = self.count, self.count + 1
        if number >= len(self.recorded):
            self.writer(event)
        elif event_line(event) != self.recorded[number]:
            raise TranscriptError(f"{self.path}:{number + 2}: the game played again differs "
                                  "from its transcript")

    def close(self) -> None:
        self.writer.close()


class CatchUp:
    """Shows the recorded events at once: the pacer's holds are off until the game is
    back at the last recorded event (``last``, its seq), which is held as usual."""

    def __init__(self, pacer: NightPacer, last: int) -> None:
        self.pacer, self.last = pacer, last
        self.paced = pacer.step_s, pacer.speech_s
        if last >= 0:
            pacer.step_s, pacer.speech_s = 0.0, 0.0

    def __call__(self, event: BaseEvent) -> None:
        if event.seq == self.last:
            self.pacer.step_s, self.pacer.speech_s = self.paced


def recover(manager: TableManager) -> tuple[list[str], list[str]]:
    """Bring back every table in ``manager.out_dir`` whose game was cut off: the ids of
    the tables back, and one line for each table that cannot come back."""
    back, problems = [], []
    for path in sorted(manager.out_dir.glob(f"*{SUFFIX}")):
        table_id = path.name.removesuffix(SUFFIX)
        transcript = path.with_name(f"{table_id}.jsonl")
        if ends_with_game_end(transcript):
            continue
        try:
            record = TableRecord.model_validate_json(path.read_bytes())
            table = bring_back(manager, record, transcript)
        except (OSError, ValidationError, TableError, TranscriptError) as exc:
            problems.append(f"table {table_id} cannot come back: {exc}")
        else:
            if table is not None:
                back.append(table.id)
    return back, problems


def bring_back(manager: TableManager, record: TableRecord, transcript: Path) -> Table | None:
    """The table ``record`` describes, its game played again from ``transcript`` and
    running on; None when that game has ended."""
    spec = TableSpec.model_validate(record.spec)
    config = manager.checked(spec)
    recorded = _untorn(transcript)
    if recorded.events and isinstance(recorded.events[-1], (GameEnd, Aborted)):
        return None
    if recorded.header.seed != record.seed:
        raise TableError(f"{transcript} is not the game of table {record.table}")
    table = manager.make_table(record.table, spec, config, record.seed,
                               record.night_step_s, record.speech_s)
    table.opened = set(record.opened)
    agents, specs = manager.agents(table)
    table.filled_by = record.fill
    for seat in record.filled:
        table.fill(seat)
    if record.started:
        table.started.set()
    last = recorded.events[-1].seq if recorded.events else -1
    resumed = Resumed(transcript, recorded.lines)
    clock = Clock()
    replaying = _replaying(agents, recorded.events, clock, last)
    session = manager.session(table, replaying, specs, None,
                              [resumed, clock, CatchUp(table.pacer, last)])
    assert table.spend is not None
    _billed(table.spend, recorded.events)
    _billed(manager.spend, recorded.events)
    manager.run(table, session, resumed.close)
    return table


def _replaying(agents: dict[int, Agent], events: Sequence[BaseEvent], clock: Clock,
               last: int) -> dict[int, Agent]:
    """Each seat's recorded answers while the game is before event ``last``, then its
    live agent (agents/replay.py's matching, as ``arena fork`` does)."""
    queues = decisions_by_seat([e.to_dict() for e in events])
    return {seat: ForkSeat(ReplayAgent(queues.get(seat, []), lambda: clock.seq + 1),
                           agent, clock, last)
            for seat, agent in agents.items()}


def _billed(spend: Spend, events: Sequence[BaseEvent]) -> None:
    """Count the model calls the transcript records as spent (the caps hold across
    restarts)."""
    spend.spent += sum(e.cost_usd for e in events if isinstance(e, UsageRecord))


def _untorn(path: Path) -> Transcript:
    """The transcript at ``path``, a last line cut off by the kill dropped from the file."""
    data = path.read_bytes()
    whole = data.rfind(b"\n") + 1
    if whole < len(data):
        with path.open("r+b") as file:
            file.truncate(whole)
    return read(path)

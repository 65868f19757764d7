"""Tables that survive their server: a restarted ``arena serve`` brings back every table
whose game its transcript shows cut off, and the newest finished ones (as many as the
server keeps open for reloads), read-only.

A table's settings and lobby are in ``<id>.table.json`` (``table_file``), its links are
signed again from the host secret (``links``), and its game is played again from the
transcript: the engine is deterministic given the seed and the decisions, so every seat
answers with its recorded decisions (a model's recorded answer and usage, not a new
call) until the game is back at the last recorded event, then plays live: a person is
asked the pending decision again, with a full turn. The events that come again are
checked line by line against the file and not written twice; the new ones are
appended, so ``arena replay --verify`` checks the whole game. The pages see the
recorded events at once (no pacing), then the game at its pace. A finished game is
played again to its recorded ``game_end`` the same way, nothing written: its table
holds the same events, guesses and rematch as before. A game that ended ``aborted``
does not come back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from arena.app.fork import Clock, replaying
from arena.app.server import guesses
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
    back at the last recorded event (``last``, its seq), which is held as usual; for good
    when ``last`` is None (a finished game: its end shows at once too)."""

    def __init__(self, pacer: NightPacer, last: int | None) -> None:
        self.pacer, self.last = pacer, last
        self.paced = pacer.step_s, pacer.speech_s
        if last is None or last >= 0:
            pacer.step_s, pacer.speech_s = 0.0, 0.0

    def __call__(self, event: BaseEvent) -> None:
        if event.seq == self.last:
            self.pacer.step_s, self.pacer.speech_s = self.paced


async def recover(manager: TableManager) -> tuple[list[str], list[str]]:
    """Bring back every table in ``manager.out_dir`` whose game was cut off, and the
    newest finished ones: the ids of the tables back, and one line for each table that
    cannot come back. The finished ones have reached their end again on return (in
    moments: no pacing, no live agent asked), so their pages show it from the first
    request."""
    back: list[Table] = []
    problems = []
    paths, finished = _to_bring_back(manager)
    for path in paths:
        try:
            record = TableRecord.model_validate_json(path.read_bytes())
            table = bring_back(manager, record, _transcript(path))
        except (OSError, ValidationError, TableError, TranscriptError) as exc:
            problems.append(f"table {path.name.removesuffix(SUFFIX)} cannot come back: {exc}")
        else:
            if table is not None:
                back.append(table)
    for table in back:  # "play again" made before the restart: the same rematch
        if table.rematch_id is not None:
            table.rematch = manager.get(table.rematch_id)
    await asyncio.gather(*(t.task for t in back
                           if t.task is not None and t.transcript in finished))
    return [t.id for t in back], problems


def _to_bring_back(manager: TableManager) -> tuple[list[Path], set[Path]]:
    """The settings files of the tables to bring back, oldest first: every table whose
    transcript does not end with ``game_end``, and the ``manager.kept`` finished ones
    whose transcripts changed last; and the transcripts of those finished ones."""
    finished: list[Path] = []
    cut_off: list[Path] = []
    for path in manager.out_dir.glob(f"*{SUFFIX}"):
        (finished if ends_with_game_end(_transcript(path)) else cut_off).append(path)
    finished.sort(key=lambda path: _transcript(path).stat().st_mtime_ns, reverse=True)
    newest = finished[:manager.kept]
    return sorted(cut_off + newest), {_transcript(path) for path in newest}


def _transcript(path: Path) -> Path:
    """The transcript beside the settings file ``path``."""
    return path.with_name(path.name.removesuffix(SUFFIX) + ".jsonl")


def bring_back(manager: TableManager, record: TableRecord, transcript: Path) -> Table | None:
    """The table ``record`` describes, its game played again from ``transcript`` and
    running on, or finished again; None when that game ended ``aborted``."""
    spec = TableSpec.model_validate(record.spec)
    config = manager.checked(spec)
    recorded = _untorn(transcript)
    end = recorded.events[-1] if recorded.events else None
    if isinstance(end, Aborted):
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
    if record.started or isinstance(end, GameEnd):  # a finished game has started
        table.started.set()
    table.guesses = guesses.load(transcript)
    table.rematch_id = record.rematch
    last = end.seq if end is not None else -1
    resumed = Resumed(transcript, recorded.lines)
    clock = Clock()
    seats = replaying(agents, recorded.events, clock, last)
    catch_up = CatchUp(table.pacer, None if isinstance(end, GameEnd) else last)
    session = manager.session(table, seats, specs, None, [resumed, clock, catch_up])
    assert table.spend is not None
    _billed(table.spend, recorded.events)
    _billed(manager.spend, recorded.events)
    manager.run(table, session, resumed.close)
    return table


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

"""Finished games read from transcripts, with the ground truth evaluators need."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from arena.engine.events import EVENT_TYPES, Aborted, BaseEvent, GameEnd
from arena.engine.roles.factions import faction, in_pack
from arena.errors import TranscriptError
from arena.run_layout import GAMES_DIR, is_run_folder
from arena.transcript import TornTranscript, read

DAY_LIMIT = "day limit"  # the GameEnd reason of a game stopped by game.max_days
ABORTED = "aborted"  # the event (or GameEnd reason) of a game whose model endpoint died


@dataclass(frozen=True)
class GameRecord:
    """One finished game: who sat where, what they were, who won, and every event."""

    path: Path
    game_id: str
    preset: str | None
    roles: dict[int, str]
    agents: dict[int, str]
    models: dict[int, str]  # seat -> player: tournament pool name, else model, else agent
    teams: dict[int, str]
    winner: str | None
    winners: frozenset[int]
    days: int
    events: tuple[BaseEvent, ...]
    seed: int | None = None  # the header's seed: with the preset and the cards, the deal
    dealt: tuple[str, ...] = ()  # the header's deal: the card at each seat, then the centre

    @cached_property
    def wolves(self) -> frozenset[int]:
        """The seats that wake with the pack (the village's targets)."""
        return frozenset(seat for seat, role in self.roles.items() if in_pack(role))

    @cached_property
    def stopped(self) -> str | None:
        """Why the game was stopped rather than ended by a rule: ``DAY_LIMIT`` (the
        ``game.max_days`` safety net) or ``ABORTED`` (a model endpoint died); None when a
        rule ended it. A stopped game's draw, length and votes are cut-offs."""
        return self.end_reason if self.end_reason in (DAY_LIMIT, ABORTED) else None

    @cached_property
    def end_reason(self) -> str:
        """``ABORTED`` for a game with an ``aborted`` event, else the reason of its
        ``game_end`` ("" in a record built without either)."""
        aborted = EVENT_TYPES.get(ABORTED)
        if aborted is not None and any(isinstance(e, aborted) for e in self.events):
            return ABORTED
        return next((e.reason for e in reversed(self.events) if isinstance(e, GameEnd)), "")

    @property
    def capped(self) -> bool:
        """Whether the game was stopped (by the day limit or an abort), not ended by a rule."""
        return self.stopped is not None

    def is_wolf(self, seat: int) -> bool:
        return seat in self.wolves

    def is_good(self, seat: int) -> bool:
        return self.teams[seat] == "village"


@dataclass(frozen=True)
class Kept:
    """The games a measure uses, and how many stopped games it left out, by reason."""

    games: list[GameRecord]
    left_out: dict[str, int]  # stop reason -> games left out


def left_out_note(left_out: Mapping[str, int]) -> str:
    """``"3 stopped by the day limit, 1 aborted: left out (...)"``, or "" when none was."""
    if not left_out:
        return ""
    parts = [f"{count} {_STOPPED.get(reason, reason)}" for reason, count in left_out.items()]
    return f"{', '.join(parts)}: left out (--include-capped keeps them)"


_STOPPED = {DAY_LIMIT: "stopped by the day limit", ABORTED: "aborted"}


def keep(records: Iterable[GameRecord], include_capped: bool = False) -> Kept:
    """The games every evaluation uses: those a rule ended, unless ``include_capped``; the
    stopped ones (``GameRecord.stopped``) are counted by reason. One policy for ``eval``,
    ``report``, ``compare`` and ``export`` (docs/metrics.md, "Stopped games")."""
    games: list[GameRecord] = []
    left_out: dict[str, int] = {}
    for record in records:
        if record.stopped is None or include_capped:
            games.append(record)
        else:
            left_out[record.stopped] = left_out.get(record.stopped, 0) + 1
    return Kept(games, dict(sorted(left_out.items())))


DealKey = tuple[str, str, tuple[str, ...]]


def deal_key(record: GameRecord) -> DealKey:
    """(preset, seed, cards) of the game, naming its deal (a tournament plays each deal once
    per turn of its agents; imported games share a seed but not their cards); (preset,
    game id, cards) when it has no seed."""
    seed = str(record.seed) if record.seed is not None else record.game_id
    return record.preset or "", seed, record.dealt


def deal_numbers(records: Iterable[GameRecord]) -> list[int]:
    """Each game's deal, the deals numbered 0, 1, ... in order of first appearance."""
    numbers: dict[DealKey, int] = {}
    return [numbers.setdefault(deal_key(record), len(numbers)) for record in records]


def team_of(role: str) -> str:
    """``wolves`` or ``village`` by the role's faction; a solo role is its own team."""
    side = faction(role)
    return role if side == "solo" else side


def transcript_paths(paths: Iterable[Path]) -> list[Path]:
    """The transcripts the paths name: files, tournament run folders (their ``games/``)
    and other folders (every ``*.jsonl`` under them), sorted per folder.

    A run's bookkeeping (``manifest.jsonl``, ``spend.jsonl``) is never read as a transcript.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(_folder_transcripts(path))
        elif not path.exists():
            raise TranscriptError(f"{path}: no such file or folder")
        elif is_run_folder(path.parent):
            raise TranscriptError(f"{path}: a tournament's record, not a transcript; "
                                  f"give the run folder {path.parent}")
        else:
            found.append(path)  # reading refuses what is not a regular file
    return found


def in_run_folder(path: Path) -> bool:
    """Whether the transcript is one of a tournament run folder's games."""
    return path.parent.name == GAMES_DIR and is_run_folder(path.parent.parent)


def _folder_transcripts(folder: Path) -> list[Path]:
    if is_run_folder(folder):
        return sorted((folder / GAMES_DIR).glob("*.jsonl"))
    files = sorted(folder.rglob("*.jsonl"))
    runs = {parent for parent in {f.parent for f in files} if is_run_folder(parent)}
    return [f for f in files if f.parent not in runs]


def load_record(path: Path, on_bytes: Callable[[int], None] | None = None,
                in_run: bool = False) -> GameRecord | None:
    """The game in one transcript; None when it never ended (headers only, cut short) or,
    in a run folder (``in_run``), its last line is torn (a game in flight or killed). A
    game that stopped ``aborted`` is a record without a winner (``stopped``)."""
    try:
        transcript = read(path, on_bytes)
    except TornTranscript:
        if in_run:
            return None
        raise
    end = transcript.end
    last = transcript.events[-1] if transcript.events else None
    if end is None and not isinstance(last, Aborted):
        return None
    header = transcript.header
    if not {"seats", "roles"} <= header.model_fields_set:
        raise TranscriptError(f"{path}:1: the header lacks seats or roles")
    seats = {s.seat: s for s in header.seats}
    if end is None:  # stopped aborted: no winner, the roles as dealt (``stopped``)
        assert last is not None
        end = GameEnd(last.seq, last.day, "end", "public", winner="", winners=())
    roles = header.dealt() | {int(seat): role for seat, role in end.roles.items()}
    return GameRecord(
        path=path, game_id=header.game_id or path.stem, preset=header.preset,
        roles=roles, agents={seat: s.agent for seat, s in seats.items()},
        models={seat: s.identity for seat, s in seats.items()},
        teams={seat: team_of(role) for seat, role in roles.items()},
        winner=end.winner or None, winners=frozenset(end.winners), days=end.day,
        events=tuple(transcript.events), seed=header.seed,
        dealt=tuple(role for _, role in sorted(header.dealt().items())) + tuple(header.centre),
    )


def load_records(paths: Iterable[Path], skipped: list[Path] | None = None,
                 on_bytes: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Every finished game under ``paths`` (files or folders, recursing into ``*.jsonl``).

    Unfinished games (and torn ones in run folders) are left out; pass a list as
    ``skipped`` to collect their paths. ``on_bytes`` is told the size of each line read
    (for a progress display).
    """
    records = []
    runs: dict[Path, bool] = {}
    for path in transcript_paths(paths):
        in_run = runs.setdefault(path.parent, in_run_folder(path))
        record = load_record(path, on_bytes, in_run)
        if record is not None:
            records.append(record)
        elif skipped is not None:
            skipped.append(path)
    return records

"""Finished games read from transcripts, with the ground truth evaluators need."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from arena.engine.events import BaseEvent, GameEnd
from arena.engine.roles.factions import faction, in_pack
from arena.errors import TranscriptError
from arena.run_layout import GAMES_DIR, is_run_folder
from arena.transcript import read

DAY_LIMIT = "day limit"  # the GameEnd reason of a game stopped by game.max_days


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
    def capped(self) -> bool:
        """Whether the game was stopped by the day limit (``game.max_days``) rather than
        ended by a rule: a safety net whose draw, length and votes are cut-offs."""
        end = next((e for e in reversed(self.events) if isinstance(e, GameEnd)), None)
        return end is not None and end.reason == DAY_LIMIT

    def is_wolf(self, seat: int) -> bool:
        return seat in self.wolves

    def is_good(self, seat: int) -> bool:
        return self.teams[seat] == "village"


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
        elif path.is_file():
            if is_run_folder(path.parent):
                raise TranscriptError(f"{path}: a tournament's record, not a transcript; "
                                      f"give the run folder {path.parent}")
            found.append(path)
        else:
            raise TranscriptError(f"{path}: no such file or folder")
    return found


def _folder_transcripts(folder: Path) -> list[Path]:
    if is_run_folder(folder):
        return sorted((folder / GAMES_DIR).glob("*.jsonl"))
    files = sorted(folder.rglob("*.jsonl"))
    runs = {parent for parent in {f.parent for f in files} if is_run_folder(parent)}
    return [f for f in files if f.parent not in runs]


def load_record(path: Path) -> GameRecord | None:
    """The game in one transcript; None when it never ended (headers only, cut short)."""
    transcript = read(path)
    end = next((e for e in reversed(transcript.events) if isinstance(e, GameEnd)), None)
    if end is None:
        return None
    header = transcript.header
    if not {"seats", "roles"} <= header.model_fields_set:
        raise TranscriptError(f"{path}:1: the header lacks seats or roles")
    seats = {s.seat: s for s in header.seats}
    roles = header.dealt() | {int(seat): role for seat, role in end.roles.items()}
    return GameRecord(
        path=path, game_id=header.game_id or path.stem, preset=header.preset,
        roles=roles, agents={seat: s.agent for seat, s in seats.items()},
        models={seat: s.identity for seat, s in seats.items()},
        teams={seat: team_of(role) for seat, role in roles.items()},
        winner=end.winner, winners=frozenset(end.winners), days=end.day,
        events=tuple(transcript.events), seed=header.seed,
        dealt=tuple(role for _, role in sorted(header.dealt().items())) + tuple(header.centre),
    )


def load_records(paths: Iterable[Path], skipped: list[Path] | None = None,
                 on_each: Callable[[], None] | None = None) -> list[GameRecord]:
    """Every finished game under ``paths`` (files or folders, recursing into ``*.jsonl``).

    Unfinished games are left out; pass a list as ``skipped`` to collect their paths.
    ``on_each`` is called after each file is read (for a progress display).
    """
    records = []
    for path in transcript_paths(paths):
        record = load_record(path)
        if record is not None:
            records.append(record)
        elif skipped is not None:
            skipped.append(path)
        if on_each is not None:
            on_each()
    return records

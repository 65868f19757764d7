"""Finished games read from transcripts, with the ground truth evaluators need."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from arena.engine.events import BaseEvent, GameEnd
from arena.engine.roles.factions import faction, in_pack
from arena.transcript import TranscriptError, read


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

    @cached_property
    def wolves(self) -> frozenset[int]:
        """The seats that wake with the pack (the village's targets)."""
        return frozenset(seat for seat, role in self.roles.items() if in_pack(role))

    def is_wolf(self, seat: int) -> bool:
        return seat in self.wolves

    def is_good(self, seat: int) -> bool:
        return self.teams[seat] == "village"


def team_of(role: str) -> str:
    """``wolves`` or ``village`` by the role's faction; a solo role is its own team."""
    side = faction(role)
    return role if side == "solo" else side


def transcript_paths(paths: Iterable[Path]) -> list[Path]:
    """The files named, and every ``*.jsonl`` under the folders named, sorted per folder."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob("*.jsonl")))
        elif path.is_file():
            found.append(path)
        else:
            raise TranscriptError(f"{path}: no such file or folder")
    return found


def load_record(path: Path) -> GameRecord | None:
    """The game in one transcript; None when it never ended (headers only, cut short)."""
    transcript = read(path)
    end = next((e for e in reversed(transcript.events) if isinstance(e, GameEnd)), None)
    if end is None:
        return None
    header = transcript.header
    try:
        dealt = {int(seat): str(role) for seat, role in header["roles"].items()}
        seats = {int(s["seat"]): s for s in header["seats"]}
    except (KeyError, TypeError, ValueError, AttributeError):
        raise TranscriptError(f"{path}:1: the header lacks seats or roles") from None
    roles = dealt | {int(seat): role for seat, role in end.roles.items()}
    agents = {seat: str(s.get("agent") or "?") for seat, s in seats.items()}
    return GameRecord(
        path=path, game_id=str(header.get("game_id") or path.stem), preset=header.get("preset"),
        roles=roles, agents=agents,
        models={seat: str(s.get("player") or s.get("model") or agents[seat])
                for seat, s in seats.items()},
        teams={seat: team_of(role) for seat, role in roles.items()},
        winner=end.winner, winners=frozenset(end.winners), days=end.day,
        events=tuple(transcript.events),
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

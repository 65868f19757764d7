"""Replay-verify a transcript: re-run the engine on its recorded decisions and report
the first line that differs."""

from __future__ import annotations

import asyncio
from pathlib import Path

from agents.replay import ReplayAgent, decisions_by_seat
from arena.app.session import Session
from arena.transcript import Transcript, config_of, deal_of, read
from arena.transcript_writer import event_line


def replay_lines(transcript: Transcript) -> list[str]:
    """Re-run the engine on the recorded decisions; the event lines it produces."""
    header = transcript.header
    config = config_of(header)
    queues = decisions_by_seat([e.to_dict() for e in transcript.events])
    agents = {seat: ReplayAgent(queues.get(seat, [])) for seat in range(1, config.players + 1)}
    produced: list[str] = []
    session = Session(config, dict(agents), seed=header.seed or 0,
                      deal=deal_of(header, config),
                      sinks=[lambda e: produced.append(event_line(e))],
                      record_reasoning=header.record_reasoning)
    asyncio.run(session.run())
    return produced


def verify(path: Path) -> tuple[bool, str]:
    """(ok, message): whether the engine reproduces the transcript line for line."""
    transcript = read(path)
    produced = replay_lines(transcript)
    for number, (want, got) in enumerate(zip(transcript.lines, produced, strict=False), start=2):
        if want != got:
            return False, f"line {number} differs:\n  recorded: {want}\n  replayed: {got}"
    if len(produced) != len(transcript.lines):
        return False, (f"recorded {len(transcript.lines)} events, replay produced "
                       f"{len(produced)}")
    return True, f"{len(produced)} events reproduced exactly"

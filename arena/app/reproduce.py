"""Replay-verify a transcript: re-run the engine on its recorded decisions and report
the first line that differs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path

from agents.replay import ReplayAgent, decisions_by_seat
from arena.app.reading import read_transcript
from arena.app.session import Session
from arena.engine import BaseEvent, Decision, Observation, Request, StopGame
from arena.engine.events import Aborted
from arena.transcript import Transcript, config_of, deal_of, stop_point
from arena.transcript_writer import event_line


def replay_lines(transcript: Transcript) -> list[str]:
    """Re-run the engine on the recorded decisions; the event lines it produces."""
    header = transcript.header
    config = config_of(header)
    queues = decisions_by_seat([e.to_dict() for e in transcript.events])
    produced: list[str] = []
    stops = _stops(transcript.events)
    replay = _UntilStopped if stops else ReplayAgent
    agents = {seat: replay(queues.get(seat, []), produced.__len__)
              for seat in range(1, config.players + 1)}
    session = Session(config, dict(agents), seed=header.seed or 0,
                      deal=deal_of(header, config),
                      sinks=[lambda e: produced.append(event_line(e)), *stops],
                      record_reasoning=header.record_reasoning, draws=header.draws)
    with suppress(StopGame):  # where the recorded game stopped (``_stops``)
        asyncio.run(session.run())
    return produced


class _UntilStopped(ReplayAgent):
    """A seat of a game that stopped ``aborted``: a decision the game made but never
    recorded (a bot's, asked beside the seat that stopped it) is the default; the replay
    stops before it counts."""

    async def decide(self, observation: Observation, request: Request) -> Decision:
        try:
            return await super().decide(observation, request)
        except LookupError:
            return request.default()


def _stops(events: Sequence[BaseEvent]) -> list[Callable[[BaseEvent], None]]:
    """For a game that ended ``aborted``: a sink that stops the replay after the last event
    before its end (the usage summary and ``aborted``), as the recorded game stopped."""
    last, end = stop_point(events), events[-1] if events else None
    if last is None or not isinstance(end, Aborted):
        return []

    def stop(event: BaseEvent) -> None:
        if event.seq == last:
            raise StopGame(end.cause, seat=end.seat, endpoint=end.endpoint)

    return [stop]


def verify(path: Path) -> tuple[bool, str]:
    """(ok, message): whether the engine reproduces the transcript line for line."""
    transcript = read_transcript(path)
    produced = replay_lines(transcript)
    for number, (want, got) in enumerate(zip(transcript.lines, produced, strict=False), start=2):
        if want != got:
            return False, f"line {number} differs:\n  recorded: {want}\n  replayed: {got}"
    if len(produced) != len(transcript.lines):
        return False, (f"recorded {len(transcript.lines)} events, replay produced "
                       f"{len(produced)}")
    return True, f"{len(produced)} events reproduced exactly"

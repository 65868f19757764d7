"""LLM-seat benchmark (a script that prints figures, not a test).

Plays one game of model seats on the local stub server (tests/llm/stub_server.py):
odd seats ``openai:``, even seats ``anthropic:`` (``--provider`` for one only). The
stub answers each request after a fixed delay with a legal decision read off the
turn message, and imitates each provider's prompt cache by its rules. It prints:

1. wall-clock / (critical path x delay): how close the game comes to the time
   the delays alone force. The critical path is counted from the transcript:
   the model calls of one simultaneous request group (votes, elections, wolf
   proposals, beliefs) count once (the longest seat's chain of calls); those of
   a sequential request (a speech, a night action) each count.
2. input tokens per game and per day (with the growth of a call's prompt from
   one day to the next), and the share of them in a cached prefix, from the
   transcript's usage events.
3. the cacheable share per provider: the input tokens served from its cache
   (and, for Anthropic, those written to it at 1.25x the input price).
4. a game whose seats have a 6,000-token context window on a stub that refuses
   longer requests: its fallbacks among its decisions (agents/context.py).
5. how long ``arena play`` takes to refuse a seat on a dead endpoint (a closed
   localhost port), with its exit code and one-line error (the probe before the
   first night, agents/providers/probe.py).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import socket
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for tests.llm.stub_server

from agents import SeatOptions, make_agent
from arena.engine import BaseEvent, run_game
from arena.engine.events import Fallback, Refused, UsageRecord
from arena.fallbacks import FallbackCount
from arena.presets import load_preset
from tests.llm.stub_server import StubServer

NOTES = (Refused, Fallback)  # what the judge records with an answer's usage
SMALL_WINDOW = 6000  # tokens: a small local model's context window


def critical_path(events: Sequence[BaseEvent]) -> int:
    """Model calls that had to wait for each other, counted from the usage events.

    The judge writes a request's usage (and any refusal or fallback) right after
    the answer; a simultaneous group's notes come together, before its results.
    So a run of notes all of one kind is one step, as long as its slowest seat.
    """
    steps, run = 0, list[UsageRecord]()
    for event in events:
        if isinstance(event, UsageRecord):
            if run and run[0].kind != event.kind:
                steps, run = steps + _longest_chain(run), []
            run.append(event)
        elif not isinstance(event, NOTES):
            steps, run = steps + _longest_chain(run), []
    return steps + _longest_chain(run)


def _longest_chain(run: list[UsageRecord]) -> int:
    return max(Counter(u.seat for u in run).values(), default=0)


def token_report(events: Sequence[BaseEvent]) -> list[str]:
    usage = [e for e in events if isinstance(e, UsageRecord)]
    by_day: dict[int, list[UsageRecord]] = defaultdict(list)
    for u in usage:
        by_day[u.day].append(u)
    total = sum(u.input_tokens for u in usage)
    cached = sum(u.cached_tokens for u in usage)
    lines = [f"input tokens per game: {total:,} in {len(usage)} calls; "
             f"in a cached prefix: {cached / max(total, 1):.1%}",
             "  day  calls  input tokens  per call  growth  cached"]
    previous = 0
    for day, calls in sorted(by_day.items()):
        day_input = sum(u.input_tokens for u in calls)
        day_cached = sum(u.cached_tokens for u in calls)
        per_call = day_input // len(calls)
        growth = f"{per_call - previous:+7,}" if previous else "      -"
        lines.append(f"  {day:>3}  {len(calls):>5}  {day_input:>12,}  {per_call:>8,}  {growth}"
                     f"  {day_cached / max(day_input, 1):6.1%}")
        previous = per_call
    return lines


def cache_report(events: Sequence[BaseEvent]) -> list[str]:
    """Per provider (model): the share of input tokens read from its prompt cache."""
    by_model: dict[str, list[UsageRecord]] = defaultdict(list)
    for e in events:
        if isinstance(e, UsageRecord):
            by_model[e.model].append(e)
    lines = []
    for model, calls in sorted(by_model.items()):
        total = sum(u.input_tokens for u in calls)
        read = sum(u.cached_tokens for u in calls)
        written = sum(u.cache_write_tokens for u in calls)
        lines.append(f"cacheable share, {model}: {read / max(total, 1):.3f} "
                     f"({read:,} of {total:,} input tokens read from the cache, "
                     f"{written:,} written)")
    return lines


def serve(delay: float, conn: Connection) -> None:
    """Run the stub in its own process (a model server is not in the arena's process)."""
    with StubServer(delay_s=delay) as stub:
        conn.send({"openai": f"openai:gpt-5.4-mini@{stub.openai_url}",
                   "anthropic": f"anthropic:claude-sonnet-4-5@{stub.anthropic_url}"})
        conn.recv()
        conn.send(stub.max_in_flight)


async def play(preset: str, seed: int, specs: list[str], concurrency: int | None,
               seat_options: SeatOptions | None = None
               ) -> tuple[float, tuple[BaseEvent, ...]]:
    config = load_preset(preset)
    options = (seat_options or SeatOptions()).model_copy(
        update={"max_concurrency": concurrency or config.players})
    agents = {seat: make_agent(specs[(seat - 1) % len(specs)], seat, seed, options)
              for seat in range(1, config.players + 1)}
    started = time.perf_counter()
    result = await run_game(config, agents, seed=seed)
    return time.perf_counter() - started, result.events


def small_window(preset: str, seed: int) -> str:
    """A game whose seats and stub server have a 6,000-token context window: the stub
    refuses longer requests (a fallback), the seats fold their older days to fit."""
    with StubServer() as stub:
        stub.context_window = SMALL_WINDOW
        specs = [f"openai:gpt-5.4-mini@{stub.openai_url}",
                 f"anthropic:claude-sonnet-4-5@{stub.anthropic_url}"]
        options = SeatOptions(max_tokens=1024, context_window=SMALL_WINDOW)
        _, events = asyncio.run(play(preset, seed, specs, None, options))
    count = FallbackCount(range(1, load_preset(preset).players + 1))
    for event in events:
        count(event)
    fallbacks = sum(count.fallbacks.values())
    decisions = sum(count.decisions(seat) for seat in count.seats)
    return (f"small-window game ({SMALL_WINDOW:,} tokens): {fallbacks} fallbacks of "
            f"{decisions} decisions; {stub.over_window} requests over the window; "
            f"{max((e.day for e in events), default=0)} days")


def dead_endpoint() -> str:
    """``arena play`` with one seat on a closed localhost port: seconds to exit, and how."""
    with socket.socket() as probe:  # a port nothing listens on once it is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    arena = Path(sys.executable).with_name("arena")
    command = [str(arena), "play", "--seat", f"3=openai:gpt-4o-mini@http://127.0.0.1:{port}/v1",
               "--seed", "1", "--out", str(Path("/dev/null"))]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    seconds = time.perf_counter() - started
    error = (done.stderr.strip().splitlines() or [""])[-1]
    return f"dead endpoint refused in {seconds:.2f} s, exit {done.returncode}: {error}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="classic-12")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--delay", type=float, default=0.05, help="stub answer delay (s)")
    parser.add_argument("--max-concurrency", type=int, default=None,
                        help="the seats' shared request limit (default: one per seat)")
    parser.add_argument("--provider", choices=("openai", "anthropic"), default=None,
                        help="every seat on this provider (default: odd seats openai, "
                             "even seats anthropic)")
    args = parser.parse_args()
    conn, child = multiprocessing.Pipe()
    server = multiprocessing.Process(target=serve, args=(args.delay, child), daemon=True)
    server.start()
    try:
        urls = conn.recv()
        specs = [urls[args.provider]] if args.provider else [urls["openai"], urls["anthropic"]]
        wall, events = asyncio.run(play(args.preset, args.seed, specs, args.max_concurrency))
        conn.send("stop")
        peak = conn.recv()
    finally:
        server.join(timeout=5)
    path = critical_path(events)
    fallbacks = sum(isinstance(e, Fallback) for e in events)
    refused = sum(isinstance(e, Refused) for e in events)
    days = max((e.day for e in events), default=0)
    print(f"{args.preset}, seed {args.seed}: {days} days, stub delay {args.delay * 1000:.0f} ms, "
          f"{peak} requests in flight at most, {refused} refused answers, {fallbacks} fallbacks")
    print(f"wall clock {wall:.2f} s; critical path {path} calls x {args.delay:.3f} s = "
          f"{path * args.delay:.2f} s; ratio {wall / (path * args.delay):.3f} (target <= 1.2); "
          f"overhead {(wall / path - args.delay) * 1000:.1f} ms a step")
    print("\n".join(token_report(events)))
    print("\n".join(cache_report(events)))
    print(small_window(args.preset, args.seed))
    print(dead_endpoint())


if __name__ == "__main__":
    main()

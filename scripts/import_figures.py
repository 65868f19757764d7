"""Import recorded games and count, per source and player count, how many import,
how many reproduce the record's deaths and winner, and how many pass
``arena replay --verify``; failures are counted by reason.

Usage::

    python scripts/import_figures.py [DATA_DIR ...] [--aiwolf DIR ...] [--fanlang DIR ...]
                                     [--every N] [--jobs N] [--games] [--failures]

A ``DATA_DIR`` (default /work/shared/data when no folder is given) is searched for
``*.log`` (AIWolf) and ``*.json`` (FanLang) files; ``--aiwolf`` / ``--fanlang`` (each
repeatable) read every ``*.log`` / ``*.json`` under DIR in that format. A folder's
name is its source; ``NAME=DIR`` names it. ``--every N`` takes every Nth file of
each source (a sample); ``--games`` prints one line per game, ``--failures`` only
those that do not match or verify.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from arena.app.importers import PARSERS, RecordError
from arena.app.importers.run import Imported, import_record
from arena.app.reproduce import verify
from arena.transcript_writer import TranscriptWriter

FORMATS = {".log": "aiwolf", ".json": "fanlang"}
SUFFIXES = {fmt: suffix for suffix, fmt in FORMATS.items()}
NUMBERS = re.compile(r"-?\d+(?:,\d+)*|nobody")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


@dataclass(frozen=True)
class Job:
    source: str
    fmt: str
    path: Path
    name: str


@dataclass(frozen=True)
class Outcome:
    """One game's figures: ``reason`` is "" when it imports, matches and verifies."""

    job: Job
    players: int
    imported: bool
    matches: bool
    verifies: bool
    reason: str
    line: str


def reason_of(text: str) -> str:
    """A failure message with its seats, days and quoted values blanked, so that
    messages of one kind count together."""
    return NUMBERS.sub("N", QUOTED.sub("'…'", text))


def _write(imported: Imported, path: Path) -> None:
    writer = TranscriptWriter(path, imported.header)
    for event in imported.events:
        writer(event)
    writer.close()


def run(job: Job) -> Outcome:
    """Import one recorded game, write its transcript and verify it."""
    started = time.monotonic()
    text = job.path.read_text(encoding="utf-8", errors="replace")
    try:
        record = PARSERS[job.fmt](text)
        imported = import_record(record, job.path.name)
    except RecordError as exc:
        line = f"{job.name:60} {job.fmt:8} {'-':>3} {'error':8} {'-':6} {exc}"
        players = text.count("\n0,status,") + text.startswith("0,status,")
        return Outcome(job, players, False, False, False, f"error: {reason_of(str(exc))}",
                       line)
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "game.jsonl"
        _write(imported, out)
        ok, message = verify(out)
    header = imported.header
    match = "yes" if not imported.mismatches else f"no ({len(imported.mismatches)})"
    detail = "" if not imported.mismatches else f" {imported.mismatches[0]}"
    line = (f"{job.name:60} {job.fmt:8} {len(header.seats):>3} {match:8} "
            f"{'pass' if ok else 'FAIL':6} seed {header.seed or 0:<4} "
            f"{time.monotonic() - started:5.1f}s {header.preset}{detail}")
    reason = ("" if ok else f"verify: {reason_of(message.splitlines()[0])}") or \
        ("" if not imported.mismatches else f"mismatch: {reason_of(imported.mismatches[0])}")
    return Outcome(job, record.players, True, not imported.mismatches, ok, reason, line)


def jobs(sources: list[tuple[str, str | None, Path]], every: int) -> list[Job]:
    """Every recorded game under each (name, format or None for both, folder)."""
    found = []
    for name, fmt, root in sources:
        suffixes = [SUFFIXES[fmt]] if fmt else list(FORMATS)
        files = sorted(p for p in root.rglob("*") if p.suffix in suffixes and p.is_file())
        found += [Job(name, FORMATS[p.suffix], p, f"{name}/{p.relative_to(root)}")
                  for p in files[::every]]
    return found


def table(outcomes: Iterable[Outcome]) -> list[str]:
    """Counts per (format:source, players), per source, and per format (``all``)."""
    groups: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    for o in outcomes:
        source, every = f"{o.job.fmt}:{o.job.source}", f"{o.job.fmt}:all"
        for key in ((source, str(o.players)), (source, "all"), (every, str(o.players)),
                    (every, "all")):
            groups[key].append(o)
    lines = [f"{'source':24} {'n':>4} {'records':>7} {'imported':>8} {'match':>13} "
             f"{'verify':>13}"]
    for (source, players), group in sorted(groups.items(), key=_order):
        total = len(group)
        imported = sum(o.imported for o in group)
        match = sum(o.matches for o in group)
        ok = sum(o.verifies for o in group)
        lines.append(f"{source:24} {players:>4} {total:>7} {imported:>8} "
                     f"{match:>6} {100 * match / total:5.1f}% {ok:>6} {100 * ok / total:5.1f}%")
    return lines


def _order(item: tuple[tuple[str, str], list[Outcome]]) -> tuple[str, bool, str, bool, int]:
    source, players = item[0]
    fmt, _, name = source.partition(":")
    return fmt, name == "all", name, players == "all", int(players) if players.isdigit() else 0


def reasons(outcomes: Iterable[Outcome]) -> list[str]:
    """Failures counted by reason, per source."""
    counts = Counter((o.job.source, o.reason) for o in outcomes if o.reason)
    return [f"{n:6}  {source:20} {reason}" for (source, reason), n in
            sorted(counts.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1]))]


def _source(spec: str, fmt: str | None) -> tuple[str, str | None, Path]:
    name, _, folder = spec.rpartition("=")
    path = Path(folder)
    return name or path.name, fmt, path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="*", help="folders with *.log and *.json records")
    parser.add_argument("--aiwolf", action="append", default=[], metavar="[NAME=]DIR")
    parser.add_argument("--fanlang", action="append", default=[], metavar="[NAME=]DIR")
    parser.add_argument("--every", type=int, default=1, metavar="N",
                        help="take every Nth file of each source")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--games", action="store_true", help="one line per game")
    parser.add_argument("--failures", action="store_true",
                        help="one line per game that does not match or verify")
    args = parser.parse_args(argv)
    data = args.data or ([] if args.aiwolf or args.fanlang else ["/work/shared/data"])
    sources = [_source(d, None) for d in data] + [_source(d, "aiwolf") for d in args.aiwolf] \
        + [_source(d, "fanlang") for d in args.fanlang]
    todo = jobs(sources, args.every)
    outcomes = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for outcome in pool.map(run, todo, chunksize=4):
            outcomes.append(outcome)
            if args.games or (args.failures and outcome.reason):
                print(outcome.line, flush=True)
    print("\n".join(["", *table(outcomes), "", "failures by reason:", *reasons(outcomes)]))
    matched = sum(o.matches for o in outcomes)
    verified = sum(o.verifies for o in outcomes)
    print(f"{len(outcomes)} records: deaths and winner match in {matched}, "
          f"replay --verify passes in {verified}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

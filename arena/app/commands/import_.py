"""``arena import FORMAT FILE -o OUT.jsonl``: a recorded game from another source as
our transcript, played by the engine on the recorded decisions."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from arena.app.importers import PARSERS, RecordError
from arena.app.importers.run import import_record
from arena.engine import RuleError
from arena.errors import UsageError
from arena.files import read_text
from arena.outputs import check_outputs, write_text
from arena.transcript_writer import event_line


def cmd_import(args: argparse.Namespace, console: Console) -> int:
    source, out = Path(args.file), Path(args.out)
    check_outputs({"--out": out}, [source])
    text = read_text(source, UsageError)
    try:
        imported = import_record(PARSERS[args.format](text), source.name)
    except (RecordError, RuleError, ValueError) as exc:
        raise UsageError(f"{source}: {exc}") from None
    lines = [imported.header.line(), *map(event_line, imported.events)]
    write_text(out, "\n".join(lines) + "\n")  # the transcript format: header, then events
    for note in imported.differences:
        console.print(f"note: {note}", markup=False, highlight=False)
    for problem in imported.mismatches:
        console.print(f"MISMATCH: {problem}", markup=False, highlight=False, style="red")
    verdict = ("deaths and winner match the record" if not imported.mismatches
               else f"{len(imported.mismatches)} mismatches with the record")
    console.print(f"wrote {out}: {len(imported.events)} events, {verdict}", markup=False,
                  highlight=False)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("import", help="turn a recorded game (fanlang, aiwolf) into a "
                                           "transcript")
    parser.add_argument("format", choices=sorted(PARSERS), help="the source's format")
    parser.add_argument("file", help="the recorded game")
    parser.add_argument("-o", "--out", required=True, help="the transcript to write (.jsonl)")
    parser.set_defaults(run=cmd_import)

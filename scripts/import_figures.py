"""Import every recorded game under a data folder and print, per game, whether the
engine's deaths and winner match the record and whether ``arena replay --verify``
passes on the written transcript.

Usage: ``python scripts/import_figures.py [DATA_DIR]`` (default /work/shared/data):
``*.log`` files are read as AIWolf logs, ``*.json`` files as FanLang games.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from arena.app.importers import PARSERS, RecordError
from arena.app.importers.run import Imported, import_record
from arena.app.reproduce import verify
from arena.transcript_writer import TranscriptWriter

FORMATS = {".log": "aiwolf", ".json": "fanlang"}


def _write(imported: Imported, path: Path) -> None:
    writer = TranscriptWriter(path, imported.header)
    for event in imported.events:
        writer(event)
    writer.close()


def row(path: Path, root: Path, scratch: Path) -> tuple[str, bool, bool]:
    """One table line for a recorded game, whether it matches and whether it verifies."""
    fmt = FORMATS[path.suffix]
    name = str(path.relative_to(root))
    started = time.monotonic()
    try:
        imported = import_record(PARSERS[fmt](path.read_text(encoding="utf-8")), path.name)
    except RecordError as exc:
        return f"{name:44} {fmt:8} {'-':>3} {'error':8} {'-':6} {exc}", False, False
    out = scratch / f"{path.stem}.jsonl"
    _write(imported, out)
    ok, _ = verify(out)
    header = imported.header
    match = "yes" if not imported.mismatches else f"no ({len(imported.mismatches)})"
    line = (f"{name:44} {fmt:8} {len(header.seats):>3} {match:8} "
            f"{'pass' if ok else 'FAIL':6} seed {header.seed or 0:<4} "
            f"{time.monotonic() - started:5.1f}s {header.preset}")
    return line, not imported.mismatches, ok


def main(root: Path) -> int:
    files = sorted(p for p in root.rglob("*") if p.suffix in FORMATS)
    print(f"{'record':44} {'format':8} {'n':>3} {'matches':8} {'verify':6}")
    matched = verified = 0
    with tempfile.TemporaryDirectory() as scratch:
        for path in files:
            line, match, ok = row(path, root, Path(scratch))
            matched, verified = matched + match, verified + ok
            print(line, flush=True)
    print(f"{len(files)} records: deaths and winner match in {matched}, "
          f"replay --verify passes in {verified}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data")))

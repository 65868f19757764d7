"""Shared helpers for the importer tests: fixtures, importing, writing transcripts."""

from __future__ import annotations

from pathlib import Path

from arena.app.importers import PARSERS
from arena.app.importers.run import Imported, import_record
from arena.transcript_writer import event_line

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def import_text(fmt: str, text: str) -> Imported:
    return import_record(PARSERS[fmt](text), "test")


def write(imported: Imported, path: Path) -> Path:
    lines = [imported.header.line()]
    lines += [event_line(e) for e in imported.events]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def of_type(imported: Imported, type_: str) -> list[dict[str, object]]:
    return [e.to_dict() for e in imported.events if getattr(e, "type", "") == type_]

"""Importers: recorded games from other sources turned into our transcripts.

Each format module parses its file into a :class:`~arena.app.importers.record.Record`
(the deal, every recorded decision, the recorded deaths and winner);
:func:`~arena.app.importers.run.import_record` then plays the real engine on those
decisions and compares what it produces with the record.
"""

from __future__ import annotations

from collections.abc import Callable

from arena.app.importers.aiwolf import parse as parse_aiwolf
from arena.app.importers.fanlang import parse as parse_fanlang
from arena.app.importers.record import Record, RecordError

PARSERS: dict[str, Callable[[str], Record]] = {"fanlang": parse_fanlang, "aiwolf": parse_aiwolf}

__all__ = ["PARSERS", "Record", "RecordError"]

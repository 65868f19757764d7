"""The prompt set each model seat of a fork reads: the one whose texts the parent's seat
read. The parent's header records hashes, not folders (docs/transcript.md), so the fork
looks for them among the shipped set and the folders given with ``--prompts DIR``; a
seat none of them matches stops the fork with one line rather than play on other texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from agents.prompts import FILES, LANGS, SHIPPED, PromptSet, PromptSetError, load
from arena.errors import UsageError
from arena.header import SeatEntry, TranscriptHeader


def read_texts(header: TranscriptHeader, entry: SeatEntry) -> dict[str, str]:
    """The hashes of the templates the parent's seat read: its own set's, else the
    shipped set's of its language as the header recorded them; empty for a seat that
    was not a model (no ``lang``) or a header that records none."""
    if entry.lang is None:
        return {}
    if entry.prompts is not None:
        return entry.prompts
    keys = (f"{entry.lang}/{name}" for name in FILES)
    return {key: header.prompts[key] for key in keys if key in header.prompts}


class ForkPrompts:
    """The sets a fork may give its model seats, in each language the parent's ``seats``
    played: the shipped one, then ``folders``, each checked first (a broken one, or a
    language no set has, is a UsageError, one line)."""

    def __init__(self, folders: Sequence[Path], seats: Sequence[SeatEntry]) -> None:
        self.folders = list(folders)
        strange = next((e for e in seats if e.lang not in (None, *LANGS)), None)
        if strange is not None:
            raise UsageError(f"seat {strange.seat} played in {strange.lang!r}, which no "
                             f"prompt set has ({', '.join(LANGS)})")
        try:
            self.sets: dict[str, list[tuple[Path | None, PromptSet]]] = {
                lang: [(None, SHIPPED), *((f, load(f, lang)) for f in self.folders)]
                for lang in {"en", *(e.lang for e in seats if e.lang)}}
        except PromptSetError as exc:
            raise UsageError(f"--prompts: {exc}") from None

    def folder(self, seat: int, lang: str, read: dict[str, str]) -> Path | None:
        """The folder (None: the shipped set) whose ``lang`` texts are ``read``; with
        nothing recorded, the first folder given, else the shipped set. UsageError when
        none matches."""
        if not read:
            return self.folders[0] if self.folders else None
        differing: set[str] = set()
        for folder, chosen in self.sets[lang]:
            texts = chosen.hashes((lang,))
            misses = {key for key, digest in read.items() if texts.get(key) != digest}
            if not misses:
                return folder
            differing |= misses
        named = " and ".join(["the shipped set's", *(f"{folder}'s" for folder in self.folders)])
        raise UsageError(f"seat {seat} played on a prompt set with other texts "
                         f"({', '.join(key for key in read if key in differing)} differ "
                         f"from {named}); give it with --prompts DIR")

"""Every TOML example in the file docs loads through its loader, as a user would paste it.

A fragment (a block that shows one part of a file) is listed in FRAGMENTS with the
lines that complete it; it must fail alone and load once completed.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents.scripted import ScenarioError
from agents.seat_options import TableError, parse_table
from arena.app import scenario
from arena.app.tournament.config import TournamentError, parse_config

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```toml\n(.*?)^```", re.S | re.M)

# doc -> its loader and the one-line error that loader raises
LOADERS: dict[str, tuple[Callable[[str], Any], type[Exception]]] = {
    "scenarios.md": (lambda text: scenario.parse(tomllib.loads(text), "docs/scenarios.md"),
                     ScenarioError),
    "tables.md": (lambda text: parse_table(text, "docs/tables.md"), TableError),
    "tournament.md": (lambda text: parse_config(text, "docs/tournament.md"), TournamentError),
}
# (doc, block number from 0) -> what completes the fragment
FRAGMENTS = {
    ("scenarios.md", 1): 'preset = "classic-8"\n',  # a [rules] table alone
}


def examples() -> list[tuple[str, int, str]]:
    return [(doc, number, block) for doc in LOADERS
            for number, block in enumerate(BLOCK.findall((DOCS / doc).read_text("utf-8")))]


@pytest.mark.parametrize(("doc", "number", "block"), examples(),
                         ids=[f"{d}#{n}" for d, n, _ in examples()])
def test_doc_example_loads(doc: str, number: int, block: str) -> None:
    load, error = LOADERS[doc]
    preamble = FRAGMENTS.get((doc, number))
    if preamble is None:
        load(block)
        return
    with pytest.raises(error):
        load(block)
    load(preamble + block)


def test_every_doc_has_examples_and_every_fragment_exists() -> None:
    found = {(doc, number) for doc, number, _ in examples()}
    assert {doc for doc, _ in found} == set(LOADERS)
    assert set(FRAGMENTS) <= found

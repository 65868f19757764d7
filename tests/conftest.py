"""Fixtures shared by every test folder."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.llm.stub_server import StubServer


def pytest_configure(config: pytest.Config) -> None:
    """Collect cyclic garbage less often: the shared games keep large object graphs alive,
    and the default thresholds rescan them all the time (about a tenth of the run's CPU)."""
    gc.set_threshold(100_000, 50, 1000)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built lives to the end: keep the collector from scanning it."""
    gc.freeze()


@pytest.fixture
def stub() -> Iterator[StubServer]:
    """The local model-API stub server (OpenAI and Anthropic shapes), for one test."""
    with StubServer() as server:
        yield server


@pytest.fixture(scope="session")
def played_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished classic-8 game of heuristic bots (seed 4), ``G.jsonl``, played once:
    copy it before changing it."""
    from arena.app.entry import main

    path = tmp_path_factory.mktemp("played") / "G.jsonl"
    assert main(["play", "--preset", "classic-8", "--seed", "4", "--out", str(path)]) == 0
    return path


# session fixtures that play many games: the tests using one run on one xdist worker, so
# the games are played once per run instead of once per worker
SHARED_GAMES = ("random_games",)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        shared = [name for name in SHARED_GAMES if name in getattr(item, "fixturenames", ())]
        if shared and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(f"fixture-{shared[0]}"))


SLOW_LEFT = pytest.StashKey[int]()


def pytest_deselected(items: list[pytest.Item]) -> None:
    """Count the `slow` tests a marker expression left out (in each xdist worker too)."""
    if items:
        stash = items[0].config.stash
        stash[SLOW_LEFT] = stash.get(SLOW_LEFT, 0) + sum(
            1 for item in items if item.get_closest_marker("slow"))


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: hand the count to the controller
        workeroutput["slow_left"] = session.config.stash.get(SLOW_LEFT, 0)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """xdist: every worker collects the same tests, so any worker's count is the count."""
    left = getattr(node, "workeroutput", {}).get("slow_left")
    if left is not None:
        node.config.stash[SLOW_LEFT] = max(node.config.stash.get(SLOW_LEFT, 0), left)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    """Say how many `slow` tests were left to `make test-full` (none is skipped silently)."""
    left = config.stash.get(SLOW_LEFT, 0)
    if left:
        terminalreporter.write_line(f"{left} slow tests left to `make test-full`", bold=True)

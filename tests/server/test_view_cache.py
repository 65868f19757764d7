"""The views kept per change: what a page gets from the cache is what computing it afresh
gives, for every seat and the spectator at every point of a game, and a change (a wake)
drops the kept views."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from fastapi.testclient import TestClient

from arena.app.server.table import Table
from arena.app.server.view_cache import View, ViewCache
from arena.engine.events import GameEnd
from tests.server.helpers import create, drive, table_of, wait_for


def fresh(view: Callable[[], View], table: Table) -> View:
    table.views = ViewCache()  # nothing kept: computed now
    return view()


def test_kept_views_equal_fresh_ones_and_a_change_drops_them(client: TestClient) -> None:
    created = create(client, humans=[1, 3])
    drive(client, created, seed=2)
    table = table_of(client, created)
    wait_for(table.ended)
    full = list(table.log)
    compared = 0
    for cut in (*range(0, len(full), len(full) // 3), len(full)):
        table.log = full[:cut]
        table.over = any(isinstance(e, GameEnd) for e in table.log)
        table.wake()
        for after in (0, cut // 2):
            for view in (partial(table.seat_view, 1, after), partial(table.seat_view, 3, after),
                         partial(table.spectator_view, after)):
                kept = view()
                assert fresh(view, table) == kept
                compared += 1
    assert compared >= 24
    # a change without a wake is not seen (the view is kept); the wake shows it
    table.log = full[:10]
    table.wake()
    before = table.spectator_view(0)
    table.log = full[:20]
    assert table.spectator_view(0) == before
    table.wake()
    assert table.spectator_view(0)["last"] > before["last"]
    assert table.spectator_view(0) == fresh(partial(table.spectator_view, 0), table)

"""The web table explains the New Moon events in force: each view lists the cards in
force with their names and effects, in the table's language, from the public new_moon
events (a card leaves the list when it ends)."""

from __future__ import annotations

from pathlib import Path

from arena.engine.events import NewMoon
from arena.text import catalog
from arena.text.new_moon_panel import moon_in_force
from tests.server.helpers import create, drive, host_client, table_of


def test_the_views_list_the_events_in_force_until_they_end(tmp_path: Path) -> None:
    with host_client(tmp_path) as client:
        created = create(client, preset="newmoon-8", humans=[1], bots="random", seed=2,
                         lang="zh")
        views = drive(client, created, seed=2)
        table = table_of(client, created)
    assert "moon" in views[1]
    log = table.log
    moons = [(n, e) for n, e in enumerate(log) if isinstance(e, NewMoon)]
    lasting = next((n, e) for n, e in moons if e.card == "E5" and e.step == "drawn")
    ended = next(n for n, e in moons if e.card == "E5" and e.step == "ended")
    words = catalog("zh")
    during = moon_in_force(log[:lasting[0] + 1], "zh")
    assert {"card": "E5", "name": words.t("moon_card.E5"),
            "effect": words.t("moon_effect.E5")} in during
    assert "E5" not in [c["card"] for c in moon_in_force(log[:ended + 1], "zh")]
    spirits = next(n for n, e in moons if e.card == "E4")  # acts at once: never in force
    assert "E4" not in [c["card"] for c in moon_in_force(log[:spirits + 1], "zh")]

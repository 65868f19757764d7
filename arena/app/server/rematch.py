""""Play again": a finished table's rematch, with the same people on the same seats.

The new table keeps every setting of the old one (preset, rules, agents, pacing, turn,
language) but draws a fresh seed, so the deal differs. Its people are the seats whose
person played (a seat the table's bot, or a model, took over at the start stays with
it). It is made once: whoever presses first (a person at the table, or the host) makes
it, and every page of the old table then shows its own link at the new one (a seat's new
seat, a spectator's new spectator link); the new table waits in its lobby until they
have come. Its id is kept in the old table's settings file, so a restarted server that
brings both back links them again (``recovery``); if the rematch did not come back, the
old table makes no second one.
"""

from __future__ import annotations

from arena.app.server.table import Table, TableError
from arena.app.server.table_manager import TableManager


def play_again(manager: TableManager, table: Table) -> Table:
    """``table``'s rematch, made now or the one made before; TableError if the game has
    not ended, or nobody played it."""
    if table.rematch is not None:
        return table.rematch
    if table.rematch_id is not None:
        raise TableError("this table's rematch was made before the server restarted and "
                         "did not come back")
    if not table.ended():
        raise TableError("the game has not ended yet")
    if not table.tokens:
        raise TableError("no person played at this table: there is nobody to play again")
    filled = set(table.spec.humans) - set(table.tokens)
    models = {} if table.filled_by == "bot" else dict.fromkeys(filled, table.filled_by)
    spec = table.spec.model_copy(update={"seed": None, "humans": sorted(table.tokens),
                                         "agents": {**table.spec.agents, **models}})
    table.rematch = manager.create(spec)
    table.rematch_id = table.rematch.id
    table.save()
    table.wake()
    return table.rematch

"""uvicorn's server for the web tables: it ends the pages' live streams before it stops,
so Ctrl-C does not wait for (or tear through) open connections."""

from __future__ import annotations

import socket

import uvicorn
from fastapi import FastAPI

from arena.app.server.table import TableManager


class TableServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, tables: TableManager) -> None:
        super().__init__(config)
        self.tables = tables

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.tables.end_streams()
        await super().shutdown(sockets)


def table_server(app: FastAPI, host: str, port: int) -> TableServer:
    """A server for an app made by ``create_app``; no access log, as links carry tokens."""
    config = uvicorn.Config(app, host=host, port=port, access_log=False, log_level="warning")
    return TableServer(config, app.state.tables)

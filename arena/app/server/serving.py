"""uvicorn's server for the web tables: it ends the pages' live streams before it stops,
so Ctrl-C does not wait for (or tear through) open connections, and it drops a client
whose request has not fully arrived in time (a slow or half-sent request would
otherwise hold its connection for ever)."""

from __future__ import annotations

import asyncio
import socket

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from arena.app.server.table_manager import TableManager

REQUEST_S = 10.0  # the time a client has to send a whole request (headers and body)
SENT = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)  # the client's side is done


class PromptProtocol(H11Protocol):
    """HTTP/1.1 that closes a connection whose request is still incomplete
    ``request_s`` after its connection opened or its first bytes came."""

    request_s = REQUEST_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer: asyncio.TimerHandle | None = None
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._timer is None:  # the next request on this connection begins
            self._arm()
        super().data_received(data)
        if self.conn.their_state in SENT and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._timer = self.loop.call_later(self.request_s, self._too_slow)

    def _too_slow(self) -> None:
        self._timer = None
        if not self.transport.is_closing():
            self.transport.close()


class TableServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, tables: TableManager) -> None:
        super().__init__(config)
        self.tables = tables

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.tables.end_streams()
        await super().shutdown(sockets)


def table_server(app: FastAPI, host: str, port: int, request_s: float = REQUEST_S
                 ) -> TableServer:
    """A server for an app made by ``create_app``; no access log, as links carry tokens;
    a request not wholly sent within ``request_s`` seconds loses its connection."""
    protocol = type("Prompt", (PromptProtocol,), {"request_s": request_s})
    config = uvicorn.Config(app, host=host, port=port, access_log=False, log_level="warning",
                            http=protocol)
    return TableServer(config, app.state.tables)

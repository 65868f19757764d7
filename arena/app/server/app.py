"""The FastAPI app: host page, seat and spectator pages, their APIs and live streams.

Every seat endpoint takes the seat's token (``?token=`` or the ``X-Token``
header): none gives 401, a token that does not open that seat 403, an unknown
table 404. Answers are validated, size-limited and checked against the seat's
pending request; pages get data only and render it as text.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, Response
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from arena import presets
from arena.app.server import form_errors, i18n, links
from arena.app.server.answers import Answer
from arena.app.server.game_page import game_page
from arena.app.server.guesses import Guess
from arena.app.server.pages import STATIC, page
from arena.app.server.profiles import Profiles
from arena.app.server.recovery import recover
from arena.app.server.refusals import refusal_page, wants_page
from arena.app.server.rematch import play_again
from arena.app.server.seating import BOTS
from arena.app.server.table import StartRequest, Table, TableError, TableSpec
from arena.app.server.table_manager import MAX_TABLES, NIGHT_STEP_S, TableManager

log = logging.getLogger("arena.serve")
MAX_BODY = 16_384
HEARTBEAT_S = 15.0
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
Token = Annotated[str | None, Query(max_length=100)]
TokenHeader = Annotated[str | None, Header(alias="X-Token", max_length=100)]
HostToken = Annotated[str | None, Header(alias="X-Host-Token", max_length=100)]
After = Annotated[int, Query(ge=0)]


def create_app(out_dir: Path = Path("transcripts"), max_tables: int = MAX_TABLES, *,
               host_token: str | None = None, profiles: Profiles | None = None,
               budget_usd: float | None = None, table_budget_usd: float | None = None,
               night_step_s: float = NIGHT_STEP_S, speech_s: float | None = None) -> FastAPI:
    """The web table server; its TableManager is ``app.state.tables``. Creating tables
    takes ``host_token`` (``X-Host-Token``; when none is given, one signed with the host
    secret in ``out_dir``, in ``app.state.host_token``): a stranger who reaches the server
    cannot spend its model budget. Tables a killed server left mid-game come back at start,
    and its newest finished tables (``recovery``).
    ``night_step_s``: each night step's least time where a table does not set its own;
    ``speech_s`` likewise a day's speech's time on screen (None: from its length)."""
    signing = links.host_secret(out_dir)
    manager = TableManager(out_dir, max_tables, profiles=profiles, budget_usd=budget_usd,
                           table_budget_usd=table_budget_usd, night_step_s=night_step_s,
                           speech_s=speech_s, secret=signing)
    host_secret = host_token or links.sign(signing, "host")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        back, problems = await recover(manager)  # the tables a stopped server left
        for line in problems:
            log.warning("%s", line)
        if back:
            log.warning("%d table(s) back from their transcripts", len(back))
        yield
        await manager.close()

    app = FastAPI(title="Werewolf Arena", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.tables = manager
    app.state.host_token = host_secret
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.middleware("http")
    async def guard(request: Request,
                    call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.method == "POST":
            length = request.headers.get("content-length")
            if length is None or not length.isdigit():
                return JSONResponse({"detail": "a Content-Length is required"}, 411)
            if int(length) > MAX_BODY:
                return JSONResponse({"detail": f"body larger than {MAX_BODY} bytes"}, 413)
        response = await call_next(request)
        for name, value in SECURITY_HEADERS.items():  # a page may set its own policy
            response.headers.setdefault(name, value)
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        """The host form's errors in plain words; the other APIs keep pydantic's detail."""
        if request.url.path != "/api/tables":
            return await request_validation_exception_handler(request, exc)
        body = exc.body if isinstance(exc.body, dict) else {}
        lang = str(body.get("lang", "en"))
        return JSONResponse({"detail": form_errors.plain(exc.errors(), lang)}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def refused(request: Request, exc: StarletteHTTPException) -> Response:
        """A browser opening a page it may not see gets a page in words, same status."""
        if wants_page(request.method, request.url.path, request.headers.get("accept", "")):
            return HTMLResponse(refusal_page(exc.status_code, str(exc.detail)),
                                exc.status_code, headers=exc.headers)
        return await http_exception_handler(request, exc)

    def table_of(table_id: str) -> Table:
        table = manager.get(table_id)
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    def given(token: str | None, header: str | None) -> str:
        secret = header or token
        if not secret:
            raise HTTPException(401, "this page needs its private link (token missing)")
        return secret

    def seat_access(table_id: str, seat: int, token: str | None, header: str | None) -> Table:
        table = table_of(table_id)
        if table.seat_for(given(token, header)) != seat:
            raise HTTPException(403, "this link does not open that seat")
        table.join(seat)  # an opened seat is taken: the lobby no longer offers it
        return table

    def host_access(header: HostToken = None) -> None:
        """Before anything else of the request is read: 401 without the host token."""
        if not header:
            raise HTTPException(401, "creating tables needs the host link (host token missing)")
        if not secrets.compare_digest(header.encode(), host_secret.encode()):
            raise HTTPException(403, "this is not the server's host token")

    def spectator_access(table_id: str, token: str | None, header: str | None) -> Table:
        table = table_of(table_id)
        if not table.is_spectator(given(token, header)):
            raise HTTPException(403, "this is not the table's spectator link")
        return table

    @app.get("/")
    async def host_page() -> HTMLResponse:
        return HTMLResponse(page("host"))

    @app.get("/lobby")
    async def lobby_page() -> HTMLResponse:
        return HTMLResponse(page("lobby"))

    @app.get("/api/lobby")
    async def lobby() -> dict[str, Any]:
        return {"tables": manager.lobby()}

    @app.post("/api/lobby/{table_id}/{seat}")
    async def take_seat(table_id: str, seat: int) -> dict[str, str]:
        """A free seat of a lobby table: its private link, given once."""
        table = table_of(table_id)
        if seat not in table.free_seats():
            raise HTTPException(409, "that seat is no longer free")
        table.opened.add(seat)
        table.save()
        table.wake()
        return {"seat": table.seat_link(seat)}

    @app.get("/api/meta")
    async def meta(lang: str = "en") -> dict[str, Any]:
        lang = lang if lang in i18n.LANGS else "en"
        return {"strings": i18n.strings(lang), "bots": list(BOTS), "langs": list(i18n.LANGS),
                "presets": _preset_sizes()}

    @app.get("/api/host", dependencies=[Depends(host_access)])
    async def host_state() -> dict[str, Any]:
        """The host page's own data: the model profiles offered and what tables spent."""
        return {"profiles": manager.profiles.offered(), "spending": manager.spending()}

    @app.post("/api/tables", status_code=201, dependencies=[Depends(host_access)])
    async def create_table(spec: TableSpec) -> dict[str, Any]:
        return _links(_made(lambda: manager.create(spec)))

    @app.post("/api/tables/{table_id}/again", dependencies=[Depends(host_access)])
    async def host_again(table_id: str) -> dict[str, Any]:
        """Play again (the host): the finished table's rematch and all its links."""
        return _links(_made(lambda: play_again(manager, table_of(table_id))))

    @app.post("/api/tables/{table_id}/seats/{seat}/again")
    async def seat_again(table_id: str, seat: int, token: Token = None,
                         x_token: TokenHeader = None) -> dict[str, Any]:
        """Play again (a person at the table): the rematch's link to this seat; every
        other page of the table shows its own."""
        table = seat_access(table_id, seat, token, x_token)
        _made(lambda: play_again(manager, table))
        return {"again": table.way_back(seat)["again"]}

    @app.get("/game/{table_id}")
    async def game(table_id: str, token: Token = None, x_token: TokenHeader = None
                   ) -> HTMLResponse:
        """The game's page, god view, for the table's people and spectators once it has
        ended (at a spot the AI table, once this person's guess is in)."""
        table = table_of(table_id)
        secret = given(token, x_token)
        seat = table.seat_for(secret)
        if seat is None and not table.is_spectator(secret):
            raise HTTPException(403, "this link does not open that table")
        if table.way_back("god" if seat is None else seat)["game_page"] is None:
            raise HTTPException(409, "the game's page opens once the game has ended")
        assert table.transcript is not None
        page, policy = game_page(table.transcript, table.spec.lang)
        return HTMLResponse(page, headers={"Content-Security-Policy": policy})

    @app.post("/api/tables/{table_id}/start", dependencies=[Depends(host_access)])
    async def start_table(table_id: str, body: StartRequest | None = None
                          ) -> dict[str, Any]:
        """Start the game now; the table's bot (or the model profile the body's ``fill``
        names) plays the seats nobody has opened."""
        try:
            return {"filled": table_of(table_id).start(body.fill if body else "bot")}
        except TableError as exc:
            raise HTTPException(400, str(exc)) from None

    @app.get("/play/{table_id}/{seat}")
    async def seat_page(table_id: str, seat: int, token: Token = None,
                        x_token: TokenHeader = None) -> HTMLResponse:
        seat_access(table_id, seat, token, x_token)
        return HTMLResponse(page("play"))

    @app.get("/watch/{table_id}")
    async def spectator_page(table_id: str, token: Token = None,
                             x_token: TokenHeader = None) -> HTMLResponse:
        spectator_access(table_id, token, x_token)
        return HTMLResponse(page("play"))

    @app.get("/api/tables/{table_id}/seats/{seat}")
    async def seat_state(table_id: str, seat: int, token: Token = None,
                         x_token: TokenHeader = None, after: After = 0) -> Response:
        table = seat_access(table_id, seat, token, x_token)
        table.seats[seat].back()
        return _json(table, table.seat_view(seat, after))

    @app.post("/api/tables/{table_id}/seats/{seat}/answer")
    async def answer(table_id: str, seat: int, body: Answer, token: Token = None,
                     x_token: TokenHeader = None) -> dict[str, Any]:
        web = seat_access(table_id, seat, token, x_token).seats[seat]
        web.back()
        pending = web.pending
        # answered already: by this seat's other tab, or a second click on the way
        if pending is None or pending.number != body.request or pending.answer.done():
            raise HTTPException(409, "that request is no longer pending")
        problem = web.answer(body.decision())
        if problem is not None:
            raise HTTPException(422, problem)
        return {"accepted": body.request}

    @app.post("/api/tables/{table_id}/seats/{seat}/guess")
    async def guess(table_id: str, seat: int, body: Guess, token: Token = None,
                    x_token: TokenHeader = None) -> dict[str, Any]:
        """Spot the AI: the seats this person takes for AI, once the game is over."""
        problem = seat_access(table_id, seat, token, x_token).guess(seat, body.ai)
        if problem is not None:
            raise HTTPException(409, problem)
        return {"guessed": body.ai}

    @app.get("/api/tables/{table_id}/seats/{seat}/stream")
    async def seat_stream(table_id: str, seat: int, token: Token = None,
                          x_token: TokenHeader = None, after: After = 0,
                          last_event_id: Annotated[str | None, Header()] = None
                          ) -> StreamingResponse:
        table = seat_access(table_id, seat, token, x_token)
        table.seats[seat].back()
        return _stream(table, lambda n: table.seat_view(seat, n), _resume(after, last_event_id))

    @app.get("/api/tables/{table_id}/spectate")
    async def spectator_state(table_id: str, token: Token = None, x_token: TokenHeader = None,
                              after: After = 0) -> Response:
        table = spectator_access(table_id, token, x_token)
        return _json(table, table.spectator_view(after))

    @app.get("/api/tables/{table_id}/spectate/stream")
    async def spectator_stream(table_id: str, token: Token = None,
                               x_token: TokenHeader = None, after: After = 0,
                               last_event_id: Annotated[str | None, Header()] = None
                               ) -> StreamingResponse:
        table = spectator_access(table_id, token, x_token)
        return _stream(table, table.spectator_view, _resume(after, last_event_id))

    return app


@functools.cache
def _preset_sizes() -> list[dict[str, Any]]:
    return [{"name": n, "players": presets.load_preset(n).players}
            for n in presets.preset_names()]


def _made(make: Callable[[], Table]) -> Table:
    """The table ``make`` creates; a TableError is the request's fault (400)."""
    try:
        return make()
    except TableError as exc:
        raise HTTPException(400, str(exc)) from None


def _links(table: Table) -> dict[str, Any]:
    """What the host page gets for a new table: its seed and every private link."""
    return {"table": table.id, "players": table.config.players, "seed": table.seed,
            "seats": {str(s): table.seat_link(s) for s in table.tokens},
            "spectator": table.spectator_link()}


def _resume(after: int, last_event_id: str | None) -> int:
    """Where a stream starts: after the last event the browser has (on reconnect)."""
    if last_event_id is not None and last_event_id.strip().isdigit():
        return int(last_event_id)
    return after


def _json(table: Table, view: dict[str, Any]) -> Response:
    """A view as the API's answer, its JSON made once per change (``view_cache``)."""
    return Response(table.views.text(view), media_type="application/json")


def _stream(table: Table, view: Callable[[int], dict[str, Any]], after: int
            ) -> StreamingResponse:
    """Server-sent events: the view when it changes for this viewer (changes it cannot see
    send nothing, so their timing stays hidden) and at each heartbeat, until the game ends."""

    async def messages() -> AsyncIterator[str | bytes]:
        cursor, sent = after, None
        async for changed in table.updates(HEARTBEAT_S):
            if table.closed:
                return
            state = view(cursor)
            mark = (state["last"], state["pending"] and state["pending"]["number"],
                    state["away"], state["over"], state["error"], tuple(state["thinking"]),
                    state["guess"], state["lobby"]["here"], state["lobby"]["started"],
                    state["game_page"], state["again"])
            if changed and mark == sent:
                continue
            cursor, sent = state["last"], mark
            yield table.views.event(state)
            ended = table.task is not None and table.task.done()
            if (table.over or table.error) and ended and not state["guess"]:
                yield "event: end\ndata: {}\n\n"
                return

    return StreamingResponse(messages(), media_type="text/event-stream",
                             headers={"X-Accel-Buffering": "no"})

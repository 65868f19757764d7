"""``arena serve``: host web tables where humans play against agents by private links."""

from __future__ import annotations

import argparse
import math
import os
import socket
import tempfile
from pathlib import Path

from rich.console import Console

from agents.prompts import LANGS
from agents.seat_options import TableError
from arena.app.commands._prompts_option import checked_prompts
from arena.app.server.profiles import load_profiles
from arena.errors import UsageError

HOST_TOKEN_ENV = "ARENA_HOST_TOKEN"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("serve", help="host web tables for human players")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for a LAN)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--out-dir", default="transcripts",
                        help="where each table's transcript is written (default transcripts)")
    parser.add_argument("--max-tables", type=int, default=32,
                        help="how many games may run at once (default 32)")
    parser.add_argument("--table", metavar="PROFILES.toml",
                        help="the model profiles the host page offers for seats "
                             "([profiles.NAME] sections in the table-file format)")
    parser.add_argument("--prompts", metavar="DIR",
                        help="the model seats' prompt set: a folder shaped like prompts/, with "
                             "both languages (default the shipped one; a profile's `prompts` "
                             "key wins)")
    parser.add_argument("--host-token",
                        help=f"the secret that creating tables takes (default: ${HOST_TOKEN_ENV}, "
                             "else one signed with the host secret in --out-dir, printed "
                             "at start)")
    parser.add_argument("--budget-usd", type=float,
                        help="hard cap on what the whole server spends on model seats")
    parser.add_argument("--table-budget-usd", type=float,
                        help="hard cap per table; at the cap its model seats hand over to a bot")
    parser.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    from arena.app.server import create_app
    from arena.app.server.serving import table_server

    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: give a port from 1 to 65535")
    if args.max_tables < 1:
        raise UsageError("--max-tables must be at least 1")
    out_dir = Path(args.out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"--out-dir {out_dir}: is a file; give a folder")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=out_dir).close()
    except OSError as exc:
        raise UsageError(f"--out-dir {out_dir}: cannot write there ({exc.strerror or exc})"
                         ) from None
    for flag, value in (("--budget-usd", args.budget_usd),
                        ("--table-budget-usd", args.table_budget_usd)):
        if value is not None and not (math.isfinite(value) and value > 0):
            raise UsageError(f"{flag} {value:g}: give an amount above 0")
    prompts = checked_prompts(args.prompts, LANGS)  # a table may be in either language
    if prompts is not None and not args.table:
        raise UsageError("--prompts: only model seats read prompts; name them with "
                         "--table PROFILES.toml")
    try:
        profiles = load_profiles(Path(args.table), prompts) if args.table else None
    except TableError as exc:
        raise UsageError(str(exc)) from None
    token = args.host_token or os.environ.get(HOST_TOKEN_ENV, "").strip() or None
    if token is not None and len(token) < 16:
        raise UsageError("the host token must be at least 16 characters")
    sock = listen(args.host, args.port)
    app = create_app(out_dir, args.max_tables, host_token=token, profiles=profiles,
                     budget_usd=args.budget_usd, table_budget_usd=args.table_budget_usd)
    console.print(f"Werewolf Arena tables: http://{args.host}:{args.port}/  (Ctrl-C stops)",
                  markup=False)
    console.print(f"Host page (keep it private): http://{args.host}:{args.port}/"
                  f"#host={app.state.host_token}", markup=False)
    try:
        table_server(app, args.host, args.port).run(sockets=[sock])
    finally:
        sock.close()
    return 0


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or a one-line UsageError (a busy port, an unknown
    host) instead of uvicorn's log and exit code."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port,
                                                             type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise UsageError(f"--host {host}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock

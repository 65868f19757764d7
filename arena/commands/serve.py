"""``arena serve``: host web tables where humans play against agents by private links."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from arena.errors import UsageError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("serve", help="host web tables for human players")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for a LAN)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--out-dir", default="transcripts",
                        help="where each table's transcript is written (default transcripts)")
    parser.add_argument("--max-tables", type=int, default=32,
                        help="how many games may run at once (default 32)")
    parser.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    from arena.server import create_app
    from arena.server.serving import table_server

    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: give a port from 1 to 65535")
    if args.max_tables < 1:
        raise UsageError("--max-tables must be at least 1")
    out_dir = Path(args.out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"--out-dir {out_dir}: is a file; give a folder")
    app = create_app(out_dir, args.max_tables)
    console.print(f"Werewolf Arena tables: http://{args.host}:{args.port}/  (Ctrl-C stops)",
                  markup=False)
    table_server(app, args.host, args.port).run()
    return 0

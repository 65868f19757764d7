"""``arena show FILE --html OUT`` / ``--markdown OUT``: a game as a page to read."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from arena.app.commands._seat_view import read_for_seat
from arena.app.render.html import render_html
from arena.app.render.markdown import render_markdown
from arena.errors import UsageError
from arena.outputs import check_outputs, write_text


def cmd_show(args: argparse.Namespace, console: Console) -> int:
    if args.html is None and args.markdown is None:
        raise UsageError("show: give --html OUT and/or --markdown OUT")
    html, markdown = (Path(p) if p is not None else None for p in (args.html, args.markdown))
    check_outputs({"--html": html, "--markdown": markdown}, [Path(args.file)])
    record = read_for_seat(Path(args.file), args.seat)
    for out, render in ((html, render_html), (markdown, render_markdown)):
        if out is not None:
            write_text(out, render(record.header.as_json(), record.events, seat=args.seat,
                                   lang=args.lang))
            console.print(f"wrote {out}", markup=False, highlight=False)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("show", help="write a game as an HTML page or Markdown")
    parser.add_argument("file", help="a transcript (.jsonl)")
    parser.add_argument("--html", metavar="OUT", help="write a self-contained HTML page")
    parser.add_argument("--markdown", metavar="OUT", help="write a printable Markdown version")
    parser.add_argument("--seat", type=int,
                        help="only what this seat saw (no spoilers); default: god view "
                             "(HTML: god plus every seat, with a switch)")
    parser.add_argument("--lang", choices=("en", "zh"), default="en",
                        help="language of the page's words and role names (default en)")
    parser.set_defaults(run=cmd_show)

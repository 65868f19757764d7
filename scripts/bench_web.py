"""Load on one web table: N streaming viewers, and a prober timing a page's reload.

    python scripts/bench_web.py [--viewers 200] [--seconds 20] [--preset classic-12]

A server (``arena serve``'s app, its default pacing: the game moves at reading pace) runs
in its own process with one table of bots, started by the host. The prober GETs the
spectator's whole view (what a reload asks for) every ``--every`` seconds, first with
nobody watching (idle), then with ``--viewers`` spectator pages streaming the table from
another process (loaded), and prints the p50 and p99 of both. The three processes share
the machine: run it under ``nice -n 10`` on a shared one and say so with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import secrets
import socket
import statistics
import tempfile
import time
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


def serve(port: Synchronized[int], token: str, out_dir: str) -> None:
    """The server process: the web table app on a free port (told through ``port``)."""
    from arena.app.server import create_app
    from arena.app.server.serving import table_server

    sock = socket.socket()
    sock.bind((HOST, 0))
    port.value = sock.getsockname()[1]
    table_server(create_app(Path(out_dir), host_token=token), HOST, port.value).run(
        sockets=[sock])


def watch(port: int, path: str, viewers: int, connected: Synchronized[int],
          messages: Synchronized[int], stop: Event) -> None:
    """The viewers' process: ``viewers`` live streams of ``path``, read until ``stop``."""

    async def viewer() -> None:
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream"
                     "\r\n\r\n".encode())
        first = True
        while chunk := await reader.read(65536):
            with messages.get_lock():
                messages.value += chunk.count(b"\ndata: ")
            if first:
                first = False
                with connected.get_lock():
                    connected.value += 1
        writer.close()

    async def main() -> None:
        streams = [asyncio.create_task(viewer()) for _ in range(viewers)]
        while not stop.is_set():
            await asyncio.sleep(0.1)
        for stream in streams:
            stream.cancel()
        await asyncio.gather(*streams, return_exceptions=True)

    asyncio.run(main())


def request(conn: http.client.HTTPConnection, method: str, path: str,
            body: dict[str, Any] | None = None, token: str = "") -> Any:
    data = json.dumps(body).encode() if body is not None else b""
    conn.request(method, path, data, {"Content-Type": "application/json",
                                      "X-Host-Token": token})
    response = conn.getresponse()
    payload = response.read()
    if response.status >= 300:
        raise SystemExit(f"bench_web: {method} {path}: {response.status} {payload[:200]!r}")
    return json.loads(payload)


def probe(conn: http.client.HTTPConnection, path: str, seconds: float, every: float
          ) -> tuple[list[float], int]:
    """GET ``path`` every ``every`` seconds for ``seconds``: each answer's time in ms, and
    how many GETs failed (the server dropped the connection: the prober opens another)."""
    times, failed = [], 0
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        began = time.perf_counter()
        try:
            conn.request("GET", path)
            conn.getresponse().read()
            times.append((time.perf_counter() - began) * 1000)
        except (ConnectionError, TimeoutError, http.client.HTTPException):
            failed += 1
            conn.close()
        time.sleep(every)
    return times, failed


def figures(times: list[float], failed: int) -> str:
    cuts = statistics.quantiles(times, n=100)
    return (f"p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms, max {max(times):.0f} ms "
            f"({len(times)} GETs, {failed} failed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0, help="each phase's length")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between GETs")
    parser.add_argument("--preset", default="classic-12")
    args = parser.parse_args()
    spawn = multiprocessing.get_context("spawn")
    token = secrets.token_urlsafe(16)
    port, connected, messages = (spawn.Value("i", 0) for _ in range(3))
    stop = spawn.Event()
    with tempfile.TemporaryDirectory() as out_dir:
        server = spawn.Process(target=serve, args=(port, token, out_dir), daemon=True)
        server.start()
        while not port.value:
            time.sleep(0.05)
        conn = http.client.HTTPConnection(HOST, port.value, timeout=30)
        for _ in range(100):  # the server is listening before it answers
            try:
                request(conn, "GET", "/api/meta")
                break
            except ConnectionError:
                conn.close()
                time.sleep(0.1)
        table = request(conn, "POST", "/api/tables", {
            "preset": args.preset, "humans": [1], "bots": "heuristic", "seed": 1}, token)
        request(conn, "POST", f"/api/tables/{table['table']}/start", {}, token)
        view = "/api/tables/{}/spectate?token={}".format(table["table"],
                                                         table["spectator"].split("=")[1])
        probe(conn, view, 1.0, args.every)  # warm up
        idle = probe(conn, view, args.seconds, args.every)
        spectate = view.replace("/spectate?", "/spectate/stream?")
        viewers = spawn.Process(target=watch, args=(port.value, spectate, args.viewers,
                                                    connected, messages, stop), daemon=True)
        viewers.start()
        while connected.value < args.viewers and viewers.is_alive():
            time.sleep(0.05)
        sent_before = messages.value
        loaded = probe(conn, view, args.seconds, args.every)
        state = request(conn, "GET", view)
        stop.set()
        viewers.join(10)
        server.terminate()
        server.join(10)
    print(f"table {args.preset}, {args.viewers} streaming viewers, a GET of the spectator's "
          f"whole view every {args.every} s for {args.seconds} s per phase")
    print(f"idle:   {figures(*idle)}")
    print(f"loaded: {figures(*loaded)}; the viewers received "
          f"{messages.value - sent_before} messages meanwhile; the game was at event "
          f"{state['last']}{' (over)' if state['over'] else ''}")


if __name__ == "__main__":
    main()

"""The local Ray a tournament starts ends with its driver: on Ctrl-C and on ``kill -9``.

The driver starts Ray in a process group of its own (``arena.app.tournament.ray_head``); the test
finds that group through the driver's child and watches only its processes.
"""

from __future__ import annotations

import ipaddress
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.tournament.conftest import FOREGROUND, write_config
from tests.tournament.test_ray import RAY_ALONE

pytestmark = [pytest.mark.slow, RAY_ALONE]

ROOT = Path(__file__).parents[2]
START_S = 90  # Ray's start on two busy cores, then the first game
GONE_S = 15  # "a few seconds" for the group to go, generously


def _proc(pid: str) -> tuple[int, int, str, bytes] | None:
    """(ppid, process group, state, command line) of a live process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[1]), int(fields[2]), fields[0], cmdline


def _processes() -> dict[int, tuple[int, int, str, bytes]]:
    found = {int(p): _proc(p) for p in os.listdir("/proc") if p.isdigit()}
    return {pid: info for pid, info in found.items() if info is not None}


def _head_of(driver: int) -> int | None:
    return next((pid for pid, (ppid, _, _, cmd) in _processes().items()
                 if ppid == driver and b"arena.app.tournament.ray_head" in cmd), None)


def _group(pgid: int) -> list[bytes]:
    """The command lines of the group's living (not zombie) processes."""
    return [cmd for _, group, state, cmd in _processes().values()
            if group == pgid and state != "Z"]


def _listening(pgid: int) -> set[str]:
    """The local addresses of the TCP ports the group's processes listen on."""
    inodes = set()
    for pid, (_, group, _, _) in _processes().items():
        try:
            links = [os.readlink(f) for f in Path(f"/proc/{pid}/fd").iterdir()] \
                if group == pgid else []
        except OSError:
            continue
        inodes |= {link[8:-1] for link in links if link.startswith("socket:[")}
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            local, state, inode = row.split()[1], row.split()[3], row.split()[9]
            if state == "0A" and inode in inodes:  # LISTEN
                found.add(_ip(local.split(":")[0]))
    return found


def _ip(hexed: str) -> str:
    """An address of /proc/net/tcp* (little-endian 32-bit words) as text, IPv4-mapped
    IPv6 addresses as IPv4."""
    packed = b"".join(bytes.fromhex(hexed[i:i + 8])[::-1] for i in range(0, len(hexed), 8))
    address = ipaddress.ip_address(packed)
    mapped = getattr(address, "ipv4_mapped", None)
    return str(mapped or address)


def _until(check: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(check) and check():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_no_ray_process_outlives_the_driver(tmp_path: Path, sig: signal.Signals) -> None:
    config = write_config(tmp_path, "rayk", {"h": "heuristic", "r": "random"},
                          presets=["tv-6"], games=5000)
    out = tmp_path / "run"
    driver = subprocess.Popen(
        [sys.executable, "-c", FOREGROUND, "tournament", str(config), "--out", str(out),
         "--backend", "ray", "--workers", "1", "--quiet"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _until(lambda: (out / "manifest.jsonl").exists(), START_S)  # Ray is playing
        head = _head_of(driver.pid)
        assert head is not None
        assert any(b"raylet" in cmd for cmd in _group(head))
        assert any(cmd.startswith(b"ray::") for cmd in _group(head))  # workers, agents
        assert _listening(head) == {"127.0.0.1"}  # nothing reachable from outside
        driver.send_signal(sig)
        assert driver.wait(timeout=GONE_S) == (130 if sig == signal.SIGINT else -sig)
        assert _until(lambda: not _group(head), GONE_S), _group(head)
    finally:
        driver.kill()
        driver.wait()

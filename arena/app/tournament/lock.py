"""One writer per run folder: a tournament holds an OS lock on the folder's lock file
while it plays, and writes who it is (pid, host, start time) into the file. A second
tournament on the folder stops at once naming that holder. The OS drops the lock when
its process ends, however it ends, so a killed run never blocks a resume."""

from __future__ import annotations

import fcntl
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from arena.errors import UsageError
from arena.outputs import cannot_write, make_folder
from arena.run_layout import LOCK_FILE


def holder_text() -> str:
    """Who this process is, as the lock file says it."""
    return (f"pid {os.getpid()} on {socket.gethostname()}, since "
            f"{time.strftime('%Y-%m-%d %H:%M:%S %Z')}")


@contextmanager
def run_lock(folder: Path) -> Iterator[None]:
    """This process as the only writer of ``folder`` (made if missing) for the block;
    UsageError naming the holder when another process has it."""
    make_folder(folder)
    path = folder / LOCK_FILE
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
            raise UsageError(
                f"{folder} is in use by another `arena tournament` "
                f"({holder or 'not yet named'}): one run folder takes one writer; wait for it "
                "or stop it, then resume") from None
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, holder_text().encode() + b"\n", 0)
        except OSError as exc:
            raise cannot_write(path, exc) from None
        yield
    finally:
        os.close(fd)  # closing the only descriptor releases the lock

"""A local Ray head owned by one tournament driver, in a process group of its own.

The driver runs ``python -m arena.app.tournament.ray_head CPUS`` in a new session with a pipe on
its stdin. This starts Ray, prints the head's address, and waits for the pipe to
close, which happens when the driver ends however it ends (even ``kill -9``); then
it stops Ray and kills its own process group (the GCS, the raylet, its workers and
agents), so nothing of this Ray outlives the driver and nothing else is touched.

The head and its driver take the loopback address as the node's IP (Ray's switch
for macOS and Windows, set before Ray is imported), so no Ray traffic leaves this
machine: the GCS and the raylet listen on 127.0.0.1 only.
"""

from __future__ import annotations

import os
import signal
import sys

LOOPBACK_ONLY = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # Ray's node IP: 127.0.0.1


def main(cpus: int) -> None:
    os.environ.setdefault(*LOOPBACK_ONLY)
    import ray

    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    print(ray.get_runtime_context().gcs_address, flush=True)
    sys.stdin.read()  # until the driver closes the pipe, or dies
    os.killpg(0, signal.SIGKILL)


if __name__ == "__main__":
    main(int(sys.argv[1]))

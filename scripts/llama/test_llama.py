"""Games with every seat a model served by a real open-weights server (`make test-llama`).

    python scripts/llama/test_llama.py [--servers llama-server,llama-cpp-python]
                                       [--presets fanlang-9,classic-12] [--seed 7]

Opt-in, not part of `make test`: the first run builds llama.cpp twice (minutes).

1. The llama-cpp-python sdist (``pip download --no-binary``; its ``vendor/llama.cpp``
   is the llama.cpp source) is kept in ``.cache/llama/sdist/``; everything built from
   it sits under ``.cache/llama/<version>/``: llama.cpp's native ``llama-server``
   (cmake, CPU only, no curl, no web UI download) and a venv with
   ``llama-cpp-python[server]`` installed from the same sdist.
2. A tiny random-weight llama GGUF is written from a seed (make_gguf.py, with the
   ``gguf`` package in ``.cache/llama/gguf-venv``): nothing is downloaded but packages.
3. Each game (each server, each preset) gets a server of its own on a free localhost
   port with that model, behind a proxy recording the exchanges that failed; the games
   run at once (``--jobs``), every seat ``openai:<model>@http://127.0.0.1:PORT/v1``,
   ``game.max_days=1`` (seats that always pass never kill: a draw after day 1). Each
   transcript (``test-artifacts/llama/``) is then checked with ``arena replay --verify``.

The model's words are noise, so most answers are refused and fall back: the test is that
the games finish, replay exactly and that the servers accept our requests (the output
format each one was asked with is in the summary). Exit 1 when a game failed or did not
verify. Server logs: ``.cache/llama/logs/``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "llama"
SDIST = CACHE / "sdist"
LOGS = CACHE / "logs"
OUT = ROOT / "test-artifacts" / "llama"
BIN = Path(sys.executable).parent
GGUF_VERSION = "0.19.0"
SERVERS = ("llama-server", "llama-cpp-python")
PRESETS = ("fanlang-9", "classic-12")
MODEL = "random-llama"  # the name the seats ask for (both servers serve one model)
KEY_ENV = "LLAMA_TEST_KEY"
CTX = 65536  # tokens: the byte-level vocabulary makes prompts long; the model is tiny
SLOTS = 4
# CPU only, no curl, nothing fetched at build time (the web UI would come from a bucket).
# Shared libraries: llama-cpp-python's bindings load the same libllama/libggml/libmtmd, so
# llama.cpp is compiled once for both servers. -O1: the model is tiny, the compile is not.
LLAMA_CMAKE = ("-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG",
               "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG", "-DLLAMA_CURL=OFF",
               "-DLLAMA_OPENSSL=OFF", "-DLLAMA_USE_PREBUILT_UI=OFF", "-DLLAMA_BUILD_UI=OFF",
               "-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF", "-DBUILD_SHARED_LIBS=ON",
               "-DGGML_CUDA=OFF", "-DGGML_VULKAN=OFF", "-DGGML_METAL=OFF")
LLAMA_TARGETS = ("llama-server", "mtmd")
# The bindings only: their libraries come from the build above (same vendored source).
PY_CMAKE = "-DLLAMA_BUILD=OFF -DLLAVA_BUILD=OFF"


def step(message: str) -> None:
    print(f"[test-llama {time.strftime('%H:%M:%S')}] {message}", flush=True)


def run(cmd: list[str], log: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run ``cmd``, its output into ``log`` (appended) when given; raise on failure."""
    if log is None:
        subprocess.run(cmd, check=True, env=env)
        return
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a") as out:
        out.write(f"\n$ {' '.join(cmd)}\n")
        out.flush()
        done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    if done.returncode:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd)}; see {log}")


@contextmanager
def timed(label: str, times: dict[str, float]) -> Iterator[None]:
    """Record the seconds the block takes under ``label``."""
    start = time.monotonic()
    try:
        yield
    finally:
        times[label] = time.monotonic() - start


# --- the builds ---------------------------------------------------------------------

def sdist(version: str | None) -> tuple[str, Path]:
    """The cached sdist (the newest, or ``version``), downloaded when missing."""
    def cached() -> list[Path]:
        pattern = f"llama_cpp_python-{version}.tar.gz" if version else "llama_cpp_python-*.tar.gz"
        return sorted(SDIST.glob(pattern), key=lambda p: [
            int(x) if x.isdigit() else x for x in p.name[17:-7].split(".")])

    if not cached():
        step("downloading the llama-cpp-python sdist (pip download --no-binary)")
        req = f"llama-cpp-python=={version}" if version else "llama-cpp-python"
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
             req, "-d", str(SDIST)], LOGS / "download.log")
    found = cached()
    if not found:
        raise SystemExit(f"no llama-cpp-python sdist in {SDIST}")
    path = found[-1]
    return path.name[len("llama_cpp_python-"):-len(".tar.gz")], path


def source(version: str, tarball: Path) -> Path:
    """The sdist unpacked under .cache/llama/<version>/ (its llama.cpp: vendor/llama.cpp)."""
    top = CACHE / version / f"llama_cpp_python-{version}"
    if not (top / "vendor" / "llama.cpp" / "CMakeLists.txt").exists():
        step(f"unpacking {tarball.name}")
        with tarfile.open(tarball) as tar:
            tar.extractall(CACHE / version, filter="data")
    return top


def llama_cpp(version: str, top: Path) -> Path:
    """llama.cpp built from the sdist's vendored source (cached): the directory holding
    llama-server and the shared libraries (libllama, libggml*, libmtmd)."""
    build = CACHE / version / "build"
    bin_dir = build / "bin"
    stamp = build / ".built"
    if stamp.exists():
        return bin_dir
    step("building llama.cpp: llama-server and its libraries (cmake, CPU only, -j2: minutes)")
    log = CACHE / version / "build.log"
    run(["cmake", "-S", str(top / "vendor" / "llama.cpp"), "-B", str(build), *LLAMA_CMAKE], log)
    run(["cmake", "--build", str(build), "--target", *LLAMA_TARGETS, "-j2"], log)
    stamp.touch()
    return bin_dir


def venv(path: Path, packages: list[str], log: Path, env: dict[str, str] | None = None) -> Path:
    """A venv at ``path`` with ``packages`` (cached: a stamp file names them)."""
    python = path / "bin" / "python"
    stamp = path / ".installed"
    if stamp.exists() and stamp.read_text() == "\n".join(packages):
        return python
    if not python.exists():
        run([sys.executable, "-m", "venv", str(path)], log)
    run([str(python), "-m", "pip", "install", "-q", *packages], log, env)
    stamp.write_text("\n".join(packages))
    return python


def llama_cpp_python(version: str, tarball: Path, libs: Path) -> Path:
    """A venv with llama-cpp-python[server] from the cached sdist (cached), its
    ``llama_cpp/lib`` holding the shared libraries built from the same source."""
    path = CACHE / version / "pyserver-venv"
    if not (path / ".installed").exists():
        step("installing llama-cpp-python[server] from the sdist")
    env = {**os.environ, "CMAKE_ARGS": PY_CMAKE}
    python = venv(path, [f"llama_cpp_python[server] @ {tarball.as_uri()}"],
                  CACHE / version / "pyserver-install.log", env)
    lib_dir = next(path.glob("lib/python*/site-packages/llama_cpp")) / "lib"
    lib_dir.mkdir(exist_ok=True)
    for lib in libs.glob("lib*.so*"):
        target = lib_dir / lib.name
        if not target.exists() and not target.is_symlink():
            shutil.copy2(lib, target, follow_symlinks=False)
    return python


def model(seed: int) -> Path:
    python = venv(CACHE / "gguf-venv", [f"gguf=={GGUF_VERSION}"], LOGS / "gguf-venv.log")
    path = CACHE / f"random-llama-seed{seed}.gguf"
    if not path.exists():
        run([str(python), str(Path(__file__).with_name("make_gguf.py")), str(path),
             "--seed", str(seed)])
    return path


# --- the servers --------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def server_command(name: str, exe: Path, gguf: Path, port: int) -> list[str]:
    """One thread each: ggml's threads spin, and on a busy 2-core machine two per server
    made generation 20 times slower; the model is too small to need more."""
    if name == "llama-server":
        return [str(exe), "--model", str(gguf), "--host", "127.0.0.1", "--port", str(port),
                "--ctx-size", str(CTX), "--parallel", str(SLOTS), "--threads", "1",
                "--alias", MODEL, "--seed", "1", "--no-webui"]
    return [str(exe), "-m", "llama_cpp.server", "--model", str(gguf), "--host", "127.0.0.1",
            "--port", str(port), "--n_ctx", str(CTX // SLOTS), "--n_threads", "1",
            "--model_alias", MODEL, "--seed", "1"]


def wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path, limit_s: float = 120) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}); see {log}")
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    raise SystemExit(f"the server did not answer within {limit_s:.0f}s; see {log}")


class Recorder(ThreadingHTTPServer):
    """A pass-through proxy in front of a server: each exchange that is not a 2xx (the
    request body, the status and the answer) is appended to ``log`` as a JSON line, so a
    server refusing our requests is reported exactly."""

    daemon_threads = True

    def __init__(self, upstream: str, log: Path) -> None:
        self.upstream = upstream
        self.log = log
        self.lock = threading.Lock()
        self.counts: Counter[int] = Counter()
        log.write_text("")
        super().__init__(("127.0.0.1", 0), _Forward)

    def record(self, method: str, path: str, body: bytes, status: int, answer: bytes) -> None:
        with self.lock:
            self.counts[status] += 1
            if status // 100 != 2 and not path.endswith("/models"):  # not the start-up polls
                with self.log.open("a") as out:
                    out.write(json.dumps({
                        "method": method, "path": path, "status": status,
                        "request": body.decode(errors="replace"),
                        "response": answer.decode(errors="replace")}) + "\n")


class _Forward(BaseHTTPRequestHandler):
    server: Recorder

    def _forward(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in ("host", "content-length", "connection", "accept-encoding")}
        request = urllib.request.Request(self.server.upstream + self.path, data=body or None,
                                         headers=headers, method=self.command)
        try:
            with urllib.request.urlopen(request, timeout=600) as answer:
                status, data, kind = answer.status, answer.read(), answer.headers
        except urllib.error.HTTPError as exc:
            status, data, kind = exc.code, exc.read(), exc.headers
        except OSError as exc:
            status, data, kind = 502, str(exc).encode(), None
        self.server.record(self.command, self.path, body, status, data)
        try:
            self.send_response(status)
            self.send_header("Content-Type",
                             (kind or {}).get("Content-Type", "application/json"))
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the seat gave up waiting (the judge's time limit)

    do_GET = do_POST = _forward

    def log_message(self, format: str, *args: object) -> None:
        pass


# --- the games ----------------------------------------------------------------------

@dataclass
class Result:
    server: str
    preset: str
    seconds: float = 0.0
    exit_code: int | None = None
    verify: str = "not run"
    winner: str | None = None
    decisions: Counter[int] = field(default_factory=Counter)
    fallbacks: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    calls: int = 0
    failed_calls: Counter[str] = field(default_factory=Counter)
    formats: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return self.winner is not None and self.verify.startswith("OK")

    def lines(self) -> list[str]:
        per_seat = " ".join(f"{s}:{self.fallbacks[s]}/{self.decisions[s]}"
                            for s in sorted(self.decisions))
        reasons = ", ".join(f"{r} ×{n}" for r, n in self.reasons.most_common())
        return [
            f"{self.server} · {self.preset}: {self.seconds:.0f}s, exit {self.exit_code}, "
            f"winner {self.winner}, verify {self.verify}",
            f"  decisions {sum(self.decisions.values())}, fallbacks "
            f"{sum(self.fallbacks.values())} ({reasons}),"
            f" refused answers {self.refused}",
            f"  calls {self.calls} (formats: {dict(self.formats)}), failed attempts "
            f"{dict(self.failed_calls)}",
            f"  fallbacks/decisions per seat: {per_seat}",
        ]


def tally(result: Result, path: Path) -> None:
    """Decisions, fallbacks, refusals, calls and output formats from the transcript."""
    answered: Counter[int] = Counter()
    refused: Counter[int] = Counter()
    for line in path.read_text().splitlines()[1:]:
        event = json.loads(line)
        kind, seat = event.get("type"), event.get("seat")
        if kind == "usage":
            if event.get("error"):
                result.failed_calls[str(event["error"])[:60]] += 1
            else:
                answered[seat] += 1
                result.calls += 1
                result.formats[str(event.get("output_format"))] += 1
        elif kind == "error":
            refused[seat] += 1
        elif kind == "fallback":
            result.fallbacks[seat] += 1
            reason = str(event.get("reason"))
            result.reasons[reason if len(reason) < 50 else reason[:47] + "..."] += 1
        elif kind == "game_end":
            result.winner = event.get("winner")
    result.refused = sum(refused.values())
    for seat in answered | result.fallbacks:
        result.decisions[seat] = answered[seat] - refused[seat] + result.fallbacks[seat]


def play(server: str, preset: str, url: str, seed: int, timeout_s: float,
         max_tokens: int, max_days: int) -> Result:
    result = Result(server, preset)
    OUT.mkdir(parents=True, exist_ok=True)
    table = OUT / f"{server}-{preset}-table.toml"
    table.write_text(f'[defaults]\nagent = "openai:{MODEL}@{url}"\n'
                     f'api_key_env = "{KEY_ENV}"\nmax_tokens = {max_tokens}\n'
                     "temperature = 1.0\n")
    out = OUT / f"{server}-{preset}.jsonl"
    log = OUT / f"{server}-{preset}.log"
    env = {**os.environ, KEY_ENV: "sk-local-dummy"}
    step(f"{server}: playing {preset} (seed {seed}); live view in {log.relative_to(ROOT)}")
    start = time.monotonic()
    with log.open("w") as sink:
        done = subprocess.run(
            [str(BIN / "arena"), "play", "--preset", preset, "--table", str(table),
             "--seed", str(seed), "--timeout", str(timeout_s), "--max-fallback-share", "1",
             # a tiny model on shared CPU cores misses many time limits in a row: the
             # endpoint breaker would stop the game, as it should in a real run; this test
             # plays every game to its end, so the breaker's limits are out of reach
             "--abort-after", "100000", "--abort-after-s", "86400",
             "--set", f"game.max_days={max_days}",
             "--out", str(out)], stdout=sink, stderr=subprocess.STDOUT, env=env)
    result.seconds = time.monotonic() - start
    result.exit_code = done.returncode
    if not out.exists():
        result.verify = f"no transcript (see {log})"
        return result
    tally(result, out)
    check = subprocess.run([str(BIN / "arena"), "replay", str(out), "--verify"],
                           capture_output=True, text=True)
    result.verify = (check.stdout.strip() or check.stderr.strip()).splitlines()[-1][:120]
    return result


def serve_and_play(server: str, exe: Path, gguf: Path, presets: list[str],
                   args: argparse.Namespace, times: dict[str, float]) -> list[Result]:
    """Start a server of its own and play ``presets`` against it, one after the other."""
    port = free_port()
    LOGS.mkdir(parents=True, exist_ok=True)
    name = f"{server}-{'+'.join(presets)}"
    log = LOGS / f"{name}.log"
    step(f"starting {server} on port {port} (log {log.relative_to(ROOT)})")
    with log.open("w") as sink:
        proc = subprocess.Popen(server_command(server, exe, gguf, port), stdout=sink,
                                stderr=subprocess.STDOUT)
    recorder = Recorder(f"http://127.0.0.1:{port}", LOGS / f"{name}-failed-requests.jsonl")
    threading.Thread(target=recorder.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{recorder.server_address[1]}/v1"
    try:
        with timed(f"{server} start", times):
            wait_ready(url, proc, log)
        results = []
        for preset in presets:
            result = play(server, preset, url, args.seed, args.timeout, args.max_tokens,
                          args.max_days)
            times[f"{server} {preset}"] = result.seconds
            for line in result.lines():
                print(line, flush=True)
            results.append(result)
        return results
    finally:
        step(f"{server}: HTTP statuses {dict(recorder.counts)}; failed exchanges in "
             f"{recorder.log.relative_to(ROOT)}")
        recorder.shutdown()
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", default=",".join(SERVERS),
                        help=f"comma-separated, from {', '.join(SERVERS)}")
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--seed", type=int, default=7, help="game seed and model seed")
    parser.add_argument("--version", help="llama-cpp-python sdist version (default: the "
                        "newest cached, else the newest on PyPI)")
    parser.add_argument("--jobs", type=int, default=4,
                        help="games played at once, each against its own server (1: one "
                        "server per kind, its games in turn)")
    parser.add_argument("--max-days", type=int, default=1,
                        help="game.max_days: seats that always pass never kill, so the game "
                        "ends in a draw after this many days")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="the judge's time limit per request (arena play --timeout)")
    parser.add_argument("--max-tokens", type=int, default=400)
    args = parser.parse_args()
    args.servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    args.presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    unknown = set(args.servers) - set(SERVERS)
    if unknown:
        parser.error(f"unknown server {sorted(unknown)[0]!r} (known: {', '.join(SERVERS)})")
    if shutil.which("cmake") is None:
        raise SystemExit("cmake is needed to build llama.cpp (apt-get install cmake)")

    times: dict[str, float] = {}
    with timed("sdist", times):
        version, tarball = sdist(args.version)
        top = source(version, tarball)
    step(f"llama-cpp-python {version}")
    with timed("model", times):
        gguf = model(args.seed)
    with timed("build llama.cpp", times):
        bin_dir = llama_cpp(version, top)
    exes = {"llama-server": bin_dir / "llama-server"}
    if "llama-cpp-python" in args.servers:
        with timed("install llama-cpp-python", times):
            exes["llama-cpp-python"] = llama_cpp_python(version, tarball, bin_dir)
    # Each game gets a server of its own and they run at once: a game mostly waits (on the
    # judge's time limit, on retries), so together they take about as long as the longest.
    games = [(server, [preset]) for server in args.servers for preset in args.presets]
    if args.jobs == 1:
        games = [(server, args.presets) for server in args.servers]
    results: list[Result] = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for done in pool.map(lambda game: serve_and_play(
                game[0], exes[game[0]], gguf, game[1], args, times), games):
            results += done

    print("\nSummary")
    for result in results:
        for line in result.lines():
            print(line)
    print("Times: " + ", ".join(f"{k} {v:.0f}s" for k, v in times.items()))
    return 0 if results and all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate the tables of measured numbers in docs/metrics.md from seeded runs.

Each table sits between ``<!-- figure NAME -->`` and ``<!-- /figure -->``; this script
plays the seeded games behind it with the code of today and writes the table anew.
``--check`` writes nothing and fails (exit 1) when a table differs from what the code
gives; ``--only NAME`` limits both to some tables (``stopped-games`` takes a second,
the others play hundreds of games); ``--people DIR`` recomputes the human baseline's
people from the FanLang records there (kept as documented without it)::

    python scripts/doc_figures.py [--check] [--only NAME ...] [--people DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from arena.app.cli import main as arena
from evals.compare import compare
from evals.export import to_csv
from evals.metrics import evaluate
from evals.records import GameRecord, keep, load_records

METRICS_DOC = Path(__file__).resolve().parent.parent / "docs" / "metrics.md"
BLOCK = re.compile(r"(<!-- figure (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /figure -->)",
                   re.DOTALL)


def _run(*argv: str) -> None:
    """An ``arena`` command, its output swallowed; RuntimeError when it fails."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = arena(list(argv))
    if code != 0:
        raise RuntimeError(f"arena {' '.join(argv)}: exit {code}")


def _simulate(folder: Path, *argv: str) -> list[GameRecord]:
    _run("simulate", *argv, "--out-dir", str(folder), "--json")
    return load_records([folder])


def _cell(estimate: dict[str, Any] | None, digits: int = 2) -> str:
    """``0.77 [0.74, 0.79] (n=6114)``, or "–" when the games gave no sample."""
    if estimate is None or estimate["value"] is None:
        return "–"
    span = ("" if estimate["low"] is None
            else f" [{estimate['low']:.{digits}f}, {estimate['high']:.{digits}f}]")
    return f"{estimate['value']:.{digits}f}{span} (n={estimate['n']})"


STOPPED_CONFIG = """name = "stopped"
seed = 31
presets = ["classic-8"]
games = 40
concurrency = 1
[agents.a]
agent = "random"
[agents.b]
agent = "random"
[rules]
"game.max_days" = 3
"""


def stopped_games(scratch: Path) -> str:
    """Win rates of two random pools by eval, compare and the CSV, capped games out / in."""
    config = scratch / "stopped.toml"
    config.write_text(STOPPED_CONFIG, encoding="utf-8")
    _run("tournament", str(config), "--out", str(scratch / "run"), "--quiet", "--json")
    records = load_records([scratch / "run"])
    lines = ["| games | used | left out | win rate a, b: `eval --by model` | `compare` | "
             "CSV (mean of `won`) |", "|---|---|---|---|---|---|"]
    for include in (False, True):
        kept = keep(records, include)
        groups = evaluate(records, "model", include_capped=include)["groups"]
        win = compare(records, resamples=20, include_capped=include).pairs[0].win_rate
        assert win is not None
        rows = csv.DictReader(io.StringIO(to_csv(kept.games)))
        won: dict[str, list[int]] = defaultdict(list)
        for row in rows:
            won[row["model"]].append(int(row["won"]))
        left = sum(kept.left_out.values())
        lines.append(
            f"| {'all, `--include-capped`' if include else 'default'} | {len(kept.games)} | "
            f"{left} | {groups['a']['win_rate']['value']:.4f}, "
            f"{groups['b']['win_rate']['value']:.4f} | {win.a:.4f}, {win.b:.4f} | "
            + ", ".join(f"{sum(w) / len(w):.4f}" for _, w in sorted(won.items())) + " |")
    return "\n".join(lines) + "\n"


BASELINE_ROWS = (
    ("Village vote accuracy", "vote_accuracy"),
    ("… relative to random votes", "vote_accuracy_vs_random"),
    ("Exiles that were wolves", "exiled_wolf_share"),
    ("Seer checks that found a wolf", "seer_hit_rate"),
    ("False role/check claims, village", "false_claim_rate[village]"),
    ("False role/check claims, wolves", "false_claim_rate[wolves]"),
    ("Bus rate (wolves' votes on wolves)", "bus_rate"),
    ("Village team win rate", "team_win_rate[village]"),
    ("Game length (days)", "game_days"),
)


def heuristic_baseline(scratch: Path, previous: str, people_dir: Path | None) -> str:
    """The human-baseline table: the heuristic bots' column from 500 seeded games; the
    people's from the FanLang records in ``people_dir`` (``arena import fanlang``), else
    as documented (the records are not in the repository)."""
    people = {row.split(" | ")[0].lstrip("| "): row.split(" | ")[1]
              for row in previous.splitlines()[2:]}
    if people_dir is not None:
        for number, source in enumerate(sorted(people_dir.glob("*.json"))):
            _run("import", "fanlang", str(source), "-o", str(scratch / "people" /
                                                             f"{number}.jsonl"))
        found = evaluate(load_records([scratch / "people"]))["groups"]["all"]
        people = {label: _cell(found.get(name)) for label, name in BASELINE_ROWS}
    groups = evaluate(_simulate(scratch / "bots", "--preset", "fanlang-9", "--agents",
                                "heuristic", "--games", "500", "--seed", "1"))["groups"]["all"]
    lines = ["| metric | people (5 games) | heuristic bots (500 games) |", "|---|---|---|"]
    lines += [f"| {label} | {people.get(label, '–')} | {_cell(groups.get(name))} |"
              for label, name in BASELINE_ROWS]
    return "\n".join(lines) + "\n"


def vote_swing(scratch: Path) -> str:
    """Net good votes a speech moves, per speaker's team (random) and role (heuristic)."""
    lines = ["| players (`classic-12`, probes on) | speaker | metric | net good votes moved |",
             "|---|---|---|---|"]
    runs = (("random", "200", "team", ("village", "wolves")),
            ("heuristic", "100", "role", ("seer", "villager", "werewolf")))
    for agent, games, by, keys in runs:
        records = _simulate(scratch / agent, "--preset", "classic-12", "--agents", agent,
                            "--games", games, "--seed", "3", "--set", "eval.vote_probes=true")
        groups = evaluate(records, by)["groups"]
        for key in keys:
            name = "deceptive_persuasion" if key in ("wolves", "werewolf") else \
                "truth_persuasion"
            lines.append(f"| {agent}, {games} games, seed 3 | {key} | `{name}` | "
                         f"{_cell(groups[key].get(name), 3)} |")
    return "\n".join(lines) + "\n"


Figure = Callable[[Path, str, Path | None], str]
"""(scratch folder, the table as documented, the people's FanLang records) -> table."""
FIGURES: dict[str, Figure] = {
    "stopped-games": lambda scratch, *_: stopped_games(scratch),
    "heuristic-baseline": heuristic_baseline,
    "vote-swing": lambda scratch, *_: vote_swing(scratch),
}


def refreshed(text: str, names: Sequence[str], people: Path | None = None) -> str:
    """``text`` with the figures ``names`` generated anew (the others as they are)."""
    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in names:
            return match[0]
        with tempfile.TemporaryDirectory() as scratch:
            body = FIGURES[name](Path(scratch), match["body"], people)
        return match[1] + body + match[4]

    found = {m["name"] for m in BLOCK.finditer(text)}
    if missing := [n for n in names if n not in found]:
        raise KeyError(f"no figure block for {', '.join(missing)}")
    return BLOCK.sub(fill, text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when a table is stale")
    parser.add_argument("--only", nargs="+", choices=tuple(FIGURES), default=tuple(FIGURES))
    parser.add_argument("--people", type=Path, metavar="DIR",
                        help="FanLang records (*.json) for the human baseline's people")
    parser.add_argument("--doc", type=Path, default=METRICS_DOC, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    text = args.doc.read_text(encoding="utf-8")
    fresh = refreshed(text, args.only, args.people)
    if not args.check:
        args.doc.write_text(fresh, encoding="utf-8")
        return 0
    stale = [m["name"] for m, n in zip(BLOCK.finditer(text), BLOCK.finditer(fresh), strict=True)
             if m["body"] != n["body"]]
    if stale:
        print(f"stale figures in {args.doc} (run scripts/doc_figures.py): {', '.join(stale)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

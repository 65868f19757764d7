"""Spot the AI (docs/metrics.md): at web tables played with the models hidden, each
person names, after the game, the seats they take for AI. For every seat a person
judged: a model or bot seat *passed for human* when it was not named; a person's seat
was *taken for AI* when it was. Shares per player (a model, a bot, or "human"), with
game-clustered intervals (a game's judgements are not independent)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

from arena.run_layout import guesses_path
from evals.records import GameRecord
from evals.stats import Clusters, proportion

HUMAN = "human"
WEB = "web"  # the agent spec of a person's seat at a web table


def guesses_of(record: GameRecord) -> dict[int, set[int]]:
    """Guesser seat -> the seats it named as AI (empty when the table had no guesses)."""
    path = guesses_path(record.path)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(seat): set(ai) for seat, ai in data.get("guesses", {}).items()}


def player_of(record: GameRecord, seat: int) -> str:
    return HUMAN if record.agents.get(seat) == WEB else record.models[seat]


def judgements(record: GameRecord) -> Iterable[tuple[str, bool]]:
    """(judged player, named as AI) for every seat each person judged."""
    for guesser, named in guesses_of(record).items():
        for seat in record.roles:
            if seat != guesser:
                yield player_of(record, seat), seat in named


def spot_the_ai(records: Sequence[GameRecord]) -> dict[str, Any]:
    """``{"games": G, "players": {player: {"judgements", "passed_for_human" or
    "taken_for_ai": estimate}}}`` over the games with guesses."""
    clusters: dict[str, Clusters] = {}
    games = 0
    for number, record in enumerate(records):
        seen = list(judgements(record))
        games += bool(seen)
        for player, named in seen:
            hit = named if player == HUMAN else not named
            cell = clusters.setdefault(player, {}).setdefault(number, [0.0, 0.0, 0])
            cell[0] += hit
            cell[2] += 1
    players = {}
    for player, cells in sorted(clusters.items()):
        key = "taken_for_ai" if player == HUMAN else "passed_for_human"
        estimate = proportion(cells)
        players[player] = {"judgements": estimate.n, key: asdict(estimate)}
    return {"games": games, "players": players}

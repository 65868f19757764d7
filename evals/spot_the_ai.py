"""Spot the AI (docs/metrics.md): at web tables played with the models hidden, each
person names, after the game, the seats they take for AI. For every seat a person
judged: a model or bot seat *passed for human* when it was not named; a person's seat
was *taken for AI* when it was. Shares per player (a model, a bot, or "human"), with
game-clustered intervals (a game's judgements are not independent), and the
chance-corrected contrast: how often a player's seats were named as AI minus how often
people's seats were, 0 for guessers who cannot tell them apart whatever share they name."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

from arena.run_layout import guesses_path
from evals.records import GameRecord
from evals.stats import Clusters, Estimate, Row, bootstrap, proportion

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
    "taken_for_ai": estimate, and for a model or bot "named_vs_people": contrast}},
    "named_vs_people": contrast of every model and bot seat}`` over the games with
    guesses (``contrast``: see ``contrast``)."""
    clusters: dict[str, Clusters] = {}
    any_ai: Clusters = {}  # every model and bot seat pooled
    games = 0
    for number, record in enumerate(records):
        seen = list(judgements(record))
        games += bool(seen)
        for player, named in seen:
            hit = named if player == HUMAN else not named
            for cells in (clusters.setdefault(player, {}), *(() if player == HUMAN
                                                             else (any_ai,))):
                cell = cells.setdefault(number, [0.0, 0.0, 0])
                cell[0] += named
                cell[1] += hit
                cell[2] += 1
    people = clusters.get(HUMAN, {})
    players: dict[str, Any] = {}
    for player, cells in sorted(clusters.items()):
        key = "taken_for_ai" if player == HUMAN else "passed_for_human"
        estimate = proportion({game: [hit, 0.0, n] for game, (_, hit, n) in cells.items()})
        players[player] = {"judgements": estimate.n, key: asdict(estimate)}
        if player != HUMAN:
            players[player]["named_vs_people"] = asdict(contrast(cells, people))
    return {"games": games, "players": players,
            "named_vs_people": asdict(contrast(any_ai, people))}


def _difference(rows: Sequence[Row]) -> float | None:
    named, judged, named_people, judged_people = (sum(row[i] for row in rows) for i in range(4))
    return named / judged - named_people / judged_people if judged and judged_people else None


def contrast(ai: Clusters, people: Clusters) -> Estimate:
    """Share of the AI seats' judgements that named them as AI minus the share of the
    people's seats' that did (both sums in ``cell[0]`` over ``cell[2]``), with a
    percentile bootstrap interval over the games that judged either; chance is 0."""
    zero = [0.0, 0.0, 0]
    rows: list[Row] = [(ai.get(g, zero)[0], ai.get(g, zero)[2],
                        people.get(g, zero)[0], people.get(g, zero)[2])
                       for g in sorted(set(ai) | set(people))]
    value = _difference(rows)
    n = int(sum(row[1] for row in rows))
    if value is None:
        return Estimate(None, None, None, n, len(ai))
    return Estimate(value, *bootstrap(rows, _difference), n, len(rows))

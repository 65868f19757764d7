"""The games of a tournament, fixed in advance by its config.

A *line-up* is one way to fill a table from the pool: slot ``i`` of line-up
``j`` holds agent ``(i + j) mod P`` (P agents). When the table size is a
multiple of P one line-up suffices; otherwise there are P, so every agent fills
as many slots as every other over them (and with more agents than seats, sits in
as many line-ups as any other). A *pairing* is a preset with a line-up: its deal
is drawn once, then its games rotate the line-up over the seats, so each slot
plays each seat (and the role dealt there) once every ``players`` games.
The games of all pairings are interleaved round by round, so a run stopped
early (budget) or cut short (``games``) stays spread over the pairings.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from arena.tournament_config import TournamentConfig


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game: its preset, seed, deal, and the pool agent and name at each seat."""

    index: int
    preset: str
    seed: int
    agents: tuple[str, ...]
    deal: tuple[str, ...]
    names: tuple[str, ...]

    @property
    def game_id(self) -> str:
        return f"{self.index:04d}-{self.seed:08x}"


@dataclass(frozen=True, slots=True)
class Pairing:
    preset: str
    lineup: tuple[str, ...]
    deal: tuple[str, ...]
    games: int


def derive(*parts: object) -> int:
    """A stable 31-bit seed from the parts."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=4).digest(), "big") & 0x7FFFFFFF


def lineups(pool: Sequence[str], players: int) -> list[tuple[str, ...]]:
    count = 1 if players % len(pool) == 0 else len(pool)
    return [tuple(pool[(i + j) % len(pool)] for i in range(players)) for j in range(count)]


def rotation(game: int, games: int, players: int) -> int:
    """How far the line-up turns in a pairing's ``game``-th game: evenly spread."""
    return game * players // games if games < players else game % players


def pairings(config: TournamentConfig) -> list[Pairing]:
    out = []
    for preset in config.presets:
        game_config = config.game_config(preset)
        for j, lineup in enumerate(lineups(list(config.agents), game_config.players)):
            deck = game_config.deck()
            random.Random(derive("deal", config.seed, preset, j)).shuffle(deck)
            out.append(Pairing(preset, lineup, tuple(deck),
                               config.games_per_pairing or game_config.players))
    if config.games is not None:
        per = math.ceil(config.games / len(out))
        out = [Pairing(p.preset, p.lineup, p.deal, per) for p in out]
    return out


def _rounds(groups: list[Pairing]) -> Iterator[tuple[Pairing, int]]:
    for game in range(max(p.games for p in groups)):
        yield from ((p, game) for p in groups if game < p.games)


def schedule(config: TournamentConfig) -> list[GameSpec]:
    """Every game of the tournament, in the order they are started."""
    specs = []
    for index, (pairing, game) in enumerate(_rounds(pairings(config))):
        if config.games is not None and index == config.games:
            break
        players = len(pairing.lineup)
        turn = rotation(game, pairing.games, players)
        seed = derive("game", config.seed, index)
        names = (tuple(random.Random(derive("names", seed)).sample(config.names, players))
                 if config.names else ())
        specs.append(GameSpec(index, pairing.preset, seed,
                              tuple(pairing.lineup[(s + turn) % players] for s in range(players)),
                              pairing.deal, names))
    return specs

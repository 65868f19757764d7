"""The games of a tournament, fixed in advance by its config: a duplicate design.

A *deal* is a preset and a seed (``game_seed(seed, d)`` for the preset's deal
``d``, arena.app.seeds) with what that seed draws: the cards at each seat, the seat
names, and a *labelling* giving each of the S seats one of the pool's N agent
labels at random (each label on ⌊S/N⌋ or ⌈S/N⌉ seats; with more agents than
seats, S distinct labels). A deal is played N times, once per turn ``j``: label
``l`` is played by agent ``(l + j) mod N``. So within a deal every agent holds
every seat, hence every card, exactly once against the same cards, while the
labelling, hence which agents are teammates and opponents, changes from deal to
deal. The games of a deal share its seed: ``(preset, seed)`` names the deal.
Deals of the presets are interleaved, each deal's games consecutive, so a run
stopped early (budget) stays spread over the presets.

``design = "side-swap"`` (two agents) plays each deal twice instead: first agent
0 at every seat dealt a wolf-side card and agent 1 at every other seat, then the
sides swapped on the same deal, so each agent's strength is measured per side
(docs/tournament.md says which design answers which question).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from arena.app.seeds import derive, game_seed
from arena.app.tournament.config import TournamentConfig
from arena.engine.roles.factions import faction


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
class Deal:
    """What a deal's seed draws for a preset: cards, seat labels and seat names."""

    preset: str
    seed: int
    cards: tuple[str, ...]
    labels: tuple[int, ...]
    names: tuple[str, ...]


def labelling(pool: int, seats: int, rng: random.Random) -> list[int]:
    """Each seat's agent label: balanced over the labels, in random order."""
    if pool >= seats:
        return rng.sample(range(pool), seats)
    labels = list(range(pool)) * (seats // pool) + rng.sample(range(pool), seats % pool)
    rng.shuffle(labels)
    return labels


def deal_counts(config: TournamentConfig) -> list[int]:
    """Deals per preset: ``deals`` (default the table size), or ``games`` rounded up to
    whole deals of N games and spread over the presets."""
    if config.games is None:
        return [config.deals or config.game_config(p).players for p in config.presets]
    total, presets = math.ceil(config.games / len(config.agents)), len(config.presets)
    return [total // presets + (i < total % presets) for i in range(presets)]


def deals(config: TournamentConfig) -> Iterator[Deal]:
    """Every deal, the presets interleaved: deal 0 of each preset, then deal 1, ..."""
    counts = deal_counts(config)
    tables = {p: config.game_config(p) for p in config.presets}
    for number in range(max(counts)):
        for preset, count in zip(config.presets, counts, strict=True):
            if number >= count:
                continue
            seed, players = game_seed(config.seed, number), tables[preset].players
            cards = tables[preset].deck()
            random.Random(derive("cards", preset, seed)).shuffle(cards)
            labels = labelling(len(config.agents), players,
                               random.Random(derive("labels", preset, seed)))
            names = (random.Random(derive("names", preset, seed)).sample(config.names, players)
                     if config.names else [])
            yield Deal(preset, seed, tuple(cards), tuple(labels), tuple(names))


def side_labels(cards: tuple[str, ...], players: int) -> tuple[int, ...]:
    """Label 0 at the seats dealt a wolf-side card, 1 at the others."""
    return tuple(0 if faction(card) == "wolves" else 1 for card in cards[:players])


def schedule(config: TournamentConfig) -> list[GameSpec]:
    """Every game of the tournament, in the order they are started."""
    pool = list(config.agents)
    specs: list[GameSpec] = []
    for deal in deals(config):
        labels = (side_labels(deal.cards, len(deal.labels))
                  if config.design == "side-swap" else deal.labels)
        for turn in range(len(pool)):
            agents = tuple(pool[(label + turn) % len(pool)] for label in labels)
            specs.append(GameSpec(len(specs), deal.preset, deal.seed, agents, deal.cards,
                                  deal.names))
    return specs

"""The deal: a config's deck shuffled and dealt (or a recorded deal taken as dealt), the
seats' public attributes drawn, the dealt roles' and the expansions' own states set up: a
``Judge`` ready for the flow. It reads the whole config, so it sits above the rule modules
that the judge serves."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import finalize

from arena.engine.config import GameConfig
from arena.engine.expansion import hooks
from arena.engine.judge import Judge, Plan, SeatAgent, Sink
from arena.engine.roles import ROLES
from arena.engine.state import GameState, SeatState


@dataclass(frozen=True, slots=True)
class Table:
    """What a config fixes for every game dealt from it, worked out once per config."""

    players: int
    deck: tuple[str, ...]  # the cards in a stable order (config.deck)
    states: tuple[tuple[str, Callable[[], Any]], ...]  # the dealt roles' and expansions' own
    plans: dict[Plan[Any], Any]  # see Judge.fixed


_TABLES: dict[int, Table] = {}


def table(config: GameConfig) -> Table:
    """The config's Table (configs are frozen: kept while the config lives)."""
    key = id(config)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Table(
            config.players, tuple(config.deck()),
            tuple((name, spec.state) for name, spec in ROLES.items()
                  if spec.state is not None and config.roles.get(name))
            + tuple(s for states in hooks(lambda x: x.states) for s in states(config)), {})
        finalize(config, _TABLES.pop, key, None)
    return found


def seat_attributes(config: GameConfig, seed: int) -> dict[int, dict[str, object]]:
    """Each seat's public attributes (project decision 5): given ones, else seeded draws."""
    draw = random.Random(f"attributes:{seed}")
    choice, randint, given = draw.choice, draw.randint, config.attributes
    fixed = table(config)
    out: dict[int, dict[str, object]] = {}
    for seat in range(1, fixed.players + 1):
        out[seat] = {"gender": choice(("female", "male")), "age": randint(18, 70)}
        if seat in given:
            out[seat].update(given[seat])
    for add in hooks(lambda x: x.attributes):  # e.g. the Village's buildings (1.4)
        add(config, seed, out)
    return out


def deal_game(
    config: GameConfig,
    agents: Mapping[int, SeatAgent],
    *,
    seed: int,
    deal: Sequence[str] | None = None,
    sink: Sink | None = None,
    timeout_s: float = 60.0,
    record_reasoning: bool = False,
    draws: Mapping[str, object] | None = None,
) -> Judge:
    """A judge for one game: ``deal`` (the seats' cards in seat order, then the rest) is
    taken as dealt; without it the deck is shuffled from the seed's own stream."""
    fixed = table(config)
    players = fixed.players
    if deal is None:
        cards = list(fixed.deck)
        shuffler = random.Random(f"deal:{seed}")
        shuffler.shuffle(cards)
        if config.rules.thief__mode == "online_blind3" and "thief" in cards[players:]:
            # C26 online: a random player is always made the thief
            spare, seat = cards.index("thief"), shuffler.randrange(players)
            cards[spare], cards[seat] = cards[seat], cards[spare]
        for deal_by in hooks(lambda x: x.deal):  # e.g. a variant's way of dealing
            cards = deal_by(config, cards, players, shuffler)
    else:
        cards = list(deal)
    state = GameState(
        seats={i: SeatState(i, role) for i, role in enumerate(cards[:players], 1)},
        centre=cards[players:],
        attributes=seat_attributes(config, seed),
        role_state={name: state() for name, state in fixed.states},
    )
    judge = Judge(config, agents, state, cards, fixed.plans, seed=seed, sink=sink,
                  timeout_s=timeout_s, record_reasoning=record_reasoning, draws=draws)
    for settle in hooks(lambda x: x.settle):
        settle(judge)
    return judge

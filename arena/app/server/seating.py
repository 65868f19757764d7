"""Who sits at a web table's non-human seats: a bot, or a model profile the server
offers (``arena serve --table PROFILES.toml``), paid under the table's and the
server's spending caps. A model seat whose cap is reached hands over to the table's
stand-in bot, and every player is told; while a model (or a person) decides, the seat
is "thinking" (arena/app/server/deciding.py), so the glow does not tell models from
people."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Literal, get_args

from agents import Agent, make_agent
from agents.llm import LLMAgent
from arena.app.budget import CappedProvider
from arena.app.server.profiles import Profiles
from arena.app.server.spending import TableSpend
from arena.engine import BaseEvent

Bot = Literal["heuristic", "random", "passive"]
BOTS: tuple[str, ...] = get_args(Bot)


class SeatingError(ValueError):
    """A seat choice the server does not offer (one line)."""


@dataclass(slots=True, kw_only=True)
class Handover(BaseEvent):
    """Model seat ``seat``'s spending cap was reached, or its endpoint stopped answering
    (the breaker tripped): a bot plays it from now on. A web notice (not in the
    transcript); it names no model unless the table shows them."""

    type: Literal["handover"] = "handover"
    seat: int


Handover.field_names = tuple(f.name for f in fields(Handover))


def check_choices(choices: dict[int, str], humans: set[int], players: int,
                  profiles: Profiles) -> None:
    """Every chosen seat exists, is not a human seat, and names a bot or an offered
    profile; SeatingError (one line) otherwise."""
    for seat, choice in sorted(choices.items()):
        if not 1 <= seat <= players:
            raise SeatingError(f"seat {seat} is not at this {players}-player table")
        if seat in humans:
            raise SeatingError(f"seat {seat} is a human seat; give it no agent")
        if choice not in BOTS and choice not in profiles:
            offered = ", ".join([*BOTS, *profiles.options]) or "none"
            raise SeatingError(f"seat {seat}: {choice!r} is not offered here ({offered})")


@dataclass
class ModelSeats:
    """Builds a table's model seats: profile options, capped provider, stand-in bot."""

    profiles: Profiles
    spend: TableSpend
    stand_in: str
    on_handover: Callable[[int], None]
    labels: dict[int, str] = field(default_factory=dict)  # seat -> "provider:model"

    def build(self, seat: int, name: str, seed: int, lang: str) -> Agent:
        """Profile ``name``'s agent at ``seat`` (its decisions not yet watched: the
        caller's ``Deciding.watch``, or the web seat it plays for)."""
        agent = make_agent(self.profiles.spec(name), seat, seed, self.profiles.options[name],
                           lang=lang)
        assert isinstance(agent, LLMAgent)
        agent.provider = CappedProvider(agent.provider, self.spend)
        agent.stand_in = make_agent(self.stand_in, seat, seed, lang=lang)
        agent.on_handover = lambda: self.on_handover(seat)
        offered = next(p for p in self.profiles.offered() if p["name"] == name)
        self.labels[seat] = f"{offered['provider']}:{offered['model']}"
        return agent

"""Shared helpers for the New Moon scenario tests (no tests of its own).

``moon`` plays a scenario with the listed cards drawn in order (events.shuffle off),
no sheriff unless asked, and seat attributes given per test (genders and ages default
to a fixed table so the tests never depend on the seeded draws)."""

from __future__ import annotations

import json
from typing import Any

from tests.rules.test_day_common import Played, game, play

# 1, 2 wolves; 3 seer; 4 witch; 5 hunter; 6-8 villagers
DEAL = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager"]
# odd seats men, even seats women; seat n is 20 + 5n years old (8 the oldest)
ATTRIBUTES = {s: {"gender": "male" if s % 2 else "female", "age": 20 + 5 * s}
              for s in range(1, 19)}


def moon(cards: list[str], seats: Script | None = None, *, days: int = 1,
         mode: str = "tabletop", seed: int = 1, roles: list[str] | None = None,
         attributes: dict[int, dict[str, Any]] | None = None, draws: str = "",
         **rules: Any) -> Played:
    """Play ``roles`` (default DEAL) with ``cards`` drawn in this order (``draws``: a
    ``[draws]`` table's TOML, forcing chance draws)."""
    deal = roles or DEAL
    settings = {"events.mode": mode, "events.deck": cards, "events.shuffle": False,
                "sheriff.election": "none", "game.max_days": days,
                **{k.replace("__", "."): v for k, v in rules.items()}}
    table = {s: {**ATTRIBUTES[s], **(attributes or {}).get(s, {})}
             for s in range(1, len(deal) + 1)}
    return play(
        game(deal, settings, (seats or Script()).text() + draws, seed=seed), table)


class Script(dict[int, dict[str, Any]]):
    """Seat scripts that add up: ``seat(1, kill=[6]) + seat(6, punish=[7])``."""

    def __add__(self, other: dict[int, dict[str, Any]]) -> Script:
        out = Script({n: dict(kinds) for n, kinds in self.items()})
        for n, kinds in other.items():
            out.setdefault(n, {}).update(kinds)
        return out

    def text(self) -> str:
        lines: list[str] = []
        for n, kinds in sorted(self.items()):
            lines.append(f"[seats.{n}]")
            days: dict[str, list[str]] = {}
            for key, value in kinds.items():
                if key.startswith("day"):
                    day, _, kind = key.partition("_")
                    days.setdefault(day, []).append(f"{kind} = {json.dumps(value)}")
                else:
                    lines.append(f"{key} = {json.dumps(value)}")
            for day, entries in days.items():
                lines += [f"[seats.{n}.{day}]", *entries]
        return "\n".join(lines) + "\n"


def seat(n: int, **kinds: Any) -> Script:
    """A seat's script: ``seat(1, kill=[6])``; a key ``day2_vote`` scripts one day."""
    return Script({n: kinds})


def scripts(*parts: Script) -> Script:
    out = Script()
    for part in parts:
        out = out + part
    return out


def moon_events(played: Played, card: str, step: str | None = None) -> list[Any]:
    return [e for e in played.events("new_moon", card=card)
            if step is None or e.step == step]


def voters(played: Played, day: int, ballot: str = "exile") -> list[int]:
    return [e.seat for e in played.events("vote", day=day, ballot=ballot)]


def speakers(played: Played, day: int) -> list[int]:
    return [e.seat for e in played.events("speech", day=day, context="discussion")]


def dead(played: Played) -> dict[int, str]:
    """seat -> cause of death (true causes for night deaths)."""
    out = {e.seat: e.cause for e in played.events("death")}
    out.update({e.seat: e.cause for e in played.events("death_cause")})
    return out

"""The New Moon cards and events as data (catalog 4.3 E1-E31, 4.4 O1-O12).

``moon`` is the card's icon (V7): ``full`` acts at once for the current round,
``crescent`` waits for its trigger, ``dark`` lasts to the end of the game; the online
events (``online``) follow A35. ``lasts`` says when an effect in force ends:
``now`` (applied when drawn), ``day`` (at nightfall), ``round`` (at the next dawn, so
through the coming night), ``trigger`` (when it has fired), ``game`` (never).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from arena.engine.events import BaseEvent, NewMoon

Moon = Literal["full", "crescent", "dark", "online"]
Lasts = Literal["now", "day", "round", "trigger", "game"]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    effect: str
    moon: Moon
    lasts: Lasts
    copies: int = 1


CARDS: dict[str, Card] = {c.id: c for c in (
    Card("E1", "miracle", "full", "now"),
    Card("E2", "bleak_monday", "full", "day"),
    Card("E3", "not_me_nor_wolf", "full", "day"),
    Card("E4", "spiritualism", "full", "now", copies=5),
    Card("E5", "luncheon_for_seniors", "full", "day"),
    Card("E6", "end_of_the_harvest", "full", "round"),
    Card("E7", "gone_hunting", "full", "round"),
    Card("E8", "pact_with_the_devil", "full", "day"),
    Card("E9", "april_fools", "full", "round"),
    Card("E10", "punishment", "full", "now"),
    Card("E11", "great_distrust", "full", "day"),
    Card("E12", "nightmare", "full", "day"),
    Card("E13", "saint_philippe", "full", "now"),
    Card("E14", "good_manners", "full", "day"),
    Card("E15", "radiant_sunday", "full", "round"),
    Card("E16", "heads_or_tails", "full", "day"),
    Card("E17", "woodland_gathering", "full", "day"),
    Card("E18", "saturday_evening_ball", "full", "round"),
    Card("E19", "eclipse", "full", "day"),
    Card("E20", "flood", "full", "round"),
    Card("E21", "the_specter", "crescent", "trigger"),
    Card("E22", "the_little_rascal", "crescent", "trigger"),
    Card("E23", "backfire", "crescent", "round"),
    Card("E24", "enthusiasm", "crescent", "trigger"),
    Card("E25", "dissatisfaction", "crescent", "trigger"),
    Card("E26", "full_moon_rising", "crescent", "round"),
    Card("E27", "influences", "crescent", "trigger"),
    Card("E28", "burial", "dark", "game"),
    Card("E29", "touch_of_death", "dark", "game"),
    Card("E30", "somnambulism", "dark", "game"),
    Card("E31", "double_agent", "dark", "game"),
    Card("O1", "runs_away_from_home", "online", "round"),
    Card("O2", "group_girl_chasing", "online", "round"),
    Card("O3", "bathhouse", "online", "round"),
    Card("O4", "venom_fang", "online", "round"),
    Card("O5", "thunderbolt", "online", "round"),
    Card("O6", "ufo", "online", "now"),
    Card("O7", "break_up", "online", "now"),
    Card("O8", "miracle", "online", "round"),
    Card("O9", "sheriff_recall", "online", "day"),
    Card("O10", "silence", "online", "day"),
    Card("O11", "return_of_the_soul", "online", "now"),
    Card("O12", "derangement", "online", "round"),
)}

TABLETOP = tuple(c.id for c in CARDS.values() if c.moon != "online")
ONLINE = tuple(c.id for c in CARDS.values() if c.moon == "online")
DARK = tuple(c.id for c in CARDS.values() if c.moon == "dark")


def full_deck(mode: str) -> tuple[str, ...]:
    """Every card of a mode once per physical copy: the 35 tabletop cards of 000 (C37),
    or the 12 online events."""
    ids = TABLETOP if mode == "tabletop" else ONLINE
    return tuple(i for i in ids for _ in range(CARDS[i].copies))


def cards_in_force(events: Iterable[BaseEvent]) -> list[str]:
    """The cards in force after ``events``, from the public new_moon events alone: drawn
    (or put in play) and not yet ended, in the order they came; cards that act only
    when drawn are left out. The one reading the web table, the game pages and the
    seats' prompts share."""
    found: dict[str, None] = {}
    for event in events:
        if isinstance(event, NewMoon):
            if event.step in ("drawn", "in_play") and CARDS[event.card].lasts != "now":
                found[event.card] = None
            elif event.step == "ended":
                found.pop(event.card, None)
    return list(found)

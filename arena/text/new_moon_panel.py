"""The New Moon events in force, named and explained in a language: the panel of the
web table and of the game pages (the cards come from ``cards_in_force``)."""

from __future__ import annotations

from collections.abc import Iterable

from arena.engine.events import BaseEvent
from arena.engine.newmoon.cards import cards_in_force
from arena.text.catalog import catalog


def moon_in_force(events: Iterable[BaseEvent], lang: str) -> list[dict[str, str]]:
    """Each card in force after ``events``: its id, name and effect in ``lang``."""
    words = catalog(lang)
    return [{"card": card, "name": words.t(f"moon_card.{card}"),
             "effect": words.t(f"moon_effect.{card}")} for card in cards_in_force(events)]

"""The New Moon as a seat sees it: the events in force (from the public new_moon
events and the catalog's card table) and the spiritualism questions in words."""

from __future__ import annotations

from collections.abc import Iterable

from arena.engine import Observation
from arena.engine.newmoon.cards import cards_in_force
from arena.engine.newmoon.spiritualism import QUESTIONS
from arena.text import catalog


def in_force_now(obs: Observation) -> list[str]:
    return cards_in_force(obs.events)


def describe_in_force(lang: str, cards: list[str]) -> str:
    """``E7 “Gone Hunting”: ...; O9 ...`` in the seat's language."""
    c = catalog(lang)
    return " ".join(c.model("new_moon.other", card=card, name=c.t(f"moon_card.{card}"),
                            effect=c.t(f"moon_effect.{card}")) for card in cards)


def question_text(lang: str, number: int) -> str:
    return catalog(lang).t(f"moon_question.{QUESTIONS[number].key}")


def questions(lang: str, numbers: Iterable[int]) -> str:
    """The medium's choices: ``4: Am I a wolf? 8: Is the sheriff ...``."""
    return " ".join(f"{n}: {question_text(lang, n)}" for n in numbers)

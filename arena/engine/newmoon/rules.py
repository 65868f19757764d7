"""The New Moon's rule keys: which events, drawn how and when (4.3, 4.4, V7; C35, C37,
A31)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from arena.engine.newmoon.cards import CARDS, DARK
from arena.engine.rule_types import RuleGroup


class NewMoonRules(RuleGroup):
    """The New Moon events (4.3, 4.4, V7; C35, C37, A31)."""

    events__mode: Literal["none", "tabletop", "online"] = Field(
        "none", description="V7/4.3: a New Moon card is flipped at every dawn (tabletop); "
        "4.4: an online New Moon event on the days of events.days (online); or none.",
    )
    events__deck: tuple[str, ...] = Field(
        (), description="C37: the cards or events in play by catalog id (E1-E31, O1-O12; "
        "repeat an id for several copies); empty: the mode's full deck (the 35 cards of 000, "
        "or the 12 online events).",
    )
    events__shuffle: bool = Field(
        True, description="C37: the deck is shuffled by the game's RNG (false: drawn in the "
        "order of events.deck)."
    )
    events__permanent: tuple[str, ...] = Field(
        (), description="4.3: dark-moon cards (E28-E31) the host puts in play before the game."
    )
    events__drawer: Literal["last_night_death", "last_death"] = Field(
        "last_night_death", description="C37/A31: who flips the card: the last to die in the "
        "night, or the last to die in the game; with nobody, the judge flips it."
    )
    events__days: Literal["every_other_day", "every_third_day"] = Field(
        "every_other_day", description="C35: the online events come on days 1, 3, 5... or "
        "1, 4, 7..."
    )
    events__bleak_monday: Literal["normal", "vouching"] = Field(
        "normal", description="E2/4.2.5: Bleak Monday is a normal day, or that day's exile is "
        "the vouching game, in a chain (000's version, C31)."
    )
    events__end_of_the_harvest: Literal["normal", "harvest"] = Field(
        "normal", description="E6/4.2.4: End of the Harvest is a normal round, or the Harvest "
        "Festival holds until the next dawn: the wolves attack, the hunter shoots and the guard "
        "protects only a neighbour, the seer sees three unordered cards, the sheriff votes "
        "first, the witch uses at most one potion and a toss of the box decides what it does, "
        "the piper charms one player."
    )
    events__radiant_sunday: Literal["normal", "temptation"] = Field(
        "normal", description="E15/4.2.6: Radiant Sunday is a normal round, or the Lycanthropic "
        "temptation holds until the next dawn: the wolves' victim is infected instead of "
        "killed and loses his powers for good; the wolves win if only one non-wolf is left "
        "uninfected."
    )

    @field_validator("events__deck", "events__permanent")
    @classmethod
    def _known_cards(cls, ids: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        known = CARDS if info.field_name == "events__deck" else DARK
        bad = [i for i in ids if i not in known]
        if bad:
            what = "a New Moon card" if known is CARDS else "a dark-moon card"
            raise ValueError(f"not {what}: {', '.join(bad)}")
        return ids

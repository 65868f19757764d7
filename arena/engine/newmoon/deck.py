"""The deck, the draw and what is in force (V7, 4.3 drawing, C35, C37, A31, A35)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arena.engine.events import Death, NewMoon, Reveal, RoleDealt
from arena.engine.newmoon.cards import CARDS, Card, Lasts, full_deck
from arena.engine.newmoon.rules import NewMoonRules
from arena.engine.roles.factions import in_pack
from arena.engine.rule_types import dotted
from arena.engine.variants import on as variants_on

if TYPE_CHECKING:
    from arena.engine.events import Audience
    from arena.engine.judge import Judge

KEY = "new_moon"  # its place in GameState.role_state


@dataclass(slots=True)
class Active:
    """A card in force: drawn on ``day`` when the log held ``mark`` events; ``seats``
    the players it singled out; ``data`` what its effect keeps."""

    card: Card
    day: int
    mark: int
    seats: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class MoonState:
    deck: list[str]
    active: dict[str, Active] = field(default_factory=dict)
    groups: list[int] = field(default_factory=lambda: [1, 2, 3, 4, 5])  # E4's five cards
    doomed: list[tuple[int, str]] = field(default_factory=list)  # night deaths of a card
    pacts: list[int] = field(default_factory=list)  # E8: who made a pact with the devil


def moon(judge: Judge) -> MoonState | None:
    state: MoonState | None = judge.state.role_state.get(KEY)
    return state


def set_up(judge: Judge) -> MoonState | None:
    """Build and shuffle the deck (C37); None when the New Moon is not played."""
    rules = judge.rules[NewMoonRules]
    if rules.events__mode == "none" and not rules.events__permanent:
        return None
    ids = list(rules.events__deck or (full_deck(rules.events__mode)
                                      if rules.events__mode != "none" else ()))
    for card in rules.events__permanent:  # the host takes them out of the deck
        if card in ids:
            ids.remove(card)
    if rules.events__shuffle:
        judge.rng.shuffle(ids)
    state = MoonState(ids)
    judge.state.role_state[KEY] = state
    return state


def announce(judge: Judge, card: str, step: str, audience: Audience = "public",
             **fields: Any) -> None:
    info = CARDS[card]
    judge.emit(NewMoon, audience, card=card, effect=info.effect, moon=info.moon, step=step,
               **fields)


def activate(judge: Judge, card: str, seats: tuple[int, ...] = ()) -> Active:
    state = moon(judge)
    assert state is not None
    active = state.active[card] = Active(CARDS[card], judge.state.day, len(judge.log), seats)
    return active


def in_force(judge: Judge, card: str) -> Active | None:
    state = moon(judge)
    return None if state is None else state.active.get(card)


def end(judge: Judge, card: str) -> None:
    """The card is no longer in force (announced to all); rules it changed are back."""
    state = moon(judge)
    ended = None if state is None else state.active.pop(card, None)
    if ended is not None:
        if "rules" in ended.data:
            _rules_in_force(judge)
        announce(judge, card, "ended")


def change_rules(judge: Judge, active: Active, changes: dict[str, Any]) -> None:
    """While ``active`` is in force these rule keys hold (E6, E15: the host's variant
    for the round); the variants they switch on join the game."""
    active.data["rules"] = changes
    _rules_in_force(judge)


def _rules_in_force(judge: Judge) -> None:
    state = moon(judge)
    assert state is not None
    changes = {dotted(k): v for a in state.active.values()
               for k, v in a.data.get("rules", {}).items()}
    base = judge.config.rules
    judge.rules = base.model_validate({**base.key_values(), **changes}) if changes else base
    for variant in variants_on(judge):
        if variant.state is not None:
            judge.state.role_state.setdefault(variant.name, variant.state())


def expire(judge: Judge, lasts: Lasts) -> None:
    state = moon(judge)
    if state is not None:
        for card in [c for c, a in state.active.items() if a.card.lasts == lasts]:
            end(judge, card)


def due(judge: Judge) -> bool:
    """Whether a card is flipped at this dawn: every dawn at the table; on days 1, 3, 5...
    (or 1, 4, 7...) online (C35)."""
    rules = judge.rules[NewMoonRules]
    if rules.events__mode == "tabletop":
        return True
    step = 2 if rules.events__days == "every_other_day" else 3
    return rules.events__mode == "online" and (judge.state.day - 1) % step == 0


def last_death(judge: Judge, *, tonight: bool = False) -> int | None:
    """The last seat to die (tonight: only at this dawn), from the public log."""
    day = judge.state.day
    for event in reversed(judge.log):
        if tonight and event.day < day:
            return None
        if isinstance(event, Death):
            return event.seat
    return None


def first_death(judge: Judge) -> int | None:
    return next((e.seat for e in judge.log if isinstance(e, Death)), None)


def drawer(judge: Judge) -> int | None:
    """Who flips the card (C37, A31): the last to die, else the judge (None)."""
    if judge.rules[NewMoonRules].events__mode == "online":
        return None
    return last_death(judge, tonight=judge.rules[NewMoonRules].events__drawer == "last_night_death")


def draw(judge: Judge, by: int | None) -> str | None:
    state = moon(judge)
    if state is None or not state.deck:
        return None
    card = state.deck.pop(0)
    announce(judge, card, "drawn", by=by)
    return card


def convert(judge: Judge, seat: int, role: str) -> None:
    """A seat's card changes by an event (E1, E9, E21, E23, O4, O5, O8): the seat is
    told; a new wolf and the pack learn each other."""
    st = judge.state
    st.set_role(seat, role)
    judge.emit(RoleDealt, (seat,), seat=seat, role=role)
    if in_pack(role):
        pack = tuple(s for s in st.living if s != seat and in_pack(st.role_of(s)))
        for wolf in pack:
            judge.emit(Reveal, (seat,), seat=wolf, role=st.role_of(wolf), reason="wolf_team")
        if pack:
            judge.emit(Reveal, pack, seat=seat, role=role, reason="wolf_team")
    lover = st.seats[seat].lover
    if lover is not None and st.hybrid_pair is None:  # a pair may become mixed, or not
        mixed = in_pack(st.role_of(seat)) != in_pack(st.role_of(lover))
        st.mixed_lovers = (min(seat, lover), max(seat, lover)) if mixed else None

"""Double-You (V2 small, V3 great): every player holds two cards. A wolf card makes him
a wolf who keeps the other card's power; otherwise he plays both (a villager card adds
nothing). The first card stays the seat's card for the seer, the reveals and the win
checks; the other is an ``extra`` card (GameState.cards_of).

Small (A39): the face-up deck is every card that is neither a wolf nor a villager, plus
``double_you.public_villagers`` villagers; each player is dealt one face-up card, shown
to all, and one hidden camp card from the wolves and the other villagers; face-up cards
left over go to no one. Great (A40): two hidden cards each; a seat given two wolf cards,
or two night roles other than witch + seer, is dealt again."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from arena.engine.events import Reveal
from arena.engine.roles import ROLES
from arena.engine.roles.factions import in_pack
from arena.engine.shared_rules import VariantRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge

ALLOWED = frozenset({"witch", "seer"})  # the one pair of two night roles (V3)
TRIES = 1000


def deal(cards: list[str], players: int, shuffler: random.Random) -> list[str]:
    """The shuffled deck laid out as the seats' first cards, then their second cards,
    then the cards dealt to no one."""
    if len(cards) == 2 * players:  # great
        for _ in range(TRIES):
            if all(_fits(a, b) for a, b in zip(cards[:players], cards[players:], strict=True)):
                return cards
            shuffler.shuffle(cards)
        raise ValueError("Double-You great: no legal deal in 1000 shuffles")
    wolves = [c for c in cards if in_pack(c)]
    villagers = [i for i, c in enumerate(cards) if c == "villager"]
    camp = {i for i, c in enumerate(cards) if in_pack(c)} | set(villagers[:players - len(wolves)])
    face_up = [c for i, c in enumerate(cards) if i not in camp]
    return face_up[:players] + [cards[i] for i in sorted(camp)] + face_up[players:]


def _fits(a: str, b: str) -> bool:
    """A40: not two wolves, and two night roles only as witch + seer."""
    if in_pack(a) and in_pack(b):
        return False
    nightly = ROLES[a].night is not None and ROLES[b].night is not None
    return not nightly or in_pack(a) or in_pack(b) or {a, b} == ALLOWED


def pair(judge: Judge) -> None:
    """Give every seat its second card, from the centre."""
    st, players = judge.state, judge.config.players
    small = judge.rules[VariantRules].variant__double_you == "small"
    seconds, st.centre = st.centre[:players], st.centre[players:]
    for seat, second in zip(sorted(st.seats), seconds, strict=True):
        first = st.seats[seat].role
        if in_pack(first):
            first, second = second, first
        if small:  # a wolf camp card makes a wolf holding his face-up card
            card, extra = (second, (first,)) if in_pack(second) else (first, ())
        else:
            card, other = (second, first) if in_pack(second) else (first, second)
            extra = () if other == "villager" else (other,)
        st.set_role(seat, card, extra)


def show(judge: Judge) -> None:
    """Small: every face-up card is shown to all; great: each seat learns its second card."""
    st = judge.state
    small = judge.rules[VariantRules].variant__double_you == "small"
    for seat, info in st.seats.items():
        if small:
            face_up = info.extra[0] if info.extra else info.role
            judge.emit(Reveal, "public", seat=seat, role=face_up, reason="face_up")
        elif info.extra:
            judge.emit(Reveal, (seat,), seat=seat, role=info.extra[0], reason="second_card")


SPEC = VariantSpec(
    name="double_you", active=lambda rules: rules[VariantRules].variant__double_you != "none",
    deal=deal, setup=pair, dealt=show,
)

"""The thief's first-night card: the stronger of the spare cards, the likeliest power
role at the table, or a blind pick."""

from __future__ import annotations

from collections.abc import Sequence

from agents.belief import is_pack, role_table
from agents.tactics.registry import CARD_VALUE, plays
from agents.tactics.situation import Situation, answer
from arena.engine.requests import Decision, Request

CARD_VALUE.update({  # the cards whose roles have no tactic module of their own to say it;
    # among wolf cards the plain wolf wins most often
    "idiot": 3.0, "elder": 3.0, "chief": 3.0, "dreamer": 1.0,
    "werewolf": -1.0, "white_eyed_wolf": -2.0, "white_wolf": -3.0})
WOLF_SIDE = 12.0  # a wolf card that gives the pack parity or close to it
TURNCOAT = 15.0
"""What a village thief loses by turning wolf unawares: the pack wins far fewer games."""


@plays("swap")
def swap(s: Situation, request: Request) -> Decision:
    cards: Sequence[str] = request.context.get("cards", ())
    if cards:
        return _spare(s, request, cards)
    if s.obs.rules.get("thief.mode") == "swap_player":
        return _player(s, request)
    return answer(request, s.rng.choice(request.options) if request.options else None)


def _spare(s: Situation, request: Request, cards: Sequence[str]) -> Decision:
    """The more valuable spare card; none when neither beats a plain villager, unless
    both are wolf cards (then he must take one)."""
    worth = [_card_value(s, card, cards) for card in cards]
    best = max(range(len(cards)), key=lambda i: (worth[i], -i))
    keep = worth[best] <= 0 and request.allow_none
    return answer(request, None if keep else best + 1)


def _card_value(s: Situation, card: str, cards: Sequence[str]) -> float:
    """A village card's worth; a wolf card's is low unless taking it brings the pack
    within one of the good players, when the wolves' side is clearly the stronger."""
    if not is_pack(card):
        return CARD_VALUE.get(card, 0.0)
    dealt = sum(c for r, c in s.obs.deal.items() if is_pack(r))
    pack = dealt - sum(1 for c in cards if is_pack(c)) + 1
    if card == "werewolf" and pack >= s.obs.players - pack - 1:
        return WOLF_SIDE
    return CARD_VALUE.get(card, -1.0)


def _player(s: Situation, request: Request) -> Decision:
    """Swap with the seat whose card is worth most in expectation (a trusted claimed
    seer's, say), a likely wolf's costing him his side; keep his own card while no seat
    is worth more than a plain villager."""
    table = role_table(s.ev, s.belief)
    worth = {o: sum(p * (-TURNCOAT if is_pack(r) else CARD_VALUE.get(r, 0.0))
                    for r, p in table.get(o, {}).items()) for o in request.options}
    if not worth:
        return request.default()
    top = max(worth.values())
    if top <= 0 and request.allow_none:
        return request.default()
    return answer(request, s.rng.choice([o for o, w in worth.items() if w >= top - 1e-9]))

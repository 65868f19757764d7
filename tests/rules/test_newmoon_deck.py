"""The New Moon deck and draw (catalog 4.3 drawing, V7, C37, A31): the cards, their
icons, the seeded shuffle, the permanent cards put in play before the game, who flips,
how long each effect lasts, and that games without events are untouched."""

from __future__ import annotations

from collections import Counter

import pytest

from arena.engine.config import RuleError, make_rules
from arena.engine.events import NewMoon
from arena.engine.newmoon.cards import CARDS, full_deck
from arena.presets import load_preset
from tests.helpers import play_bots
from tests.rules.newmoon_common import moon, scripts, seat


def test_c37_the_tabletop_deck_holds_the_35_cards_of_000() -> None:
    """C37: 31 titles, Spiritualism five times: 35 cards; 20 full moons (E1-E20, E4 x5
    counted once per title), 7 crescents, 4 dark moons; the online pool is O1-O12."""
    deck = full_deck("tabletop")
    assert len(deck) == 35 and Counter(deck)["E4"] == 5
    icons = Counter(CARDS[c].moon for c in set(deck))
    assert icons == {"full": 20, "crescent": 7, "dark": 4}
    assert full_deck("online") == tuple(f"O{n}" for n in range(1, 13))


def test_v7_a_card_is_flipped_at_every_dawn_in_deck_order() -> None:
    """V7: one card at every dawn (drawn public, naming its catalog id and effect)."""
    played = moon(["E6", "E15", "E19"], days=3)
    drawn = [e for e in played.events("new_moon") if e.step == "drawn"]
    assert [(e.day, e.card) for e in drawn] == [(1, "E6"), (2, "E15"), (3, "E19")]
    assert all(e.audience == "public" and e.effect == CARDS[e.card].effect for e in drawn)


def _order(seed: int) -> list[str]:
    played = moon([], days=6, seed=seed, events__shuffle=True)
    return [e.card for e in played.events("new_moon") if e.step == "drawn"]


def test_c37_the_deck_is_shuffled_by_the_games_rng() -> None:
    """C37: the same seed draws the same cards; other seeds other cards."""
    assert _order(3) == _order(3)
    assert len({tuple(_order(seed)) for seed in range(1, 6)}) > 1


def test_permanent_cards_are_in_play_before_the_game_and_leave_the_deck() -> None:
    """4.3: the host puts dark-moon cards in play before night 1; they are not drawn."""
    played = moon([], days=12, events__shuffle=True, events__permanent=["E28", "E30"])
    in_play = [(e.day, e.card) for e in played.events("new_moon") if e.step == "in_play"]
    assert in_play == [(0, "E28"), (0, "E30")]
    drawn = {e.card for e in played.events("new_moon") if e.step == "drawn"}
    assert len(drawn) >= 5 and not drawn & {"E28", "E30"}


@pytest.mark.parametrize(("key", "value"), [
    ("events.deck", ["Z9"]), ("events.permanent", ["E1"]), ("events.mode", "monthly")])
def test_unknown_cards_and_non_dark_permanents_are_refused(key: str, value: object) -> None:
    with pytest.raises(RuleError):
        make_rules({key: value})


def test_a31_the_last_night_victim_flips_else_the_judge() -> None:
    """C37 / A31: night 1's victim (6) flips at dawn 1; after a quiet night 2 the judge
    flips at dawn 2."""
    played = moon(["E6", "E15"], seat(1, kill=[6, "none"]) + seat(2, kill=[6, "none"]), days=2)
    assert [e.by for e in played.events("new_moon") if e.step == "drawn"] == [6, None]


def test_a31_with_last_death_the_most_recent_dead_flips() -> None:
    """A31 (events.drawer = last_death): after a quiet night, yesterday's exile flips."""
    seats = scripts(*(seat(s, day1_vote=[7]) for s in (1, 2, 3)))
    played = moon(["E6", "E15"], seats, days=2, events__drawer="last_death")
    assert [e.by for e in played.events("new_moon") if e.step == "drawn"] == [None, 7]


def test_effects_last_the_day_the_round_or_until_triggered() -> None:
    """V7 icons: a full-moon day card (E5) ends at nightfall, a round card (E7) at the
    next dawn, a crescent (E24) when its trigger comes; a dark card never ends."""
    played = moon(["E5", "E7", "E24"], days=4, events__permanent=["E28"])
    ends = {e.card: (e.day, e.phase) for e in played.events("new_moon") if e.step == "ended"}
    assert ends["E5"] == (2, "night") and ends["E7"] == (3, "day")
    assert "E24" not in ends and "E28" not in ends


def test_a_revived_player_is_alive_in_every_view() -> None:
    """E1: the seats' views follow the revival (the new_moon revived event)."""
    played = moon(["E1"], seat(1, kill=[3]) + seat(2, kill=[3]))
    view = played.asked_with_view[-1][1]
    assert 3 in view.alive


def test_games_without_events_have_none() -> None:
    """events.mode = none (every preset but the New Moon ones): no new_moon event."""
    result = play_bots(load_preset("classic-12"), "random", 5)
    assert not [e for e in result.events if isinstance(e, NewMoon)]


def test_every_card_is_drawn_with_its_icon() -> None:
    """Every card drawn names its icon as in the card table."""
    played = moon([], days=10, events__shuffle=True, seed=4)
    drawn = played.events("new_moon")
    assert drawn and all(e.moon == CARDS[e.card].moon for e in drawn)

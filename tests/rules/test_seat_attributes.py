"""Seat attributes (project decision 5, catalog 4.5): the physical facts some rules read
from real people (gender, age) are per-seat attributes of the table config. Missing
ones are drawn from the game seed, given ones are kept, and all are public: the setup
event shows them to every seat.

``play(text, attributes)`` (tests/rules/test_day_common.py) sets them on a scenario's
config, since scenario files have no attributes key."""

from __future__ import annotations

from typing import Any

from arena.engine import observe
from tests.rules.test_day_common import PLAIN7, Attributes, game, play


def _setup_attributes(seed: int, attributes: Attributes | None = None) -> dict[str, Any]:
    text = game(PLAIN7, {"sheriff.election": "none", "game.max_days": 1}, seed=seed)
    return dict(play(text, attributes).first("setup").attributes)


def test_d5_every_seat_gets_a_gender_and_an_age() -> None:
    """Decision 5: with nothing given, each seat has a drawn gender and age."""
    drawn = _setup_attributes(3)
    assert sorted(drawn, key=int) == [str(s) for s in range(1, 8)]
    for attrs in drawn.values():
        assert attrs["gender"] in ("female", "male")
        assert isinstance(attrs["age"], int)


def test_d5_same_seed_same_attributes() -> None:
    """Decision 5: the defaults come from the seed, so a replay has the same table."""
    assert _setup_attributes(5) == _setup_attributes(5)


def test_d5_different_seeds_differ_somewhere() -> None:
    """Decision 5: the defaults are drawn, not fixed: other seeds give other tables."""
    tables = [_setup_attributes(seed) for seed in (1, 2, 3)]
    assert tables[0] != tables[1] or tables[0] != tables[2]


def test_d5_given_attributes_are_kept_and_the_rest_still_drawn() -> None:
    """Decision 5: attributes set in the config win over the draw; other seats keep
    exactly the values the seed gives them."""
    given: Attributes = {2: {"gender": "female"}, 5: {"gender": "male", "age": 33}}
    drawn = _setup_attributes(4)
    shown = _setup_attributes(4, given)
    assert shown["2"]["gender"] == "female"
    assert shown["5"]["gender"] == "male" and shown["5"]["age"] == 33
    assert shown["2"]["age"] == drawn["2"]["age"]
    for seat in ("1", "3", "4", "6", "7"):
        assert shown[seat] == drawn[seat]


def test_d5_attributes_are_public_in_the_setup_event() -> None:
    """Decision 5: the setup event carrying the attributes goes to everyone, and each
    seat's view holds every seat's attributes."""
    text = game(PLAIN7, {"sheriff.election": "none", "game.max_days": 1}, seed=6)
    played = play(text, {1: {"gender": "female"}})
    setup = played.first("setup")
    assert setup.audience == "public"
    assert setup.attributes["1"]["gender"] == "female"
    for seat in range(1, 8):
        seen = [e for e in observe(played.log, seat).events
                if e.type == "setup"]  # type: ignore[attr-defined]
        assert len(seen) == 1
        assert seen[0].attributes == setup.attributes  # type: ignore[attr-defined]

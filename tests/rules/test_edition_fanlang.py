"""Edition fanlang (project decision 4): fanlang-9's deal and rules are checked in
test_presets_editions.py; here its night order and one random-bot game, which must
run to its end with no sheriff and no card shown at a death other than a shooting
hunter's."""

from __future__ import annotations

from tests.rules.test_edition_classic import assert_plays_to_the_end
from tests.rules.test_presets_editions import names_in, rules_of


def test_fanlang_has_one_preset_of_9() -> None:
    """Decision 2 / 4: fanlang-9 is the only preset of the family."""
    assert names_in("fanlang") == ["fanlang-9"]


def test_fanlang_9_night_order() -> None:
    """Decision 4 (the modern standard): guard, seer, wolves, witch, and nobody else
    wakes."""
    assert rules_of("fanlang-9")["night.order"] == ["guard", "seer", "werewolf", "witch"]


def test_fanlang_9_plays_to_the_end_with_random_bots() -> None:
    """fanlang-9: random-bot games run to their end without a sheriff election, and
    every death is announced without a card (decision 4): only a hunter who shoots
    shows his, and a wolf who self-destructs has shown himself by doing so."""
    for seed in (7, 8, 9):
        result = assert_plays_to_the_end("fanlang-9", seed)
        events = list(result.events)
        assert not [e for e in events if e.type in ("candidacy", "sheriff")]  # type: ignore[attr-defined]
        assert all(e.revealed_role is None  # type: ignore[attr-defined]
                   for e in events
                   if e.type == "death" and e.cause != "explode")  # type: ignore[attr-defined]
        shown = {e.seat for e in events  # type: ignore[attr-defined]
                 if e.type == "reveal" and e.audience == "public"}  # type: ignore[attr-defined]
        shooters = {e.seat for e in events if e.type == "shoot"}  # type: ignore[attr-defined]
        assert shown <= shooters

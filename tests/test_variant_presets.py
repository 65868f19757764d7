"""A small run of scripts/variants.py: random games of every variant preset end without
an error, and each variant's special steps (catalog 4.1, 4.2) show in the transcripts,
which replay exactly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arena.app import reproduce
from arena.app.cli import parser
from arena.app.commands._game_setup import build_setup
from arena.app.session import play_one
from arena.presets import preset_file
from tests.helpers import load_script

VARIANTS = load_script("variants")
GAMES = 25


@pytest.mark.parametrize("edition", sorted(VARIANTS.STEPS))
def test_every_special_step_shows_in_random_games(edition: str) -> None:
    """V1-V6: 25 random games of each preset of the variant (seeds 0-24) end without an
    error; every step of the variant appears in at least one of them."""
    presets = [p for p in VARIANTS.variant_presets() if preset_file(p).edition == edition]
    assert presets
    seen: Counter[str] = Counter()
    for preset in presets:
        _, wins, shown, _ = VARIANTS.play(preset, "random", GAMES)
        assert sum(wins.values()) == GAMES
        seen.update(shown)
    assert [step for step in VARIANTS.STEPS[edition] if not seen[step]] == []


def test_a_step_that_never_happens_is_reported() -> None:
    """The check bites: a step no transcript line satisfies is counted in no game."""
    steps = VARIANTS.STEPS["variant-vouching"]
    steps["impossible"] = VARIANTS.line(lambda line: False)
    try:
        _, _, shown, _ = VARIANTS.play("variant-vouching-6", "random", 5)
    finally:
        del steps["impossible"]
    assert shown["impossible"] == 0 and shown["vouch"] > 0


@pytest.mark.parametrize(("preset", "agent"), [
    ("variant-vouching-8", "heuristic"), ("variant-doubleyou-small-8", "random"),
    ("variant-doubleyou-great-10", "heuristic"), ("variant-harvest-16", "random"),
    ("variant-blackdeath-8", "heuristic"), ("variant-fascination-12", "random")])
def test_variant_transcripts_replay_exactly(tmp_path: Path, preset: str, agent: str) -> None:
    """Every variant's decisions (vouch, plague, toss, the love triangle) and its deal
    (two cards a player, the wolf cards the Black Death hides) are in the transcript:
    replaying it gives the same game (arena replay --verify)."""
    path = tmp_path / "game.jsonl"
    args = parser().parse_args(["play", "--preset", preset, "--agents", agent, "--seed", "4"])
    play_one(build_setup(args), 4, path)
    ok, message = reproduce.verify(path)
    assert ok, message

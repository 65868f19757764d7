"""The New Moon presets (catalog 4.3 with V7 on the classic deals, 4.4 online): every
preset plays 30 random-bot games to the end, and across them every event id (E1-E31,
O1-O12) is drawn. ``scripts/newmoon.py`` plays 500 per preset."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path

import pytest

from agents.heuristic import HeuristicAgent
from arena.app import cli, reproduce
from arena.app.cli import parser
from arena.app.commands._game_setup import build_setup
from arena.app.session import play_one
from arena.engine import Decision, Observation, Request, run_game
from arena.engine.newmoon.cards import CARDS, ONLINE, TABLETOP
from arena.presets import load_preset, preset_names
from tests.helpers import play_bots

GAMES = 30
FAMILIES = {"newmoon": TABLETOP, "online-newmoon": ONLINE}


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_new_moon_preset_plays_and_every_event_appears(family: str) -> None:
    names = [p for p in preset_names() if p.rpartition("-")[0] == family]
    assert names
    seen: Counter[str] = Counter()
    for name in names:
        config = load_preset(name)
        assert config.rules.events__mode == ("tabletop" if family == "newmoon" else "online")
        for seed in range(GAMES):
            result = play_bots(config, "random", seed)
            assert result.winner
            seen.update(e.card for e in result.events if e.type == "new_moon")  # type: ignore[attr-defined]
    assert [i for i in FAMILIES[family] if not seen[i]] == []


def test_newmoon_presets_mirror_the_classic_presets() -> None:
    """Decision 2: newmoon-N deals exactly classic-N's cards under classic-N's rules,
    plus the deck (V7), every cause of death taking a lover along (C36, TB) and no shot
    for a punished hunter (C3: an "other" death)."""
    moon_keys = {"events.mode", "lovers.chain_causes", "hunter.blocked_causes"}
    for n in range(8, 19):
        moon, classic = load_preset(f"newmoon-{n}"), load_preset(f"classic-{n}")
        assert moon.roles == classic.roles
        rules, base = moon.rules.key_values(), classic.rules.key_values()
        assert {k for k in rules if rules[k] != base[k]} == moon_keys
        assert rules["events.mode"] == "tabletop"
        assert set(rules["lovers.chain_causes"]) == {*base["lovers.chain_causes"], "punishment",
                                                      "specter", "backfire"}
        assert "punishment" in rules["hunter.blocked_causes"]


class _Checked(HeuristicAgent):
    """The heuristic, noting every answer of its own that the judge would refuse."""

    def __init__(self, seed: int, refused: list[tuple[str, str]]) -> None:
        super().__init__(seed)
        self.refused = refused

    async def decide(self, observation: Observation, request: Request) -> Decision:
        problem = request.validate(self.play(observation, request))
        if problem is not None:
            self.refused.append((request.kind, problem))
        return await super().decide(observation, request)


HOST_VARIANTS = {"events.end_of_the_harvest": "harvest", "events.radiant_sunday": "temptation",
                 "events.bleak_monday": "vouching"}


@pytest.mark.parametrize(("name", "overrides"), [
    ("newmoon-12", {}), ("newmoon-16", {}), ("online-newmoon-16", {}),
    ("newmoon-16", {**HOST_VARIANTS, "events.deck": ["E6", "E15", "E2", "E6", "E15", "E14",
                                                     "E19", "E8", "E1", "E10"]})])
def test_the_heuristic_answers_every_new_moon_decision_legally(
        name: str, overrides: dict[str, object]) -> None:
    """Over a few games the heuristic's own answers (not the judge's default) are
    always legal, the New Moon's decisions included (also under the host's variants of
    E2, E6 and E15: the harvest witch's box toss)."""
    config = load_preset(name, overrides=overrides)
    refused: list[tuple[str, str]] = []
    kinds: set[str] = set()
    for seed in range(6):
        agents = {s: _Checked(seed, refused) for s in range(1, config.players + 1)}
        result = asyncio.run(run_game(config, dict(agents), seed=seed))
        kinds.update(e.kind for e in result.events if e.type == "fallback")  # type: ignore[attr-defined]
    assert refused == [] and kinds == set()


@pytest.mark.parametrize(("preset", "agent", "seed"), [
    ("newmoon-12", "random", 1), ("newmoon-16", "heuristic", 2), ("newmoon-18", "random", 7),
    ("online-newmoon-16", "random", 4), ("online-newmoon-12", "heuristic", 5)])
def test_new_moon_transcripts_replay_exactly(tmp_path: Path, preset: str, agent: str,
                                             seed: int) -> None:
    """Every New Moon decision is in the transcript: replaying the recorded decisions
    gives the same game (arena replay --verify)."""
    path = tmp_path / "game.jsonl"
    args = parser().parse_args(["play", "--preset", preset, "--agents", agent,
                                "--seed", str(seed)])
    play_one(build_setup(args), seed, path)
    assert any('"new_moon"' in line for line in path.read_text(encoding="utf-8").splitlines())
    ok, message = reproduce.verify(path)
    assert ok, message


def _chapter(text: str, title: str) -> str | None:
    """A Markdown page's chapter (from its heading to the next), None when absent."""
    start = text.find(f"\n## {title}\n")
    return None if start < 0 else text[start:text.find("\n## ", start + 1)]


@pytest.mark.parametrize(("preset", "seed"), [("newmoon-8", 2), ("newmoon-12", 4)])
def test_the_game_pages_list_the_events_in_force_under_each_heading(
        tmp_path: Path, preset: str, seed: int) -> None:
    """Issue 15: the Markdown and HTML pages of a New Moon game list, under each day
    and night heading, the events in force there (the web table's reading of the
    public new_moon events): a card drawn at a dawn is listed that day; a day card is
    gone by the next night, a round card lasts that night and is gone the next day
    (unless the game ended at that dawn); a card that acts when drawn is never listed.
    Every view shows the same panel."""
    path = tmp_path / "game.jsonl"
    args = parser().parse_args(["play", "--preset", preset, "--agents", "random",
                                "--seed", str(seed)])
    play_one(build_setup(args), seed, path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    moons = [e for e in lines if e.get("type") == "new_moon"]
    drawn = [(e["day"], e["card"]) for e in moons if e["step"] == "drawn"]
    ended = {e["card"] for e in moons if e["step"] == "ended"}
    pages = {}
    for view in ((), ("--seat", "3")):
        out = tmp_path / f"game{len(view)}.md"
        assert cli.main(["show", str(path), "--markdown", str(out), *view]) == 0
        pages[view] = out.read_text(encoding="utf-8")
    md = pages[()]
    kinds: set[str] = set()
    for day, card in drawn:
        listed = f"> - {card} “"
        today, night = _chapter(md, f"Day {day}"), _chapter(md, f"Night {day + 1}")
        tomorrow = _chapter(md, f"Day {day + 1}")
        lasts = CARDS[card].lasts
        assert today is not None and (listed in today) is (lasts != "now"), (card, day)
        if night is not None and lasts in ("day", "round"):
            kinds.add(lasts)
            assert (listed in night) is (lasts == "round"), (card, day)
        if tomorrow is not None and lasts == "round" and card in ended:  # else the game
            # ended at that dawn, the card still in force
            assert listed not in tomorrow, (card, day)
    assert kinds == {"day", "round"}
    panel = [line for line in md.splitlines() if line.startswith("> ")]
    assert panel == [line for line in pages[("--seat", "3")].splitlines()
                     if line.startswith("> ")]
    html = tmp_path / "game.html"
    assert cli.main(["show", str(path), "--html", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    views = load_preset(preset).players + 1  # god and every seat
    assert page.count('<aside class="moon">') == md.count("New Moon events in force") * views

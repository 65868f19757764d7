"""The heuristic's speech (issue 14, item 3): varied sentences in the game's language,
reasons that match the game's facts, and wolves that deceive (fake seer claims, bussing)."""

from __future__ import annotations

import asyncio
import re
from functools import cache

from agents import make_agent
from agents.belief import SEER, is_pack
from arena.engine import GameResult, run_game
from arena.engine.events import Death, Speech
from arena.presets import load_preset

SEEDS = range(6)


@cache
def games(preset: str, lang: str) -> tuple[GameResult, ...]:
    config = load_preset(preset)

    async def play(seed: int) -> GameResult:
        agents = {s: make_agent("heuristic", s, seed, None, lang)
                  for s in range(1, config.players + 1)}
        return await run_game(config, agents, seed=seed)

    return tuple(asyncio.run(play(seed)) for seed in SEEDS)


def speeches(preset: str, lang: str) -> list[tuple[GameResult, int, Speech]]:
    return [(game, i, e) for game in games(preset, lang) for i, e in enumerate(game.events)
            if isinstance(e, Speech) and e.context != "wolf_chat"]


def test_sentences_vary_in_english() -> None:
    texts = {e.text for _, _, e in speeches("classic-12", "en")}
    openers = {re.sub(r"\d+", "N", t.split(".")[0]) for t in texts}
    assert len(openers) >= 12
    assert not any(re.search(r"[\u4e00-\u9fff]", t) for t in texts)


def test_sentences_are_chinese_in_a_chinese_game() -> None:
    texts = [e.text for _, _, e in speeches("classic-12", "zh")]
    assert texts and all(re.search(r"[\u4e00-\u9fff]", t) for t in texts)
    assert not any("seat" in t.lower() for t in texts)
    assert len({re.sub(r"\d+", "N", t) for t in texts}) >= 12


def test_the_language_reaches_the_heuristic() -> None:
    agent = make_agent("heuristic", 1, 0, None, "zh")
    assert getattr(agent, "lang", None) == "zh"
    assert getattr(make_agent("heuristic", 1, 0), "lang", None) == "en"


def _dead_wolves(game: GameResult, upto: int) -> set[int]:
    return {e.seat for e in game.events[:upto]
            if isinstance(e, Death) and e.revealed_role and is_pack(e.revealed_role)}


def test_reasons_cite_the_games_facts() -> None:
    """Every cited wolf died as a revealed wolf; every cited counter-claim and wolf check
    was made before the speech."""
    cited = 0
    for preset in ("classic-12", "online-standard-12"):
        for game, i, speech in speeches(preset, "en"):
            before = [e for e in game.events[:i] if isinstance(e, Speech)]
            for wolf in re.findall(r"(?:the wolf seat|seat) (\d+), a wolf|wolf seat (\d+)",
                                   speech.text):
                seat = int(next(w for w in wolf if w))
                assert seat in _dead_wolves(game, i), speech.text
                cited += 1
            for seer in re.findall(r"a second seer claim against seat (\d+)", speech.text):
                accused = next(c.target for c in speech.claims if c.kind == "accuse")
                claimed = {e.seat for e in before for c in e.claims
                           if c.kind == "role" and c.role == SEER}
                assert {int(seer), accused} <= claimed, speech.text
                cited += 1
            for seer in re.findall(r"seat (\d+) checked them as a wolf", speech.text):
                accused = next(c.target for c in speech.claims if c.kind == "accuse")
                assert any(e.seat == int(seer) and c.kind == "check" and c.target == accused
                           and c.result == "werewolf" for e in before for c in e.claims), (
                    speech.text)
                cited += 1
    assert cited >= 5


def test_wolves_fake_claim_and_bus() -> None:
    """In seeded classic-12 games a wolf poses as the seer with fake checks, and a wolf
    gives up a caught packmate by accusing him."""
    fake = bus = 0
    for game in games("classic-12", "en"):
        wolves = {s for s, r in game.roles.items() if is_pack(r)}
        for e in game.events:
            if not isinstance(e, Speech) or e.seat not in wolves or e.context == "wolf_chat":
                continue
            fake += any(c.kind == "role" and c.role == SEER for c in e.claims)
            bus += any(c.kind == "accuse" and c.target in wolves - {e.seat} for c in e.claims)
    assert fake and bus

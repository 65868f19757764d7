"""The PettingZoo environment: the API test, exact action masks, rewards by team at the
end, bots answering in line, the examples (README, docs/env.md, examples/)."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test

from arena.engine.events import Fallback, Refused
from arena.envs import werewolf_v0
from arena.envs.actions import decode
from arena.envs.werewolf_v0 import WerewolfEnv
from tests.env_steps import live_steps


def play(env: WerewolfEnv, seed: int, pick: str = "legal") -> dict[str, float]:
    """One game with masked random actions ("legal") or unmasked ones ("any");
    returns each agent's final reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        options = np.flatnonzero(mask) if pick == "legal" else np.arange(len(mask))
        env.step(int(rng.choice(options)))
    return final


@pytest.mark.parametrize("preset", ["classic-8", "newmoon-12"])
def test_the_pettingzoo_api_test_passes(preset: str) -> None:
    api_test(werewolf_v0.env(preset, seed=3, text=preset == "classic-8"), num_cycles=300)


def test_bots_answer_in_line_and_only_learners_are_agents() -> None:
    env = werewolf_v0.env("classic-8", bots={s: "heuristic" for s in range(2, 9)})
    assert env.possible_agents == ["seat_1"]
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("preset", ["classic-12", "newmoon-12", "online-piper-12",
                                    "online-thief-12", "village-12"])
def test_masked_actions_are_never_refused(preset: str) -> None:
    env = werewolf_v0.env(preset, text=False)
    for seed in range(3):
        play(env, seed)
        assert env.result is not None
        assert not [e for e in env.result.events if isinstance(e, (Refused, Fallback))]


@pytest.mark.parametrize("preset", ["classic-12", "newmoon-12", "online-piper-12",
                                    "online-thief-12", "village-12"])
def test_every_action_the_mask_allows_is_one_the_request_accepts(preset: str) -> None:
    # the environment checks such an action by its mask alone (arena/envs/match.py)
    env = werewolf_v0.env(preset, text=False)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    shapes = set()
    for agent, observation, _, info in live_steps(env):
        request, mask = info["request"], observation["action_mask"]
        assert env.match is not None
        if not env.match.pending[env.seats[agent]].picks:
            for action in np.flatnonzero(mask).tolist():
                decision = decode(request, action, [], env.players)
                assert decision is None or request.validate(decision) is None, (
                    request, action)
            shapes.add(request.shape)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert {"target", "yes_no", "speech"} <= shapes


def test_unmasked_actions_are_refused_then_fall_back() -> None:
    env = werewolf_v0.env("classic-12", text=False)
    play(env, 0, pick="any")
    assert env.result is not None
    kinds = {type(e) for e in env.result.events}
    assert Refused in kinds and Fallback in kinds


def test_rewards_are_paid_by_team_at_the_end() -> None:
    env = werewolf_v0.env("classic-12", text=False)
    for seed in range(4):
        final = play(env, seed)
        assert env.result is not None
        winners = set(env.result.winners)
        assert final == {f"seat_{s}": (1.0 if s in winners else -1.0) if winners else 0.0
                         for s in range(1, 13)}


def test_info_carries_the_view_the_request_and_the_prompt() -> None:
    env = werewolf_v0.env("classic-8", seed=5)
    env.reset()
    agent = env.agent_selection
    info = env.infos[agent]
    view, request = info["view"], info["request"]
    assert view["seat"] == int(agent.split("_")[1]) == request.seat
    assert view["request"]["kind"] == request.kind
    assert view["role"] in info["text"] and "P1" in info["text"]
    assert view["role"] in info["system"] and "werewolf" in info["system"]  # the card, rules
    mask = env.observe(agent)["action_mask"]
    assert set(np.flatnonzero(mask)) == set(request.options) | (
        {0} if request.allow_none else set())


def test_the_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = text.split("## Step the engine from outside (PettingZoo)", 1)[1]
    code = re.search(r"^```python\n(.*?)^```", section, re.S | re.M)
    assert code, "the section has no Python example"
    exec(compile(code.group(1), "README.md", "exec"), {"__name__": "readme_env"})
    winner, reward = capsys.readouterr().out.split()
    assert winner in ("village", "wolves") and float(reward) in (-1.0, 1.0)


def test_the_example_runs(capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["werewolf_env.py", "--games", "3", "--bots", "random"])
    runpy.run_path("examples/werewolf_env.py", run_name="__main__")
    out = capsys.readouterr().out
    assert "seat 1 as" in out and "won" in out


def test_the_docs_rl_snippet_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "env.md").read_text(
        encoding="utf-8")
    section = text.split("## Plugging it into an RL library", 1)[1]
    code = re.search(r"^```python\n(.*?)^```", section, re.S | re.M)
    assert code, "the section has no Python example"
    exec(compile(code.group(1), "docs/env.md", "exec"), {"__name__": "docs_env"})
    winner, rewards = capsys.readouterr().out.split(" ", 1)
    assert winner in ("village", "wolves") and rewards.strip() == "[-1.0, 1.0]"

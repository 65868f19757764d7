"""The environment's texts: exactly the messages a model seat is sent (agents/llm.py),
each system prompt made once per seat and game, each text made only when read."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import numpy as np
import pytest

from agents.llm import LLMAgent
from agents.prompting import Prompter
from arena.engine.events import Refused
from arena.engine.requests import UnusableAnswer
from arena.envs import werewolf_v0
from arena.envs.werewolf_v0 import WerewolfEnv
from tests.env_steps import live_steps
from tests.llm.fake import FakeProvider


def ask_model(model: LLMAgent, env: WerewolfEnv, seat: int, info: dict[str, Any]) -> None:
    """The model seat asked what the learner was asked, shown the seat's view; its answer
    holds no JSON (refused by the agent, so a re-ask of the judge is a retry for both)."""
    with contextlib.suppress(UnusableAnswer):
        asyncio.run(model.decide(env.judge.observation(seat), info["request"]))


def play_beside_models(env: WerewolfEnv, seed: int, illegal: float) -> int:
    """A game of random actions (a share ``illegal`` unmasked, to be refused), a model
    seat beside each learner asked the same; asserts each text is the model's message.
    Returns the number of asks compared."""
    rng = np.random.default_rng(seed)
    providers = {a: FakeProvider(lambda request: "I pass") for a in env.possible_agents}
    models = {a: LLMAgent(p, seed=0) for a, p in providers.items()}
    env.reset(seed=seed)
    asked: dict[str, object] = {}
    compared = 0
    for agent, observation, _, info in live_steps(env):
        if asked.get(agent) is not info:  # a new request (not a pick of the same one)
            asked[agent] = info
            ask_model(models[agent], env, env.seats[agent], info)
            sent = providers[agent].calls[-1].messages
            assert (sent[0].role, sent[-1].role) == ("system", "user")
            assert info["system"] == sent[0].content
            assert info["text"] == sent[-1].content
            compared += 1
        mask = observation["action_mask"]
        options = np.arange(len(mask)) if rng.random() < illegal else np.flatnonzero(mask)
        env.step(int(rng.choice(options)))
    return compared


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "rules"), [
    ("classic-8", {"eval.beliefs": True, "eval.vote_probes": True}),
    ("online-thief-12", {}),
])
def test_texts_are_the_messages_a_model_seat_is_sent(preset: str, rules: dict[str, Any]
                                                      ) -> None:
    env = werewolf_v0.env(preset, rules=rules)
    compared = play_beside_models(env, 3, illegal=0.15)
    assert compared > 50
    assert env.result is not None
    assert any(isinstance(e, Refused) for e in env.result.events)  # retries were compared


def test_each_system_prompt_is_made_once_and_texts_only_when_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = {"system": 0, "turn": 0}
    system, turn = Prompter.system, Prompter.turn

    def count(name: str, real: Any) -> Any:
        def counted(*args: Any) -> Any:
            made[name] += 1
            return real(*args)
        return counted

    monkeypatch.setattr(Prompter, "system", count("system", system))
    monkeypatch.setattr(Prompter, "turn", count("turn", turn))
    env = werewolf_v0.env("classic-8", text=True)
    for seed in range(2):  # not read: never made
        play_beside_nothing(env, seed, read=False)
    assert made == {"system": 0, "turn": 0}
    asks = play_beside_nothing(env, 0, read=True)
    assert asks > 0 and made["system"] <= 8 and made["turn"] == asks
    before = made["system"]
    play_beside_nothing(env, 0, read=True)  # the same deal: every system prompt is kept
    assert made["system"] == before


def play_beside_nothing(env: WerewolfEnv, seed: int, read: bool) -> int:
    """A game of random legal actions, reading every text when ``read``: the asks."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    asks: set[int] = set()
    for _, observation, _, info in live_steps(env):
        if read and id(info) not in asks:
            asks.add(id(info))
            assert info["text"] and info.get("system")
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return len(asks)


def test_an_info_makes_its_lazy_entries_on_any_whole_dict_use() -> None:
    env = werewolf_v0.env("classic-8", seed=1)
    env.reset()
    info = env.infos[env.agent_selection]
    assert "text" in info and "view" in info and info.unmade is not None  # not made by `in`
    copied = dict(info)
    assert info.unmade is None and set(copied) == {"request", "view", "system", "text"}
    assert copied == info and copied["view"]["seat"] == env.seats[env.agent_selection]
    plain = werewolf_v0.env("classic-8", seed=1, text=False)
    plain.reset()
    assert set(plain.infos[plain.agent_selection]) == {"request", "view"}

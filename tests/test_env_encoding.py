"""The observation vector kept up to date from the new events equals the one made from
scratch from the seat's view, at every step; the layout the docs print is the code's."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from arena.engine import observe
from arena.envs import werewolf_v0
from arena.envs.encoding import Layout
from arena.envs.werewolf_v0 import WerewolfEnv
from arena.presets import load_preset
from tests.env_steps import live_steps

DOCS = Path(__file__).resolve().parent.parent / "docs" / "env.md"


def from_scratch(env: WerewolfEnv, seat: int) -> NDArray[np.float32]:
    """The seat's vector made from its view alone (``observe`` of the whole log)."""
    layout, judge = env.layout, env.judge
    obs = observe(judge.log, seat)
    vector = np.zeros(layout.width, np.float32)
    vector[seat - 1] = 1.0
    for s in obs.alive:
        vector[layout.players + s - 1] = 1.0
    for s, role in obs.known_roles.items():
        if role in layout.roles:
            vector[layout.known + (s - 1) * len(layout.roles) + layout.roles.index(role)] = 1.0
    if obs.sheriff is not None:
        vector[layout.sheriff + obs.sheriff - 1] = 1.0
    vector[layout.day] = min(judge.state.day / layout.max_days, 1.0)
    vector[layout.day + 1] = obs.phase == "night"
    assert env.match is not None
    pending = env.match.pending.get(seat)
    if pending is not None:
        vector[layout.kind + layout.kinds.index(pending.request.kind)] = 1.0
        for s in pending.picks:
            vector[layout.picks + s - 1] = 1.0
    return vector


@pytest.mark.parametrize("preset", ["classic-8", "online-piper-12", "newmoon-12"])
def test_every_seats_vector_equals_the_one_made_from_scratch(preset: str) -> None:
    env = werewolf_v0.env(preset, text=False)
    rng = np.random.default_rng(0)
    env.reset(seed=4)
    checked = 0
    for _, observation, _, _ in live_steps(env):
        if checked < 400:  # every seat, not only the one acting
            for other in env.agents:
                vector = env.observe(other)["observation"]
                assert np.array_equal(vector, from_scratch(env, env.seats[other])), other
                checked += 1
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked >= 400


def test_observations_are_copies_and_masks_cannot_be_written() -> None:
    env = werewolf_v0.env("classic-8", text=False)
    env.reset(seed=0)
    agent = env.agent_selection
    first = env.observe(agent)
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    again = env.observe(agent)
    assert again["observation"].max() == 1.0
    assert not np.array_equal(again["action_mask"], first["action_mask"])
    assert env.match is not None
    with pytest.raises(ValueError):
        env.match.pending[env.seats[agent]].mask[0] = 1


def test_the_docs_print_the_layout_of_the_code() -> None:
    layout = Layout(load_preset("classic-8"))
    table = "\n".join(f"| {i} | {meaning} |" for i, meaning in layout.numbers())
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"<!-- layout -->\n\| index \| meaning \|\n\|---\|---\|\n(.*?)\n"
                      r"<!-- /layout -->", text, re.S)
    assert found, "docs/env.md has no layout table"
    assert found.group(1) == table, "regenerate the table: " + table[:200]
    assert len(layout.numbers()) == layout.width == 115

"""Werewolf as PettingZoo environments, stepped by their learners (docs/env.md).

``env(preset=..., rules=..., seed=...)`` is the AEC environment (one seat acts per step)
and ``parallel_env(...)`` the parallel one (every seat asked at once acts in one step:
votes, the pack's kill proposals, candidacies). Both deal a game of the preset; every
seat is an agent named ``seat_<n>`` unless ``bots`` gives it a built-in agent
(``{3: "heuristic"}``), which then answers in line. ``reset(seed=s)`` plays seed ``s``;
a reset without a seed plays the next seed (the first is the constructor's ``seed``).

Actions are one ``Discrete(players + 2)`` (arena/envs/actions.py), with the legal ones in
``observation["action_mask"]``; an illegal action is refused as the judge refuses any
agent (asked again, then the fallback). ``observation["observation"]`` is the seat's
view as numbers (arena/envs/encoding.py). ``infos[agent]`` of an asked seat has the
``request``, the ``view`` as a dict and, with ``text=True``, the user message a model
seat would be sent for it (``text``, the events since its last one) and its system
prompt (``system``); all but the request are made when first read (arena/envs/info.py).
Rewards come at the game's end: +1 to each winning seat, -1 to the others, 0 in a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv

from agents.prompting import Prompter
from arena.engine import GameConfig, GameResult
from arena.engine.judge import Judge
from arena.envs.actions import Masks
from arena.envs.encoding import Encoder, Layout
from arena.envs.info import Info
from arena.envs.match import Match, Pending
from arena.envs.text import Reader, SystemKey
from arena.presets import load_preset

Observations = dict[str, NDArray[Any]]


def _config(preset: str, rules: Mapping[str, Any] | None,
            roles: Mapping[str, int] | None) -> GameConfig:
    return load_preset(preset, roles=dict(roles) if roles else None,
                       overrides=dict(rules) if rules else None)


def env(preset: str = "classic-8", *, rules: Mapping[str, Any] | None = None,
        roles: Mapping[str, int] | None = None, seed: int = 0,
        bots: Mapping[int, str] | None = None, lang: str = "en", text: bool = True,
        render_mode: str | None = None) -> WerewolfEnv:
    """The AEC environment on ``preset`` with rule ``rules`` overrides (dotted keys) and
    optionally another deal ``roles``; ``seed`` is the first game's seed."""
    return WerewolfEnv(_config(preset, rules, roles), seed=seed, bots=bots, lang=lang,
                       text=text, render_mode=render_mode)


def parallel_env(preset: str = "classic-8", *, rules: Mapping[str, Any] | None = None,
                 roles: Mapping[str, int] | None = None, seed: int = 0,
                 bots: Mapping[int, str] | None = None, lang: str = "en", text: bool = True,
                 render_mode: str | None = None) -> ParallelWerewolfEnv:
    """The parallel environment, with the same arguments as ``env``."""
    return ParallelWerewolfEnv(_config(preset, rules, roles), seed=seed, bots=bots,
                               lang=lang, text=text, render_mode=render_mode)


class Table:
    """What both environments share: the seats, spaces and caches of one config, and the
    game being played."""

    def __init__(self, config: GameConfig, *, seed: int, bots: Mapping[int, str] | None,
                 lang: str, text: bool, render_mode: str | None) -> None:
        self.config, self.lang, self.text, self.render_mode = config, lang, text, render_mode
        self.bots = dict(bots or {})
        self.players = n = config.players
        self.seats = {f"seat_{s}": s for s in range(1, n + 1) if s not in self.bots}
        self.names = {s: a for a, s in self.seats.items()}
        self.possible_agents = list(self.seats)
        self.layout = Layout(config)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.layout.width,), np.float32),
            "action_mask": spaces.Box(0, 1, (n + 2,), np.int8)}) for a in self.seats}
        self.action_spaces = {a: spaces.Discrete(n + 2) for a in self.seats}
        self.prompter = Prompter(lang)
        self.systems: dict[SystemKey, str] = {}  # system prompts, for every game
        self.masks = Masks(n)  # action masks, for every game
        self.idle = np.zeros(n + 2, np.int8)  # the mask of a seat not asked
        self._seed = seed
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def judge(self) -> Judge:
        assert self.match is not None, "reset() first"
        return self.match.judge

    @property
    def result(self) -> GameResult | None:
        """The game's result once it is over."""
        return None if self.match is None else self.match.result

    def deal(self, seed: int | None) -> Match:
        """A new game: of ``seed``, else of the seed after the last game's."""
        if seed is not None:
            self._seed = seed
        seed, self._seed = self._seed, self._seed + 1
        match = self.match = Match(self.config, tuple(self.seats.values()), self.bots,
                                   seed, self.lang, self.masks)
        self.encoder = Encoder(self.layout, match.judge)
        self.reader = Reader(self.prompter, self.systems)
        return match

    def info(self, seat: int, pending: Pending) -> Info:
        """An asked seat's info, made once per request: the request; the view and, with
        text, the texts, made when read (the view as it was when the seat was asked)."""
        info = pending.info
        if info is not None:
            return info
        judge = self.judge
        public, private = judge.public, judge.private[seat]
        # the folds are copy on write: these stay as they are now
        seen = (private.role, judge.state.day, public.phase, public.dead, public.sheriff,
                public.known_roles, private.known_roles)
        texts = None
        if self.text:
            last = max(public.events[-1].seq, private.events[-1].seq if private.events else -1)
            texts = self.reader.ask(judge.observation(seat), pending.request, last)
        pending.info = info = Info(pending.request, seen, pending.picks, self.players, texts)
        return info

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """The agent's observation: its view as numbers and its legal actions."""
        assert self.match is not None, "reset() first"
        seat = self.seats[agent]
        pending = self.match.pending.get(seat)
        if pending is None:
            return {"observation": self.encoder.encode(seat, None, []),
                    "action_mask": self.idle.copy()}
        return {"observation": self.encoder.encode(seat, pending.request, pending.picks),
                "action_mask": pending.mask.copy()}

    def close(self) -> None:
        self.match = None


class WerewolfEnv(Table, AECEnv[str, Observations, int]):  # type: ignore[misc]
    """The AEC environment (see the module's docstring); ``result`` is the last game's."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "werewolf_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, config: GameConfig, *, seed: int = 0,
                 bots: Mapping[int, str] | None = None, lang: str = "en", text: bool = True,
                 render_mode: str | None = None) -> None:
        AECEnv.__init__(self)
        Table.__init__(self, config, seed=seed, bots=bots, lang=lang, text=text,
                       render_mode=render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The next seat to act (the first one asked), or the end's rewards."""
        match = self.match
        assert match is not None
        if match.result is None:
            seat, pending = next(iter(match.pending.items()))
            self.agent_selection = agent = self.names[seat]
            self.infos[agent] = self.info(seat, pending)
            return
        for seat, reward in match.rewards().items():
            self.rewards[self.names[seat]] = reward
            self.terminations[self.names[seat]] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None and action is not None
        self._cumulative_rewards[agent] = 0.0
        self.match.act(self.seats[agent], int(action))
        self._select()

    def render(self) -> str | None:
        agent = self.agent_selection
        return self.infos.get(agent, {}).get("text") if self.render_mode == "ansi" else None


class ParallelWerewolfEnv(Table, ParallelEnv[str, Observations, int]):  # type: ignore[misc]
    """The parallel environment (see the module's docstring): each step takes an action
    from every seat asked (others' actions are ignored); a game's end terminates every
    agent at once."""

    metadata: ClassVar[dict[str, Any]] = {"name": "werewolf_v0", "render_modes": ["ansi"]}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observations], dict[str, dict[str, Any]]]:
        self.deal(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, int]) -> tuple[
            dict[str, Observations], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        match = self.match
        assert match is not None, "reset() first"
        for seat, pending in list(match.pending.items()):
            agent = self.names[seat]
            if agent in actions and match.pending.get(seat) is pending:
                match.act(seat, int(actions[agent]))
        agents = self.agents
        observations, infos = self._observations(), self._infos()
        if match.result is None:
            rewards = dict.fromkeys(agents, 0.0)
            over = False
        else:
            rewards = {self.names[s]: r for s, r in match.rewards().items()}
            over = True
            self.agents = []
        return (observations, rewards, dict.fromkeys(agents, over),
                dict.fromkeys(agents, False), infos)

    def _observations(self) -> dict[str, Observations]:
        return {a: self.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        """The asked seats' infos; an empty one for every other agent."""
        match = self.match
        assert match is not None
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat, pending in match.pending.items():
            infos[self.names[seat]] = self.info(seat, pending)
        return infos

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.match is None:
            return None
        return "\n\n".join(str(p.info["text"]) for p in self.match.pending.values()
                           if p.info is not None and "text" in p.info)

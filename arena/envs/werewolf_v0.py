"""Werewolf as a PettingZoo AEC environment, stepped by its learners.

``env(preset=..., rules=..., seed=...)`` deals a game of the preset; every seat is an
agent named ``seat_<n>`` unless ``bots`` gives it a built-in agent (``{3: "heuristic"}``),
which then answers in line. The engine's flow runs until a learner's seat is asked;
``step`` answers that request and runs it on to the next one.

Actions are one ``Discrete(players + 2)``: 0 passes (no target, "no", silence, "done"
picking), ``n`` names seat ``n`` (a target, a pick of a pair or subset, an accusation in
a speech), ``players + 1`` says "yes". A pair or subset kind is picked one seat per
step. ``observation["action_mask"]`` holds the legal actions of the pending request; an
illegal action is refused as the judge refuses any agent (asked again, then the
fallback). Observations are the seat's view as numbers: seat, living seats, the roles
it knows, the sheriff, day and phase, the decision asked and the picks so far;
``infos[agent]`` has the same view as a dict (``view``), the ``request`` and, with
``text=True``, the prompt a language model seat would read (``text``). Rewards come at
the game's end: +1 to each winning seat, -1 to the others, 0 in a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from agents import make_agent
from agents.prompting import Prompter
from arena.engine import Decision, Game, GameConfig, GameResult, Observation, Request
from arena.engine.drive import Flow, answer, start
from arena.engine.events import Claim
from arena.engine.judge import Asking, Judge, Note, SeatAgent
from arena.engine.requests import SHAPES
from arena.presets import load_preset

FACTION_REWARD = 1.0


class Learner:
    """A seat the environment's caller plays: the judge keeps its view; it is never asked
    directly (the environment answers for it)."""

    concurrent = False

    async def decide(self, observation: Observation, request: Request) -> Decision:
        raise RuntimeError("a learner's seat is answered through env.step")


def env(preset: str = "classic-8", *, rules: Mapping[str, Any] | None = None,
        roles: Mapping[str, int] | None = None, seed: int = 0,
        bots: Mapping[int, str] | None = None, lang: str = "en", text: bool = True,
        render_mode: str | None = None) -> WerewolfEnv:
    """A werewolf environment on ``preset`` with rule ``rules`` overrides (dotted keys) and
    optionally another deal ``roles``; ``seed`` is the first game's seed."""
    config = load_preset(preset, roles=dict(roles) if roles else None,
                         overrides=dict(rules) if rules else None)
    return WerewolfEnv(config, seed=seed, bots=bots, lang=lang, text=text,
                       render_mode=render_mode)


class WerewolfEnv(AECEnv[str, dict[str, NDArray[Any]], int]):  # type: ignore[misc]
    """The AEC environment (see the module's docstring); ``result`` is the last game's."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "werewolf_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, config: GameConfig, *, seed: int = 0,
                 bots: Mapping[int, str] | None = None, lang: str = "en", text: bool = True,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.config, self.lang, self.text, self.render_mode = config, lang, text, render_mode
        self.bots = dict(bots or {})
        n = config.players
        self.seats = {f"seat_{s}": s for s in range(1, n + 1) if s not in self.bots}
        self.names = {s: a for a, s in self.seats.items()}
        self.possible_agents = list(self.seats)
        self.roles = sorted(r for r, count in config.roles.items() if count)
        self.kinds = sorted(SHAPES)
        self.width = 4 * n + n * len(self.roles) + 2 + len(self.kinds)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.width,), np.float32),
            "action_mask": spaces.Box(0, 1, (n + 2,), np.int8)}) for a in self.seats}
        self.action_spaces = {a: spaces.Discrete(n + 2) for a in self.seats}
        self.prompter = Prompter(lang)
        self._seed = seed
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def judge(self) -> Judge:
        assert self.game is not None, "reset() first"
        return self.game.judge

    # --- the game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        seed, self._seed = self._seed, self._seed + 1
        agents: dict[int, SeatAgent] = {
            s: make_agent(spec, s, seed, None, self.lang)
            for s, spec in self.bots.items()}
        agents.update({s: Learner() for s in self.seats.values()})
        self.game = Game(self.config, agents, seed=seed)
        self.flow: Flow = start(self.judge)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.result: GameResult | None = None
        self._asking: Asking[Any] | None = None
        self._decisions: list[Decision] = []
        self._run(None)

    def _run(self, value: Any) -> None:
        """Answer the pending question's requests in order (bots in line) and run the flow
        on, up to a learner's request or the game's end."""
        while True:
            asking = self._asking
            if asking is None:
                try:
                    asking = self._asking = self.flow.send(value)
                except StopIteration as done:
                    self._end(done.value)
                    return
                self._decisions = []
            requests = asking.requests
            while len(self._decisions) < len(requests):
                request = requests[len(self._decisions)]
                if request.seat in self.names:
                    self._ask(request)
                    return
                self._decisions.append(answer(self.judge, request))
            self._asking = None
            value = self._decisions if asking.batch else self._decisions[0]

    def _ask(self, request: Request, notes: list[Note] | None = None, attempt: int = 1) -> None:
        self._request: Request | None = request
        self._notes, self._attempt = notes or [], attempt
        self._picks: list[int] = []
        self.agent_selection = self.names[request.seat]
        self._refresh(self.agent_selection)

    def _end(self, over: Any) -> None:
        assert self.game is not None
        self.result = self.game.finish(over)
        winners = set(self.result.winners)
        for agent, seat in self.seats.items():
            self.rewards[agent] = (0.0 if not winners else
                                   FACTION_REWARD if seat in winners else -FACTION_REWARD)
            self.terminations[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]
        self._request = None

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        request = self._request
        assert request is not None and action is not None
        decision = self._decode(request, int(action))
        if decision is None:  # a pair or subset still picking
            self._refresh(agent)
            return
        result = self.judge.check(request, decision, self._notes, self._attempt)
        if isinstance(result, Request):  # refused: asked again
            self._ask(result, self._notes, self._attempt + 1)
            return
        if self._notes:
            self.judge.record(self._notes)
        self._decisions.append(result)
        self._request = None
        self._run(None)

    # --- actions
    def _decode(self, request: Request, action: int) -> Decision | None:
        """The decision an action makes (None: a pick recorded, more to come)."""
        n, kind, shape = self.config.players, request.kind, request.shape
        seat = action if 1 <= action <= n else None
        if shape == "target":
            return Decision(kind, target=None if action == 0 else action)
        if shape == "yes_no":
            return Decision(kind, yes={0: False, n + 1: True}.get(action))
        if shape == "speech":
            claims = (Claim(kind="accuse", target=seat),) if seat is not None else ()
            return Decision(kind, claims=claims)
        if shape in ("pair", "subset"):
            if seat is None:  # done picking
                return Decision(kind, targets=tuple(self._picks))
            if seat not in self._picks:
                self._picks.append(seat)
            if shape == "pair" and len(self._picks) == request.count:
                return Decision(kind, targets=tuple(self._picks))
            return None
        return Decision(kind)

    def _mask(self, request: Request) -> NDArray[np.int8]:
        n, shape = self.config.players, request.shape
        mask = np.zeros(n + 2, np.int8)
        if shape == "target":
            mask[list(request.options)] = 1
            mask[0] = request.allow_none
        elif shape == "yes_no":
            mask[0] = mask[n + 1] = 1
        elif shape == "speech":
            mask[0] = 1
            mask[[s for s in request.context.get("seats", ()) if s != request.seat]] = 1
        elif shape in ("pair", "subset"):
            mask[[s for s in request.options if s not in self._picks]] = 1
            mask[0] = shape == "subset"
        else:
            mask[0] = 1
        return mask

    # --- observations
    def _view(self, seat: int) -> Observation:
        return self.judge.observation(seat)

    def _refresh(self, agent: str) -> None:
        """The pending request's info for ``agent`` (its view, the request, the text)."""
        request = self._request
        assert request is not None
        obs = self._view(self.seats[agent])
        info: dict[str, Any] = {"request": request, "view": self.view(obs, request)}
        if self.text:
            info["text"] = self.prompter.system(obs) + "\n\n" + self.prompter.turn(obs, request)
        self.infos[agent] = info

    def view(self, obs: Observation, request: Request | None) -> dict[str, Any]:
        """A seat's view as plain data."""
        return {
            "seat": obs.seat, "role": obs.role, "day": self.judge.state.day, "phase": obs.phase,
            "alive": list(obs.alive), "known_roles": dict(obs.known_roles),
            "sheriff": obs.sheriff,
            "request": None if request is None else {
                "kind": request.kind, "shape": request.shape, "options": list(request.options),
                "allow_none": request.allow_none, "count": request.count,
                "picked": list(self._picks)},
        }

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        n = self.config.players
        seat = self.seats[agent]
        obs = self._view(seat)
        vector = np.zeros(self.width, np.float32)
        vector[seat - 1] = 1.0
        for s in obs.alive:
            vector[n + s - 1] = 1.0
        base = 2 * n
        for s, role in obs.known_roles.items():
            if role in self.roles and 1 <= s <= n:
                vector[base + (s - 1) * len(self.roles) + self.roles.index(role)] = 1.0
        base += n * len(self.roles)
        if obs.sheriff is not None:
            vector[base + obs.sheriff - 1] = 1.0
        base += n
        vector[base] = min(self.judge.state.day / max(self.config.rules.game__max_days, 1), 1.0)
        vector[base + 1] = obs.phase == "night"
        base += 2
        request = self._request if self.agent_selection == agent else None
        mask = np.zeros(n + 2, np.int8)
        if request is not None:
            vector[base + self.kinds.index(request.kind)] = 1.0
            for s in self._picks:
                vector[base + len(self.kinds) + s - 1] = 1.0
            mask = self._mask(request)
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        agent = self.agent_selection
        return self.infos.get(agent, {}).get("text") if self.render_mode == "ansi" else None

    def close(self) -> None:
        self.game = None

"""A policy that learns in the environment: the wolves of classic-8 against random bots.

Both wolf seats share one linear softmax policy over the legal actions (the action
mask): logits ``W @ observation + b``, numpy only. It is trained by REINFORCE with a
baseline (the mean reward so far): after each game, every action the wolves took is
made more likely by ``rate * (reward - baseline)`` along the gradient of its log
probability. The six other seats are the built-in ``random`` bot. The untrained
policy (all weights 0) is uniform over the legal actions: a random wolf.

Every ``--every`` training games the policy is evaluated on the same ``--eval`` fresh
seeds (never trained on); at the end the untrained and the trained policy play the
same ``--final`` fresh seeds, and their win rates are shown with 95% Wilson intervals
(games are the independent units). ``--plot`` writes the curve as an SVG. Run:

    .venv/bin/python examples/learn.py --plot docs/learning-curve.svg
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from agents import make_agent
from arena.engine import Game, GameConfig
from arena.engine.roles.factions import is_wolf
from arena.envs import werewolf_v0
from arena.envs.werewolf_v0 import WerewolfEnv
from arena.presets import load_preset
from evals.stats import Estimate, wilson

PRESET = "classic-8"
EVAL_SEEDS = 1_000_000  # evaluation seeds start here; training seeds below
FINAL_SEEDS = 2_000_000


@dataclass
class Policy:
    """A linear softmax over the legal actions, trained by REINFORCE with a baseline."""

    weights: NDArray[np.float64]  # actions x (observation + 1): the last column is the bias
    rate: float = 0.005
    baseline: float = 0.0
    games: int = 0

    @classmethod
    def untrained(cls, observation: int, actions: int, rate: float = 0.005) -> Policy:
        return cls(np.zeros((actions, observation + 1)), rate)

    def probabilities(self, x: NDArray[np.float64], mask: NDArray[np.int8]
                      ) -> NDArray[np.float64]:
        """The policy's distribution over the actions (0 for illegal ones)."""
        logits = self.weights @ x
        logits = np.where(mask > 0, logits - logits[mask > 0].max(), -np.inf)
        weights = np.exp(logits)
        return weights / weights.sum()  # type: ignore[no-any-return]

    def act(self, observation: dict[str, Any], rng: np.random.Generator
            ) -> tuple[int, NDArray[np.float64], NDArray[np.float64]]:
        """An action drawn from the policy, with the input and the distribution."""
        x = np.append(observation["observation"], 1.0)
        p = self.probabilities(x, observation["action_mask"])
        return int(rng.choice(len(p), p=p)), x, p

    def update(self, steps: list[tuple[int, NDArray[np.float64], NDArray[np.float64]]],
               reward: float) -> None:
        """One game's REINFORCE step: each action's log probability moves by
        ``rate * (reward - baseline)`` along its gradient, ``(onehot - p) x``."""
        advantage = reward - self.baseline
        for action, x, p in steps:
            grad = -p
            grad[action] += 1.0
            self.weights += self.rate * advantage * np.outer(grad, x)
        self.games += 1
        self.baseline += (reward - self.baseline) / self.games


@dataclass
class Tables:
    """One environment per placement of the wolves (the deal follows the seed): the wolf
    seats are the learners, the others random bots."""

    config: GameConfig
    envs: dict[tuple[int, ...], WerewolfEnv] = field(default_factory=dict)

    def wolves(self, seed: int) -> tuple[int, ...]:
        agents = {s: make_agent("random", s, seed) for s in range(1, self.config.players + 1)}
        roles = Game(self.config, agents, seed=seed).roles
        return tuple(s for s, role in roles.items() if is_wolf(role))

    def env(self, seed: int) -> WerewolfEnv:
        wolves = self.wolves(seed)
        if wolves not in self.envs:
            bots = {s: "random" for s in range(1, self.config.players + 1) if s not in wolves}
            self.envs[wolves] = werewolf_v0.env(PRESET, bots=bots, text=False)
        return self.envs[wolves]


def play(tables: Tables, policy: Policy, seed: int, rng: np.random.Generator,
         learn: bool) -> bool:
    """One game of the wolves' policy (learning from it when ``learn``): won or not."""
    env = tables.env(seed)
    env.reset(seed=seed)
    steps = []
    reward = 0.0
    for _ in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action, x, p = policy.act(observation, rng)
        steps.append((action, x, p))
        env.step(action)
    if learn:
        policy.update(steps, reward)
    return reward > 0


def win_rate(tables: Tables, policy: Policy, seeds: range) -> Estimate:
    rng = np.random.default_rng(seeds.start)
    return wilson(sum(play(tables, policy, s, rng, learn=False) for s in seeds), len(seeds))


def train(games: int, every: int, evaluate: int, rate: float = 0.005, seed: int = 0
          ) -> tuple[Policy, list[tuple[int, Estimate]], Tables]:
    """Train for ``games`` games; the win rate on the evaluation seeds every ``every``."""
    tables = Tables(load_preset(PRESET))
    probe = werewolf_v0.env(PRESET, text=False)  # the widths of its spaces
    policy = Policy.untrained(probe.layout.width, probe.players + 2, rate)
    rng = np.random.default_rng(seed)
    seeds = range(EVAL_SEEDS, EVAL_SEEDS + evaluate)
    curve = [(0, win_rate(tables, policy, seeds))]
    for game in range(1, games + 1):
        play(tables, policy, seed * games + game, rng, learn=True)
        if game % every == 0 or game == games:
            curve.append((game, win_rate(tables, policy, seeds)))
    return policy, curve, tables


def svg(curve: list[tuple[int, Estimate]], final: tuple[Estimate, Estimate]) -> str:
    """The learning curve (win rate with its interval against games played) as SVG."""
    width, height, left, bottom, top, right = 640, 360, 60, 50, 30, 20
    last = max(g for g, _ in curve) or 1

    def x(games: float) -> float:
        return left + (width - left - right) * games / last

    def y(rate: float) -> float:
        return height - bottom - (height - bottom - top) * rate

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" '
                     f'y2="{y(tick):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 8}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                     f'{tick:.0%}</text>')
    for games, _ in curve:
        parts.append(f'<text x="{x(games):.1f}" y="{height - bottom + 16}" '
                     f'text-anchor="middle">{games}</text>')
    band = [(x(g), y(e.high or 0)) for g, e in curve] + [
        (x(g), y(e.low or 0)) for g, e in reversed(curve)]
    parts.append('<polygon fill="#9ecae1" fill-opacity="0.5" points="'
                 + " ".join(f"{a:.1f},{b:.1f}" for a, b in band) + '"/>')
    parts.append('<polyline fill="none" stroke="#08519c" stroke-width="2" points="'
                 + " ".join(f"{x(g):.1f},{y(e.value or 0):.1f}" for g, e in curve) + '"/>')
    before, after = final
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(before.value or 0):.1f}" '
                 f'y2="{y(before.value or 0):.1f}" stroke="#999" stroke-dasharray="4 4"/>')
    parts += [
        f'<text x="{width / 2}" y="{height - 12}" text-anchor="middle">training games '
        f'played (wolves of {PRESET} against random bots)</text>',
        f'<text x="{left}" y="18">wolves\' win rate on {curve[0][1].n} evaluation games, '
        f'95% Wilson band; dashed: untrained</text>',
        f'<text x="{width - right}" y="{y(0.05):.1f}" text-anchor="end">final, {after.n} '
        f'fresh games: untrained {_share(before)}, trained {_share(after)}</text>',
        "</svg>"]
    return "\n".join(parts) + "\n"


def _share(e: Estimate) -> str:
    return f"{e.value or 0:.1%} [{e.low or 0:.1%}, {e.high or 0:.1%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="training games")
    parser.add_argument("--every", type=int, default=500, help="games between evaluations")
    parser.add_argument("--eval", type=int, default=200, help="games of each evaluation")
    parser.add_argument("--final", type=int, default=1000, help="games of the final test")
    parser.add_argument("--rate", type=float, default=0.005, help="learning rate")
    parser.add_argument("--plot", help="write the curve here (SVG)")
    args = parser.parse_args()
    policy, curve, tables = train(args.games, args.every, args.eval, args.rate)
    print("games  wolves' win rate on the evaluation seeds (95% Wilson interval)")
    for games, estimate in curve:
        print(f"{games:5d}  {_share(estimate)}")
    seeds = range(FINAL_SEEDS, FINAL_SEEDS + args.final)
    untrained = Policy.untrained(policy.weights.shape[1] - 1, policy.weights.shape[0])
    final = win_rate(tables, untrained, seeds), win_rate(tables, policy, seeds)
    print(f"final, the same {args.final} fresh seeds: untrained {_share(final[0])}, "
          f"trained {_share(final[1])}")
    if args.plot:
        Path(args.plot).write_text(svg(curve, final), encoding="utf-8")


if __name__ == "__main__":
    main()

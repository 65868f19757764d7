"""Environments for training and evaluating policies: the engine stepped from outside
(``werewolf_v0``: PettingZoo AEC and parallel; docs/env.md). Needs the ``envs`` extra
(pettingzoo)."""

"""Environments for training and evaluating policies: the engine stepped from outside
(``werewolf_v0``: PettingZoo AEC). Needs the ``envs`` extra (pettingzoo)."""

"""What a model seat would be sent, told as its conversation grows (agents/llm.py).

A model seat's conversation is its system prompt (the rules of the game and its card),
then one user message per decision: the events it saw since its last one, its status
and the question; after a refused answer, the retry message. ``Reader`` makes the same
messages for learners, each from the new events only and only when read
(arena/envs/info.py), and each system prompt once: it depends on the config (fixed for
an environment) and on the seat and the deal's events it saw (its card, its pack), so an
environment keeps one per such key.
"""

from __future__ import annotations

from collections.abc import Callable

from agents.llm import ASIDES
from agents.narration import in_deal
from agents.prompting import Prompter
from arena.engine import Observation, Request
from arena.engine.events import Setup

SystemKey = tuple[int, str | None, tuple[tuple[str, int, str], ...]]


def system_key(obs: Observation) -> SystemKey:
    """What a seat's system prompt depends on besides the config: the seat, its role and
    the deal's events it saw (the card it was dealt, its pack)."""
    deal = tuple((type(e).__name__, getattr(e, "seat", 0), getattr(e, "role", ""))
                 for e in obs.events if in_deal(e) and not isinstance(e, Setup))
    return obs.seat, obs.role, deal


class Reader:
    """One game's messages for its learners; ``systems`` is the environment's cache."""

    def __init__(self, prompter: Prompter, systems: dict[SystemKey, str]) -> None:
        self.prompter, self.systems = prompter, systems
        self.first: dict[int, Observation] = {}  # seat -> its view at its first decision
        self.shown: dict[int, int] = {}  # seat -> seq of the last event told
        self.aside: dict[int, int] = {}  # seat -> shown before a belief or probe question

    def system(self, seat: int) -> str:
        """The seat's system prompt (message 0 of its conversation)."""
        obs = self.first[seat]
        key = system_key(obs)
        found = self.systems.get(key)
        if found is None:
            found = self.systems[key] = self.prompter.system(obs)
        return found

    def ask(self, obs: Observation, request: Request, last: int) -> Callable[[], dict[str, str]]:
        """The texts of the seat's decision of ``request``, made when called: its system
        prompt and the user message (the events since its last one, then the question; a
        belief or probe question leaves the conversation, so its events are told again;
        after a refusal, the retry message). ``last`` is the seq of the last event the
        seat saw."""
        seat, error = obs.seat, request.context.get("error")
        self.first.setdefault(seat, obs)
        prompter = self.prompter
        if error is not None:
            def text() -> str:
                return prompter.retry(obs, request, str(error))
        else:
            shown = self.aside.pop(seat, None)
            if shown is None:
                shown = self.shown.get(seat, -1)
            if request.kind in ASIDES:
                self.aside[seat] = shown

            def text() -> str:
                return prompter.turn(obs, request, shown)
        self.shown[seat] = last
        return lambda: {"system": self.system(seat), "text": text()}

"""A model seat's context window: older days folded into a digest when a request would
not fit.

A seat with a window (capabilities.toml, or ``context_window`` in a table)
estimates each request before sending it: schema and messages at about 3.5 ASCII
characters or 2/3 of another character a token, scaled by the prompt tokens the
provider reported for the previous call, plus the reply's token limit. Over the
window, whole days are folded: the conversation becomes the system prompt, one
user message digesting every earlier day (the seat's card and what it saw:
deaths, votes, claims, checks, its own night actions; speeches are kept as their
claims), a short acknowledgement, then the later turns verbatim. As many days are
folded as it takes to leave a quarter of the room free, so the new prefix lasts
until the next fold; when the current day alone does not fit, its earlier turns
are folded too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from agents.narration import Narrator, Voice
from agents.prompts import Text
from agents.providers.base import Message
from agents.providers.capabilities import capabilities_for, overrides
from agents.table import SeatOptions
from arena.engine import Observation
from arena.engine.events import Fallback, Refused, Speech
from arena.engine.requests import Usage

CHARS_PER_TOKEN = 3.5  # ASCII text
TOKENS_PER_WIDE_CHAR = 1.5  # any other character (CJK, escapes counted wide)
MESSAGE_TOKENS = 4  # a message's role and separators
SAFETY = 50  # of the window, in parts of 1/SAFETY: what an estimate may be off by
HEADROOM = 4  # a fold leaves 1/HEADROOM of the budget free


def raw_tokens(text: str) -> float:
    """A tokenizer-free estimate of ``text``'s tokens (before calibration)."""
    wide = sum(1 for ch in text if ord(ch) > 127)
    return (len(text) - wide) / CHARS_PER_TOKEN + wide * TOKENS_PER_WIDE_CHAR


class Digest(Narrator):
    """The narration of earlier days, speeches reduced to their claims and refusals
    left out (the seat's past answers; their results are events of their own)."""

    def speech(self, e: Speech) -> str:
        if not e.claims:
            return ""
        said = self.t("words.item_sep").join(self.claim(c) for c in e.claims)
        return self.t("context.claims", who=self.v.who(e.seat), claims=said)

    def refused(self, e: Refused) -> str:
        return ""

    def fallback(self, e: Fallback) -> str:
        return ""


def digest(text: Text, obs: Observation, upto: int) -> str:
    """What the seat saw up to event ``upto`` (a seq), as one message."""
    seen = [e for e in obs.events if e.seq <= upto]
    voice = Voice(text, obs)
    head = [text("context.digest", day=seen[-1].day if seen else 0),
            text("status.you", me=voice.label(obs.seat), role=voice.role(obs.role))]
    return "\n".join([*head, *Digest(voice).narrate(seen)])


@dataclass(frozen=True, slots=True)
class Turn:
    """A kept turn: its first message, the day it was asked on, the seq shown before it,
    and whether it asks again after a refused answer (never the first after a fold)."""

    first: Message
    day: int
    shown: int
    retry: bool = False


class ContextWindow:
    """One seat's token budget; ``folds`` counts the times it folded."""

    def __init__(self, window: int, reply: int) -> None:
        self.window, self.reply = window, reply
        self.budget = window - reply - window // SAFETY
        self.target = self.budget - self.budget // HEADROOM  # what a fold aims for
        self.scale = 1.0
        self.turns: list[Turn] = []
        self.folds = 0

    def tokens(self, messages: Sequence[Message], schema: dict[str, object]) -> int:
        """The estimated prompt tokens of a request with these messages and schema."""
        raw = raw_tokens(json.dumps(schema)) + sum(
            raw_tokens(m.content) + MESSAGE_TOKENS for m in messages)
        return math.ceil(raw * self.scale)

    def sent(self, messages: Sequence[Message], schema: dict[str, object],
             calls: Sequence[Usage], turn: Turn) -> None:
        """After a call: learn the provider's count (the scale) and keep the turn."""
        reported = [u.input_tokens for u in calls if u.error is None and u.input_tokens]
        if reported:
            self.scale *= reported[-1] / max(1, self.tokens(messages, schema))
        self.turns.append(turn)

    def fold(self, history: list[Message], turn: Sequence[Message], schema: dict[str, object],
             now: Turn, digest_upto: Callable[[int], str], ack: str) -> list[Message] | None:
        """``history`` with its older days folded when it and ``turn`` exceed the budget;
        None when they fit or there is nothing to fold. ``now`` is the new turn."""
        if self.tokens([*history, *turn], schema) <= self.budget:
            return None
        index = {id(m): i for i, m in enumerate(history)}
        kept = [t for t in self.turns if id(t.first) in index]
        folded: list[Message] | None = None
        for turn_start in _cuts(kept, now):
            cut = index.get(id(turn_start.first), len(history))
            folded = [history[0], Message("user", digest_upto(turn_start.shown)),
                      Message("assistant", ack), *history[cut:]]
            if self.tokens([*folded, *turn], schema) <= self.target:
                break
        if folded is not None:
            self.turns = [t for t in kept if id(t.first) in {id(m) for m in folded}]
            self.folds += 1
        return folded


def _cuts(kept: list[Turn], now: Turn) -> list[Turn]:
    """The turns a folded conversation may start at, the fewest folded first: each later
    day's first turn; then, should even that leave too much, each later turn (never one
    that asks again, which needs the turn it answers)."""
    seq = [*kept, now]
    starts = [(i, t) for i, t in enumerate(seq) if i and not t.retry]
    days = [(i, t) for i, t in starts if t.day > seq[i - 1].day]
    last = days[-1][0] if days else 0
    return [t for _, t in days] + [t for i, t in starts if i > last]


def window_for(model: str, options: SeatOptions) -> ContextWindow | None:
    """The seat's context window: its table's, else its model's (capabilities.toml);
    ValueError when the reply's limit leaves no room in it."""
    caps = capabilities_for(model, overrides(options.model_dump()))
    if caps.context_window is None:
        return None
    reply = caps.limit(options.max_tokens) + (caps.thinking_budget or 0)
    if reply >= caps.context_window // 2:
        raise ValueError(f"a reply limit of {reply} tokens leaves too little of a context "
                         f"window of {caps.context_window} tokens; set max_tokens lower")
    return ContextWindow(caps.context_window, reply)

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

A seat whose window nobody declared folds at DEFAULT_WINDOW tokens (at least
four times its reply's limit), so that a long game's prompts stay bounded. A
window the server states replaces the default (and a declared one it undercuts):
stated before the game (the probe asks vLLM and llama.cpp), or in a refusal of
a request over it; a refusal that states no window shrinks it to three quarters
of the refused request. The refusal's count of the prompt's tokens calibrates
the estimate too.
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
from agents.seat_options import SeatOptions
from arena.engine import Observation
from arena.engine.events import Fallback, Refused, Speech
from arena.engine.requests import Usage

CHARS_PER_TOKEN = 3.5  # ASCII text
TOKENS_PER_WIDE_CHAR = 1.5  # any other character (CJK, escapes counted wide)
MESSAGE_TOKENS = 4  # a message's role and separators
SAFETY = 50  # of the window, in parts of 1/SAFETY: what an estimate may be off by
HEADROOM = 4  # a fold leaves 1/HEADROOM of the budget free
DEFAULT_WINDOW = 32768  # tokens: where a seat with no known window folds
SHRINK = 0.75  # a refusal stating no window: the window becomes this share of the request


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
    """One seat's token budget; ``folds`` counts the times it folded. ``declared``: the
    window is the model's or the table's, not the default."""

    def __init__(self, window: int, reply: int, *, declared: bool = True) -> None:
        self.reply, self.declared = reply, declared
        self.scale = 1.0
        self.turns: list[Turn] = []
        self.folds = 0
        self.resize(window)

    def resize(self, window: int) -> None:
        self.window = window
        self.budget = window - self.reply - window // SAFETY
        self.target = self.budget - self.budget // HEADROOM  # what a fold aims for

    def stated(self, window: int) -> None:
        """A window the server stated: it replaces the default, and a larger one."""
        if window < self.window or not self.declared:
            self.resize(window)
            self.declared = True

    def refused(self, messages: Sequence[Message], schema: dict[str, object],
                window: int | None, prompt_tokens: int | None) -> int:
        """After the server refused these messages as too long: calibrate on its count of
        the prompt, take its window (or shrink to SHRINK of the request); the window."""
        if prompt_tokens:
            self.scale *= prompt_tokens / max(1, self.tokens(messages, schema))
        if window is None:
            request = prompt_tokens or self.tokens(messages, schema)
            window = min(self.window, int((request + self.reply) * SHRINK))
        self.stated(window)
        return self.window

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


def window_for(model: str, options: SeatOptions) -> ContextWindow:
    """The seat's context window: its table's, else its model's (capabilities.toml), else
    the default; ValueError when the reply's limit leaves no room in a declared one."""
    caps = capabilities_for(model, overrides(options.model_dump()))
    reply = caps.limit(options.max_tokens) + (caps.thinking_budget or 0)
    if caps.context_window is None:
        return ContextWindow(max(DEFAULT_WINDOW, 4 * reply), reply, declared=False)
    if reply >= caps.context_window // 2:
        raise ValueError(f"a reply limit of {reply} tokens leaves too little of a context "
                         f"window of {caps.context_window} tokens; set max_tokens lower")
    return ContextWindow(caps.context_window, reply)

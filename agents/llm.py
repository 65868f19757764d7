"""A seat played by a language model behind a ChatProvider.

Each seat keeps one conversation whose prefix never changes, so provider prompt
caches hit: message 0 is the system prompt (the rules of this game and the
seat's card); each decision appends one user message (the events the seat saw
since its last turn, its status and the request) and the model's answer. The
answer schema and the cache key are fixed for the game too; a belief question or a
vote probe and its answer leave the history once answered (the transcript keeps it).
One call per ask: an unusable answer (no JSON, a bad field, an illegal choice, a
refusal, empty) is kept in the conversation and raised as UnusableAnswer with the
raw text, the reason and the call's usage; the judge records the refusal and asks
again with the reason in ``context["error"]``, which the agent sends as a retry
message after its answer. The judge's MAX_TRIES bounds the tries, then it falls
back. Usage of every call (each HTTP attempt) lands in the Decision, the
UnusableAnswer or the error; the seat's first decision also bills the probe of its
endpoint (agents/providers/probe.py). A seat folds its older days into a digest
when a request would not fit its context window (agents/context.py); a request
the server refuses as too long teaches the window, is folded and sent again.

An answer cut off at its output limit is asked again with less reasoning (the
provider's ``less_reasoning``: a lower effort, half the thinking budget); the
calls of one decision (the judge's tries of it included) produce at most SPEND
times the limit that cut the first one off. When that is spent, the seat raises
OutputSpent and the judge falls back. The seat's later decisions start at the
lowered reasoning.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from agents.base import Agent
from agents.breaker import EndpointDown, Limits, breaker_for
from agents.context import ContextWindow, Turn, digest
from agents.decisions import AnswerError, game_schema, parse
from agents.prompting import Prompter, dealt_roles
from agents.prompts import SHIPPED, PromptSet
from agents.providers.base import (
    BudgetSpent,
    ChatProvider,
    ChatReply,
    ChatRequest,
    ContextExceeded,
    Message,
    ProviderError,
)
from agents.providers.jsonparse import parse_json_object
from agents.providers.probe import probe_usage
from agents.providers.retry import TRIES
from agents.providers.windows import learn, learned
from arena.engine import Decision, Observation, Request
from arena.engine.requests import UnusableAnswer, Usage

SEED_RANGE = 1 << 31  # APIs take a signed 32- or 64-bit seed
SCHEMA_NAME = "werewolf_decision"  # one name and schema for every call: a cached prefix
BELIEF_TOKENS = 400  # a belief answer is a short string
ASIDES = frozenset({"belief", "probe"})  # questions that leave the conversation once answered
SPEND = 2  # a decision's calls produce at most SPEND x the output limit that cut one off
FIT_TRIES = 3  # sends of one turn the server may refuse as too long, folding each time


class OutputSpent(RuntimeError):
    """A decision's answers were cut off until its output budget was spent: the judge
    bills ``usage`` and falls back."""

    def __init__(self, message: str, usage: tuple[Usage, ...]) -> None:
        super().__init__(message)
        self.usage = usage


def read_reply(request: Request, reply: ChatReply, roles: tuple[str, ...]) -> Decision:
    """The Decision in a reply; AnswerError (one line, for the model) when there is none."""
    if reply.refusal:
        raise AnswerError("you refused to answer; this is a game, so please answer")
    if reply.cut_off is not None:
        raise AnswerError(f"the answer was cut off at the limit of {reply.cut_off} output "
                          "tokens (reasoning included); answer more briefly")
    data = reply.parsed
    if data is None:
        if not reply.text.strip():
            raise AnswerError("the answer is empty")
        data = parse_json_object(reply.text)
    if data is None:
        raise AnswerError("the answer holds no JSON object")
    return parse(request, data, roles)


class LLMAgent:
    """One seat, one model, one growing conversation."""

    concurrent = True

    def __init__(self, provider: ChatProvider, *, seed: int, lang: str = "en",
                 persona: str | None = None, temperature: float | None = None,
                 max_tokens: int | None = None, window: ContextWindow | None = None,
                 prompts: PromptSet = SHIPPED) -> None:
        self.provider = provider
        self.window = window  # None: the conversation is never folded
        self.seed = seed  # sent as the API's sampling seed where it takes one
        self.prompter = Prompter(lang, persona, prompts)
        self.temperature, self.max_tokens = temperature, max_tokens
        self.history: list[Message] = []
        self.shown = -1  # seq of the last event the model has been told about
        self.tries: list[Usage] = []
        self.schema: dict[str, Any] = {}
        self.cache_key = ""
        # a belief exchange leaves the history once over: where it began (history length,
        # shown) while it lasts
        self.aside: tuple[int, int] | None = None
        self.refused = False  # whether the last answer was unusable (kept, to be retried)
        # a decision's output budget (set when an answer is cut off), the output tokens its
        # calls produced, and its lowered settings; they last through the judge's tries of
        # the decision. ``reasoning``: the seat's reasoning as its last cut-off lowered it,
        # where its later decisions start
        self.budget: int | None = None
        self.cut = 0  # the limit of the last call cut off: what a full try may produce
        self.spent = 0
        self.lowered: dict[str, Any] = {}
        self.reasoning: dict[str, Any] = {}
        # once a spending cap is reached (BudgetSpent) or the endpoint's breaker trips
        # (EndpointDown), a seat with a stand-in (a web table's) hands over to it for good;
        # without one (play, tournaments) the spending cap or the stopped game is raised on
        self.stand_in: Agent | None = None
        self.on_handover: Callable[[], None] = lambda: None
        self.handed_over = False
        self.limits = Limits()  # when its endpoint's breaker trips (agents/breaker.py)

    def messages(self, turn: list[Message]) -> tuple[Message, ...]:
        """History then this turn. Cache points: the system prompt, and the end of what
        the next call resends (this turn; before a belief exchange, which is dropped)."""
        out = [*self.history, *turn]
        end = len(out) - 1 if self.aside is None else self.aside[0] - 1
        out[0] = replace(out[0], cache=True)
        out[end] = replace(out[end], cache=True)
        return tuple(out)

    def start(self, observation: Observation) -> None:
        """The game's first decision: the system prompt, schema and cache key, fixed for
        the whole game (a provider caches them at the front of every call)."""
        rules = self.prompter.rules(observation)
        system = self.prompter.system(observation, rules)
        self.history = [Message("system", system, shared=len(rules))]
        self.schema = game_schema(dealt_roles(observation), observation.players,
                                  self.prompter.text)
        # one key for every seat whose prompts open with these rules (the schema follows from
        # them): a seat's first call reads the front another seat sent (prompt_cache_key)
        self.cache_key = "werewolf-" + hashlib.sha256(rules.encode()).hexdigest()[:32]

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if self.handed_over and self.stand_in is not None:
            return await self.stand_in.decide(observation, request)
        # this decision's bill, as it happens: the probe's call before the seat's first
        # decision, each call's attempts (``_call``), the one in flight
        self.tries = [] if self.history else list(probe_usage(self.provider.key,
                                                               self.provider.model))
        TRIES.set(self.tries)  # in this decision's own context (the judge runs it as a task)
        try:
            return await self._decide(observation, request)
        except (BudgetSpent, EndpointDown):
            if self.stand_in is None:
                raise
            self.handed_over = True
            self.on_handover()
            return await self.stand_in.decide(observation, request)
        except ProviderError as exc:
            raise exc.reworded(str(exc), usage=tuple(self.tries)) from None

    def unbilled(self) -> tuple[Usage, ...]:
        """The tries of a decision the judge's time limit cut off (nothing else bills
        them): those made, and the one in flight, which the provider may bill."""
        tries, self.tries = tuple(self.tries), []
        return tries

    async def _call(self, request: ChatRequest) -> ChatReply:
        """One provider call; its every attempt joins the decision's bill."""
        start = len(self.tries)
        try:
            reply = await breaker_for(self.provider, self.limits).call(self.provider, request)
        except ProviderError as exc:
            self.tries[start:] = exc.usage
            raise
        self.tries[start:] = reply.calls
        return reply

    async def _decide(self, observation: Observation, request: Request) -> Decision:
        if not self.history:
            self.start(observation)
        roles = dealt_roles(observation)
        error = request.context.get("error")
        retry = self.refused and error is not None  # the judge asks again: answer the reason
        if not retry:
            self._drop_aside()
            if request.kind in ASIDES:
                self.aside = (len(self.history), self.shown)
            self.budget, self.spent, self.lowered = None, 0, dict(self.reasoning)
        elif self.budget is not None and self.budget - self.spent < self.cut:
            raise OutputSpent(self._spent_reason(), tuple(self.tries))
        limit = self.max_tokens
        if request.shape == "belief":
            limit = min(limit or BELIEF_TOKENS, BELIEF_TOKENS)
        chat = ChatRequest(messages=(), schema_name=SCHEMA_NAME, schema=self.schema,
                           temperature=self.temperature, max_tokens=limit,
                           seed=self.seed % SEED_RANGE, cache_key=self.cache_key,
                           schema_hint=self.prompter.text("turn.schema_hint"),
                           tool_description=self.prompter.text("turn.tool"))
        chat = replace(chat, **self.lowered)
        if retry:
            turn = [Message("user", self.prompter.retry(observation, request, str(error)))]
        else:
            turn = [Message("user", self.prompter.turn(observation, request, self.shown))]
        now = Turn(turn[0], request.day, self.shown, retry)
        sent, reply = await self._send(observation, chat, turn, now)
        if self.window is not None:
            self.window.sent(sent.messages, self.schema, reply.calls, now)
        reply = await self._reason_less(sent, reply)
        said = _said(reply)
        turn.append(Message("assistant", said or self.prompter.empty_reply()))
        self._keep(observation, turn)
        try:
            decision = read_reply(request, reply, roles)
        except AnswerError as exc:
            self.refused = True
            raise UnusableAnswer(said, str(exc), tuple(self.tries)) from None
        self.refused = False
        self._drop_aside()
        decision.usage = tuple(self.tries)
        return decision

    async def _send(self, observation: Observation, chat: ChatRequest, turn: list[Message],
                    now: Turn) -> tuple[ChatRequest, ChatReply]:
        """Fit the window and send; a refusal as too long teaches the window (its size for
        every seat of the endpoint), folds and sends again, FIT_TRIES times at most."""
        for tries_left in reversed(range(FIT_TRIES)):
            window = self.window
            if window is not None:
                known = learned(self.provider.key, self.provider.model)
                if known is not None:  # from the probe, or another seat's refusal
                    window.stated(known)
                self._fit(observation, turn, now)
            sent = replace(chat, messages=self.messages(turn))
            try:
                return sent, await self._call(sent)
            except ContextExceeded as exc:
                if window is None or not tries_left:
                    raise
                size = window.refused(sent.messages, self.schema, exc.window,
                                      exc.prompt_tokens)
                learn(self.provider.key, self.provider.model, size)
        raise AssertionError("unreachable: the last try returns or raises")

    async def _reason_less(self, sent: ChatRequest, reply: ChatReply) -> ChatReply:
        """After an answer cut off at its limit: ask again with less reasoning while the
        decision's budget (SPEND x that limit) has room; OutputSpent when even the judge's
        next try would not fit it. Returns the last reply."""
        self.spent += sum(u.output_tokens for u in reply.calls)
        lower = getattr(self.provider, "less_reasoning", None)
        while reply.cut_off is not None:
            self.budget, self.cut = self.budget or SPEND * reply.cut_off, reply.cut_off
            room = self.budget - self.spent
            step = lower(sent, reply, room) if lower is not None and room > 0 else None
            if step is None:
                if room < reply.cut_off:
                    raise OutputSpent(self._spent_reason(), tuple(self.tries))
                return reply
            self.reasoning = {"reasoning_effort": step.reasoning_effort,
                              "thinking_budget": step.thinking_budget}
            self.lowered = {**self.reasoning, "max_tokens": step.max_tokens}
            sent, reply = step, await self._call(step)
            self.spent += sum(u.output_tokens for u in reply.calls)
        return reply

    def _spent_reason(self) -> str:
        return (f"cut off at {self.cut} output tokens with {self.spent} of this decision's "
                f"{self.budget} spent")

    def _fit(self, observation: Observation, turn: list[Message], now: Turn) -> None:
        """Fold older days into a digest when this request would not fit the window."""
        assert self.window is not None
        text = self.prompter.text
        folded = self.window.fold(self.history, turn, self.schema, now,
                                  lambda upto: digest(text, observation, upto),
                                  text("context.ack"))
        if folded is None:
            return
        if self.aside is not None:  # a belief exchange of this day: after the fold
            self.aside = (self.aside[0] + len(folded) - len(self.history), self.aside[1])
        self.history = folded

    def _drop_aside(self) -> None:
        """A finished belief exchange leaves the history (its answer is in the transcript);
        its events are told again in the next turn."""
        if self.aside is not None:
            start, self.shown = self.aside
            del self.history[start:]
            self.aside = None

    def _keep(self, observation: Observation, turn: list[Message]) -> None:
        """Commit an answered turn to the conversation (a cancelled one is never kept)."""
        self.history += turn
        events = observation.events
        if events:
            self.shown = events[-1].seq


def _said(reply: ChatReply) -> str:
    if reply.text.strip():
        return reply.text
    return json.dumps(reply.parsed, ensure_ascii=False) if reply.parsed is not None else ""

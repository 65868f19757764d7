"""A seat played by a language model behind a ChatProvider.

Each seat keeps one conversation whose prefix never changes, so provider prompt
caches hit: message 0 is the system prompt (the rules of this game and the
seat's card); each decision appends one user message (the events the seat saw
since its last turn, its status and the request) and the model's answer.
An unusable answer (no JSON, illegal, a refusal, empty) is sent back with the
reason, up to MAX_TRIES calls; then the agent raises AnswerFailed and the judge
logs a fallback. Usage of every call lands in the Decision, or in the
AnswerFailed, whose usage the judge records before the fallback.
"""

from __future__ import annotations

import json
from dataclasses import replace

from agents.decisions import AnswerError, parse, schema_for
from agents.prompting import Prompter, dealt_roles
from agents.providers.base import ChatProvider, ChatReply, ChatRequest, Message
from agents.providers.jsonparse import parse_json_object
from arena.engine import Decision, Observation, Request
from arena.engine.requests import Usage

MAX_TRIES = 3


class AnswerFailed(RuntimeError):
    """The model gave no usable answer in MAX_TRIES calls; ``usage`` bills those calls."""

    def __init__(self, message: str, usage: tuple[Usage, ...] = ()) -> None:
        super().__init__(message)
        self.usage = usage


def read_reply(request: Request, reply: ChatReply, roles: tuple[str, ...]) -> Decision:
    """The Decision in a reply; AnswerError (one line, for the model) when there is none."""
    if reply.refusal:
        raise AnswerError("you refused to answer; this is a game, so please answer")
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
                 max_tokens: int = 1024) -> None:
        self.provider = provider
        self.seed = seed  # kept for the record; the conversation itself is deterministic
        self.prompter = Prompter(lang, persona)
        self.temperature, self.max_tokens = temperature, max_tokens
        self.history: list[Message] = []
        self.shown = -1  # seq of the last event the model has been told about

    def messages(self, turn: list[Message]) -> tuple[Message, ...]:
        """History then this turn; the system prompt and the end of the history are marked
        as cache points."""
        prefix = list(self.history)
        prefix[0] = replace(prefix[0], cache=True)
        prefix[-1] = replace(prefix[-1], cache=True)
        return (*prefix, *turn)

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if not self.history:
            self.history = [Message("system", self.prompter.system(observation))]
        roles = dealt_roles(observation)
        chat = ChatRequest(messages=(), schema_name=f"werewolf_{request.kind}",
                           schema=schema_for(request, roles), temperature=self.temperature,
                           max_tokens=self.max_tokens)
        turn = [Message("user", self.prompter.turn(observation, request, self.shown))]
        usage: list[Usage] = []
        problem = ""
        for attempt in range(1, MAX_TRIES + 1):
            reply = await self.provider.complete(replace(chat, messages=self.messages(turn)))
            usage.append(reply.usage)
            turn.append(Message("assistant", _said(reply) or self.prompter.empty_reply()))
            try:
                decision = read_reply(request, reply, roles)
            except AnswerError as exc:
                problem = str(exc)
                if attempt < MAX_TRIES:
                    turn.append(Message("user", self.prompter.retry(request, problem)))
                continue
            self._keep(observation, turn)
            decision.usage = tuple(usage)
            return decision
        self._keep(observation, turn)
        raise AnswerFailed(f"no usable answer in {MAX_TRIES} tries (last: {problem})",
                           tuple(usage))

    def _keep(self, observation: Observation, turn: list[Message]) -> None:
        """Commit a finished turn to the conversation (a cancelled one is never kept)."""
        self.history += turn
        events = observation.events
        if events:
            self.shown = events[-1].seq


def _said(reply: ChatReply) -> str:
    if reply.text.strip():
        return reply.text
    return json.dumps(reply.parsed, ensure_ascii=False) if reply.parsed is not None else ""

"""LangChain chat models for the tests, built by ``langchain:tests.llm.lc_models:NAME``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult
from langchain_core.runnables import Runnable
from pydantic import Field

USAGE = {"input_tokens": 1000, "output_tokens": 20, "total_tokens": 1020,
         "input_token_details": {"cache_read": 600}}


class ToolCallingFake(GenericFakeChatModel):
    """A fake that 'supports' tools: binding them returns the model itself."""

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: str | None = None,
                   **kwargs: Any) -> Runnable[Any, AIMessage]:
        return self


class FailingFake(GenericFakeChatModel):
    """Raises the queued errors first, then answers."""

    errors: list[Exception]

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        if self.errors:
            raise self.errors.pop(0)
        return super()._generate(messages, stop, run_manager, **kwargs)


class RecordingFake(GenericFakeChatModel):
    """Keeps the messages of every call in ``seen``."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        self.seen.append(list(messages))
        return super()._generate(messages, stop, run_manager, **kwargs)


class TooLong(Exception):
    """Looks like an SDK's 400 for a prompt over the context window."""

    status_code = 400

    def __init__(self) -> None:
        super().__init__("This model's maximum context length is 8192 tokens. However, you "
                         "requested 9000 tokens (8000 in the messages, 1000 in the completion).")


class Throttled(Exception):
    """Looks like an SDK's rate-limit error."""

    status_code = 429

    def __init__(self) -> None:
        super().__init__("slow down")
        self.response = type("Response", (), {"headers": {"retry-after": "0.2"}})()


def structured() -> ToolCallingFake:
    call = {"name": "vote", "args": {"target": 5}, "id": "call_1", "type": "tool_call"}
    return ToolCallingFake(messages=iter([AIMessage(content="", tool_calls=[call],
                                                    usage_metadata=USAGE)]))


def plain() -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([
        AIMessage(content="My vote:\n```json\n{'target': 3,}\n```", usage_metadata=USAGE)]))


def forgetful() -> GenericFakeChatModel:
    """Leaves out the target of its first answer, then passes explicitly."""
    return GenericFakeChatModel(messages=iter([
        AIMessage(content='{"reasoning": "I would rather not say"}', usage_metadata=USAGE),
        AIMessage(content='{"reasoning": "no one", "target": null}', usage_metadata=USAGE)]))


def refusing() -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([
        AIMessage(content="", additional_kwargs={"refusal": "I won't play."})]))


def flaky() -> FailingFake:
    return FailingFake(errors=[TimeoutError("slow"), Throttled()],
                       messages=iter(['{"target": 2}']))


def broken() -> FailingFake:
    return FailingFake(errors=[ValueError("model exploded")], messages=iter([]))


def not_a_model() -> int:
    return 42


def unmetered() -> RecordingFake:
    """Answers in text and reports no usage."""
    return RecordingFake(messages=iter(['{"target": 2}']))


def overlong() -> FailingFake:
    return FailingFake(errors=[TooLong()], messages=iter([]))

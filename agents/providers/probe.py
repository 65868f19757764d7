"""Before a game: one cheap call per distinct model endpoint.

A dead server, a refused key or an unknown model would otherwise play a whole
game on default answers; the probe sends each distinct (endpoint, model) one
one-token request, tried once with a short timeout, and stops with one line
naming the seats that use the first endpoint that failed. An endpoint that
answers is asked for its context window too (agents/providers/windows.py).

The probe's call is billed: its usage waits here until the first seat of that
endpoint and model makes a decision, whose ``usage`` events it joins (with
``output_format: probe``).
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Mapping
from dataclasses import replace

from agents.providers.base import ChatProvider, ChatRequest, Message, ProviderError
from agents.providers.describe import safe_url
from agents.providers.options import ProviderOptions
from agents.providers.retry import RetryPolicy
from agents.providers.windows import learn
from arena.engine.requests import Usage

TIMEOUT_S = 10.0
PING = ChatRequest(messages=(Message("user", "Answer with an empty JSON object."),),
                   schema_name="probe", max_tokens=1,
                   schema={"type": "object", "properties": {}, "required": [],
                           "additionalProperties": False})
HINTS = {401: "the server refused the API key", 403: "the key may not use this model",
         404: "unknown model or wrong base URL"}
PROBE_FORMAT = "probe"  # the output_format of the probe's usage
_UNBILLED: dict[tuple[str, str], tuple[Usage, ...]] = {}  # (endpoint, model) -> its probe


def probe_usage(key: str, model: str) -> tuple[Usage, ...]:
    """The usage of the probe of this endpoint and model not yet billed (then never again)."""
    return _UNBILLED.pop((key, model), ())


def probe(providers: Mapping[str, ChatProvider]) -> None:
    """Check each distinct endpoint of ``providers`` (label -> provider); ProviderError
    (one line) naming the labels of the first that fails. Providers that are not
    ``openai``/``anthropic``/``langchain`` endpoints (test fakes) are skipped."""
    groups: dict[tuple[str, str], list[str]] = {}
    first: dict[tuple[str, str], tuple[ChatProvider, ProviderOptions]] = {}
    for label, provider in providers.items():
        options = getattr(provider, "options", None)
        if isinstance(options, ProviderOptions):
            endpoint = (provider.key, provider.model)
            groups.setdefault(endpoint, []).append(label)
            first.setdefault(endpoint, (provider, options))
    if not groups:
        return
    failures = asyncio.run(_probe_all(list(first.values())))
    for (key, model), failure in zip(first, failures, strict=True):
        if failure is not None:
            where = safe_url(key.partition("@")[2])
            raise ProviderError(f"{', '.join(groups[key, model])} ({model} at {where}): "
                                f"{failure}")


async def _probe_all(providers: list[tuple[ChatProvider, ProviderOptions]]
                     ) -> list[str | None]:
    return list(await asyncio.gather(*(_probe_one(*p) for p in providers)))


async def _probe_one(provider: ChatProvider, options: ProviderOptions) -> str | None:
    """Why one endpoint cannot be used, or None."""
    quick = copy.copy(provider)  # tried once, briefly; the seat's own settings stay
    quick.options = replace(  # type: ignore[attr-defined]
        options, retry=RetryPolicy(attempts=1), timeout_s=min(options.timeout_s, TIMEOUT_S))
    try:
        reply = await asyncio.wait_for(quick.complete(PING), TIMEOUT_S)
    except TimeoutError:
        return f"no answer within {TIMEOUT_S:g} s"
    except ProviderError as exc:
        detail = " ".join(str(exc).split())
        hint = HINTS.get(exc.status or 0) or (
            "cannot reach the server" if "connection failed" in detail else "")
        return f"{detail} ({hint})" if hint else detail
    _UNBILLED[(provider.key, provider.model)] = tuple(
        replace(call, output_format=PROBE_FORMAT) for call in reply.calls)
    ask = getattr(provider, "server_window", None)
    if ask is not None:
        window = await ask(TIMEOUT_S)
        if window is not None:
            learn(provider.key, provider.model, window)
    return None

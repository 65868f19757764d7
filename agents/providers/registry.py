"""Provider specs (``openai:MODEL[@BASE_URL]``, ``anthropic:MODEL[@BASE_URL]``,
``langchain:MODULE:FACTORY``), API keys and the check made before a game starts.

Keys are read from environment variables only, when a provider is built; they
are never stored in specs, options, messages or reprs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from agents.providers.base import ChatProvider, ProviderError
from agents.providers.options import ProviderOptions, is_local

__all__ = [  # the options and keys are re-exported: callers import them from here
    "KINDS", "Kind", "ProviderOptions", "ProviderSpec", "check_keys", "is_local",
    "is_provider_spec", "make_provider", "parse_spec",
]

Kind = Literal["openai", "anthropic", "langchain"]
KINDS: tuple[Kind, ...] = ("openai", "anthropic", "langchain")
KEY_ENV: dict[Kind, str] = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
URL_ENV: dict[Kind, str] = {"openai": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL"}


@dataclass(frozen=True, slots=True)
class ProviderSpec:
    kind: Kind
    model: str = ""
    base_url: str | None = None
    module: str = ""
    factory: str = ""


def parse_spec(spec: str) -> ProviderSpec:
    """Split a spec string; raises ProviderError naming what is wrong with it."""
    kind, _, rest = spec.strip().partition(":")
    if kind == "langchain":
        module, _, factory = rest.rpartition(":")
        if not module or not factory:
            raise ProviderError(f"{spec!r}: expected langchain:MODULE:FACTORY")
        return ProviderSpec("langchain", module=module, factory=factory)
    if kind in ("openai", "anthropic"):
        model, _, base_url = rest.partition("@")
        if not model:
            raise ProviderError(f"{spec!r}: expected {kind}:MODEL[@BASE_URL]")
        return ProviderSpec("openai" if kind == "openai" else "anthropic", model=model,
                            base_url=base_url or None)
    raise ProviderError(f"{spec!r}: unknown provider (known: {', '.join(KINDS)})")


def is_provider_spec(spec: str) -> bool:
    return spec.strip().partition(":")[0] in KINDS


def base_url_of(spec: ProviderSpec, options: ProviderOptions) -> str | None:
    """The spec's base URL, else the options', else the SDK's variable (e.g.
    ANTHROPIC_BASE_URL), else None: the provider's own API."""
    return (spec.base_url or options.base_url
            or os.environ.get(URL_ENV.get(spec.kind, ""), "").strip() or None)


def key_env(kind: Kind, options: ProviderOptions) -> str:
    return options.api_key_env or KEY_ENV.get(kind, "")


def _langchain(spec: ProviderSpec, options: ProviderOptions) -> ChatProvider:
    from agents.providers.langchain import LangChainProvider

    return LangChainProvider(spec.module, spec.factory, options)


def _openai(spec: ProviderSpec, options: ProviderOptions) -> ChatProvider:
    from agents.providers.openai import OpenAIProvider

    return OpenAIProvider(spec.model, base_url=base_url_of(spec, options),
                          api_key_env=key_env(spec.kind, options), options=options)


def _anthropic(spec: ProviderSpec, options: ProviderOptions) -> ChatProvider:
    from agents.providers.anthropic import AnthropicProvider

    return AnthropicProvider(spec.model, base_url=base_url_of(spec, options),
                             api_key_env=key_env(spec.kind, options), options=options)


# provider kind -> builder (each imports its SDK only when a seat uses it)
PROVIDERS: dict[Kind, Callable[[ProviderSpec, ProviderOptions], ChatProvider]] = {
    "openai": _openai, "anthropic": _anthropic, "langchain": _langchain}


def make_provider(spec: str, options: ProviderOptions | None = None) -> ChatProvider:
    """Build the provider a spec names."""
    parsed = parse_spec(spec)
    return PROVIDERS[parsed.kind](parsed, options or ProviderOptions())


def check_keys(specs: Mapping[int, str], options: ProviderOptions | None = None) -> None:
    """Raise one-line ProviderError if any seat's provider lacks its key or spec is bad."""
    options = options or ProviderOptions()
    missing: dict[str, list[str]] = {}
    for seat, spec in sorted(specs.items()):
        if not is_provider_spec(spec):
            continue
        parsed = parse_spec(spec)
        if parsed.kind == "langchain":
            continue
        env = key_env(parsed.kind, options)
        if not os.environ.get(env, "").strip() and not is_local(base_url_of(parsed, options)):
            missing.setdefault(env, []).append(f"seat {seat}: {spec.strip()}")
    if missing:
        raise ProviderError("; ".join(
            f"{env} is not set (needed by {'; '.join(seats)})" for env, seats in missing.items()))

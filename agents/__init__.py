"""Agents behind one async interface, named by spec strings (docs/tables.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from agents.base import Agent, derive_seed
from agents.seat_options import SeatOptions

PROJECT = "werewolf-arena"  # tells this package from others named `agents` (arena.app.entry)

if TYPE_CHECKING:
    from agents.providers.registry import ProviderOptions

BUILT_IN = ("random", "passive", "heuristic")
MODELS = ("openai", "anthropic", "langchain")
Builder = Callable[[str, int, SeatOptions, str], Agent]  # spec, seed, options, lang


class AgentSpecError(ValueError):
    """An agent spec that names no agent available here, or a model seat that cannot run."""


def kind_of(spec: str) -> str:
    return spec.split(":", 1)[0].strip()


def make_agent(spec: str, seat: int, game_seed: int, options: SeatOptions | None = None,
               lang: str = "en") -> Agent:
    """Build the agent a spec names, seeded from the game seed and the seat.

    ``options`` matter to model seats (``openai:``, ``anthropic:``, ``langchain:``)
    only; ``lang`` to model seats and the heuristic, which speak it.
    """
    name = kind_of(spec)
    build = AGENTS.get(name)
    if build is None:
        raise AgentSpecError(
            f"unknown agent {spec!r} (built in: {', '.join(BUILT_IN)}, human; models: "
            f"{', '.join(m + ':MODEL' for m in MODELS)})")
    return build(spec, derive_seed(game_seed, seat, name), options or SeatOptions(), lang)


def _bot(module: str, name: str, *, speaks: bool = False) -> Builder:
    """A built-in bot, imported only when a seat plays it (``speaks``: it talks in the
    game's language, passed as ``lang``)."""
    def build(_spec: str, seed: int, _options: SeatOptions, lang: str) -> Agent:
        cls = getattr(import_module(module), name)
        agent: Agent = cls(seed, lang=lang) if speaks else cls(seed)
        return agent
    return build


def _human(_spec: str, _seed: int, _options: SeatOptions, _lang: str) -> Agent:
    from agents.human import HumanAgent  # the terminal seat; `arena play` shows its events

    return HumanAgent(show_events=False)


def _web(_spec: str, _seed: int, _options: SeatOptions, _lang: str) -> Agent:
    raise AgentSpecError("web seats are hosted by `arena serve`: open its host page")


def provider_options(options: SeatOptions) -> ProviderOptions:
    from agents.providers.capabilities import overrides
    from agents.providers.registry import ProviderOptions

    return ProviderOptions(
        base_url=options.base_url, api_key_env=options.api_key_env,
        temperature=options.temperature, max_tokens=options.max_tokens,
        max_concurrency=options.max_concurrency or ProviderOptions().max_concurrency,
        capabilities=overrides(options.model_dump()))


def _model_agent(spec: str, seed: int, options: SeatOptions, lang: str) -> Agent:
    from agents.context import window_for
    from agents.llm import LLMAgent
    from agents.prompts import SHIPPED, load
    from agents.providers.base import ProviderError
    from agents.providers.registry import make_provider

    try:
        provider = make_provider(spec, provider_options(options))
    except ProviderError as exc:
        raise AgentSpecError(str(exc)) from None
    except ImportError as exc:
        raise AgentSpecError(f"agent {spec!r} needs the {exc.name} package "
                             f"(pip install {exc.name})") from None
    try:
        window = window_for(provider.model, options)
        prompts = SHIPPED if options.prompts is None else load(options.prompts, lang)
    except ValueError as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    return LLMAgent(provider, seed=seed, lang=lang, persona=options.persona,
                    temperature=options.temperature, max_tokens=options.max_tokens,
                    window=window, prompts=prompts)


AGENTS: dict[str, Builder] = {  # agent kind -> builder; a new kind adds its entry
    "random": _bot("agents.random", "RandomAgent"),
    "passive": _bot("agents.passive", "PassiveAgent"),
    "heuristic": _bot("agents.heuristic", "HeuristicAgent", speaks=True),
    "human": _human, "web": _web, **dict.fromkeys(MODELS, _model_agent),
}


def describe_agent(agent: Agent) -> dict[str, Any]:
    """A model seat's settings for the transcript header, enough to run it again (no
    secrets): provider, model (as usage names it), base URL, SDK, temperature, output
    limit, reasoning settings, the output tokens one decision may spend, language,
    persona, the seed sent and, for a seat given another prompt set, that set's hashes
    (its language's files). For the heuristic bot, the language it speaks (a fork plays
    it on in that language); empty for others."""
    from agents.heuristic import HeuristicAgent
    from agents.llm import SEED_RANGE, SPEND, LLMAgent
    from agents.prompts import SHIPPED
    from agents.providers.capabilities import capabilities_for
    from agents.providers.describe import describe
    from agents.providers.registry import ProviderOptions

    if not isinstance(agent, LLMAgent):
        return {"lang": agent.lang} if isinstance(agent, HeuristicAgent) else {}
    provider = agent.provider
    options = getattr(provider, "options", None)
    options = options if isinstance(options, ProviderOptions) else ProviderOptions()
    caps = capabilities_for(provider.model, options.capabilities)
    limit = caps.limit(agent.max_tokens, options.max_tokens)
    prompts = agent.prompter.prompts
    return {**describe(provider), "temperature": agent.temperature, "max_tokens": limit,
            **caps.model_dump(include={"reasoning_effort", "thinking_budget"},
                              exclude_none=True),
            "decision_output_tokens": SPEND * (limit + (caps.thinking_budget or 0)),
            "lang": agent.prompter.lang, "persona": agent.prompter.persona,
            "seed": agent.seed % SEED_RANGE,
            **({} if prompts == SHIPPED else {"prompts": prompts.hashes((agent.prompter.lang,))})}


def probe_agents(agents: Mapping[str, Agent]) -> None:
    """Before a game: one cheap call per distinct model endpoint of ``agents`` (label ->
    agent); AgentSpecError (one line) naming the labels of the first that fails."""
    from agents.providers.base import ProviderError
    from agents.providers.probe import probe

    providers = {label: provider for label, agent in agents.items()
                 if (provider := getattr(agent, "provider", None)) is not None}
    try:
        probe(providers)
    except ProviderError as exc:
        raise AgentSpecError(str(exc)) from None


def check_keys(specs: Mapping[int, str], options: Mapping[int, SeatOptions]) -> None:
    """Before a game: every model seat's spec parses and its API key is set (one line)."""
    from agents.providers.base import ProviderError
    from agents.providers.registry import check_keys as check_provider_keys

    groups: dict[SeatOptions, dict[int, str]] = defaultdict(dict)
    for seat, spec in sorted(specs.items()):
        if kind_of(spec) in MODELS:
            groups[options.get(seat, SeatOptions())][seat] = spec
    problems = []
    for seat_options, seats in groups.items():
        try:
            check_provider_keys(seats, provider_options(seat_options))
        except ProviderError as exc:
            problems.append(str(exc))
    if problems:
        raise AgentSpecError("; ".join(problems))


__all__ = ["Agent", "AgentSpecError", "SeatOptions", "check_keys", "describe_agent",
           "make_agent", "probe_agents"]

"""Pausing a model endpoint that keeps failing, instead of burning games on it.

A finished game fails an endpoint (agent kind and base URL, ``AgentEntry.endpoint``)
when a seat of an agent on it fell back on more than ``max_fallback_share`` of its
decisions, or on all of them (every model call failed). After ``pause_after`` games
in a row (in finishing order) that fail an endpoint, no game using it starts any
more; the games in flight finish. A game that stops aborted because a seat's endpoint
failed (agents/breaker.py) pauses that endpoint at once. A resumed run starts with no
endpoint paused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from agents.providers.describe import safe_url
from agents.providers.registry import is_provider_spec
from arena.app.tournament.config import TournamentConfig
from arena.engine import BaseEvent
from arena.engine.events import UsageRecord
from arena.fallbacks import MAX_SHARE, FallbackCount

Endpoint = tuple[str, str]


def fallback_shares(events: Iterable[BaseEvent], agents: Sequence[str]) -> dict[str, float]:
    """Per pool agent (``agents``: by seat, from 1) whose model seats fell back: the
    largest share of its decisions one of its seats fell back on."""
    log = list(events)
    count = FallbackCount({e.seat for e in log if isinstance(e, UsageRecord)})
    for event in log:
        count(event)
    shares: dict[str, float] = {}
    for seat in sorted(count.seats):
        if count.fallbacks[seat]:
            name = agents[seat - 1]
            shares[name] = max(shares.get(name, 0.0), round(count.share(seat), 4))
    return shares


class Pauses:
    """Failing games in a row per model endpoint, and the endpoints paused (with why)."""

    def __init__(self, config: TournamentConfig | None = None) -> None:
        agents = config.agents if config else {}
        self.after = config.pause_after if config else 0
        self.max_share = config.max_fallback_share if config else MAX_SHARE
        self.endpoints: dict[str, Endpoint] = {
            name: entry.endpoint() for name, entry in agents.items()
            if is_provider_spec(entry.agent)}
        self.streak: Counter[Endpoint] = Counter()
        self.paused: dict[Endpoint, str] = {}

    def record(self, game_id: str, agents: Iterable[str], shares: Mapping[str, float]) -> None:
        """A finished game: its pool agents and their fallback shares."""
        used = {self.endpoints[a] for a in agents if a in self.endpoints}
        failing = {self.endpoints[a] for a, share in shares.items()
                   if a in self.endpoints and (share > self.max_share or share >= 1.0)}
        for endpoint in sorted(used):
            self.streak[endpoint] = self.streak[endpoint] + 1 if endpoint in failing else 0
            if self.after and self.streak[endpoint] >= self.after:
                names = ", ".join(a for a, e in self.endpoints.items() if e == endpoint)
                self.paused.setdefault(endpoint, (
                    f"{self.streak[endpoint]} games in a row (the last {game_id}) in which a "
                    f"seat of {names} fell back on more than {self.max_share:.0%} of its "
                    "decisions or every model call failed"))

    def abort(self, game_id: str, agent: str | None, cause: str) -> None:
        """A game stopped because a seat of ``agent`` could no longer play on its endpoint
        (its breaker tripped): the endpoint is paused at once."""
        endpoint = self.endpoints.get(agent or "")
        if endpoint is not None:
            self.paused.setdefault(endpoint, f"game {game_id} aborted: {cause}")

    def allows(self, agents: Iterable[str]) -> bool:
        """Whether a game of these pool agents may start: none is on a paused endpoint."""
        return not any(self.endpoints.get(a) in self.paused for a in agents)

    def report(self) -> dict[str, str]:
        """Each paused endpoint ("kind URL") and why it was paused."""
        return {f"{kind} {safe_url(url)}".strip(): why
                for (kind, url), why in self.paused.items()}

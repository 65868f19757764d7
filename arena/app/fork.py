"""Forks: a recorded game replayed up to one of its events, then played on with other
agents (``arena fork GAME.jsonl --at SEQ --seat N=SPEC``), for counterfactual studies
("what if seat 3 had been model B from day 2"). Every decision asked while the last
event is before the fork point is the recorded one; from the fork point on each seat
plays its new agent (``--seat``) or, by default, a fresh agent of its recorded spec.
The new transcript's header names its parent game and the fork point."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from agents import BUILT_IN, MODELS, Agent, SeatOptions, kind_of, make_agent
from agents.providers.registry import is_local
from agents.replay import ReplayAgent, decisions_by_seat
from arena.app.fork_prompts import ForkPrompts, read_texts
from arena.app.session import Session
from arena.engine import BaseEvent, Decision, GameResult, Observation, Request
from arena.engine.requests import Usage
from arena.errors import UsageError
from arena.header import ForkOrigin, SeatEntry, TranscriptHeader
from arena.transcript import config_of, deal_of, read, stop_point

PEOPLE = ("human", "web")  # seats a person played: a fork needs an agent for them


@dataclass
class Clock:
    """The seq of the last event the forked game has emitted (a session sink)."""

    seq: int = -1

    def __call__(self, event: BaseEvent) -> None:
        self.seq = event.seq

    def next(self) -> int:
        """The seq of the next event: where a replayed question is asked."""
        return self.seq + 1


class ForkSeat:
    """The recorded answers while the game is before the fork point, matched as
    ``arena replay`` matches them (agents/replay.py), then ``live`` (the agent the
    header describes)."""

    def __init__(self, recorded: ReplayAgent, live: Agent, clock: Clock, at: int) -> None:
        self.recorded, self.live, self.clock, self.at = recorded, live, clock, at

    @property
    def concurrent(self) -> bool:
        """In line while replaying, as ``arena replay`` asks (an answer recorded where it
        was asked is served only there, and a seat asked beside others is asked after
        their answers are recorded); from the fork point on, as its agent is asked."""
        return self.clock.seq >= self.at and bool(getattr(self.live, "concurrent", False))

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if self.clock.seq < self.at:
            return await self.recorded.decide(observation, request)
        return await self.live.decide(observation, request)

    def unbilled(self) -> tuple[Usage, ...]:
        """The cut-off tries of whichever agent answered (a model seat after the fork)."""
        agent = self.recorded if self.clock.seq < self.at else self.live
        unbilled = getattr(agent, "unbilled", None)
        return tuple(unbilled()) if unbilled is not None else ()


def replaying(agents: dict[int, Agent], events: Sequence[BaseEvent], clock: Clock,
              at: int) -> dict[int, Agent]:
    """Each seat's recorded answers in ``events`` while the game is before event ``at``
    (``clock`` follows the game), then its agent in ``agents``."""
    queues = decisions_by_seat([e.to_dict() for e in events])
    return {seat: ForkSeat(ReplayAgent(queues.get(seat, []), clock.next), live, clock, at)
            for seat, live in agents.items()}


def check_rebuildable(seat: int, spec: str) -> None:
    """A fork rebuilds a seat from the header's spec only when that runs nothing the file
    names: a built-in bot, or an OpenAI or Anthropic model at its own API or on this
    machine. A ``langchain:MODULE:FACTORY`` seat would import the module, a model at
    another URL would be sent this machine's API key: UsageError asking for ``--seat``."""
    kind = kind_of(spec)
    if kind in BUILT_IN:
        return
    if kind == "langchain":
        why = "a fork never imports a module a transcript names"
    elif kind in ("openai", "anthropic") and "@" in spec and not is_local(spec.split("@", 1)[1]):
        why = "a fork never sends an API key to a URL a transcript names"
    else:
        return
    raise UsageError(f"seat {seat} played {spec}: {why}; name its agent again "
                     f"(--seat {seat}=SPEC)")


def fork_point(events: Sequence[BaseEvent], at: int) -> int:
    """Where a fork of a game with ``events`` branches when asked to at ``at``: there,
    or, past the last event a game that stopped (``aborted``) played, at that event (the
    fork plays the game on from where it stopped); UsageError outside the game."""
    if not events or not 0 <= at <= events[-1].seq:
        last = events[-1].seq if events else 0
        raise UsageError(f"--at {at}: the parent's events run from 0 to {last}")
    stop = stop_point(events)
    return at if stop is None else min(at, stop)


def fork_session(parent: Path, at: int, specs: dict[int, str], out: Path,
                 timeout_s: float = 60.0, prompts: Sequence[Path] = ()) -> Session:
    """The forked game of ``parent`` at event ``at``, with ``specs`` (seat -> agent spec)
    replacing the recorded agents from there on, each model seat in its parent seat's
    language on the texts its parent seat read (the shipped set or one of ``prompts``);
    UsageError for a bad fork point, a person's seat left without an agent or a seat
    whose texts none of the sets has."""
    transcript = read(parent)
    header, events = transcript.header, transcript.events
    at = fork_point(events, at)
    config = config_of(header)
    recorded = {s.seat: s.agent for s in header.seats}
    chosen = {seat: specs.get(seat, recorded.get(seat, ""))
              for seat in range(1, config.players + 1)}
    people = sorted(s for s, spec in chosen.items() if kind_of(spec) in PEOPLE or not spec)
    if people:
        raise UsageError(f"seat {people[0]} was played by a person: give it an agent "
                         f"(--seat {people[0]}=heuristic)")
    for seat in sorted(chosen.keys() - specs.keys()):
        check_rebuildable(seat, chosen[seat])
    seed = header.seed or 0
    clock = Clock()
    agents = replaying(live_agents(header, chosen, seed, prompts), events, clock, at)
    return Session(config, agents, seed=seed, deal=deal_of(header, config), specs=chosen,
                   out=out, sinks=[clock], timeout_s=timeout_s,
                   record_reasoning=header.record_reasoning, draws=header.draws,
                   fork=ForkOrigin(parent=header.game_id or parent.stem, at=at))


def live_agents(header: TranscriptHeader, chosen: dict[int, str], seed: int,
                prompts: Sequence[Path]) -> dict[int, Agent]:
    """The agent of ``chosen``'s spec that plays each seat on from the fork point; a model
    seat in its parent seat's language, on the texts its parent seat read (the shipped
    set or one of ``prompts``: arena/app/fork_prompts.py)."""
    sets = ForkPrompts(prompts, header.seats)
    entries = {entry.seat: entry for entry in header.seats}
    agents: dict[int, Agent] = {}
    for seat, spec in chosen.items():
        entry = entries.get(seat, SeatEntry(seat=seat, name=f"P{seat}"))
        lang = entry.lang or "en"
        folder = (sets.folder(seat, lang, read_texts(header, entry))
                  if kind_of(spec) in MODELS else None)
        agents[seat] = make_agent(spec, seat, seed, SeatOptions(prompts=folder), lang)
    return agents


async def fork_game(parent: Path, at: int, specs: dict[int, str], out: Path,
                    prompts: Sequence[Path] = ()) -> GameResult:
    return await fork_session(parent, at, specs, out, prompts=prompts).run()

"""The tracker: a seat's evidence kept up to date, and the public evidence a game's seats share."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agents.belief.evidence import ACTS, Evidence
from agents.belief.exact import infer, plain, public_marginals
from arena.engine.events import (
    BaseEvent,
)
from arena.engine.view import Observation

if TYPE_CHECKING:
    from agents.belief.space import Belief


@dataclass(slots=True)
class PublicLog:
    """One game's public evidence, folded once for all its seats, and the public events
    folded so far (in order: the same objects every seat of the game is shown)."""

    evidence: Evidence
    events: list[BaseEvent]
    def take(self, event: BaseEvent) -> None:
        """Fold the game's next public event."""
        self.evidence.take(event)
        self.events.append(event)


_GAMES: OrderedDict[int, PublicLog] = OrderedDict()


GAMES_KEPT = 16  # games whose public evidence is kept (a run plays one at a time)


def public_log(first: BaseEvent) -> PublicLog:
    """The shared public evidence of the game whose first public event is ``first`` (by
    identity: the log holds on to it, so no other event takes its id while it is kept)."""
    log = _GAMES.get(id(first))
    if log is None or log.events[0] is not first:
        log = _GAMES[id(first)] = PublicLog(Evidence(0, True), [])
        log.take(first)
        while len(_GAMES) > GAMES_KEPT:
            _GAMES.popitem(last=False)
    _GAMES.move_to_end(id(first))
    return log


class BeliefTracker:
    """One seat's evidence and belief, updated as its observation grows. A seat that
    knows no more than the table (a plain villager, say) derives its belief from the
    public one, which every seat of the game shares. The public evidence itself is the
    game's ``PublicLog`` while this seat's observation is at the log's moment (as in a
    game the engine runs); an observation behind it (a replay of old moments) gets an
    evidence of its own."""

    def __init__(self, *, public_only: bool = False) -> None:
        self.public_only = public_only
        self._reset(0)

    def _reset(self, seat: int) -> None:
        self.seat, self.seen, self.shown = seat, 0, 0  # events folded, the public ones
        self.first: BaseEvent | None = None
        self.mine = None if self.public_only else Evidence(seat, False)
        self.sharing = not self.public_only  # its evidence holds the log's acts in common
        self.log: PublicLog | None = None
        self.own: Evidence | None = None  # this seat's public evidence, once off the log
        self._cache: tuple[tuple[int, int], Belief] | None = None
        self._plain: tuple[Evidence | None, tuple[int, ...], bool] = (None, (), False)

    @property
    def public(self) -> Evidence:
        """The public evidence at this seat's moment."""
        if self.log is not None:
            return self.log.evidence
        if self.own is None:
            self.own = Evidence(self.seat, True)
        return self.own

    @property
    def evidence(self) -> Evidence:
        """This seat's evidence (the public one for a public-only tracker)."""
        return self.public if self.mine is None else self.mine

    def update(self, observation: Observation) -> Belief:
        """The belief after ``observation``, recomputed only when the evidence moved."""
        events = observation.events
        if self.seat != observation.seat or self.seen > len(events) or (
                events and self.first is not None and self.first is not events[0]):
            self._reset(observation.seat)
        self._fold(events)
        ev = self.evidence
        moment = (ev.version, self.public.version)
        if self._cache is not None and self._cache[0] == moment:
            return self._cache[1]
        belief = None
        if self.mine is None or self._is_plain(ev):
            shared = public_marginals(self.public)
            belief = shared.belief(ev.players, None if self.mine is None else ev.seat) if (
                shared) else None
        if belief is None:
            ev.table = self.public
            belief = infer(ev)
        self._cache = (moment, belief)
        return belief

    def _is_plain(self, ev: Evidence) -> bool:
        """``plain(ev, public)``, kept while what it reads stays the same."""
        public = self.public
        key = (ev.facts, len(ev.claim_day), len(ev.victims), public.facts)
        if self._plain[0] is not public or self._plain[1] != key:
            self._plain = (public, key, plain(ev, public))
        return self._plain[2]

    def _fold(self, events: tuple[BaseEvent, ...]) -> None:
        """Fold this seat's new events: all into its own evidence, the public ones into
        the game's log (where no other seat did yet) or into its own public evidence. Its
        own evidence shares the log's acts while in step with it (``Evidence.share``)."""
        if self.first is None and events:
            self.first = events[0]
        mine, log, shown, behind = self.mine, self.log, self.shown, False
        echoing, facts = self._echoing(), -1 if mine is None else mine.facts
        for i in range(self.seen, len(events)):
            event = events[i]
            if event.audience == "public":
                if log is None and shown == 0 and self.own is None:
                    log = self.log = public_log(event)
                    if mine is not None and self.sharing:
                        mine.share(log.evidence)
                        echoing = self._echoing()
                elif log is None:
                    self.public.take(event)
                elif shown == len(log.events):
                    log.take(event)
                elif log.events[shown] is not event:
                    behind = True
                shown += 1
                if mine is not None and mine.shares is not None and type(event) in ACTS:
                    if echoing and not behind:
                        if not mine.nightfall and event.phase == "night":
                            mine.nightfall = True  # all take does of a shared act
                            mine.facts += 1
                            mine.version += 1
                        continue
                    self._alone(events[:i + 1])
                    mine, echoing, facts = self.mine, False, -1
                    continue
            if mine is not None:
                mine.take(event)
                if mine.facts != facts:  # its role or deal may have changed
                    echoing, facts = self._echoing(), mine.facts
        self.seen, self.shown = len(events), shown
        if self.log is not None and (behind or shown != len(self.log.events)):
            self.log, self.own = None, Evidence(self.seat, True)
            for event in events:
                if event.audience == "public":
                    self.own.take(event)
            if self.mine is not None and self.mine.shares is not None:
                self._alone(events)

    def _echoing(self) -> bool:
        """Whether this seat's evidence may take the log's acts as they are: it shares
        them, and is neither the possessed nor a thief whose deal reads claims apart."""
        mine = self.mine
        return mine is not None and mine.shares is not None and not mine.lying and (
            mine.deal == mine.shares.deal)

    def _alone(self, events: tuple[BaseEvent, ...]) -> None:
        """This seat's evidence folded anew from ``events``, holding its acts alone."""
        self.sharing, self.mine = False, Evidence(self.seat, False)
        for event in events:
            self.mine.take(event)

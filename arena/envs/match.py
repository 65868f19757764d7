"""One game stepped from outside, the core of both environments.

The engine's flow runs until a question reaches a learner's seat. Bots answer their
requests of that question in line (in request order); each learner's request stays
``pending`` until an action settles it. An action is checked as the judge checks any
agent's answer: an illegal one is refused (asked again with the reason), the third
gives the fallback. When every pending request of the question is settled, the flow
runs on to the next question that reaches a learner, or to the game's end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agents import make_agent
from arena.engine import Decision, Game, GameConfig, GameResult, Observation, Request
from arena.engine.drive import Flow, answer, start
from arena.engine.judge import Asking, Note, SeatAgent
from arena.envs.actions import Masks, decode
from arena.envs.info import Info

FACTION_REWARD = 1.0


class Learner:
    """A seat the environment's caller plays: the judge keeps its view; it is never asked
    directly (the environment answers for it)."""

    concurrent = False

    async def decide(self, observation: Observation, request: Request) -> Decision:
        raise RuntimeError("a learner's seat is answered through env.step")


class Pending:
    """A learner's request awaiting its action: its place in the question, the picks made
    so far (pair and subset kinds), the refusals noted, the try and the legal actions
    (the mask, and as a set); ``info`` is the environment's, made once per request."""

    __slots__ = ("attempt", "index", "info", "legal", "mask", "notes", "picks", "request")

    def __init__(self, request: Request, index: int, notes: list[Note], attempt: int,
                 masks: Masks) -> None:
        self.request, self.index, self.notes, self.attempt = request, index, notes, attempt
        self.picks: list[int] = []
        self.mask, self.legal = masks(request, self.picks)  # the mask is read-only
        self.info: Info | None = None


class Match:
    """One game between ``learners`` (seats) and ``bots`` (seat -> agent spec)."""

    def __init__(self, config: GameConfig, learners: tuple[int, ...], bots: Mapping[int, str],
                 seed: int, lang: str, masks: Masks) -> None:
        agents: dict[int, SeatAgent] = {s: make_agent(spec, s, seed, None, lang)
                                        for s, spec in bots.items()}
        agents.update({s: Learner() for s in learners})
        self.masks = masks
        self.learners = frozenset(learners)
        self.game = Game(config, agents, seed=seed)
        self.judge = self.game.judge
        self.flow: Flow = start(self.judge)
        self.pending: dict[int, Pending] = {}  # seat -> its request, in request order
        self.decisions: list[Decision | None] = []
        self.batch = False
        self.result: GameResult | None = None
        self._run(None)

    def _run(self, value: Any) -> None:
        """Run the flow on to the next question reaching a learner, or to the end."""
        send, judge, learners, masks = self.flow.send, self.judge, self.learners, self.masks
        while True:
            try:
                asking: Asking[Any] = send(value)
            except StopIteration as done:
                self.result = self.game.finish(done.value)
                return
            decisions: list[Decision | None] = []
            for index, request in enumerate(asking.requests):
                if request.seat in learners:
                    self.pending[request.seat] = Pending(request, index, [], 1, masks)
                    decisions.append(None)
                else:
                    decisions.append(answer(judge, request))
            if self.pending:
                self.decisions, self.batch = decisions, asking.batch
                return
            value = decisions if asking.batch else decisions[0]

    def act(self, seat: int, action: int) -> None:
        """``seat``'s action on its pending request: a pick, a refusal (asked again) or
        its decision (the flow runs on once the question's last request is settled)."""
        pending = self.pending[seat]
        request = pending.request
        decision = decode(request, action, pending.picks, self.masks.players)
        if decision is None:  # a pair or subset still picking
            pending.mask, pending.legal = self.masks(request, pending.picks)
            if pending.info is not None:
                pending.info.picked(pending.picks)
            return
        # as the judge checks; an action the mask allows, with no picks before it, is
        # legal (the mask is the request's rules: tests/test_env.py shows they agree)
        masked = action in pending.legal and not pending.picks
        if pending.notes or (not masked and request.validate(decision) is not None):
            judge = self.judge
            result = judge.check(request, decision, pending.notes, pending.attempt)
            if type(result) is Request:  # refused: asked again with the reason
                self.pending[seat] = Pending(result, pending.index, pending.notes,
                                             pending.attempt + 1, self.masks)
                return
            judge.record(pending.notes)
            decision = result  # type: ignore[assignment]  # not a Request
        self.decisions[pending.index] = decision
        del self.pending[seat]
        if not self.pending:
            decisions = self.decisions
            self._run(decisions if self.batch else decisions[0])

    def rewards(self) -> dict[int, float]:
        """Each learner's reward at the end: +1 won, -1 lost, 0 in a draw (no winner)."""
        assert self.result is not None
        winners = set(self.result.winners)
        return {s: 0.0 if not winners else FACTION_REWARD if s in winners else -FACTION_REWARD
                for s in self.learners}

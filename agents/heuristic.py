"""The heuristic agent: the default opponent, a real player acting on its belief.

Village seats vote out, shoot and poison the likeliest wolves and protect or save
the credible seer; the seer checks the most uncertain seat and claims when it
pays, and so does the medium with what each exile was. Wolves pick their victim by
a rule every wolf computes alike from shared information, one of them poses as the
seer, they vote with the village's leading good candidate rather than as a bloc and
give up a caught packmate; the possessed, who knows no wolf, poses as the seer and votes
against the seats the village trusts. Every other role plays for its own goal (see
the modules of ``agents.tactics``). It speaks the game's language (``lang``) in varied
sentences that give its own reasons, none that another seat said that day
(``agents.tactics.talk``).
"""

from __future__ import annotations

from agents.base import SeededAgent
from agents.belief import BeliefTracker, is_pack
from agents.tactics import hybrid, new_moon, pack_kill
from agents.tactics.registry import PLAYS, PUBLIC_KINDS, plays
from agents.tactics.situation import Situation
from arena.engine.requests import Decision, Request
from arena.engine.view import Observation


@plays("kill")
def kill(s: Situation, request: Request) -> Decision:
    """The hybrid's kill, the white wolf's lone kill, or the pack's."""
    if request.context.get("hybrid"):
        return hybrid.kill(s, request)
    if request.context.get("solo"):
        return pack_kill.white_wolf_kill(s, request)
    if request.context.get("moon") and not s.is_wolf:  # E26 / O12: a power risen as a wolf
        return new_moon.risen_kill(s, request)
    return pack_kill.kill(s, request)


class HeuristicAgent(SeededAgent):
    """Plays every role from an exact belief over the possible wolf sets."""

    def __init__(self, seed: int = 0, lang: str = "en") -> None:
        super().__init__(seed)
        self.lang = lang
        self.private = BeliefTracker()
        self.public = BeliefTracker(public_only=True)

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if request.kind == "probe":  # the vote it would cast now; the game goes on unchanged
            decision = self.aside(lambda: self.play(observation, request))
        else:
            decision = self.play(observation, request)
        return decision if request.validate(decision) is None else request.default()

    def play(self, observation: Observation, request: Request) -> Decision:
        """The heuristic's own answer, before ``decide``'s safety net of the default."""
        belief = self.private.update(observation)
        wolf_needs_it = is_pack(observation.role) and request.kind in PUBLIC_KINDS
        public = self.public.update(observation) if wolf_needs_it else belief
        situation = Situation(observation, belief, public, self.private.evidence, self.rng,
                              self.lang)
        play = PLAYS.get(request.kind)
        decision = play(situation, request) if play else request.default()
        return new_moon.quiet(situation, decision) if request.shape == "speech" else decision

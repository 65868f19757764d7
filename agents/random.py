"""The random agent, exactly as design.md section 3 defines it.

Uniform over the legal options; never passes or abstains when another option
exists; never votes for itself; as a wolf never proposes a fellow wolf when
another target exists; no claims; yes/no powers that reshape the game
(self-destruct, running for sheriff) with probability 1/2.
"""

from __future__ import annotations

from agents.base import SeededAgent, blind
from arena.engine import Decision, Request
from arena.engine.requests import SHAPES

SELF_EXCLUDED = frozenset({"vote", "elect", "probe"})


class RandomAgent(SeededAgent):
    @blind  # the request's options are all it needs
    def decide(self, request: Request) -> Decision:
        if request.kind == "probe":  # the vote it would cast now; the game goes on unchanged
            return self.aside(lambda: self.pick(request))
        return self.pick(request)

    def pick(self, request: Request) -> Decision:
        kind = request.kind
        shape = SHAPES[kind]
        if shape == "target":
            options: tuple[int, ...] | list[int] = request.options
            if kind in SELF_EXCLUDED and request.seat in options:
                options = list(options)
                options.remove(request.seat)
            elif kind == "kill":
                pack = request.context.get("pack", ())
                options = [o for o in options if o not in pack] or options
            if not options:
                return request.default()
            return Decision(kind, self.rng.choice(options))
        if shape == "speech":
            return Decision(kind)
        if shape == "pair":
            return Decision(kind=kind, targets=tuple(self.rng.sample(request.options,
                                                                     request.count)))
        if shape == "subset":
            return Decision(kind=kind, targets=tuple(
                o for o in request.options if self.rng.random() < 0.5))
        if shape == "yes_no":
            return Decision(kind=kind, yes=self.rng.random() < 0.5)
        return Decision(kind=kind)

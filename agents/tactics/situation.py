"""What one decision draws on, and the small helpers every tactic shares."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from agents.base import derive_seed
from agents.belief import PIPER, SEER, WOLF, Belief, Evidence, is_pack
from agents.tactics import talk
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request
from arena.engine.view import Observation

CREDIBLE = 0.35  # P(wolf) under which a claimant is believed
POWER_CLAIMS = ("seer", "medium", "witch", "guard", "hunter")
"""The village's power roles: shown to stop an exile, guarded, hunted by the pack."""


@dataclass(frozen=True, slots=True)
class Situation:
    """The observation, the private and the public belief, the evidence behind them,
    the seat's own random stream and the game's language."""

    obs: Observation
    belief: Belief
    public: Belief
    ev: Evidence
    rng: random.Random
    lang: str = "en"

    def words(self) -> Words:
        """An empty speech in this game's language, worded by this seat and moment."""
        return Words(lang=self.lang, salt=shared_hash("talk", self.me, self.obs.day,
                                                      len(self.obs.events)))

    @property
    def me(self) -> int:
        return self.obs.seat

    @property
    def role(self) -> str:
        return self.obs.role or "villager"

    @property
    def is_wolf(self) -> bool:
        return is_pack(self.obs.role)

    @property
    def team(self) -> tuple[int, ...]:
        """The pack, living or dead (a wolf's teammates; empty for the village)."""
        return self.ev.pack_seats() if self.is_wolf else ()

    def p(self, seat: int) -> float:
        return self.belief.p(seat)

    def living(self) -> list[int]:
        return [s for s in self.obs.alive if s != self.me]

    def claimed(self, seat: int, role: str) -> bool:
        return role in self.ev.claims.get(seat, ())

    def seer_claimants(self) -> list[int]:
        return [s for s in self.ev.claimants(SEER) if s != self.me and s in self.obs.alive]

    def credible_seer(self) -> int | None:
        """The living seer claimant this seat believes, if any."""
        ranked = sorted(self.seer_claimants(), key=lambda s: (self.p(s), s))
        return ranked[0] if ranked and self.p(ranked[0]) < CREDIBLE else None

    def baseline(self, belief: Belief | None = None) -> float:
        """Mean P(wolf) over the living seats whose role is not known."""
        view = belief or self.belief
        open_seats = [s for s in self.living() if s not in self.ev.known]
        return sum(view.p(s) for s in open_seats) / len(open_seats) if open_seats else 0.0

    def pressure(self, *, ever: bool = False) -> Counter[int]:
        """Per seat: today's accusations (``ever``: all of them) plus every wolf check
        claimed so far."""
        day = self.obs.day
        heat = Counter(t for _, t, d in self.ev.accusations if ever or d == day)
        heat.update(t for (_, t), wolf in self.ev.checks.items() if wolf)
        return heat

    def piper_odds(self, seat: int) -> float:
        """How likely ``seat`` is the piper, who wins alone: certain after one's own check,
        else as likely as the most credible seer claimant who named him is good."""
        if self.ev.known.get(seat) == PIPER:
            return 1.0
        return max((1 - self.p(c) for c in self.ev.piper_calls.get(seat, ())), default=0.0)

    def danger(self, seat: int, belief: Belief | None = None) -> float:
        """How much the village wants ``seat`` gone: a likely wolf or a likely piper."""
        return max((belief or self.belief).p(seat), self.piper_odds(seat))

    def suspect(self, options: list[int], belief: Belief | None = None) -> int | None:
        """The most dangerous seat among ``options`` other than this seat and its lover
        (ties: more pressure, then lower seat)."""
        heat = self.pressure()
        pool = [o for o in options if o != self.me and o not in self.obs.lovers]
        return max(pool, key=lambda s: (round(self.danger(s, belief), 9), heat[s], -s)) if (
            pool) else None

    def trusted(self, options: list[int], belief: Belief | None = None) -> int | None:
        """The likeliest good seat among ``options`` other than this one."""
        view = belief or self.belief
        pool = [o for o in options if o != self.me]
        return min(pool, key=lambda s: (round(view.p(s) + self.piper_odds(s), 9), s)) if (
            pool) else None

    def sharp(self, seat: int, belief: Belief | None = None) -> bool:
        """``seat`` stands out as a wolf, not just a little more suspect than the rest."""
        view = belief or self.belief
        return self.danger(seat, view) >= max(1.25 * self.baseline(view), CREDIBLE)


@dataclass(slots=True)
class Words:
    """A speech under construction."""

    parts: list[str] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    lang: str = "en"
    salt: int = 0

    def say(self, text: str, *claims: Claim) -> None:
        self.parts.append(text)
        self.claims.extend(claims)

    def line(self, key: str, *claims: Claim, **fields: object) -> None:
        """Say one phrasing of the catalog line ``key`` (agents.tactics.talk)."""
        self.say(self.text(key, **fields), *claims)

    def check(self, target: int, wolf: bool, *, medium: bool = False) -> None:
        """A check result told (``medium``: what an exiled seat was)."""
        key = ("medium_wolf" if wolf else "medium_human") if medium else (
            "check_wolf" if wolf else "check_good")
        self.line(key, Claim(kind="check", target=target, result=WOLF if wolf else "good"),
                  target=target)

    def text(self, key: str, **fields: object) -> str:
        """One phrasing of ``key``, varied by the speaker, the moment and the place."""
        return talk.line(self.lang, key, self.salt + len(self.parts) * 7 + len(key), **fields)

    def decision(self, kind: str) -> Decision:
        joiner = "" if self.lang == "zh" else " "
        return Decision(kind=kind, text=joiner.join(self.parts), claims=tuple(self.claims))


def shared_hash(*parts: object) -> int:
    """A deterministic hash every wolf computes alike."""
    return derive_seed(0, 0, ":".join(str(p) for p in parts))


def answer(request: Request, choice: int | None) -> Decision:
    """A target decision that is always legal: ``choice``, else pass, else the default."""
    if choice is not None and choice in request.options:
        return Decision(kind=request.kind, target=choice)
    return request.default()

"""What one decision draws on, and the small helpers every tactic shares."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, takewhile
from typing import Any

from agents.base import derive_seed
from agents.belief import PIPER, SEER, WOLF, Belief, Evidence, is_pack
from agents.tactics import talk
from arena.engine.events import BaseEvent, Claim, Speech
from arena.engine.requests import Decision, Request
from arena.engine.view import Observation

CREDIBLE = 0.35  # P(wolf) under which a claimant is believed
POWER_CLAIMS = ("seer", "medium", "witch", "guard", "hunter")
"""The village's power roles: shown to stop an exile, guarded, hunted by the pack."""


class Situation:
    """The observation, the private and the public belief, the evidence behind them,
    the seat's own random stream and the game's language; what the tactics ask of them
    several times in one decision is worked out once (``memo``)."""

    __slots__ = ("belief", "ev", "is_wolf", "lang", "me", "memo", "obs", "pipers", "public",
                 "rng", "team")

    def __init__(self, obs: Observation, belief: Belief, public: Belief, ev: Evidence,
                 rng: random.Random, lang: str = "en") -> None:
        self.obs, self.belief, self.public, self.ev, self.rng, self.lang = (
            obs, belief, public, ev, rng, lang)
        self.me = obs.seat
        self.is_wolf = is_pack(obs.role)
        self.team: tuple[int, ...] = ev.pack_seats() if self.is_wolf else ()
        """The pack, living or dead (a wolf's teammates; empty for the village)."""
        self.pipers = bool(ev.piper_calls) or PIPER in ev.known.values()
        """Whether any seat may be the piper (a check named one, or his card is known)."""
        self.memo: dict[object, Any] = {}

    def words(self) -> Words:
        """An empty speech in this game's language, worded by this seat and moment apart
        from the speeches it heard today."""
        return Words(lang=self.lang, salt=shared_hash("talk", self.me, self.obs.day,
                                                      len(self.obs.events)),
                     heard=tuple(e.text for e in self.speeches()))

    def today(self) -> list[BaseEvent]:
        """Today's events so far, newest first."""
        found: list[BaseEvent] | None = self.memo.get("today")
        if found is None:
            day = self.obs.day  # days only grow
            found = self.memo["today"] = list(
                takewhile(lambda e: e.day == day, reversed(self.obs.events)))
        return found

    def speeches(self) -> list[Speech]:
        """Today's speeches this seat heard, oldest first."""
        return [e for e in reversed(self.today()) if isinstance(e, Speech)]

    def echoes(self, kind: str, target: int) -> list[int]:
        """The other seats that made the claim ``kind`` on ``target`` aloud today."""
        return [e.seat for e in self.speeches() if e.seat != self.me and e.context != "wolf_chat"
                and any(c.kind == kind and c.target == target for c in e.claims)]

    @property
    def role(self) -> str:
        return self.obs.role or "villager"

    def p(self, seat: int) -> float:
        return self.belief.wolf.get(seat, 0.0)

    def living(self) -> list[int]:
        """The other living seats (one list a decision: read it, do not change it)."""
        found: list[int] | None = self.memo.get("living")
        if found is None:
            me = self.me
            found = self.memo["living"] = [s for s in self.obs.alive if s != me]
        return found

    def claimed(self, seat: int, role: str) -> bool:
        return role in self.ev.claims.get(seat, ())

    def seer_claimants(self) -> list[int]:
        found = self.memo.get("seers")
        if found is None:
            alive = self.obs.alive
            found = self.memo["seers"] = [s for s in self.ev.claimants(SEER)
                                          if s != self.me and s in alive]
        return list(found)

    def credible_seer(self) -> int | None:
        """The living seer claimant this seat believes, if any."""
        if "credible" not in self.memo:
            wolf = self.belief.wolf
            ranked = sorted(self.seer_claimants(), key=lambda s: (wolf.get(s, 0.0), s))
            self.memo["credible"] = ranked[0] if ranked and wolf.get(ranked[0], 0.0) < (
                CREDIBLE) else None
        credible: int | None = self.memo["credible"]
        return credible

    def baseline(self, belief: Belief | None = None) -> float:
        """Mean P(wolf) over the living seats whose role is not known."""
        view = belief or self.belief
        key = ("baseline", id(view))
        if key not in self.memo:
            known, wolf = self.ev.known, view.wolf
            open_seats = [s for s in self.living() if s not in known]
            self.memo[key] = sum(wolf.get(s, 0.0) for s in open_seats) / len(open_seats) if (
                open_seats) else 0.0
        mean: float = self.memo[key]
        return mean

    def pressure(self, *, ever: bool = False) -> Counter[int]:
        """Per seat: today's accusations (``ever``: all of them) plus every wolf check
        claimed so far (the caller reads it, never changes it)."""
        key = ("pressure", ever)
        heat: Counter[int] | None = self.memo.get(key)
        if heat is None:
            ev = self.ev
            heat = Counter(ev.accused if ever else ev.accused_on.get(self.obs.day, ()))
            heat.update(ev.called_wolf)
            self.memo[key] = heat
        return heat

    def piper_odds(self, seat: int) -> float:
        """How likely ``seat`` is the piper, who wins alone: certain after one's own check,
        else as likely as the most credible seer claimant who named him is good."""
        if not self.pipers:
            return 0.0
        if self.ev.known.get(seat) == PIPER:
            return 1.0
        return max((1 - self.p(c) for c in self.ev.piper_calls.get(seat, ())), default=0.0)

    def danger(self, seat: int, belief: Belief | None = None) -> float:
        """How much the village wants ``seat`` gone: a likely wolf or a likely piper."""
        p = (belief or self.belief).wolf.get(seat, 0.0)
        return max(p, self.piper_odds(seat)) if self.pipers else p

    def suspect(self, options: list[int], belief: Belief | None = None) -> int | None:
        """The most dangerous seat among ``options`` other than this seat and its lover
        (ties: more pressure, then lower seat)."""
        me, lovers = self.me, self.obs.lovers
        pool = [o for o in options if o != me and o not in lovers]
        if not pool:
            return None
        heat = self.pressure().get
        if self.pipers:
            danger = self.danger
            return max((round(danger(s, belief), 9), heat(s, 0), -s) for s in pool)[2] * -1
        wolf = (belief or self.belief).wolf.get
        return max((round(wolf(s, 0.0), 9), heat(s, 0), -s) for s in pool)[2] * -1

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


Reason = tuple[str, Mapping[str, object]]
"""A ``why.*`` clause of the catalog and its fields."""


@dataclass(slots=True)
class Words:
    """A speech under construction, in sentences nobody said today: ``heard`` holds
    today's speeches as this seat heard them, ``said`` their sentences and this speech's."""

    parts: list[str] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    lang: str = "en"
    salt: int = 0
    heard: tuple[str, ...] = ()
    said: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.said.update(s for text in self.heard for s in talk.sentences(text))

    def say(self, text: str, *claims: Claim) -> None:
        self.parts.append(text)
        self.said.update(talk.sentences(text))
        self.claims.extend(claims)

    def line(self, key: str, *claims: Claim, **fields: object) -> None:
        """Say a phrasing of the catalog line ``key`` (agents.tactics.talk) nobody said
        today."""
        self.say(self.fresh(self.phrasings(key, **fields)), *claims)

    def argue(self, key: str, claim: Claim, reasons: Sequence[Reason], echoes: Sequence[int],
              echo: str) -> None:
        """Say ``key`` about the claim's seat with a reason nobody gave today, else side
        with a seat in ``echoes`` (who said as much today) in the line ``echo``, else
        with a reason already given, else with none."""
        seat = claim.target
        clauses = [self.phrasings(k, **fields) for k, fields in reasons]
        old = [c for c in clauses if self.mentioned(c)]
        new = [c for c in clauses if c not in old]

        def told(groups: list[list[str]]) -> Iterator[str]:
            for clause in groups:
                for why in clause:
                    yield from self.phrasings(key, seat=seat, why=why)

        self.say(self.fresh(chain(told(new), self.sided(echo, seat, echoes), told(old),
                                  told([[""]]))), claim)

    def sided(self, key: str, seat: int | None, echoes: Sequence[int]) -> Iterator[str]:
        """The phrasings of ``key`` siding with each seat in ``echoes`` about ``seat``."""
        return (text for other in echoes for text in self.phrasings(key, seat=seat, other=other))

    def phrasings(self, key: str, **fields: object) -> list[str]:
        """Every phrasing of ``key``, the first chosen by the speaker, the moment and
        the line's place in the speech."""
        return talk.phrasings(self.lang, key, self.salt + len(self.parts) * 7 + len(key),
                              **fields)

    def fresh(self, texts: Iterable[str]) -> str:
        """The first of ``texts`` none of whose sentences was said today (else the first:
        every phrasing was said)."""
        first = None
        for text in texts:
            first = text if first is None else first
            if not any(s in self.said for s in talk.sentences(text)):
                return text
        assert first is not None, "no phrasing"
        return first

    def mentioned(self, phrasings: Iterable[str]) -> bool:
        """Whether a speech heard today holds one of ``phrasings`` (a clause or a line)."""
        return any(p in text for p in phrasings for text in self.heard)

    def check(self, target: int, wolf: bool, *, medium: bool = False) -> None:
        """A check result told (``medium``: what an exiled seat was)."""
        key = ("medium_wolf" if wolf else "medium_human") if medium else (
            "check_wolf" if wolf else "check_good")
        self.line(key, Claim(kind="check", target=target, result=WOLF if wolf else "good"),
                  target=target)

    def decision(self, kind: str) -> Decision:
        joiner = "" if self.lang == "zh" else " "
        return Decision(kind=kind, text=joiner.join(self.parts), claims=tuple(self.claims))


def shared_hash(*parts: object) -> int:
    """A deterministic hash every wolf computes alike."""
    return derive_seed(0, 0, ":".join(map(str, parts)))


def answer(request: Request, choice: int | None) -> Decision:
    """A target decision that is always legal: ``choice``, else pass, else the default."""
    if choice is not None and choice in request.options:
        return Decision(kind=request.kind, target=choice)
    return request.default()

"""Events in sentences: what the terminal, the game pages and the web table print.

``describe(event, viewer, lang)`` is one event's sentence for ``viewer`` (a seat number,
``"god"`` or ``"public"``), or None when that viewer does not see it or it has no line of
its own. A ``Describer`` does the same along a game's events: it learns the seat names
from ``setup`` and adds a night death's true cause (god only) to its announcement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, TypeAlias

from arena.engine.events import BaseEvent, Claim, Speech, Vote
from arena.engine.view import visible
from arena.text.catalog import catalog

Viewer: TypeAlias = int | Literal["god", "public"]
SEAT_FIELDS = frozenset({"seat", "target"})  # named by ``who`` in a sentence
COMMON = ("seq", "day", "phase", "audience", "type")
INPUT_CLOSED = "error: InputClosed"  # a terminal seat's Ctrl-D (agents.human)


def seat_list(seats: Iterable[int]) -> str:
    """Seat numbers as the pages print them: ``3, 5, 8``."""
    return ", ".join(str(s) for s in seats)


def _seat_key(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (0, key)


def tally(votes: list[Vote]) -> tuple[list[tuple[int, float, list[Vote]]], list[int]]:
    """A ballot's rows (target, weighted total, its votes), most votes first, and the
    seats that abstained."""
    by_target: dict[int, list[Vote]] = {}
    for vote in votes:
        if vote.target is not None:
            by_target.setdefault(vote.target, []).append(vote)
    totals = {t: sum(v.weight for v in vs) for t, vs in by_target.items()}
    rows = [(t, totals[t], by_target[t]) for t in sorted(by_target, key=lambda t: (-totals[t], t))]
    return rows, [v.seat for v in votes if v.target is None]


def top_beliefs(probabilities: dict[str, dict[str, float]]) -> list[tuple[str, str, float]]:
    """Per seat, in seat order: the role a belief finds likeliest, and how likely."""
    out = []
    for key, dist in sorted(probabilities.items(), key=lambda kv: _seat_key(kv[0])):
        if dist:
            role = max(dist, key=lambda r: dist[r])
            out.append((key, role, dist[role]))
    return out


class Describer:
    """Sentences of one language for one viewer, along one game's events."""

    def __init__(self, lang: str, viewer: Viewer = "god", names: Sequence[str] = ()) -> None:
        self.c, self.viewer, self.names = catalog(lang), viewer, tuple(names)
        self.causes: dict[int, str] = {}
        self.proposals: dict[int, int | None] = {}  # the pack's kill proposals tonight
        self.striker: int | None = None  # the barber who struck (B8)
        self.closed: set[int] = set()  # seats whose terminal input has ended

    # --- words
    def t(self, key: str, /, **fields: object) -> str:
        return self.c.t(key, **fields)

    def name(self, seat: int) -> str:
        return self.names[seat - 1] if 0 < seat <= len(self.names) else f"P{seat}"

    def who(self, seat: int | None) -> str:
        if seat is None:
            return self.t("words.nobody")
        return self.t("words.who", name=self.name(seat), seat=seat)

    def join(self, items: Sequence[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        return self.t("words.and", rest=self.t("words.sep").join(items[:-1]), last=items[-1])

    def role(self, role: str | None) -> str:
        return self.c.role(role)

    def term(self, family: str, value: str) -> str:
        """A context, cause, ... in words (the value itself when the family lacks it)."""
        key = f"{family}.{value}"
        return self.t(key, **{family: value}) if key in self.c.entries else value

    # --- pieces the renderers style on their own
    def context(self, event: Speech) -> str:
        """A speech's context in words (empty for a plain discussion)."""
        return self.t(f"ctx.{event.context}", context=event.context)

    def speaker(self, event: Speech) -> tuple[str, str]:
        """A speech's speaker and its context tag (empty for a plain discussion)."""
        context = self.context(event)
        return self.who(event.seat), self.t("speech.tag", context=context) if context else ""

    def said(self, event: Speech) -> str:
        """A speech's words, or that the speaker said nothing."""
        return event.text or self.t("speech.silent")

    def claim(self, claim: Claim) -> str:
        return self.t(f"claim.{claim.kind}", kind=claim.kind, role=self.role(claim.role),
                      target="?" if claim.target is None else claim.target,
                      result=self.role(claim.result))

    def ballot(self, ballot: str, round_no: int) -> str:
        """A ballot's heading: ``Exile vote, round 2``."""
        heading = self.t(f"ballot.{ballot}", ballot=ballot)
        return self.t("ballot.round", ballot=heading, round=round_no) if round_no > 1 else heading

    def tally(self, votes: list[Vote]) -> tuple[list[str], str | None]:
        """A ballot's rows, ``3 votes: 5 ← 1, 2 (sheriff ×2)``, and who abstained."""
        rows, abstained = tally(votes)
        lines = [self.t("ballot.tally", target=target, voters=", ".join(map(self._voter, cast)),
                        count=self.t("ballot.one" if total == 1 else "ballot.many",
                                     n=f"{total:g}"))
                 for target, total, cast in rows]
        return lines, self.t("ballot.abstained", seats=seat_list(abstained)) if abstained else None

    def _voter(self, vote: Vote) -> str:
        if vote.weight == 1:
            return str(vote.seat)
        return self.t("ballot.weighted", seat=vote.seat, weight=f"{vote.weight:g}")

    def cause(self, cause: str) -> str:
        return self.t(f"cause.{cause}", cause=cause)

    def model_fallback(self, seat: int, count: int, reason: str) -> str:
        return self.t("model_fallback.other", who=self.who(seat), count=count, reason=reason)

    # --- events
    def shows(self, event: BaseEvent) -> bool:
        if self.viewer == "god":
            return True
        if self.viewer == "public":
            return event.audience == "public"
        return visible(event, self.viewer)

    def __call__(self, event: BaseEvent) -> str | None:
        """``event``'s sentence, or None when the viewer does not see it or it has none."""
        if not self.shows(event):
            return None
        kind = str(getattr(event, "type", ""))
        handler = SENTENCES.get(kind)
        return handler(self, event) if handler is not None else self.generic(kind, event)

    def generic(self, kind: str, event: BaseEvent) -> str:
        """An event with no sentence function: its section's sentence when the catalog
        has one (seat fields named), else its fields as data."""
        data = {k: v for k, v in event.to_dict().items() if k not in COMMON}
        if self.c.has(f"{kind}.other"):
            return self.t(f"{kind}.other", **{k: self.who(v) if k in SEAT_FIELDS and
                                               isinstance(v, int) else v
                                               for k, v in data.items()})
        details = ", ".join(f"{k}: {v}" for k, v in data.items())
        return self.t("event.other", what=kind, details=details)

    def mine(self, seat: int) -> bool:
        return self.viewer == seat


def _setup(d: Describer, e: Any) -> str:
    d.names = tuple(e.names)
    return d.t("setup.deal", roles=d.t("words.sep").join(
        f"{n} {d.role(r)}" for r, n in e.roles.items()))


def _role(d: Describer, e: Any) -> str:
    key = "mine" if d.mine(e.seat) else ("new" if e.day > 0 else "dealt")
    return d.t(f"role.{key}", who=d.who(e.seat), role=d.role(e.role))


def _kill(d: Describer, e: Any) -> str | None:
    """The pack's kill said once: each proposal of a pack of several (a lone wolf's is
    its kill), then the kill; when nobody is attacked, whether the pack disagreed."""
    if not e.final:
        d.proposals[e.seat] = e.target
        alone = isinstance(e.audience, tuple) and len(e.audience) == 1
        return None if alone else d.t("night_action.proposal", actor=d.who(e.seat),
                                      target=d.who(e.target))
    picks, d.proposals = d.proposals, {}
    if e.target is not None:
        return d.t("night_action.kill", actor=d.who(e.seat), target=d.who(e.target))
    if len(set(picks.values())) > 1:
        return d.t("night_action.kill_split", picks=d.join(
            [d.t("night_action.pick", who=d.who(s), target=d.who(t)) for s, t in picks.items()]))
    return d.t("night_action.kill_none")


def _night_action(d: Describer, e: Any) -> str | None:
    if e.action == "kill":
        return _kill(d, e)
    targets = [d.who(s) for s in e.targets]
    key = f"night_action.{e.action}" if e.final else "night_action.proposal"
    if e.target is None and not targets and f"{key}_none" in d.c.entries:
        key += "_none"  # a declined action in its own words (E10: no testimony)
    return d.t(key, actor=d.who(e.seat), action=e.action,
               target=d.join(targets) if targets else d.who(e.target))


def _speech(d: Describer, e: Any) -> str:
    who, tag = d.speaker(e)
    line = d.t("speech.line", who=who, tag=tag, text=d.said(e))
    return line + "".join(d.t("speech.claim", claim=d.claim(c)) for c in e.claims)


def _vote(d: Describer, e: Any) -> str:
    if e.ballot in ("designate", "friends"):
        return d.t(f"vote.{e.ballot}", who=d.who(e.seat), targets=d.join(
            [d.who(s) for s in e.targets]))
    if e.target is None:  # in the ballot's own words where it has them
        key = f"vote.abstain_{e.ballot}"
        return d.t(key if key in d.c.entries else "vote.abstain", who=d.who(e.seat))
    line = d.t(f"vote.{e.ballot}", who=d.who(e.seat), target=d.who(e.target), ballot=e.ballot)
    return line + (d.t("vote.weight", weight=f"{e.weight:g}") if e.weight != 1 else "")


def _vote_result(d: Describer, e: Any) -> str:
    if e.eliminated is not None:
        return d.t(f"vote_result.{e.ballot}", who=d.who(e.eliminated))
    if e.tie:
        return d.t("vote_result.tie", seats=d.join([str(s) for s in e.tie])) + d.t(
            f"vote_result.tie_{e.ballot}" if f"vote_result.tie_{e.ballot}" in d.c.entries
            else "vote_result.tie_other")
    key = f"vote_result.nobody_{e.ballot}"
    return d.t(key if key in d.c.entries else "vote_result.nobody_other")


def _death(d: Describer, e: Any) -> str:
    role = d.role(e.revealed_role) if e.revealed_role else d.t("death.role_hidden")
    cause = "barber_self" if e.cause == "barber" and e.seat == d.striker else e.cause
    line = d.t("death.other", who=d.who(e.seat), role=role, cause=d.cause(cause))
    truth = d.causes.pop(e.seat, None)
    if truth is None:
        return line
    return line + d.t("death_cause.other", cause=d.t(f"truth.{truth}", cause=truth))


def _death_cause(d: Describer, e: Any) -> None:
    d.causes[e.seat] = e.cause


def _belief(d: Describer, e: Any) -> str:
    parts = [f"{key} {d.role(role)} {p:.0%}" for key, role, p in top_beliefs(e.probabilities)]
    return d.t("belief.other", who=d.who(e.seat), beliefs=", ".join(parts))


def _usage(d: Describer, e: Any) -> str:
    return d.t("usage.failed" if e.error else "usage.other", who=d.who(e.seat), kind=e.kind,
               model=e.model, input=e.input_tokens, output=e.output_tokens,
               cost=f"{e.cost_usd:.4f}", error=e.error)


def _usage_summary(d: Describer, e: Any) -> str:
    total = e.total
    return d.t("usage_summary.other", calls=f"{total.get('calls', 0):g}",
               input=f"{total.get('input_tokens', 0):g}",
               output=f"{total.get('output_tokens', 0):g}", cost=f"{total.get('cost_usd', 0):.4f}")


def _fallback(d: Describer, e: Any) -> str | None:
    """A default applied; a terminal whose input has ended is said once, not at every
    decision that follows."""
    if e.reason.startswith(INPUT_CLOSED):
        if e.seat in d.closed:
            return None
        d.closed.add(e.seat)
        return d.t("fallback.input_closed", who=d.who(e.seat), kind=e.kind)
    return d.t("fallback.other", kind=e.kind, who=d.who(e.seat), reason=e.reason)


def _game_end(d: Describer, e: Any) -> str:
    line = d.t(f"game_end.{e.winner}", winner=e.winner)
    return line + (d.t("game_end.reason", reason=e.reason) if e.reason not in ("", "win") else "")


def _house(d: Describer, e: Any) -> str:
    return d.t(f"house.{e.how}", who=d.who(e.seat), building=d.role(e.building),
               owner=d.who(e.house), how=e.how)


def power_key(e: Any) -> str:
    """A building power's sentence key: the baker's look with the pack named, the noble
    pardoning himself, else the power's own (shared with the model narration)."""
    if e.power == "look" and e.targets:
        return "look_pack"
    return "pardon_self" if e.power == "pardon" and e.target == e.seat else e.power


def _building_power(d: Describer, e: Any) -> str:
    key = power_key(e)
    if e.power == "strike":  # B8: the barber dies too if his target is no wolf
        d.striker = e.seat
    return d.t(f"building_power.{key}", who=d.who(e.seat), building=d.role(e.building),
               power=e.power, target=d.who(e.target),
               targets=d.join([d.who(s) for s in e.targets]))


def moon_sentence(say: Callable[..., str], has: Callable[[str], bool],
                  who: Callable[[int | None], str], seats: Callable[[Sequence[int]], str],
                  role: Callable[[str], str], e: Any) -> str:
    """A New Moon card or event in words: drawn, in play, what it did, when it ends
    (``say`` looks sentences up, ``has`` tells whether a key exists; shared by the
    pages and the model narration)."""
    step = "drawn_judge" if e.step == "drawn" and e.by is None else e.step
    # the most particular sentence: for this answer of this card, this card, any card
    key = next((k for k in (f"new_moon.{step}_{e.card}_{e.answer}", f"new_moon.{step}_{e.card}")
                if has(k)), f"new_moon.{step}")
    if e.answer is None:
        answer = ""
    elif e.card == "E30":  # a role read aloud
        answer = role(e.answer)
    else:
        answer = say(f"moon_answer.{e.answer}", answer=e.answer)
    return say(key, card=e.card, name=say(f"moon_card.{e.card}", card=e.card),
               effect=say(f"moon_effect.{e.card}", card=e.card),
               moon=say(f"moon_icon.{e.moon}", moon=e.moon), by=who(e.by),
               seats=seats(e.seats) or say("words.nobody"),
               question=say(f"moon_question.{e.question}", question=e.question or ""),
               answer=answer)


def _new_moon(d: Describer, e: Any) -> str:
    return moon_sentence(d.t, lambda key: key in d.c.entries, d.who,
                         lambda seats: d.join([d.who(s) for s in seats]), d.role, e)


SENTENCES: dict[str, Callable[[Describer, Any], str | None]] = {
    "setup": _setup,
    "role": _role,
    "reveal": lambda d, e: d.t(f"reveal.{e.reason}", who=d.who(e.seat), role=d.role(e.role)),
    "phase": lambda d, e: d.t("phase.falls" if e.name == "night" else "phase.breaks",
                              day=e.day),
    "night_action": _night_action,
    "check_result": lambda d, e: d.t(
        "check_result.mine" if d.mine(e.seat) else "check_result.other", who=d.who(e.seat),
        target=d.who(e.target), result=d.join([d.role(r) for r in e.result.split(",")])),
    "victim_info": lambda d, e: d.t("victim_info.other", who=d.who(e.seat),
                                    target=d.who(e.victim)),
    "cards": lambda d, e: d.t("cards.other", who=d.who(e.seat),
                              cards=d.join([d.role(c) for c in e.cards])),
    "enchanted": lambda d, e: d.t("enchanted.other", seats=d.join([d.who(s) for s in e.seats])),
    "lovers": lambda d, e: d.t("lovers.other", seats=d.join([d.who(s) for s in e.seats])),
    "speech": _speech,
    "candidacy": lambda d, e: d.t("candidacy.running" if e.running else "candidacy.other",
                                  who=d.who(e.seat)),
    "vote": _vote,
    "vote_result": _vote_result,
    "sheriff": lambda d, e: d.t(f"sheriff.{e.how}", who=d.who(e.seat), by=d.who(e.by),
                                how=e.how),
    "death": _death,
    "death_cause": _death_cause,
    "shoot": lambda d, e: d.t("shoot.other" if e.target is not None else "shoot.none",
                              who=d.who(e.seat), target=d.who(e.target)),
    "explode": lambda d, e: d.t("explode.other", who=d.who(e.seat)),
    "house": _house,
    "building_power": _building_power,
    "spared": lambda d, e: d.t(f"spared.{e.reason}", who=d.who(e.seat), reason=e.reason),
    "plague": lambda d, e: d.t("plague.judge" if e.by is None else "plague.other",
                               who=d.who(e.by), target=d.who(e.target)),
    "touched": lambda d, e: d.t(f"touched.{e.how}", who=d.who(e.seat), how=e.how),
    "box_toss": lambda d, e: d.t(f"box_toss.{e.outcome}", outcome=e.outcome),
    "belief": _belief,
    "vote_probe": lambda d, e: d.t("vote_probe.other" if e.target is not None
                                   else "vote_probe.none", who=d.who(e.seat),
                                   target=d.who(e.target)),
    "usage": _usage,
    "usage_summary": _usage_summary,
    "reasoning": lambda d, e: d.t("reasoning.other", who=d.who(e.seat), kind=e.kind,
                                  text=e.text),
    "error": lambda d, e: d.t("error.other", kind=e.kind, who=d.who(e.seat), message=e.message),
    "fallback": _fallback,
    "model_fallback": lambda d, e: d.model_fallback(e.seat, e.count, e.reason),
    "game_end": _game_end,
    "aborted": lambda d, e: d.t("aborted.other", who=d.who(e.seat), endpoint=e.endpoint,
                                cause=e.cause),
    "new_moon": _new_moon,
}


def describe(event: BaseEvent, viewer: Viewer, lang: str, names: Sequence[str] = ()) -> str | None:
    """One event's sentence in ``lang`` as ``viewer`` sees it (None: not shown to it)."""
    return Describer(lang, viewer, names)(event)

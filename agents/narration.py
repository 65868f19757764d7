"""What a seat saw, in words: one line per event it could see (ballots grouped).

Everything said by a player (speech text, and claim values that are no role
name) goes through ``fence``: one line, JSON escapes, no fence characters, so
a speech cannot end its quote or start a line of its own.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from agents.prompts import Text
from agents.reasons import explain
from arena.engine import Observation
from arena.engine.events import (
    BaseEvent,
    BuildingPower,
    Candidacy,
    Cards,
    CheckResult,
    Claim,
    Death,
    Explode,
    Fallback,
    House,
    Lovers,
    NewMoon,
    NightAction,
    PhaseStart,
    Refused,
    Reveal,
    RoleDealt,
    Setup,
    Sheriff,
    Shot,
    Spared,
    Speech,
    VictimInfo,
    Vote,
    VoteResult,
)
from arena.engine.roles import ROLES
from arena.engine.variants.black_death import Plague
from arena.engine.variants.box_toss import BoxToss
from arena.engine.variants.lycanthropy import Touched
from arena.text import catalog
from arena.text.describe import moon_sentence, power_key

COMMON = frozenset({"seq", "day", "phase", "audience", "type"})
SEAT_FIELDS = frozenset({"seat", "seats", "target", "targets"})  # named in catalog sentences
FENCES = {"«": "\\u00ab", "»": "\\u00bb"}
# controls, invisible formatting, line breaks, lone surrogates
UNSAFE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def fence(text: str) -> str:
    """``text`` made safe to sit between « and »: one line, escaped, no fences."""
    body = json.dumps(text, ensure_ascii=False)[1:-1]
    return "".join(FENCES.get(ch) or (_escape(ch) if unicodedata.category(ch) in UNSAFE else ch)
                   for ch in body)


def _escape(ch: str) -> str:
    """A JSON escape (a surrogate pair beyond the basic plane)."""
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def in_deal(event: BaseEvent) -> bool:
    """Events of the deal, which the role card already tells."""
    if isinstance(event, Setup):
        return True
    return event.day == 0 and (isinstance(event, RoleDealt) or (
        isinstance(event, Reveal) and event.reason == "wolf_team"))


class Voice:
    """Seats, roles and quotes in one language, from one seat's point of view."""

    def __init__(self, text: Text, obs: Observation) -> None:
        self.text, self.obs, self.me = text, obs, obs.seat
        self.labels: dict[int, str] = {}

    def label(self, seat: int | None) -> str:
        if seat is None:
            return self.text("words.nobody")
        if seat not in self.labels:
            name = self.obs.name(seat)
            default = name in (f"P{seat}", f"seat {seat}")
            self.labels[seat] = (self.text("words.seat", seat=seat) if default
                                 else self.text("words.named", seat=seat, name=name))
        return self.labels[seat]

    def who(self, seat: int | None) -> str:
        """A seat as the subject of a line: its label, marked when it is this seat."""
        label = self.label(seat)
        return self.text("words.you", who=label) if seat == self.me else label

    def seats(self, seats: Iterable[int]) -> str:
        named = [self.label(s) for s in seats]
        return self.text("words.sep").join(named) if named else self.text("words.nobody")

    def role(self, role: str | None) -> str:
        """A role, a check result or a term in words; anything else is quoted."""
        if role is None:
            return self.text("words.unknown")
        if role in ROLES:
            return self.text.role(role)
        return self.text.table["terms"].get(role) or self.quote(role)

    def term(self, word: str) -> str:
        """A cause or reason in words (or a role name); anything else is quoted."""
        return self.text.table["terms"].get(word) or self.role(word)

    def roles_of(self, known: dict[int, str]) -> str:
        return self.text("words.sep").join(
            self.text("words.role_of", who=self.label(s), role=self.role(r))
            for s, r in sorted(known.items()))

    def quote(self, said: str) -> str:
        return self.text("words.quote", text=fence(said))

    def card(self, number: int, cards: Sequence[str] = ()) -> str:
        if 0 < number <= len(cards):
            return self.text("words.card_role", n=number, role=self.role(cards[number - 1]))
        return self.text("words.card", n=number)


LISTS = ("designate", "friends")  # ballots naming several seats, each told on its own


def _cap(line: str) -> str:
    return line[:1].upper() + line[1:]


class Narrator:
    """Turns events into lines; ballots and candidacies in a row become one line."""

    def __init__(self, voice: Voice) -> None:
        self.v, self.t, self.c = voice, voice.text, catalog(voice.text.lang)
        self.cards: tuple[str, ...] = ()
        self.lines: list[str] = []
        self.group: list[BaseEvent] = []
        self.handlers: dict[type[BaseEvent], Callable[[Any], str | None]] = {
            PhaseStart: self.phase, RoleDealt: self.dealt, Reveal: self.reveal,
            NightAction: self.action, CheckResult: self.check, VictimInfo: self.victim,
            Cards: self.spare, Lovers: self.lovers,
            Speech: self.speech, VoteResult: self.result, Sheriff: self.sheriff,
            Death: self.death, Shot: self.shot, Explode: self.explode, Spared: self.spared,
            Refused: self.refused, Fallback: self.fallback, Vote: self.designate,
            House: self.house, BuildingPower: self.building_power,
            Plague: self.plague, Touched: self.touched, BoxToss: self.box_toss,
            NewMoon: self.new_moon,
        }

    def narrate(self, events: Iterable[BaseEvent]) -> list[str]:
        for event in events:
            if in_deal(event):
                continue
            if self.group and not _same_group(self.group[0], event):
                self.flush()
            if isinstance(event, Candidacy) or (
                    isinstance(event, Vote) and event.ballot not in LISTS):
                self.group.append(event)
                continue
            handler = self.handlers.get(type(event), self.other)
            line = handler(event)
            if line:
                self.lines.append(_cap(line))
        self.flush()
        return self.lines

    def flush(self) -> None:
        group, self.group = self.group, []
        if not group:
            return
        first = group[0]
        if isinstance(first, Candidacy):
            running = [e.seat for e in group if isinstance(e, Candidacy) and e.running]
            others = [e.seat for e in group if isinstance(e, Candidacy) and not e.running]
            self.lines.append(self.c.model("candidacy.group", running=self.v.seats(running),
                                           others=self.v.seats(others)))
            return
        assert isinstance(first, Vote)
        votes = self.t("words.sep").join(self.ballot(e) for e in group if isinstance(e, Vote))
        keys = [f"vote.{first.ballot}", "vote.other"]
        if first.round > 1:
            keys.insert(0, f"vote.{first.ballot}_again")
        self.lines.append(self.c.first(keys, ballot=first.ballot, round=first.round,
                                       votes=votes))

    def ballot(self, e: Vote) -> str:
        if e.target is None:
            return self.c.model("vote.abstain", who=self.v.who(e.seat))
        key = "vote.ballot" if e.weight == 1 else "vote.weighted"
        return self.c.model(key, who=self.v.who(e.seat), target=self.v.label(e.target),
                      weight=f"{e.weight:g}")

    # --- one line per event
    def phase(self, e: PhaseStart) -> str:
        line = self.c.model(f"phase.{e.name}", day=e.day)
        if not self.peaceful(e):
            return line
        self.lines.append(line)
        return self.c.model("phase.peaceful")

    def peaceful(self, e: PhaseStart) -> bool:
        """A daybreak whose next event (the seat has seen one) is not a death: nobody
        died in the night."""
        if e.name != "day" or e.day < 1:
            return False
        later = (x for x in self.v.obs.events if x.seq > e.seq)
        following = next(later, None)
        return following is not None and not isinstance(following, Death)

    def dealt(self, e: RoleDealt) -> str:
        return self.c.model("role.mine", role=self.v.role(e.role))

    def reveal(self, e: Reveal) -> str:
        return self.c.model(f"reveal.{e.reason}", who=self.v.who(e.seat), role=self.v.role(e.role))

    def action(self, e: NightAction) -> str:
        v = self.v
        if e.action == "kill":
            key = "night_action.kill_final" if e.final else "night_action.kill_proposal"
            return self.c.model(key if e.target is not None else f"{key}_none",
                          who=v.who(e.seat), target=v.label(e.target))
        target = (v.card(e.target, self.cards) if e.action == "swap" and card_swap(v.obs)
                  and e.target is not None else v.label(e.target))
        none = "" if e.target is not None or e.targets else "_none"
        keys = [f"night_action.{e.action}{none}"] if e.seat == v.me else []
        return self.c.first([*keys, f"night_action.other{none}"], who=v.who(e.seat),
                            actor=v.who(e.seat), action=e.action, target=target,
                            targets=v.seats(e.targets))

    def check(self, e: CheckResult) -> str:
        cards = e.result.split(",")  # three cards in Harvest (C1 d)
        return self.c.model("check_result.mine", target=self.v.label(e.target),
                      result=self.t("words.sep").join(map(self.v.role, cards)))

    def victim(self, e: VictimInfo) -> str:
        if e.victim is None:
            return self.c.model("victim_info.none")
        return self.c.model("victim_info.other", victim=self.v.who(e.victim))

    def spare(self, e: Cards) -> str:
        self.cards = e.cards
        shown = self.t("words.sep").join(self.v.card(n, e.cards)
                                         for n in range(1, len(e.cards) + 1))
        return self.c.model("cards.other", cards=shown)

    def lovers(self, e: Lovers) -> str:
        partner = [s for s in e.seats if s != self.v.me]
        return self.c.model("lovers.other", partner=self.v.seats(partner))

    def speech(self, e: Speech) -> str:
        line = self.c.first([f"speech.{e.context}", "speech.other"],
                            who=self.v.who(e.seat), quote=self.v.quote(e.text),
                            context=fence(e.context))
        if e.claims:
            said = self.t("words.item_sep").join(self.claim(c) for c in e.claims)
            line += self.c.model("speech.claims", claims=said)
        return line

    def claim(self, c: Claim) -> str:
        return self.c.model(f"claim.{c.kind}", kind=c.kind,
                            role=self.v.role(c.role), target=self.v.label(c.target),
                            result=self.v.role(c.result))

    def result(self, e: VoteResult) -> str:
        counts = self.t("words.sep").join(f"{self.v.label(int(s))} {n:g}"
                                          for s, n in e.counts.items())
        if e.eliminated is not None:  # vouch_out: the last one standing (V1)
            return self.c.first([f"vote_result.{e.ballot}_out", "vote_result.other"],
                                target=self.v.label(e.eliminated), counts=counts)
        if e.tie:
            return self.c.first([f"vote_result.tie_{e.ballot}", "vote_result.tie"],
                                tied=self.v.seats(e.tie), counts=counts)
        return self.c.model("vote_result.nobody")

    def sheriff(self, e: Sheriff) -> str:
        return self.c.model(f"sheriff.{e.how}", how=e.how,
                            who=self.v.who(e.seat), by=self.v.who(e.by))

    def death(self, e: Death) -> str:
        cause = "barber_self" if e.cause == "barber" and self.struck(e) else e.cause
        line = self.c.first([f"death.{cause}", "death.other"],
                            who=self.v.who(e.seat), cause=self.v.term(e.cause))
        if e.revealed_role:
            return line + self.c.model("death.card", role=self.v.role(e.revealed_role))
        return line + self.c.model("death.no_card")

    def struck(self, e: Death) -> bool:
        """Whether the dead is the barber who struck (B8: he dies too, his target being no
        wolf), as this seat saw the strike."""
        return any(isinstance(x, BuildingPower) and x.power == "strike" and x.seat == e.seat
                   for x in self.v.obs.events if x.seq < e.seq)

    def shot(self, e: Shot) -> str:
        if e.target is None:
            return self.c.model("shoot.none", who=self.v.who(e.seat))
        return self.c.model("shoot.other", who=self.v.who(e.seat), target=self.v.who(e.target))

    def designate(self, e: Vote) -> str:
        """A ballot naming several seats at once (the scapegoat's voters, E11's friends)."""
        return self.c.model(f"vote.{e.ballot}", who=self.v.who(e.seat),
                            targets=self.v.seats(e.targets))

    def new_moon(self, e: NewMoon) -> str:
        return moon_sentence(self.c.model, lambda key: self.c.has(key, "model"), self.v.who,
                             self.v.seats, self.v.role, e)

    def plague(self, e: Plague) -> str:
        return self.c.model("plague.other", target=self.v.label(e.target))

    def touched(self, _e: Touched) -> str:
        return self.c.model("touched.other")

    def box_toss(self, e: BoxToss) -> str:
        return self.c.model(f"box_toss.{e.outcome}", outcome=e.outcome)

    def explode(self, e: Explode) -> str:
        return self.c.model("explode.other", who=self.v.who(e.seat))

    def spared(self, e: Spared) -> str:
        return self.c.model(f"spared.{e.reason}", who=self.v.who(e.seat),
                            reason=self.v.term(e.reason))

    def house(self, e: House) -> str:
        return self.c.model(f"house.{e.how}", who=self.v.who(e.seat), how=e.how,
                            building=self.v.role(e.building), owner=self.v.label(e.house))

    def building_power(self, e: BuildingPower) -> str:
        return self.c.model(f"building_power.{power_key(e)}", who=self.v.who(e.seat),
                            building=self.v.role(e.building), power=e.power,
                            target=self.v.label(e.target), targets=self.v.seats(e.targets))

    def refused(self, e: Refused) -> str:
        return self.c.model("error.other", kind=self.t.kind(e.kind),
                      message=fence(explain(self.t, e.message)))

    def fallback(self, e: Fallback) -> str:
        return self.c.model("fallback.other", kind=self.t.kind(e.kind),
                      reason=fence(explain(self.t, e.reason)))

    def other(self, e: BaseEvent) -> str:
        """An event with no handler of its own: its catalog sentence when it has one
        (seat fields named, seat lists joined), else its fields as data."""
        data = {k: v for k, v in e.to_dict().items() if k not in COMMON}
        key = f"{e.to_dict()['type']}.other"
        if self.c.has(key, "model"):
            return self.c.model(key, **{k: self._field(k, v) for k, v in data.items()})
        details = ", ".join(f"{k}={fence(str(v))}" for k, v in data.items())
        return self.c.model("event.other", what=e.to_dict()["type"], details=details)

    def _field(self, name: str, value: object) -> object:
        if name in SEAT_FIELDS and isinstance(value, int):
            return self.v.who(value)
        if name in SEAT_FIELDS and isinstance(value, list):
            return self.v.seats(value)
        return value


def _same_group(first: BaseEvent, event: BaseEvent) -> bool:
    if isinstance(first, Candidacy):
        return isinstance(event, Candidacy)
    return (isinstance(first, Vote) and isinstance(event, Vote) and event.ballot not in LISTS
            and (event.ballot, event.round) == (first.ballot, first.round))


def card_swap(obs: Observation) -> bool:
    """The thief's swap picks a card number, not a seat, except in swap_player mode."""
    return obs.rules.get("thief.mode") != "swap_player"


def narrate(voice: Voice, events: Iterable[BaseEvent]) -> list[str]:
    return Narrator(voice).narrate(events)

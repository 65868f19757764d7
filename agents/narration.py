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
    Candidacy,
    Cards,
    CheckResult,
    Claim,
    Curse,
    Death,
    Enchanted,
    Explode,
    Fallback,
    Lovers,
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

COMMON = frozenset({"seq", "day", "phase", "audience", "type"})
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


def _cap(line: str) -> str:
    return line[:1].upper() + line[1:]


class Narrator:
    """Turns events into lines; ballots and candidacies in a row become one line."""

    def __init__(self, voice: Voice) -> None:
        self.v, self.t = voice, voice.text
        self.cards: tuple[str, ...] = ()
        self.lines: list[str] = []
        self.group: list[BaseEvent] = []
        self.handlers: dict[type[BaseEvent], Callable[[Any], str | None]] = {
            PhaseStart: self.phase, RoleDealt: self.dealt, Reveal: self.reveal,
            NightAction: self.action, CheckResult: self.check, VictimInfo: self.victim,
            Cards: self.spare, Enchanted: self.enchanted, Curse: self.curse, Lovers: self.lovers,
            Speech: self.speech, VoteResult: self.result, Sheriff: self.sheriff,
            Death: self.death, Shot: self.shot, Explode: self.explode, Spared: self.spared,
            Refused: self.refused, Fallback: self.fallback, Vote: self.designate,
        }

    def narrate(self, events: Iterable[BaseEvent]) -> list[str]:
        for event in events:
            if in_deal(event):
                continue
            if self.group and not _same_group(self.group[0], event):
                self.flush()
            if isinstance(event, Candidacy) or (
                    isinstance(event, Vote) and event.ballot != "designate"):
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
            self.lines.append(self.t("events.candidacy", running=self.v.seats(running),
                                     others=self.v.seats(others)))
            return
        assert isinstance(first, Vote)
        votes = self.t("words.sep").join(self.ballot(e) for e in group if isinstance(e, Vote))
        keys = [f"events.votes_{first.ballot}", "events.votes_other"]
        if first.round > 1:
            keys.insert(0, f"events.votes_{first.ballot}_again")
        self.lines.append(self.t.first(keys, ballot=first.ballot, round=first.round,
                                       votes=votes))

    def ballot(self, e: Vote) -> str:
        if e.target is None:
            return self.t("events.vote_abstain", who=self.v.who(e.seat))
        key = "events.vote" if e.weight == 1 else "events.vote_weighted"
        return self.t(key, who=self.v.who(e.seat), target=self.v.label(e.target),
                      weight=f"{e.weight:g}")

    # --- one line per event
    def phase(self, e: PhaseStart) -> str:
        line = self.t(f"events.{e.name}", day=e.day)
        if not self.peaceful(e):
            return line
        self.lines.append(line)
        return self.t("events.peaceful")

    def peaceful(self, e: PhaseStart) -> bool:
        """A daybreak whose next event (the seat has seen one) is not a death: nobody
        died in the night."""
        if e.name != "day" or e.day < 1:
            return False
        later = (x for x in self.v.obs.events if x.seq > e.seq)
        following = next(later, None)
        return following is not None and not isinstance(following, Death)

    def dealt(self, e: RoleDealt) -> str:
        return self.t("events.role", role=self.v.role(e.role))

    def reveal(self, e: Reveal) -> str:
        return self.t.first([f"events.reveal_{e.reason}", "events.reveal"],
                           who=self.v.who(e.seat), role=self.v.role(e.role))

    def action(self, e: NightAction) -> str:
        v = self.v
        if e.action == "kill":
            key = "events.kill_final" if e.final else "events.kill_proposal"
            return self.t(key if e.target is not None else f"{key}_none",
                          who=v.who(e.seat), target=v.label(e.target))
        target = (v.card(e.target, self.cards) if e.action == "swap" and card_swap(v.obs)
                  and e.target is not None else v.label(e.target))
        section = "actions" if e.target is not None or e.targets else "actions_none"
        keys = [f"{section}.{e.action}"] if e.seat == v.me else []
        return self.t.first([*keys, f"{section}.other"], who=v.who(e.seat), action=e.action,
                            target=target, targets=v.seats(e.targets))

    def check(self, e: CheckResult) -> str:
        return self.t("events.check_result", target=self.v.label(e.target),
                      result=self.v.role(e.result))

    def victim(self, e: VictimInfo) -> str:
        if e.victim is None:
            return self.t("events.victim_info_none")
        return self.t("events.victim_info", victim=self.v.who(e.victim))

    def spare(self, e: Cards) -> str:
        self.cards = e.cards
        shown = self.t("words.sep").join(self.v.card(n, e.cards)
                                         for n in range(1, len(e.cards) + 1))
        return self.t("events.cards", cards=shown)

    def enchanted(self, e: Enchanted) -> str:
        return self.t("events.enchanted", seats=self.v.seats(e.seats))

    def curse(self, e: Curse) -> str:
        return self.t("events.curse", target=self.v.who(e.target), votes=e.votes)

    def lovers(self, e: Lovers) -> str:
        partner = [s for s in e.seats if s != self.v.me]
        return self.t("events.lovers", partner=self.v.seats(partner))

    def speech(self, e: Speech) -> str:
        line = self.t.first([f"events.speech_{e.context}", "events.speech_other"],
                            who=self.v.who(e.seat), quote=self.v.quote(e.text),
                            context=fence(e.context))
        if e.claims:
            said = self.t("words.item_sep").join(self.claim(c) for c in e.claims)
            line += self.t("events.claims", claims=said)
        return line

    def claim(self, c: Claim) -> str:
        return self.t.first([f"events.claim_{c.kind}", "words.unknown"],
                            role=self.v.role(c.role), target=self.v.label(c.target),
                            result=self.v.role(c.result))

    def result(self, e: VoteResult) -> str:
        counts = self.t("words.sep").join(f"{self.v.label(int(s))} {n:g}"
                                          for s, n in e.counts.items())
        if e.eliminated is not None:
            return self.t("events.vote_result", target=self.v.label(e.eliminated),
                          counts=counts)
        if e.tie:
            return self.t("events.vote_result_tie", tied=self.v.seats(e.tie), counts=counts)
        return self.t("events.vote_result_none")

    def sheriff(self, e: Sheriff) -> str:
        return self.t.first([f"events.sheriff_{e.how}", "events.sheriff_other"],
                            who=self.v.who(e.seat), by=self.v.who(e.by))

    def death(self, e: Death) -> str:
        line = self.t.first([f"events.death_{e.cause}", "events.death_other"],
                            who=self.v.who(e.seat), cause=self.v.term(e.cause))
        if e.revealed_role:
            return line + self.t("events.death_card", role=self.v.role(e.revealed_role))
        return line + self.t("events.death_no_card")

    def shot(self, e: Shot) -> str:
        if e.target is None:
            return self.t("events.shot_none", who=self.v.who(e.seat))
        return self.t("events.shot", who=self.v.who(e.seat), target=self.v.who(e.target))

    def designate(self, e: Vote) -> str:
        return self.t("events.designate", who=self.v.who(e.seat), seats=self.v.seats(e.targets))

    def explode(self, e: Explode) -> str:
        return self.t("events.explode", who=self.v.who(e.seat))

    def spared(self, e: Spared) -> str:
        return self.t("events.spared", who=self.v.who(e.seat), reason=self.v.term(e.reason))

    def refused(self, e: Refused) -> str:
        return self.t("events.error", kind=self.t.kind(e.kind),
                      message=fence(explain(self.t, e.message)))

    def fallback(self, e: Fallback) -> str:
        return self.t("events.fallback", kind=self.t.kind(e.kind),
                      reason=fence(explain(self.t, e.reason)))

    def other(self, e: BaseEvent) -> str:
        details = ", ".join(f"{k}={fence(str(v))}" for k, v in e.to_dict().items()
                            if k not in COMMON)
        return self.t("events.other", what=e.to_dict()["type"], details=details)


def _same_group(first: BaseEvent, event: BaseEvent) -> bool:
    if isinstance(first, Candidacy):
        return isinstance(event, Candidacy)
    return (isinstance(first, Vote) and isinstance(event, Vote) and event.ballot != "designate"
            and (event.ballot, event.round) == (first.ballot, first.round))


def card_swap(obs: Observation) -> bool:
    """The thief's swap picks a card number, not a seat, except in swap_player mode."""
    return obs.rules.get("thief.mode") != "swap_player"


def narrate(voice: Voice, events: Iterable[BaseEvent]) -> list[str]:
    return Narrator(voice).narrate(events)

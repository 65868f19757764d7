"""A recorded game told from one viewpoint: the model behind the HTML and Markdown pages.

``build_story(header, events, seat, lang)`` walks the transcript once. It shows only
the events the viewpoint may see (``arena.engine.view.visible``; god sees all), in
chapters per night and day, with every phrase already in the page's language. Claims
get a verdict against the hidden roles in the god view only. Each chapter lists the New
Moon events in force in it (``arena.text.new_moon_panel``, as the web table's panel): those in
force once its nightfall or dawn is done, and those that come later in it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.engine.events import (
    BaseEvent,
    Candidacy,
    CauseOfDeath,
    Claim,
    Death,
    GameEnd,
    NewMoon,
    NightAction,
    PhaseStart,
    Reveal,
    RoleDealt,
    Speech,
    UsageRecord,
    UsageSummary,
    Vote,
    VoteResult,
)
from arena.engine.roles.factions import is_wolf
from arena.engine.view import observe
from arena.text import Describer
from arena.text.describe import seat_list
from arena.text.new_moon_panel import moon_in_force


@dataclass(frozen=True)
class ClaimNote:
    kind: str
    text: str
    verdict: bool | None  # against the hidden roles; god view only

    @property
    def verdict_key(self) -> str:
        """``verdict.true``/``false`` for facts (role, check), ``right``/``wrong`` for reads."""
        fact = self.kind in ("role", "check")
        if self.verdict:
            return "verdict.true" if fact else "verdict.right"
        return "verdict.false" if fact else "verdict.wrong"


@dataclass(frozen=True)
class Said:
    seat: int
    who: str
    context: str
    text: str
    claims: tuple[ClaimNote, ...]
    private: bool


@dataclass(frozen=True)
class Ballot:
    voter: int
    target: int | None
    weight: float


@dataclass(frozen=True)
class VoteRound:
    title: str
    ballots: tuple[Ballot, ...]
    tally: tuple[str, ...]
    outcome: str
    seats: int
    dead: frozenset[int]


@dataclass(frozen=True)
class Note:
    tone: str  # info, secret, death, sheriff, night
    text: str


Item = Said | VoteRound | Note


@dataclass(frozen=True)
class InForce:
    """A New Moon card in force: its catalog id, name and effect."""

    card: str
    name: str
    effect: str

    def line(self, words: Describer) -> str:
        """``E7 “Gone Hunting”: ...`` in the page's language."""
        return words.t("new_moon.other", card=self.card, name=self.name, effect=self.effect)


@dataclass
class Chapter:
    key: str
    phase: str
    title: str
    items: list[Item] = field(default_factory=list)
    moon: list[InForce] = field(default_factory=list)


@dataclass(frozen=True)
class SeatCard:
    seat: int
    name: str
    role: str
    you: bool
    house: str = ""  # the public Village building dealt to the seat (VIL)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    role: str
    alive: bool
    death: str
    winner: bool


@dataclass(frozen=True)
class Ending:
    headline: str
    reason: str
    rows: tuple[SeatRow, ...]


@dataclass(frozen=True)
class Story:
    lang: str
    view: str
    view_label: str
    title: str
    subtitle: str
    deal: str
    seats: tuple[SeatCard, ...]
    chapters: tuple[Chapter, ...]
    ending: Ending | None


def words_for(header: dict[str, Any], lang: str, seat: int | None = None) -> Describer:
    """The sentences of ``lang`` for ``seat`` (god when None), with the seat names of a
    transcript header."""
    names = [str(s.get("name", f"P{s.get('seat')}")) for s in header.get("seats", [])]
    return Describer(lang, "god" if seat is None else seat, names)


def verdict(claim: Claim, speaker: int, roles: dict[int, str]) -> bool | None:
    """Whether a claim matches the hidden roles (None when it names no one it can test)."""
    if claim.kind == "role":
        return roles.get(speaker) == claim.role
    if claim.target is None or claim.target not in roles:
        return None
    actual = roles[claim.target]
    if claim.kind == "check":
        wolf = is_wolf(actual)
        return (claim.result == actual or (claim.result == "werewolf" and wolf)
                or (claim.result == "good" and not wolf))
    if claim.kind == "accuse":
        return is_wolf(actual)
    if claim.kind == "vouch":
        return not is_wolf(actual)
    return None


def _group_key(event: BaseEvent) -> str | None:
    if isinstance(event, Candidacy):
        return "candidacy"
    if isinstance(event, Reveal) and event.reason == "wolf_team":
        return "wolf_team"
    return None


SILENT = (UsageRecord, UsageSummary)
OPENING_ENDS = (Speech, Vote, NightAction)  # a phase's own business begins
TONES: dict[str, str] = {
    "reveal": "info", "spared": "info", "fallback": "info", "sheriff": "sheriff",
    "death": "death", "shoot": "death", "explode": "death", "phase": "night",
}


class _Teller:
    """Builds a Story event by event."""

    def __init__(self, header: dict[str, Any], seat: int | None, lang: str) -> None:
        self.w = words_for(header, lang, seat)
        self.seat, self.god = seat, seat is None
        self.roles = {int(k): str(v) for k, v in header.get("roles", {}).items()}
        self.players = len(self.w.names) or len(self.roles)
        self.chapters = [Chapter("prologue", "setup", self.w.t("page.prologue"))]
        self.deal = ""
        self.dead: set[int] = set()
        self.deaths: dict[int, str] = {}
        self.causes: dict[int, str] = {}
        self.votes: list[Vote] = []
        self.group: list[BaseEvent] = []
        self.group_key = ""
        self.dawn = False
        self.ending: Ending | None = None
        self.lang = lang
        self.seen: list[BaseEvent] = []  # every event so far (for the cards in force)
        self.opening = True  # the chapter's nightfall or dawn is still going on
        self.handlers: dict[type[BaseEvent], Callable[[Any], None]] = {
            RoleDealt: self._role, PhaseStart: self._phase, Speech: self._speech,
            Vote: self._vote, VoteResult: self._vote_result, Death: self._death,
            CauseOfDeath: self._cause, GameEnd: self._game_end,
        }

    # --- driving
    def feed(self, event: BaseEvent) -> None:
        self._moon(event)
        if isinstance(event, RoleDealt):
            self.roles[event.seat] = event.role  # the thief's swap changes the truth
        if isinstance(event, SILENT) or not self.w.shows(event):
            return
        key = _group_key(event)
        if self.group and key != self.group_key:
            self._flush_group()
        self._after_dawn(event)
        if key is not None:
            self.group.append(event)
            self.group_key = key
            return
        self.handlers.get(type(event), self._line)(event)

    def note(self, tone: str, text: str) -> None:
        self.chapters[-1].items.append(Note(tone, text))

    def _line(self, event: BaseEvent) -> None:
        """The event's sentence from the text layer, toned by its type and audience."""
        text = self.w(event)
        if text is None:
            return
        kind = str(getattr(event, "type", ""))
        if kind == "setup":
            self.deal = text
            return
        self.note(TONES.get(kind, "info" if event.audience == "public" else "secret"), text)

    def _flush_group(self) -> None:
        group, self.group = self.group, []
        if self.group_key == "candidacy":
            running = [e.seat for e in group if isinstance(e, Candidacy) and e.running]
            self.note("sheriff", self.w.t("table.candidates", seats=seat_list(running))
                      if running else self.w.t("table.no_candidates"))
        elif group:
            self.note("secret", self.w.t("table.wolf_team", seats=seat_list(
                e.seat for e in group if isinstance(e, Reveal))))

    def _moon(self, event: BaseEvent) -> None:
        """The chapter's cards in force: taken when its opening ends (its nightfall's or
        dawn's changes, a card drawn), then every card that comes into force later in it."""
        drawn = isinstance(event, NewMoon) and event.step in ("drawn", "in_play")
        if self.opening and (drawn or isinstance(event, (*OPENING_ENDS, PhaseStart))):
            self._settle()
        self.seen.append(event)
        if drawn and not self.opening:
            panel = self.chapters[-1].moon
            panel += [c for c in self._in_force() if c not in panel]

    def _in_force(self) -> list[InForce]:
        return [InForce(**c) for c in moon_in_force(self.seen, self.lang)]

    def _settle(self) -> None:
        self.chapters[-1].moon = self._in_force()
        self.opening = False

    def _after_dawn(self, event: BaseEvent) -> None:
        if self.dawn:
            self.dawn = False
            if not isinstance(event, Death | CauseOfDeath):
                self.note("info", self.w.t("table.peaceful"))

    # --- setup and phases
    def _role(self, event: RoleDealt) -> None:
        if event.day > 0 or not self.god:
            self._line(event)

    def _phase(self, event: PhaseStart) -> None:
        title = self.w.t(f"phase.{event.name}", day=event.day)
        self.chapters.append(Chapter(f"{event.name}-{event.day}", event.name, title))
        self.opening = True
        if event.name == "night":
            self._line(event)
        self.dawn = event.name == "day"

    # --- speech
    def _speech(self, event: Speech) -> None:
        judged = self.god and event.audience == "public"  # wolf chat plots, it does not claim
        claims = tuple(
            ClaimNote(c.kind, self.w.claim(c), verdict(c, event.seat, self.roles) if judged
                      else None)
            for c in event.claims)
        self.chapters[-1].items.append(Said(
            event.seat, self.w.who(event.seat), self.w.context(event), event.text, claims,
            event.audience != "public"))

    # --- votes
    def _vote(self, event: Vote) -> None:
        if event.ballot == "designate":
            self._line(event)
        else:
            self.votes.append(event)

    def _vote_result(self, event: VoteResult) -> None:
        votes, self.votes = self.votes, []
        rows, abstained = self.w.tally(votes)
        ballots = tuple(Ballot(v.seat, v.target, v.weight) for v in votes)
        self.chapters[-1].items.append(VoteRound(
            self.w.ballot(event.ballot, event.round), ballots,
            tuple(rows) + ((abstained,) if abstained else ()), self.w(event) or "",
            self.players, frozenset(self.dead)))

    # --- deaths
    def _cause(self, event: CauseOfDeath) -> None:
        self.w(event)
        self.causes[event.seat] = event.cause

    def _death(self, event: Death) -> None:
        self.dead.add(event.seat)
        self._line(event)
        truth = self.causes.pop(event.seat, None)
        phase = "night" if truth is not None or event.cause == "night" else event.phase
        when = self.w.t(f"phase.{phase}", day=event.day)
        self.deaths[event.seat] = f"{when}: {self.w.cause(truth or event.cause)}"

    # --- the end
    def _game_end(self, event: GameEnd) -> None:
        rows = []
        for key, role in sorted(event.roles.items(), key=lambda kv: int(kv[0])):
            seat = int(key)
            rows.append(SeatRow(seat, self.w.name(seat), self.w.role(role), seat not in self.dead,
                                self.deaths.get(seat, ""), seat in event.winners))
        reason = self.w.t("game_end.reason", reason=event.reason).strip() if event.reason not in (
            "", "win") else ""
        self.ending = Ending(self.w.t(f"game_end.{event.winner}", winner=event.winner), reason,
                             tuple(rows))

    def finish(self) -> None:
        if self.group:
            self._flush_group()
        if self.opening:
            self._settle()


def _cards(words: Describer, roles: dict[int, str], players: int, seat: int | None,
           known: dict[int, str], houses: dict[int, str]) -> tuple[SeatCard, ...]:
    shown = roles if seat is None else known
    return tuple(SeatCard(s, words.name(s), words.role(shown[s]) if s in shown else "", s == seat,
                          words.role(houses[s]) if s in houses else "")
                 for s in range(1, players + 1))


def build_story(header: dict[str, Any], events: Sequence[BaseEvent], seat: int | None,
                lang: str = "en") -> Story:
    """The game as ``seat`` saw it (god when None), phrased in ``lang`` (en or zh)."""
    teller = _Teller(header, seat, lang)
    for event in events:
        teller.feed(event)
    teller.finish()
    w = teller.w
    known: dict[int, str] = {}
    if seat is not None:  # the seats list shows what the seat knew at the deal; later
        # knowledge (checks, reveals, deaths) comes in the chapters, when it was learnt
        dealt = next((n for n, e in enumerate(events) if isinstance(e, PhaseStart)),
                     len(events))
        known = dict(observe(events[:dealt], seat).known_roles)
    view_label = w.t("page.god") if seat is None else w.t("page.seat", seat=seat,
                                                           name=w.name(seat))
    mode = w.t("mode.god") if seat is None else w.t("mode.seat", who=w.who(seat))
    title = w.t("page.title", preset=header.get("preset") or "custom", players=teller.players,
                seed=header.get("seed", "?"))
    return Story(
        lang=lang, view="god" if seat is None else f"seat-{seat}", view_label=view_label,
        title=title, subtitle=mode, deal=teller.deal,
        seats=_cards(w, teller.roles, teller.players, seat, known,
                     observe(events[:1], 0).buildings),
        chapters=tuple(c for c in teller.chapters if c.items or c.key != "prologue"),
        ending=teller.ending)


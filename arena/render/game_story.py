"""A recorded game told from one viewpoint: the model behind the HTML and Markdown pages.

``build_story(header, events, seat, lang)`` walks the transcript once. It shows only
the events the viewpoint may see (``arena.engine.view.visible``; god sees all), in
chapters per night and day, with every phrase already in the page's language. Claims
get a verdict against the hidden roles in the god view only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.engine.events import (
    BaseEvent,
    Belief,
    Candidacy,
    CauseOfDeath,
    CheckResult,
    Claim,
    Death,
    Explode,
    Fallback,
    GameEnd,
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
    UsageRecord,
    UsageSummary,
    VictimInfo,
    Vote,
    VoteResult,
)
from arena.engine.roles.factions import is_wolf
from arena.engine.view import observe, visible
from arena.render.story_labels import LANGS
from arena.render.terminal import seat_list, tally, top_beliefs


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


@dataclass
class Chapter:
    key: str
    phase: str
    title: str
    items: list[Item] = field(default_factory=list)


@dataclass(frozen=True)
class SeatCard:
    seat: int
    name: str
    role: str
    you: bool


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


class Words:
    """Phrases of one language, with seat names."""

    def __init__(self, lang: str, names: Sequence[str]) -> None:
        self.labels, self.lang, self.names = LANGS[lang], lang, tuple(names)

    def t(self, key: str, **values: object) -> str:
        template = self.labels.get(key)
        if template is None:
            template = self.labels[key.rsplit(".", 1)[0] + ".other"]
        return template.format(**values)

    def term(self, family: str, value: str) -> str:
        return self.labels.get(f"{family}.{value}", value.replace("_", " "))

    def role(self, role: str | None) -> str:
        return self.term("role", role or "?")

    def name(self, seat: int) -> str:
        return self.names[seat - 1] if 0 < seat <= len(self.names) else f"P{seat}"

    def who(self, seat: int | None) -> str:
        if seat is None:
            return self.labels["nobody"]
        return self.t("who", name=self.name(seat), seat=seat)

    def join(self, items: Sequence[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        return self.t("and", rest=", ".join(items[:-1]), last=items[-1])


def words_for(header: dict[str, Any], lang: str) -> Words:
    """The phrases of ``lang`` with the seat names of a transcript header."""
    return Words(lang, [str(s.get("name", f"P{s.get('seat')}")) for s in header.get("seats", [])])


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


class _Teller:
    """Builds a Story event by event."""

    def __init__(self, header: dict[str, Any], seat: int | None, lang: str) -> None:
        self.w = words_for(header, lang)
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
        self.sheriff: int | None = None
        self.ending: Ending | None = None
        self.handlers: dict[type[BaseEvent], Callable[[Any], None]] = {
            Setup: self._setup, RoleDealt: self._role, Reveal: self._reveal,
            PhaseStart: self._phase, NightAction: self._night_action,
            CheckResult: self._check_result, VictimInfo: self._victim_info, Lovers: self._lovers,
            Speech: self._speech, Vote: self._vote, VoteResult: self._vote_result,
            Sheriff: self._sheriff, Death: self._death, CauseOfDeath: self._cause,
            Shot: self._shot, Explode: self._explode, Spared: self._spared,
            Belief: self._belief, Refused: self._refused, Fallback: self._fallback,
            GameEnd: self._game_end,
        }

    # --- driving
    def feed(self, event: BaseEvent) -> None:
        if isinstance(event, RoleDealt):
            self.roles[event.seat] = event.role  # the thief's swap changes the truth
        if isinstance(event, SILENT) or not (self.god or visible(event, self.seat or 0)):
            return
        key = _group_key(event)
        if self.group and key != self.group_key:
            self._flush_group()
        self._after_dawn(event)
        if key is not None:
            self.group.append(event)
            self.group_key = key
            return
        self.handlers.get(type(event), self._generic)(event)

    def note(self, tone: str, key: str, **values: object) -> None:
        self.chapters[-1].items.append(Note(tone, self.w.t(key, **values).strip()))

    def _flush_group(self) -> None:
        group, self.group = self.group, []
        if self.group_key == "candidacy":
            running = [e.seat for e in group if isinstance(e, Candidacy) and e.running]
            if running:
                self.note("sheriff", "candidates", seats=seat_list(running))
            else:
                self.note("sheriff", "no_candidates")
        elif group:
            self.note("secret", "wolf_team",
                      seats=seat_list(e.seat for e in group if isinstance(e, Reveal)))

    def _after_dawn(self, event: BaseEvent) -> None:
        if self.dawn:
            self.dawn = False
            if not isinstance(event, Death | CauseOfDeath):
                self.note("info", "peaceful")

    # --- setup and phases
    def _setup(self, event: Setup) -> None:
        self.deal = self.w.t("deal", roles=", ".join(
            f"{n} {self.w.role(r)}" if n > 1 else self.w.role(r) for r, n in event.roles.items()))

    def _role(self, event: RoleDealt) -> None:
        if event.day > 0:
            self.note("secret", "page.new_role", who=self.w.who(event.seat),
                      role=self.w.role(event.role))
        elif not self.god:
            self.note("secret", "your_role", who=self.w.who(event.seat),
                      role=self.w.role(event.role))

    def _reveal(self, event: Reveal) -> None:
        self.note("info", "reveal", who=self.w.who(event.seat), role=self.w.role(event.role))

    def _phase(self, event: PhaseStart) -> None:
        title = self.w.t(f"phase.{event.name}", day=event.day)
        self.chapters.append(Chapter(f"{event.name}-{event.day}", event.name, title))
        if event.name == "night":
            self.note("night", "night_falls", day=event.day)
        self.dawn = event.name == "day"

    # --- night
    def _night_action(self, event: NightAction) -> None:
        key = f"act.{event.action}" if event.final else "act.proposal"
        targets = [self.w.who(s) for s in event.targets]
        target = self.w.join(targets) if targets else self.w.who(event.target)
        self.note("secret", key, actor=self.w.who(event.seat), target=target,
                  action=event.action)

    def _check_result(self, event: CheckResult) -> None:
        self.note("secret", "check_result", target=self.w.who(event.target),
                  result=self.w.role(event.result))

    def _victim_info(self, event: VictimInfo) -> None:
        self.note("secret", "victim_info", actor=self.w.who(event.seat),
                  target=self.w.who(event.victim))

    def _lovers(self, event: Lovers) -> None:
        self.note("secret", "lovers", seats=self.w.join([self.w.who(s) for s in event.seats]))

    # --- speech
    def _speech(self, event: Speech) -> None:
        judged = self.god and event.audience == "public"  # wolf chat plots, it does not claim
        claims = tuple(
            ClaimNote(c.kind, self._claim(c), verdict(c, event.seat, self.roles) if judged
                      else None)
            for c in event.claims)
        self.chapters[-1].items.append(Said(
            event.seat, self.w.who(event.seat), self.w.term("ctx", event.context),
            event.text, claims, event.audience != "public"))

    def _claim(self, claim: Claim) -> str:
        return self.w.t(f"claim.{claim.kind}", kind=claim.kind, role=self.w.role(claim.role),
                        target="?" if claim.target is None else claim.target,
                        result=self.w.role(claim.result))

    # --- votes
    def _vote(self, event: Vote) -> None:
        self.votes.append(event)

    def _vote_result(self, event: VoteResult) -> None:
        votes, self.votes = self.votes, []
        title = self.w.t(f"ballot.{event.ballot}", ballot=event.ballot)
        if event.round > 1:
            title = self.w.t("round", ballot=title, round=event.round)
        if event.eliminated is not None:
            outcome = self.w.t(f"result.{event.ballot}", who=self.w.who(event.eliminated))
        elif event.tie:
            outcome = self.w.t("tie", seats=self.w.join([str(s) for s in event.tie]))
        else:
            outcome = self.w.t(f"nobody.{event.ballot}")
        ballots = tuple(Ballot(v.seat, v.target, v.weight) for v in votes)
        self.chapters[-1].items.append(VoteRound(
            title, ballots, self._tally(votes), outcome, self.players, frozenset(self.dead)))

    def _tally(self, votes: list[Vote]) -> tuple[str, ...]:
        rows, abstained = tally(votes)
        lines = []
        for target, total, cast in rows:
            voters = ", ".join(self._voter(v) for v in cast)
            count = self.w.t("count.one" if total == 1 else "count.many", n=f"{total:g}")
            lines.append(self.w.t("tally", count=count, target=target, voters=voters).strip())
        if abstained:
            lines.append(self.w.t("abstained", seats=seat_list(abstained)).strip())
        return tuple(lines)

    def _voter(self, vote: Vote) -> str:
        if vote.weight == 1:
            return str(vote.seat)
        return self.w.t("weighted", seat=vote.seat, weight=f"{vote.weight:g}")

    # --- deaths and day powers
    def _cause(self, event: CauseOfDeath) -> None:
        self.causes[event.seat] = event.cause

    def _death(self, event: Death) -> None:
        self.dead.add(event.seat)
        role = self.w.role(event.revealed_role) if event.revealed_role else self.w.t(
            "role_hidden")
        cause = self.w.t(f"cause.{event.cause}", cause=event.cause)
        text = self.w.t("death", who=self.w.who(event.seat), role=role, cause=cause)
        truth = self.causes.pop(event.seat, None)
        if truth is not None:
            text += self.w.t("true_cause", cause=self.w.t(f"truth.{truth}", cause=truth))
            cause = self.w.t(f"cause.{truth}", cause=truth)
        self.chapters[-1].items.append(Note("death", text))
        phase = "night" if truth is not None or event.cause == "night" else event.phase
        when = self.w.t(f"phase.{phase}", day=event.day)
        self.deaths[event.seat] = f"{when}: {cause}"

    def _sheriff(self, event: Sheriff) -> None:
        previous, self.sheriff = self.sheriff, event.seat
        self.note("sheriff", f"sheriff.{event.how}", who=self.w.who(event.seat),
                  prev=self.w.who(previous), how=event.how)

    def _shot(self, event: Shot) -> None:
        self.note("death", "shot", who=self.w.who(event.seat), target=self.w.who(event.target))

    def _explode(self, event: Explode) -> None:
        self.note("death", "explode", who=self.w.who(event.seat))

    def _spared(self, event: Spared) -> None:
        self.note("info", f"spared.{event.reason}", who=self.w.who(event.seat),
                  reason=event.reason)

    # --- engine notes
    def _belief(self, event: Belief) -> None:
        parts = [f"{key} {self.w.role(role)} {p:.0%}"
                 for key, role, p in top_beliefs(event.probabilities)]
        self.note("secret", "belief", who=self.w.who(event.seat), beliefs=", ".join(parts))

    def _refused(self, event: Refused) -> None:
        self.note("secret", "refused", kind=event.kind, who=self.w.who(event.seat),
                  message=event.message)

    def _fallback(self, event: Fallback) -> None:
        self.note("info", "fallback", kind=event.kind, who=self.w.who(event.seat),
                  reason=event.reason)

    def _generic(self, event: BaseEvent) -> None:
        fields = {k: v for k, v in event.to_dict().items()
                  if k not in ("seq", "day", "phase", "audience")}
        tone = "info" if event.audience == "public" else "secret"
        self.chapters[-1].items.append(Note(tone, ", ".join(f"{k}: {v}" for k, v in
                                                            fields.items())))

    # --- the end
    def _game_end(self, event: GameEnd) -> None:
        rows = []
        for key, role in sorted(event.roles.items(), key=lambda kv: int(kv[0])):
            seat = int(key)
            rows.append(SeatRow(seat, self.w.name(seat), self.w.role(role), seat not in self.dead,
                                self.deaths.get(seat, ""), seat in event.winners))
        reason = self.w.t("end_reason", reason=event.reason) if event.reason not in (
            "", "win") else ""
        self.ending = Ending(self.w.t(f"wins.{event.winner}", winner=event.winner), reason,
                             tuple(rows))

    def finish(self) -> None:
        if self.group:
            self._flush_group()


def _cards(words: Words, roles: dict[int, str], players: int, seat: int | None,
           known: dict[int, str]) -> tuple[SeatCard, ...]:
    shown = roles if seat is None else known
    return tuple(SeatCard(s, words.name(s), words.role(shown[s]) if s in shown else "", s == seat)
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
    if seat is not None:
        known = dict(observe([e for e in events if not isinstance(e, GameEnd)], seat).known_roles)
    view_label = w.t("page.god") if seat is None else w.t("page.seat", seat=seat,
                                                           name=w.name(seat))
    mode = w.t("mode.god") if seat is None else w.t("mode.seat", who=w.who(seat))
    title = w.t("page.title", preset=header.get("preset") or "custom", players=teller.players,
                seed=header.get("seed", "?"))
    return Story(
        lang=lang, view="god" if seat is None else f"seat-{seat}", view_label=view_label,
        title=title, subtitle=mode, deal=teller.deal,
        seats=_cards(w, teller.roles, teller.players, seat, known),
        chapters=tuple(c for c in teller.chapters if c.items or c.key != "prologue"),
        ending=teller.ending)


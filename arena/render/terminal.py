"""A live terminal view of a game with rich: god, one seat, or the public table.

Everything a player or agent wrote (names, speeches, claims, error messages) reaches
the console only inside ``Text`` objects or table cells built from them, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

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
    VictimInfo,
    Vote,
    VoteResult,
)
from arena.engine.view import visible
from arena.fallbacks import FallbackCount

# Every English word the view prints. A key ``family.x`` missing from a table falls
# back to ``family.other``; single terms (``role.x``, ``ctx.x``) fall back to ``x``.
LABELS: dict[str, str] = {
    "who": "{name} (seat {seat})",
    "nobody": "no one",
    "and": "{rest} and {last}",
    "title": "Werewolf: {players} players",
    "deal": "Deal: {roles}",
    "players": "Players: {names}",
    "mode.god": "God view: every event, night actions included",
    "mode.seat": "Seat view: what {who} sees",
    "mode.public": "Public view: what the whole table sees",
    "phase.night": "Night {day}",
    "phase.day": "Day {day}",
    "night_falls": "Night {day} falls. Everyone closes their eyes.",
    "peaceful": "Dawn: a peaceful night, no one died.",
    "your_role": "You are {who}: {role}",
    "roles": "Roles: {roles}",
    "wolf_team": "Wolf team: {seats}",
    "reveal": "{who} is revealed as {role}",
    "lovers": "Lovers: {seats}",
    "silent": "(says nothing)",
    "ctx.discussion": "",
    "ctx.last_words": "last words",
    "ctx.campaign": "campaign",
    "ctx.revote": "revote",
    "ctx.wolf_chat": "wolf chat",
    "claim.role": "claims {role}",
    "claim.check": "checked {target}: {result}",
    "claim.accuse": "accuses {target}",
    "claim.vouch": "vouches {target}",
    "claim.other": "{kind} {target}",
    "act.proposal": "{actor} proposes to kill {target}",
    "act.kill": "The wolves kill {target}",
    "act.check": "{actor} checks {target}",
    "act.save": "{actor} saves {target}",
    "act.poison": "{actor} poisons {target}",
    "act.protect": "{actor} protects {target}",
    "act.link": "{actor} links {target} as lovers",
    "act.other": "{actor}: {action} {target}",
    "check_result": "  result: {target} is {result}",
    "victim_info": "{actor} is shown the wolves' target: {target}",
    "candidates": "Running for sheriff: {seats}",
    "no_candidates": "No one runs for sheriff",
    "ballot.exile": "Exile vote",
    "ballot.sheriff": "Sheriff vote",
    "ballot.tiebreak": "Tiebreak vote",
    "ballot.other": "{ballot} vote",
    "round": "{ballot}, round {round}",
    "count.one": "{n} vote",
    "count.many": "{n} votes",
    "tally": "  {count}: {target} ← {voters}",
    "weighted": "{seat} (sheriff ×{weight})",
    "abstained": "  abstained: {seats}",
    "result.exile": "{who} is exiled",
    "result.sheriff": "{who} wins the sheriff vote",
    "result.other": "{who} wins the vote",
    "tie": "Tie between {seats}",
    "nobody.exile": "No one is exiled",
    "nobody.other": "No one wins the vote",
    "sheriff.elected": "{who} is elected sheriff",
    "sheriff.no_sheriff": "No sheriff is elected",
    "sheriff.badge": "{prev} passes the sheriff badge to {who}",
    "sheriff.badge_torn": "{prev} tears up the sheriff badge",
    "sheriff.badge_lost": "The sheriff badge is lost with {prev}",
    "sheriff.other": "Sheriff: {who} ({how})",
    "death": "† {who} {cause} — {role}",
    "role_hidden": "role hidden",
    "cause.night": "died in the night",
    "cause.wolves": "was killed by the wolves",
    "cause.poison": "was poisoned by the witch",
    "cause.vote": "was exiled",
    "cause.hunter": "was shot by the hunter",
    "cause.lover": "died of a broken heart",
    "cause.explode": "self-destructed",
    "cause.other": "died ({cause})",
    "true_cause": " [true cause: {cause}]",
    "truth.wolves": "wolf kill",
    "truth.poison": "witch's poison",
    "truth.lover": "lover's death",
    "truth.other": "{cause}",
    "spared.idiot": "{who} shows the idiot card and is spared, but can no longer vote",
    "spared.other": "{who} is spared ({reason})",
    "shot": "{who} shoots {target}",
    "explode": "{who} self-destructs! The day ends at once.",
    "refused": "refused {kind} from {who}: {message}",
    "fallback": "{who} did not decide {kind} ({reason}); the default was applied",
    "model_fallback": "⚠ model seat {who} gave no answer; the default was applied "
                      "({count} in a row: {reason})",
    "belief": "{who} believes: {beliefs}",
    "game_over": "Game over",
    "wins.village": "The village wins",
    "wins.wolves": "The wolves win",
    "wins.lovers": "The lovers win",
    "wins.draw": "Draw: no one wins",
    "wins.other": "{winner} wins",
    "end_reason": "({reason})",
    "col.seat": "Seat",
    "col.name": "Name",
    "col.role": "Role",
    "col.status": "Status",
    "col.winner": "Winner",
    "alive": "alive",
    "dead": "dead",
    "winner_mark": "✓",
}

Handler = Callable[[Any], None]


def _group_key(event: BaseEvent) -> str | None:
    """Events of one key that arrive back to back are summarised in one line."""
    if isinstance(event, RoleDealt):
        return "role"
    if isinstance(event, Candidacy):
        return "candidacy"
    if isinstance(event, Reveal) and event.reason == "wolf_team":
        return "wolf_team"
    return None


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


class TerminalView:
    """Renders events as they happen; an instance is a valid engine event sink."""

    def __init__(self, console: Console, *, god: bool = False, seat: int | None = None,
                 labels: Mapping[str, str] = LABELS, models: FallbackCount | None = None
                 ) -> None:
        """``models`` counts the model seats' fallbacks (a sink called before this view):
        those are warned about in every view but another seat's."""
        if god and seat is not None:
            raise ValueError("choose the god view or one seat, not both")
        self.console, self.god, self.seat, self.labels = console, god, seat, labels
        self.models = models
        self.names: tuple[str, ...] = ()
        self.dead: set[int] = set()
        self.sheriff: int | None = None
        self.causes: dict[int, str] = {}
        self.group: list[BaseEvent] = []
        self.group_key = ""
        self.votes: list[Vote] = []
        self.dawn = False
        self.handlers: dict[type[BaseEvent], Handler] = {
            Setup: self._setup, PhaseStart: self._phase, Reveal: self._reveal,
            NightAction: self._night_action, CheckResult: self._check_result,
            VictimInfo: self._victim_info, Lovers: self._lovers, Speech: self._speech,
            Vote: self._vote, VoteResult: self._vote_result, Sheriff: self._sheriff,
            Death: self._death, CauseOfDeath: self._cause, Shot: self._shot,
            Explode: self._explode, Spared: self._spared, Belief: self._belief,
            Refused: self._refused, Fallback: self._fallback, GameEnd: self._game_end,
        }
        self.summaries: dict[str, Handler] = {
            "role": self._roles, "candidacy": self._candidacies, "wolf_team": self._wolf_team,
        }

    def __call__(self, event: BaseEvent) -> None:
        """Render one event, if this view may see it."""
        if (self.models is not None and isinstance(event, Fallback)
                and event.seat in self.models.seats):
            self._model_fallback(event, self.models.in_a_row[event.seat])
            return
        if not self.shows(event):
            return
        key = _group_key(event)
        if self.group and key != self.group_key:
            self._flush_group()
        self._after_dawn(event)
        if key is not None:
            self.group.append(event)
            self.group_key = key
        else:
            self.handlers.get(type(event), self._generic)(event)

    def shows(self, event: BaseEvent) -> bool:
        """God sees all; a seat sees its audience; the public sees public events."""
        if self.god:
            return True
        if self.seat is not None:
            return visible(event, self.seat)
        return event.audience == "public"

    def flush(self) -> None:
        """Print whatever is held back for a summary (after the last event of a log)."""
        self._flush_group()
        if self.votes:
            self._tally(self.votes[0].ballot, self.votes[0].round)

    # --- words and lines
    def t(self, key: str, **values: object) -> str:
        template = self.labels.get(key)
        if template is None:
            template = self.labels[key.rsplit(".", 1)[0] + ".other"]
        return template.format(**values)

    def term(self, family: str, value: str) -> str:
        return self.labels.get(f"{family}.{value}", value)

    def who(self, seat: int | None) -> str:
        if seat is None:
            return self.labels["nobody"]
        name = self.names[seat - 1] if 0 < seat <= len(self.names) else f"P{seat}"
        return self.t("who", name=name, seat=seat)

    def join(self, items: list[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        return self.t("and", rest=", ".join(items[:-1]), last=items[-1])

    def say(self, style: str, key: str, **values: object) -> None:
        self.console.print(Text(self.t(key, **values), style=style))

    # --- summaries of back-to-back events
    def _flush_group(self) -> None:
        group, self.group = self.group, []
        if group:
            self.summaries[self.group_key](group)

    def _roles(self, events: list[RoleDealt]) -> None:
        if self.seat is not None and [e.seat for e in events] == [self.seat]:
            self.say("bold", "your_role", who=self.who(self.seat),
                     role=self.term("role", events[0].role))
            return
        roles = ", ".join(f"{e.seat} {self.term('role', e.role)}" for e in events)
        self.say("dim", "roles", roles=roles)

    def _candidacies(self, events: list[Candidacy]) -> None:
        running = [e.seat for e in events if e.running]
        if running:
            self.say("yellow", "candidates", seats=seat_list(running))
        else:
            self.say("yellow", "no_candidates")

    def _wolf_team(self, events: list[Reveal]) -> None:
        self.say("red", "wolf_team", seats=seat_list(e.seat for e in events))

    # --- table and phases
    def _setup(self, event: Setup) -> None:
        self.names = event.names
        self.console.rule(Text(self.t("title", players=event.players)))
        deal = ", ".join(f"{n} {self.term('role', r)}" for r, n in event.roles.items())
        self.say("dim", "deal", roles=deal)
        if self.names != tuple(f"P{s}" for s in range(1, event.players + 1)):
            self.say("dim", "players", names=", ".join(
                f"{s} {name}" for s, name in enumerate(self.names, 1)))
        mode = "god" if self.god else ("seat" if self.seat is not None else "public")
        self.say("dim italic", f"mode.{mode}", who=self.who(self.seat))

    def _phase(self, event: PhaseStart) -> None:
        style = "blue" if event.name == "night" else "yellow"
        self.console.rule(Text(self.t(f"phase.{event.name}", day=event.day)), style=style)
        if event.name == "night":
            self.say("dim", "night_falls", day=event.day)
        self.dawn = event.name == "day"

    def _after_dawn(self, event: BaseEvent) -> None:
        """After daybreak, the first event tells whether anyone died in the night."""
        if self.dawn:
            self.dawn = False
            if not isinstance(event, Death | CauseOfDeath):
                self.say("green", "peaceful")

    # --- night
    def _night_action(self, event: NightAction) -> None:
        key = f"act.{event.action}" if event.final else "act.proposal"
        targets = [self.who(s) for s in event.targets]
        target = self.join(targets) if targets else self.who(event.target)
        style = "red" if event.action == "kill" else "blue"
        self.say(style, key, actor=self.who(event.seat), target=target, action=event.action)

    def _check_result(self, event: CheckResult) -> None:
        self.say("bold blue", "check_result", target=self.who(event.target),
                 result=self.term("role", event.result))

    def _victim_info(self, event: VictimInfo) -> None:
        self.say("blue", "victim_info", actor=self.who(event.seat), target=self.who(event.victim))

    def _lovers(self, event: Lovers) -> None:
        self.say("magenta", "lovers", seats=self.join([self.who(s) for s in event.seats]))

    def _reveal(self, event: Reveal) -> None:
        self.say("bold", "reveal", who=self.who(event.seat), role=self.term("role", event.role))

    # --- speech
    def _speech(self, event: Speech) -> None:
        wolf = event.context == "wolf_chat"
        line = Text(self.who(event.seat), style="bold red" if wolf else "bold cyan")
        tag = self.term("ctx", event.context)
        if tag:
            line.append(f" [{tag}]", style="magenta")
        line.append(": ")
        line.append(event.text or self.labels["silent"], style="" if event.text else "dim")
        for claim in event.claims:
            line.append(f" [{self._claim(claim)}]", style="green")
        self.console.print(line)

    def _claim(self, claim: Claim) -> str:
        return self.t(f"claim.{claim.kind}", kind=claim.kind,
                      role=self.term("role", claim.role or "?"),
                      target="?" if claim.target is None else claim.target,
                      result=self.term("role", claim.result or "?"))

    # --- votes
    def _vote(self, event: Vote) -> None:
        self.votes.append(event)

    def _vote_result(self, event: VoteResult) -> None:
        self._tally(event.ballot, event.round)
        if event.eliminated is not None:
            self.say("bold", f"result.{event.ballot}", who=self.who(event.eliminated))
        elif event.tie:
            self.say("bold", "tie", seats=self.join([str(s) for s in event.tie]))
        else:
            self.say("bold", f"nobody.{event.ballot}")

    def _tally(self, ballot: str, round_no: int) -> None:
        votes, self.votes = self.votes, []
        heading = self.t(f"ballot.{ballot}", ballot=ballot)
        if round_no > 1:
            heading = self.t("round", ballot=heading, round=round_no)
        self.console.print(Text(heading + ":", style="bold underline"))
        rows, abstained = tally(votes)
        for target, total, cast in rows:
            voters = ", ".join(self._voter(v) for v in cast)
            self.say("", "tally", count=self._count(total), target=target, voters=voters)
        if abstained:
            self.say("dim", "abstained", seats=seat_list(abstained))

    def _voter(self, vote: Vote) -> str:
        if vote.weight == 1:
            return str(vote.seat)
        return self.t("weighted", seat=vote.seat, weight=f"{vote.weight:g}")

    def _count(self, total: float) -> str:
        return self.t("count.one" if total == 1 else "count.many", n=f"{total:g}")

    # --- deaths and day powers
    def _cause(self, event: CauseOfDeath) -> None:
        self.causes[event.seat] = event.cause

    def _death(self, event: Death) -> None:
        self.dead.add(event.seat)
        role = (self.term("role", event.revealed_role) if event.revealed_role
                else self.labels["role_hidden"])
        line = self.t("death", who=self.who(event.seat), role=role,
                      cause=self.t(f"cause.{event.cause}", cause=event.cause))
        truth = self.causes.pop(event.seat, None)
        if truth is not None:
            line += self.t("true_cause", cause=self.t(f"truth.{truth}", cause=truth))
        self.console.print(Text(line, style="bold red"))

    def _sheriff(self, event: Sheriff) -> None:
        previous, self.sheriff = self.sheriff, event.seat
        self.say("bold yellow", f"sheriff.{event.how}", who=self.who(event.seat),
                 prev=self.who(previous), how=event.how)

    def _shot(self, event: Shot) -> None:
        self.say("bold red", "shot", who=self.who(event.seat), target=self.who(event.target))

    def _explode(self, event: Explode) -> None:
        self.say("bold red", "explode", who=self.who(event.seat))

    def _spared(self, event: Spared) -> None:
        self.say("bold yellow", f"spared.{event.reason}", who=self.who(event.seat),
                 reason=event.reason)

    # --- engine notes
    def _belief(self, event: Belief) -> None:
        parts = [f"{key} {self.term('role', role)} {p:.0%}"
                 for key, role, p in top_beliefs(event.probabilities)]
        self.say("dim", "belief", who=self.who(event.seat), beliefs=", ".join(parts))

    def _refused(self, event: Refused) -> None:
        self.say("yellow", "refused", kind=event.kind, who=self.who(event.seat),
                 message=event.message)

    def _fallback(self, event: Fallback) -> None:
        self.say("yellow", "fallback", kind=event.kind, who=self.who(event.seat),
                 reason=event.reason)

    def _model_fallback(self, event: Fallback, count: int) -> None:
        """A warning even outside the god view; only the seat and god see what it was
        asked and why (the rest see ``error`` or ``timeout``: no role leaks)."""
        if self.seat not in (None, event.seat):
            return  # a player's view stays its own; the summary at the end tells
        mine = self.god or self.seat == event.seat
        self.say("bold red", "model_fallback", who=self.who(event.seat), count=count,
                 reason=f"{event.kind}, {event.reason}" if mine
                 else event.reason.partition(":")[0])

    def _generic(self, event: BaseEvent) -> None:
        self.console.print(Text(str(event.to_dict()), style="dim"))

    # --- the end
    def _game_end(self, event: GameEnd) -> None:
        self.console.rule(Text(self.t("game_over")), style="bold")
        self.console.print(self._reveal_table(event))
        self.say("bold green", f"wins.{event.winner}", winner=event.winner)
        if event.reason not in ("", "win"):
            self.say("dim", "end_reason", reason=event.reason)

    def _reveal_table(self, event: GameEnd) -> Table:
        table = Table(box=box.SIMPLE_HEAD)
        for column in ("seat", "name", "role", "status", "winner"):
            table.add_column(self.labels[f"col.{column}"])
        for key, role in sorted(event.roles.items(), key=lambda kv: _seat_key(kv[0])):
            seat = int(key)
            name = self.names[seat - 1] if 0 < seat <= len(self.names) else ""
            status = self.labels["dead" if seat in self.dead else "alive"]
            mark = self.labels["winner_mark"] if seat in event.winners else ""
            table.add_row(Text(key), Text(name), Text(self.term("role", role)), Text(status),
                          Text(mark, style="green"))
        return table


def render_transcript(events: Iterable[BaseEvent], console: Console, *, god: bool,
                      seat: int | None) -> None:
    """Render a whole recorded game (for ``arena replay``)."""
    view = TerminalView(console, god=god, seat=seat)
    for event in events:
        view(event)
    view.flush()

"""Transcript events: one slotted dataclass per type, each naming its audience.

The audience is ``"public"``, ``"god"`` (the transcript and evaluators only) or a
tuple of seat numbers. There is no default: every event says who may see it.
Events are never changed after the judge emits them; readers treat them as
read-only (they are not frozen only because frozen dataclasses are slow to build).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated, Any, ClassVar, Literal, TypeAlias, TypeVar, Union

from pydantic import Field

Audience: TypeAlias = Literal["public", "god"] | tuple[int, ...]
Phase: TypeAlias = Literal["setup", "night", "day", "end"]

SCHEMA = "werewolf-arena/1"


@dataclass(slots=True, kw_only=True)
class Claim:
    """A structured claim inside a speech."""

    kind: Literal["role", "check", "accuse", "vouch"]
    role: str | None = None
    target: int | None = None
    result: str | None = None


@dataclass(slots=True)
class BaseEvent:
    seq: int
    day: int
    phase: Phase
    audience: Audience

    field_names: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict with ``type`` right after the common fields."""
        out: dict[str, Any] = {}
        for name in self.field_names:
            value = getattr(self, name)
            if isinstance(value, tuple):
                value = [_plain(v) for v in value]
            out[name] = value
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, Claim):
        return {k: getattr(value, k) for k in ("kind", "role", "target", "result")
                if getattr(value, k) is not None}
    return value


def _type_of(cls: type[BaseEvent]) -> str:
    for f in fields(cls):
        if f.name == "type":
            return str(f.default)
    raise TypeError(f"{cls.__name__} has no type")


EVENT_TYPES: dict[str, type[BaseEvent]] = {}


@dataclass(slots=True, kw_only=True)
class Setup(BaseEvent):
    """The public facts of the table: players, names, the deal's role counts, rules."""

    type: Literal["setup"] = "setup"
    players: int
    names: tuple[str, ...]
    roles: dict[str, int]
    rules: dict[str, Any]
    attributes: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True)
class RoleDealt(BaseEvent):
    """A seat learns its role."""

    type: Literal["role"] = "role"
    seat: int
    role: str


@dataclass(slots=True, kw_only=True)
class Reveal(BaseEvent):
    """Someone learns a seat's role by a rule (wolf team, lovers, idiot, hunter, end)."""

    type: Literal["reveal"] = "reveal"
    seat: int
    role: str
    reason: str


@dataclass(slots=True, kw_only=True)
class PhaseStart(BaseEvent):
    """Night falls or day breaks."""

    type: Literal["phase"] = "phase"
    name: Literal["night", "day"]


@dataclass(slots=True, kw_only=True)
class NightAction(BaseEvent):
    """A night decision: kill (proposal or final), check, save, poison, protect, link."""

    type: Literal["night_action"] = "night_action"
    seat: int
    action: str
    target: int | None
    targets: tuple[int, ...] = ()
    final: bool = True


@dataclass(slots=True, kw_only=True)
class CheckResult(BaseEvent):
    type: Literal["check_result"] = "check_result"
    seat: int
    target: int
    result: str


@dataclass(slots=True, kw_only=True)
class VictimInfo(BaseEvent):
    """The witch is told the wolves' target (or that there is none)."""

    type: Literal["victim_info"] = "victim_info"
    seat: int
    victim: int | None


@dataclass(slots=True, kw_only=True)
class Cards(BaseEvent):
    """The thief is shown the spare cards he may take."""

    type: Literal["cards"] = "cards"
    seat: int
    cards: tuple[str, ...]


@dataclass(slots=True, kw_only=True)
class Enchanted(BaseEvent):
    """The enchanted players wake and see each other (piper.enchanted_wake)."""

    type: Literal["enchanted"] = "enchanted"
    seats: tuple[int, ...]


@dataclass(slots=True, kw_only=True)
class Lovers(BaseEvent):
    """The two lovers learn each other."""

    type: Literal["lovers"] = "lovers"
    seats: tuple[int, ...]


@dataclass(slots=True, kw_only=True)
class Speech(BaseEvent):
    """Words spoken; ``context`` is discussion, campaign, revote, last_words or wolf_chat."""

    type: Literal["speech"] = "speech"
    seat: int
    text: str
    claims: tuple[Claim, ...] = ()
    context: str = "discussion"


@dataclass(slots=True, kw_only=True)
class Candidacy(BaseEvent):
    """A seat runs (or not) for sheriff."""

    type: Literal["candidacy"] = "candidacy"
    seat: int
    running: bool


@dataclass(slots=True, kw_only=True)
class Vote(BaseEvent):
    """One ballot; ``ballot`` is exile, sheriff or tiebreak."""

    type: Literal["vote"] = "vote"
    seat: int
    target: int | None
    round: int
    weight: float
    ballot: str = "exile"
    targets: tuple[int, ...] = ()


@dataclass(slots=True, kw_only=True)
class VoteResult(BaseEvent):
    type: Literal["vote_result"] = "vote_result"
    counts: dict[str, float]
    eliminated: int | None
    tie: tuple[int, ...]
    round: int
    ballot: str = "exile"


@dataclass(slots=True, kw_only=True)
class Sheriff(BaseEvent):
    """The badge goes to ``seat`` (elected or passed); ``seat`` null means no sheriff."""

    type: Literal["sheriff"] = "sheriff"
    seat: int | None
    how: str
    by: int | None = None


@dataclass(slots=True, kw_only=True)
class Death(BaseEvent):
    type: Literal["death"] = "death"
    seat: int
    cause: str
    revealed_role: str | None


@dataclass(slots=True, kw_only=True)
class CauseOfDeath(BaseEvent):
    """The true cause of a night death, which the public announcement does not tell."""

    type: Literal["death_cause"] = "death_cause"
    seat: int
    cause: str


@dataclass(slots=True, kw_only=True)
class Shot(BaseEvent):
    """The hunter's shot (target null: he declined)."""

    type: Literal["shoot"] = "shoot"
    seat: int
    target: int | None


@dataclass(slots=True, kw_only=True)
class Explode(BaseEvent):
    """A wolf self-destructs (自爆); the day ends at once. ``during``: the seat whose
    speech he cut off (wolves.self_destruct_timing = any_time), else absent."""

    type: Literal["explode"] = "explode"
    seat: int
    during: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out = BaseEvent.to_dict(self)
        if out["during"] is None:  # at his own turn: the line as before the key existed
            del out["during"]
        return out


@dataclass(slots=True, kw_only=True)
class Spared(BaseEvent):
    """An exiled seat survives by a rule (the idiot shows his card)."""

    type: Literal["spared"] = "spared"
    seat: int
    reason: str


@dataclass(slots=True, kw_only=True)
class Belief(BaseEvent):
    type: Literal["belief"] = "belief"
    seat: int
    probabilities: dict[str, dict[str, float]]


@dataclass(slots=True, kw_only=True)
class VoteProbe(BaseEvent):
    """Whom a seat says it would vote to exile now (``eval.vote_probes``; null: abstain);
    ``after`` is the seq of the speech just heard, null for the day's first probe."""

    type: Literal["vote_probe"] = "vote_probe"
    seat: int
    target: int | None
    after: int | None = None


@dataclass(slots=True, kw_only=True)
class UsageRecord(BaseEvent):
    """One HTTP attempt of a model call made for a decision (tokens, cost, latency);
    retries and failed attempts (``error``, no tokens) are recorded too."""

    type: Literal["usage"] = "usage"
    seat: int
    kind: str
    model: str
    input_tokens: int
    cached_tokens: int
    output_tokens: int
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    cost_usd: float
    priced: bool = True
    latency_s: float
    output_format: str = ""
    attempt: int = 1
    error: str | None = None


@dataclass(slots=True, kw_only=True)
class UsageSummary(BaseEvent):
    """Totals of the game's model calls per seat and overall (before game_end)."""

    type: Literal["usage_summary"] = "usage_summary"
    seats: dict[str, dict[str, float]]
    total: dict[str, float]


@dataclass(slots=True, kw_only=True)
class Reasoning(BaseEvent):
    """An agent's private reasoning for a decision (kept with --record-reasoning)."""

    type: Literal["reasoning"] = "reasoning"
    seat: int
    kind: str
    text: str


@dataclass(slots=True, kw_only=True)
class Refused(BaseEvent):
    """An illegal answer, refused; only the deciding seat sees it. ``decision`` is the
    illegal decision, or None when the answer held none; then ``answer`` is its raw text."""

    type: Literal["error"] = "error"
    seat: int
    kind: str
    message: str
    decision: dict[str, Any] | None = None
    answer: str | None = None


@dataclass(slots=True, kw_only=True)
class Fallback(BaseEvent):
    """A decision the agent failed to make; the engine applied its default."""

    type: Literal["fallback"] = "fallback"
    seat: int
    kind: str
    reason: str


@dataclass(slots=True, kw_only=True)
class GameEnd(BaseEvent):
    type: Literal["game_end"] = "game_end"
    winner: str
    winners: tuple[int, ...]
    roles: dict[str, str] = field(default_factory=dict)
    reason: str = ""


@dataclass(slots=True, kw_only=True)
class Aborted(BaseEvent):
    """The game stopped before a rule ended it, in place of ``game_end``: ``seat`` could
    no longer play on ``endpoint`` (a model endpoint, or what else it plays on) for
    ``cause`` (an endpoint that keeps failing, a spending cap, too many fallbacks)."""

    type: Literal["aborted"] = "aborted"
    seat: int | None
    endpoint: str
    cause: str


@dataclass(slots=True, kw_only=True)
class NewMoon(BaseEvent):
    """A New Moon card or online event (``card``: catalog id E1-E31 or O1-O12, ``effect``:
    its name). ``step`` is ``drawn`` (flipped at dawn by ``by``, or scheduled), ``in_play``
    (a dark card put in play before the game), ``applied`` (what it did to ``seats``),
    ``answer`` (a spiritualism question or a sleepwalking seer's check: ``answer``),
    ``revived`` (``seats`` are alive again), ``broken_up`` (the lovers ``seats`` are no
    longer lovers) or ``ended`` (no longer in force)."""

    type: Literal["new_moon"] = "new_moon"
    card: str
    effect: str
    moon: str
    step: str = "drawn"
    seats: tuple[int, ...] = ()
    by: int | None = None
    question: str | None = None
    answer: str | None = None


@dataclass(slots=True, kw_only=True)
class House(BaseEvent):
    """A house changes (B7, B10, R16): ``burnt`` by the arsonist (its owner ``seat`` is
    now a vagrant), ``moved_in`` (the bailiff lodged the vagrant ``seat`` in the empty
    house of seat ``house``) or ``refused`` (the vagrant declined it)."""

    type: Literal["house"] = "house"
    seat: int
    building: str
    how: str
    house: int | None = None


@dataclass(slots=True, kw_only=True)
class BuildingPower(BaseEvent):
    """A building's power used (B2-B9): ``power`` is confess, pardon, look, immune, lost,
    bar, move, strike or mend; ``target`` / ``targets`` name whom it touched."""

    type: Literal["building_power"] = "building_power"
    seat: int
    building: str
    power: str
    target: int | None = None
    targets: tuple[int, ...] = ()


EVENT_CLASSES: list[type[BaseEvent]] = []
EventClass = TypeVar("EventClass", bound=type[BaseEvent])


def register_event(cls: EventClass) -> EventClass:
    """Add an event class to the transcript's vocabulary; a role module registers the
    events only it emits."""
    name = _type_of(cls)
    if name in EVENT_TYPES:
        raise TypeError(f"two event classes named {name!r}")
    cls.field_names = tuple(f.name for f in fields(cls))
    EVENT_TYPES[name] = cls
    EVENT_CLASSES.append(cls)
    return cls


def event_type() -> Any:
    """Every registered event class as one tagged union, for readers that validate lines."""
    return Annotated[Union[tuple(EVENT_CLASSES)], Field(discriminator="type")]  # noqa: UP007


for _cls in (
    Setup, RoleDealt, Reveal, PhaseStart, NightAction, CheckResult, VictimInfo, Cards,
    Enchanted, Lovers, Speech, Candidacy, Vote, VoteResult, Sheriff, Death, CauseOfDeath,
    Shot, Explode, Spared, Belief, UsageRecord, UsageSummary, Reasoning, Refused, Fallback,
    GameEnd, NewMoon, VoteProbe, Aborted, House, BuildingPower,
):
    register_event(_cls)

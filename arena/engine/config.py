"""Rule keys (one pydantic model, one field per key) and the game configuration.

Every rule option of the catalog is a field of :class:`RuleSet`; its alias is the
dotted key used by presets, scenarios and ``--set``. Each role module declares its own
keys as a group (``WitchRules`` in ``roles/witch.py``), as do the Village and the New
Moon; the keys of the table (reveals, votes, speeches, the variants) are declared here.
Field defaults are the tabletop-base (classic) edition; presets override them per edition.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from arena.engine.newmoon.rules import NewMoonRules
from arena.engine.roles import ROLES, role_spec
from arena.engine.roles.chief import ChiefRules
from arena.engine.roles.cupid import CupidRules
from arena.engine.roles.elder import ElderRules
from arena.engine.roles.guard import GuardRules
from arena.engine.roles.hunter import HunterRules
from arena.engine.roles.idiot import IdiotRules
from arena.engine.roles.infatuated import InfatuatedRules
from arena.engine.roles.little_girl import LittleGirlRules
from arena.engine.roles.piper import PiperRules
from arena.engine.roles.seer import SeerRules
from arena.engine.roles.sheriff import SheriffRules
from arena.engine.roles.thief import ThiefRules
from arena.engine.roles.werewolf import WolfRules
from arena.engine.roles.white_wolf import WhiteWolfRules
from arena.engine.roles.witch import WitchRules
from arena.engine.rule_types import RuleError as RuleError  # its home, out of import cycles
from arena.engine.rule_types import RuleGroup, TieRule, dotted
from arena.engine.village.rules import BuildingRules

NIGHT_ORDER = tuple(s.name for s in sorted(
    (s for s in ROLES.values() if s.night_rank is not None), key=lambda s: s.night_rank or 0))


class RevealRules(RuleGroup):
    """Death reveals and last words (C4, C5)."""

    reveal__night_death: bool = Field(True, description="C4: roles of night deaths are revealed.")
    reveal__vote_death: bool = Field(True, description="C4: roles of exiled players are revealed.")
    reveal__day_death: bool = Field(
        True, description="C4: roles of other day deaths (shot, lover, explode) are revealed."
    )
    last_words__mode: Literal[
        "none", "voted_only", "first_night_and_voted", "all", "all_until_quota"
    ] = Field("none", description="C5: who gives last words before leaving.")
    last_words__quota: int = Field(
        0, ge=0, description="C5: total last words in all_until_quota mode (0 = number of wolves)."
    )


class VoteRules(RuleGroup):
    """The exile vote (C13, C29, C39)."""

    vote__tie: tuple[TieRule, ...] = Field(
        ("none",), description="C13/C39: tie rules in order of precedence; the first that "
        "applies (a revote that stays tied hands on to the next; random: drawn by lot)."
    )
    vote__mode: Literal["simultaneous", "sequential_clockwise", "sheriff_first"] = Field(
        "simultaneous", description="C29: votes are secret until all are in, or cast in turn, "
        "or (Harvest) the sheriff votes openly before everyone else."
    )
    vote__allow_self: bool = Field(False, description="A player may vote for himself.")
    vote__allow_abstain: bool = Field(True, description="A player may abstain.")
    vote__max_revotes: int = Field(
        3, ge=1, description="Safety cap on revote_until rounds; then no one is exiled."
    )
    vote__revote: Literal["tied_among_others", "all_for_anyone"] = Field(
        "tied_among_others", description="C13: in a revote the tied players speak and the "
        "others vote among them, or (AIWolf) everyone votes again for anyone, no speeches."
    )


RecordedOrder = Annotated[str, StringConstraints(
    pattern=r"^recorded:(\*|[1-9][0-9]*[+-])(,(\*|[1-9][0-9]*[+-]))*$")]
"""A recorded game's speaking orders: ``recorded:`` and, for day 1, 2, ..., the first
speaker and + (clockwise) or - (counter-clockwise), or * (drawn), comma-separated."""


class SpeechRules(RuleGroup):
    """Speeches (C30)."""

    speech__order: Literal["left_of_victim", "seat_order", "drawn"] | RecordedOrder = Field(
        "left_of_victim",
        description="C30: speeches (and sequential votes) go clockwise from the left of last "
        "night's victim (none: left of the sheriff, else seat 1), or from seat 1; drawn "
        "(online tables): each day the judge draws the direction and the first speaker, "
        "next to one of the dawn's dead or, after a peaceful night, anyone; "
        "recorded:9+,5-,*,...: day 1 starts at seat 9 clockwise, day 2 at seat 5 "
        "counter-clockwise, day 3 is drawn, ... (an imported game's draws).",
    )
    speech__rounds_day1: int = Field(1, ge=1, le=3, description="C30: speech rounds on day 1.")
    speech__rounds_later: int = Field(1, ge=1, le=3, description="C30: speech rounds after day 1.")
    speech__max_chars: int = Field(2000, ge=0, description="Longest speech kept (characters).")


class VariantRules(RuleGroup):
    """The variants (4.1 V1-V6, 4.2)."""

    vote__method: Literal["ballot", "vouching"] = Field(
        "ballot", description="V1/4.2.5: the exile is a ballot, or everyone stands and players "
        "vouch for one another until one is left standing, who is exiled.",
    )
    vouch__mode: Literal["clockwise", "chain"] = Field(
        "clockwise", description="C31: the turn to vouch passes clockwise (V1), or to the "
        "player just vouched for (Bleak Monday).",
    )
    variant__black_death: bool = Field(
        False, description="V5: the wolf cards are dealt as villagers; the judge picks the "
        "first night's victim, then each night the last victim picks the next; the last "
        "survivor wins.",
    )
    variant__double_you: Literal["none", "small", "great"] = Field(
        "none", description="V2/V3: every player holds two cards. small: a face-up role card "
        "(dealt from the deck's non-wolf cards and double_you.public_villagers villagers, A39) "
        "and a hidden camp card (the wolves and the other villagers); great: two hidden cards "
        "(pairs of two night roles other than witch + seer are dealt again, A40). A wolf card "
        "makes a wolf who keeps the other card's power.",
    )
    double_you__public_villagers: int = Field(
        2, ge=0, le=2, description="A39: villager cards in Double-You small's face-up deck.",
    )
    variant__lycanthropy: Literal["none", "temptation", "fascination"] = Field(
        "none", description="C32: the wolves' victim is infected / hypnotised instead of "
        "killed and loses his powers; fascination: exiling one hypnotised player kills them "
        "all. The wolves win when one non-wolf is left untouched.",
    )
    harvest__neighbours: bool = Field(
        False, description="V4: wolves attack only a neighbour of a living wolf, the hunter "
        "shoots and the guard protects only a neighbour (or himself).",
    )
    harvest__triangle: bool = Field(
        False, description="V4/4.2.4: after linking two lovers, Cupid links one of them (the "
        "unfaithful) to a third player (the secret lover); the abandoned lover's death takes "
        "no one, the unfaithful's takes both others, the secret lover's only the unfaithful; "
        "the unfaithful and the secret lover may not vote for each other (C33b: 001's reading, "
        "the abandoned lover votes freely; 000's: lovers.vote_restriction = forbid_abandoned).",
    )
    harvest__scapegoat: Literal["standard", "replaces_neighbour", "neighbour_by_vote"] = Field(
        "standard", description="C33a: the scapegoat as usual, or (001 V4) he dies in the "
        "place of a neighbour the village exiles (leave scapegoat out of vote.tie), or (000 "
        "End of the Harvest) a tie he would die for kills instead the one of his two "
        "neighbours the village votes for, who names no voters (keep scapegoat in vote.tie).",
    )
    witch__potion: Literal["choose", "box_toss"] = Field(
        "choose", description="V4/C33d: the witch picks her potion, or designates a player once "
        "per game and a toss of the box decides its effect (4.2.4 table).",
    )
    witch__box_weights: tuple[float, float, float, float] = Field(
        (1.0, 1.0, 1.0, 1.0), description="4.2.4: weights of the toss's outcomes: antidote, "
        "antidote + villager, antidote + werewolf, poison.",
    )


class RuleSet(
    NewMoonRules,
    BuildingRules,
    VariantRules,
    InfatuatedRules,
    WhiteWolfRules,
    PiperRules,
    ChiefRules,
    ElderRules,
    LittleGirlRules,
    ThiefRules,
    IdiotRules,
    CupidRules,
    WolfRules,
    SpeechRules,
    VoteRules,
    SheriffRules,
    GuardRules,
    WitchRules,
    RevealRules,
    HunterRules,
    SeerRules,
):
    """Every rule option, keyed by its dotted name (see ``arena rules``). Each group
    of keys is declared where it is used (a role module, the Village, the New Moon);
    the groups' fields come in the order of the bases, last base first."""

    village__win_requires_no_third_party: bool = Field(
        False, description="C23: the village must also eliminate third parties (a mixed pair)."
    )
    night__order: tuple[str, ...] = Field(
        NIGHT_ORDER,
        description="C27/C28: wake order; first-night-only roles act on night 1 only.",
    )
    setup__require_seer: bool = Field(False, description="C38: a deal must include a seer.")
    game__max_days: int = Field(
        40, ge=1, description="Safety cap: after this day the game ends in a draw."
    )
    eval__beliefs: bool = Field(
        False, description="Ask each living seat for its role beliefs once a day before the vote."
    )
    eval__vote_probes: bool = Field(
        False, description="Ask every living seat privately whom it would vote to exile now: "
        "before the day's first speech and, after each speech, every seat but the speaker "
        "(god-only vote_probe events; the game is unchanged)."
    )

    @field_validator("night__order")
    @classmethod
    def _known_roles(cls, order: tuple[str, ...]) -> tuple[str, ...]:
        for name in order:
            role_spec(name)
        return order

    def key_values(self) -> dict[str, Any]:
        """The rules as a plain dict keyed by dotted names (a fresh copy each call)."""
        return dict(self._key_values)

    @cached_property
    def _key_values(self) -> dict[str, Any]:
        # rules are frozen, and every game's setup event lists them: dump them once
        return self.model_dump(by_alias=True, mode="json")


RULE_KEYS: dict[str, str] = {dotted(name): name for name in RuleSet.model_fields}


def rule_help() -> list[tuple[str, str, str]]:
    """(key, default, help) for every rule key, for ``arena rules``."""
    rows = []
    defaults = RuleSet().key_values()
    for key, name in RULE_KEYS.items():
        info = RuleSet.model_fields[name]
        rows.append((key, _fmt(defaults[key]), info.description or ""))
    return rows


def _fmt(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def parse_rule_value(key: str, raw: Any) -> Any:
    """A rule value as ``--set KEY=VALUE`` or a file gives it: text reads as booleans,
    numbers, comma lists or strings; a single value where a list is expected is a
    one-element list."""
    if key not in RULE_KEYS:
        raise RuleError(f"unknown rule key {key!r} (see `arena rules`)")
    is_list = "tuple" in str(RuleSet.model_fields[RULE_KEYS[key]].annotation)
    if not isinstance(raw, str):
        return (raw,) if is_list and not isinstance(raw, list | tuple) else raw
    if is_list:
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    lowered = raw.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for number in (int, float):
        try:
            return number(raw)
        except ValueError:
            pass
    return raw.strip()


def make_rules(
    base: dict[str, Any] | None = None, overrides: dict[str, Any] | None = None
) -> RuleSet:
    """Build a RuleSet from dotted keys (values read by parse_rule_value), with one-line
    errors for bad keys or values."""
    merged = {k: parse_rule_value(k, v) for k, v in {**(base or {}), **(overrides or {})}.items()}
    try:
        return RuleSet.model_validate(merged)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"][:1])
        raise RuleError(f"bad value for rule {loc}: {err['msg']}") from None


class GameConfig(BaseModel):
    """A deal (role counts), the rules, and the preset it came from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    preset: str | None = None
    roles: dict[str, int]
    rules: RuleSet = Field(default_factory=RuleSet)
    names: tuple[str, ...] = ()
    attributes: dict[int, dict[str, Any]] = Field(
        default_factory=dict,
        description="Seat attributes (gender, age, ...) by seat; missing ones are drawn "
        "from the seed. Public, as at a real table.",
    )

    @model_validator(mode="after")
    def _deal_adds_up(self) -> GameConfig:
        for name, count in self.roles.items():
            if name not in ROLES:
                raise ValueError(f"unknown role {name!r} (known: {', '.join(sorted(ROLES))})")
            if count < 0:
                raise ValueError(f"role {name!r} has a negative count")
        wolves = sum(c for n, c in self.roles.items() if ROLES[n].pack)
        total = self.players
        if wolves < 1:
            raise ValueError("the deal has no werewolf")
        if total - wolves < 1:
            raise ValueError("the deal has no good player")
        if total < 3 or total > 30:
            raise ValueError(f"a game needs 3 to 30 players, the deal has {total}")
        if self.rules.setup__require_seer and self.roles.get("seer", 0) < 1:
            raise ValueError("setup.require_seer is on but the deal has no seer")
        double = self.rules.variant__double_you
        if double == "great" and sum(self.roles.values()) % 2:
            raise ValueError("Double-You great deals two cards a player: an even deck")
        hidden = self.rules.double_you__public_villagers + total - wolves
        if double == "small" and self.roles.get("villager", 0) < hidden:
            raise ValueError("Double-You small needs villagers for the face-up deck and for "
                             "every hidden card that is not a wolf")
        for name, count in self.roles.items():
            if count and ROLES[name].unique and count > 1:
                raise ValueError(f"role {name!r} can be dealt at most once")
        for name, count in self.roles.items():
            spec = ROLES[name]
            if count and spec.night is not None and name not in self.rules.night__order:
                raise ValueError(f"role {name!r} is dealt but night.order never wakes it")
        if self.spare_cards and self.roles.get("villager", 0) < self.spare_cards and (
                self.rules.thief__mode == "spare_cards"):
            raise ValueError("a thief with spare cards needs two extra villager cards in the deal")
        if self.names and len(self.names) != total:
            raise ValueError(f"{len(self.names)} seat names for {total} players")
        return self

    @property
    def spare_cards(self) -> int:
        """Cards dealt to no one for the thief (C26)."""
        if not self.roles.get("thief"):
            return 0
        return {"spare_cards": 2, "online_blind3": 1}.get(self.rules.thief__mode, 0)

    @property
    def extra_cards(self) -> int:
        """Cards beyond one a player: the thief's spare cards (C26); in Double-You the
        second cards (great: half the deck; small: the face-up deck, A39, whose cards
        left over go to no one)."""
        mode = self.rules.variant__double_you
        if mode == "great":
            return sum(self.roles.values()) // 2
        if mode == "small":
            face_up = sum(n for r, n in self.roles.items() if r != "villager" and not ROLES[r].pack)
            return face_up + self.rules.double_you__public_villagers
        return self.spare_cards

    @property
    def players(self) -> int:
        return sum(self.roles.values()) - self.extra_cards

    def deck(self) -> list[str]:
        """The cards in a stable order (night order roles first), before shuffling."""
        return [name for name in sorted(self.roles) for _ in range(self.roles[name])]

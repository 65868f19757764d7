"""Rule keys (one pydantic model, one field per key) and the game configuration.

Every rule option of the catalog is a field of :class:`RuleSet`; its alias is the
dotted key used by presets, scenarios and ``--set``. Each role module declares its own
keys as a group (``WitchRules`` in ``roles/witch.py``), as do the Village and the New
Moon, the death cascade (reveals), the win check and, for the keys read on several
floors (the vote, speeches, the variants), ``shared_rules.py``. A module below this one
reads a group's keys through the group: ``judge.rules[WitchRules]``.
Field defaults are the tabletop-base (classic) edition; presets override them per edition.
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from arena.engine.deaths import RevealRules
from arena.engine.newmoon.rules import NewMoonRules
from arena.engine.roles import ROLES, role_spec
from arena.engine.roles.cupid import CupidRules
from arena.engine.roles.guard import GuardRules
from arena.engine.roles.hunter import HunterRules
from arena.engine.roles.idiot import IdiotRules
from arena.engine.roles.infatuated import InfatuatedRules
from arena.engine.roles.little_girl import LittleGirlRules
from arena.engine.roles.piper import PiperRules
from arena.engine.roles.seer import SeerRules
from arena.engine.roles.sheriff import SheriffRules
from arena.engine.roles.spare_lives import ChiefRules, ElderRules
from arena.engine.roles.thief import ThiefRules
from arena.engine.roles.werewolf import WolfRules
from arena.engine.roles.white_wolf import WhiteWolfRules
from arena.engine.roles.witch import WitchRules
from arena.engine.rule_types import RuleError as RuleError  # its home, out of import cycles
from arena.engine.rule_types import dotted
from arena.engine.shared_rules import SpeechRules, VariantRules, VoteRules
from arena.engine.village.rules import BuildingRules
from arena.engine.win import WinRules

NIGHT_ORDER = tuple(s.name for s in sorted(
    (s for s in ROLES.values() if s.night_rank is not None), key=lambda s: s.night_rank or 0))


class RuleSet(
    WinRules,
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

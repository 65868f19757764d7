"""Rule keys (one pydantic model, one field per key) and the game configuration.

Every rule option of the catalog is a field of :class:`RuleSet`; its alias is the
dotted key used by presets, scenarios and ``--set``. Field defaults are the
tabletop-base (classic) edition; presets override them per edition.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from arena.engine.newmoon.cards import CARDS, DARK
from arena.engine.roles import ROLES, role_spec

TieRule = Literal[
    "none", "revote_once", "revote_until", "sheriff_decides", "sheriff_side", "scapegoat", "monk",
    "random",
]
DeathCause = Literal[
    "wolves", "poison", "vote", "hunter", "lover", "explode", "hybrid", "infatuated",
    "scapegoat", "monk", "elder_penalty", "hypnosis", "barber", "fire", "other",
    "punishment", "specter", "backfire", "venom", "thunder", "ufo",  # New Moon (4.3, 4.4)
]
ALL_CAUSES: tuple[DeathCause, ...] = (
    "wolves", "poison", "vote", "hunter", "lover", "explode", "hybrid", "infatuated",
    "scapegoat", "monk", "elder_penalty", "hypnosis", "barber", "fire", "other")


NIGHT_ORDER = tuple(s.name for s in sorted(
    (s for s in ROLES.values() if s.night_rank is not None), key=lambda s: s.night_rank or 0))


BUILDINGS = 14  # catalog 1.4: the Village deals 14 buildings of 9 types


def _houses(entry: str, power: str) -> Any:
    """A ``buildings.<type>`` field: how many houses of one type the Village deals (A23)."""
    return Field(0, ge=0, le=BUILDINGS, description=f"A23/{entry}: houses dealt ({power}).")


def _key(name: str) -> str:
    return name.replace("__", ".")


class RuleError(ValueError):
    """A rule key or value that does not exist, or a deal that does not add up."""


class RuleSet(BaseModel):
    """Every rule option, keyed by its dotted name (see ``arena rules``)."""

    model_config = ConfigDict(
        alias_generator=_key, populate_by_name=True, extra="forbid", frozen=True
    )

    # --- seer (C1)
    seer__result: Literal["exact", "wolf_flag", "three_cards"] = Field(
        "exact", description="C1: a check tells the exact role, or only wolf / not wolf, or "
        "(Harvest) shows the target's and his two living neighbours' cards, unordered."
    )
    # --- hunter (C2, C3, A5)
    hunter__shoot_on_night_death: bool = Field(
        True, description="C2: a hunter killed at night may shoot at dawn."
    )
    hunter__blocked_causes: tuple[DeathCause, ...] = Field(
        ("poison", "lover", "explode", "hybrid", "elder_penalty", "other"),
        description="C3: death causes on which the hunter may not shoot.",
    )
    hunter__requires_reveal: bool = Field(
        False, description="C3: a voted-out hunter shoots only if his role is revealed at death."
    )
    hunter__reveal_on_shot: bool = Field(
        True, description="A hunter who shoots shows his card to everyone."
    )
    # --- death reveal and last words (C4, C5)
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
    # --- witch (C6, C7, C8, A2)
    witch__total_uses: int = Field(
        2, ge=1, le=2, description="C6: potion uses per game (2: each potion once; 1: one in all)."
    )
    witch__max_per_night: int = Field(2, ge=1, le=2, description="C6: potions usable in one night.")
    witch__self_save: bool = Field(True, description="C7: the witch may save herself.")
    witch__self_poison: bool = Field(True, description="The witch may poison herself.")
    witch__sees_victim: Literal["always", "until_antidote_used"] = Field(
        "always", description="C8: when the witch is told the wolves' target."
    )
    save__double_save: Literal["survives", "dies"] = Field(
        "survives", description="A2: a target both guarded and saved by the witch."
    )
    # --- guard (R8)
    guard__allow_self: bool = Field(True, description="R8: the guard may protect himself.")
    guard__allow_repeat: bool = Field(
        False, description="R8: the guard may protect the same player two nights running."
    )
    # --- sheriff (C9-C12, A10, A11)
    sheriff__election: Literal["none", "day1_after_speeches", "before_night1"] = Field(
        "day1_after_speeches", description="C9: when the sheriff is elected."
    )
    sheriff__electorate: Literal["all_living", "non_candidates", "farmers"] = Field(
        "all_living", description="C10: who votes in the sheriff election (farmers: only "
        "the living farmers, VIL)."
    )
    sheriff__candidates: Literal["all_living", "farmers"] = Field(
        "all_living", description="C10/C12: who may run for sheriff and receive the badge "
        "(farmers: seats whose table attribute building is farmer)."
    )
    sheriff__election_tie: Literal["none", "revote_once", "random"] = Field(
        "revote_once", description="C10: a tied sheriff election."
    )
    sheriff__vote_weight: float = Field(2.0, gt=0, description="C11: weight of the sheriff's vote.")
    sheriff__succession: Literal["optional", "mandatory"] = Field(
        "optional", description="C12: a dying sheriff may or must pass the badge."
    )
    sheriff__succession_on: Literal["killed", "any_death"] = Field(
        "any_death", description="C12/A11: which deaths pass the badge (killed = not exiled)."
    )
    # --- votes (C13, C19, C29, C39, A10)
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
    # --- speech (C30)
    speech__order: Literal["left_of_victim", "seat_order"] = Field(
        "left_of_victim",
        description="C30: speeches (and sequential votes) go clockwise from the left of last "
        "night's victim (none: left of the sheriff, else seat 1), or from seat 1.",
    )
    speech__rounds_day1: int = Field(1, ge=1, le=3, description="C30: speech rounds on day 1.")
    speech__rounds_later: int = Field(1, ge=1, le=3, description="C30: speech rounds after day 1.")
    speech__max_chars: int = Field(2000, ge=0, description="Longest speech kept (characters).")
    # --- wolves (C14, C15, C22)
    wolves__allow_no_kill: bool = Field(True, description="C14: the wolves may kill nobody.")
    wolves__first_night_kill: bool = Field(
        True, description="Whether the wolves kill on the first night (AIWolf: no, the pack "
        "only wakes and talks)."
    )
    wolves__allow_wolf_target: bool = Field(True, description="C14: the wolves may target a wolf.")
    wolves__lover_target_forbidden: bool = Field(
        True, description="C14: a wolf lover may not target his partner."
    )
    wolves__consensus: Literal[
        "majority_tie_nokill", "timeout_nokill", "leader", "plurality_lot", "plurality_lot_any"
    ] = Field(
        "majority_tie_nokill", description="C15: how the pack settles its kill (plurality_lot: "
        "the most proposed target, a tie drawn by lot, no proposal no kill; plurality_lot_any: "
        "no proposal draws any prey by lot, the AIWolf servers)."
    )
    wolves__chat: bool = Field(True, description="Wolves talk in a private channel each night.")
    wolves__win: Literal[
        "all_non_wolves", "all_ordinary_villagers", "all_villagers_or_all_specials", "parity"
    ] = Field("all_non_wolves", description="C22: whom the wolves must kill to win (parity: "
              "as many living wolves as other players, AIWolf).")
    wolves__self_destruct: bool = Field(
        False, description="A wolf may self-destruct (自爆) at his speech: day ends, no vote."
    )
    wolves__self_destruct_timing: Literal["own_speech", "any_time"] = Field(
        "own_speech", description="When a wolf may self-destruct: before his own speech, or "
        "(FanLang) also during anyone's, cutting it off; the speech it interrupts is recorded."
    )
    # --- cupid and lovers (C17-C19, C21, C36, A5)
    cupid__allow_self: bool = Field(True, description="R6: Cupid may link himself.")
    cupid__phase: Literal["night1", "before_game"] = Field(
        "night1", description="C17: Cupid links in his night-1 step, or before the game "
        "(before a before_night1 sheriff election)."
    )
    cupid__timeout_s: float | None = Field(
        None, description="C17: seconds Cupid has to link (online: the first 25 s of night 1); "
        "unset, the table's usual time limit."
    )
    lovers__see_roles: bool = Field(False, description="C18: lovers learn each other's role.")
    lovers__vote_restriction: Literal["forbid_each_other", "none", "must_vote_each_other"] = (
        Field("forbid_each_other", description="C19: a lover may not vote for the partner, "
              "may vote freely, or must vote for the partner when he can.")
    )
    lovers__lover_target_forbidden: bool = Field(
        True, description="A5: a hunter may not shoot his lover, a witch not poison hers."
    )
    lovers__chain_causes: tuple[DeathCause, ...] = Field(
        ALL_CAUSES, description="C36: causes of death that take the partner along."
    )
    lovers__breakup_causes: tuple[DeathCause, ...] = Field(
        (), description="C36/A48: causes of death that instead break the pair up: the partner "
        "lives on for his own side (these win over chain_causes)."
    )
    lovers__win: Literal["last_two_alive", "both_survive"] = Field(
        "last_two_alive", description="C21: when a mixed (wolf + good) pair wins."
    )
    cupid__joins_mixed_pair: bool = Field(
        False, description="C21: Cupid wins with a mixed pair he linked."
    )
    # --- idiot (C20)
    idiot__on_vote: Literal["survive_no_vote", "die_can_interject"] = Field(
        "survive_no_vote",
        description="C20: the exiled idiot shows his card and lives without a vote, or dies "
        "with last words.",
    )
    # --- thief (C26, A47)
    thief__mode: Literal["spare_cards", "swap_player", "online_blind3"] = Field(
        "spare_cards",
        description="C26: take one of two spare cards (deal 2 extra), swap with a player, or "
        "pick blind from the leftover card + a villager + a wolf (deal 1 extra).",
    )
    thief__swap_mandatory: bool = Field(
        False, description="C33c: in swap_player mode the thief must swap."
    )
    # --- little girl (C16, A1)
    little_girl__info: Literal["all_wolves", "one_wolf", "wolf_chat"] = Field(
        "all_wolves", description="A1: what a peeking little girl learns."
    )
    little_girl__detect_p: float = Field(
        0.25, ge=0, le=1, description="A1: chance the wolves catch her peeking, learning her seat."
    )
    little_girl__window: Literal["whole_step", "after_kill_call"] = Field(
        "whole_step", description="C16: she peeks during the whole wolf step or only at the kill."
    )
    little_girl__capture: Literal["seat_revealed", "dies_instead"] = Field(
        "seat_revealed", description="C16: caught, she is only shown to the pack (who may kill "
        "her), or she is the pack's kill that night and its chosen victim is spared."
    )
    # --- elder and online chief (C25, A4, A6-A8)
    elder__penalty_scope: Literal["village_specials", "listed_roles", "all_roles"] = Field(
        "village_specials", description="C25: who loses powers when the village kills the elder."
    )
    elder__penalty_timing: Literal["after_triggers", "before_triggers"] = Field(
        "after_triggers",
        description="A4: powers are lost after the same cascade's triggers (a dying hunter "
        "still shoots) or before them.",
    )
    chief__penalty_scope: Literal["village_specials", "listed_roles", "all_roles"] = Field(
        "all_roles", description="C25: who loses powers when the village kills the online chief."
    )
    # --- piper (C24, A15)
    piper__targets_per_night: int = Field(
        2, ge=1, le=3, description="C24: players charmed a night.")
    piper__enchanted_wake: bool = Field(
        True, description="C24: the enchanted wake each night and see each other."
    )
    piper__must_be_alive: bool = Field(True, description="C24: the piper must be alive to win.")
    piper__lover_disables: bool = Field(
        False, description="C24: a piper made a lover cannot charm."
    )
    # --- white wolf, infatuated (A16, C34)
    white_wolf__first_night: int = Field(
        2, ge=1, le=2, description="A16: the white wolf's solo kill on nights 2, 4... or 1, 3..."
    )
    infatuated__frequency: Literal["once", "every_night"] = Field(
        "once", description="C34: the infatuated adores once per game or every night."
    )
    infatuated__covers: Literal["vote_and_kill", "vote"] = Field(
        "vote_and_kill", description="C34: deaths of the adored that the infatuated takes instead."
    )
    # --- variants (4.1 V1, V4-V6; 4.2.4-4.2.6)
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
        "the abandoned lover votes freely).",
    )
    harvest__scapegoat: Literal["standard", "replaces_neighbour"] = Field(
        "standard", description="C33a: the scapegoat as usual, or (001 V4) he dies in the "
        "place of a neighbour the village exiles (leave scapegoat out of vote.tie).",
    )
    witch__potion: Literal["choose", "box_toss"] = Field(
        "choose", description="V4/C33d: the witch picks her potion, or designates a player once "
        "per game and a toss of the box decides its effect (4.2.4 table).",
    )
    witch__box_weights: tuple[float, float, float, float] = Field(
        (1.0, 1.0, 1.0, 1.0), description="4.2.4: weights of the toss's outcomes: antidote, "
        "antidote + villager, antidote + werewolf, poison.",
    )
    # --- the Village's buildings (1.4, A19, A23): copies of each type, 0 or 14 in all
    buildings__farmer: int = _houses("B1", "only farmers stand for, elect and inherit the "
                                     "sheriff")
    buildings__confessor: int = _houses("B2", "once, by day, secretly sees a card")
    buildings__noble: int = _houses("B3", "once, pardons the player voted out")
    buildings__baker: int = _houses("B4", "looks when the wolves close their eyes")
    buildings__tavern_keeper: int = _houses("B5", "safe from the wolves and the vote")
    buildings__schoolmistress: int = _houses("B6", "bars two players from a vote")
    buildings__bailiff: int = _houses("B7", "lodges vagrants in empty houses")
    buildings__barber: int = _houses("B8", "once, eliminates a player; dies too unless a wolf")
    buildings__bone_setter: int = _houses("B9", "once, renews a spent power")
    buildings__baker_sees: Literal["target", "target_and_pack"] = Field(
        "target", description="A19: what the baker sees: the wolves' target, or also the pack."
    )
    # --- New Moon events (4.3 E1-E31, V7, 4.4 O1-O12; C35, C37, A31)
    events__mode: Literal["none", "tabletop", "online"] = Field(
        "none", description="V7/4.3: a New Moon card is flipped at every dawn (tabletop); "
        "4.4: an online New Moon event on the days of events.days (online); or none.",
    )
    events__deck: tuple[str, ...] = Field(
        (), description="C37: the cards or events in play by catalog id (E1-E31, O1-O12; "
        "repeat an id for several copies); empty: the mode's full deck (the 35 cards of 000, "
        "or the 12 online events).",
    )
    events__shuffle: bool = Field(
        True, description="C37: the deck is shuffled by the game's RNG (false: drawn in the "
        "order of events.deck)."
    )
    events__permanent: tuple[str, ...] = Field(
        (), description="4.3: dark-moon cards (E28-E31) the host puts in play before the game."
    )
    events__drawer: Literal["last_night_death", "last_death"] = Field(
        "last_night_death", description="C37/A31: who flips the card: the last to die in the "
        "night, or the last to die in the game; with nobody, the judge flips it."
    )
    events__days: Literal["every_other_day", "every_third_day"] = Field(
        "every_other_day", description="C35: the online events come on days 1, 3, 5... or "
        "1, 4, 7..."
    )
    events__bleak_monday: Literal["normal", "vouching"] = Field(
        "normal", description="E2/4.2.5: Bleak Monday is a normal day, or that day's exile is "
        "the vouching game, in a chain (000's version, C31)."
    )
    # --- village and setup (C23, C27, C28, C38)
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

    @field_validator("events__deck", "events__permanent")
    @classmethod
    def _known_cards(cls, ids: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        known = CARDS if info.field_name == "events__deck" else DARK
        bad = [i for i in ids if i not in known]
        if bad:
            what = "a New Moon card" if known is CARDS else "a dark-moon card"
            raise ValueError(f"not {what}: {', '.join(bad)}")
        return ids

    @field_validator("night__order")
    @classmethod
    def _known_roles(cls, order: tuple[str, ...]) -> tuple[str, ...]:
        for name in order:
            role_spec(name)
        return order

    @model_validator(mode="after")
    def _fourteen_buildings(self) -> RuleSet:
        dealt = sum(self.buildings().values())
        if dealt not in (0, BUILDINGS):
            raise ValueError(f"the Village deals {BUILDINGS} buildings (1.4), the buildings.* "
                             f"counts add up to {dealt}")
        return self

    def buildings(self) -> dict[str, int]:
        """The copies of each building type dealt (the ``buildings.<type>`` counts)."""
        return dict(self._buildings)

    @cached_property
    def _buildings(self) -> dict[str, int]:
        # read as every game is dealt: gathered once per rule set (rules are frozen)
        return {name[len("buildings__"):]: value for name, value in self
                if name.startswith("buildings__") and isinstance(value, int)}

    def key_values(self) -> dict[str, Any]:
        """The rules as a plain dict keyed by dotted names (a fresh copy each call)."""
        return dict(self._key_values)

    @cached_property
    def _key_values(self) -> dict[str, Any]:
        # rules are frozen, and every game's setup event lists them: dump them once
        return self.model_dump(by_alias=True, mode="json")


RULE_KEYS: dict[str, str] = {_key(name): name for name in RuleSet.model_fields}


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

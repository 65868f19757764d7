"""Rule groups read on several floors of the engine: the exile vote (the roles' ballots,
the exile, the variants' vouching), speeches (the judge's requests, the day's order) and
the variants (4.1, 4.2), whose keys reach into the roles they change (the Harvest's
neighbours, the witch's box). A group read in one place is declared there."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from arena.engine.rule_types import RuleGroup, TieRule


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

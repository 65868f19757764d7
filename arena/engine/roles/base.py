"""What every role module declares: its card, faction, decisions, state and hooks.

A role is a plugin: the flow, the exile vote and the death cascade call the hooks of
the dealt roles and never name a role. ``roles/__init__.py`` registers each module.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from arena.engine.events import BaseEvent
    from arena.engine.judge import Judge
    from arena.engine.requests import Shape
    from arena.engine.rule_types import RuleGroup

NightStep = Callable[["Judge"], Awaitable[None]]
SoloWin = Callable[["Judge", int], bool]
Faction = Literal["village", "wolves", "solo"]


@dataclass(frozen=True)
class RoleSpec:
    """A role card.

    ``pack``: wakes with the wolves and shares their kill. ``wolf_card``: a seer's
    wolf / good check says wolf, and the holder counts on the wolves' side when the
    win rules count the living. ``special``: a "god" (神) for the 屠城 win rule.
    ``night_rank``: its place in the default ``night.order`` (lower wakes first).
    ``kinds``: the decision kinds it asks, with their shapes. ``state``: builds the
    role's own game state (``GameState.role_state[name]``) when the card is dealt.
    ``events``: event types only this role emits. ``guardable``: the guard's
    protection holds against attacks on the holder.

    Hooks (all optional), each given the judge:
    ``before_game``: its act after the deal, before any election or night. ``night``:
    its night step. ``at_daybreak``: before the day's speeches.
    ``voters(judge, voters)``: who may vote in today's exile vote. ``vote_bonus``:
    votes seats start the exile vote with. ``tie_rule`` / ``on_tie(judge, holder)``:
    the ``vote.tie`` rule by which the living holder dies instead of the tied (the
    rule names his cause of death), and his act before dying. ``tie_instead(judge,
    holder)``: seats among which the village then votes one out in his place (none: he
    dies).
    ``stand_in(judge, seat, cause)``: the death that happens instead of ``seat``'s.
    ``on_exile(judge, seat)``: True when the exiled holder survives. ``exile_words``:
    the exiled holder speaks whatever the last-words rule. ``on_death(judge, seat,
    cause, revealed)``: a dead holder's last act (in clockwise order); returns a
    seat it kills. ``win(judge, seat)``: a third party's own victory test.
    ``renewal(judge, seat)``: what gives the holder back a spent once-per-game power
    (the bone-setter, B9), None when none is spent. ``rules``: the group of rule keys
    the role declares (``config.RuleSet`` inherits it).
    """

    name: str
    zh: str
    faction: Faction
    special: bool
    summary: str
    unique: bool = True
    first_night_only: bool = False
    pack: bool = False
    wolf_card: bool = False
    guardable: bool = True
    night_rank: int | None = None
    kinds: Mapping[str, Shape] = field(default_factory=dict)
    state: Callable[[], Any] | None = None
    events: tuple[type[BaseEvent], ...] = ()
    before_game: NightStep | None = None
    night: NightStep | None = None
    at_daybreak: Callable[[Judge], None] | None = None
    voters: Callable[[Judge, list[int]], list[int]] | None = None
    vote_bonus: Callable[[Judge], dict[int, float]] | None = None
    tie_rule: str | None = None
    on_tie: Callable[[Judge, int], Awaitable[None]] | None = None
    tie_instead: Callable[[Judge, int], list[int]] | None = None
    stand_in: Callable[[Judge, int, str], tuple[int, str]] | None = None
    on_exile: Callable[[Judge, int], bool] | None = None
    exile_words: Callable[[Judge, int], bool] | None = None
    on_death: Callable[[Judge, int, str, bool], Awaitable[int | None]] | None = None
    win: SoloWin | None = None
    renewal: Callable[[Judge, int], Callable[[], None] | None] | None = None
    rules: type[RuleGroup] | None = None

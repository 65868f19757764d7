"""The New Moon's hooks into the core game (``hooks`` holds them; each does nothing when
no event is played)."""

from __future__ import annotations

from arena.engine.expansion import ExpansionSpec
from arena.engine.newmoon import hooks

SPEC = ExpansionSpec(
    "newmoon", at_start=hooks.at_start, at_end=hooks.at_end,
    at_nightfall=hooks.at_nightfall, night_step=hooks.night_step, dawn=hooks.dawn,
    at_dawn=hooks.at_dawn, discussion_held=hooks.discussion_held,
    discussion_order=hooks.discussion_order, may_speak=hooks.may_speak,
    may_interrupt=hooks.may_interrupt, replace_vote=hooks.replace_vote,
    after_vote=hooks.after_vote, voters_today=hooks.voters_today, in_turn=hooks.in_turn,
    candidates=hooks.candidates, vote_options=hooks.vote_options,
    vote_weight=hooks.vote_weight, verdict=hooks.verdict, hides_role=hooks.hides_role)

"""The calls the flow, the exile vote and the death cascade make into the New Moon.
Each does nothing (and costs a dictionary lookup) when no event is played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine import deaths
from arena.engine.newmoon import absences, days, nights, spiritualism
from arena.engine.newmoon.cards import CARDS
from arena.engine.newmoon.deck import (
    activate,
    announce,
    draw,
    drawer,
    due,
    end,
    expire,
    in_force,
    moon,
    set_up,
)
from arena.engine.newmoon.rules import NewMoonRules
from arena.engine.requests import add_kinds
from arena.engine.roles import sheriff
from arena.engine.shared_rules import SpeechRules
from arena.engine.variants.vouching import vouch_out

if TYPE_CHECKING:
    from arena.engine.judge import GameOver, Judge
    from arena.engine.roles.base import NightStep
    from arena.engine.state import NightState

KINDS = {
    "question": "target", "point": "pair", "punish": "target", "testify": "yes_no",
    "friends": "pair", "pact": "yes_no", "first_voter": "target", "replace": "target",
    "ally": "target", "touch": "yes_no",
}
add_kinds(KINDS)  # type: ignore[arg-type]

SILENT_DAYS = ("E12", "O10")  # no discussion
REPLACED_VOTES = ("E11", "E12", "E20")


async def at_start(judge: Judge) -> None:
    """Before the game: the deck, and the dark cards the host puts in play."""
    if set_up(judge) is None:
        return
    for card in judge.rules[NewMoonRules].events__permanent:
        announce(judge, card, "in_play")
        activate(judge, card)


async def at_nightfall(judge: Judge) -> None:
    """The day's effects end (O9's badge returns); E17's extra potion; who is away
    tonight; E31's ally is named."""
    state = moon(judge)
    if state is None:
        return
    if in_force(judge, "E17"):
        _extra_potion(judge)
    days.reinstate(judge)
    expire(judge, "day")
    rascal = in_force(judge, "E22")
    if rascal is not None and judge.state.day > rascal.day + 1:
        end(judge, "E22")
    if in_force(judge, "O3"):  # the online chief has one life tonight
        st = judge.state
        chiefs = [s for s in st.holders("chief") if s not in st.wounded]
        st.wounded.update(chiefs)
        state.active["O3"].data["chiefs"] = chiefs
    absences.at_nightfall(judge)
    await nights.double_agent(judge)


def _extra_potion(judge: Judge) -> None:
    """E17 (seed 000: one more potion before nightfall, with no condition): the witch, if still in
    the game, gets a potion: the antidote back if she used it, else the poison back if she used it,
    else a second antidote. She alone is told which."""
    st = judge.state
    mine = st.role_state.get("witch")
    witches = tuple(st.powered("witch"))
    if mine is None or not witches:
        return
    if not mine.antidote:
        mine.antidote, potion = True, "antidote"
    elif not mine.poison:
        mine.poison, potion = True, "poison"
    else:
        mine.spare, potion = mine.spare + 1, "second_antidote"
    mine.used -= 1
    announce(judge, "E17", "applied", witches, seats=witches, answer=potion)


def night_step(judge: Judge, name: str, step: NightStep) -> NightStep:
    """The step a role takes tonight (a card may change, wrap or skip it)."""
    return step if moon(judge) is None else nights.night_step(judge, name, step)


def dawn(judge: Judge, tonight: NightState, dying: dict[int, str]) -> None:
    """Before the night's deaths: traded cards go back (E9), O8, the events' deaths;
    O1 / O2's players still cannot act (a hunter among the dead does not shoot)."""
    if moon(judge) is not None:
        days.swap_back(judge)
        nights.at_dawn(judge, tonight, dying)
        absences.bar(judge)


async def at_dawn(judge: Judge, reference: int | None) -> None:
    """After the night's deaths: fired triggers, the round's effects end, and a card is
    flipped (or the day's online event comes) and acts."""
    state = moon(judge)
    if state is None:
        return
    await _second_votes(judge, reference)
    st = judge.state
    for chief in state.active["O3"].data.get("chiefs", []) if "O3" in state.active else []:
        if st.is_alive(chief):
            st.wounded.discard(chief)
    absences.release(judge)
    expire(judge, "round")
    if not due(judge):
        return
    by = drawer(judge)
    card = draw(judge, by)
    if card is not None:
        await _apply(judge, card, by)


async def _apply(judge: Judge, card: str, by: int | None) -> None:
    """What a card does when it is drawn."""
    if CARDS[card].lasts != "now":
        active = activate(judge, card)
        active.data["by"] = by
        if card in absences.SINGLED_OUT:
            absences.single_out(judge, active)
        elif card == "E9":
            days.april_fools(judge, active)
        elif card == "O9":
            days.recall(judge, active)
        elif card in ("E6", "E15"):
            days.host_variant(judge, active)
        elif card == "E20" and len(judge.state.living) < 6:  # A36: six at least
            end(judge, card)
        return
    if card == "E1":
        days.miracle(judge)
    elif card == "E4":
        await spiritualism.spiritualism(judge, by)
    elif card == "E10":
        await days.punishment(judge)
    elif card == "E13":
        await days.saint_philippe(judge)
    elif card == "O6":
        await days.ufo(judge)
    elif card == "O7":
        days.break_up(judge, card)
    elif card == "O11":
        days.return_of_the_soul(judge)


async def _second_votes(judge: Judge, reference: int | None) -> None:
    """E24 / E25: a second vote at once, with no discussion."""
    from arena.engine.exile import exile_vote

    for _card in days.triggered(judge):
        st = judge.state
        await exile_vote(judge, [s for s in deaths.ring_from(judge, reference)
                                 if st.is_alive(s)])


def discussion_held(judge: Judge) -> bool:
    """E12 and O10: no discussion today."""
    return moon(judge) is None or not any(in_force(judge, c) for c in SILENT_DAYS)


def may_speak(judge: Judge, seat: int) -> bool:
    """Players sent away or silenced today do not speak."""
    return moon(judge) is None or seat not in absences.away(judge)


def discussion_order(judge: Judge, order: list[int], reference: int | None) -> list[int]:
    """E19: the players sit facing outwards, so each one's left is the old right: the
    speeches go the other way round (counter-clockwise), from the right of the seat they
    would start left of (C30: the night's victim, else the sheriff); a day that starts
    at seat 1 still does. The vote, back to normal, keeps ``order``."""
    if moon(judge) is None or not in_force(judge, "E19"):
        return order
    st, n = judge.state, len(judge.state.seats)
    pivot = st.sheriff if reference is None else reference
    if judge.rules[SpeechRules].speech__order == "seat_order" or pivot is None:
        ring = [1, *range(n, 1, -1)]
    else:
        ring = [(pivot - 1 - i) % n + 1 for i in range(1, n + 1)]
    return [s for s in ring if s in order]


def may_interrupt(judge: Judge, seat: int) -> bool:
    """E14: nobody may cut into another's speech today; O1 / O2's players may use no
    power, and players away are not there to."""
    if moon(judge) is None:
        return True
    return (not in_force(judge, "E14") and seat not in absences.away(judge)
            and seat not in absences.barred(judge))


def at_end(judge: Judge, over: GameOver) -> None:
    """The game is over: E8's price is named."""
    if moon(judge) is not None:
        days.pact_price(judge, over.winners)


async def replace_vote(judge: Judge, order: list[int]) -> bool:
    """E11, E12, E20 (no vote), E2 with events.bleak_monday = vouching (4.2.5, the
    chain of 000): the exile goes another way today. True when the usual vote does not
    happen."""
    state = moon(judge)
    if state is None:
        return False
    vouching = "E2" in state.active and judge.rules[NewMoonRules].events__bleak_monday == "vouching"
    if not vouching and not any(c in state.active for c in REPLACED_VOTES):
        return False
    st = judge.state
    voters = voters_today(judge, [s for s in st.alive() if st.seats[s].can_vote])
    out: int | None = None
    if in_force(judge, "E11"):
        await days.great_distrust(judge, voters)
    elif in_force(judge, "E12"):
        out = await days.nightmare(judge, voters, state.active["E12"].data.get("by"))
    elif vouching:
        out = await vouch_out(judge, order, chain=True)
    if out is not None and await verdict(judge, out):
        await days.execute(judge, [out])
    return True


async def after_vote(judge: Judge, order: list[int]) -> None:
    """E24 / E25 fired by the day's deaths."""
    if moon(judge) is not None:
        await _second_votes(judge, order[-1] if order else None)


def voters_today(judge: Judge, voters: list[int]) -> list[int]:
    """Who may vote today: not those away or silenced, nor E3's offenders."""
    if moon(judge) is None:
        return voters
    barred = absences.away(judge)
    e3 = in_force(judge, "E3")
    if e3 is not None:
        barred.update(absences.violators(judge, e3))
    return [s for s in voters if s not in barred] if barred else voters


def candidates(judge: Judge, seats: list[int]) -> list[int]:
    """Whom votes may name today (not those away, where the card says so)."""
    if moon(judge) is None:
        return seats
    barred = absences.away(judge, unvotable=True)
    return [s for s in seats if s not in barred] if barred else seats


async def in_turn(judge: Judge, voters: list[int], sequential: bool) -> tuple[list[int], bool]:
    """E27: the next vote goes in turn from a first voter."""
    if moon(judge) is None or not in_force(judge, "E27"):
        return voters, sequential
    return await days.influences(judge, voters), True


def vote_options(judge: Judge, voter: int, options: list[int]) -> list[int]:
    """E9: the parted lovers must vote for each other today."""
    active = in_force(judge, "E9") if moon(judge) is not None else None
    if active is None:
        return options
    for a, b in active.data.get("lovers", []):
        partner = b if voter == a else a if voter == b else None
        if partner is not None and partner in options:
            return [partner]
    return options


def vote_weight(judge: Judge, seat: int) -> float:
    """The sheriff's weight, and E22's rascal, back, whose vote counts three."""
    weight = sheriff.vote_weight(judge, seat)
    rascal = in_force(judge, "E22") if moon(judge) is not None else None
    if rascal is not None and judge.state.day == rascal.day + 1 and seat in rascal.seats:
        return max(weight, 3.0)
    return weight


async def verdict(judge: Judge, condemned: int) -> bool:
    """E8, E16 after the verdict; True when the exile goes ahead."""
    return moon(judge) is None or await days.pact_or_coin(judge, condemned)


def hides_role(judge: Judge, cause: str) -> bool:
    """E28: the wolves' victims are never shown; O6: the one the UFO takes is not."""
    if moon(judge) is None:
        return False
    return cause == "ufo" or (cause == "wolves" and in_force(judge, "E28") is not None)

"""The day's exile vote: who may vote, the crow's curse, tie rules in order of
precedence (C13, C39, A9, A10, A18, A28), and the exile itself."""

from __future__ import annotations

from functools import partial

from arena.engine import deaths
from arena.engine.events import Curse, Sheriff, Speech, Vote
from arena.engine.judge import Judge
from arena.engine.roles import idiot, sheriff
from arena.engine.tally import cast_ballots

TIE_TAKERS = {"scapegoat": "scapegoat", "monk": "high_monk"}  # who dies instead of the tied


def vote_options(judge: Judge, voter: int, candidates: list[int]) -> list[int]:
    st, rules = judge.state, judge.rules
    options = candidates
    if not rules.vote__allow_self and voter in options:
        options = options.copy()
        options.remove(voter)
    lover, restriction = st.seats[voter].lover, rules.lovers__vote_restriction
    if restriction == "forbid_each_other" and lover is not None:
        options = [s for s in options if s != lover]
    elif restriction == "must_vote_each_other" and lover in options:  # C19
        options = [lover]
    return options


def announce_curse(judge: Judge) -> None:
    """A18: the crow's curse is announced at daybreak."""
    st = judge.state
    if st.cursed is not None and st.is_alive(st.cursed):
        judge.emit(Curse, "public", target=st.cursed)
    elif st.cursed is not None:
        st.cursed = None


async def exile_vote(judge: Judge, order: list[int]) -> None:
    """``order``: the living seats in speaking order (used for sequential votes)."""
    st, rules = judge.state, judge.rules
    voters = [s for s in st.alive() if st.seats[s].can_vote]
    if st.restricted_voters is not None:  # A9: the scapegoat chose today's voters
        voters = [s for s in voters if s in st.restricted_voters]
        st.restricted_voters = None
    sequential = rules.vote__mode == "sequential_clockwise"
    if sequential:
        voters = [s for s in order if s in voters]
    bonus = {st.cursed: 2.0} if st.cursed is not None else {}
    st.cursed = None
    if not voters and not bonus:
        return
    tally = await cast_ballots(
        judge, voters, partial(vote_options, judge, candidates=st.alive()), ballot="exile",
        round_no=1, weight=partial(sheriff.vote_weight, judge), sequential=sequential,
        bonus=bonus)
    leaders = tally.leaders
    out: int | None = leaders[0] if len(leaders) == 1 else None
    if len(leaders) > 1:
        out = await break_tie(judge, leaders, tally.ballots, order)
    if out is None or idiot.spared_on_exile(judge, out):
        return
    await deaths.resolve(judge, [(out, "vote")], reference=out)


async def break_tie(judge: Judge, tied: list[int], ballots: dict[int, int | None],
                    order: list[int]) -> int | None:
    """Apply the first rule of ``vote.tie`` that can apply; returns the exiled seat."""
    st, rules = judge.state, judge.rules
    holder = st.sheriff if st.sheriff is not None and st.is_alive(st.sheriff) else None
    for rule in rules.vote__tie:
        if rule in TIE_TAKERS and (takers := st.powered(TIE_TAKERS[rule])):
            await (_scapegoat_dies if rule == "scapegoat" else _monk_dies)(judge, takers[0])
            return None
        if rule == "sheriff_decides" and holder is not None:
            choice = await judge.ask(judge.request(holder, "vote", tied, allow_none=True,
                                                   ballot="tiebreak", round=0))
            judge.emit(Vote, "public", seat=holder, target=choice.target, round=0,
                       weight=sheriff.vote_weight(judge, holder), ballot="tiebreak")
            return choice.target
        if rule == "sheriff_side" and holder is not None and ballots.get(holder) in tied:
            return ballots[holder]
        if rule in ("revote_once", "revote_until"):
            limit = 1 if rule == "revote_once" else rules.vote__max_revotes
            tied = await revote(judge, tied, limit, order)
            if len(tied) < 2:
                return tied[0] if tied else None
            continue  # still tied: the next rule settles it
        if rule == "random":
            return judge.rng.choice(tied)
        if rule == "none":
            return None
    return None


async def _scapegoat_dies(judge: Judge, goat: int) -> None:
    """R13, A9: before dying he names who may vote tomorrow (possibly nobody)."""
    st = judge.state
    options = [s for s in st.alive() if s != goat]
    choice = await judge.ask(judge.request(goat, "designate", options))
    judge.emit(Vote, "public", seat=goat, target=None, round=0, weight=0.0,
               ballot="designate", targets=tuple(sorted(choice.targets)))
    st.restricted_voters = frozenset(choice.targets)
    await deaths.resolve(judge, [(goat, "scapegoat")], reference=goat)


async def _monk_dies(judge: Judge, monk: int) -> None:
    """R20, A28: the monk dies instead of the tied and appoints a sheriff."""
    st = judge.state
    options = [s for s in st.alive() if s != monk]
    choice = await judge.ask(judge.request(monk, "appoint", options, allow_none=True))
    st.sheriff = choice.target
    judge.emit(Sheriff, "public", seat=choice.target, how="appointed", by=monk)
    await deaths.resolve(judge, [(monk, "monk")], reference=monk)


async def revote(judge: Judge, tied: list[int], limit: int, order: list[int]) -> list[int]:
    """Tied players speak again; everyone else votes among them (C13 b). Returns the
    leaders of the last round: one exiled seat, still tied seats, or none."""
    st = judge.state
    sequential = judge.rules.vote__mode == "sequential_clockwise"
    for round_no in range(2, limit + 2):
        for seat in tied:
            said = await judge.ask(judge.request(seat, "speak", purpose="revote",
                                                 tied=tuple(tied)))
            judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims,
                       context="revote")
        seats = [s for s in order if st.is_alive(s)] if sequential else st.alive()
        voters = [s for s in seats if st.seats[s].can_vote and s not in tied]
        if not voters:
            return tied
        tally = await cast_ballots(
            judge, voters, partial(vote_options, judge, candidates=list(tied)),
            ballot="exile", round_no=round_no, weight=partial(sheriff.vote_weight, judge),
            sequential=sequential)
        leaders = tally.leaders
        if len(leaders) < 2:
            return leaders
        tied = leaders
    return tied

"""The day's exile vote: who may vote, tie rules in order of precedence (C13, C39,
A10), and the exile itself. Roles change it through their hooks (RoleSpec): who
votes, votes a seat starts with, a tie rule of their own, surviving the exile."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from arena.engine import deaths
from arena.engine.chance import chance
from arena.engine.events import Speech, Vote
from arena.engine.expansion import hooks, today
from arena.engine.judge import Judge
from arena.engine.roles import ROLES, sheriff
from arena.engine.roles.cupid import CupidRules
from arena.engine.shared_rules import VoteRules
from arena.engine.tally import cast_ballots

VOTERS = tuple(s.voters for s in ROLES.values() if s.voters is not None)
BONUSES = tuple(s.vote_bonus for s in ROLES.values() if s.vote_bonus is not None)
TIE_TAKERS = {s.tie_rule: (s.name, s.on_tie) for s in ROLES.values()
              if s.tie_rule is not None and s.on_tie is not None}  # who dies instead
ON_EXILE = {s.name: s.on_exile for s in ROLES.values() if s.on_exile is not None}
INSTEAD = {s.name: s.tie_instead for s in ROLES.values() if s.tie_instead is not None}
TIE_LOT = chance("exile_tie", "C13, `vote.tie` rule `random`: an exile vote still tied when "
                 "the rule comes up; the player exiled, among the tied.")
STAND_IN_LOT = chance("stand_in_tie", "C33a, the Harvest scapegoat: the village's ballot "
                      "for the neighbour who dies in his place is tied (or nobody votes); "
                      "the neighbour who dies, among the leaders.")


def vote_options(judge: Judge, voter: int, candidates: list[int]) -> list[int]:
    """The exile ballots ``voter`` may cast among ``candidates``."""
    return ballot_options(judge, candidates)(voter)


def ballot_options(judge: Judge, candidates: list[int]) -> Callable[[int], list[int]]:
    """Each voter's legal exile ballots among ``candidates``, the rules read once for a
    ballot: not himself unless allowed, lovers' restrictions (C19), then the expansions'
    (the variants', the New Moon's)."""
    rules, seats = judge.rules, judge.state.seats
    allow_self = rules[VoteRules].vote__allow_self
    restriction = rules[CupidRules].lovers__vote_restriction
    forbid = restriction in ("forbid_each_other", "forbid_abandoned")
    narrowers = hooks(lambda x: x.vote_options)

    def options_of(voter: int) -> list[int]:
        options = candidates
        if not allow_self and voter in options:
            options = options.copy()
            options.remove(voter)
        lover = seats[voter].lover
        if lover is not None:
            if forbid:
                options = [s for s in options if s != lover]
            elif restriction == "must_vote_each_other" and lover in options:  # C19
                options = [lover]
        for narrow in narrowers:  # e.g. the Harvest triangle's abandoned lover (C33b)
            options = narrow(judge, voter, options)
        return options

    return options_of


def ballot_weights(judge: Judge) -> Callable[[int], float]:
    """Each voter's weight: the sheriff's, or an expansion's (the New Moon's)."""
    return partial(next(iter(hooks(lambda x: x.vote_weight)), sheriff.vote_weight), judge)


async def exile_vote(judge: Judge, order: list[int]) -> None:
    """``order``: the living seats in speaking order (used for sequential votes). An
    expansion may choose the exiled seat another way (its ``ballot`` hook: a variant's)."""
    st = judge.state
    choose = next((way for pick in hooks(lambda x: x.ballot) if (way := pick(judge))), ballot)
    out = await choose(judge, order)
    if out is None:
        return
    for spares in hooks(lambda x: x.spares):  # a building spares him (the Village)
        if await spares(judge, out):
            return
    for verdict in hooks(lambda x: x.verdict):  # the exile may not go ahead (E8, E16)
        if not await verdict(judge, out):
            return
    spared = ON_EXILE.get(st.role_of(out))
    if spared is None or not spared(judge, out):
        along = [d for with_exile in hooks(lambda x: x.exile_deaths)
                 for d in with_exile(judge, out)]
        await deaths.resolve(judge, [(out, "vote"), *along], reference=out)
        for after in hooks(lambda x: x.after_exile):
            after(judge, out)


def in_turn(judge: Judge, voters: list[int], order: list[int]) -> tuple[list[int], bool, int]:
    """C29: the voters in the order they vote, whether each ballot is public before the
    next is cast, and how many vote openly before the rest (the sheriff, in Harvest)."""
    mode, holder = judge.rules[VoteRules].vote__mode, judge.state.sheriff
    if mode == "sequential_clockwise":
        return [s for s in order if s in voters], True, 0
    if mode == "sheriff_first" and holder in voters:
        return [holder, *(s for s in voters if s != holder)], False, 1
    return voters, False, 0


async def ballot(judge: Judge, order: list[int]) -> int | None:
    """The exile ballot and its tie rules; returns the exiled seat."""
    st = judge.state
    voters = [s for s in st.alive() if st.seats[s].can_vote]
    for restrict in VOTERS:
        voters = restrict(judge, voters)
    voters, sequential, head = in_turn(judge, today(judge, voters), order)
    for turn in hooks(lambda x: x.in_turn):
        voters, sequential = await turn(judge, voters, sequential)
    bonus: dict[int, float] = {}
    for extra in BONUSES:
        bonus.update(extra(judge))
    if not voters and not bonus:
        return None
    tally = await cast_ballots(
        judge, voters, ballot_options(judge, candidates(judge, st.alive())),
        ballot="exile", round_no=1, weight=ballot_weights(judge), sequential=sequential,
        bonus=bonus, head=head, paired=must_pair(judge))
    leaders = tally.leaders
    if len(leaders) > 1:
        return await break_tie(judge, leaders, tally.ballots, order)
    return leaders[0] if leaders else None


def candidates(judge: Judge, seats: list[int]) -> list[int]:
    """The seats that may be voted out today (an expansion may leave some out)."""
    for narrow in hooks(lambda x: x.candidates):
        seats = narrow(judge, seats)
    return seats


async def break_tie(judge: Judge, tied: list[int], ballots: dict[int, int | None],
                    order: list[int]) -> int | None:
    """Apply the first rule of ``vote.tie`` that can apply; returns the exiled seat."""
    st, rules = judge.state, judge.rules[VoteRules]
    holder = st.sheriff if st.sheriff is not None and st.is_alive(st.sheriff) else None
    for rule in rules.vote__tie:
        if rule in TIE_TAKERS and (takers := st.powered(TIE_TAKERS[rule][0])):
            name, act = TIE_TAKERS[rule]
            if name in INSTEAD and (seats := INSTEAD[name](judge, takers[0])):
                return await instead_of(judge, rule, seats, order)
            await act(judge, takers[0])  # his act, then his death
            await deaths.resolve(judge, [(takers[0], rule)], reference=takers[0])
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
            return judge.draw(TIE_LOT, tied)
        if rule == "none":
            return None
    return None


async def instead_of(judge: Judge, rule: str, seats: list[int], order: list[int]) -> int:
    """The village votes which of ``seats`` is exiled in the tie taker's place (ballot:
    his tie rule; C33a, 000); a tie, or no ballot at all, is drawn by lot."""
    if len(seats) == 1:
        return seats[0]
    st = judge.state
    voters = today(judge, [s for s in st.alive() if st.seats[s].can_vote])
    voters, sequential, head = in_turn(judge, voters, order)
    tally = await cast_ballots(
        judge, voters, ballot_options(judge, seats), ballot=rule,
        round_no=1, weight=ballot_weights(judge), sequential=sequential,
        head=head, paired=must_pair(judge))
    leaders = tally.leaders or seats
    return leaders[0] if len(leaders) == 1 else judge.draw(STAND_IN_LOT, leaders)



def must_pair(judge: Judge) -> bool:
    """C19 must_vote_each_other: a lover whose only exile ballot is his partner casts it."""
    return judge.rules[CupidRules].lovers__vote_restriction == "must_vote_each_other"


async def revote(judge: Judge, tied: list[int], limit: int, order: list[int]) -> list[int]:
    """Tied players speak again; everyone else votes among them (C13 b), or with
    ``vote.revote = all_for_anyone`` (AIWolf) everyone votes again for anyone, no
    speeches. Returns the leaders of the last round: one exiled seat, still tied seats,
    or none."""
    st = judge.state
    anyone = judge.rules[VoteRules].vote__revote == "all_for_anyone"
    for round_no in range(2, limit + 2):
        for seat in () if anyone else tied:
            said = await judge.ask(judge.request(seat, "speak", purpose="revote",
                                                 tied=tuple(tied)))
            judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims,
                       context="revote")
        voters = today(judge, [s for s in st.alive() if st.seats[s].can_vote
                               and (anyone or s not in tied)])
        voters, sequential, head = in_turn(judge, voters, order)
        if not voters:
            return tied
        tally = await cast_ballots(
            judge, voters, ballot_options(judge, st.alive() if anyone else list(tied)),
            ballot="exile", round_no=round_no, weight=ballot_weights(judge),
            sequential=sequential, head=head, paired=must_pair(judge))
        leaders = tally.leaders
        if len(leaders) < 2:
            return leaders
        tied = leaders
    return tied

"""Events of the day: those acting when drawn (E1, E9, E10, E13, O6, O7, O9, O11),
the host's variants for a round (E6, E15), those replacing or following the exile vote
(E8, E11, E12, E16, E20, E24, E25, E27), and the lovers and sheriff they touch."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from arena.engine import deaths
from arena.engine.chance import chance
from arena.engine.events import (
    CauseOfDeath,
    Death,
    NightAction,
    Reveal,
    Sheriff,
    Speech,
    Vote,
    VoteResult,
)
from arena.engine.newmoon.deck import (
    Active,
    announce,
    change_rules,
    convert,
    end,
    in_force,
    last_death,
    moon,
)
from arena.engine.newmoon.rules import NewMoonRules
from arena.engine.roles import cupid, sheriff, spare_lives
from arena.engine.roles.factions import is_wolf
from arena.engine.roles.sheriff import SheriffRules
from arena.engine.tally import top

if TYPE_CHECKING:
    from arena.engine.judge import Judge

SIDES = ("heads", "tails")
COIN = chance("E16", "E16, Heads or Tails: after an exile verdict, the coin; heads voids "
              "the exile, tails carries it out.", SIDES)
UFO = chance("O6", "O6, the UFO: the living player it takes.")
SWAPS = (("witch", "seer"), ("hunter", "little_girl"), ("guard", "elder"))  # E9
# E6: the Harvest Festival of 000, the card's source (4.2.4, C33a, C16), as far as it
# can change in the middle of a game (the thief's and Cupid's are first-night steps; the
# witch's box toss is her night step, nights.harvest_witch)
HARVEST: dict[str, Any] = {"harvest__neighbours": True, "seer__result": "three_cards",
                           "vote__mode": "sheriff_first", "piper__targets_per_night": 1,
                           "little_girl__window": "witch_step",
                           "harvest__scapegoat": "neighbour_by_vote"}
TEMPTATION: dict[str, Any] = {"variant__lycanthropy": "temptation"}  # E15 (4.2.6)


def host_variant(judge: Judge, active: Active) -> None:
    """E6 / E15: a normal round, unless the host plays the Harvest Festival
    (``events.end_of_the_harvest``) or the Lycanthropic temptation
    (``events.radiant_sunday``): then its rules hold until the next dawn."""
    rules, card = judge.rules, active.card.id
    if card == "E6" and rules[NewMoonRules].events__end_of_the_harvest == "harvest":
        change_rules(judge, active, HARVEST)
    elif card == "E15" and rules[NewMoonRules].events__radiant_sunday == "temptation":
        change_rules(judge, active, TEMPTATION)
    else:
        return
    announce(judge, card, "applied")


def harvest(judge: Judge) -> bool:
    """Whether E6 has brought the Harvest Festival tonight."""
    active = in_force(judge, "E6")
    return active is not None and "rules" in active.data


def revive(judge: Judge, seat: int, card: str) -> None:
    """E1, O11: a dead seat lives again; a lover whose partner stays dead is single."""
    st = judge.state
    st.revive(seat)
    partner = st.seats[seat].lover
    if partner is not None and not st.is_alive(partner):
        cupid.break_up(judge, seat)
    announce(judge, card, "revived", seats=(seat,))


def miracle(judge: Judge) -> None:
    """E1: the wolves' last victim was only knocked out: back, as an ordinary villager
    (whoever flipped the card; nothing while the wolves have killed nobody)."""
    st = judge.state
    victim = next((e.seat for e in reversed(judge.log)
                   if isinstance(e, CauseOfDeath | Death) and e.cause == "wolves"), None)
    if victim is None or st.is_alive(victim):
        return
    revive(judge, victim, "E1")
    convert(judge, victim, "villager")
    judge.emit(Reveal, "public", seat=victim, role="villager", reason="new_moon")


def return_of_the_soul(judge: Judge) -> None:
    """O11 (A49): yesterday's exiled player lives again with his card; an online chief
    keeps one life (and is told so) and a silenced role stays silent."""
    st = judge.state
    exiled = [e.seat for e in judge.log if isinstance(e, Death) and e.cause == "vote"
              and e.day == st.day - 1]
    for seat in exiled:
        if not st.is_alive(seat):
            revive(judge, seat, "O11")
            if st.role_of(seat) == "chief":
                spare_lives.wound(judge, seat)


def break_up(judge: Judge, card: str) -> list[tuple[int, int]]:
    """E9, O7: every living pair of lovers parts (told to the two only); a hybrid who
    was one of them now supports Cupid, on the good side (O7)."""
    st = judge.state
    pairs = sorted({(min(s, st.seats[s].lover or s), max(s, st.seats[s].lover or s))
                    for s in st.living if st.seats[s].lover is not None})
    hybrid_pair = st.hybrid_pair
    for a, b in pairs:
        cupid.break_up(judge, a)
        announce(judge, card, "broken_up", (a, b), seats=(a, b))
    cupids = st.holders("cupid", alive=False)
    if hybrid_pair is not None and cupids:
        for seat in hybrid_pair:
            if st.role_of(seat) == "hybrid":
                st.supported[seat] = cupids[0]
    return pairs


def april_fools(judge: Judge, active: Active) -> None:
    """E9: witch and seer, hunter and little girl, guard and elder trade cards (so their
    powers) until the next dawn; the lovers part, and must vote for each other today."""
    st = judge.state
    swaps = []
    for a, b in SWAPS:
        holders_a, holders_b = st.holders(a), st.holders(b)
        if holders_a and holders_b:
            swaps.append((holders_a[0], holders_b[0]))
            convert(judge, holders_a[0], b)
            convert(judge, holders_b[0], a)
    active.data["swaps"] = swaps
    active.data["lovers"] = break_up(judge, "E9")


def swap_back(judge: Judge) -> None:
    """E9 ends: the traded cards go back before the night's deaths are announced."""
    active = in_force(judge, "E9")
    if active is not None:
        for a, b in active.data.pop("swaps", []):
            role_a, role_b = judge.state.role_of(a), judge.state.role_of(b)
            convert(judge, a, role_b)
            convert(judge, b, role_a)


async def punishment(judge: Judge) -> None:
    """E10: the last to die (who flipped the card, or an earlier dead when the judge
    flipped it) names a player, who pleads; he dies unless at least two others testify
    for him. While nobody has died the card has no effect (so announced)."""
    st = judge.state
    drawer = last_death(judge)
    if drawer is None:
        announce(judge, "E10", "answer", answer="nobody_dead")
        return
    decision = await judge.ask(judge.request(drawer, "punish", st.alive()))
    accused = decision.target
    judge.emit(NightAction, (drawer,), seat=drawer, action="punish", target=accused)
    if accused is None:
        return
    announce(judge, "E10", "applied", seats=(accused,), by=drawer)
    said = await judge.ask(judge.request(accused, "speak", purpose="plead"))
    judge.emit(Speech, "public", seat=accused, text=said.text, claims=said.claims,
               context="plead")
    witnesses = [s for s in st.alive() if s != accused]
    answers = await judge.ask_all([judge.request(s, "testify", accused=accused)
                                   for s in witnesses])
    for witness, said in zip(witnesses, answers, strict=True):
        judge.emit(NightAction, (witness,), seat=witness, action="testify",
                   target=accused if said.yes else None)
    for_him = tuple(s for s, a in zip(witnesses, answers, strict=True) if a.yes)
    spared = len(for_him) >= 2
    announce(judge, "E10", "answer", seats=for_him, answer="spared" if spared else "dies")
    if not spared:
        await deaths.resolve(judge, [(accused, "punishment")], reference=accused)


async def saint_philippe(judge: Judge) -> None:
    """E13: the sheriff is dismissed and a new one elected (when the table has had its
    election; before it, the election to come stands)."""
    st = judge.state
    if judge.rules[SheriffRules].sheriff__election == "none" or not st.election_held:
        return
    if st.sheriff is not None:
        judge.emit(Sheriff, "public", seat=None, how="dismissed", by=st.sheriff)
        st.sheriff = None
    await sheriff.election(judge, campaign=True)


def recall(judge: Judge, active: Active) -> None:
    """O9: no sheriff today; the badge comes back at nightfall if its holder lives."""
    st = judge.state
    if st.sheriff is not None:
        active.data["sheriff"] = st.sheriff
        judge.emit(Sheriff, "public", seat=None, how="recalled", by=st.sheriff)
        st.sheriff = None


def reinstate(judge: Judge) -> None:
    active, st = in_force(judge, "O9"), judge.state
    held = active.data.get("sheriff") if active else None
    if held is not None and st.is_alive(held) and st.sheriff is None:
        st.sheriff = held
        judge.emit(Sheriff, "public", seat=held, how="restored")


async def ufo(judge: Judge) -> None:
    """O6: one living player drawn by lot is taken and dies, his card unshown."""
    victim = judge.draw(UFO, judge.state.alive())
    announce(judge, "O6", "applied", seats=(victim,))
    await deaths.resolve(judge, [(victim, "ufo")], reference=victim)


async def execute(judge: Judge, seats: list[int]) -> None:
    """Exile these seats as a vote would (an idiot shows his card and lives)."""
    from arena.engine.exile import ON_EXILE

    st = judge.state
    dying = []
    for seat in seats:
        spared = ON_EXILE.get(st.role_of(seat))
        if spared is None or not spared(judge, seat):
            dying.append((seat, "vote"))
    if dying:
        await deaths.resolve(judge, dying, reference=dying[0][0])


async def great_distrust(judge: Judge, voters: list[int]) -> None:
    """E11 (A34): instead of the vote, everyone names his two best friends; every
    player nobody named is hanged."""
    st = judge.state
    living = st.alive()
    requests = []
    for voter in voters:
        others = [s for s in living if s != voter]
        requests.append(judge.request(voter, "friends", others, count=min(2, len(others))))
    answers = await judge.ask_all(requests)
    named: Counter[int] = Counter()
    for voter, answer in zip(voters, answers, strict=True):
        judge.emit(Vote, "public", seat=voter, target=None, targets=answer.targets, round=1,
                   weight=1.0, ballot="friends")
        named.update(answer.targets)
    hanged = [s for s in living if not named[s]]
    judge.emit(VoteResult, "public", counts={str(k): float(v) for k, v in sorted(named.items())},
               eliminated=None, tie=(), round=1, ballot="friends")
    announce(judge, "E11", "applied", seats=tuple(hanged))
    await execute(judge, hanged)


async def nightmare(judge: Judge, voters: list[int], drawer: int | None) -> int | None:
    """E12: no discussion; from the left of the last dead each player in turn must accuse
    one player; the most accused is exiled (a tie: the vote.tie rules)."""
    from arena.engine.exile import break_tie

    st = judge.state
    start = drawer if drawer is not None else last_death(judge)
    order = [s for s in deaths.ring_from(judge, start) if s in voters]
    counts: Counter[int] = Counter()
    ballots: dict[int, int | None] = {}
    for voter in order:
        options = [s for s in st.alive() if s != voter]
        decision = await judge.ask(judge.request(voter, "vote", options, ballot="nightmare",
                                                 round=1))
        ballots[voter] = decision.target
        judge.emit(Vote, "public", seat=voter, target=decision.target, round=1, weight=1.0,
                   ballot="nightmare")
        if decision.target is not None:
            counts[decision.target] += 1
    leaders = top({s: float(n) for s, n in counts.items()})
    judge.emit(VoteResult, "public", counts={str(k): float(v) for k, v in sorted(counts.items())},
               eliminated=leaders[0] if len(leaders) == 1 else None,
               tie=tuple(leaders) if len(leaders) > 1 else (), round=1, ballot="nightmare")
    if len(leaders) > 1:
        return await break_tie(judge, leaders, ballots, order)
    return leaders[0] if leaders else None


async def influences(judge: Judge, voters: list[int]) -> list[int]:
    """E27: the last to die picks the first voter; the vote goes clockwise from him, each
    ballot in the open."""
    chooser = last_death(judge)
    if chooser is None or not voters:
        end(judge, "E27")
        return voters
    decision = await judge.ask(judge.request(chooser, "first_voter", voters))
    judge.emit(NightAction, (chooser,), seat=chooser, action="first_voter",
               target=decision.target)
    first = decision.target if decision.target is not None else voters[0]
    announce(judge, "E27", "applied", seats=(first,), by=chooser)
    end(judge, "E27")
    ring = deaths.ring_from(judge, first - 1)
    return [s for s in ring if s in voters]


async def pact_or_coin(judge: Judge, condemned: int) -> bool:
    """After the verdict: E8, the condemned may make a pact and is not hanged; E16, a
    coin decides (heads: void). True when the exile goes ahead."""
    if in_force(judge, "E8"):
        decision = await judge.ask(judge.request(condemned, "pact"))
        judge.emit(NightAction, (condemned,), seat=condemned, action="pact",
                   target=condemned if decision.yes else None)
        announce(judge, "E8", "answer", seats=(condemned,), answer="pact" if decision.yes
                 else "refused")
        if decision.yes:
            state = moon(judge)
            assert state is not None
            state.pacts.append(condemned)
            return False
    if in_force(judge, "E16"):
        side = judge.draw(COIN, SIDES, lambda rng: SIDES[0] if rng.random() < 0.5 else SIDES[1])
        announce(judge, "E16", "answer", seats=(condemned,), answer=side)
        if side == "heads":
            return False
    return True


def pact_price(judge: Judge, winners: tuple[int, ...]) -> None:
    """E8: whoever made a pact and ends on the winning side may be left out of the next
    game; a game cannot do that, so it is said aloud at the end, for the table."""
    state = moon(judge)
    for seat in state.pacts if state is not None else ():
        if seat in winners:
            announce(judge, "E8", "applied", seats=(seat,))


def triggered(judge: Judge) -> list[str]:
    """E24 / E25: the first death since the card was drawn decides whether it fires;
    either way the card is spent. Returns the cards that call a second vote."""
    firing = []
    for card, wants_wolf in (("E24", True), ("E25", False)):
        active = in_force(judge, card)
        if active is None:
            continue
        dead = next((e.seat for e in judge.log[active.mark:] if isinstance(e, Death)), None)
        if dead is None:
            continue
        end(judge, card)
        if is_wolf(judge.state.role_of(dead)) == wants_wolf:
            announce(judge, card, "applied", seats=(dead,))
            firing.append(card)
    return firing

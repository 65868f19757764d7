"""Win checks, evaluated after every death cascade (and after the night's charms)
in the order of catalog A14: solo third parties, then lovers (a mixed pair, or the
hybrid's pair with Cupid), then the wolves, then the village. The hybrid's
victory depends on the winner (he wins with the camp of the player he supports)."""

from __future__ import annotations

from pydantic import Field

from arena.engine.expansion import hooks
from arena.engine.judge import ConfigView, GameOver, Judge
from arena.engine.roles import ROLES
from arena.engine.roles.cupid import CupidRules
from arena.engine.roles.factions import faction, is_special
from arena.engine.roles.werewolf import WolfRules
from arena.engine.rule_types import RuleGroup

WOLF_CARDS = frozenset(name for name, spec in ROLES.items() if spec.wolf_card)
SOLO_WINS = {name: spec.win for name, spec in ROLES.items() if spec.win is not None}



class WinRules(RuleGroup):
    """Who must be gone for the village to win (C23)."""

    village__win_requires_no_third_party: bool = Field(
        False, description="C23: the village must also eliminate third parties (a mixed pair)."
    )


def _members(judge: Judge, side: str, exclude: set[int]) -> tuple[int, ...]:
    return tuple(n for n, s in judge.state.seats.items()
                 if faction(s.role) == side and n not in exclude)


def _solo_dealt(config: ConfigView, _rules: RuleGroup) -> bool:
    """Whether the deck holds a card with a victory of its own."""
    return not SOLO_WINS.keys().isdisjoint(config.roles)


def _lover_side(judge: Judge) -> set[int]:
    """Seats that play for a pair of lovers rather than their card's faction."""
    st = judge.state
    if st.hybrid_pair is not None:
        return {*st.hybrid_pair, *st.holders("cupid", alive=False)}
    if st.mixed_lovers is None:
        return set()
    side = set(st.mixed_lovers)
    if judge.rules[CupidRules].cupid__joins_mixed_pair:
        side.update(st.holders("cupid", alive=False))
    return side


def wolves_won(judge: Judge, alive: list[int]) -> bool:
    st, rule = judge.state, judge.rules[WolfRules].wolves__win
    seats = st.seats
    good = [s for s in alive if seats[s].role not in WOLF_CARDS]
    if rule == "all_non_wolves":
        return not good
    if rule == "parity":  # AIWolf: as many wolves as humans (the possessed is a human)
        return len(alive) - len(good) >= len(good)
    deal = judge.config.roles
    villagers = [s for s in good if st.role_of(s) in PLAIN]
    if rule == "all_ordinary_villagers":
        return not villagers if deal.get("villager", 0) else not good
    specials = [s for s in good if is_special(st.role_of(s))]
    dealt_specials = any(n and is_special(r) for r, n in deal.items())
    return (deal.get("villager", 0) > 0 and not villagers) or (dealt_specials and not specials)


PLAIN = ("villager", "thief")  # R9: a thief who kept his card is a plain villager


def _solo(judge: Judge) -> tuple[str, tuple[int, ...]] | None:
    if not judge.fixed(_solo_dealt):
        return None
    for seat, info in judge.state.seats.items():
        won = SOLO_WINS.get(info.role)
        if won is not None and won(judge, seat):
            return info.role, (seat,)
    return None


def _pair(judge: Judge, alive: list[int], side: set[int]) -> tuple[str, tuple[int, ...]] | None:
    st = judge.state
    if st.hybrid_pair is not None and set(alive) <= side and alive:
        return "hybrid_lovers", tuple(sorted(side))
    pair = st.mixed_lovers
    if pair is not None and set(alive) == set(pair):  # C21: the pair outlived everyone
        return "lovers", tuple(sorted(side))
    return None


def _camps(judge: Judge, alive: list[int], side: set[int]) -> tuple[str, tuple[int, ...]] | None:
    if wolves_won(judge, alive):
        return "wolves", _members(judge, "wolves", side)
    seats = judge.state.seats
    if any(seats[s].role in WOLF_CARDS for s in alive):
        return None
    if judge.rules[WinRules].village__win_requires_no_third_party and any(
            faction(seats[s].role) == "solo" or s in side for s in alive):
        return None
    return "village", _members(judge, "village", side)


def _with_dependants(judge: Judge, winner: str, seats: tuple[int, ...]) -> tuple[int, ...]:
    """C21 both_survive lovers join the winners; a hybrid wins with whom he supports."""
    st = judge.state
    out = set(seats)
    pair = st.mixed_lovers
    both = judge.rules[CupidRules].lovers__win == "both_survive"
    if pair and both and all(st.is_alive(s) for s in pair):
        out |= _lover_side(judge)
    for hybrid, supported in st.supported.items():
        if st.hybrid_pair and hybrid in st.hybrid_pair:
            continue
        if supported in out:
            out.add(hybrid)
        else:
            out.discard(hybrid)
    return tuple(sorted(out))


def winner(judge: Judge) -> tuple[str, tuple[int, ...]] | None:
    """The winning side and its seats, or None while the game goes on."""
    alive = judge.state.alive()
    found: tuple[str, tuple[int, ...]] | None = None
    for own_win in hooks(lambda x: x.win):  # an expansion's own victory first (a variant's)
        decided, found = own_win(judge, alive)
        if decided:
            break
    else:
        side = _lover_side(judge)
        found = _solo(judge) or _pair(judge, alive, side) or _camps(judge, alive, side)
    if found is None:
        return None
    return found[0], _with_dependants(judge, *found)


def check_win(judge: Judge) -> None:
    """Raise GameOver when a side has won."""
    found = winner(judge)
    if found is not None:
        raise GameOver(found[0], found[1], "win")


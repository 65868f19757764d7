"""Win checks, evaluated after every death cascade in the order of catalog A14:
third parties (a mixed pair of lovers), then the wolves, then the village."""

from __future__ import annotations

from arena.engine.judge import GameOver, Judge
from arena.engine.roles import ROLES
from arena.engine.roles.factions import is_wolf


def _faction_members(judge: Judge, faction: str, exclude: set[int]) -> tuple[int, ...]:
    st = judge.state
    return tuple(n for n, s in st.seats.items()
                 if ROLES[s.role].faction == faction and n not in exclude)


def _lover_side(judge: Judge) -> set[int]:
    """Seats that play for a mixed pair rather than their card's faction."""
    st = judge.state
    if st.mixed_lovers is None:
        return set()
    side = set(st.mixed_lovers)
    if judge.rules.cupid__joins_mixed_pair:
        side.update(st.holders("cupid", alive=False))
    return side


def wolves_won(judge: Judge, alive: list[int]) -> bool:
    st, rule = judge.state, judge.rules.wolves__win
    good = [s for s in alive if not is_wolf(st.role_of(s))]
    if rule == "all_non_wolves":
        return not good
    villagers = [s for s in good if st.role_of(s) == "villager"]
    if rule == "all_ordinary_villagers":
        return not villagers if judge.config.roles.get("villager", 0) else not good
    specials = [s for s in good if ROLES[st.role_of(s)].special]
    deal = judge.config.roles
    dealt_specials = any(n and ROLES[r].special for r, n in deal.items())
    return (deal.get("villager", 0) > 0 and not villagers) or (dealt_specials and not specials)


def winner(judge: Judge) -> tuple[str, tuple[int, ...]] | None:
    """The winning side and its seats, or None while the game goes on."""
    st, rules = judge.state, judge.rules
    alive = st.alive()
    lovers = _lover_side(judge)
    pair = st.mixed_lovers
    if pair and set(alive) == set(pair):  # C21: the pair outlived everyone else
        return "lovers", tuple(sorted(lovers))
    result: tuple[str, tuple[int, ...]] | None = None
    if wolves_won(judge, alive):
        result = "wolves", _faction_members(judge, "wolves", lovers)
    elif not any(is_wolf(st.role_of(s)) for s in alive) and not (
        rules.village__win_requires_no_third_party and pair
        and any(st.is_alive(s) for s in pair)
    ):
        result = "village", _faction_members(judge, "village", lovers)
    if result and pair and rules.lovers__win == "both_survive" and all(
            st.is_alive(s) for s in pair):
        result = result[0], tuple(sorted({*result[1], *lovers}))
    return result


def check_win(judge: Judge) -> None:
    """Raise GameOver when a side has won."""
    found = winner(judge)
    if found is not None:
        raise GameOver(found[0], found[1], "win")

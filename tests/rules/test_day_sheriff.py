"""The sheriff office: election (C9, C10), weighted vote (C11), badge succession
(C12, A11) and when the badge moves in a death cascade (A4).

The table is two wolves (seats 1, 2) and five villagers unless a test says
otherwise; nobody dies at night unless scripted and unscripted seats abstain.
"""

from __future__ import annotations

from typing import Any

import pytest

from agents.scripted import ScenarioError
from tests.rules.test_day_common import (
    PLAIN7,
    Played,
    ballots,
    exiled,
    game,
    play,
    speakers,
    wolves_kill,
)


def seat_tables(**tables: dict[str, list[Any]]) -> str:
    """seat_tables(s3={"run": [True], "vote": [1]}) -> TOML seat tables."""
    out = []
    for key, kinds in tables.items():
        out.append(f"[seats.{key[1:]}]")
        for kind, entries in kinds.items():
            text = ", ".join("true" if e is True else "false" if e is False
                             else f'"{e}"' if isinstance(e, str) else str(e) for e in entries)
            out.append(f"{kind} = [{text}]")
    return "\n".join(out) + "\n"


def run(rules: dict[str, Any], seats: str, days: int = 1,
        roles: list[str] | None = None) -> Played:
    return play(game(roles or PLAIN7, {"game.max_days": days, **rules}, seats))


def sheriff_seat(played: Played) -> int | None:
    seat: int | None = played.first("sheriff").seat
    return seat


# --- C9: when the election is held -------------------------------------------------

def test_c9_no_election() -> None:
    """C9 none: nobody is asked to run and there is never a sheriff."""
    played = run({"sheriff.election": "none"}, seat_tables(s3={"run": [True]}), days=2)
    assert played.asked("run") == []
    assert played.events("candidacy") == [] and played.events("sheriff") == []
    assert all(e.weight == 1.0 for e in played.events("vote"))


def test_c9_day1_after_speeches() -> None:
    """C9 day1_after_speeches (TB): the election follows the day-1 speeches and comes
    before the day-1 exile vote, in which the new sheriff already counts double; it is
    not held again on day 2."""
    seats = seat_tables(s3={"run": [True], "vote": [1]}, s4={"elect": [3]},
                        s5={"run": [True]}, s6={"elect": [3]}, s7={"elect": [5]})
    played = run({"sheriff.election": "day1_after_speeches"}, seats, days=2)
    assert sheriff_seat(played) == 3
    assert played.first("sheriff").how == "elected" and played.first("sheriff").day == 1
    last_speech = played.events("speech", day=1, context="discussion")[-1].seq
    candidacy = played.events("candidacy", day=1)
    election = played.events("vote", day=1, ballot="sheriff")
    first_exile = played.events("vote", day=1, ballot="exile")[0].seq
    assert last_speech < min(e.seq for e in candidacy)
    assert max(e.seq for e in candidacy) < min(e.seq for e in election)
    assert max(e.seq for e in election) < played.first("sheriff").seq < first_exile
    assert [e.seat for e in candidacy if e.running] == [3, 5]
    assert played.first("vote", day=1, ballot="exile", seat=3).weight == 2.0
    assert played.events("candidacy", day=2) == [] and played.asked("run", day=2) == []


def test_c9_before_night1_with_campaign_speeches() -> None:
    """C9 before_night1 (TV): after the deal and before the first night the candidates
    give campaign speeches, then the table votes; no election on day 1."""
    seats = seat_tables(s3={"run": [True], "speak": ["vote me"]},
                        s5={"run": [True], "speak": ["no, me"]},
                        s4={"elect": [5]}, s6={"elect": [5]}, s7={"elect": [3]})
    played = run({"sheriff.election": "before_night1"}, seats)
    night1 = played.first("phase", name="night", day=1).seq
    assert speakers(played, 0, "campaign") == [3, 5]
    assert [e.text for e in played.events("speech", context="campaign")] == ["vote me", "no, me"]
    assert all(e.seq < night1 for e in played.events("speech", context="campaign"))
    assert sheriff_seat(played) == 5 and played.first("sheriff").seq < night1
    assert played.events("candidacy", day=1) == []


# --- C10: electorate and election ties -----------------------------------------------

def test_c10_electorate_all_living_lets_candidates_vote() -> None:
    """C10 all_living: the candidates vote too; 3 and 4 for 3, 5 for himself -> 3."""
    seats = seat_tables(s3={"run": [True], "elect": [3]}, s5={"run": [True], "elect": [5]},
                        s4={"elect": [3]})
    played = run({"sheriff.election": "day1_after_speeches",
                  "sheriff.electorate": "all_living"}, seats)
    assert set(ballots(played, 1, ballot="sheriff")) == {1, 2, 3, 4, 5, 6, 7}
    assert sheriff_seat(played) == 3


def test_c10_electorate_non_candidates() -> None:
    """C10 non_candidates: candidates 3 and 5 do not vote; 4 for 3, 6 and 7 for 5 -> 5."""
    seats = seat_tables(s3={"run": [True]}, s5={"run": [True]},
                        s4={"elect": [3]}, s6={"elect": [5]}, s7={"elect": [5]})
    played = run({"sheriff.election": "day1_after_speeches",
                  "sheriff.electorate": "non_candidates"}, seats)
    assert set(ballots(played, 1, ballot="sheriff")) == {1, 2, 4, 6, 7}
    assert played.asked("elect", seat=3) == [] and played.asked("elect", seat=5) == []
    assert sheriff_seat(played) == 5


FARMS = '[attributes.3]\nbuilding = "farmer"\n[attributes.5]\nbuilding = "farmer"\n'


def test_c10_candidates_all_living_asks_everyone() -> None:
    """C10 sheriff.candidates = all_living (TB, TA, TV, online): every living seat is
    asked whether he runs, whatever his building."""
    played = run({"sheriff.election": "before_night1"}, FARMS)
    assert sorted(r.seat for r in played.asked("run")) == [1, 2, 3, 4, 5, 6, 7]


def test_c10_candidates_farmers_only() -> None:
    """C10 sheriff.candidates = farmers (VIL: only farmers may stand): only seats 3 and 5
    are asked to run, and 5 is elected."""
    seats = FARMS + seat_tables(s3={"run": [False]}, s5={"run": [True]})
    played = run({"sheriff.election": "before_night1", "sheriff.candidates": "farmers"}, seats)
    assert sorted(r.seat for r in played.asked("run")) == [3, 5]
    assert sheriff_seat(played) == 5


def test_c12_farmers_badge_goes_only_to_a_farmer() -> None:
    """C12 with sheriff.candidates = farmers (VIL: the badge passes only to another farmer):
    the killed sheriff 3 may name only farmer 5."""
    seats = FARMS + seat_tables(s3={"run": [True], "badge": [5]}) + wolves_kill([3])
    played = run({"sheriff.election": "before_night1", "sheriff.candidates": "farmers"}, seats)
    assert played.asked("badge", seat=3)[0].options == (5,)
    assert played.first("sheriff", how="badge").seat == 5


def test_c12_farmers_no_farmer_left_no_sheriff() -> None:
    """C12 farmers (VIL: "no farmers left, no sheriff"): the last farmer's badge has no
    taker, and with no farmer dealt nobody is even asked to run."""
    seats = '[attributes.3]\nbuilding = "farmer"\n' + seat_tables(s3={"run": [True]})
    played = run({"sheriff.election": "before_night1", "sheriff.candidates": "farmers"},
                 seats + wolves_kill([3]))
    assert played.asked("badge") == [] and played.events("sheriff", how="badge") == []
    nobody = run({"sheriff.election": "before_night1", "sheriff.candidates": "farmers"}, "")
    assert nobody.asked("run") == [] and sheriff_seat(nobody) is None


TIED_ELECTION = seat_tables(s3={"run": [True]}, s5={"run": [True]},
                            s4={"elect": [3]}, s6={"elect": [5]})


def test_c10_election_tie_none_means_no_sheriff() -> None:
    """sheriff.election_tie none: 3 and 5 tie at one vote; nobody gets the badge."""
    played = run({"sheriff.election": "before_night1", "sheriff.election_tie": "none"},
                 TIED_ELECTION)
    assert played.first("vote_result", ballot="sheriff").tie == (3, 5)
    assert played.events("vote", ballot="sheriff", round=2) == []
    assert played.first("sheriff").seat is None and played.first("sheriff").how == "no_sheriff"


def test_c10_election_tie_revote_once_among_the_tied() -> None:
    """sheriff.election_tie revote_once: candidates 3, 5, 7; 3 and 5 tie on the first
    ballot (7 trails), so the second ballot is between 3 and 5 only and 3 wins it."""
    seats = seat_tables(s3={"run": [True]}, s5={"run": [True]},
                        s7={"run": [True], "elect": [7]},
                        s1={"elect": [3, 3]}, s2={"elect": [3, 3]},
                        s4={"elect": [5, 5]}, s6={"elect": [5, 3]})
    played = run({"sheriff.election": "before_night1", "sheriff.election_tie": "revote_once"},
                 seats)
    assert played.first("vote_result", ballot="sheriff", round=1).tie == (3, 5)
    assert all(r.options == (3, 5) for r in played.asked("elect", round=2))
    assert played.first("vote_result", ballot="sheriff", round=2).counts == {"3": 3.0, "5": 1.0}
    assert sheriff_seat(played) == 3


def test_c10_election_revote_excludes_the_trailing_candidate() -> None:
    """sheriff.election_tie revote_once: a second-ballot vote for 7 (not tied) is refused."""
    seats = seat_tables(s3={"run": [True]}, s5={"run": [True]},
                        s7={"run": [True], "elect": [7, 7]},
                        s1={"elect": [3]}, s2={"elect": [3]}, s4={"elect": [5]},
                        s6={"elect": [5]})
    with pytest.raises(ScenarioError, match="legal options"):
        run({"sheriff.election": "before_night1", "sheriff.election_tie": "revote_once"},
            seats)


def test_c10_election_tie_revote_once_second_tie_means_no_sheriff() -> None:
    """sheriff.election_tie revote_once: tied again on the second ballot -> no sheriff."""
    seats = seat_tables(s3={"run": [True]}, s5={"run": [True]},
                        s4={"elect": [3, 3]}, s6={"elect": [5, 5]})
    played = run({"sheriff.election": "before_night1", "sheriff.election_tie": "revote_once"},
                 seats)
    assert played.first("vote_result", ballot="sheriff", round=2).tie == (3, 5)
    assert played.events("vote", ballot="sheriff", round=3) == []
    assert played.first("sheriff").seat is None


def test_c10_election_tie_random_picks_one_of_the_tied() -> None:
    """sheriff.election_tie random: one ballot, then the badge goes to 3 or 5 by lot;
    over several seeds both candidates win at least once."""
    winners = set()
    for seed in range(12):
        played = play(game(PLAIN7, {"game.max_days": 1, "sheriff.election": "before_night1",
                                    "sheriff.election_tie": "random"},
                           TIED_ELECTION, seed=seed))
        assert played.events("vote", ballot="sheriff", round=2) == []
        winners.add(sheriff_seat(played))
    assert winners == {3, 5}


# --- C11: the sheriff's vote weight --------------------------------------------------

@pytest.mark.parametrize(
    ("weight", "tables", "counts", "out"),
    [
        # x2: the sheriff plus one vote beat two plain votes (a 2-2 tie if he counted once)
        (2.0, {"s4": [1], "s5": [2], "s6": [2]}, {"1": 3.0, "2": 2.0}, 1),
        # x1.5: the sheriff plus one (2.5) lose to three plain votes (x2 would tie 3-3)
        (1.5, {"s4": [1], "s5": [2], "s6": [2], "s7": [2]}, {"1": 2.5, "2": 3.0}, 2),
        # x1.5: the sheriff alone (1.5) beats one plain vote (x1 would tie 1-1)
        (1.5, {"s5": [2]}, {"1": 1.5, "2": 1.0}, 1),
    ],
)
def test_c11_sheriff_vote_weight_decides_the_exile(
        weight: float, tables: dict[str, list[int]], counts: dict[str, float], out: int) -> None:
    """C11 sheriff.vote_weight, R10: 2.0 (tabletop) or 1.5 (online); the sheriff (seat 3)
    votes for seat 1."""
    seats = seat_tables(s3={"run": [True], "vote": [1]},
                        **{k: {"vote": v} for k, v in tables.items()})
    played = run({"sheriff.election": "before_night1", "sheriff.vote_weight": weight}, seats)
    assert played.first("vote", day=1, seat=3, ballot="exile").weight == weight
    assert played.first("vote_result", day=1, ballot="exile").counts == counts
    assert exiled(played) == [(1, out)]


# --- C12 / A11: passing the badge ----------------------------------------------------

SHERIFF3 = {"sheriff.election": "before_night1"}


def test_c12_badge_passes_when_the_sheriff_is_killed_at_night() -> None:
    """C12 any_death: the sheriff (3) is killed on night 1 and names seat 4, whose
    day-1 vote then counts double."""
    seats = seat_tables(s3={"run": [True], "badge": [4]}, s4={"vote": [1]}) + wolves_kill([3])
    played = run(SHERIFF3, seats)
    passed = played.first("sheriff", how="badge")
    assert (passed.seat, passed.by, passed.day) == (4, 3, 1)
    assert played.first("vote", day=1, seat=4).weight == 2.0


def test_a11_badge_passes_when_the_sheriff_is_exiled() -> None:
    """A11 / C12 succession_on any_death: an exiled sheriff also names a successor."""
    seats = seat_tables(s3={"run": [True], "badge": [5]}, s4={"vote": [3]},
                        s5={"vote": [3, 1]}, s6={"vote": [3]})
    played = run({**SHERIFF3, "sheriff.succession_on": "any_death"}, seats, days=2)
    assert exiled(played)[0] == (1, 3)
    assert played.first("sheriff", how="badge").seat == 5
    assert played.first("vote", day=2, seat=5).weight == 2.0


def test_c12_mandatory_succession_refuses_tearing_the_badge() -> None:
    """C12 mandatory (TA/TV): a dying sheriff must name a successor; "none" is refused."""
    seats = seat_tables(s3={"run": [True], "badge": ["none"]}) + wolves_kill([3])
    with pytest.raises(ScenarioError, match="passing is not allowed"):
        run({**SHERIFF3, "sheriff.succession": "mandatory"}, seats)


def test_c12_mandatory_succession_always_names_someone() -> None:
    """C12 mandatory: even a passive sheriff must hand the badge on (to the lowest living
    seat, 1, as the passive agent picks the lowest legal option)."""
    seats = seat_tables(s3={"run": [True]}) + wolves_kill([3])
    played = run({**SHERIFF3, "sheriff.succession": "mandatory"}, seats)
    (request,) = played.asked("badge", seat=3)
    assert not request.allow_none and request.options == (1, 2, 4, 5, 6, 7)
    assert played.first("sheriff", how="badge").seat == 1


def test_c12_optional_succession_may_tear_the_badge() -> None:
    """C12 optional (TB, online): the sheriff may tear the badge; then nobody is sheriff
    and every later vote counts once."""
    seats = seat_tables(s3={"run": [True], "badge": ["none"]}, s4={"vote": [1]})
    seats += wolves_kill([3])
    played = run({**SHERIFF3, "sheriff.succession": "optional"}, seats)
    torn = played.first("sheriff", how="badge_torn")
    assert torn.seat is None and torn.by == 3
    assert all(e.weight == 1.0 for e in played.events("vote", day=1))


def test_c12_succession_on_killed_exiled_sheriff_loses_the_badge() -> None:
    """C12 succession_on killed (TB "if the sheriff is killed"): an exiled sheriff is
    not asked for a successor; the badge is lost and day-2 votes all count once."""
    seats = seat_tables(s3={"run": [True], "badge": [5]}, s4={"vote": [3]},
                        s5={"vote": [3, 1]}, s6={"vote": [3]})
    played = run({**SHERIFF3, "sheriff.succession_on": "killed"}, seats, days=2)
    assert exiled(played)[0] == (1, 3)
    assert played.asked("badge") == []
    lost = played.first("sheriff", how="badge_lost")
    assert lost.seat is None and lost.by == 3
    assert all(e.weight == 1.0 for e in played.events("vote", day=2))


def test_c12_succession_on_killed_night_death_still_passes() -> None:
    """C12 succession_on killed: killed by the wolves, the sheriff still passes the badge."""
    seats = seat_tables(s3={"run": [True], "badge": [6]}) + wolves_kill([3])
    played = run({**SHERIFF3, "sheriff.succession_on": "killed"}, seats)
    assert played.first("sheriff", how="badge").seat == 6


# --- A4: the badge moves only once the whole cascade has settled ---------------------

# 1, 2 wolves; 3 villager (the sheriff); 4 witch; 5 hunter; 6, 7 villagers
CASCADE = ["werewolf", "werewolf", "villager", "witch", "hunter", "villager", "villager"]


def cascade(badge: int) -> Played:
    """Night 1: the wolves kill the hunter (5) and the witch poisons the sheriff (3);
    at dawn the hunter shoots seat 6."""
    seats = seat_tables(s3={"run": [True], "badge": [badge]},
                        s4={"save": [False], "poison": [3]}, s5={"shoot": [6]})
    return run(SHERIFF3, seats + wolves_kill([5]), roles=CASCADE)


def test_a4_badge_cannot_go_to_the_hunters_shot_victim() -> None:
    """A4 step 6: succession comes last, among players alive after the cascade, so the
    hunter's victim (6) is not a legal successor even though he was alive at dawn."""
    with pytest.raises(ScenarioError, match=r"legal options: \[1, 2, 4, 7, 'none'\]"):
        cascade(6)


def test_a4_badge_passes_after_the_hunters_shot() -> None:
    """A4: the shot and its death come first, then the badge goes to seat 7."""
    played = cascade(7)
    assert {e.seat for e in played.events("death")} == {3, 5, 6}
    shot, victim = played.first("shoot"), played.first("death", seat=6)
    passed = played.first("sheriff", how="badge")
    assert (passed.seat, passed.by) == (7, 3)
    assert shot.seq < victim.seq < passed.seq

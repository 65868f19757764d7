"""The online 新月 events (catalog 4.4, O1-O12) and their schedule (C35, A35): one
scenario per event, the pool drawn in a fixed order. Day events last the day they come,
night events act on the following night, the UFO and the return of the soul at once.
The deal (newmoon_common.DEAL): wolves 1, 2; seer 3; witch 4; hunter 5; villagers 6-8;
odd seats men, even seats women."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine.roles.spare_lives import lives_left
from arena.engine.view import visible
from arena.text import describe
from tests.rules.newmoon_common import (
    Script,
    dead,
    moon,
    moon_events,
    scripts,
    seat,
    speakers,
    voters,
)
from tests.rules.test_day_common import Played


def online(cards: list[str], seats: Script | None = None, **options: Any) -> Played:
    return moon(cards, seats, mode="online", **options)


def _both_wolves(day: int, target: int) -> Script:
    return seat(1, **{f"day{day}_kill": [target]}) + seat(2, **{f"day{day}_kill": [target]})


@pytest.mark.parametrize(("card", "gender", "silent"), [
    ("O1", "female", {2, 4, 6, 8}), ("O2", "male", {1, 3, 5, 7})])
def test_o1_o2_one_gender_may_neither_speak_nor_vote(card: str, gender: str,
                                                      silent: set[int]) -> None:
    """O1 (the women) / O2 (the men): this moon they may not speak or vote; the next
    day all speak again."""
    played = online([card], days=2)
    assert moon_events(played, card, "drawn")[0].day == 1
    assert set(moon_events(played, card, "applied")[0].seats) == silent
    assert not silent & set(speakers(played, 1)) and not silent & set(voters(played, 1))
    assert silent <= set(speakers(played, 2))


def test_o1_the_women_use_no_power_until_dawn() -> None:
    """O1: "no function of any kind": on night 2 the female wolf (2) takes no part in
    the kill and the witch (4) is not woken, while the male seer (3) checks; on night 3
    (the event over, the next one not due until day 3) all act again."""
    seats = seat(1, kill=["none", 6, 7]) + seat(2, day1_kill=["none"], day3_kill=[7])
    played = online(["O1"], seats, days=3)
    assert [r.seat for r in played.asked("kill", day=2)] == [1]
    assert played.asked("save", day=2) == [] and played.asked("poison", day=2) == []
    assert [r.seat for r in played.asked("check", day=2)] == [3]
    assert sorted(r.seat for r in played.asked("kill", day=3)) == [1, 2]
    assert [r.seat for r in played.asked("poison", day=3)] == [4]
    assert moon_events(played, "O1", "ended")[0].day == 2


@pytest.mark.parametrize(("card", "shoots"), [("O2", False), ("O10", True)])
def test_o2_a_hunter_among_the_men_does_not_shoot(card: str, shoots: bool) -> None:
    """O2: the hunter (5) is a man; exiled on day 1 by the women, he may not shoot,
    nor is the seer (3) woken on night 2. On a day without the event (O10) he shoots."""
    seats = scripts(*(seat(s, vote=[5]) for s in (2, 4, 6, 8))) + seat(5, shoot=[1])
    played = online([card], seats, days=2)
    assert dead(played).get(5) == "vote"
    assert bool(played.asked("shoot", seat=5)) is shoots
    assert bool(played.asked("check", seat=3, day=2)) is shoots


def test_o3_bathhouse_one_man_one_woman_no_guard_no_antidote() -> None:
    """O3: on night 2 the male wolf (1) takes a man, the female wolf (2) a woman; the
    guard is not asked, the witch may not save; the chief has one life."""
    roles = ["werewolf", "werewolf", "chief", "witch", "guard", "villager", "villager",
             "villager"]
    seats = seat(1, day2_kill=[3]) + seat(2, day2_kill=[6])
    played = online(["O3"], seats, roles=roles, days=2)
    assert set(played.asked("kill", seat=1, day=2)[0].options) <= {3, 5, 7}
    assert played.asked("protect", day=2) == [] and played.asked("save", day=2) == []
    assert played.asked("poison", day=2)
    assert dead(played) == {3: "wolves", 6: "wolves"}


def test_o4_venom_fang_the_victim_turns_and_the_lead_wolf_dies() -> None:
    """O4: on night 2 the pack's victim (6) becomes a wolf and the wolf who struck (1,
    whose kill was final) dies."""
    played = online(["O4"], _both_wolves(2, 6), days=2)
    assert played.result.roles[6] == "werewolf"
    assert dead(played) == {1: "venom"}
    assert {e.seat for e in played.events("reveal", reason="wolf_team") if 6 in e.audience} \
        >= {2}


@pytest.mark.parametrize(("target", "turned"), [(7, True), (3, False)])
def test_o5_thunderbolt(target: int, turned: bool) -> None:
    """O5: a plain villager attacked on night 2 becomes a wolf and nobody dies; the seer
    attacked dies and a bolt kills one wolf drawn by lot."""
    played = online(["O5"], _both_wolves(2, target), days=2)
    deaths = dead(played)
    if turned:
        assert played.result.roles[target] == "werewolf" and deaths == {}
    else:
        assert deaths[target] == "wolves"
        assert [c for s, c in deaths.items() if s in (1, 2)] == ["thunder"]


def test_o6_ufo_takes_a_player_unrevealed_and_parts_lovers() -> None:
    """O6 / C36: at dawn a player drawn by lot dies with his card unshown; with the
    online rule the UFO parts lovers instead of taking the partner along."""
    roles = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "cupid"]
    for seed in range(1, 30):
        played = online(["O6"], seat(8, link=[[6, 7]]), roles=roles, seed=seed,
                        lovers__breakup_causes=["ufo"])
        taken = played.first("death", cause="ufo")
        assert taken.revealed_role is None
        if taken.seat in (6, 7):
            assert dead(played) == {taken.seat: "ufo"}  # the partner lives on
            return
    raise AssertionError("the UFO never took a lover in 29 seeds")


def test_o7_break_up_the_lovers_part() -> None:
    """O7 / C36: Cupid (8) linked 6 and 7; they break up, and when 6 is exiled 7 lives."""
    roles = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "cupid"]
    seats = seat(8, link=[[6, 7]]) + scripts(*(seat(s, vote=[6]) for s in (1, 2, 3)))
    played = online(["O7"], seats, roles=roles)
    assert moon_events(played, "O7", "broken_up")[0].audience == (6, 7)
    assert dead(played) == {6: "vote"}


def test_o7_break_up_turns_a_hybrid_pair_good() -> None:
    """O7: the hybrid (6) backed wolf 1 and was linked to 7 by Cupid (8), a third party;
    after the break-up he supports Cupid and wins with the village."""
    roles = ["werewolf", "werewolf", "seer", "witch", "hunter", "hybrid", "villager", "cupid"]
    seats = (seat(8, link=[[6, 7]]) + seat(6, support=[1])
             + scripts(*(seat(s, day1_vote=[1], day2_vote=[2]) for s in (3, 4, 5, 7, 8))))
    played = online(["O7"], seats, roles=roles, days=3)
    assert moon_events(played, "O7", "broken_up")
    assert played.winner == "village" and 6 in played.winners


def test_o8_miracle_the_victim_lives_as_a_villager() -> None:
    """O8: on night 2 the pack kills the seer (3): he lives, now a plain villager."""
    played = online(["O8"], _both_wolves(2, 3), days=2)
    assert dead(played) == {}
    assert played.result.roles[3] == "villager"
    assert moon_events(played, "O8", "applied")[0].audience == (3,)


def test_o9_sheriff_recall_for_the_day() -> None:
    """O9: the sheriff (3) has no badge on day 1 (his vote weighs 1) and gets it back at
    nightfall."""
    seats = seat(3, run=[True], vote=[6])
    played = online(["O9"], seats, days=2, sheriff__election="before_night1")
    hows = [(e.seat, e.how) for e in played.events("sheriff")]
    assert hows == [(3, "elected"), (None, "recalled"), (3, "restored")]
    assert played.first("vote", seat=3, day=1).weight == 1.0


def test_o10_silence_no_speeches_vote_at_once() -> None:
    """O10: nobody speaks on day 1; the vote happens."""
    played = online(["O10"], scripts(*(seat(s, vote=[6]) for s in (1, 2, 3))))
    assert speakers(played, 1) == [] and voters(played, 1)
    assert dead(played) == {6: "vote"}


def test_o11_return_of_the_soul_revives_yesterdays_exile() -> None:
    """O11 / A49: 6 is exiled on day 2; on day 3 (the next event day) he comes back
    with his card."""
    seats = scripts(*(seat(s, day2_vote=[6]) for s in (1, 2, 3)))
    played = online(["O10", "O11"], seats, days=3)
    assert moon_events(played, "O11", "revived")[0].seats == (6,)
    assert played.result.roles[6] == "villager"
    assert 6 in [r.seat for r in played.asked("vote", day=3)]


def test_o11_a_chief_brought_back_is_told_he_has_one_life() -> None:
    """O11 (seed 003, the return of the soul; A49: a chief brought back has one life): the
    chief (6), exiled on day 2, comes back on day 3 with one life; he alone is told so,
    and his card (the lives his own view shows) reads one."""
    roles = ["werewolf", "werewolf", "seer", "witch", "hunter", "chief", "villager",
             "villager"]
    seats = scripts(*(seat(s, day2_vote=[6]) for s in (1, 2, 3)))
    played = online(["O10", "O11"], seats, roles=roles, days=3)
    told = played.events("lives_told")
    assert [(e.day, e.audience, e.seat, e.lives) for e in told] == [(3, (6,), 6, 1)]
    seen = [e for e in played.log if visible(e, 6)]
    assert lives_left("chief", 6, seen) == 1
    assert describe(told[0], "public", "en") is None
    assert describe(told[0], 6, "en") == (
        "P6 (seat 6) has fewer lives than the card shows: lives left: 1")


def test_o12_derangement_one_wolf_checks_the_powers_kill() -> None:
    """O12: on night 2 only one wolf checks (only the first check counts); the seer,
    witch and hunter kill as wolves."""
    seats = scripts(*(seat(s, day2_kill=[2]) for s in (3, 4, 5)))
    played = online(["O12"], seats, days=2)
    assert [r.seat for r in played.asked("check", day=2)] == [1]
    assert sorted(r.seat for r in played.asked("kill", day=2)) == [3, 4, 5]
    assert dead(played) == {2: "wolves"}


@pytest.mark.parametrize(("days", "expected"), [
    ("every_other_day", [1, 3, 5]), ("every_third_day", [1, 4])])
def test_c35_events_come_on_their_schedule(days: str, expected: list[int]) -> None:
    """C35: the first event on day 1, then every other day (1, 3, 5...) or, with the
    other reading, 1, 4, 7..."""
    played = online(["O10", "O9", "O2"], days=5, events__days=days)
    assert [e.day for e in played.events("new_moon") if e.step == "drawn"] == expected


def test_no_online_event_comes_twice() -> None:
    """4.4: the same event never comes twice in a game (the pool is dealt without
    replacement): a long game draws each at most once."""
    played = moon([], mode="online", days=25, events__shuffle=True)
    drawn = [e.card for e in played.events("new_moon") if e.step == "drawn"]
    assert sorted(drawn) == sorted(f"O{n}" for n in range(1, 13))

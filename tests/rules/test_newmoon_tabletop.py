"""The tabletop New Moon cards (catalog 4.3, E1-E31; V7): one scenario per card, the
deck drawn in a fixed order. The deal (newmoon_common.DEAL): wolves 1, 2; seer 3;
witch 4; hunter 5; villagers 6-8; odd seats men, even seats women, seat n aged 20+5n."""

from __future__ import annotations

from typing import Any

import pytest

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

KILL_6 = seat(1, kill=[6]) + seat(2, kill=[6])
DEAL_CUPID = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "cupid"]


def _wolves_kill(*targets: int | str) -> Script:
    return seat(1, kill=list(targets)) + seat(2, kill=list(targets))


def _all_vote(target: int, *seats: int, day: int = 1) -> Script:
    return scripts(*(seat(s, **{f"day{day}_vote": [target]}) for s in seats))


def test_e1_miracle_brings_the_last_victim_back_as_a_villager() -> None:
    """E1: the seer (3), killed in the night, flips Miracle: he is back, a plain villager."""
    played = moon(["E1"], _wolves_kill(3))
    drawn = moon_events(played, "E1", "drawn")[0]
    assert drawn.by == 3 and drawn.audience == "public" and drawn.moon == "full"
    assert moon_events(played, "E1", "revived")[0].seats == (3,)
    assert played.result.roles[3] == "villager"
    assert [e.role for e in played.events("reveal", seat=3)] == ["villager"]
    assert 3 in [r.seat for r in played.asked("vote", day=1)]


def test_e1_miracle_without_a_death_does_nothing() -> None:
    """E1 / A31: with nobody dead the judge flips the card, and there is nobody to revive."""
    played = moon(["E1"])
    assert moon_events(played, "E1", "drawn")[0].by is None
    assert moon_events(played, "E1", "revived") == []


def test_e2_bleak_monday_is_a_normal_day_by_default() -> None:
    """E2: without the host's variant the day's vote happens as usual."""
    played = moon(["E2"], _all_vote(6, 1, 2, 3))
    assert dead(played) == {6: "vote"}


def test_e2_bleak_monday_with_vouching_replaces_the_ballot() -> None:
    """E2 / 4.2.5 (events.bleak_monday = vouching): no exile ballot; players vouch in a
    chain and the last one standing is exiled."""
    played = moon(["E2"], events__bleak_monday="vouching")
    assert voters(played, 1) == [] and voters(played, 1, "vouch")
    assert list(dead(played).values()) == ["vote"]


def test_e3_a_forbidden_word_costs_the_vote() -> None:
    """E3: seat 6 says "I", seat 7 does not; 6 cannot vote that day."""
    seats = (seat(6, speak=["I think seat 1 is guilty."], vote=[1])
             + seat(7, speak=["Seat 1 is guilty."], vote=[1]))
    played = moon(["E3"], seats)
    assert moon_events(played, "E3", "applied")[0].seats == (6,)
    assert 6 not in voters(played, 1) and 7 in voters(played, 1)
    assert [r.seat for r in played.asked("vote", day=1) if r.seat == 6] == []


def test_e3_chinese_words_count_too() -> None:
    """E3: 狼 and 我 are the card's words."""
    played = moon(["E3"], seat(6, speak=["一号是狼"]) + seat(7, speak=["一号可疑"]))
    assert moon_events(played, "E3", "applied")[0].seats == (6,)


def test_e4_spiritualism_medium_left_of_the_dead_asks_a_question() -> None:
    """E4 / A38: the wolves kill 6; the medium is 7 (left of 6). The first card is the
    first group; question 3 (jewellery) is not offered, no seat having that attribute.
    He asks "am I a wolf?" and the judge answers truly, for all to hear."""
    played = moon(["E4"], KILL_6 + seat(7, question=[4]))
    asked = played.asked("question", day=1)
    assert [r.seat for r in asked] == [7] and list(asked[0].options) == [1, 2, 4]
    answer = moon_events(played, "E4", "answer")[0]
    assert answer.audience == "public"
    assert (answer.seats, answer.question, answer.answer) == ((7,), "medium_is_wolf", "no")


def test_e4_spiritualism_questions_read_seat_attributes() -> None:
    """E4 / 4.5: with jewellery on the table, question 3 is offered and answered from it."""
    played = moon(["E4"], KILL_6 + seat(7, question=[3]),
                  attributes={2: {"jewellery": True}})
    assert list(played.asked("question", day=1)[0].options) == [1, 2, 3, 4]
    assert moon_events(played, "E4", "answer")[0].answer == "yes"


def test_e4_the_second_card_asks_about_pointed_players() -> None:
    """E4: the second card drawn is the second group. The wolves kill 6, then 8; on day
    2 the medium is 1 (left of 8), who asks "same camp?" pointing at 2 and 3 (a wolf
    and the seer: no)."""
    seats = (_wolves_kill(6, 8) + seat(7, question=[4])
             + seat(1, question=[5], point=[[2, 3]]))
    played = moon(["E4", "E4"], seats, days=2)
    assert list(played.asked("question", day=2)[0].options) == [5, 7, 8]
    answer = moon_events(played, "E4", "answer")[1]
    assert answer.question == "same_camp" and answer.answer == "no"
    assert answer.seats == (1, 2, 3)


def test_e5_the_older_half_neither_speak_nor_vote_nor_can_be_voted() -> None:
    """E5 / A37: the older half (5-8 of eight) are silent and vote not; nobody may
    vote for them."""
    played = moon(["E5"], _all_vote(1, 6, 7, 2))
    assert moon_events(played, "E5", "applied")[0].seats == (5, 6, 7, 8)
    assert set(speakers(played, 1)) == {1, 2, 3, 4}
    assert set(voters(played, 1)) == {1, 2, 3, 4}
    for request in played.asked("vote", day=1):
        assert not set(request.options) & {5, 6, 7, 8}


@pytest.mark.parametrize("card", ["E6", "E15"])
def test_e6_e15_normal_rounds_by_default(card: str) -> None:
    """E6 (the host does not play the Harvest Festival), E15 (nor the Lycanthropic
    temptation): announced, in force for the round, ended at the next dawn; the day and
    the night run as usual."""
    played = moon([card], _all_vote(6, 1, 2, 3) + _wolves_kill("none", 7), days=2)
    assert [(e.step, e.day) for e in moon_events(played, card)] == [("drawn", 1), ("ended", 2)]
    assert dead(played) == {6: "vote", 7: "wolves"}
    assert len(speakers(played, 1)) == 8


def test_e6_with_the_harvest_festival_until_dawn() -> None:
    """E6 / 4.2.4 (events.end_of_the_harvest = harvest): drawn at dawn 1, the Harvest
    Festival holds until dawn 2. Night 2: the wolves (1, 2) may attack only a
    neighbour of a wolf (8 or 3), the seer checking 6 sees three unordered cards, the
    witch does
    not choose a potion but designates a player for a toss of the box, which spends
    one of her potions. Night 3: all as usual again."""
    seats = (_wolves_kill("none", 3, 6) + seat(3, check=[6, 6]) + seat(4, toss=[5]))
    played = moon(["E6"], seats, days=3, events__end_of_the_harvest="harvest")
    assert moon_events(played, "E6", "applied")[0].day == 1
    assert set(played.asked("kill", seat=1, day=2)[0].options) <= {1, 2, 3, 8}
    assert 6 in played.asked("kill", seat=1, day=3)[0].options
    results = [e.result for e in played.events("check_result", seat=3)]
    assert results[0] == "villager" and sorted(results[1].split(",")) == [
        "hunter", "villager", "villager"]  # 6 and his neighbours 5 and 7
    assert [r.seat for r in played.asked("toss", day=2)] == [4]
    assert played.asked("save", day=2) == [] and played.asked("poison", day=2) == []
    assert played.asked("toss", day=3) == []
    outcome = played.first("box_toss").outcome
    spent = "poison" if outcome == "poison" else "save"
    assert played.asked(spent, day=3) == [] and played.asked(
        "poison" if spent == "save" else "save", day=3)


def test_e6_harvest_the_sheriff_votes_first_and_the_hunter_shoots_a_neighbour() -> None:
    """E6 / 4.2.4: on the harvest day the sheriff (3) votes before everyone; the
    hunter (5), exiled, may shoot only a neighbour (4 or 6)."""
    seats = seat(3, run=[True], vote=[5]) + _all_vote(5, 1, 2, 4)
    played = moon(["E6"], seats, sheriff__election="before_night1",
                  events__end_of_the_harvest="harvest")
    assert voters(played, 1)[0] == 3
    assert set(played.asked("shoot", seat=5, day=1)[0].options) == {4, 6}


def test_e6_harvest_the_little_girl_peeks_at_the_witch_and_the_scapegoat_lives() -> None:
    """E6 / 4.2.4 (000): on the harvest day a tie (7 and 8) the scapegoat (6) would die
    for kills instead the neighbour the village votes for (7, not 5); that night the
    little girl (5) peeks in the witch's step, not the wolves'. Night 1, before the
    card, she peeked at the wolves."""
    roles = ["werewolf", "werewolf", "seer", "witch", "little_girl", "scapegoat", "villager",
             "villager"]
    seats = (seat(1, vote=[8, 7]) + seat(3, vote=[8, 7]) + seat(4, vote=[7, 7])
             + seat(6, vote=[7, 7]) + seat(5, peek=[True], peek_witch=[True]))
    played = moon(["E6"], seats, roles=roles, days=2, vote__tie=["scapegoat", "none"],
                  events__end_of_the_harvest="harvest")
    assert set(voters(played, 1, "scapegoat")) >= {1, 3, 4, 6}
    assert dead(played) == {7: "vote"}
    assert played.asked("peek", seat=5, day=1) and played.asked("peek", day=2) == []
    assert [r.seat for r in played.asked("peek_witch", day=2)] == [5]


def test_e15_with_the_lycanthropic_temptation_the_victim_is_infected() -> None:
    """E15 / 4.2.6 (events.radiant_sunday = temptation): on night 2 the wolves' victim,
    the seer (3), is infected instead of killed and loses his power for good (he
    checks no more); on night 3, the temptation over, the wolves' victim dies."""
    played = moon(["E15"], _wolves_kill("none", 3, 6), days=3,
                  events__radiant_sunday="temptation")
    assert moon_events(played, "E15", "applied")[0].day == 1
    assert played.first("touched").seat == 3
    assert played.asked("check", day=3) == []
    assert dead(played) == {6: "wolves"}


def test_e15_the_infected_witch_loses_her_poison_the_night_she_is_infected() -> None:
    """E15 / 4.2.6 (seed 000: the infected, told by the host's touch, loses his power from then on):
    on night 2 the wolves infect the witch (4); she loses her power at once and does not poison
    6."""
    played = moon(["E15"], _wolves_kill("none", 4) + seat(4, day2_poison=[6]), days=2,
                  events__radiant_sunday="temptation")
    assert played.first("touched").seat == 4
    assert played.asked("poison", seat=4, day=2) == []
    assert dead(played) == {}


@pytest.mark.parametrize(("rule", "winner"), [("temptation", "wolves"), ("normal", "draw")])
def test_e15_the_wolves_win_when_one_uninfected_villager_is_left(rule: str,
                                                                 winner: str) -> None:
    """E15 / 4.2.6: wolf 1 and villagers 2, 3; infecting 2 on night 2 leaves one
    uninfected villager: the wolves win. Without the variant, 2 dies and the game goes
    on to the day limit."""
    played = moon(["E15"], seat(1, kill=["none", 2]), roles=["werewolf", "villager", "villager"],
                  days=2, events__radiant_sunday=rule)
    assert played.winner == winner


def test_e14_good_manners_nobody_cuts_into_a_speech() -> None:
    """E14: with self-destructs allowed during anyone's speech (wolves.self_destruct_timing
    = any_time), on the day of the card no wolf is offered to cut into another's speech
    (a wolf may still self-destruct at his own turn); the next day he is again."""
    played = moon(["E14", "E2"], days=2, wolves__self_destruct=True,
                  wolves__self_destruct_timing="any_time")
    assert [r for r in played.asked("explode", day=1) if "during" in r.context] == []
    assert sorted({r.seat for r in played.asked("explode", day=1)}) == [1, 2]
    assert [r for r in played.asked("explode", day=2) if "during" in r.context]


@pytest.mark.parametrize(("rules", "normal", "eclipse"), [
    ({}, [7, 8, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 8, 7]),
    ({"speech__order": "seat_order"}, [1, 2, 3, 4, 5, 7, 8], [1, 8, 7, 5, 4, 3, 2])])
def test_e19_eclipse_speeches_go_the_other_way_the_vote_does_not(
        rules: dict[str, Any], normal: list[int], eclipse: list[int]) -> None:
    """E19: facing outwards, each player's left is the old right: after the wolves
    kill 6, day 1's speeches start right of 6 and go counter-clockwise (a table that
    starts at seat 1 goes down from seat 1); the vote, in turn here, keeps the usual
    order."""
    played = moon(["E19"], KILL_6, vote__mode="sequential_clockwise", **rules)
    assert speakers(played, 1) == eclipse
    assert voters(played, 1) == normal


@pytest.mark.parametrize(("day2", "price"), [(1, True), (2, False)])
def test_e8_the_pact_is_paid_by_a_winner(day2: int, price: bool) -> None:
    """E8: villager 6 is condemned on day 1 and makes a pact. Day 2: the wolf (1) is
    exiled and the village wins: 6 is on the winning side and the table hears that he
    may be left out of the next game (it cannot happen inside a game). If the village
    exiles 2 instead, the game ends in a draw and nothing is said."""
    roles = ["werewolf", "villager", "villager", "villager", "villager", "villager"]
    seats = (_all_vote(6, 2, 3, 4, 5) + seat(6, pact=[True])
             + _all_vote(day2, 3, 4, 5, 6, day=2))
    played = moon(["E8", "E2"], seats, roles=roles, days=2)
    paid = moon_events(played, "E8", "applied")
    assert (paid != []) is price
    if price:
        assert paid[0].seats == (6,) and paid[0].audience == "public"
        assert played.log[-1].type == "game_end" and played.log[-2] is paid[0]


def test_e1_flipped_by_the_poisoned_brings_back_the_wolves_victim() -> None:
    """E1: the wolves kill 6 and the witch poisons 7; 7, the last to die, flips the
    card, and it is the wolves' victim (6) who was only knocked out."""
    seats = KILL_6 + seat(4, save=[False], poison=[7])
    played = moon(["E1"], seats)
    assert moon_events(played, "E1", "drawn")[0].by == 7
    assert moon_events(played, "E1", "revived")[0].seats == (6,)


def test_e1_flipped_by_the_judge_brings_back_the_last_victim() -> None:
    """E1 / A31: the wolves killed the seer (3) on night 1; night 2 is quiet, so the
    judge flips Miracle at dawn 2: the seer is back, as a plain villager."""
    played = moon(["E2", "E1"], _wolves_kill(3, "none"), days=2)
    assert moon_events(played, "E1", "drawn")[0].by is None
    assert moon_events(played, "E1", "revived")[0].seats == (3,)
    assert played.result.roles[3] == "villager"


def test_e10_flipped_by_the_judge_the_last_dead_names_a_player() -> None:
    """E10: 6 was exiled on day 1; night 2 is quiet and the judge flips Punishment:
    6, the last to die, names 7, for whom nobody testifies: 7 dies."""
    seats = _all_vote(6, 1, 2, 3) + seat(6, punish=[7])
    played = moon(["E2", "E10"], seats, days=2)
    assert moon_events(played, "E10", "drawn")[0].by is None
    assert moon_events(played, "E10", "applied")[0].by == 6
    assert dead(played) == {6: "vote", 7: "punishment"}


def test_e7_men_are_away_hunting_until_dawn() -> None:
    """E7: the men (1, 3, 5, 7) neither speak nor vote nor can be voted for; at night
    the male wolf (1) does not eat and the men cannot be eaten."""
    played = moon(["E7"], _all_vote(6, 2, 4), days=2)
    assert set(speakers(played, 1)) == {2, 4, 6, 8}
    assert set(voters(played, 1)) == {2, 4, 6, 8}
    assert all(not set(r.options) & {1, 3, 5, 7} for r in played.asked("vote", day=1))
    kills = played.asked("kill", day=2)
    assert [r.seat for r in kills] == [2] and not set(kills[0].options) & {3, 5, 7}
    assert moon_events(played, "E7", "ended")[0].day == 2


def test_e7_the_away_male_wolf_is_no_prey_for_the_female_wolf() -> None:
    """E7 / A36 (seed 000: the men away cannot be eaten; away players are not offered): on night 2
    the female wolf (2) is not offered the away male wolf (1) either."""
    played = moon(["E7"], _all_vote(6, 2, 4), days=2, wolves__allow_wolf_target=True)
    kills = played.asked("kill", day=2)
    assert [r.seat for r in kills] == [2] and 1 not in kills[0].options


@pytest.mark.parametrize(("pact", "dies"), [(True, False), (False, True)])
def test_e8_the_condemned_may_make_a_pact(pact: bool, dies: bool) -> None:
    """E8: 6 is voted out; with the pact he is not hanged this time."""
    played = moon(["E8"], _all_vote(6, 1, 2, 3) + seat(6, pact=[pact]))
    assert moon_events(played, "E8", "answer")[0].answer == ("pact" if pact else "refused")
    assert (6 in dead(played)) is dies


def test_e9_april_fools_swaps_powers_until_dawn() -> None:
    """E9: the seer (3) and witch (4) trade cards for the round: on night 2 seat 4
    checks and seat 3 holds the potions; at dawn the cards go back."""
    played = moon(["E9"], days=2)
    assert [e.role for e in played.events("role", seat=3)][1:] == ["witch", "seer"]
    assert [r.seat for r in played.asked("check", day=2)] == [4]
    assert [r.seat for r in played.asked("poison", day=2)] == [3]
    assert played.result.roles[3] == "seer" and played.result.roles[4] == "witch"


def test_e9_april_fools_lovers_part_and_must_vote_for_each_other() -> None:
    """E9 / C19: Cupid (8) linked 6 and 7; they part (told privately), must vote for
    each other, and when 6 is exiled 7 lives on."""
    seats = seat(8, link=[[6, 7]]) + _all_vote(6, 1, 2, 3)
    played = moon(["E9"], seats, roles=DEAL_CUPID)
    parted = moon_events(played, "E9", "broken_up")[0]
    assert parted.audience == (6, 7)
    assert list(played.asked("vote", seat=6, day=1)[0].options) == [7]
    assert dead(played) == {6: "vote"}


@pytest.mark.parametrize(("witnesses", "dies"), [([1, 3], False), ([1], True)])
def test_e10_punishment_needs_two_witnesses(witnesses: list[int], dies: bool) -> None:
    """E10: 6, killed in the night, names 7; 7 pleads; with two witnesses he lives, with
    one he dies."""
    seats = KILL_6 + seat(6, punish=[7]) + scripts(*(seat(w, testify=[True]) for w in witnesses))
    played = moon(["E10"], seats)
    assert moon_events(played, "E10", "applied")[0].seats == (7,)
    assert played.first("speech", context="plead").seat == 7
    assert (dead(played).get(7) == "punishment") is dies


def test_e11_great_distrust_hangs_everyone_nobody_names() -> None:
    """E11 / A34: no exile ballot; everyone names two friends; only 8 is named by no
    one, and he is hanged."""
    seats = (seat(1, friends=[[2, 3]]) + seat(2, friends=[[1, 4]]) + seat(3, friends=[[5, 6]])
             + seat(4, friends=[[7, 1]]))
    played = moon(["E11"], seats)
    assert voters(played, 1) == [] and len(voters(played, 1, "friends")) == 8
    assert moon_events(played, "E11", "applied")[0].seats == (8,)
    assert dead(played) == {8: "vote"}


def test_e12_nightmare_accusations_in_turn_without_discussion() -> None:
    """E12: no discussion; from the left of the last dead (6) each must accuse someone
    (no abstaining); the most accused (1) is exiled."""
    played = moon(["E12"], KILL_6)
    assert speakers(played, 1) == []
    assert voters(played, 1, "nightmare") == [7, 8, 1, 2, 3, 4, 5]
    assert all(not r.allow_none for r in played.asked("vote", day=1))
    assert dead(played)[1] == "vote"


def test_e13_saint_philippe_dismisses_the_sheriff_and_elects_another() -> None:
    """E13: 3 was elected before night 1; at dawn he is dismissed and 4 elected."""
    seats = seat(3, run=[True, False]) + seat(4, run=[False, True])
    played = moon(["E13"], seats, sheriff__election="before_night1")
    hows = [(e.seat, e.how) for e in played.events("sheriff")]
    assert hows == [(3, "elected"), (None, "dismissed"), (4, "elected")]


@pytest.mark.parametrize("seed", range(1, 9))
def test_e16_heads_or_tails(seed: int) -> None:
    """E16: after 6 is voted out a coin decides: heads, he lives; tails, he dies."""
    played = moon(["E16"], _all_vote(6, 1, 2, 3), seed=seed)
    coin = moon_events(played, "E16", "answer")[0].answer
    assert coin in ("heads", "tails")
    assert (6 in dead(played)) is (coin == "tails")


def test_e17_women_away_and_the_witch_gets_a_potion_back() -> None:
    """E17: the women (2, 4, 6, 8) are silent, vote not and cannot be voted for until
    sunset; the witch used her antidote on night 1 and has it again on night 2."""
    seats = KILL_6 + seat(4, save=[True]) + _wolves_kill(6, 7)
    played = moon(["E17"], seats, days=2)
    assert set(speakers(played, 1)) == {1, 3, 5, 7}
    assert set(voters(played, 1)) == {1, 3, 5, 7}
    assert [r.seat for r in played.asked("save", day=2)] == [4]


def test_e17_a_witch_who_used_no_potion_gets_a_second_antidote() -> None:
    """E17 (seed 000: the witch gets one more potion before nightfall, without condition): the witch
    (4) used no potion on night 1; before night 2 she alone is told she gets a second antidote, and
    she saves the pack's victims on nights 2 and 3 (7, then 8)."""
    seats = _wolves_kill(6, 7, 8) + seat(4, save=[False, True, True])
    played = moon(["E17"], seats, days=3)
    extra = moon_events(played, "E17", "applied")[-1]
    assert (extra.day, extra.audience, extra.answer) == (2, (4,), "second_antidote")
    assert [(e.day, e.target) for e in played.events("night_action", action="save")] == [
        (1, None), (2, 7), (3, 8)]
    assert dead(played) == {6: "wolves"}


def test_e18_the_younger_half_at_the_ball() -> None:
    """E18 / A37: the younger half (1-4) are away until dawn: silent, no vote, not to be
    voted for; tonight wolves 1 and 2 do not eat, so nobody is attacked."""
    played = moon(["E18"], seat(1, day2_kill=[6]) + seat(2, day2_kill=[6]), days=2)
    assert set(speakers(played, 1)) == {5, 6, 7, 8}
    assert played.asked("kill", day=2) == []
    assert 6 not in dead(played)


def test_e20_flood_no_vote_then_two_victims() -> None:
    """E20: no vote on day 1; on night 2 the male wolf (1) takes a man (5), the female
    wolf (2) a woman (6): both die."""
    seats = seat(1, day2_kill=[5]) + seat(2, day2_kill=[6])
    played = moon(["E20"], seats, days=2)
    assert voters(played, 1) == []
    assert set(played.asked("kill", seat=1, day=2)[0].options) <= {3, 5, 7}
    assert dead(played) == {5: "wolves", 6: "wolves"}


def test_e20_flood_needs_six_players() -> None:
    """E20 / A36: with five alive the card has no effect: the vote happens."""
    roles = ["werewolf", "villager", "villager", "villager", "villager"]
    played = moon(["E20"], _all_vote(2, 1, 3, 4), roles=roles)
    assert [e.step for e in moon_events(played, "E20")] == ["drawn", "ended"]
    assert dead(played) == {2: "vote"}


def test_e21_the_specter_turns_the_victim_into_a_wolf_who_kills_an_old_one() -> None:
    """E21 / A44: drawn at dawn 1; on night 2 the wolves attack 6, who becomes a wolf
    and kills old wolf 1."""
    played = moon(["E21"], _wolves_kill("none", 6) + seat(6, replace=[1]), days=2)
    assert played.result.roles[6] == "werewolf"
    assert list(played.asked("replace", day=2)[0].options) == [1, 2]
    assert dead(played) == {1: "specter"}
    assert moon_events(played, "E21", "ended")


def test_e21_the_specter_ends_at_dawn_not_in_the_night() -> None:
    """E21 / A44: the card that struck on night 2 is announced as ended at daybreak, not
    in the middle of the night (the table would learn that the pack's victim turned)."""
    played = moon(["E21"], _wolves_kill("none", 6) + seat(6, replace=[1]), days=2)
    ended = moon_events(played, "E21", "ended")[0]
    assert (ended.day, ended.phase, ended.audience) == (2, "day", "public")


def test_e22_the_little_rascal_leaves_then_votes_three() -> None:
    """E22: the youngest (1) is away on day 1, cannot be killed on night 2, and on day 2
    his vote counts three."""
    seats = seat(1, day2_vote=[6])
    played = moon(["E22"], seats, days=2)
    assert 1 not in speakers(played, 1) and 1 not in voters(played, 1)
    assert 1 not in played.asked("kill", seat=2, day=2)[0].options
    weights = {e.seat: e.weight for e in played.events("vote", day=2)}
    assert weights[1] == 3.0


def test_e23_backfire_turns_a_villager_and_kills_the_wolf_on_his_left() -> None:
    """E23 / A43: on night 2 the wolves attack villager 7: he becomes a wolf and the
    first wolf on his left (8 is a villager, then 1) dies."""
    played = moon(["E23"], _wolves_kill("none", 7), days=2)
    assert played.result.roles[7] == "werewolf"
    assert dead(played) == {1: "backfire"}


def test_e23_backfire_spares_no_special() -> None:
    """E23: an attack on the seer is an ordinary kill."""
    played = moon(["E23"], _wolves_kill("none", 3), days=2)
    assert dead(played) == {3: "wolves"}


@pytest.mark.parametrize(("card", "exiled", "again"), [
    ("E24", 1, True), ("E24", 6, False), ("E25", 6, True), ("E25", 1, False)])
def test_e24_e25_a_second_vote_after_the_next_death(card: str, exiled: int,
                                                     again: bool) -> None:
    """E24: the next to die is a wolf: a second vote at once; E25: not a wolf. Either
    way the card is spent by that death."""
    played = moon([card], _all_vote(exiled, 2, 3, 4, 5, 7))
    rounds = played.events("vote_result", day=1, ballot="exile")
    assert len(rounds) == (2 if again else 1)
    assert moon_events(played, card, "ended")


def test_e26_full_moon_rising() -> None:
    """E26 / A46: on night 2 each wolf checks like a seer; the hunter, witch and seer
    wake as wolves, see each other and kill (1); the seer's and witch's own steps do
    not happen."""
    seats = scripts(*(seat(s, day2_kill=[1]) for s in (3, 4, 5)))
    played = moon(["E26"], seats, days=2)
    assert sorted(r.seat for r in played.asked("check", day=2)) == [1, 2]
    assert sorted(r.seat for r in played.asked("kill", day=2)) == [3, 4, 5]
    assert played.asked("poison", day=2) == [] and played.asked("save", day=2) == []
    assert dead(played) == {1: "wolves"}


def test_e27_influences_sequential_vote_from_a_chosen_first_voter() -> None:
    """E27: 6 died in the night and picks 3 to vote first; the vote goes clockwise."""
    played = moon(["E27"], KILL_6 + seat(6, first_voter=[3]))
    assert voters(played, 1) == [3, 4, 5, 7, 8, 1, 2]


def test_e28_burial_hides_the_wolves_victims() -> None:
    """E28 (in play from the start): the wolves' victim is not shown; an exile is."""
    played = moon([], KILL_6 + _all_vote(7, 1, 2, 3), events__permanent=["E28"])
    shown = {e.seat: e.revealed_role for e in played.events("death")}
    assert shown == {6: None, 7: "villager"}
    assert moon_events(played, "E28", "in_play")[0].day == 0


@pytest.mark.parametrize(("touch", "dies"), [(True, True), (False, False)])
def test_e29_touch_of_death(touch: bool, dies: bool) -> None:
    """E29: a wolf must touch the victim, or there is none."""
    played = moon([], KILL_6 + seat(1, touch=[touch]), events__permanent=["E29"])
    assert (6 in dead(played)) is dies


def test_e30_somnambulism_reads_the_seers_check_aloud() -> None:
    """E30: the seer checks 1; the table hears "werewolf", not whose card it was."""
    played = moon([], seat(3, check=[1]), events__permanent=["E30"])
    answer = moon_events(played, "E30", "answer")[0]
    assert answer.audience == "public" and answer.answer == "werewolf" and answer.seats == ()


def test_e31_double_agent_shares_the_wolves_win() -> None:
    """E31 / A45: 3 dies first and names the wolf 1 (refused), then 5, who is shown the
    wolves and wins with them."""
    roles = ["werewolf", "werewolf", "villager", "villager", "villager", "villager"]
    seats = (_wolves_kill(3, 6) + seat(3, ally=[1, 5]) + _all_vote(4, 1, 2, 5)
             + _all_vote(5, 1, 2, day=2))
    played = moon(["E31"], seats, roles=roles, days=3)
    assert moon_events(played, "E31", "answer")[0].seats == (1,)
    assert {e.seat for e in played.events("reveal", reason="double_agent")} == {1, 2}
    assert played.winner == "wolves" and 5 in played.winners

"""The variants of 001-B (catalog 4.1) and the other variant rules (4.2): V1 "It surely
isn't him" and Bleak Monday's vouching (4.2.5, C31), V2 / V3 Double-You (A39, A40), V4
the Harvest Festival (4.2.4: neighbours, three-card checks C1, the mayor votes first C29,
the scapegoat C33a, Cupid's triangle C33b, the witch's box C33d), V5 The Black Death,
V6 Lycanthropic Fascination and 4.2.6 Temptation (C32)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents import make_agent
from agents.passive import PassiveAgent
from arena.engine import Game, make_rules, run_game
from arena.engine.roles import ROLES
from arena.presets import edition, edition_rules, load_preset, preset_file, preset_names
from tests.helpers import deaths, events_of
from tests.rules.test_roles_common import Played, alive_at_end, play

SIX = ('roles = ["werewolf", "seer", "villager", "villager", "villager", "villager"]\n'
       'seed = 5\n')


def _game(rules: str, seats: str = "", roles: str = SIX, days: int = 1) -> str:
    return f"""{roles}
[rules]
"sheriff.election" = "none"
"game.max_days" = {days}
{rules}
{seats}"""


def _vouches(played: Played) -> list[tuple[int, int]]:
    """(voucher, vouched) in order."""
    out = []
    for e in played.events("vote", ballot="vouch"):
        vote: Any = e
        out.append((vote.seat, vote.target))
    return out


VOUCHING = '"vote.method" = "vouching"\n'
NIGHT1_KILLS_2 = "[seats.1]\nkill = [2]\n"


# --- V1, 4.2.5, C31: vouching instead of the ballot


def test_v1_clockwise_vouching_exiles_the_last_one_standing() -> None:
    """V1: the seer (2) died in the night, so seat 3 vouches first; the turn passes
    clockwise (3, 4, 5, 6) and each vouched player sits down; seat 1, left standing,
    is exiled instead of anyone being voted out."""
    seats = (NIGHT1_KILLS_2 + "[seats.3]\nvouch = [4]\n[seats.4]\nvouch = [5]\n"
             "[seats.5]\nvouch = [6]\n[seats.6]\nvouch = [3]\n")
    played = play(_game(VOUCHING + '"vouch.mode" = "clockwise"\n', seats))
    assert _vouches(played) == [(3, 4), (4, 5), (5, 6), (6, 3)]
    assert played.asked("vote") == []
    assert deaths(played.result) == [(1, 2, "night"), (1, 1, "vote")]
    assert played.winner == "village"


def test_v1_a_vouch_names_only_standing_players_other_than_oneself() -> None:
    """V1: the legal choices shrink as players sit down; nobody vouches for himself."""
    seats = (NIGHT1_KILLS_2 + "[seats.3]\nvouch = [4]\n[seats.4]\nvouch = [5]\n"
             "[seats.5]\nvouch = [6]\n[seats.6]\nvouch = [3]\n")
    played = play(_game(VOUCHING, seats))
    options = [(r.seat, r.options) for r in played.asked("vouch")]
    assert options == [(3, (4, 5, 6, 1)), (4, (3, 5, 6, 1)), (5, (3, 6, 1)), (6, (3, 1))]


def test_c31_chain_the_vouched_player_vouches_next() -> None:
    """4.2.5, C31 chain: the vouched player vouches next (3, 5, 4, ...); the first voucher
    (3) stays standing until someone vouches for him, then vouches again; seat 1 is left."""
    seats = (NIGHT1_KILLS_2 + "[seats.3]\nvouch = [5, 6]\n[seats.5]\nvouch = [4]\n"
             "[seats.4]\nvouch = [3]\n")
    played = play(_game(VOUCHING + '"vouch.mode" = "chain"\n', seats))
    assert _vouches(played) == [(3, 5), (5, 4), (4, 3), (3, 6)]
    assert 3 in played.asked("vouch", seat=5)[0].options  # still standing
    assert deaths(played.result)[-1] == (1, 1, "vote")


def test_c31_the_ballot_stays_the_default() -> None:
    """C31 control: without vote.method = vouching the day ends in an ordinary ballot."""
    played = play(_game("", NIGHT1_KILLS_2))
    assert played.asked("vouch") == [] and played.asked("vote")


# --- V5: The Black Death

PLAGUE = '"variant.black_death" = true\n'


def test_v5_the_wolf_cards_are_dealt_as_villagers_and_nobody_is_asked_to_kill() -> None:
    """V5: there are no wolves, and only the judge knows: the wolf card is dealt as a
    villager and nobody wakes to kill."""
    played = play(_game(PLAGUE))
    mine: Any = played.events("role", seat=1)[0]
    assert mine.role == "villager"
    assert played.asked("kill") == []
    setup: Any = played.events("setup")[0]
    assert setup.roles["werewolf"] == 1  # the table believes the usual deal


def test_v5_the_judge_draws_the_first_victim_then_the_victim_picks_the_next() -> None:
    """V5: night 1's victim is drawn by the judge (a god-only event); on night 2 that
    dead victim is asked to choose among the living, and his choice dies."""
    played = play(_game(PLAGUE, days=2))
    first: Any = played.events("plague", day=1)[0]
    assert first.by is None and first.audience == "god"
    assert deaths(played.result)[0] == (1, first.target, "night")
    ask = played.asked("plague", day=2)
    assert [r.seat for r in ask] == [first.target]
    assert first.target not in ask[0].options
    second: Any = played.events("plague", day=2)[0]
    assert second.by == first.target and second.audience == (first.target,)
    assert (2, second.target, "night") in deaths(played.result)


def test_v5_the_last_survivor_wins() -> None:
    """V5: play goes on until one player is left; he is the winner."""
    played = play(_game(PLAGUE, days=10))
    assert played.winner == "survivor"
    assert set(played.winners) == alive_at_end(played) and len(played.winners) == 1


# --- V6, 4.2.6, C32: hypnosis / infection instead of death

FASCINATION = '"variant.lycanthropy" = "fascination"\n'
HUNTERS = ('roles = ["werewolf", "seer", "hunter", "villager", "villager", "villager"]\n'
           'seed = 5\n')


def test_v6_the_victim_is_hypnotised_not_killed_and_loses_his_power() -> None:
    """V6: the pack's victim (the seer) does not die; the judge's touch tells him alone,
    and he is never asked to check again."""
    played = play(_game(FASCINATION, "[seats.1]\nkill = [2, 4]\n", days=2))
    touched: Any = played.events("touched")[0]
    assert (touched.seat, touched.how, touched.audience) == (2, "fascination", (2,))
    assert not [d for d in deaths(played.result) if d[1] == 2]
    assert [r.day for r in played.asked("check", seat=2)] == [1]


def test_v6_exiling_a_hypnotised_player_kills_every_hypnotised_player() -> None:
    """V6, A50: the seer (2) and the hunter (3) are hypnotised; exiling 2 kills 3 too
    (cause hypnosis), and the hypnotised hunter has no shot left."""
    seats = ("[seats.1]\nkill = [2, 3]\n" + "".join(
        f"[seats.{s}.day2]\nvote = [2]\n" for s in (1, 4, 5, 6)))
    played = play(_game(FASCINATION, seats, roles=HUNTERS, days=2))
    assert deaths(played.result) == [(2, 2, "vote"), (2, 3, "hypnosis")]
    assert played.asked("shoot") == []


def test_a50_the_lover_of_a_player_dying_of_hypnosis_still_follows() -> None:
    """A50: Cupid (3) links 2 and 4; the pack hypnotises 2, then 5; exiling 5 kills 2
    (hypnosis), and 2's lover 4, never touched, dies with him as any lover would."""
    roles = ('roles = ["werewolf", "seer", "cupid", "villager", "villager", "villager", '
             '"villager"]\nseed = 5\n')
    seats = ("[seats.3]\nlink = [2, 4]\n[seats.1]\nkill = [2, 5]\n" + "".join(
        f"[seats.{s}.day2]\nvote = [5]\n" for s in (1, 3, 6, 7)))
    played = play(_game(FASCINATION, seats, roles=roles, days=2))
    assert [e.seat for e in played.events("touched")] == [2, 5]
    assert deaths(played.result) == [(2, 5, "vote"), (2, 2, "hypnosis"), (2, 4, "lover")]


def test_c32_temptation_has_no_chain_death() -> None:
    """4.2.6, C32 temptation: the infected lose their powers, but exiling one of them
    kills no one else."""
    seats = ("[seats.1]\nkill = [2, 3]\n" + "".join(
        f"[seats.{s}.day2]\nvote = [2]\n" for s in (1, 4, 5, 6)))
    played = play(_game('"variant.lycanthropy" = "temptation"\n', seats, roles=HUNTERS,
                        days=2))
    assert deaths(played.result) == [(2, 2, "vote")]
    touched: Any = played.events("touched")[0]
    assert touched.how == "temptation"


def test_v6_the_wolves_win_when_one_non_wolf_is_left_untouched() -> None:
    """V6, C32: with 3 non-wolves, two nights of hypnosis leave one untouched: the wolves
    win although nobody died."""
    four = 'roles = ["werewolf", "villager", "villager", "villager"]\nseed = 5\n'
    played = play(_game(FASCINATION, "[seats.1]\nkill = [2, 3]\n", roles=four, days=5))
    assert played.winner == "wolves" and deaths(played.result) == []
    assert played.result.days == 2


def test_v6_the_pack_cannot_attack_a_hypnotised_player_again() -> None:
    """V6: hypnotising twice would change nothing; the pack's choices leave the touched out."""
    played = play(_game(FASCINATION, "[seats.1]\nkill = [2]\n", days=2))
    assert 2 not in played.asked("kill", day=2)[0].options


WITCHES = ('roles = ["werewolf", "witch", "villager", "villager", "villager", "villager"]\n'
           'seed = 5\n')


def test_v6_the_hypnotised_witch_loses_her_potions_that_very_night() -> None:
    """V6 (seed 001: the hypnotised lose every power at once and keep their eyes closed that very
    night): the pack hypnotises the witch (2) on night 1; she is touched at once, so she is not
    shown a victim nor asked to poison that night, and her scripted poison on 3 never falls."""
    played = play(_game(FASCINATION, "[seats.1]\nkill = [2]\n[seats.2]\npoison = [3]\n",
                        roles=WITCHES))
    touched: Any = played.events("touched")[0]
    assert (touched.day, touched.phase, touched.seat) == (1, "night", 2)
    assert played.asked("poison", seat=2) == [] and played.events("victim_info") == []
    assert deaths(played.result) == []


def test_v6_the_touch_comes_before_the_witch_s_step_and_no_potion_undoes_it() -> None:
    """V6: the pack's victim (3) is hypnotised when the pack chooses him: the witch is
    told of no victim to save, and 3 stays hypnotised."""
    played = play(_game(FASCINATION, "[seats.1]\nkill = [3]\n[seats.2]\nsave = [true]\n",
                        roles=WITCHES))
    info: Any = played.events("victim_info")[0]
    touched: Any = played.events("touched")[0]
    assert info.victim is None and touched.seat == 3 and touched.seq < info.seq
    assert played.asked("save") == [] and deaths(played.result) == []


# --- V4 (4.2.4), C29: the mayor votes first


def _first_exile_ballot(mode: str) -> Any:
    seats = "[seats.4]\nrun = [true]\nvote = [1]\n"
    played = play(_game(f'"vote.mode" = "{mode}"\n', seats).replace(
        '"sheriff.election" = "none"', '"sheriff.election" = "before_night1"'))
    sheriff: Any = played.events("sheriff")[0]
    assert sheriff.seat == 4
    return played.events("vote", ballot="exile")[0]


def test_c29_harvest_the_sheriff_votes_openly_before_everyone_else() -> None:
    """4.2.4, C29: with vote.mode = sheriff_first the sheriff's (seat 4's) ballot is cast
    and shown first; in the simultaneous vote the ballots are shown in seat order."""
    first = _first_exile_ballot("sheriff_first")
    assert (first.seat, first.target) == (4, 1)
    assert _first_exile_ballot("simultaneous").seat == 1


# --- V4 Harvest Festival (4.2.4, C1 d, C33)

NEIGHBOURS = '"harvest.neighbours" = true\n'
HARVEST8 = ('roles = ["werewolf", "seer", "guard", "hunter", "villager", "villager", '
            '"witch", "villager"]\nseed = 5\n')


def test_v4_wolves_attack_and_the_guard_protects_only_neighbours() -> None:
    """4.2.4: the pack (seat 1) may only attack its neighbours 2 and 8; the guard (3)
    may protect only himself or his neighbours 2 and 4."""
    played = play(_game(NEIGHBOURS, roles=HARVEST8))
    assert played.asked("kill")[0].options == (2, 8)
    assert played.asked("protect")[0].options == (2, 3, 4)


def test_a51_the_pack_may_attack_a_neighbour_of_any_living_wolf() -> None:
    """A51: with wolves at 1 and 5 the pack's prey is the union of their neighbours (2, 8
    and 4, 6); once 8 is dead and wolf 5 exiled, only the living neighbours of the
    remaining wolf are left (7 and 2)."""
    roles = ('roles = ["werewolf", "seer", "guard", "hunter", "werewolf", "villager", '
             '"witch", "villager"]\nseed = 5\n')
    seats = "[seats.1]\nkill = [8]\n[seats.5]\nkill = [8]\n" + "".join(
        f"[seats.{s}]\nvote = [5]\n" for s in (2, 3, 4, 6, 7))
    played = play(_game(NEIGHBOURS, seats, roles=roles, days=2))
    assert {r.options for r in played.asked("kill", day=1)} == {(2, 4, 6, 8)}
    assert deaths(played.result)[:2] == [(1, 8, "night"), (1, 5, "vote")]
    assert played.asked("kill", day=2)[0].options == (2, 7)


def test_v4_the_hunter_shoots_only_a_neighbour() -> None:
    """4.2.4: the exiled hunter (4) may shoot only his neighbours, seats 3 and 5."""
    seats = "".join(f"[seats.{s}]\nvote = [4]\n" for s in (1, 2, 3, 5, 6))
    played = play(_game(NEIGHBOURS, seats, roles=HARVEST8))
    assert played.asked("shoot")[0].options == (3, 5)


def test_c1_three_cards_the_seer_sees_the_target_and_his_neighbours_unordered() -> None:
    """C1 d: checking seat 5, the seer is shown the cards of 4, 5 and 6 (hunter,
    villager, villager), sorted, and is not told which is seat 5's."""
    played = play(_game('"seer.result" = "three_cards"\n', "[seats.2]\ncheck = [5]\n",
                        roles=HARVEST8))
    result: Any = played.events("check_result")[0]
    assert (result.target, result.result) == (5, "hunter,villager,villager")


def _toss(weights: str, seats: str) -> Played:
    rules = f'"witch.potion" = "box_toss"\n"witch.box_weights" = {weights}\n'
    return play(_game(rules, "[seats.1]\nkill = [5]\n" + seats, roles=HARVEST8, days=2))


def test_c33d_the_witch_tosses_the_box_once_and_everyone_hears_the_outcome() -> None:
    """4.2.4, C33d: the witch (7) designates the pack's victim (5); the box falls on
    "antidote" (the only weighted outcome), announced publicly; 5 lives; she is never
    offered a second toss and is not asked to save or poison."""
    played = _toss("[1, 0, 0, 0]", "[seats.7]\ntoss = [5]\n")
    fell: Any = played.events("box_toss")[0]
    assert (fell.outcome, fell.audience) == ("antidote", "public")
    assert not [d for d in deaths(played.result) if d[1] == 5]
    assert [r.day for r in played.asked("toss")] == [1]
    assert played.asked("save") == [] and played.asked("poison") == []


def test_c33d_the_box_may_make_a_werewolf_who_joins_the_pack() -> None:
    """4.2.4: outcome 3, the antidote that makes a werewolf: seat 5 is saved, told his
    new card, and wakes with the pack on night 2."""
    played = _toss("[0, 0, 1, 0]", "[seats.7]\ntoss = [5]\n")
    assert played.result.roles[5] == "werewolf"
    card: Any = played.events("role", seat=5)[-1]
    assert (card.role, card.audience) == ("werewolf", (5,))
    assert [r.seat for r in played.asked("kill", day=2)] == [1, 5]


def test_c33d_the_box_may_poison() -> None:
    """4.2.4: outcome 4 is poison: the designated player (here 6) dies at dawn."""
    played = _toss("[0, 0, 0, 1]", "[seats.7]\ntoss = [6]\n")
    assert (1, 6, "night") in deaths(played.result)


def test_c33a_the_scapegoat_dies_in_place_of_an_exiled_neighbour() -> None:
    """C33a (001 V4): the village exiles seat 5, the scapegoat's (6) neighbour; the
    scapegoat dies instead and seat 5 lives."""
    roles = ('roles = ["werewolf", "villager", "villager", "villager", "villager", '
             '"scapegoat"]\nseed = 5\n')
    seats = "".join(f"[seats.{s}]\nvote = [5]\n" for s in (1, 2, 3, 4))
    played = play(_game('"harvest.scapegoat" = "replaces_neighbour"\n', seats, roles=roles))
    assert deaths(played.result) == [(1, 6, "scapegoat")]
    control = play(_game("", seats, roles=roles))
    assert deaths(control.result) == [(1, 5, "vote")]


GOAT6 = ('roles = ["werewolf", "villager", "villager", "villager", "villager", "scapegoat"]\n'
         'seed = 5\n')


def _scapegoat_tie(reading: str, for_5: tuple[int, ...] = (1, 2, 3, 4)) -> Played:
    """Seats 2 and 3 tie (1, 3 and 4 vote 2; 2, 5 and 6 vote 3); then the seats
    ``for_5`` name the scapegoat's (6's) neighbour 5, the others his neighbour 1."""
    seats = "".join(f"[seats.{s}]\nvote = [{3 if s in (2, 5, 6) else 2}, "
                    f"{5 if s in for_5 else 1}]\n" for s in range(1, 7))
    rules = f'"harvest.scapegoat" = "{reading}"\n"vote.tie" = ["scapegoat"]\n'
    return play(_game(rules, seats, roles=GOAT6))


def test_c33a_000_on_a_tie_the_village_votes_out_one_of_the_scapegoats_neighbours() -> None:
    """C33a (000 End of the Harvest): 2 and 3 tie; the scapegoat (6) does not die: the
    village votes between his neighbours 1 and 5 (4 votes to 2), and 5 is exiled; the
    dead neighbour names no voters. Control (standard): the scapegoat dies and names
    tomorrow's voters."""
    played = _scapegoat_tie("neighbour_by_vote")
    ballot = played.events("vote", ballot="scapegoat")
    assert sorted((e.seat, e.target) for e in ballot) == [  # type: ignore[attr-defined]
        (1, 5), (2, 5), (3, 5), (4, 5), (5, 1), (6, 1)]
    asked = [r for r in played.asked("vote") if r.context["ballot"] == "scapegoat"]
    assert len(asked) == 6 and all(set(r.options) <= {1, 5} for r in asked)
    assert asked[1].options == (1, 5)  # seat 2
    assert deaths(played.result) == [(1, 5, "vote")]
    assert played.asked("designate") == []
    control = _scapegoat_tie("standard")
    assert deaths(control.result) == [(1, 6, "scapegoat")]
    assert [r.seat for r in control.asked("designate")] == [6]


def test_c33a_000_a_tied_neighbour_vote_is_drawn_by_lot() -> None:
    """C33a (000): the village's choice between the scapegoat's neighbours ties 3-3; one
    of the two is exiled by lot, never the scapegoat."""
    played = _scapegoat_tie("neighbour_by_vote", for_5=(1, 2, 3))
    result: Any = played.events("vote_result", ballot="scapegoat")[0]
    assert result.tie == (1, 5)
    assert deaths(played.result) in ([(1, 1, "vote")], [(1, 5, "vote")])


# --- V2, V3: Double-You

SMALL = ('roles = ["seer", "hunter", "witch", "guard", "elder", "villager", "scapegoat", '
         '"werewolf", "villager", "villager", "villager", "werewolf", "villager", "villager", '
         '"cupid", "villager"]\nseed = 5\n')
"""Seven players: face-up cards, then hidden camp cards, then two face-up cards dealt to no
one (A39). Seat 1 is a wolf holding the seer's card, seat 5 a wolf holding the elder's."""


def _small(rules: str = "", seats: str = "", days: int = 1) -> Played:
    base = '"variant.double_you" = "small"\n"seer.result" = "wolf_flag"\n'
    return play(_game(base + rules, seats, roles=SMALL, days=days))


def test_v2_face_up_cards_are_shown_to_all_and_camp_cards_stay_hidden() -> None:
    """V2: every face-up card is revealed publicly at the deal; a wolf's camp card is
    told only to him (and his pack)."""
    played = _small()
    shown = {e.seat: e.role for e in played.events("reveal", reason="face_up")}  # type: ignore[attr-defined]
    assert shown == {1: "seer", 2: "hunter", 3: "witch", 4: "guard", 5: "elder",
                     6: "villager", 7: "scapegoat"}
    assert all(e.audience == "public" for e in played.events("reveal", reason="face_up"))
    mine: Any = played.events("role", seat=1)[0]
    assert (mine.role, mine.audience) == ("werewolf", (1,))
    assert played.result.roles[1] == "werewolf" and played.result.roles[2] == "hunter"


def test_v2_a_wolf_keeps_the_power_of_his_face_up_card() -> None:
    """V2: seat 1 (wolf camp, face-up seer) wakes with the pack and also checks; his check
    of the other wolf says werewolf."""
    played = _small(seats="[seats.1]\ncheck = [5]\n")
    assert [r.seat for r in played.asked("kill")] == [1, 5]
    assert [r.seat for r in played.asked("check")] == [1]
    result: Any = played.events("check_result")[0]
    assert (result.target, result.result) == (5, "werewolf")


def test_v2_an_eliminated_player_shows_his_camp_card() -> None:
    """V2: exiled, seat 1 (face-up seer) is revealed as the wolf his camp card makes him;
    each camp must kill the other (the wolves' win counts every non-wolf)."""
    seats = "".join(f"[seats.{s}]\nvote = [1]\n" for s in (2, 3, 4, 6, 7))
    played = _small(seats=seats)
    death: Any = played.events("death", seat=1)[0]
    assert (death.cause, death.revealed_role) == ("vote", "werewolf")
    assert played.result.roles[6] == "villager" and played.asked("shoot") == []


GREAT = ('roles = ["witch", "werewolf", "villager", "villager", "seer", "hunter", '
         '"villager", "villager"]\nseed = 5\n')
"""Four players, two cards each: seat 1 witch + seer, seat 2 werewolf + hunter."""


def test_v3_two_cards_two_powers_and_the_second_card_told_to_its_holder() -> None:
    """V3: seat 1 plays both witch and seer; seat 2 is a wolf who keeps the hunter's shot
    (exiled, he shoots). Each learns his second card alone."""
    seats = ("[seats.1]\ncheck = [2]\nvote = [2]\n[seats.2]\nkill = [3]\nshoot = [4]\n"
             + "".join(f"[seats.{s}]\nvote = [2]\n" for s in (3, 4)))
    played = play(_game('"variant.double_you" = "great"\n', seats, roles=GREAT))
    second = {e.seat: (e.role, e.audience) for e in played.events("reveal", reason="second_card")}  # type: ignore[attr-defined]
    assert second == {1: ("seer", (1,)), 2: ("hunter", (2,))}
    assert [r.seat for r in played.asked("check")] == [1]
    assert [r.seat for r in played.asked("save")] == [1]
    assert [r.seat for r in played.asked("kill")] == [2]
    assert (1, 4, "hunter") in deaths(played.result)


def test_a40_great_deals_no_two_wolves_and_no_other_pair_of_night_roles() -> None:
    """A40: over many shuffled deals, a seat holds two night roles only as witch + seer,
    and never two wolf cards."""
    config = load_preset("variant-doubleyou-great-8")
    pairs = set()
    for seed in range(60):
        game = Game(config, {s: PassiveAgent() for s in range(1, 9)}, seed=seed)
        for seat in range(1, 9):
            cards = game.judge.state.cards_of(seat)
            pairs.add(cards)
            night = [c for c in cards if ROLES[c].night is not None and c != "werewolf"]
            assert len(night) < 2 or set(night) == {"witch", "seer"}, cards
            assert cards.count("werewolf") < 2
    assert ("seer", "witch") in pairs or ("witch", "seer") in pairs
    assert any(cards[0] == "werewolf" and len(cards) == 2 for cards in pairs)


# --- V4 (4.2.4, C33b): Cupid's love triangle

CUPID8 = ('roles = ["werewolf", "cupid", "villager", "villager", "villager", "villager", '
          '"villager", "werewolf"]\nseed = 5\n')
TRIANGLE = '"harvest.triangle" = true\n'
LINKS = "[seats.2]\nlink = [[3, 4]]\nunfaithful = [4]\nsecret_lover = [5]\n"
"""Lovers 3 and 4; 4 becomes unfaithful with secret lover 5; 3 is abandoned."""


def _triangle(victim: int) -> Played:
    kills = "".join(f"[seats.{wolf}]\nkill = [{victim}]\n" for wolf in (1, 8))
    return play(_game(TRIANGLE, LINKS + kills, roles=CUPID8))


def test_v4_cupid_links_one_lover_to_a_secret_lover() -> None:
    """4.2.4: after the link (3, 4) Cupid names the unfaithful (one of the two) and a third
    player; 4 and 5 learn each other, the abandoned 3 is told nothing more."""
    played = _triangle(7)
    assert played.asked("unfaithful")[0].options == (3, 4)
    assert 3 not in played.asked("secret_lover")[0].options
    pairs = [(e.seats, e.audience) for e in played.events("lovers")]  # type: ignore[attr-defined]
    assert pairs == [((3, 4), (3, 4)), ((4, 5), (4, 5))]


def test_v4_the_unfaithful_lovers_death_takes_both_others() -> None:
    """4.2.4: the unfaithful (4) dies: the abandoned (3) and the secret lover (5) die too."""
    assert deaths(_triangle(4).result) == [(1, 4, "night"), (1, 5, "night"), (1, 3, "night")]


def test_v4_the_secret_lovers_death_takes_only_the_unfaithful() -> None:
    """4.2.4: the secret lover (5) dies: only the unfaithful (4) follows; 3 lives."""
    played = _triangle(5)
    assert deaths(played.result) == [(1, 5, "night"), (1, 4, "night")]
    assert 3 in alive_at_end(played)


def test_v4_the_abandoned_lovers_death_takes_no_one() -> None:
    """4.2.4: the abandoned lover (3) dies alone."""
    assert deaths(_triangle(3).result) == [(1, 3, "night")]


def test_c33b_votes_in_the_triangle() -> None:
    """4.2.4, C33b (001): the unfaithful (4) and the secret lover (5) may not vote for each
    other; the abandoned (3) may vote for the unfaithful, who may vote for him."""
    played = _triangle(7)

    def options(seat: int) -> tuple[int, ...]:
        return next(r.options for r in played.asked("vote", seat=seat)
                    if r.context.get("ballot") == "exile")

    assert 5 not in options(4) and 4 not in options(5)
    assert 4 in options(3) and 3 in options(4)


def test_c33b_000_the_abandoned_lover_may_not_vote_for_the_unfaithful() -> None:
    """4.2.4, C33b (000, lovers.vote_restriction = forbid_abandoned): the abandoned (3)
    may not vote for the unfaithful (4), who may still vote for him; the unfaithful and
    the secret lover (5) still may not vote for each other."""
    kills = "".join(f"[seats.{wolf}]\nkill = [7]\n" for wolf in (1, 8))
    rules = TRIANGLE + '"lovers.vote_restriction" = "forbid_abandoned"\n'
    played = play(_game(rules, LINKS + kills, roles=CUPID8))

    def options(seat: int) -> tuple[int, ...]:
        return next(r.options for r in played.asked("vote", seat=seat)
                    if r.context.get("ballot") == "exile")

    assert 4 not in options(3) and 3 in options(4)
    assert 5 not in options(4) and 4 not in options(5)
    assert 5 in options(3)


# --- V4 (4.2.4, C16): the little girl peeks in the witch's step

GIRL6 = ('roles = ["werewolf", "little_girl", "witch", "villager", "villager", "villager"]\n'
         'seed = 5\n')


def _girl(rules: str, detect: float) -> Played:
    rules = f'"little_girl.window" = "witch_step"\n"little_girl.detect_p" = {detect}\n' + rules
    return play(_game(rules, "[seats.1]\nkill = [4]\n[seats.2]\npeek_witch = [true]\n",
                      roles=GIRL6))


def test_c16_harvest_the_little_girl_peeks_in_the_witch_step_not_the_wolves() -> None:
    """4.2.4, C16, A1 (Harvest): she is not asked during the wolves' step but once it is
    over, at the start of the witch's; peeking she learns the witch's seat (3) and sees no
    wolf; the witch who catches her (detect_p = 1) learns hers."""
    played = _girl("", 1)
    assert played.asked("peek") == []
    kinds = [r.kind for r in played.requests if r.day == 1]
    assert kinds.index("kill") < kinds.index("peek_witch") < kinds.index("save")
    seen = [(e.seat, e.role, e.audience) for e in played.events("reveal", reason="little_girl")]  # type: ignore[attr-defined]
    assert seen == [(3, "witch", (2,))]
    caught = [(e.seat, e.audience) for e in played.events("reveal", reason="caught_peeking")]  # type: ignore[attr-defined]
    assert caught == [(2, (3,))]
    assert _girl("", 0).events("reveal", reason="caught_peeking") == []


def test_c16_harvest_the_girl_also_peeks_at_the_box_tossing_witch() -> None:
    """4.2.4: with the Harvest witch (witch.potion = box_toss) the girl peeks in that step."""
    played = _girl('"witch.potion" = "box_toss"\n', 0)
    kinds = [r.kind for r in played.requests if r.day == 1]
    assert kinds.index("peek_witch") < kinds.index("toss")
    assert [e.seat for e in played.events("reveal", reason="little_girl")] == [3]  # type: ignore[attr-defined]


def test_c16_harvest_the_heuristic_girl_peeks_until_she_has_seen_the_witch() -> None:
    """C16 (Harvest): the heuristic little girl peeks at the witch on night 1 and, once
    she has seen her, no longer risks it; no seat of the heuristic falls back to a
    default in a Harvest game with the 000 scapegoat and triangle rules."""
    config = load_preset("variant-harvest-12", roles={
        "werewolf": 4, "seer": 1, "cupid": 1, "witch": 1, "hunter": 1, "guard": 1,
        "scapegoat": 1, "little_girl": 1, "idiot": 1}, overrides={
        "little_girl.window": "witch_step", "harvest.scapegoat": "neighbour_by_vote",
        "vote.tie": "scapegoat,none", "lovers.vote_restriction": "forbid_abandoned"})
    for seed in range(3):
        agents = {s: make_agent("heuristic", s, seed) for s in range(1, 13)}
        result = asyncio.run(run_game(config, dict(agents), seed=seed))
        peeks = [e.target is not None  # type: ignore[attr-defined]
                 for e in events_of(result, "night_action", action="peek_witch")]
        assert peeks[0] and not any(peeks[1:]), (seed, peeks)
        assert not events_of(result, "fallback") + events_of(result, "error")


# --- C30: the speaking order drawn by the judge (online tables), or a recorded game's


def _speakers(rules: str, seats: str = "", seed: int = 5) -> list[int]:
    game = _game(rules, seats).replace("seed = 5", f"seed = {seed}")
    return [e.seat for e in play(game).events("speech", context="discussion")]  # type: ignore[attr-defined]


def _way_round(order: list[int], first: int, way: int) -> bool:
    """``order`` is every living seat of the 6, from ``first`` one way round."""
    ring = [(first - 1 + way * i) % 6 + 1 for i in range(6)]
    return order == [s for s in ring if s in order]


def test_c30_drawn_after_a_death_the_first_speaker_sits_next_to_the_dead() -> None:
    """C30, speech.order = drawn: seat 3 died in the night; each day starts next to him,
    at 4 going clockwise or at 2 going counter-clockwise (both are drawn over seeds)."""
    orders = [_speakers('"speech.order" = "drawn"\n', "[seats.1]\nkill = [3]\n", seed)
              for seed in range(12)]
    assert all(_way_round(o, 4, 1) or _way_round(o, 2, -1) for o in orders)
    assert {o[0] for o in orders} == {2, 4}


def test_c30_drawn_after_a_peaceful_night_anyone_may_speak_first() -> None:
    """C30, drawn: nobody died, so the first speaker is any player, either way round;
    the default (left_of_victim) starts at seat 1 every time."""
    orders = [_speakers('"speech.order" = "drawn"\n', seed=seed) for seed in range(12)]
    assert all(_way_round(o, o[0], 1) or _way_round(o, o[0], -1) for o in orders)
    assert len({o[0] for o in orders}) > 2 and len({o[1] - o[0] for o in orders}) > 1
    assert {_speakers("", seed=seed)[0] for seed in range(4)} == {1}


def test_c30_a_recorded_draw_replaces_the_judges() -> None:
    """speech.order = recorded:4-: day 1 starts at seat 4 counter-clockwise; with 4 dead
    in the night, at the next living seat that way round (3)."""
    assert _speakers('"speech.order" = "recorded:4-"\n') == [4, 3, 2, 1, 6, 5]
    assert _speakers('"speech.order" = "recorded:4-"\n', "[seats.1]\nkill = [4]\n") == [
        3, 2, 1, 6, 5]


# --- the variant presets


@pytest.mark.parametrize("name", [n for n in preset_names() if n.startswith("variant-")])
def test_variant_presets_are_the_tv_rules_plus_their_own(name: str) -> None:
    """4.1: every variant preset plays the tv rules (its edition's base) except for the
    keys its edition sets; a tv deal's player counts (V2: 7 to 9)."""
    spec = preset_file(name)
    tv, own = edition_rules("tv"), edition(spec.edition).rules
    assert edition(spec.edition).base == "tv" and own
    rules = load_preset(name).rules.key_values()
    expected = make_rules({**tv, **own}).key_values()
    assert rules == expected
    assert rules != make_rules(tv).key_values()

"""Cupid and the lovers (R6 / R6a): the link, what the lovers learn (C18), the chain death
(C36), voting (C19) and killing (C14, A5) restrictions, and the lovers' win (C21, C23)."""

from __future__ import annotations

import asyncio

import pytest

from agents.heuristic import HeuristicAgent
from agents.scripted import ScenarioError
from arena.engine import GameConfig, make_rules, observe, run_game
from tests.helpers import deaths, events_of, true_causes
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_roles_common import (
    Played,
    alive_at_end,
    audience,
    before_end,
    play,
    sheriffless,
)

# seat 1 wolf, 2 wolf, 3 cupid, 4 witch, 5-7 villagers
DEAL = 'roles = ["werewolf", "werewolf", "cupid", "witch", "villager", "villager", "villager"]'


def _game(rules: str, seats: str, link: str = "[5, 6]", days: int = 1) -> str:
    return sheriffless(DEAL, 6, rules, f"[seats.3]\nlink = {link}\n{seats}", days)



def test_r6_cupid_links_on_night_one_only() -> None:
    """R6: Cupid is asked for a link on the first night and never again."""
    played = play(_game("", "", days=3))
    assert [r.day for r in played.asked("link")] == [1]
    lovers = played.events("lovers")
    assert [(e.day, e.seats) for e in lovers] == [(1, (5, 6))]  # type: ignore[attr-defined]


def test_r6_cupid_may_link_himself() -> None:
    """R6 cupid.allow_self = true: Cupid may name himself as one of the lovers."""
    played = play(_game('"cupid.allow_self" = true', "", link="[3, 5]"))
    assert [e.seats for e in played.events("lovers")] == [(3, 5)]  # type: ignore[attr-defined]
    assert 3 in played.asked("link", seat=3)[0].options


def test_r6_cupid_allow_self_false_forbids_linking_himself() -> None:
    """R6 cupid.allow_self = false: Cupid's own seat is not a legal lover."""
    with pytest.raises(ScenarioError, match="link"):
        play(_game('"cupid.allow_self" = false', "", link="[3, 5]"))
    played = play(_game('"cupid.allow_self" = false', ""))
    assert 3 not in played.asked("link", seat=3)[0].options


def test_r6_lovers_learn_each_other_and_nobody_else_does() -> None:
    """R6: the lovers event reaches exactly the two lovers (not Cupid, not the wolves)."""
    played = play(_game("", "", link="[2, 5]"))
    lovers = played.events("lovers")
    assert len(lovers) == 1 and audience(lovers[0]) == (2, 5)
    events = before_end(played)
    assert observe(events, 2).lovers == (2, 5)
    assert observe(events, 5).lovers == (2, 5)
    for seat in (1, 3, 4, 6, 7):
        assert observe(events, seat).lovers == ()


def test_c18_lovers_do_not_see_roles_by_default() -> None:
    """C18 lovers.see_roles = false: the lovers know who, not what; villager 5 never
    learns that his lover, seat 2, is a wolf."""
    played = play(_game('"lovers.see_roles" = false', "", link="[2, 5]"))
    assert played.events("reveal", reason="lover") == []
    assert 2 not in observe(before_end(played), 5).known_roles


def test_c18_lovers_see_roles() -> None:
    """C18 lovers.see_roles = true: each lover is shown, privately, the other's card."""
    played = play(_game('"lovers.see_roles" = true', "", link="[2, 5]"))
    shown = sorted((audience(e), e.seat, e.role)  # type: ignore[attr-defined]
                   for e in played.events("reveal", reason="lover"))
    assert shown == [((2,), 5, "villager"), ((5,), 2, "werewolf")]
    assert observe(before_end(played), 5).known_roles[2] == "werewolf"
    assert 2 not in observe(before_end(played), 6).known_roles


def test_r6_chain_death_on_wolf_kill() -> None:
    """R6a: when the wolves kill one lover, the partner dies with them (cause lover)."""
    played = play(_game("", wolves_kill([5])))
    assert sorted(deaths(played.result)) == [(1, 5, "night"), (1, 6, "night")]
    assert true_causes(played.result) == {5: "wolves", 6: "lover"}


def test_r6_chain_death_on_exile() -> None:
    """R6a: an exiled lover takes the partner along, announced as a lover death."""
    played = play(_game("", "[seats.7]\nvote = [5]\n"))
    assert deaths(played.result) == [(1, 5, "vote"), (1, 6, "lover")]


def test_c36_chain_on_poison_by_default() -> None:
    """C36 lovers.chain_causes (all causes by default): a poisoned lover takes the partner."""
    played = play(_game("", "[seats.4]\npoison = [5]\n"))
    assert true_causes(played.result) == {5: "poison", 6: "lover"}


def test_c36_chain_causes_without_poison() -> None:
    """C36 lovers.chain_causes without poison: a poisoned lover dies alone."""
    rules = '"lovers.chain_causes" = ["wolves", "vote", "hunter", "lover", "explode", "other"]'
    played = play(_game(rules, "[seats.4]\npoison = [5]\n"))
    assert deaths(played.result) == [(1, 5, "night")]
    assert true_causes(played.result) == {5: "poison"}
    assert 6 in alive_at_end(played)


def test_c19_forbid_each_other_makes_voting_for_the_partner_illegal() -> None:
    """C19 lovers.vote_restriction = forbid_each_other: the partner is not a legal vote."""
    rules = '"lovers.vote_restriction" = "forbid_each_other"'
    with pytest.raises(ScenarioError, match="vote"):
        play(_game(rules, "[seats.5]\nvote = [6]\n"))
    played = play(_game(rules, ""))
    assert 6 not in played.asked("vote", seat=5)[0].options
    assert 5 not in played.asked("vote", seat=6)[0].options
    assert 6 in played.asked("vote", seat=7)[0].options  # others may still vote for him


def test_c19_no_restriction() -> None:
    """C19 lovers.vote_restriction = none: a lover may vote out the partner (and follows him)."""
    played = play(_game('"lovers.vote_restriction" = "none"', "[seats.5]\nvote = [6]\n"))
    assert deaths(played.result) == [(1, 6, "vote"), (1, 5, "lover")]


def _lover_out_of_reach(rule: str, seat: int, kind: str) -> Played:
    """With ``rule`` on and ``seat`` linked to 5: a script aiming ``kind`` at 5 is
    refused and 5 is not among the seat's options; the game played without it."""
    rules = f'"{rule}" = true'
    with pytest.raises(ScenarioError, match=kind):
        play(_game(rules, f"[seats.{seat}]\n{kind} = [5]\n", link=f"[{seat}, 5]"))
    played = play(_game(rules, "", link=f"[{seat}, 5]"))
    assert 5 not in played.asked(kind, seat=seat)[0].options
    return played


def test_c14_wolf_lover_cannot_propose_his_partner() -> None:
    """C14 wolves.lover_target_forbidden = true: a wolf lover may not name his partner."""
    played = _lover_out_of_reach("wolves.lover_target_forbidden", 1, "kill")
    assert 5 in played.asked("kill", seat=2)[0].options  # the other wolf is not bound


def test_c14_wolf_lover_target_allowed_when_option_off() -> None:
    """C14 wolves.lover_target_forbidden = false: the wolf may kill his own lover (and dies)."""
    played = play(_game('"wolves.lover_target_forbidden" = false', wolves_kill([5]),
                        link="[1, 5]"))
    assert true_causes(played.result) == {5: "wolves", 1: "lover"}


def test_a5_witch_cannot_poison_her_lover() -> None:
    """A5 lovers.lover_target_forbidden = true: the witch's lover is not a legal poison target."""
    _lover_out_of_reach("lovers.lover_target_forbidden", 4, "poison")


def test_a5_witch_may_poison_her_lover_when_option_off() -> None:
    """A5 lovers.lover_target_forbidden = false: she may poison her lover, and follows him."""
    rules = '"lovers.lover_target_forbidden" = false'
    played = play(_game(rules, "[seats.4]\npoison = [5]\n", link="[4, 5]"))
    assert true_causes(played.result) == {5: "poison", 4: "lover"}


# A four-seat table for the win rules: 1 wolf, 2 villager, 3 cupid, 4 villager.
# Cupid links the wolf and villager 2; the wolf kills Cupid; wolf and lover vote out 4.
# (Here and below, ``.format`` puts each test's rules in the scenario's [rules].)
MIXED = sheriffless('roles = ["werewolf", "villager", "cupid", "villager"]', 7, "{rules}", """
[seats.3]
link = [1, 2]
[seats.1]
kill = [3]
vote = [4]
[seats.2]
vote = [4]""", 3)


def test_c21_mixed_pair_wins_as_last_two_alive() -> None:
    """C21 lovers.win = last_two_alive: a wolf + villager pair left alone wins as 'lovers'."""
    played = play(MIXED.format(rules='"lovers.win" = "last_two_alive"'))
    assert deaths(played.result) == [(1, 3, "night"), (1, 4, "vote")]
    assert played.winner == "lovers"
    assert played.winners == (1, 2)
    assert played.result.days == 1


def test_c21_cupid_joins_mixed_pair() -> None:
    """C21 cupid.joins_mixed_pair = true: Cupid (dead or alive) wins with the pair he linked."""
    rules = '"lovers.win" = "last_two_alive"\n"cupid.joins_mixed_pair" = true'
    played = play(MIXED.format(rules=rules))
    assert played.winner == "lovers"
    assert played.winners == (1, 2, 3)


def test_c21_cupid_does_not_join_mixed_pair_by_default() -> None:
    """C21 cupid.joins_mixed_pair = false: the win is the pair's alone."""
    played = play(MIXED.format(rules='"cupid.joins_mixed_pair" = false'))
    assert played.winners == (1, 2)


def test_c21_both_survive_pair_alone_at_the_end_wins() -> None:
    """C21 lovers.win = both_survive: once only the mixed pair is left they have survived to
    the end; the game is over and they win (it must not drag on to the day limit)."""
    played = play(MIXED.format(rules='"lovers.win" = "both_survive"'))
    assert deaths(played.result) == [(1, 3, "night"), (1, 4, "vote")]
    assert played.winner == "lovers"
    assert set(played.winners) >= {1, 2}


# 1 wolf, 2 seer, 3 cupid, 4 villager, wolves.win = all_ordinary_villagers: killing
# villager 4 wins for the wolves while the mixed pair (1 and 2) is still alive.
SHARED = sheriffless('roles = ["werewolf", "seer", "cupid", "villager"]', 7,
                     '"wolves.win" = "all_ordinary_villagers"\n{rules}', """
[seats.3]
link = [1, 2]
[seats.1]
kill = [4]""", 2)


def test_c21_both_survive_pair_shares_the_win() -> None:
    """C21 lovers.win = both_survive: a mixed pair alive when a side wins wins too."""
    played = play(SHARED.format(rules='"lovers.win" = "both_survive"'))
    assert deaths(played.result) == [(1, 4, "night")]
    assert played.winner == "wolves"
    assert {1, 2} <= set(played.winners)


def test_c21_last_two_alive_pair_does_not_share_a_side_win() -> None:
    """C21 lovers.win = last_two_alive: a mixed pair plays for itself, so when the wolves'
    side wins the pair (wolf 1 included) is not among the winners."""
    played = play(SHARED.format(rules='"lovers.win" = "last_two_alive"'))
    assert played.winner == "wolves"
    assert not {1, 2} & set(played.winners)


def test_c21_same_camp_lovers_follow_their_camp() -> None:
    """C21: two villager lovers are no third party; they win with the village."""
    deal = 'roles = ["werewolf", "villager", "cupid", "villager", "villager"]'
    played = play(sheriffless(deal, 7, "", "[seats.3]\nlink = [2, 4]\nvote = [1]\n", 2))
    assert deaths(played.result) == [(1, 1, "vote")]
    assert played.winner == "village"
    assert played.winners == (2, 3, 4, 5)


# C23: 1 wolf, 2 villager, 3 cupid, 4 villager, 5 villager; cupid links 1 and 2; a vote
# death does not chain, so exiling wolf 1 leaves his lover 2 (a third party) alive.
THIRD_PARTY = sheriffless(
    'roles = ["werewolf", "villager", "cupid", "villager", "villager"]', 9,
    '"lovers.chain_causes" = ["wolves", "poison", "hunter", "lover", "explode", "other"]\n'
    '"village.win_requires_no_third_party" = {flag}', """
[seats.3]
link = [1, 2]
[seats.4]
vote = [1, 2]""", 3)


def test_c23_village_wins_without_removing_third_party_by_default() -> None:
    """C23 village.win_requires_no_third_party = false: the last wolf's exile wins for the
    village at once, even with the wolf's lover alive (who is not among the winners);
    A52: Cupid (3), who linked that mixed pair, wins with the village."""
    played = play(THIRD_PARTY.format(flag="false"))
    assert deaths(played.result) == [(1, 1, "vote")]
    assert played.winner == "village"
    assert played.winners == (3, 4, 5)


def test_c23_village_must_also_remove_the_mixed_pair() -> None:
    """C23 village.win_requires_no_third_party = true: with the wolves gone but a member of
    the mixed pair still alive, the village has not won; removing him wins."""
    played = play(THIRD_PARTY.format(flag="true"))
    assert deaths(played.result) == [(1, 1, "vote"), (2, 2, "vote")]
    assert played.winner == "village"
    assert played.result.days == 2
    assert 2 not in played.winners


def test_c19_must_vote_each_other_binds_each_lover_to_the_partner() -> None:
    """C19 lovers.vote_restriction = must_vote_each_other (April Fools, 000 "must vote for
    each other"): a lover's only candidate is the partner; others vote freely."""
    rules = '"lovers.vote_restriction" = "must_vote_each_other"'
    with pytest.raises(ScenarioError, match="vote"):
        play(_game(rules, "[seats.5]\nvote = [7]\n"))
    played = play(_game(rules, "[seats.5]\nvote = [6]\n[seats.6]\nvote = [5]\n"))
    assert played.asked("vote", seat=5)[0].options == (6,)
    assert played.asked("vote", seat=6)[0].options == (5,)
    assert len(played.asked("vote", seat=7)[0].options) > 1
    assert deaths(played.result) == []  # one vote each: a tie, and nobody is exiled
    # bound to the partner, a lover may not abstain either; an unbound voter still may
    assert not played.asked("vote", seat=5)[0].allow_none
    assert played.asked("vote", seat=7)[0].allow_none
    with pytest.raises(ScenarioError, match="vote"):
        play(_game(rules, "[seats.5]\nvote = [\"none\"]\n"))


def test_c19_must_vote_each_other_heuristic_lovers_comply() -> None:
    """C19 must_vote_each_other: heuristic lovers vote for the partner, never abstain."""
    config = GameConfig(roles={"werewolf": 2, "cupid": 1, "witch": 1, "villager": 3},
                        rules=make_rules({"lovers.vote_restriction": "must_vote_each_other",
                                          "sheriff.election": "none"}))
    deal = ["werewolf", "werewolf", "cupid", "witch", "villager", "villager", "villager"]
    checked = 0
    for seed in range(6):
        agents = {s: HeuristicAgent(seed * 10 + s) for s in range(1, 8)}
        result = asyncio.run(run_game(config, agents, seed=seed, deal=deal))
        (pair,) = [e.seats for e in events_of(result, "lovers")]  # type: ignore[attr-defined]
        for vote in events_of(result, "vote", ballot="exile"):
            if vote.seat in pair:  # type: ignore[attr-defined]
                assert vote.target in pair, vote  # type: ignore[attr-defined]
                checked += 1
    assert checked


def test_c36_breakup_cause_spares_the_partner() -> None:
    """C36 / A48 lovers.breakup_causes (003: some deaths break the pair up instead of the
    chain): a lover poisoned with poison listed dies alone, and the partner is no longer
    bound to him (no chain, no lover restriction on a later vote)."""
    rules = '"lovers.breakup_causes" = ["poison"]'
    played = play(_game(rules, "[seats.4]\npoison = [5]\n"))
    assert true_causes(played.result) == {5: "poison"}
    assert 6 in alive_at_end(played)


ALL_VOTE_1 = "".join(f"[seats.{s}]\nvote = [1, 2]\n" for s in (4, 6, 7))


def test_c36_breakup_wins_over_chain_and_frees_the_mixed_pair() -> None:
    """C36 breakup_causes: a mixed pair (wolf 1, villager 5) broken up by an exile is no
    longer a third party: the villager plays for the village again, which wins once the
    wolves are gone (under chain rules 5 would have died with 1)."""
    rules = '"lovers.breakup_causes" = ["vote"]'
    played = play(_game(rules, ALL_VOTE_1 + wolves_kill(["none", "none"]), link="[1, 5]",
                        days=3))
    assert true_causes(played.result) == {1: "vote", 2: "vote"}
    assert played.winner == "village"
    assert 5 in played.winners


def test_c36_no_breakup_by_default() -> None:
    """C36 default: lovers.breakup_causes is empty; the same exile takes the partner."""
    played = play(_game("", ALL_VOTE_1, link="[1, 5]"))
    assert true_causes(played.result) == {1: "vote", 5: "lover"}


def test_c17_cupid_phase_night1_by_default() -> None:
    """C17 cupid.phase = night1 (TB, TA, TV, online): the link is made on night 1."""
    played = play(_game("", ""))
    (link,) = played.events("night_action", action="link")
    assert (link.day, link.phase) == (1, "night")


def test_c17_cupid_phase_before_game() -> None:
    """C17 cupid.phase = before_game (001 "before the game"): Cupid links before the
    before-night-1 sheriff election, once, and not again on night 1."""
    rules = '"cupid.phase" = "before_game"\n"sheriff.election" = "before_night1"\n'
    played = play(_game(rules, "").replace('"sheriff.election" = "none"\n', "", 1))
    (link,) = played.events("night_action", action="link")
    assert link.day == 0
    assert link.seq < played.events("candidacy")[0].seq
    assert [e.seats for e in played.events("lovers")] == [(5, 6)]  # type: ignore[attr-defined]
    assert len(played.asked("link")) == 1


def test_c17_before_game_link_asks_before_the_game_not_night_1() -> None:
    """C17 cupid.phase = before_game: the request says so, and a model is asked about
    the time before the game, not about night 1."""
    from agents.prompting import question_keys

    played = play(_game('"cupid.phase" = "before_game"', ""))
    (request,) = played.asked("link")
    assert request.context.get("before_game") is True
    assert question_keys(request)[0] == "requests.link_before_game"
    (night1,) = play(_game("", "")).asked("link")
    assert "before_game" not in night1.context
    assert question_keys(night1)[0] == "requests.link"


def test_c17_online_cupid_has_25_seconds() -> None:
    """C17 cupid.timeout_s (online: the first 25 s of night 1): the link request carries
    the shorter limit; other requests keep the table's; unset, the table's."""
    played = play(_game('"cupid.timeout_s" = 25', ""))
    (link,) = played.asked("link")
    assert link.timeout_s == 25
    assert all(r.timeout_s > 25 for r in played.asked("vote"))
    assert play(_game("", "")).asked("link")[0].timeout_s > 25
    assert make_rules({"cupid.timeout_s": 25}).cupid__timeout_s == 25


def test_c17_online_editions_give_cupid_25_seconds() -> None:
    from arena import presets

    for name in ("online-standard-12", "online-newmoon-12", "online-lastwords-12"):
        assert presets.load_preset(name).rules.cupid__timeout_s == 25, name
    assert presets.load_preset("classic-12").rules.cupid__timeout_s is None

"""The heuristic agent with the later roles: each decision serves its role's purpose,
the belief never rules out the true world, every preset is played legally, and the
heuristic beats random play on both sides of a table with new roles."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any, Literal

import pytest

from agents.base import derive_seed
from agents.belief import WOLF, BeliefTracker, infer, is_pack, plain, worlds
from agents.heuristic import HeuristicAgent
from agents.random import RandomAgent
from arena.engine import (
    Claim,
    Decision,
    GameConfig,
    GameResult,
    Request,
    make_rules,
    observe,
    run_game,
)
from arena.engine.events import (
    BaseEvent,
    Cards,
    CheckResult,
    Death,
    Enchanted,
    Fallback,
    Lovers,
    NightAction,
    Phase,
    PhaseStart,
    Reveal,
    RoleDealt,
    Setup,
    Speech,
    Vote,
)
from arena.engine.judge import SeatAgent
from arena.engine.requests import SHAPES
from arena.presets import load_preset
from tests.sweep import presets

CLASSIC = {"werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "guard": 1, "villager": 5}
SEER_SAYS_9 = (Claim(kind="role", role="seer"), Claim(kind="check", target=9, result=WOLF))


class Table:
    """Hand-written events, and the heuristic's own answers (before its safety net)."""

    def __init__(self, roles: dict[str, int], players: int = 12,
                 rules: dict[str, Any] | None = None) -> None:
        self.events: list[BaseEvent] = []
        self.day, self.players = 0, players
        self.phase: Phase = "setup"
        self.add(Setup, "public", players=players,
                 names=tuple(f"P{s}" for s in range(1, players + 1)), roles=roles,
                 rules=make_rules(rules or {}).key_values())

    def add(self, cls: type[BaseEvent], audience: Any, **fields: Any) -> None:
        self.events.append(cls(seq=len(self.events), day=self.day, phase=self.phase,
                               audience=audience, **fields))

    def deal(self, seat: int, role: str) -> None:
        self.add(RoleDealt, (seat,), seat=seat, role=role)

    def pack(self, wolves: dict[int, str]) -> None:
        """The wolf_team reveals of one pack."""
        for seat, role in wolves.items():
            self.add(Reveal, tuple(wolves), seat=seat, role=role, reason="wolf_team")

    def phase_start(self, name: Literal["night", "day"]) -> None:
        if name == "night":
            self.day += 1
        self.phase = name
        self.add(PhaseStart, "public", name=name)

    def say(self, seat: int, *claims: Claim) -> None:
        self.add(Speech, "public", seat=seat, text="...", claims=claims)

    def back_the_seer(self, *seats: int) -> None:
        """Seat 5 claims seer and names 9 a wolf; ``seats`` vouch for 5 and accuse 9."""
        self.say(5, *SEER_SAYS_9)
        for seat in seats:
            self.say(seat, Claim(kind="vouch", target=5), Claim(kind="accuse", target=9))

    def accuse(self, target: int, *by: int) -> None:
        for seat in by:
            self.say(seat, Claim(kind="accuse", target=target))

    def die(self, seat: int, role: str, cause: str = "vote") -> None:
        self.add(Death, "public", seat=seat, cause=cause, revealed_role=role)

    def ask(self, seat: int, kind: str, options: tuple[int, ...] | None = None, *,
            allow_none: bool = True, count: int = 2, **context: Any) -> Decision:
        """The heuristic's answer (asserted legal); options default to the other living."""
        if options is None:
            options = tuple(s for s in self.alive() if s != seat)
        context.setdefault("seats", tuple(range(1, self.players + 1)))
        request = Request(seat=seat, kind=kind, day=self.day, options=options,
                          allow_none=allow_none, count=count, context=context)
        decision = HeuristicAgent(seed=seat).play(observe(self.events, seat), request)
        assert request.validate(decision) is None, (kind, decision)
        return decision

    def alive(self) -> list[int]:
        dead = {e.seat for e in self.events if isinstance(e, Death)}
        return [s for s in range(1, self.players + 1) if s not in dead]

    def belief(self, seat: int) -> tuple[dict[int, float], BeliefTracker]:
        tracker = BeliefTracker()
        return tracker.update(observe(self.events, seat)).wolf, tracker


def _classic_with(role: str, seat: int) -> Table:
    """The classic 12-seat table with one villager's card turned into ``role``, dealt to
    ``seat``."""
    table = Table({**CLASSIC, "villager": 4, role: 1})
    table.deal(seat, role)
    return table


# --------------------------------------------------------------------------- thief


def _spare_table(roles: dict[str, int], players: int) -> Table:
    table = Table(roles, players, rules={"thief.mode": "spare_cards"})
    table.deal(1, "thief")
    table.phase_start("night")
    return table


THIEF_DEAL = {"thief": 1, "werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "villager": 4}


@pytest.mark.parametrize(("cards", "must", "taken"), [
    (("werewolf", "seer"), False, 2), (("witch", "guard"), False, 1),
    (("villager", "werewolf"), False, None), (("white_wolf", "werewolf"), True, 2)])
def test_the_thief_takes_the_stronger_spare_card(cards: tuple[str, str], must: bool,
                                                 taken: int | None) -> None:
    """A power card over a plain one; a wolf card only when both are wolves (then the
    plain wolf, who wins with the pack, over the white wolf, who must outlive all)."""
    table = _spare_table({**THIEF_DEAL, "guard": 1, "white_wolf": 1}, 11)
    table.add(Cards, (1,), seat=1, cards=cards)
    assert table.ask(1, "swap", (1, 2), allow_none=not must, cards=cards).target == taken


def test_the_thief_joins_the_pack_when_that_makes_it_as_strong_as_the_village() -> None:
    table = _spare_table({"thief": 1, "werewolf": 2, "villager": 4}, 5)
    cards = ("werewolf", "villager")
    table.add(Cards, (1,), seat=1, cards=cards)
    assert table.ask(1, "swap", (1, 2), cards=cards).target == 1


def test_the_thief_who_took_a_spare_card_knows_the_pack_size_and_the_cards_out() -> None:
    """After taking the seer with a wolf card left out, he counts one wolf fewer than
    the deal, and a rival seer claimant must be lying."""
    table = _spare_table(THIEF_DEAL, 9)
    table.add(Cards, (1,), seat=1, cards=("werewolf", "seer"))
    table.add(NightAction, (1,), seat=1, action="swap", target=2)
    table.deal(1, "seer")
    wolf, tracker = table.belief(1)
    assert tracker.evidence.pack_sizes() == [(2, 1.0)]
    assert sum(wolf.values()) == pytest.approx(2)
    table.phase_start("day")
    table.say(5, Claim(kind="role", role="seer"))
    wolf, _ = table.belief(1)
    assert wolf[5] == max(wolf.values()) and wolf[5] > 0.8


def test_the_village_allows_for_wolf_cards_among_the_spares() -> None:
    table = _spare_table(THIEF_DEAL, 9)
    table.deal(4, "villager")
    wolf, tracker = table.belief(4)
    sizes = dict(tracker.evidence.pack_sizes())
    assert set(sizes) == {1, 2, 3} and sum(sizes.values()) == pytest.approx(1)
    assert 2 < sum(wolf.values()) < 3


def test_the_swapping_thief_takes_a_trusted_claimed_seers_card_or_keeps_his() -> None:
    table = Table({"thief": 1, **CLASSIC, "villager": 4}, rules={"thief.mode": "swap_player"})
    table.deal(1, "thief")
    table.phase_start("night")
    assert table.ask(1, "swap").target is None  # a blind swap may make him a wolf
    assert table.ask(1, "swap", allow_none=False).target is not None
    table.say(5, Claim(kind="role", role="seer"))
    assert table.ask(1, "swap").target == 5


def test_a_wolf_who_lost_his_card_to_the_thief_leaves_the_pack() -> None:
    """The pack meets again on night 1 without seat 3: he now holds the thief card."""
    table = Table({"thief": 1, **CLASSIC, "villager": 4}, rules={"thief.mode": "swap_player"})
    table.deal(2, WOLF)
    table.pack({2: WOLF, 3: WOLF, 4: WOLF})
    table.phase_start("night")
    table.pack({1: WOLF, 2: WOLF, 4: WOLF})
    wolf, _ = table.belief(2)
    assert {s for s, p in wolf.items() if p == 1.0} == {1, 2, 4} and wolf[3] == 0.0
    assert table.ask(2, "kill", allow_none=False, pack=(1, 2, 4)).target not in (1, 2, 4)


def test_a_blind_thief_may_be_one_wolf_more_than_the_deal() -> None:
    roles = {"thief": 1, **CLASSIC}
    table = Table(roles, rules={"thief.mode": "online_blind3"})
    table.deal(6, "villager")
    table.phase_start("night")
    _, tracker = table.belief(6)
    assert {k for k, _ in tracker.evidence.pack_sizes()} == {3, 4}
    table.deal(1, "thief")
    table.add(NightAction, (1,), seat=1, action="swap", target=2)
    table.deal(1, "hunter")
    assert table.belief(1)[1].evidence.pack_sizes() == [(3, 1.0)]
    assert table.ask(1, "swap", (1, 2, 3), allow_none=False).target in (1, 2, 3)


# --------------------------------------------------------------------------- little girl


def _girl_table(**rules: Any) -> Table:
    roles = {"werewolf": 3, "seer": 1, "witch": 1, "little_girl": 1, "villager": 6}
    table = Table(roles, rules=rules)
    table.deal(3, "little_girl")
    table.phase_start("night")
    return table


def test_the_little_girl_peeks_until_she_knows_the_pack_then_names_it() -> None:
    table = _girl_table()
    assert table.ask(3, "peek").yes
    for seat in (1, 7, 9):
        table.add(Reveal, (3,), seat=seat, role=WOLF, reason="little_girl")
    wolf, _ = table.belief(3)
    assert {s for s, p in wolf.items() if p == 1.0} == {1, 7, 9}
    table.phase_start("day")
    said = table.ask(3, "speak", purpose="discussion")
    assert Claim(kind="role", role="little_girl") in said.claims
    assert {c.target for c in said.claims if c.kind == "accuse"} == {1, 7, 9}
    assert table.ask(3, "vote").target in (1, 7, 9)
    table.phase_start("night")
    assert not table.ask(3, "peek").yes


def test_the_little_girl_weighs_the_risk_against_what_a_catch_would_lose() -> None:
    """One wolf seen and not yet named: at a high risk she keeps it rather than peek."""
    table = _girl_table(**{"little_girl.detect_p": 0.9, "little_girl.info": "one_wolf"})
    assert table.ask(3, "peek").yes  # nothing to lose yet
    table.add(Reveal, (3,), seat=7, role=WOLF, reason="little_girl")
    table.phase_start("day")
    table.phase_start("night")
    assert not table.ask(3, "peek").yes


def test_a_little_girl_reading_the_wolf_chat_knows_the_speakers() -> None:
    table = _girl_table(**{"little_girl.info": "wolf_chat"})
    for seat in (1, 7):
        table.add(Speech, (1, 7, 3), seat=seat, text="...", context="wolf_chat",
                  claims=(Claim(kind="accuse", target=5),))
    wolf, _ = table.belief(3)
    assert wolf[1] == wolf[7] == 1.0


def test_the_pack_kills_the_little_girl_it_caught() -> None:
    table = Table({"werewolf": 2, "little_girl": 1, "seer": 1, "villager": 5}, 9)
    table.deal(1, WOLF)
    table.pack({1: WOLF, 2: WOLF})
    table.phase_start("night")
    table.add(Speech, (1, 2), seat=1, text="...", context="wolf_chat",
              claims=(Claim(kind="accuse", target=7),))
    assert table.ask(1, "kill", allow_none=False, pack=(1, 2)).target == 7
    table.add(Reveal, (1, 2), seat=5, role="little_girl", reason="caught_peeking")
    assert table.ask(1, "kill", allow_none=False, pack=(1, 2)).target == 5


# --------------------------------------------------------------------------- lone wolves


def _white_wolf_table() -> Table:
    table = Table({"werewolf": 2, "white_wolf": 1, **{k: v for k, v in CLASSIC.items()
                                                     if k != WOLF}})
    table.deal(1, "white_wolf")
    table.pack({1: "white_wolf", 2: WOLF, 3: WOLF})
    table.phase_start("night")
    table.phase_start("day")
    table.say(6, Claim(kind="role", role="seer"))
    table.accuse(2, 6, 7, 8)
    table.phase_start("night")
    return table


def test_the_white_wolf_kills_his_least_suspected_packmate_first() -> None:
    table = _white_wolf_table()
    assert table.ask(1, "kill", solo=True).target == 3
    assert table.ask(1, "kill", allow_none=False, pack=(1, 2, 3)).target not in (1, 2, 3)


def test_the_white_wolf_alone_kills_the_biggest_threat_never_his_lover() -> None:
    table = _white_wolf_table()
    table.die(2, WOLF)
    table.die(3, WOLF)
    assert table.ask(1, "kill", solo=True).target == 6
    table.add(Lovers, (1, 6), seats=(1, 6))
    assert table.ask(1, "kill", solo=True).target not in (1, 6, None)


def _white_eyed_table(villagers_dead: int) -> Table:
    roles = {"werewolf": 3, "white_eyed_wolf": 1, "seer": 1, "witch": 1, "guard": 1,
             "high_monk": 1, "infatuated": 1, "chief": 1, "villager": 5}
    table = Table(roles, 15, {"wolves.win": "all_villagers_or_all_specials",
                              "wolves.consensus": "leader"})
    table.deal(1, "white_eyed_wolf")
    table.pack({1: "white_eyed_wolf", 2: WOLF, 3: WOLF, 4: WOLF})
    table.phase_start("night")
    table.phase_start("day")
    for seat in range(10, 10 + villagers_dead):
        table.die(seat, "villager")
    table.accuse(2, 6, 7, 8)
    return table


def test_the_white_eyed_wolf_turns_on_the_pack_before_it_wins() -> None:
    """With villagers to spare he kills with the pack; with two left he kills a wolf (the
    one the village accuses least)."""
    early = _white_eyed_table(villagers_dead=0)
    early.phase_start("night")
    assert early.ask(1, "kill", allow_none=False, leader=1).target not in (1, 2, 3, 4)
    late = _white_eyed_table(villagers_dead=3)
    late.phase_start("night")
    assert late.ask(1, "kill", allow_none=False, leader=1).target == 3


def test_the_white_eyed_wolf_joins_a_vote_on_a_wolf_that_the_pack_would_dodge() -> None:
    table = _white_eyed_table(villagers_dead=0)
    assert table.ask(1, "vote", ballot="exile").target == 2
    table.deal(3, WOLF)
    assert table.ask(3, "vote", ballot="exile").target not in (1, 2, 3, 4)


# --------------------------------------------------------------------------- third parties


def _piper_table() -> Table:
    table = _classic_with("piper", 1)
    table.phase_start("night")
    table.phase_start("day")
    table.say(5, *SEER_SAYS_9)
    table.accuse(8, 2, 3)
    table.phase_start("night")
    return table


def test_the_piper_charms_those_likeliest_to_live_on() -> None:
    """Not the accused (the vote may take them) nor a claimed seer (the pack's prey)."""
    table = _piper_table()
    table.accuse(2, 10, 11)
    table.accuse(3, 10, 11)
    charmed = set(table.ask(1, "charm").targets)
    assert len(charmed) == 2 and not charmed & {1, 2, 3, 5, 8, 9}
    assert len(_piper_table().ask(1, "charm", count=3).targets) == 3


def test_the_piper_votes_out_a_seat_he_has_not_charmed() -> None:
    """The seer claimant and the seat he names are the top suspects; the piper charmed
    them, so he votes for the next one."""
    table = _piper_table()
    table.add(NightAction, (1,), seat=1, action="charm", target=None, targets=(9, 5))
    table.phase_start("day")
    assert table.ask(1, "vote").target == 8
    assert table.ask(2, "vote").target in (5, 9)


def test_enchanted_wake_ups_tell_the_charmed_nothing_about_the_wolves() -> None:
    table = _piper_table()
    table.deal(4, "villager")
    before = table.belief(4)[0]
    table.add(Enchanted, (4, 9, 10), seats=(4, 9, 10))
    assert table.belief(4)[0] == before
    table.phase_start("day")
    assert table.ask(4, "vote").target == 9


def test_the_seer_names_the_piper_and_the_village_votes_him_out() -> None:
    table = Table({**CLASSIC, "villager": 4, "piper": 1})
    table.deal(5, "seer")
    table.phase_start("night")
    table.add(CheckResult, (5,), seat=5, target=11, result="piper")
    table.phase_start("day")
    said = table.ask(5, "speak", purpose="discussion")
    assert Claim(kind="check", target=11, result="piper") in said.claims
    assert Claim(kind="accuse", target=11) in said.claims
    table.say(5, *said.claims)
    assert table.ask(2, "vote").target == 11


def _before_and_after_the_seer(role: str, seat: int, kind: str) -> tuple[int | None, ...]:
    """``role`` at ``seat`` of a classic table: its ``kind`` target on night 1, then on
    night 2, after seat 5 claimed the seer on day 1 and named seat 9 a wolf."""
    table = _classic_with(role, seat)
    table.phase_start("night")
    first = table.ask(seat, kind).target
    table.phase_start("day")
    table.say(5, *SEER_SAYS_9)
    table.phase_start("night")
    return first, table.ask(seat, kind).target


def test_the_crow_curses_the_top_suspect_once_one_stands_out() -> None:
    assert _before_and_after_the_seer("crow", 2, "curse") == (None, 9)


def _hybrid_table() -> Table:
    """Night 1 after the campaign speeches of a sheriff election: 9 and 10 are accused."""
    table = Table({**CLASSIC, "villager": 3, "cupid": 1, "hybrid": 1},
                  rules={"sheriff.election": "before_night1"})
    table.deal(3, "hybrid")
    table.accuse(9, 2, 4, 5, 6)
    table.accuse(10, 7, 8)
    table.phase_start("night")
    return table


def test_the_hybrid_supports_the_most_trusted_seat_or_his_lover() -> None:
    table = _hybrid_table()
    wolf, _ = table.belief(3)
    supported = table.ask(3, "support").target
    assert supported is not None and supported not in (9, 10)
    assert wolf[supported] == pytest.approx(min(p for s, p in wolf.items() if s != 3))
    table.add(Lovers, (3, 10), seats=(3, 10))
    assert table.ask(3, "support").target == 10


@pytest.mark.parametrize(("lover", "victim"), [(10, 9), (9, 10)])
def test_the_hybrid_tied_to_a_good_lover_kills_the_likeliest_wolf(lover: int,
                                                                  victim: int) -> None:
    """Seat 9 (named by the seer) and seat 10 (accused by many) are the top suspects:
    he kills the one who is not his lover."""
    table = _hybrid_table()
    table.add(Lovers, (3, lover), seats=(3, lover))
    table.phase_start("day")
    table.back_the_seer(2, 4, 6)
    table.accuse(10, 2, 4, 6, 7)
    table.phase_start("night")
    assert table.ask(3, "kill", hybrid=True).target == victim


def test_the_hybrid_votes_for_the_camp_of_the_player_he_supports() -> None:
    """With the village while his choice looks good; once a credible seer names it a
    wolf, for the pack: against the seat he trusts most."""
    table = _hybrid_table()
    table.add(NightAction, (3,), seat=3, action="support", target=9)
    table.phase_start("day")
    assert table.ask(3, "vote").target == 9
    table.back_the_seer(2, 4, 6)
    wolf, _ = table.belief(3)
    vote = table.ask(3, "vote").target
    assert vote is not None and vote != 9
    assert wolf[vote] == pytest.approx(min(p for s, p in wolf.items() if s not in (3, 9)))


def test_the_infatuated_waits_for_a_credible_seer_to_die_in_his_place() -> None:
    assert _before_and_after_the_seer("infatuated", 4, "adore") == (None, 5)
    late = _classic_with("infatuated", 4)
    for _ in range(3):
        late.phase_start("night")
        late.phase_start("day")
    late.phase_start("night")
    assert late.ask(4, "adore").target is not None


# --------------------------------------------------------------------------- offices


def test_the_high_monk_appoints_the_credible_seer() -> None:
    table = _classic_with("high_monk", 6)
    table.phase_start("night")
    table.phase_start("day")
    table.say(5, *SEER_SAYS_9)
    assert table.ask(6, "appoint").target == 5


def test_the_scapegoat_lets_only_trusted_players_vote() -> None:
    table = _classic_with("scapegoat", 12)
    table.phase_start("night")
    table.phase_start("day")
    table.back_the_seer(2, 3)
    table.accuse(5, 9, 4)
    for voter, target in ((9, 5), (4, 5), (2, 9), (3, 9), (5, 9)):
        table.add(Vote, "public", seat=voter, target=target, round=1, weight=1.0)
    voters = set(table.ask(12, "designate").targets)
    assert voters >= {2, 3, 5} and not voters & {4, 9, 12}


@pytest.mark.parametrize("role", ["elder", "chief"])
def test_the_elder_and_the_chief_show_their_card_when_the_vote_turns_on_them(
        role: str) -> None:
    table = _classic_with(role, 4)
    table.phase_start("night")
    table.phase_start("day")
    table.accuse(4, 2, 3)
    assert Claim(kind="role", role=role) in table.ask(4, "speak", purpose="discussion").claims
    table.deal(6, "villager")
    table.accuse(6, 2, 3)
    assert not [c for c in table.ask(6, "speak", purpose="discussion").claims
                if c.kind == "role"]


# --------------------------------------------------------------------------- belief


WORLD_CONFIGS = {
    "spare_cards": GameConfig(roles={**CLASSIC, "thief": 1, "villager": 6},
                              rules=make_rules({"thief.mode": "spare_cards"})),
    "swap_player": GameConfig(roles={**CLASSIC, "thief": 1, "villager": 4},
                              rules=make_rules({"thief.mode": "swap_player",
                                                "thief.swap_mandatory": True})),
    "online_blind3": load_preset("online-thief-12"),
    "white_eyed_flag": load_preset("online-tucheng-12", overrides={"seer.result": "wolf_flag"}),
    "wolf_chat": load_preset("ta-12", overrides={"little_girl.info": "wolf_chat"}),
}


@pytest.mark.parametrize("name", sorted(WORLD_CONFIGS))
def test_the_belief_never_rules_out_the_true_wolves(name: str) -> None:
    """From night 1 on (the thief has chosen), every seat's certain knowledge and pack
    size leave room for the real pack: taken thief cards, spare wolf cards, a wolf the
    blind pick adds, a white-eyed wolf who checks as good, wolves seen in the chat."""
    config = WORLD_CONFIGS[name]
    checked = 0
    for seed in range(2):
        result = _play(config, seed, HeuristicAgent, HeuristicAgent)
        truth = {s for s, role in result.roles.items() if is_pack(role)}
        start = next(i for i, e in enumerate(result.events)
                     if isinstance(e, PhaseStart) and e.name == "day")
        for seat in result.roles:
            tracker = BeliefTracker()
            for end in range(start, len(result.events) - 1, 30):
                tracker.update(observe(result.events[:end], seat))
                assert worlds(tracker.evidence).allows(truth), (seed, seat, end)
                checked += 1
    assert checked > 50


def test_a_seat_that_knows_no_more_than_the_table_shares_the_public_weighing() -> None:
    """Plain seats derive their belief from the public sets weighed once for the table
    (given their own good card); it equals weighing their own evidence."""
    config, derived = load_preset("tv-16"), 0
    result = _play(config, 3, HeuristicAgent, HeuristicAgent)
    for seat in result.roles:
        tracker = BeliefTracker()
        for end in range(40, len(result.events) - 1, 40):
            shared = tracker.update(observe(result.events[:end], seat))
            derived += plain(tracker.evidence, tracker.public)
            own = infer(tracker.evidence)
            assert shared.wolf == pytest.approx(own.wolf, abs=1e-9), (seat, end)
    assert derived > 20


# --------------------------------------------------------------------------- whole games


class Strict:
    """A heuristic seat that records every answer its own play gets wrong (rather than
    letting ``decide`` fall back to the default)."""

    concurrent = False

    def __init__(self, seed: int, wrong: list[tuple[int, str, str]]) -> None:
        self.agent, self.wrong = HeuristicAgent(seed=seed), wrong

    async def decide(self, observation: Any, request: Request) -> Decision:
        decision = self.agent.play(observation, request)
        problem = request.validate(decision)
        if problem is None:
            return decision
        if _answerable(request):
            self.wrong.append((request.seat, request.kind, problem))
        return request.default()


def _answerable(request: Request) -> bool:
    shape = SHAPES[request.kind]
    if shape == "target":
        return bool(request.options) or request.allow_none
    return shape != "pair" or len(request.options) >= request.count


@pytest.mark.parametrize("preset", presets())
def test_every_preset_is_played_legally(preset: str) -> None:
    """Seed 0: heuristic seats only; seed 1: heuristic and random seats alternate."""
    config = load_preset(preset)
    for seed in (0, 1):
        wrong: list[tuple[int, str, str]] = []
        heuristic = {s for s in range(1, config.players + 1) if seed == 0 or s % 2}
        agents: dict[int, SeatAgent] = {
            s: Strict(derive_seed(seed, s), wrong) if s in heuristic
            else RandomAgent(seed=derive_seed(seed, s)) for s in range(1, config.players + 1)}
        result = asyncio.run(run_game(config, agents, seed=seed))
        crashed = [e for e in result.events if isinstance(e, Fallback)
                   and e.seat in heuristic and e.reason.startswith("error")]
        assert not wrong and not crashed, (seed, wrong[:3], crashed[:3])


def _play(config: GameConfig, seed: int, village: type[HeuristicAgent] | type[RandomAgent],
          pack: type[HeuristicAgent] | type[RandomAgent]) -> GameResult:
    """One game with a seeded shuffled deal: ``pack`` plays the cards that wake with
    the wolves, ``village`` every other seat."""
    deal = config.deck()
    random.Random(seed).shuffle(deal)
    agents: dict[int, SeatAgent] = {
        seat: (pack if is_pack(role) else village)(seed=derive_seed(seed, seat))
        for seat, role in enumerate(deal[:config.players], 1)}
    return asyncio.run(run_game(config, agents, seed=seed, deal=deal))


@pytest.mark.slow
def test_the_heuristic_beats_random_play_on_both_sides_of_a_table_with_new_roles() -> None:
    """tv-16 (elder, scapegoat, piper and idiot among the village's cards): heuristic
    seats win far more often than random ones in their place, on either side."""
    config = load_preset("tv-16")

    def rates(village: type[HeuristicAgent] | type[RandomAgent],
              pack: type[HeuristicAgent] | type[RandomAgent], games: int) -> Counter[str]:
        won = Counter(_play(config, g, village, pack).winner for g in range(games))
        return Counter({side: n / games for side, n in won.items()})

    base = rates(RandomAgent, RandomAgent, 100)
    village = rates(HeuristicAgent, RandomAgent, 80)["village"]
    wolves = rates(RandomAgent, HeuristicAgent, 80)["wolves"]
    assert village >= 0.75 and village >= base["village"] + 0.4, (village, base)
    assert wolves >= 0.6 and wolves >= base["wolves"] + 0.15, (wolves, base)

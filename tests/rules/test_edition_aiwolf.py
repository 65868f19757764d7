"""AIWolf edition: a tie is revoted once, a tie that persists is drawn by lot, the wolves
do not kill on the first night, and the edition's presets."""

from __future__ import annotations

import random

import pytest

from arena.engine.events import Death
from arena.presets import load_preset
from tests.rules.test_day_common import game as day_game
from tests.rules.test_day_common import play as day_play
from tests.rules.test_day_common import wolves_kill
from tests.rules.test_presets_editions import names_in
from tests.rules.test_roles_common import play

# seat 1 werewolf, 2 possessed, 3 seer, 4..6 villagers
DEAL = 'roles = ["werewolf", "possessed", "seer", "villager", "villager", "villager"]'


def _game(seed: int, votes: dict[int, str], preset: str = "aiwolf-5") -> str:
    seats = "\n".join(f"[seats.{s}]\nvote = {v}" for s, v in votes.items())
    return f"""
preset = "{preset}"
seed = {seed}
{DEAL}
[rules]
"game.max_days" = 1
{seats}
"""


# round 1: 1 and 2 tie at 3 votes; in the revote by all (1 and 2 keep their ballots)
# they tie again 3 to 3
TIED_TWICE = {1: "[2, 2]", 2: "[1, 1]", 3: "[1, 1]", 4: "[1, 1]", 5: "[2, 2]", 6: "[2, 2]"}


def _exiled(seed: int) -> int:
    played = play(_game(seed, TIED_TWICE))
    results = [(e.round, e.tie) for e in played.events("vote_result")]  # type: ignore[attr-defined]
    assert results == [(1, (1, 2)), (2, (1, 2))]
    (death,) = played.events("death")
    assert isinstance(death, Death) and death.cause == "vote"
    return death.seat


def test_a_tie_that_survives_the_revote_is_drawn_by_lot_among_the_tied() -> None:
    drawn = {_exiled(seed) for seed in range(12)}
    assert drawn == {1, 2}


def test_the_lot_follows_the_games_seed_not_the_global_random_state() -> None:
    drawn = set()
    for global_seed in range(6):
        random.seed(global_seed)
        drawn.add(_exiled(5))
    assert len(drawn) == 1


def test_a_revote_that_settles_the_tie_needs_no_lot() -> None:
    votes = {**TIED_TWICE, 6: "[2, 1]"}
    played = play(_game(0, votes))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 1)]  # type: ignore[attr-defined]


def test_aiwolf_wolves_kill_nobody_on_the_first_night() -> None:
    """wolves.first_night_kill = false (AIWolf's day 0): the pack is never asked to kill on
    night 1, nobody dies at the first dawn, and the wolves kill from night 2 on."""
    played = play("""
preset = "aiwolf-5"
seed = 1
roles = ["werewolf", "possessed", "seer", "villager", "villager"]
[seats.1]
kill = [4]
vote = [5]
[seats.2]
vote = [5]
[seats.3]
vote = [1]
[seats.4]
vote = [5]
[seats.5]
vote = [1]
""")
    assert [r.day for r in played.asked("kill", seat=1)] == [2]
    assert [(e.day, e.seat) for e in played.events("death")][:2] == [  # type: ignore[attr-defined]
        (1, 5), (2, 4)]


def test_first_night_kill_off_on_a_classic_table() -> None:
    """wolves.first_night_kill = false outside AIWolf: on night 1 the wolves still talk and
    the witch still wakes (told of no victim, offered only her poison), but the pack is
    not asked to kill and nobody dies at dawn; from night 2 the pack kills as usual."""
    roles = ["werewolf", "werewolf", "witch", "villager", "villager", "villager", "villager"]
    rules = {"sheriff.election": "none", "wolves.first_night_kill": False, "game.max_days": 2}
    played = day_play(day_game(roles, rules, wolves_kill([4])))
    assert played.asked("kill", day=1) == []
    assert played.asked("speak", day=1, channel="wolves")
    assert [e.victim for e in played.events("victim_info", day=1)] == [None]
    assert played.asked("poison", day=1) and played.asked("save", day=1) == []
    assert played.asked("kill", day=2)
    assert [(e.day, e.seat) for e in played.events("death") if e.cause != "vote"] == [(2, 4)]


@pytest.mark.parametrize("name", names_in("aiwolf"))
def test_aiwolf_edition_defaults(name: str) -> None:
    """AIWolf: no sheriff, no card shown at any death, no last words, seer told werewolf
    or human, a guard who may not guard himself, no kill on night 1, a revote then a lot
    on ties, everyone must vote (not for himself), seat-order speeches, parity wins."""
    rules = load_preset(name).rules.key_values()
    assert rules["sheriff.election"] == "none"
    assert not (rules["reveal.night_death"] or rules["reveal.vote_death"]
                or rules["reveal.day_death"])
    assert rules["last_words.mode"] == "none"
    assert rules["seer.result"] == "wolf_flag"
    assert rules["guard.allow_self"] is False
    assert rules["wolves.first_night_kill"] is False
    assert rules["vote.tie"] == ["revote_once", "random"]
    assert rules["vote.revote"] == "all_for_anyone"
    assert rules["wolves.consensus"] == "plurality_lot_any"
    assert rules["vote.allow_abstain"] is False and rules["vote.allow_self"] is False
    assert rules["speech.order"] == "seat_order"
    assert rules["wolves.win"] == "parity"


@pytest.mark.parametrize(("name", "deal"), [
    ("aiwolf-5", {"werewolf": 1, "possessed": 1, "seer": 1, "villager": 2}),
    ("aiwolf-15", {"werewolf": 3, "possessed": 1, "seer": 1, "medium": 1, "guard": 1,
                   "villager": 8}),
])
def test_aiwolf_deals(name: str, deal: dict[str, int]) -> None:
    assert {r: n for r, n in load_preset(name).roles.items() if n} == deal


def test_c13_aiwolf_revote_is_everyone_again_for_anyone_without_speeches() -> None:
    """C13, vote.revote = all_for_anyone (AIWolf server): after a 1-2 tie all six vote
    again, the tied pair too, and a seat outside the tie (3) can be exiled."""
    votes = {1: "[2, 3]", 2: "[1, 3]", 3: "[1, 1]", 4: "[2, 3]", 5: "[6, 3]", 6: "[5, 4]"}
    played = play(_game(0, votes))
    assert sorted(r.seat for r in played.asked("vote") if r.context["round"] == 2) == [
        1, 2, 3, 4, 5, 6]
    assert [r for r in played.asked("speak") if r.context.get("purpose") == "revote"] == []
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3)]  # type: ignore[attr-defined]


def test_aiwolf_nlp_tie_is_drawn_at_once_and_self_votes_count() -> None:
    """aiwolf-nlp server: no revote (vote.tie = random), a self-vote counts (seat 1 votes
    for himself) and a missing ballot is an abstention (seat 6)."""
    votes = {1: "[1]", 2: "[1]", 3: "[2]", 4: "[2]", 5: "[3]", 6: '["none"]'}
    drawn = set()
    for seed in range(10):
        played = play(_game(seed, votes, "aiwolf-nlp-5"))
        results = [(e.round, e.counts, e.tie) for e in played.events("vote_result")]  # type: ignore[attr-defined]
        assert results == [(1, {"1": 2.0, "2": 2.0, "3": 1.0}, (1, 2))]
        drawn |= {e.seat for e in played.events("death") if e.cause == "vote"}  # type: ignore[attr-defined]
    assert drawn == {1, 2}


@pytest.mark.parametrize("name", names_in("aiwolf-nlp"))
def test_aiwolf_nlp_edition_defaults(name: str) -> None:
    """aiwolf-nlp: the AIWolf rules with the nlp server's votes (lot at once, self-votes,
    abstentions) and attacks (most votes, tie by lot, no vote no attack)."""
    rules = load_preset(name).rules.key_values()
    assert rules["vote.tie"] == ["random"]
    assert rules["vote.allow_self"] is True and rules["vote.allow_abstain"] is True
    assert rules["wolves.consensus"] == "plurality_lot"
    assert rules["wolves.win"] == "parity" and rules["wolves.first_night_kill"] is False


@pytest.mark.parametrize(("name", "deal"), [
    ("aiwolf-nlp-5", {"werewolf": 1, "possessed": 1, "seer": 1, "villager": 2}),
    ("aiwolf-nlp-9", {"werewolf": 2, "possessed": 1, "seer": 1, "medium": 1, "guard": 1,
                      "villager": 3}),
    ("aiwolf-nlp-13", {"werewolf": 3, "possessed": 1, "seer": 1, "medium": 1, "guard": 1,
                       "villager": 6}),
])
def test_aiwolf_nlp_deals(name: str, deal: dict[str, int]) -> None:
    assert {r: n for r, n in load_preset(name).roles.items() if n} == deal

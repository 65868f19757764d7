"""Scenarios that script every chance draw (issue 32): the lots of a tied exile, a tied
sheriff election and a tied pack, the drawn speaking order, the little girl's glimpse
and her risk, the thief's blind cards. Each forced outcome shows in the transcript, and
``arena replay --verify`` reproduces the game from its header."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from agents.random import RandomAgent
from arena.app.cli import main
from arena.engine import Decision, GameConfig, Observation, Request, make_rules, run_game
from arena.engine.events import CauseOfDeath, Fallback
from arena.engine.judge import SeatAgent
from tests.rules.test_day_common import game
from tests.rules.test_forced_draws import _record, draws


def _played(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    """Play scenario text to a transcript; its events, once ``arena replay --verify``
    has reproduced them."""
    out, lines = _record(tmp_path, text)
    assert main(["replay", str(out), "--verify"]) == 0
    return [json.loads(line) for line in lines[1:]]


def _of(events: list[dict[str, Any]], type_: str, **fields: Any) -> list[dict[str, Any]]:
    return [e for e in events
            if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())]


def _game(roles: list[str], rules: dict[str, Any], seats: dict[int, dict[str, Any]],
          forced: dict[str, Any], seed: int = 5) -> str:
    """A one-day scenario: the deal, rules over a sheriffless game, seat scripts and
    the ``[draws]`` table."""
    scripts = "".join(f"[seats.{seat}]\n" + "".join(f"{k} = {json.dumps(v)}\n"
                                                  for k, v in script.items())
                      for seat, script in seats.items())
    return game(roles, {"sheriff.election": "none", "game.max_days": 1, **rules},
                scripts + draws(forced), seed=seed)


SIX = ["werewolf", "seer", "villager", "villager", "villager", "villager"]
DEAL = ["werewolf", "werewolf", "villager", "villager", "villager", "villager"]


@pytest.mark.parametrize("lot", [5, 6])
def test_c13_the_scripted_lot_exiles_one_of_the_tied(tmp_path: Path, lot: int) -> None:
    """C13 (a tied exile vote, settled by the first tie rule in force; the project's
    `vote.tie = random` draws a lot): 5 and 6 tie at three votes; the lot forced to each
    in turn exiles him."""
    votes = {s: {"vote": [6 if s in (1, 2, 5) else 5]} for s in range(1, 7)}
    events = _played(tmp_path, _game(SIX, {"vote.tie": ["random"]}, votes, {"exile_tie": lot}))
    assert _of(events, "vote_result")[0]["tie"] == [5, 6]
    assert [(e["seat"], e["cause"]) for e in _of(events, "death")] == [(lot, "vote")]


@pytest.mark.parametrize("lot", [1, 5])
def test_c33a_the_scripted_lot_picks_the_scapegoat_s_neighbour(tmp_path: Path,
                                                               lot: int) -> None:
    """C33a (000「該死者由村民投票選」: on a tie one of the scapegoat's neighbours dies,
    chosen by a village vote; a tied choice is drawn by lot): 2 and 3 tie, then the
    village ties 3-3 between the scapegoat's (6's) neighbours 1 and 5; the lot forced
    to each exiles him."""
    roles = ["werewolf", "villager", "villager", "villager", "villager", "scapegoat"]
    votes = {s: {"vote": [3 if s in (2, 5, 6) else 2, 5 if s in (1, 2, 3) else 1]}
             for s in range(1, 7)}
    rules = {"harvest.scapegoat": "neighbour_by_vote", "vote.tie": ["scapegoat"]}
    events = _played(tmp_path, _game(roles, rules, votes, {"stand_in_tie": lot}))
    assert _of(events, "vote_result", ballot="scapegoat")[0]["tie"] == [1, 5]
    assert [(e["seat"], e["cause"]) for e in _of(events, "death")] == [(lot, "vote")]


@pytest.mark.parametrize("lot", [3, 4])
def test_c10_the_scripted_lot_elects_one_of_the_tied_candidates(tmp_path: Path,
                                                                lot: int) -> None:
    """C10 (003: an election tie goes to the higher 领导力; the catalog's suggestion
    without stats, `sheriff.election_tie = random`, draws a lot): 3 and 4 run, 1 votes
    for 3 and 2 for 4; the lot forced to each makes him sheriff."""
    seats = {3: {"run": [True]}, 4: {"run": [True]}, 1: {"elect": [3]}, 2: {"elect": [4]}}
    rules = {"sheriff.election": "before_night1", "sheriff.election_tie": "random",
             "sheriff.electorate": "non_candidates"}
    events = _played(tmp_path, _game(SIX, rules, seats, {"sheriff_tie": lot}))
    assert [e["seat"] for e in _of(events, "sheriff")] == [lot]


def test_c30_the_scripted_draw_sets_the_first_speaker_and_the_way_round(
        tmp_path: Path) -> None:
    """C30 (online tables: ordered turns, the system draws who speaks first and which way
    round; `speech.order = drawn`): after a peaceful night, the first speaker forced to 4
    and the way to counter-clockwise; the day's speeches go 4, 3, 2, 1, 6, 5."""
    forced = {"first_speaker": 4, "speech_direction": "counterclockwise"}
    events = _played(tmp_path, _game(SIX, {"speech.order": "drawn"}, {}, forced))
    assert [e["seat"] for e in _of(events, "speech", context="discussion")] == [
        4, 3, 2, 1, 6, 5]


@pytest.mark.parametrize(("beside", "order"), [(6, [1, 2, 3, 5]), (4, [5, 1, 2, 3])])
def test_c30_the_scripted_draw_starts_next_to_one_of_the_night_s_dead(
        tmp_path: Path, beside: int, order: list[int]) -> None:
    """C30 (001: speeches start from the dead player's seat; online, the system draws it
    among the night's dead, `speech.order = drawn`): the wolf kills 4 and the witch
    poisons 6; the dead player drawn and the way round (clockwise) are forced."""
    roles = ["werewolf", "seer", "witch", "villager", "villager", "villager"]
    forced = {"speech_beside": beside, "speech_direction": "clockwise"}
    events = _played(tmp_path, _game(roles, {"speech.order": "drawn"},
                                     {1: {"kill": [4]}, 3: {"poison": [6]}}, forced))
    assert sorted(e["seat"] for e in _of(events, "death")) == [4, 6]
    assert [e["seat"] for e in _of(events, "speech", context="discussion")] == order


@pytest.mark.parametrize("struck", [1, 2])
def test_o5_the_scripted_bolt_strikes_one_of_the_wolves(tmp_path: Path, struck: int) -> None:
    """O5 (003「在存活的狼人中随机劈死一名狼人」: the pack attacked a special player, so the
    system strikes one living wolf at random): both wolves attack the seer (3) on night
    2; the bolt forced onto each wolf in turn kills him."""
    rules = {"events.mode": "online", "events.deck": ["O5"], "events.shuffle": False,
             "game.max_days": 2}
    wolves = {w: {"kill": ["none", 3]} for w in (1, 2)}
    roles = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager",
             "villager"]
    events = _played(tmp_path, _game(roles, rules, wolves, {"O5": struck}, seed=1))
    assert [(e["seat"], e["cause"]) for e in _of(events, "death")
            if e["seat"] in (1, 2)] == [(struck, "thunder")]


@pytest.mark.parametrize("lot", [5, 6])
def test_c15_the_scripted_lot_settles_the_pack_s_tie(tmp_path: Path, lot: int) -> None:
    """C15 (the AIWolf servers: the most proposed target, a tie drawn by lot;
    `wolves.consensus = plurality_lot`): wolf 1 proposes 5 and wolf 2 proposes 6; the lot
    forced to each kills him that night."""
    roles = ["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager"]
    seats = {1: {"kill": [5]}, 2: {"kill": [6]}}
    events = _played(tmp_path, _game(roles, {"wolves.consensus": "plurality_lot"}, seats,
                                     {"pack_tie": lot}))
    assert [(e["seat"], e["day"]) for e in _of(events, "death")] == [(lot, 1)]


LITTLE_GIRL = ["werewolf", "werewolf", "little_girl", "guard", "witch", "villager", "villager"]


@pytest.mark.parametrize(("wolf", "caught"), [(1, "unseen"), (2, "caught")])
def test_a1_the_scripted_glimpse_and_risk_of_the_little_girl(
        tmp_path: Path, wolf: int, caught: str) -> None:
    """A1 / R7 (000: the little girl may peek while the wolves are awake; A1 leaves open
    what she learns and her risk: `little_girl.info = one_wolf`, `little_girl.detect_p`):
    she peeks on night 1; the wolf she sees and whether the pack catches her are forced."""
    rules = {"little_girl.info": "one_wolf", "little_girl.detect_p": 0.5}
    forced = {"little_girl_sees": wolf, "little_girl_caught": caught}
    events = _played(tmp_path, _game(LITTLE_GIRL, rules, {3: {"peek": [True]}}, forced))
    seen = _of(events, "reveal", reason="little_girl")
    assert [(e["seat"], e["role"], e["audience"]) for e in seen] == [(wolf, "werewolf", [3])]
    spotted = _of(events, "reveal", reason="caught_peeking")
    assert [(e["seat"], e["audience"]) for e in spotted] == (
        [(3, [1, 2])] if caught == "caught" else [])


@pytest.mark.parametrize(("order", "becomes"), [
    ("werewolf,centre,villager", "hunter"), ("centre,villager,werewolf", "villager")])
def test_c26_the_scripted_shuffle_lays_out_the_thief_s_blind_cards(
        tmp_path: Path, order: str, becomes: str) -> None:
    """C26 / R9 (003「给盗贼玩家盲选身份」: the thief picks blind among the left-over card, a
    villager and a werewolf; `thief.mode = online_blind3`): the left-over card is the
    hunter; the order of the three cards is forced and the thief (3) picks the second."""
    roles = ["werewolf", "werewolf", "thief", "seer", "witch", "villager", "villager",
             "hunter"]
    events = _played(tmp_path, _game(roles, {"thief.mode": "online_blind3"},
                                     {3: {"swap": [2]}}, {"thief_shuffle": order}))
    assert [e["target"] for e in _of(events, "night_action", seat=3, action="swap")] == [2]
    assert [e["role"] for e in _of(events, "role", seat=3)][-1] == becomes


class _Silent:
    """A wolf whose every kill answer fails (as a model seat whose server died would),
    otherwise a random seat."""

    concurrent = False

    def __init__(self, seat: int) -> None:
        self.inner = RandomAgent(seat)

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if request.kind == "kill":
            raise RuntimeError("no answer")
        return await self.inner.decide(observation, request)


@pytest.mark.parametrize("consensus", ["majority_tie_nokill", "leader"])
@pytest.mark.parametrize("stray", [3, 5])
def test_c15_a_pack_that_gave_no_answer_still_hunts_the_scripted_prey(
        consensus: str, stray: int) -> None:
    """C15 (the pack's kill): no wolf answered the kill request (each answer failed, so
    each wolf got the fallback), and the pack still hunts: `pack_stray` draws the victim
    among its legal prey, here forced to seat 3, then 5, under the majority rule and the
    online lead wolf alike."""
    config = GameConfig(roles={"werewolf": 2, "villager": 4}, rules=make_rules({
        "sheriff.election": "none", "game.max_days": 1, "wolves.consensus": consensus}))
    agents: dict[int, SeatAgent] = {s: _Silent(s) for s in range(1, 7)}
    result = asyncio.run(run_game(config, agents, seed=4, deal=DEAL,
                                  draws={"pack_stray": stray}))
    fallbacks = [e for e in result.events if isinstance(e, Fallback) and e.kind == "kill"]
    assert fallbacks and {e.seat for e in fallbacks} <= {1, 2}
    night = [(e.seat, e.cause) for e in result.events if isinstance(e, CauseOfDeath)]
    assert night[:1] == [(stray, "wolves")]


def test_c15_the_unscripted_stray_victim_is_legal_prey() -> None:
    """Unforced, the stray victim is one of the pack's prey: never a wolf
    (`wolves.allow_wolf_target = false`), on every seed tried."""
    config = GameConfig(roles={"werewolf": 2, "villager": 4}, rules=make_rules({
        "sheriff.election": "none", "game.max_days": 1, "wolves.allow_wolf_target": False}))
    victims: set[int] = set()
    for seed in range(12):
        agents: dict[int, SeatAgent] = {s: _Silent(s) for s in range(1, 7)}
        result = asyncio.run(run_game(config, agents, seed=seed, deal=DEAL))
        victims |= {e.seat for e in result.events
                    if isinstance(e, CauseOfDeath) and e.cause == "wolves"}
    assert victims and victims <= {3, 4, 5, 6}

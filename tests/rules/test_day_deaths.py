"""What happens when players die: role reveal (C4), last words (C5), the order of a
death cascade (A4), a wolf's self-destruct, and the day cap (game.max_days)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.test_day_common import PLAIN7, Played, game, play, speakers, wolves_kill

# 1, 2 wolves; 3, 4 villagers; 5 hunter; 6, 7 villagers
WITH_HUNTER = ["werewolf", "werewolf", "villager", "villager", "hunter", "villager", "villager"]
NO_SHERIFF: dict[str, Any] = {"sheriff.election": "none", "game.max_days": 1}


def reveal_of(played: Played, seat: int) -> str | None:
    return played.first("death", seat=seat).revealed_role  # type: ignore[no-any-return]


# --- C4: is the dead player's role shown? --------------------------------------------

@pytest.mark.parametrize("shown", [True, False])
def test_c4_reveal_night_death(shown: bool) -> None:
    """C4 reveal.night_death: the wolves' victim (a villager, seat 6) is announced with
    his role, or with none; the public cause is just "night" either way."""
    played = play(game(PLAIN7, {**NO_SHERIFF, "reveal.night_death": shown}, wolves_kill([6])))
    death = played.first("death", seat=6)
    assert death.cause == "night" and death.audience == "public"
    assert death.revealed_role == ("villager" if shown else None)
    assert played.first("death_cause", seat=6).audience == "god"


@pytest.mark.parametrize("shown", [True, False])
def test_c4_reveal_vote_death(shown: bool) -> None:
    """C4 reveal.vote_death: the exiled wolf (seat 1) is shown as a werewolf, or not."""
    seats = "[seats.3]\nvote = [1]\n"
    played = play(game(PLAIN7, {**NO_SHERIFF, "reveal.vote_death": shown}, seats))
    assert played.first("death", seat=1).cause == "vote"
    assert reveal_of(played, 1) == ("werewolf" if shown else None)


@pytest.mark.parametrize(("vote_shown", "day_shown"), [(True, False), (False, True)])
def test_c4_reveal_day_death_is_separate_from_vote_death(vote_shown: bool,
                                                         day_shown: bool) -> None:
    """C4 reveal.day_death governs other day deaths: the exiled hunter (5) follows
    reveal.vote_death, the seat he shoots (6) follows reveal.day_death."""
    seats = "[seats.3]\nvote = [5]\n[seats.5]\nshoot = [6]\n"
    rules = {**NO_SHERIFF, "reveal.vote_death": vote_shown, "reveal.day_death": day_shown}
    played = play(game(WITH_HUNTER, rules, seats))
    assert played.first("death", seat=6).cause == "hunter"
    assert reveal_of(played, 5) == ("hunter" if vote_shown else None)
    assert reveal_of(played, 6) == ("villager" if day_shown else None)


# --- C5: who gives last words --------------------------------------------------------

# Night 1 the wolves kill 3, day 1 the table exiles 7, night 2 the wolves kill 4.
LAST_WORDS_SEATS = wolves_kill([3, 4]) + "".join(
    f"[seats.{s}]\nvote = [7]\nlast_words = [\"words of {s}\"]\n" for s in (4, 5, 6)
) + "[seats.3]\nlast_words = [\"words of 3\"]\n[seats.7]\nlast_words = [\"words of 7\"]\n"


@pytest.mark.parametrize(
    ("mode", "quota", "expected"),
    [
        ("none", 0, []),
        ("voted_only", 0, [7]),
        ("first_night_and_voted", 0, [3, 7]),
        ("all", 0, [3, 7, 4]),
        ("all_until_quota", 1, [3]),
        ("all_until_quota", 2, [3, 7]),
        ("all_until_quota", 0, [3, 7]),  # quota 0 = the number of wolves dealt (2)
    ],
)
def test_c5_last_words_mode(mode: str, quota: int, expected: list[int]) -> None:
    """C5 last_words.mode (and last_words.quota): the deaths are night-1 victim 3,
    day-1 exile 7 and night-2 victim 4, in that order."""
    rules = {"sheriff.election": "none", "game.max_days": 2, "last_words.mode": mode,
             "last_words.quota": quota}
    played = play(game(PLAIN7, rules, LAST_WORDS_SEATS))
    assert [(e.day, e.seat) for e in played.events("death")] == [(1, 3), (1, 7), (2, 4)]
    words = played.events("speech", context="last_words")
    assert [e.seat for e in words] == expected
    for speech in words:
        assert speech.audience == "public" and speech.text == f"words of {speech.seat}"
        # spoken after the death is announced and before anyone else speaks that day
        death = played.first("death", seat=speech.seat)
        assert speech.seq > death.seq
        later = [e for e in played.events("speech", day=speech.day, context="discussion")
                 if e.seq < speech.seq and e.seq > death.seq]
        assert later == []


# --- A4: the order of a death cascade ------------------------------------------------

# 1, 2 wolves; 3 cupid; 4 villager; 5 hunter (and sheriff); 6, 7 villagers
CASCADE = ["werewolf", "werewolf", "cupid", "villager", "hunter", "villager", "villager"]


def _trace(played: Played) -> list[tuple[Any, ...]]:
    """The cascade's public steps in log order."""
    out: list[tuple[Any, ...]] = []
    for e in played.log:
        if e.type == "death":
            out.append(("death", e.seat, e.cause))
        elif e.type == "speech" and e.context == "last_words":
            out.append(("last_words", e.seat))
        elif e.type == "shoot":
            out.append(("shoot", e.seat, e.target))
        elif e.type == "sheriff" and e.how != "elected":
            out.append(("badge", e.by, e.seat))
        elif e.type == "game_end":
            out.append(("end", e.winner))
    return out


def test_a4_cascade_order_lovers_last_words_shot_then_badge() -> None:
    """A4: Cupid links the hunter (5) and seat 7; the hunter is sheriff and is exiled.
    Both lovers' deaths are announced (7 dying of "lover"), then last words (not for the
    lover who followed), then the hunter's shot and its death with its last words, and
    the badge passes last, to a seat still alive."""
    seats = """
[seats.3]
link = [5, 7]
vote = [5]
[seats.4]
vote = [5]
[seats.6]
vote = [5]
[seats.5]
run = [true]
shoot = [6]
badge = [4]
"""
    rules = {"sheriff.election": "before_night1", "last_words.mode": "all",
             "game.max_days": 1}
    played = play(game(CASCADE, rules, seats))
    assert _trace(played) == [
        ("death", 5, "vote"), ("death", 7, "lover"),
        ("last_words", 5),
        ("shoot", 5, 6), ("death", 6, "hunter"), ("last_words", 6),
        ("badge", 5, 4),
        ("end", "draw"),
    ]


def test_a4_win_check_comes_after_the_badge() -> None:
    """A4 steps 6 and 8: the exiled sheriff-hunter shoots the last wolf; the badge is
    still passed, and only then is the village declared the winner."""
    roles = ["werewolf", "villager", "villager", "villager", "hunter"]
    seats = """
[seats.5]
run = [true]
shoot = [1]
badge = [2]
[seats.2]
vote = [5]
[seats.3]
vote = [5]
"""
    played = play(game(roles, {"sheriff.election": "before_night1"}, seats))
    assert _trace(played) == [
        ("death", 5, "vote"), ("shoot", 5, 1), ("death", 1, "hunter"), ("badge", 5, 2),
        ("end", "village"),
    ]
    assert played.result.days == 1


# --- self-destruct (project decision 4) ---------------------------------------------

def test_self_destruct_ends_the_day_at_once() -> None:
    """wolves.self_destruct: seat 4 dies on night 1, so speeches run 5, 6, 7, 1; wolf 1
    explodes at his turn. His role is shown although day deaths are hidden here, and
    the day ends: nobody else speaks, no sheriff election, no vote; night 2 follows."""
    rules = {"wolves.self_destruct": True, "reveal.day_death": False,
             "sheriff.election": "day1_after_speeches", "game.max_days": 2}
    seats = wolves_kill([4, 6], wolves=(2,)) + "[seats.1]\nkill = [4, 6]\nexplode = [true]\n"
    played = play(game(PLAIN7, rules, seats))
    assert speakers(played, 1) == [5, 6, 7]
    boom = played.first("explode", day=1)
    assert boom.seat == 1 and boom.audience == "public"
    death = played.first("death", seat=1)
    assert (death.day, death.cause, death.revealed_role) == (1, "explode", "werewolf")
    assert played.events("vote", day=1) == [] and played.events("candidacy", day=1) == []
    after = [e for e in played.log if e.seq > death.seq and e.type == "phase"]
    assert (after[0].name, after[0].day) == ("night", 2)
    # only wolves are ever offered the choice
    assert {r.seat for r in played.asked("explode")} <= {1, 2}


def test_self_destruct_off_by_default() -> None:
    """wolves.self_destruct = false (default): no wolf is offered to explode; the day
    goes on to its vote."""
    seats = "[seats.1]\nexplode = [true]\n"
    played = play(game(PLAIN7, NO_SHERIFF, seats))
    assert played.asked("explode") == [] and played.events("explode") == []
    assert len(played.events("vote", day=1)) == 7


# --- game.max_days -------------------------------------------------------------------

def test_max_days_ends_in_a_draw() -> None:
    """game.max_days = 2: nobody dies, so after day 2 the game is a draw with no winners
    and no third night; the result counts the two days played."""
    played = play(game(PLAIN7, {"sheriff.election": "none", "game.max_days": 2}))
    assert played.winner == "draw" and played.winners == ()
    assert played.first("game_end").reason == "day limit"
    assert [e.day for e in played.events("phase", name="night")] == [1, 2]
    assert played.result.days == 2

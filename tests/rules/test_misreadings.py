"""Lines a player would misread, rewritten (issue 32): each scenario plays the moment and
reads the event as the pages and the terminal show it, in English and Chinese."""

from __future__ import annotations

from typing import Any

from agents.narration import Voice, narrate
from agents.prompts import Text
from arena.engine import observe
from arena.engine.events import BaseEvent
from arena.text import describe
from arena.text.describe import Describer, power_key
from tests.rules.newmoon_common import moon, moon_events, scripts, seat
from tests.rules.test_village import ALL_HOUSED, ARSONIST, DEAL, run, seats


def _both(event: BaseEvent, viewer: Any = "god") -> tuple[str | None, str | None]:
    return describe(event, viewer, "en"), describe(event, viewer, "zh")


def test_e1_the_revived_victim_comes_back_as_a_plain_villager() -> None:
    """E1 (seed 000: the victim was only knocked out): the seer (3) is back, and the line says as
    what."""
    played = moon(["E1"], seat(1, kill=[3]) + seat(2, kill=[3]))
    en, zh = _both(moon_events(played, "E1", "revived")[0], "public")
    assert en == "E1 “Miracle”: P3 (seat 3) comes back to life, as a plain villager"
    assert zh is not None and "普通村民" in zh


def test_e10_after_a_peaceful_night_the_card_says_it_has_no_effect() -> None:
    """E10 / A31: nobody has died, so nobody names a player; the table is told why
    nothing follows the card."""
    played = moon(["E10"])
    en, zh = _both(moon_events(played, "E10", "answer")[0], "public")
    assert en == ("E10 “Punishment”: nobody has died yet, so nobody names a player: "
                  "the card has no effect")
    assert zh is not None and "此卡无效" in zh


def test_e10_a_witness_who_declines_does_not_testify_for_no_one() -> None:
    """E10: 1 testifies for the accused (7), 3 declines; the decline reads as one."""
    seats_ = (seat(1, kill=[6]) + seat(2, kill=[6]) + seat(6, punish=[7])
              + scripts(seat(1, testify=[True]), seat(3, testify=[False])))
    played = moon(["E10"], seats_)
    declined = next(e for e in played.events("night_action", action="testify", seat=3))
    assert _both(declined) == ("P3 (seat 3) does not testify for the accused",
                               "P3（3号）不为被指定者作证")
    given = next(e for e in played.events("night_action", action="testify", seat=1))
    assert describe(given, "god", "en") == "P1 (seat 1) testifies for P7 (seat 7)"


def test_b8_the_barber_dies_because_his_target_was_no_wolf() -> None:
    """B8: the barber (3) strikes the villager 4; 4 is struck down, and the barber's own
    death says why he dies."""
    table = {**ALL_HOUSED, "s3": "barber"}
    played = run(DEAL, table, seats(s3={"strike": [4]}))
    en, zh = ([line for line in map(Describer(lang, "public"), played.log)
               if line is not None and line.startswith("†")] for lang in ("en", "zh"))
    assert en == ["† P4 (seat 4) was struck down by the barber — villager",
                  "† P3 (seat 3) died too, for the player he struck down was not a wolf"
                  " — villager"]
    assert "不是狼人" in zh[1] and "不是狼人" not in zh[0]


def test_b8_in_a_model_seat_s_narration_the_barber_dies_because_his_target_was_no_wolf(
        ) -> None:
    """B8, the model narration (seat 5 looks on): the barber's (3) own death says why he
    dies, not that the barber struck him down; his target's (4) does not."""
    played = run(DEAL, {**ALL_HOUSED, "s3": "barber"}, seats(s3={"strike": [4]}))
    obs = observe(played.log, 5)
    en, zh = ([line for line in narrate(Voice(Text(lang), obs), obs.events)
               if "Card:" in line or "身份：" in line] for lang in ("en", "zh"))
    assert en == ["P4 dies (the barber's razor). Card: villager.",
                  "P3 dies too: the player he struck down was not a wolf. Card: villager."]
    assert zh == ["4号死亡（剃头匠的剃刀）。身份：村民。",
                  "3号也死去了，因为他处决的玩家不是狼人。身份：村民。"]


def test_r16_the_arsonist_s_choice_reads_as_a_sentence_in_god_view() -> None:
    """R16: the god view reads the arsonist's choice in words, not as raw data."""
    played = run(ARSONIST, ALL_HOUSED, seats(s3={"burn": [4]}),
                 extra={"night.order": ["werewolf", "arsonist"]})
    burn = next(e for e in played.events("night_action", action="burn"))
    assert _both(burn) == ("P3 (seat 3) (arsonist) sets fire to the house of P4 (seat 4)",
                           "P3（3号）（纵火犯）放火烧P4（4号）的房子")


def test_b3_a_noble_who_pardons_himself_says_so() -> None:
    """B3: the noble (4), voted out, pardons himself; the line does not read as if he
    pardoned someone else (pages en / zh, and the model narration's sentence)."""
    votes = {f"s{n}": {"vote": [4]} for n in (1, 2, 3)}
    played = run(DEAL, {**ALL_HOUSED, "s4": "noble"}, seats(**votes, s4={"pardon": [True]}))
    pardon = played.events("building_power", power="pardon")[0]
    assert _both(pardon, "public") == ("P4 (seat 4) (noble) pardons themselves and is not exiled",
                                       "P4（4号）（贵族）赦免了自己，免于出局")
    assert power_key(pardon) == "pardon_self"

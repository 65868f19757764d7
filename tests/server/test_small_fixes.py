"""Issue 30's small ones: the away warning ends with the seat's game, a hunter who did not
shoot has not used his shot, an empty speech says so, an abstention names its ballot, the
serve synopses name every flag."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arena.app.cli import parser
from arena.app.server.card import role_card
from arena.app.server.table import as_seen
from arena.engine import observe
from arena.engine.events import BaseEvent, Death, Shot, Speech, Vote
from arena.text import Describer, describe
from tests.server.test_api import silent
from tests.server.test_table_page import setup as deal

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_away_warning_ends_with_the_seat_s_game(client: TestClient) -> None:
    """A silent seat is away while alive; dead with nothing to decide, or at the end, its
    page no longer says so (the views are read as the page gets them, without the GET
    that counts as coming back)."""
    _, table = silent(client, 3, seed=2)
    assert table.seats[3].away
    assert (table.seat_view(3)["away"], table.seat_view(3)["missed"]) == (False, 0)
    log = list(table.log)
    death = next(n for n, e in enumerate(log) if isinstance(e, Death) and e.seat == 3)
    table.over = False  # back in the game: just before seat 3's death, then just after it
    for cut, away in ((death, True), (death + 1, False)):
        table.log, table.version = log[:cut], table.version + 1
        assert table.seat_view(3)["away"] is away


def _hunter(events: list[BaseEvent]) -> list[str]:
    seen = observe([deal(), *events], 6)
    seen.role = "hunter"
    card = role_card(seen, "en")
    assert card is not None
    return [r for r in card["resources"] if r.startswith("Hunter's shot")]


def test_a_hunter_who_did_not_shoot_has_not_used_his_shot() -> None:
    def shot(target: int | None) -> Shot:
        return Shot(seq=1, day=1, phase="day", audience="public", seat=6, target=target)

    assert _hunter([]) == ["Hunter's shot: ready"]
    assert _hunter([shot(2)]) == ["Hunter's shot: used"]
    assert _hunter([shot(None)]) == ["Hunter's shot: no longer usable"]  # timed out, declined


@pytest.mark.parametrize(("lang", "silence"), [("en", "(says nothing)"), ("zh", "（沉默）")])
def test_an_empty_speech_says_that_nothing_was_said(lang: str, silence: str) -> None:
    def speech(text: str) -> Speech:
        return Speech(seq=1, day=1, phase="day", audience="public", seat=2, text=text,
                      context="discussion")

    said = [e["said"] for e in as_seen([speech(""), speech("Seat 4 lies.")],
                                       Describer(lang, 1))]
    assert said == [silence, "Seat 4 lies."]


@pytest.mark.parametrize(("ballot", "en", "zh"), [
    ("sheriff", "P3 (seat 3) casts no vote for sheriff", "P3（3号）在警长投票中弃票"),
    ("exile", "P3 (seat 3) casts no exile vote", "P3（3号）在放逐投票中弃票"),
])
def test_an_abstention_names_its_ballot(ballot: str, en: str, zh: str) -> None:
    vote = Vote(seq=1, day=1, phase="day", audience="public", seat=3, target=None,
                ballot=ballot, round=1, weight=1)
    assert (describe(vote, "public", "en"), describe(vote, "public", "zh")) == (en, zh)


@pytest.mark.parametrize("doc", ["README.md", "docs/web.md"])
def test_the_serve_synopsis_names_every_flag(doc: str, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(["serve", "--help"])
    flags = set(re.findall(r"--[a-z-]+", capsys.readouterr().out)) - {"--help"}
    text = (ROOT / doc).read_text(encoding="utf-8")
    synopsis = re.search(r"^arena serve .*?(?=\n(?!\s))", text, re.S | re.M)
    assert synopsis is not None
    assert flags and flags <= set(re.findall(r"--[a-z-]+", synopsis.group(0)))

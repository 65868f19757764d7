"""The one text layer (arena.text): every event has words in both languages, the catalogs
agree, and the terminal, the HTML page and the web table say the same sentence."""

from __future__ import annotations

import asyncio
import io
import re
from html import unescape
from typing import Any

import pytest
from rich.console import Console

from agents.random import RandomAgent
from agents.terminal_view import TerminalView
from arena.app.render.html import render_html
from arena.app.server.table import as_seen
from arena.engine import GameConfig, run_game
from arena.engine.events import EVENT_TYPES, BaseEvent, Vote, VoteResult
from arena.text import LANGS, CatalogError, Describer, Viewer, catalog, describe
from arena.text.catalog import _all, check, placeholders

# Lines the terminal and pages print as headings or summaries, not as the event's sentence.
HEADINGS = {"phase", "role", "candidacy", "vote", "setup", "reveal"}


@pytest.fixture(scope="module")
def game() -> list[BaseEvent]:
    config = GameConfig(roles={"werewolf": 4, "seer": 1, "witch": 1, "hunter": 1, "guard": 1,
                               "villager": 4}, rules={"sheriff.election": "day1_after_speeches"})
    agents = {s: RandomAgent(seed=s) for s in range(1, 13)}
    return list(asyncio.run(run_game(config, dict(agents), seed=3)).events)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_type_has_words_in_both_languages(lang: str) -> None:
    sections = {key.split(".")[0] for key in catalog(lang).entries}
    assert set(EVENT_TYPES) | {"model_fallback"} <= sections


def test_both_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, zh = _all()["en"], _all()["zh"]
    assert en.keys() == zh.keys()
    assert all(placeholders(en[k]) == placeholders(zh[k]) for k in en)


def test_a_catalog_that_disagrees_is_refused_at_load() -> None:
    with pytest.raises(CatalogError, match="keys"):
        check({"en": {"a.x": "x"}, "zh": {"a.y": "y"}})
    with pytest.raises(CatalogError, match="placeholders"):
        check({"en": {"a.x": "{who} dies"}, "zh": {"a.x": "{seat}死亡"}})


def test_the_model_register_falls_back_to_the_shared_sentence() -> None:
    en = catalog("en")
    assert en.model("claim.accuse", target=3) == "accuses 3"  # a model variant
    assert en.model("death.vote", who="P3") == "P3 is exiled."
    assert en.t("death.other", who="P3", cause="was exiled", role="seer").startswith("† P3")


def test_the_viewer_decides_what_is_said(game: list[BaseEvent]) -> None:
    check_result = next(e for e in game if getattr(e, "type", "") == "check_result")
    seer = check_result.seat  # type: ignore[attr-defined]
    assert (describe(check_result, seer, "en") or "").startswith("Your check result: ")
    assert "'s check result: " in (describe(check_result, "god", "en") or "")
    assert describe(check_result, "public", "en") is None
    assert describe(check_result, seer % 12 + 1, "en") is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheriff_election_is_never_called_an_exile(game: list[BaseEvent],
                                                       lang: str) -> None:
    exile = {"en": "exile", "zh": "放逐"}[lang]
    sheriff = [e for e in game if isinstance(e, Vote | VoteResult) and e.ballot == "sheriff"]
    assert sheriff, "the game has a sheriff election"
    words = Describer(lang, "god")
    for event in sheriff:
        assert exile not in (words(event) or "")
    assert exile not in words.ballot("sheriff", 1) + words.ballot("sheriff", 2)
    assert exile not in catalog(lang).model("vote_result.tie_sheriff", tied="1", counts="")
    assert exile not in catalog(lang).model("vote.sheriff", round=1, votes="")


def _terminal(events: list[BaseEvent], seat: int | None, lang: str) -> str:
    out = io.StringIO()
    view = TerminalView(Console(file=out, width=400, color_system=None), god=seat is None,
                        seat=seat, lang=lang)
    for event in events:
        view(event)
    view.flush()
    return out.getvalue()


def _html_text(events: list[BaseEvent], seat: int | None, lang: str) -> str:
    header: dict[str, Any] = {"seats": [{"seat": s, "name": f"P{s}"} for s in range(1, 13)],
                              "roles": {str(s): "villager" for s in range(1, 13)}}
    page = render_html(header, events, seat=seat, lang=lang)
    return unescape(re.sub(r"<[^>]+>", "", page))


@pytest.mark.parametrize(("seat", "lang"), [(None, "en"), (4, "en"), (None, "zh")])
def test_terminal_page_and_web_say_the_same_sentence(game: list[BaseEvent], seat: int | None,
                                                     lang: str) -> None:
    viewer: Viewer = "god" if seat is None else seat
    web = [e for e in as_seen([e for e in game if Describer(lang, viewer).shows(e)],
                              Describer(lang, viewer)) if e["type"] not in HEADINGS]
    terminal, page = _terminal(game, seat, lang), _html_text(game, seat, lang)
    said = [e for e in web if e["line"] and e["type"] not in ("usage", "usage_summary")]
    assert len(said) > 20
    for event in said:
        text = event["line"]
        assert text in terminal, text
        if event["type"] != "speech":  # the page sets a speech out in parts
            assert text in page, text

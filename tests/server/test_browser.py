"""Real-browser tests: Debian's chromium, driven by Playwright, plays whole games at the
web table as human seats against heuristic bots, and we check what each page shows."""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from arena import transcript
from arena.app.server import create_app
from arena.app.server.i18n import role_names, strings
from arena.app.server.pages import page as served_page
from arena.engine.events import CauseOfDeath, GameEnd, Speech
from tests.server.helpers import HOST_TOKEN, served

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'
STATE_JS = """() => {
  const c = document.getElementById("controls");
  return {over: !document.getElementById("over").hidden, open: !c.hidden,
          number: +(c.dataset.number || 0), shape: c.dataset.shape || "", kind: c.dataset.kind,
          key: c.dataset.prompt,
          prompt: document.getElementById("prompt").textContent,
          countdown: document.getElementById("countdown").textContent,
          role: document.getElementById("role").textContent, xss: window.__xss,
          hidden: document.querySelectorAll("#record li.private, #record li.god").length};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A real uvicorn server on a free port, in a thread; (base URL, transcript folder)."""
    out = tmp_path_factory.mktemp("transcripts")
    with served(create_app(out, host_token=HOST_TOKEN, night_step_s=0.0, speech_s=0.0)) as web:
        yield web.url, out


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (`make browser`)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def host_table(browser: Browser, base: str, humans: str, seed: int, lang: str = "en",
               turn_s: int = 30, lobby: bool = False) -> tuple[dict[int, str], str]:
    """Create a table through the host page; the seat links and the spectator link."""
    page = browser.new_page()
    page.goto(base + "/#host=" + HOST_TOKEN)
    page.wait_for_selector("#preset option[value='classic-8']", state="attached")
    page.select_option("#lang", lang)
    page.wait_for_function(f"() => document.documentElement.lang === {lang!r}")
    page.select_option("#preset", "classic-8")
    page.fill("#humans", humans)
    page.select_option("#bots", "heuristic")
    page.fill("#turn", str(turn_s))
    page.fill("#seed", str(seed))
    if lobby:
        page.check("#lobby")
    page.click("#create-button")
    page.wait_for_selector("#links a")
    links = [a.get_attribute("href") or "" for a in page.locator("#links a").all()]
    labels = page.locator("#links li span").all_inner_texts()
    page.close()
    assert labels[-1].startswith(strings(lang)["spectator"])
    seats = {int(label.split()[1].rstrip(":")): link
             for label, link in zip(labels[:-1], links[:-1], strict=True)}
    return seats, links[-1]


def act(page: Page, state: dict[str, Any], spoken: list[str]) -> None:
    """Answer the request on screen the way a player would: speak, vote, use a power."""
    shape = state["shape"]
    if shape == "speech":
        text = XSS if not spoken else f"Speech number {len(spoken) + 1}."
        page.fill("#speech", text)
        page.select_option("#point-target", index=1)  # the first living seat (none picked)
        page.click("#claim-accuse")
        page.wait_for_selector("#claims-list .claim")
        page.click("#send")
        spoken.append(text)
    elif shape == "target":
        options = page.locator("#inputs button.option")
        (options.first if options.count() else page.locator("#pass")).click()
    elif shape == "yes_no":
        page.click("#no")
    elif shape in ("pair", "subset"):
        boxes = page.locator("input.pick")
        for index in range(2 if shape == "pair" else 1):
            boxes.nth(index).check()
        page.click("#send")
    else:
        page.click("#send")


def play(pages: dict[int, Page], spectator: Page | None = None, timeout_s: float = 40.0,
         check: Callable[[Page], None] | None = None) -> dict[int, list[dict[str, Any]]]:
    """Play every page's seat to the end; the states each page showed when asked. A
    spectator page, when given, must show no hidden event before the game ends;
    ``check(page)`` looks at a page each time it is asked something."""
    done: dict[int, int] = dict.fromkeys(pages, 0)
    asked: dict[int, list[dict[str, Any]]] = {seat: [] for seat in pages}
    spoken: list[str] = []
    stop = time.monotonic() + timeout_s
    while time.monotonic() < stop:
        states = {seat: page.evaluate(STATE_JS) for seat, page in pages.items()}
        if spectator is not None:
            watched = spectator.evaluate(STATE_JS)
            assert watched["over"] or watched["hidden"] == 0
        if all(s["over"] for s in states.values()):
            return asked
        for seat, state in states.items():
            assert state["xss"] is None  # no speech ever ran as a script
            if state["open"] and state["number"] > done[seat]:
                asked[seat].append(state)
                if check is not None:
                    check(pages[seat])
                act(pages[seat], state, spoken)
                done[seat] = state["number"]
        time.sleep(0.02)
    raise AssertionError(f"the game did not end in {timeout_s} s; asked so far: {asked}")


def open_seat(browser: Browser, link: str, errors: list[str], dealt: bool = True) -> Page:
    """A seat's page, once its role is shown (``dealt``: the game has started; a seat
    opened before the others waits in the lobby)."""
    page = browser.new_context().new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(link)
    page.wait_for_selector("#role:not(:empty)" if dealt else "#whoami:not(:empty)")
    return page


@pytest.mark.slow
def test_one_human_plays_a_whole_game_in_the_browser(browser: Browser,
                                                     server: tuple[str, Path]) -> None:
    base, out = server
    links, _ = host_table(browser, base, "1", seed=2)  # seat 1 is the seer
    errors: list[str] = []
    page = open_seat(browser, links[1], errors)
    en = strings("en")
    assert page.inner_text("#whoami") == "You are seat 1"
    assert page.inner_text("#role") == role_names("en")["seer"]
    page.wait_for_selector("#controls:not([hidden])")
    before = page.evaluate(STATE_JS), page.locator("#record li").all_inner_texts()
    page.reload()  # a player who reloads gets the seat back, pending decision included
    page.wait_for_selector("#controls:not([hidden])")
    after = page.evaluate(STATE_JS), page.locator("#record li").all_inner_texts()
    assert (after[0]["number"], after[0]["prompt"], after[1]) == \
        (before[0]["number"], before[0]["prompt"], before[1])
    asked = play({1: page})[1]
    kinds = [s["kind"] for s in asked]
    assert {"check", "speak", "vote"} <= set(kinds), kinds  # acts at night, speaks, votes
    for state in asked:
        assert state["role"] == "seer" and state["prompt"] == en["ask_" + state["kind"]]
        assert state["key"] == "ask_" + state["kind"]
        assert state["countdown"].endswith(" s left")
    assert page.inner_text("#over").startswith(en["game_over"])
    # the script typed into a speech shows as literal text and never ran
    shown = page.locator("#record li.ev-speech .speech-text").all_inner_texts()
    assert XSS in shown
    assert page.evaluate("() => window.__xss") is None
    assert page.locator("#record img, #record script").count() == 0
    mine = page.locator("#record li.ev-speech", has_text=XSS)
    assert "accuses " in mine.locator(".claim").inner_text()
    checks = page.locator("#record li.ev-check_result").all_inner_texts()
    assert checks and all(t.startswith("Your check result: ") for t in checks)
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "web-seat.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")
    # a reload rebuilds the same page from the transcript
    record = page.locator("#record li").all_inner_texts()
    page.reload()
    page.wait_for_selector("#over:not([hidden])")
    assert page.locator("#record li").all_inner_texts() == record
    assert not errors
    game = transcript.read(out / f"{links[1].split('/')[-2]}.jsonl")
    assert game.header.seats[0].agent == "web"
    spoken = [e for e in game.events if isinstance(e, Speech) and e.seat == 1]
    assert spoken[0].text == XSS


@pytest.mark.slow
def test_two_humans_in_two_browsers_and_six_bots_finish_a_game(
        browser: Browser, server: tuple[str, Path]) -> None:
    base, out = server
    links, watch = host_table(browser, base, "1,2", seed=5, lang="zh")  # seat 2 is a wolf
    errors: list[str] = []
    pages = {seat: open_seat(browser, link, errors, dealt=seat == max(links))
             for seat, link in links.items()}
    pages[1].wait_for_selector("#role:not(:empty)")
    spectator = browser.new_context().new_page()
    spectator.on("pageerror", lambda exc: errors.append(str(exc)))
    spectator.goto(watch)
    spectator.wait_for_selector("#record li")
    zh = strings("zh")
    assert pages[2].inner_text("#whoami") == "你是 2 号"
    assert pages[2].inner_text("#role") == role_names("zh")["werewolf"] == "狼人"
    pack = pages[2].locator("#known li").all_inner_texts()
    assert len(pack) == 1 and pack[0].endswith(": 狼人")  # the wolf knows its partner
    asked = play(pages, spectator)
    assert "kill" in [s["kind"] for s in asked[2]]
    for state in asked[1] + asked[2]:
        assert state["prompt"] == zh[state["key"]]
    assert next(s["key"] for s in asked[2] if s["kind"] == "speak") == "ask_wolf_chat"
    ends = {seat: page.inner_text("#over") for seat, page in pages.items()}
    assert ends[1] == ends[2] and ends[1].startswith(zh["game_over"])
    spectator.wait_for_selector("#record li.private")  # after the end the spectator sees all
    assert spectator.inner_text("#whoami") == zh["spectating"]
    game = transcript.read(out / f"{links[1].split('/')[-2]}.jsonl")
    if any(isinstance(e, CauseOfDeath) for e in game.events):  # the god's words: true causes
        assert "真实死因" in spectator.inner_text("#record")
    assert [s.agent for s in game.header.seats] == ["web"] * 2 + ["heuristic"] * 6
    assert isinstance(game.events[-1], GameEnd)
    assert not errors


PHONE: ViewportSize = {"width": 390, "height": 844}
LAYOUT_JS = """() => {
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  const card = box("card"), controls = box("controls"), banner = box("turn-banner");
  return {cardBottom: card.bottom, controlsTop: controls.top, controlsBottom: controls.bottom,
          bannerTop: banner.top, bannerVisible: !document.getElementById("turn-banner").hidden,
          banner: document.getElementById("turn-banner").innerText, title: document.title,
          wide: document.documentElement.scrollWidth, height: innerHeight};
}"""
RING_JS = """() => [...document.querySelectorAll("#ring .seat")].map((s) => {
  const r = s.getBoundingClientRect();
  return {seat: +s.dataset.seat, x: r.x + r.width / 2, y: r.y + r.height / 2,
          classes: [...s.classList], text: s.innerText};
})"""


def phone_layout(page: Page) -> None:
    """At 390 px the pending decision is in view, right under the role card, under a
    "your turn" banner, and nothing runs off the side of the screen."""
    en = strings("en")
    layout = page.evaluate(LAYOUT_JS)
    assert layout["bannerVisible"] and layout["banner"].startswith(en["your_turn"])
    assert layout["title"] == en["your_turn_title"]
    assert 0 <= layout["controlsTop"] < layout["height"], layout
    assert 0 <= layout["controlsTop"] - layout["cardBottom"] <= 24, layout
    assert layout["wide"] <= PHONE["width"], layout


@pytest.mark.slow
def test_two_humans_finish_a_game_at_phone_width(browser: Browser,
                                                 server: tuple[str, Path]) -> None:
    """Issue 14: a whole game on two phones: each decision under the role card and in
    view; a sheriff ballot is never worded as an exile."""
    base, _ = server
    links, _ = host_table(browser, base, "1,2", seed=5)
    errors: list[str] = []
    pages = {}
    for seat, link in links.items():
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(link)
        page.wait_for_selector("#whoami:not(:empty)")  # the game starts once both are in
        pages[seat] = page
    for page in pages.values():
        page.wait_for_selector("#role:not(:empty)")
    ARTIFACTS.mkdir(exist_ok=True)

    def check(page: Page) -> None:
        phone_layout(page)
        if not (ARTIFACTS / "web-phone.png").exists():
            page.screenshot(path=str(ARTIFACTS / "web-phone.png"))

    (ARTIFACTS / "web-phone.png").unlink(missing_ok=True)
    asked = play(pages, check=check)
    assert all(len(a) >= 3 for a in asked.values())
    pages[1].screenshot(path=str(ARTIFACTS / "web-phone-end.png"))
    sheriff = pages[1].locator("#record li[data-ballot='sheriff']").all_inner_texts()
    assert sheriff and not [line for line in sheriff if "exile" in line]
    assert pages[1].locator("#record li[data-ballot='exile']").count()
    assert not errors


@pytest.mark.slow
def test_the_table_shows_seats_in_a_ring_with_the_dead_the_sheriff_and_you(
        browser: Browser, server: tuple[str, Path]) -> None:
    """Issue 14: seats around a table (alive or dead, the sheriff's badge, your seat),
    the role card with power and goal, and at the end every seat's role for the
    spectator."""
    base, _ = server
    links, watch = host_table(browser, base, "3", seed=7)
    errors: list[str] = []
    page = open_seat(browser, links[3], errors)
    spectator = browser.new_context().new_page()
    spectator.on("pageerror", lambda exc: errors.append(str(exc)))
    spectator.goto(watch)
    spectator.wait_for_selector("#ring .seat")
    en = strings("en")
    ring = page.evaluate(RING_JS)
    assert [s["seat"] for s in ring] == list(range(1, 9))
    xs, ys = [s["x"] for s in ring], [s["y"] for s in ring]
    centre = (sum(xs) / 8, sum(ys) / 8)
    radii = [((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5
             for x, y in zip(xs, ys, strict=True)]
    assert max(radii) - min(radii) < 3 and min(radii) > 80  # a ring, not a list
    mine = next(s for s in ring if s["seat"] == 3)
    assert "me" in mine["classes"] and en["you"] in mine["text"]
    assert page.inner_text("#power") and page.inner_text("#goal")
    play({3: page}, spectator)
    ring = page.evaluate(RING_JS)
    dead = [s for s in ring if "dead" in s["classes"]]
    assert dead and all(en["dead"] in s["text"] for s in dead)
    game_sheriff = spectator.evaluate(
        "() => [...document.querySelectorAll('#ring .seat')].filter((s) => "
        "s.innerText.includes('★')).length")
    assert game_sheriff <= 1
    spectator.wait_for_selector("#final:not([hidden])")
    rows = spectator.locator("#final-rows tr").all_inner_texts()
    assert len(rows) == 8
    names = set(role_names("en").values())
    assert all(any(name in row for name in names) for row in rows)
    assert spectator.locator("#final-head th").all_inner_texts() == \
        [en["col_seat"], en["col_role"], en["col_status"], en["col_result"], en["col_agent"]]
    agents = spectator.locator("#final-rows tr td:last-child").all_inner_texts()
    assert agents[2] == "human" and set(agents) == {"human", "heuristic"}  # named at the end
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-table.png"))
    assert not errors


@pytest.mark.slow
def test_the_away_rule_warns_then_hands_over_then_welcomes_back(
        browser: Browser, server: tuple[str, Path]) -> None:
    """Issue 14: one missed decision takes the default for that decision only and the page
    says so; a second miss in a row marks the seat away; "I'm back" ends it."""
    base, _ = server
    links, _ = host_table(browser, base, "1", seed=2, turn_s=2)
    errors: list[str] = []
    seat = open_seat(browser, links[1], errors)
    en = strings("en")
    seat.wait_for_selector("#away:not([hidden])", timeout=15_000)  # the first miss
    assert seat.inner_text("#away-text") == en["away_warned"]
    assert seat.locator("#back").is_hidden()
    seat.wait_for_function(
        f"() => document.getElementById('away-text').textContent === {en['away']!r}",
        timeout=15_000)  # the second miss in a row
    assert seat.locator("#back").is_visible()
    seat.click("#back")
    seat.wait_for_selector("#away", state="hidden")
    assert not errors


@pytest.mark.slow
def test_the_lobby_lists_free_seats_and_seats_who_takes_one(
        browser: Browser, server: tuple[str, Path]) -> None:
    base, _ = server
    links, _ = host_table(browser, base, "2,5", seed=3, turn_s=60, lobby=True)
    table = links[2].split("/")[-2]
    errors: list[str] = []
    guest = browser.new_context().new_page()
    guest.on("pageerror", lambda exc: errors.append(str(exc)))
    guest.goto(base + "/lobby")
    row = guest.locator(f"#tables li[data-table='{table}']")
    row.wait_for()
    assert row.locator("button.take").all_inner_texts() == ["Take seat 2", "Take seat 5"]
    row.locator("button.take[data-seat='5']").click()
    guest.wait_for_url(f"**/play/{table}/5?token=*")
    guest.wait_for_selector("#whoami:not(:empty)")
    assert guest.inner_text("#whoami") == "You are seat 5"
    assert guest.inner_text("#lobby-waiting").startswith("Waiting for the players: 1 of 2 here.")
    other = browser.new_context().new_page()
    other.goto(base + "/lobby")
    other.locator(f"#tables li[data-table='{table}'] button.take").first.wait_for()
    assert other.locator(f"#tables li[data-table='{table}'] button.take").all_inner_texts() \
        == ["Take seat 2"]
    assert not errors


# --- vote arrows: the current ballot drawn between the seats of the ring

ARROWS_JS = """() => {
  const frame = document.getElementById("ring").getBoundingClientRect();
  const layer = document.getElementById("arrows");
  const seats = {};
  for (const s of document.querySelectorAll("#ring .seat")) {
    const r = s.getBoundingClientRect();
    seats[s.dataset.seat] = {left: r.left - frame.left, top: r.top - frame.top,
                             right: r.right - frame.left, bottom: r.bottom - frame.top};
  }
  const lines = [...layer.querySelectorAll("line")].map((l) => ({
    from: +l.dataset.from, to: +l.dataset.to, ballot: l.dataset.ballot,
    colour: getComputedStyle(l).stroke, cls: l.getAttribute("class"),
    x1: +l.getAttribute("x1"), y1: +l.getAttribute("y1"),
    x2: +l.getAttribute("x2"), y2: +l.getAttribute("y2")}));
  const box = layer.getBoundingClientRect();
  const legend = document.getElementById("arrow-legend");
  return {seats, lines, ballot: layer.dataset.ballot, label: layer.getAttribute("aria-label"),
          role: layer.getAttribute("role"),
          size: [box.width, box.height, frame.width, frame.height],
          viewBox: layer.getAttribute("viewBox"), legend: legend.hidden ? null :
            [...legend.querySelectorAll("li")].map((li) => [li.dataset.ballot, li.className])};
}"""
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
Votes = dict[int, int | None]  # voter -> target (None: abstained)


def _on_border(x: float, y: float, seat: dict[str, float], slack: float) -> bool:
    """The point is on the seat box's border, give or take ``slack`` pixels."""
    inside = (seat["left"] - slack <= x <= seat["right"] + slack
              and seat["top"] - slack <= y <= seat["bottom"] + slack)
    deep = (seat["left"] + slack < x < seat["right"] - slack
            and seat["top"] + slack < y < seat["bottom"] - slack)
    return inside and not deep


def check_arrows(page: Page, votes: Votes, ballot: str) -> dict[str, Any]:
    """The ring's arrows are exactly ``votes`` (voter -> target) of ``ballot``: each line
    leaves the voter's seat at its border, heads for the target's centre and stops at the
    target's border; the votes are also in the layer's words for screen readers."""
    drawn: dict[str, Any] = page.evaluate(ARROWS_JS)
    width, height, ring_w, ring_h = drawn["size"]
    assert (round(width), round(height)) == (round(ring_w), round(ring_h))  # over the ring
    assert drawn["viewBox"] == f"0 0 {ring_w:g} {ring_h:g}"  # one unit a pixel
    expected = {(v, t) for v, t in votes.items() if t is not None and t != v}
    assert {(line["from"], line["to"]) for line in drawn["lines"]} == expected
    assert len(drawn["lines"]) == len(expected)
    seats = drawn["seats"]
    for line in drawn["lines"]:
        assert line["ballot"] == ballot and f"b-{ballot}" in line["cls"]
        a, b = seats[str(line["from"])], seats[str(line["to"])]
        ca = ((a["left"] + a["right"]) / 2, (a["top"] + a["bottom"]) / 2)
        cb = ((b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2)
        assert _on_border(line["x1"], line["y1"], a, 4), (line, a)
        assert _on_border(line["x2"], line["y2"], b, 5), (line, b)
        seat_dir = (cb[0] - ca[0], cb[1] - ca[1])
        line_dir = (line["x2"] - line["x1"], line["y2"] - line["y1"])
        cos = ((seat_dir[0] * line_dir[0] + seat_dir[1] * line_dir[1])
               / (math.hypot(*seat_dir) * math.hypot(*line_dir)))
        assert cos > 0.999, line  # from the voter towards the seat voted for
    en = strings("en")
    if expected:
        assert drawn["role"] == "img" and drawn["label"].startswith(en[f"ballot_{ballot}"] + ":")
        for voter, target in expected:
            assert f"(seat {voter}) → " in drawn["label"] and f"(seat {target})" in drawn["label"]
        assert drawn["legend"][0] == [ballot, "current"]
        assert {kind for kind, _ in drawn["legend"]} >= {"exile", "sheriff"}
    else:
        assert drawn["lines"] == [] and drawn["legend"] is None and drawn["role"] is None
    return drawn


def _vote(seq: int, seat: int, target: int | None, ballot: str, round_no: int = 1
          ) -> dict[str, Any]:
    return {"seq": seq, "day": 1, "phase": "day", "audience": "public", "type": "vote",
            "seat": seat, "target": target, "round": round_no, "weight": 1.0,
            "ballot": ballot, "targets": [], "line": f"P{seat} votes for {target}"}


def _event(seq: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"seq": seq, "day": 1, "phase": "day", "audience": "public", "type": kind,
            "line": kind, **fields}


def _view(events: list[dict[str, Any]]) -> dict[str, Any]:
    """A seat's view as the server streams it (seat 1 of 8, no pending decision)."""
    return {"table": "t", "lang": "en", "strings": strings("en"), "role_names": role_names("en"),
            "players": 8, "over": False, "error": None, "events": events, "last": len(events),
            "replace": True, "final": [], "moon": [], "thinking": [], "agents": None,
            "guess": False, "seat": 1, "role": "villager", "known_roles": {"1": "villager"},
            "lovers": [], "alive": list(range(1, 9)), "sheriff": None,
            "names": [f"P{s}" for s in range(1, 9)], "away": False, "missed": 0, "card": None,
            "no_vote": [], "buildings": {}, "pending": None}


SHERIFF_VOTES: Votes = {1: 3, 2: 3, 4: 5, 5: 5, 6: 3, 7: None, 8: 1}  # 5 for 5: no line
EXILE_VOTES: Votes = {3: 8, 8: 3, 2: 8}  # 3 and 8 for each other: two lines side by side


def _steps() -> list[tuple[str, list[dict[str, Any]], Votes, str]]:
    """(name, the seat's events, the arrows expected, their ballot) along one day."""
    day = [_event(0, "phase", name="day")]
    sheriff = [_vote(1 + i, s, t, "sheriff") for i, (s, t) in enumerate(SHERIFF_VOTES.items())]
    elected = [_event(9, "vote_result", ballot="sheriff", round=1), _event(10, "sheriff", seat=3)]
    exile = [_vote(11 + i, s, t, "exile") for i, (s, t) in enumerate(EXILE_VOTES.items())]
    held = day + sheriff + elected + exile + [_event(14, "vote_result", ballot="exile", round=1)]
    return [
        ("during the sheriff vote", day + sheriff[:3], dict(list(SHERIFF_VOTES.items())[:3]),
         "sheriff"),
        ("after the sheriff vote", day + sheriff + elected, SHERIFF_VOTES, "sheriff"),
        ("the exile vote replaces it", day + sheriff + elected + exile, EXILE_VOTES, "exile"),
        ("a revote replaces round 1", [*held, _vote(15, 4, 8, "exile", 2)], {4: 8}, "exile"),
        ("night clears them", [*held, _event(15, "phase", name="night")], {}, "exile"),
    ]


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_vote_arrows_follow_the_current_ballot(browser: Browser, server: tuple[str, Path],
                                               viewport: ViewportSize) -> None:
    """Issue 14: each vote of the current ballot is an arrow from the voter's seat to the
    seat voted for, in the ballot's colour (sheriff, exile), with a legend and the votes
    in words for screen readers; the next ballot replaces them, a new phase clears them.
    The page is fed made-up views, one per step, on its own stream."""
    base, _ = server
    page = browser.new_context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route(re.compile(r".*/play/t/1\?token=x$"), lambda route: route.fulfill(
        body=served_page("play"), content_type="text/html; charset=utf-8"))
    step: dict[str, list[dict[str, Any]]] = {}
    page.route(re.compile(r".*/api/tables/t/seats/1/stream\?token=x$"), lambda route: route.fulfill(
        status=200, headers={"Content-Type": "text/event-stream"},
        body="retry: 600000\ndata: " + json.dumps(_view(step["events"])) + "\n\n"))
    colours = {}
    for name, events, votes, ballot in _steps():
        step["events"] = events
        page.goto(base + "/play/t/1?token=x")
        page.wait_for_function(f"() => document.querySelectorAll('#record li').length === "
                               f"{len(events)}")
        drawn = check_arrows(page, votes, ballot)
        colours.update({line["ballot"]: line["colour"] for line in drawn["lines"]})
        if name == "the exile vote replaces it":
            both = [line for line in drawn["lines"] if {line["from"], line["to"]} == {3, 8}]
            apart = math.hypot(both[0]["x1"] - both[1]["x2"], both[0]["y1"] - both[1]["y2"])
            assert len(both) == 2 and apart > 4  # A→B and B→A do not hide each other
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"web-arrows-{viewport['width']}.png"))
    assert colours["exile"] != colours["sheriff"]  # one colour per kind of ballot
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    assert not errors


VIEW_JS = """async () => {
  const p = location.pathname.split("/").filter(Boolean);
  const token = new URLSearchParams(location.search).get("token");
  return (await fetch(`/api/tables/${p[1]}/seats/${p[2]}?token=${token}`)).json();
}"""


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_arrows_in_a_real_game_join_each_voter_to_the_seat_voted_for(
        browser: Browser, server: tuple[str, Path], viewport: ViewportSize) -> None:
    """Issue 14, a whole table: when the person is asked for the exile vote, the ring
    shows the sheriff vote just held as arrows matching the votes the seat was shown;
    at night they are gone."""
    base, _ = server
    links, _ = host_table(browser, base, "1", seed=2)
    errors: list[str] = []
    page = browser.new_context(viewport=viewport).new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(links[1])
    spoken: list[str] = []
    done, checked = 0, list[str]()
    stop = time.monotonic() + 40
    while time.monotonic() < stop and len(checked) < 2:
        state = page.evaluate(STATE_JS)
        assert not state["over"], "the game ended before the checks"
        if state["open"] and state["number"] > done:
            events = page.evaluate(VIEW_JS)["events"]
            phase = [e for e in events if e["type"] == "phase"][-1]
            if state["kind"] == "vote" and not checked:
                result = [e for e in events if e["type"] == "vote_result"][-1]
                key = (result["day"], result["ballot"], result["round"])
                votes = {e["seat"]: e["target"] for e in events if e["type"] == "vote"
                         and (e["day"], e["ballot"], e["round"]) == key}
                assert result["ballot"] in ("sheriff", "exile") and result["seq"] > phase["seq"]
                assert len(check_arrows(page, votes, result["ballot"])["lines"]) >= 1
                ARTIFACTS.mkdir(exist_ok=True)
                page.locator("#ring").scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"web-arrows-game-{viewport['width']}.png"))
                checked.append("ballot")
            elif checked and phase["name"] == "night":
                check_arrows(page, {}, "exile")
                checked.append("night")
            act(page, state, spoken)
            done = state["number"]
        time.sleep(0.02)
    assert checked == ["ballot", "night"]
    assert not errors


"""`arena show --html`: a self-contained page, claims judged in god view, no spoilers per seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena import transcript
from arena.app import cli
from arena.app.render.game_story import Said, build_story, verdict
from arena.engine.events import Claim, PhaseStart, RoleDealt, Speech


# Seat 1 (a wolf) claims seer and "checks" the real seer 3 as a wolf; seat 3 claims seer with
# a true check on seat 1; seat 4 speaks markup. On day 1 seven seats vote (six for 3, one for 1).
def _speech(text: str, target: int) -> str:
    """A TOML speech claiming seer with a check of ``target`` as a werewolf."""
    return (f'{{text = "{text}", claims = [{{kind = "role", role = "seer"}}, '
            f'{{kind = "check", target = {target}, result = "werewolf"}}]}}')


SCENARIO = f"""
preset = "classic-8"
seed = 5
roles = ["werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager", "villager"]
[rules]
"sheriff.election" = "none"
[fallback]
agent = "heuristic"
[seats.1]
speak = ["Wolf plan: we bite seat 5 tonight",
  {_speech("I am the seer. Seat 3 is a werewolf.", 3)}]
kill = [5]
vote = [3]
[seats.2]
speak = ["Agreed, seat 5", "Seat 1 is telling the truth."]
kill = [5]
vote = [3]
[seats.3]
check = [1]
speak = [{_speech("I am the real seer: seat 1 is a werewolf.", 1)}]
vote = [1]
[seats.4]
save = [false]
speak = ["<script>alert(1)</script><img src=x onerror=alert(2)> **bold** [link](http://evil.ex)"]
vote = [3]
"""
SCENARIO += "".join(f"[seats.{seat}]\nvote = [3]\n" for seat in range(5, 9))
WOLF_CHAT = "Wolf plan: we bite seat 5 tonight"


def play_false_seer(folder: Path) -> Path:
    """Play the scripted false-seer game into ``folder`` and return its transcript."""
    scenario = folder / "false_seer.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    out = folder / "game.jsonl"
    assert cli.main(["play", "--scenario", str(scenario), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play_false_seer(tmp_path_factory.mktemp("show"))


def show(game: Path, *options: str) -> str:
    out = game.parent / f"page{''.join(options)}.html"
    assert cli.main(["show", str(game), "--html", str(out), *options]) == 0
    return out.read_text(encoding="utf-8")


def section(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[start:page.index("</section>", start)]


def test_page_is_self_contained(game: Path) -> None:
    page = show(game)
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page)
    assert not re.search(r"url\((?!#)", page)
    assert "<link" not in page
    assert page.count("<script") == 1 and "<script src" not in page
    assert "<style>" in page and ".claim" in page


def test_speech_markup_is_inert(game: Path) -> None:
    page = show(game)
    assert "<img" not in page and "alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;" in page


def test_every_night_and_day_has_its_section(game: Path) -> None:
    phases = [e for e in transcript.read(game).events if isinstance(e, PhaseStart)]
    page = show(game)
    assert len(phases) >= 4
    for phase in phases:
        assert f'id="god-{phase.name}-{phase.day}"' in page
        assert f'id="seat-6-{phase.name}-{phase.day}"' in page


def test_vote_picture_has_an_arrow_per_ballot(game: Path) -> None:
    day1 = section(show(game), "god-day-1")
    assert day1.count("<svg") == 1
    assert len(re.findall(r'<path class="arrow(?: heavy)?"', day1)) == 7
    assert day1.count('class="seat-node voted"') == 2  # seats 3 and 1 got votes
    assert day1.count('class="seat-node dead"') == 1  # seat 5, killed in the night


def test_claims_are_judged_in_god_view(game: Path) -> None:
    day1 = section(show(game), "god-day-1")
    liar = day1[day1.index("I am the seer. Seat 3"):]
    liar = liar[:liar.index("</li>")]
    assert 'class="claim role false"' in liar and 'class="claim check false"' in liar
    seer = day1[day1.index("I am the real seer"):]
    seer = seer[:seer.index("</li>")]
    assert 'class="claim role true"' in seer and 'class="claim check true"' in seer
    assert "✓ true" in seer and "✗ false" in liar


def test_full_page_switches_between_god_and_every_seat(game: Path) -> None:
    page = show(game)
    views = re.findall(r'<section class="view" data-view="([^"]+)"( hidden)?>', page)
    assert views == [("god", ""), *((f"seat-{s}", " hidden") for s in range(1, 9))]
    assert re.findall(r'<option value="([^"]+)"', page) == [v for v, _ in views]


def test_seat_page_holds_only_what_that_seat_saw(game: Path) -> None:
    page = show(game, "--seat", "6")
    assert 'data-view="god"' not in page and 'data-view="seat-1"' not in page
    assert '<select id="view">' not in page
    for secret in (WOLF_CHAT, "Wolf team", "checks P1", "result: P1", "true cause",
                   "shown the wolves", 'class="verdict"'):
        assert secret not in page
    assert "<li><b>4</b> P4</li>" in page  # the witch's card stays hidden
    assert "I am the seer. Seat 3 is a werewolf." in page  # public speech is there
    seer_page = show(game, "--seat", "3")
    assert "result: P1 (seat 1) is werewolf" in seer_page and WOLF_CHAT not in seer_page
    assert WOLF_CHAT in show(game, "--seat", "2")


def test_chinese_page(game: Path) -> None:
    page = show(game, "--lang", "zh")
    assert '<html lang="zh-CN">' in page
    for words in ("上帝视角", "第1天", "第1夜", "自称预言家", "放逐投票", "身份揭晓", "✗ 假"):
        assert words in page


def test_thief_swap_changes_what_a_role_claim_is_judged_against() -> None:
    header = {"seats": [{"seat": s, "name": f"P{s}"} for s in (1, 2)],
              "roles": {"1": "thief", "2": "villager"}}
    claim = Claim(kind="role", role="werewolf")
    events = [PhaseStart(seq=0, day=1, phase="night", audience="public", name="night"),
              RoleDealt(seq=1, day=1, phase="night", audience=(1,), seat=1, role="werewolf"),
              PhaseStart(seq=2, day=1, phase="day", audience="public", name="day"),
              Speech(seq=3, day=1, phase="day", audience="public", seat=1, text="wolf",
                     claims=(claim,))]
    said = build_story(header, events, None).chapters[-1].items[-1]
    assert isinstance(said, Said) and said.claims[0].verdict is True
    assert verdict(claim, 1, {1: "thief"}) is False


@pytest.mark.parametrize("args, message", [
    (["missing.jsonl", "--html", "x.html"], "cannot read"),
    (["bad.jsonl", "--html", "x.html"], "header is not JSON"),
    (["game", "--html", "x.html", "--seat", "9"], "seats 1 to 8"),
    (["game"], "--html OUT"),
])
def test_bad_input_is_one_line_and_exit_2(game: Path, tmp_path: Path, args: list[str],
                                          message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.jsonl").write_text("not json\n", encoding="utf-8")
    paths = {"game": str(game), "missing.jsonl": str(tmp_path / "missing.jsonl"),
             "bad.jsonl": str(tmp_path / "bad.jsonl"), "x.html": str(tmp_path / "x.html")}
    assert cli.main(["show", *(paths.get(a, a) for a in args)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "x.html").exists()

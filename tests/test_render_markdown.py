"""`arena show --markdown`: the printable version tells the same facts as the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.app import cli
from arena.app.render.markdown import md_escape
from tests.test_render_html import WOLF_CHAT, play_false_seer


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play_false_seer(tmp_path_factory.mktemp("show_md"))


def markdown(game: Path, *options: str) -> str:
    out = game.parent / f"game{''.join(options)}.md"
    assert cli.main(["show", str(game), "--markdown", str(out), *options]) == 0
    return out.read_text(encoding="utf-8")


def chapter(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end]


def test_god_view_has_the_days_claims_votes_deaths_and_reveal(game: Path) -> None:
    text = markdown(game)
    day1 = chapter(text, "Day 1")
    assert ("**P1 (seat 1)**: I am the seer. Seat 3 is a werewolf. "
            "[claims seer ✗ false] [checked 3: werewolf ✗ false]") in day1
    assert "[claims seer ✓ true] [checked 1: werewolf ✓ true]" in day1
    assert ("  - 6 votes: 3 ← 1, 2, 4, 6, 7, 8\n  - 1 vote: 1 ← 3\n"
            "  - **P3 (seat 3) is exiled**") in day1
    assert "† P5 (seat 5) died in the night — villager \\[true cause: wolf kill\\]" in day1
    assert WOLF_CHAT in chapter(text, "Night 1")
    reveal = chapter(text, "The reveal")
    assert "| 3 | P3 | seer | dead | Day 1: was exiled | ✓ |" in reveal
    assert "| 1 | P1 | werewolf | dead | Night 2: was poisoned by the witch |  |" in reveal
    assert "**The village wins**" in reveal


def test_seat_view_leaves_out_what_the_seat_did_not_see(game: Path) -> None:
    text = markdown(game, "--seat", "6")
    assert WOLF_CHAT not in text and "true cause" not in text and "✗" not in text
    assert "I am the seer. Seat 3 is a werewolf. [claims seer] [checked 3: werewolf]" in text
    assert "- **4** P4\n" in text


def test_speech_cannot_add_markdown_or_html(game: Path) -> None:
    text = markdown(game)
    assert "<script>" not in text and "<img" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "\\*\\*bold\\*\\* \\[link\\](http://evil.ex)" in text
    assert md_escape("a|b_c`d") == "a\\|b\\_c\\`d"


def test_chinese_markdown(game: Path) -> None:
    text = markdown(game, "--lang", "zh")
    assert "## 第1天" in text and "[自称预言家 ✗ 假]" in text and "## 身份揭晓" in text

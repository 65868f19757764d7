"""A printable Markdown version of a game page: one viewpoint (god, or one seat).

The same story as the HTML page; votes become tally lists. What players wrote is
escaped so it cannot add Markdown structure or raw HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from arena.app.render.game_story import (
    ClaimNote,
    Ending,
    InForce,
    Item,
    Said,
    Story,
    VoteRound,
    build_story,
    words_for,
)
from arena.engine.events import BaseEvent
from arena.text import Describer

_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def md_escape(text: str) -> str:
    """Inert Markdown: special characters backslashed, HTML characters as entities."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def _claim(claim: ClaimNote, words: Describer) -> str:
    if claim.verdict is None:
        return f"[{md_escape(claim.text)}]"
    mark = "✓" if claim.verdict else "✗"
    return f"[{md_escape(claim.text)} {mark} {words.t(claim.verdict_key)}]"


def _speech(said: Said, words: Describer) -> str:
    ctx = f" _({md_escape(said.context)})_" if said.context else ""
    text = md_escape(said.text) if said.text else f"_{words.t('speech.silent')}_"
    claims = " ".join(_claim(c, words) for c in said.claims)
    return f"- **{md_escape(said.who)}**{ctx}: {text}" + (f" {claims}" if claims else "")


def _vote(vote: VoteRound) -> str:
    lines = [f"- **{md_escape(vote.title)}**"]
    lines += [f"  - {md_escape(line)}" for line in vote.tally]
    lines.append(f"  - **{md_escape(vote.outcome)}**")
    return "\n".join(lines)


def _item(item: Item, words: Describer) -> str:
    if isinstance(item, Said):
        return _speech(item, words)
    if isinstance(item, VoteRound):
        return _vote(item)
    text = md_escape(item.text)
    return f"- _{text}_" if item.tone == "secret" else f"- {text}"


def _ending(ending: Ending, words: Describer) -> list[str]:
    columns = ("seat", "name", "role", "status", "cause", "winner")
    lines = [f"## {words.t('page.reveal')}", "",
             f"**{md_escape(ending.headline)}** {md_escape(ending.reason)}".rstrip(), "",
             "| " + " | ".join(words.t(f"col.{c}") for c in columns) + " |",
             "|" + "---|" * len(columns)]
    for row in ending.rows:
        cells = (str(row.seat), md_escape(row.name), md_escape(row.role),
                 words.t("table.alive" if row.alive else "table.dead"), md_escape(row.death),
                 words.t("table.winner_mark") if row.winner else "")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _moon(cards: list[InForce], words: Describer) -> list[str]:
    """The New Moon events in force in a chapter, quoted under its heading."""
    if not cards:
        return []
    return [f"> **{words.t('page.moon_in_force')}**", ">",
            *(f"> - {md_escape(c.line(words))}" for c in cards), ""]


def story_markdown(story: Story, words: Describer) -> str:
    lines = [f"# {md_escape(story.title)}", "", md_escape(story.subtitle), "",
             md_escape(story.deal), "", f"## {words.t('page.seats')}", ""]
    for card in story.seats:
        you = f" ({words.t('page.you')})" if card.you else ""
        role = f" — {md_escape(card.role)}" if card.role else ""
        role += f" ⌂ {md_escape(card.house)}" if card.house else ""
        lines.append(f"- **{card.seat}** {md_escape(card.name)}{you}{role}")
    for chapter in story.chapters:
        lines += ["", f"## {md_escape(chapter.title)}", "", *_moon(chapter.moon, words)]
        lines += [_item(item, words) for item in chapter.items]
    if story.ending is not None:
        lines += ["", *_ending(story.ending, words)]
    return "\n".join(lines) + "\n"


def render_markdown(header: dict[str, Any], events: Sequence[BaseEvent], *,
                    seat: int | None = None, lang: str = "en") -> str:
    """The game as god (``seat`` None) or as one seat saw it, in Markdown."""
    words = words_for(header, lang)
    return story_markdown(build_story(header, events, seat, lang), words)

"""One self-contained HTML page per game: timeline, claims, vote pictures, the reveal.

The page embeds the god view and every seat's view as separate sections and a
switch shows one at a time (spoiler control); with ``seat`` it holds that seat's
view only. CSS and JavaScript are inlined from ``static/``; nothing is fetched.
Everything a player wrote is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from importlib.resources import files
from typing import Any

from arena.app.render.game_story import (
    ClaimNote,
    Ending,
    InForce,
    Item,
    Said,
    SeatCard,
    Story,
    VoteRound,
    build_story,
    words_for,
)
from arena.engine.events import BaseEvent
from arena.text import Describer

SIZE, RADIUS, NODE = 220, 90, 12


def _static(name: str) -> str:
    return files("arena.app.render").joinpath("static", name).read_text(encoding="utf-8")


def _seat_point(seat: int, seats: int) -> tuple[float, float]:
    angle = 2 * math.pi * (seat - 1) / max(seats, 1)
    return SIZE / 2 + RADIUS * math.sin(angle), SIZE / 2 - RADIUS * math.cos(angle)


def _arrow(voter: int, target: int, seats: int, heavy: bool, marker: str) -> str:
    """A curved arrow from voter to target (a small loop for a vote for oneself)."""
    cls = "arrow heavy" if heavy else "arrow"
    x1, y1 = _seat_point(voter, seats)
    if voter == target:
        cx, cy = SIZE / 2 + (x1 - SIZE / 2) * 1.2, SIZE / 2 + (y1 - SIZE / 2) * 1.2
        return (f'<path class="{cls}" d="M {cx - 6:.1f} {cy:.1f} a 6 6 0 1 0 12 0 '
                f'a 6 6 0 1 0 -12 0"/>')
    x2, y2 = _seat_point(target, seats)
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bend = length * 0.12
    qx, qy = (x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend
    sx, sy = x1 + ux * NODE, y1 + uy * NODE
    ex, ey = x2 - ux * (NODE + 2), y2 - uy * (NODE + 2)
    return (f'<path class="{cls}" marker-end="url(#{marker})" '
            f'd="M {sx:.1f} {sy:.1f} Q {qx:.1f} {qy:.1f} {ex:.1f} {ey:.1f}"/>')


def vote_svg(vote: VoteRound, marker: str, words: Describer) -> str:
    """Seats on a circle, an arrow from each voter to the seat voted for."""
    targets = {b.target for b in vote.ballots if b.target is not None}
    arrows = [_arrow(b.voter, b.target, vote.seats, b.weight > 1, marker)
              for b in vote.ballots if b.target is not None]
    nodes = []
    for seat in range(1, vote.seats + 1):
        x, y = _seat_point(seat, vote.seats)
        state = " dead" if seat in vote.dead else (" voted" if seat in targets else "")
        nodes.append(f'<g class="seat-node{state}"><title>{escape(words.who(seat))}</title>'
                     f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{NODE}"/>'
                     f'<text x="{x:.1f}" y="{y:.1f}">{seat}</text></g>')
    return (f'<svg viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{escape(vote.title)}">'
            f'<defs><marker id="{marker}" viewBox="0 0 10 10" refX="8" refY="5" '
            f'markerWidth="6" markerHeight="6" orient="auto">'
            f'<path class="arrowhead" d="M0 0 L10 5 L0 10 z"/></marker></defs>'
            + "".join(arrows) + "".join(nodes) + "</svg>")


def _claim(claim: ClaimNote, words: Describer) -> str:
    if claim.verdict is None:
        return f'<span class="claim {claim.kind}">{escape(claim.text)}</span>'
    word = "true" if claim.verdict else "false"
    mark = "✓" if claim.verdict else "✗"
    return (f'<span class="claim {claim.kind} {word}">{escape(claim.text)}'
            f'<span class="verdict">{mark} {escape(words.t(claim.verdict_key))}</span></span>')


def _speech(said: Said, words: Describer) -> str:
    ctx = f'<span class="ctx">{escape(said.context)}</span>' if said.context else ""
    text = (f'<span class="text">{escape(said.text)}</span>' if said.text
            else f'<span class="silent">{escape(words.t("speech.silent"))}</span>')
    claims = "".join(_claim(c, words) for c in said.claims)
    private = " private" if said.private else ""
    return (f'<li class="speech{private}"><span class="who">{escape(said.who)}</span>{ctx}: '
            f"{text} {claims}</li>")


def _vote(vote: VoteRound, marker: str, words: Describer) -> str:
    tally = "".join(f"<li>{escape(line)}</li>" for line in vote.tally)
    return (f'<li><figure class="vote">{vote_svg(vote, marker, words)}<figcaption>'
            f"<h3>{escape(vote.title)}</h3><ul class=\"tally\">{tally}</ul>"
            f'<p class="outcome">{escape(vote.outcome)}</p></figcaption></figure></li>')


def _item(item: Item, marker: str, words: Describer) -> str:
    if isinstance(item, Said):
        return _speech(item, words)
    if isinstance(item, VoteRound):
        return _vote(item, marker, words)
    return f'<li class="note {item.tone}">{escape(item.text)}</li>'


def _seats(cards: Sequence[SeatCard], words: Describer) -> str:
    items = []
    for card in cards:
        you = f' ({escape(words.t("page.you"))})' if card.you else ""
        role = f' <span class="role">{escape(card.role)}</span>' if card.role else ""
        role += f' <span class="house">⌂ {escape(card.house)}</span>' if card.house else ""
        cls = ' class="you"' if card.you else ""
        items.append(f"<li{cls}><b>{card.seat}</b> {escape(card.name)}{you}{role}</li>")
    return f'<ul class="seats">{"".join(items)}</ul>'


def _ending(ending: Ending, words: Describer) -> str:
    head = "".join(f"<th>{escape(words.t('col.' + c))}</th>"
                   for c in ("seat", "name", "role", "status", "cause", "winner"))
    rows = []
    for row in ending.rows:
        status = words.t("table.alive" if row.alive else "table.dead")
        mark = words.t("table.winner_mark") if row.winner else ""
        cls = ' class="winner"' if row.winner else ""
        cells = (str(row.seat), row.name, row.role, status, row.death, mark)
        rows.append(f"<tr{cls}>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    reason = f" {escape(ending.reason)}" if ending.reason else ""
    return (f'<h2>{escape(words.t("page.reveal"))}</h2>'
            f'<p class="headline">{escape(ending.headline)}{reason}</p>'
            f'<table class="reveal"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _moon(cards: Sequence[InForce], words: Describer) -> str:
    """The New Moon events in force in a chapter, under its heading."""
    if not cards:
        return ""
    items = "".join(f"<li>{escape(c.line(words))}</li>" for c in cards)
    return (f'<aside class="moon"><h3>{escape(words.t("page.moon_in_force"))}</h3>'
            f"<ul>{items}</ul></aside>")


def _section(story: Story, words: Describer, hidden: bool) -> str:
    parts = [f'<p class="meta">{escape(story.subtitle)}</p>',
             f'<p class="meta">{escape(story.deal)}</p>',
             f'<h2>{escape(words.t("page.seats"))}</h2>', _seats(story.seats, words)]
    for chapter in story.chapters:
        anchor = f"{story.view}-{chapter.key}"
        items = "".join(_item(item, f"{anchor}-v{n}", words)
                        for n, item in enumerate(chapter.items))
        parts.append(f'<section class="chapter {chapter.phase}" id="{anchor}">'
                     f'<h2>{escape(chapter.title)}</h2>{_moon(chapter.moon, words)}'
                     f'<ul class="items">{items}</ul></section>')
    if story.ending is not None:
        parts.append(f'<section class="ending">{_ending(story.ending, words)}</section>')
    attr = " hidden" if hidden else ""
    return f'<section class="view" data-view="{story.view}"{attr}>{"".join(parts)}</section>'


def _switch(stories: Sequence[Story], words: Describer) -> str:
    options = "".join(f'<option value="{s.view}">{escape(s.view_label)}</option>'
                      for s in stories)
    return (f'<nav class="switch"><label>{escape(words.t("page.view"))} '
            f'<select id="view">{options}</select></label> '
            f'<span class="nojs">{escape(words.t("page.no_js"))}</span></nav>')


def render_html(header: dict[str, Any], events: Sequence[BaseEvent], *,
                seat: int | None = None, lang: str = "en") -> str:
    """The page: god plus every seat's view with a switch, or only ``seat``'s view."""
    players = len(header.get("roles", {}))
    viewpoints: list[int | None] = [seat] if seat is not None else [None,
                                                                     *range(1, players + 1)]
    stories = [build_story(header, events, v, lang) for v in viewpoints]
    words = words_for(header, lang)
    first = stories[0]
    switch = _switch(stories, words) if len(stories) > 1 else ""
    sections = "".join(_section(s, words, hidden=n > 0) for n, s in enumerate(stories))
    game = words.t("page.generated", game_id=header.get("game_id", ""))
    script = f"<script>{_static('show.js')}</script>" if len(stories) > 1 else ""
    return (f'<!DOCTYPE html>\n<html lang="{"zh-CN" if lang == "zh" else "en"}"><head>'
            f'<meta charset="utf-8"><meta name="viewport" content="width=device-width, '
            f'initial-scale=1"><title>{escape(first.title)}</title>'
            f"<style>{_static('show.css')}</style></head><body>"
            f"<header><h1>{escape(first.title)}</h1>"
            f'<p class="meta">{escape(game)}</p></header>{switch}{sections}{script}'
            f"</body></html>\n")

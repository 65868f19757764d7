"""Presentation of games for people: the live terminal view and transcript replay."""

from arena.render.terminal import LABELS, TerminalView, render_transcript

__all__ = ["LABELS", "TerminalView", "render_transcript"]

"""Presentation of games for people: the live terminal view and transcript replay."""

from arena.render.terminal import TerminalView, render_transcript

__all__ = ["TerminalView", "render_transcript"]

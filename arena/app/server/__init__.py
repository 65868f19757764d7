"""Web play for humans: ``arena serve`` hosts tables that humans join by private links."""

from __future__ import annotations

from arena.app.server.app import create_app

__all__ = ["create_app"]

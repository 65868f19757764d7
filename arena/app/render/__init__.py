"""Presentation of finished games for people: HTML pages, Markdown and the game story.

The live terminal view is ``agents.terminal_view``: the human terminal seat draws with it.
"""

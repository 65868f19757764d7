"""Evaluation: metrics, ratings, comparisons and reports, read from transcripts."""

PROJECT = "werewolf-arena"  # tells this package from others named `evals` (arena.app.entry)

"""The application: commands, the web table, importers, tournaments, rendering and the
session that builds, runs and records one game. The top layer: it may import everything
below it (agents, evals, transcripts, presets, the text layer and the engine)."""

"""The one text layer: every sentence about the game's events, in English and Chinese.

``describe(event, viewer, lang)`` gives the terminal, the HTML and Markdown pages and the
web table the same sentence for the same event; the model narration (agents/narration.py)
reads the same catalogs in its own register (``Catalog.model``). It imports only the engine.
"""

from arena.text.catalog import LANGS, Catalog, CatalogError, catalog
from arena.text.describe import Describer, Viewer, describe

__all__ = ["LANGS", "Catalog", "CatalogError", "Describer", "Viewer", "catalog", "describe"]

"""A cost as shown: what the priced calls cost, and "unknown" for calls no price covers
(a model missing from agents/providers/prices.toml is billed 0.0, ``priced: false``)."""

from __future__ import annotations


def cost_text(usd: float, unpriced: bool) -> str:
    """``$X``; ``unknown`` when unpriced calls are all there is; else ``≥ $X + unknown``."""
    if not unpriced:
        return f"${usd:.4f}"
    return f"≥ ${usd:.4f} + unknown" if usd else "unknown"

"""Model providers behind one async chat interface (see base.py)."""

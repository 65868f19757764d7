"""Tournaments: a config (config), its games fixed in advance (schedule), played into a
resumable run folder (run, layout) under a budget (budget), pausing failing endpoints
(pause), locally or on Ray (ray, ray_head)."""

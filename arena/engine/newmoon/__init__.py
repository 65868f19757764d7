"""The New Moon (catalog 4.3, 4.4; V7): event cards flipped at dawn at the tabletop, or
the online 新月 events on their schedule. ``cards`` is the card table, ``deck`` the draw
and what is in force, ``people``, ``nights`` and ``days`` the effects, and ``hooks``
the few calls the flow, the exile vote and the death cascade make."""

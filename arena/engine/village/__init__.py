"""The Village expansion (catalog 1.4, VIL): public buildings dealt on top of the hidden
roles, one module per building type (B1-B9; B10, the vagrant, is a house's absence).

``houses`` holds the state and the deal, ``hooks`` the registry and the few calls the
flow, the exile vote and the sheriff make; the Arsonist (R16) is a role module.
"""

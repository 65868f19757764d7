"""Possessed 狂人 (AIWolf): a human who wins with the wolves. He does not wake with
the pack, a seer or medium reads him as good, and he counts as a human (not a
wolf) whenever the win rules count the living."""

from arena.engine.roles.base import RoleSpec

SPEC = RoleSpec(
    name="possessed", zh="狂人", faction="wolves", special=False,
    summary="A human who wins with the wolves; checked, he reads as good. He does not know "
    "the wolves and they do not know him.",
)

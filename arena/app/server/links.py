"""The server's host secret and the private links it signs.

The secret lives in ``host.secret`` beside the transcripts, readable by its owner only
(mode 600), so a restarted server opens the same links: each seat's token and the
spectator's are an HMAC of the table id under the secret, and the host token, unless
given, is one too. A folder the server cannot write keeps a secret for this run only
(no table could be written, or come back, there either).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from arena.errors import UsageError

SECRET_FILE = "host.secret"
SECRET_CHARS = 43  # secrets.token_urlsafe(32)


def host_secret(out_dir: Path) -> str:
    """The secret in ``out_dir/host.secret``, written there (mode 600) on first use."""
    path = out_dir / SECRET_FILE
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _kept(path)
    except OSError:
        return secrets.token_urlsafe(32)
    fresh = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(fresh + "\n")
    return fresh


def _kept(path: Path) -> str:
    """The secret already on disk; its file made private again if its mode was widened."""
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)
    kept = path.read_text(encoding="ascii").strip()
    if len(kept) < SECRET_CHARS:
        raise UsageError(f"{path}: not a host secret (remove it to have a new one made, "
                         "which voids every link given so far)")
    return kept


def sign(secret: str, *names: object) -> str:
    """The token of ``names`` (a table's seat, its spectators, the host) under ``secret``."""
    message = "/".join(str(n) for n in names).encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")

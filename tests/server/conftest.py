"""Fixtures for the web table: an app writing transcripts to a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import host_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with host_client(tmp_path) as test_client:
        yield test_client

"""The Ray backend against a local Ray instance: the same games as the local backend."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from tests.tournament.conftest import event_lines, manifest, run, write_config

# Ray's tests run one after another on one xdist worker: the cleanup test scans the
# machine's processes and must not see another test's Ray
RAY_ALONE = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.slow
@RAY_ALONE
def test_ray_plays_the_same_games_and_resumes(local_ray: None, tmp_path: Path) -> None:
    config = write_config(tmp_path, "ray", {"h": "heuristic", "r": "random"}, seed=9,
                          presets=["classic-8", "tv-6"], games=6)
    assert run(str(config), "--out", str(tmp_path / "local")) == 0
    out = tmp_path / "ray"
    assert run(str(config), "--out", str(out), "--backend", "ray", "--workers", "2") == 0
    assert event_lines(out) == event_lines(tmp_path / "local")
    assert manifest(out)[0]["agents"] and len(manifest(out)) == 6
    (out / "manifest.jsonl").write_text(
        "".join(row + "\n" for row in (out / "manifest.jsonl").read_text().splitlines()[:2]))
    assert run(str(out), "--resume", "--backend", "ray", "--workers", "2") == 0
    assert sorted(r["index"] for r in manifest(out)) == sorted(r["index"] for r in
                                                                 manifest(tmp_path / "local"))
    assert event_lines(out) == event_lines(tmp_path / "local")


def test_without_ray_the_error_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    config = write_config(tmp_path, "noray", {"r": "random"}, presets=["tv-6"], games=1)
    assert run(str(config), "--out", str(tmp_path / "run"), "--backend", "ray") == 2
    assert "pip install werewolf-arena[ray]" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()

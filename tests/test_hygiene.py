"""The code stays clean: ruff and mypy report nothing (pyproject.toml holds their settings)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff is installed by the test extra")
def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = run(ruff, "check", "boardwright", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    pytest.importorskip("mypy")
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_game_imports_random_or_deepcopy():
    for path in (ROOT / "boardwright").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "/games/" in path.as_posix():
            assert "import random" not in text, f"{path}: games draw from the engine's seeded streams"
        assert not re.search(r"\bdeepcopy\(|import deepcopy", text), f"{path}: copy state by hand"


def test_the_engine_never_imports_a_game():
    for path in (ROOT / "boardwright" / "engine").rglob("*.py"):
        assert "boardwright.games" not in path.read_text(encoding="utf-8"), path
        assert "from ..games" not in path.read_text(encoding="utf-8"), path

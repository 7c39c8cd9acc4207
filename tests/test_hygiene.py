"""The code stays clean: ruff and mypy report nothing (pyproject.toml holds their settings), and
dependencies point one way: engine <- games <- agents/sim <- terminal <- cli."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = run(ruff, "check", "boardwright", "tests", "benchmarks", "examples")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_game_imports_random_or_deepcopy():
    for path in (ROOT / "boardwright").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "/games/" in path.as_posix():
            assert "import random" not in text, f"{path}: games draw from the engine's seeded streams"
        assert not re.search(r"\bdeepcopy\(|import deepcopy", text), f"{path}: copy state by hand"


#: what each part of the package may import (besides itself); "games" is the registry and every game
ALLOWED = {
    "engine": set(),
    "plain": set(),  # plain text printed where Rich is not installed (the standard library only)
    "games": {"engine"},
    "agents": {"engine", "games", "__init__"},
    "sim": {"engine", "games", "agents", "plain", "__init__"},
    "__init__": {"engine", "games"},
    "terminal": {"engine", "games", "agents", "sim", "plain", "__init__"},
    "web": {"engine", "games", "agents", "__init__"},
    "rl": {"engine", "games", "agents", "__init__"},
    "cli": {"engine", "games", "agents", "sim", "terminal", "web", "plain", "__init__"},
    "__main__": {"cli"},
}


def part_of(module: str) -> str:
    """``boardwright.games.gadgeteers.state`` -> ``games/gadgeteers``; ``boardwright`` -> ``__init__``;
    ``boardwright.cli.review`` -> ``cli``."""
    names = module.split(".")[1:]
    if not names:
        return "__init__"
    if names[0] == "games" and len(names) > 1:
        return f"games/{names[1]}"
    return names[0]


def imports_of(path: Path) -> set[str]:
    """The boardwright modules a file imports (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name == "__init__.py":
        package = package.rsplit(".", 1)[0]
    else:
        package = package.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("boardwright"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.startswith("boardwright"):
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names
                             if (ROOT / Path(*module.split("."), alias.name)).exists()
                             or (ROOT / Path(*module.split("."), f"{alias.name}.py")).exists())
    return found


def test_dependencies_point_one_way():
    """The engine never imports a game, games never import each other, and nothing imports the
    command line: each part imports only the parts below it."""
    wrong = []
    for path in sorted((ROOT / "boardwright").rglob("*.py")):
        here = part_of(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for module in imports_of(path):
            there = part_of(module)
            if there == here or (here.startswith("games/") and there == "games" and module == "boardwright.games"):
                continue
            allowed = ALLOWED.get(here.split("/")[0], set())
            if here.startswith("games/"):
                allowed = {"engine"}
            if there.split("/")[0] not in allowed:
                wrong.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_the_core_plays_and_draws_every_game_with_the_standard_library_only():
    """Without the extras (Rich, OpenSkill, the learning libraries): load every game, play a few
    moves, read views, events, breakdowns, catalogs, observations and the boards a terminal would
    draw."""
    script = """
import sys
for extra in ("rich", "openskill", "numpy", "gymnasium", "pettingzoo", "pyspiel"):
    sys.modules[extra] = None  # importing it now fails, as without the extra
import boardwright as bw
for game_id in bw.games():
    game = bw.load(game_id)
    state = game.new(players=game.min_players, seed=1)
    for _ in range(20):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    game.render(state.view(0))
    state.events(0), state.score_breakdown(), game.catalog(), game.rules_text()
    game.observer(game.min_players).encode(state.view(0))
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]

"""Each extra works alone: every command runs with the extras README.md names for it and no other,
and a command whose extra is missing says in one line which one to install (exit 2).

The fast tests run each command in a subprocess where the other extras' modules cannot be imported
(a ``sitecustomize`` on its path refuses them, in the server's bot workers too); the slow one builds
a fresh venv with ``pip install -e '.[web]'`` alone and serves from it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from services import ROOT, Server, sqlite_url
from webplay import wait_until

import boardwright as bw
from boardwright.cli import COMMANDS
from boardwright.engine import save_record

#: the module each distribution of an extra (pyproject.toml) installs, as a command would import it
MODULE_OF = {
    "rich": "rich", "openskill": "openskill", "numpy": "numpy", "gymnasium": "gymnasium",
    "pettingzoo": "pettingzoo", "open-spiel": "pyspiel", "scipy": "scipy", "matplotlib": "matplotlib",
    "ray": "ray", "psutil": "psutil", "starlette": "starlette", "uvicorn": "uvicorn", "sqlalchemy": "sqlalchemy",
    "alembic": "alembic", "psycopg": "psycopg", "pytest": "pytest", "pytest-xdist": "xdist", "pexpect": "pexpect",
    "hypothesis": "hypothesis", "ruff": "ruff", "mypy": "mypy", "httpx": "httpx", "websockets": "websockets",
    "playwright": "playwright", "argon2-cffi": "argon2", "aiosmtpd": "aiosmtpd",
    "sb3-contrib": "sb3_contrib", "torch": "torch", "dm-tree": "tree",
}
#: modules an extra brings with it that another extra names too (uvicorn[standard] installs websockets)
BROUGHT = {"web": {"websockets"}}

#: refuses to import the modules named in BLOCKED, as if their extras were not installed
BLOCKER = """
import sys

BLOCKED = frozenset({blocked!r})


class NotInstalled:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


for loaded in [name for name in sys.modules if name.partition(".")[0] in BLOCKED]:
    del sys.modules[loaded]
sys.meta_path.insert(0, NotInstalled())
"""


def extras_of_pyproject() -> dict[str, set[str]]:
    """Each extra of pyproject.toml (but ``all``) and the modules of the distributions it names."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    found: dict[str, set[str]] = {}
    for extra, requirements in extras.items():
        if extra == "all":
            continue
        names = [re.match(r"[A-Za-z0-9._-]+", requirement).group().lower() for requirement in requirements]
        found[extra] = {MODULE_OF[name] for name in names if name != "boardwright"}
    return found


def documented_extras() -> dict[str, set[str]]:
    """README.md's table of the extras each command needs (after ``<!-- extras-table -->``)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("<!-- extras-table -->", 1)[1].split("\n\n", 2)[1]
    needs: dict[str, set[str]] = {}
    for row in table.splitlines()[2:]:
        commands, extras = row.strip("|").split("|")
        for command in re.findall(r"`(\w+)`", commands):
            needs[command] = set(re.findall(r"`(\w+)`", extras))
    return needs


NEEDS = documented_extras()


def blocked_without(allowed: set[str]) -> set[str]:
    """The modules of every extra not in ``allowed``, but those an allowed extra installs too."""
    extras = extras_of_pyproject()
    kept = set().union(*(extras[extra] | BROUGHT.get(extra, set()) for extra in allowed))
    return set().union(*(modules for extra, modules in extras.items() if extra not in allowed)) - kept


def path_without(tmp_path: Path, blocked: set[str]) -> str:
    """A PYTHONPATH on which this checkout is found and the ``blocked`` modules are not."""
    folder = tmp_path / "blocker"
    folder.mkdir(exist_ok=True)
    (folder / "sitecustomize.py").write_text(BLOCKER.format(blocked=sorted(blocked)))
    return os.pathsep.join([str(folder), str(ROOT)])


def run(tmp_path: Path, blocked: set[str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "boardwright", *arguments], cwd=tmp_path, input="",
                          env={**os.environ, "PYTHONPATH": path_without(tmp_path, blocked)},
                          capture_output=True, text=True, timeout=120)


def saved_game(tmp_path: Path) -> str:
    """A record of a few moves of Gadgeteers, written by the core alone."""
    state = bw.load("gadgeteers").new(players=2, seed=3)
    for _ in range(6):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "game.json"
    save_record(state, path)
    return str(path)


def finished_game(tmp_path: Path) -> str:
    """A record of a whole game of Gadgeteers between the heuristic bots (for the review)."""
    from boardwright import agents

    state = bw.load("gadgeteers").new(players=2, seed=5)
    bot = agents.make("heuristic", seed=1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state, seat))
    path = tmp_path / "finished.json"
    save_record(state, path)
    return str(path)


def overlay_file(tmp_path: Path) -> str:
    """A Gadgeteers content file that changes one Gadget of the game's own."""
    path = tmp_path / "mine.toml"
    path.write_text('extends = "default"\n\n[[gadgets]]\nname = "Jumpboots"\npoints = 3\n')
    return str(path)


def empty_database(tmp_path: Path) -> str:
    """The URL of a server's database with no table yet, made as a server makes it."""
    from boardwright.web.storage import Storage

    path = tmp_path / "server.db"
    if not path.exists():
        storage = Storage(sqlite_url(path))
        storage.migrate()
        storage.close()
    return sqlite_url(path)


#: each command as a person would run it, and what its output shows when it worked
RUNS: dict[str, tuple[list[str], str]] = {
    "games": (["games"], "gadgeteers"),
    "options": (["options", "gadgeteers"], "alternate_tokens"),
    "rules": (["rules", "gadgeteers"], "quick reference"),
    "levels": (["levels", "gadgeteers"], "heuristic:noise=0.5"),
    "play": (["play", "gadgeteers", "--seats", "human,random", "--seed", "1"], "End of input"),
    "replay": (["replay", "{record}", "--seat", "0"], "seen by Seat 1 (--seat 0)"),
    "review": (["review", "{finished}", "--seat", "0", "--iterations", "20", "--out", "{out}"], "Mistakes"),
    "simulate": (["simulate", "gadgeteers", "-n", "2", "--seats", "random,random", "--json"], '"game": "gadgeteers"'),
    "tournament": (["tournament", "gadgeteers", "--seats", "random,heuristic", "-n", "2"], "rating"),
    "balance": (["balance", "gadgeteers", "-n", "2", "--seats", "random", "--out", "{out}"], "report"),
    "admin": (["admin", "--db", "{db}", "tables"], "no tables"),
    "content": (["content", "check", "{content}"], "a valid Gadgeteers content file"),
}


def test_the_docs_the_code_and_these_tests_name_the_same_extras():
    assert NEEDS, "README.md has no table of extras after <!-- extras-table -->"
    code = {command: set(extras) for command, (_, extras) in COMMANDS.items()}
    assert code == NEEDS, (code, NEEDS)
    assert set(RUNS) | {"serve"} == set(COMMANDS)
    assert set(extras_of_pyproject()) >= set().union(*NEEDS.values())
    blocked = blocked_without({"web"})
    assert {"rich", "numpy", "scipy", "pytest"} <= blocked and not blocked & {"uvicorn", "websockets"}, blocked


@pytest.mark.parametrize("command", sorted(RUNS))
def test_each_command_works_with_the_extras_its_docs_name_and_no_other(tmp_path, command):
    arguments, shows = RUNS[command]
    filled = [argument.format(record=saved_game(tmp_path), out=tmp_path / "report", db=empty_database(tmp_path),
                        finished=finished_game(tmp_path), content=overlay_file(tmp_path))
              for argument in arguments]
    done = run(tmp_path, blocked_without(NEEDS[command]), *filled)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert shows in done.stdout, done.stdout[-2000:]


@pytest.mark.parametrize(("command", "extra"), sorted((command, extra) for command in COMMANDS
                                                       for extra in NEEDS[command]))
def test_a_command_without_its_extra_names_the_extra_in_one_line(tmp_path, command, extra):
    arguments = ["serve", "--port", "1", "--db", f"sqlite:///{tmp_path / 'x.db'}"] if command == "serve" else [
        argument.format(record=saved_game(tmp_path), out=tmp_path / "report", db=empty_database(tmp_path),
                        finished=finished_game(tmp_path), content=overlay_file(tmp_path))
        for argument in RUNS[command][0]]
    done = run(tmp_path, extras_of_pyproject()[extra], *arguments)
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"{command} needs" in done.stderr and f"pip install 'boardwright[{extra}]'" in done.stderr, done.stderr
    assert not (tmp_path / "x.db").exists() and not (tmp_path / "report").exists()


def serves_a_table_with_a_bot(server: Server) -> None:
    """The server answers, its pages load, and a bot makes a move in a worker process."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"{server.url}/", timeout=10) as page:
        assert page.status == 200 and b"<html" in page.read()
    request = urllib.request.Request(f"{server.url}/api/tables", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"game": "gadgeteers", "seats": ["heuristic", "human"]}).encode())
    with opener.open(request, timeout=10) as answer:
        table = json.load(answer)["table"]

    def moved() -> Any:
        with opener.open(f"{server.url}/api/tables/{table}", timeout=10) as answer:
            return json.load(answer)["version"] >= 1

    wait_until(moved, 60, "the bot's first move")


def test_the_readme_hosts_the_tables_with_the_web_extra_and_says_where_the_data_lives(monkeypatch, tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    command = text.split("<!-- serve-command -->", 1)[1].split("```sh\n", 1)[1].split("\n", 1)[0]
    assert "pip install -q -e '.[web]'" in command and command.endswith("boardwright serve"), command
    after = text.split("<!-- serve-command -->", 1)[1].split("<!-- test-command -->", 1)[0]
    assert "BOARDWRIGHT_DATA" in after and "boardwright.db" in after, after
    from boardwright.web.server import default_db

    monkeypatch.setenv("BOARDWRIGHT_DATA", str(tmp_path))
    assert default_db() == f"sqlite:///{tmp_path / 'boardwright.db'}"


def test_serve_runs_with_the_web_extra_alone_its_bots_included(start_server, tmp_path):
    server = start_server(args=("--workers", "1"), env={"PYTHONPATH": path_without(tmp_path, blocked_without({"web"}))})
    serves_a_table_with_a_bot(server)
    assert "Traceback" not in server.log(), server.log()


class VenvServer(Server):
    """``boardwright serve`` as the console script of a venv installs it."""

    def __init__(self, venv: Path, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.venv = venv

    @property
    def command(self) -> list[str]:
        return [str(self.venv / "bin" / "boardwright"), *super().command[3:]]


@pytest.mark.slow
def test_a_fresh_venv_with_only_the_web_extra_serves(tmp_path):
    """``pip install -e '.[web]'`` in a new venv (from a copy of this checkout), then
    ``boardwright serve`` until it answers and its bot moves: nothing else is installed."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "boardwright", source / "boardwright", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    installed = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "-e", f"{source}[web]"],
                               capture_output=True, text=True, timeout=900)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    present = subprocess.run([str(venv / "bin" / "python"), "-c", "import importlib.util as u; print("
                              "[m for m in ('rich', 'numpy', 'scipy', 'pytest') if u.find_spec(m)])"],
                             capture_output=True, text=True, timeout=60)
    assert present.stdout.strip() == "[]", present.stdout + present.stderr
    server = VenvServer(venv, sqlite_url(tmp_path / "boardwright.db"), workdir=tmp_path / "server",
                        args=("--workers", "1"), env={"PYTHONPATH": ""}, ready_timeout=60)
    try:
        server.start()
        serves_a_table_with_a_bot(server)
    finally:
        if server.process is not None:
            server.stop()
        print(server.log())
    games = subprocess.run([str(venv / "bin" / "boardwright"), "games"], capture_output=True, text=True, timeout=60)
    assert games.returncode == 0 and "gadgeteers" in games.stdout, games.stderr  # plain text without Rich
    play = subprocess.run([str(venv / "bin" / "boardwright"), "play", "gadgeteers"], capture_output=True, text=True,
                          timeout=60)
    assert play.returncode == 2 and "pip install 'boardwright[cli]'" in play.stderr, play.stderr

"""What the table-page benchmarks (table_screens.py, table_clicks.py) share: a real server whose
tables are dealt from seeds the script chooses, tables played by the heuristic bots through the
API, and Debian's Chromium with the page's action requests watched.

The server deals every table from a random seed; a benchmark wants the same games on every run
(before and after a change to the page), so it runs ``boardwright serve`` under a small wrapper
that takes the seed of the next table from a file this process writes before creating it. Nothing
else about the server changes. A local copy of the game (``Table.mirror``, dealt from the same
seed) follows every move, so the bots choose on the real state and the figures can be checked
against the server's.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's code, as the server it starts runs

import browser as harness  # noqa: E402  (tests/browser.py: viewports and the API calls)
from services import CHROMIUM, CHROMIUM_ARGS, Server, sqlite_url  # noqa: E402

import boardwright as bw  # noqa: E402
from boardwright import agents  # noqa: E402
from boardwright.sim import agent_seed  # noqa: E402

DESKTOP, PHONE = harness.DESKTOP, harness.PHONE

#: ``boardwright serve`` whose tables are dealt from the seed in the file $BENCH_SEED_FILE
SEEDED_SERVE = """
import os, runpy, secrets, sys, types
from pathlib import Path
import boardwright.web.tables as tables
seed_file = Path(os.environ["BENCH_SEED_FILE"])
tables.secrets = types.SimpleNamespace(token_urlsafe=secrets.token_urlsafe,
                                       randbits=lambda bits: int(seed_file.read_text()))
sys.argv = ["boardwright", *sys.argv[1:]]
runpy.run_module("boardwright", run_name="__main__", alter_sys=True)
"""

#: Counts the page's action requests (``window.__bench``): how many were sent and answered, the
#: actions the server applied (with the version each answer carried), and the ones refused here
#: because they were not the decision being clicked (``want``) — such a request never reaches the
#: server, so a wrong path leaves the table as it was.
WATCH_ACTIONS = """
(() => {
  const send = window.fetch.bind(window);
  const bench = { sent: 0, answered: 0, applied: [], refused: [], want: null };
  window.__bench = bench;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input.url, location.href);
    if (!init || init.method !== "POST" || !url.pathname.endsWith("/actions")) return send(input, init);
    const body = JSON.parse(init.body);
    bench.sent += 1;
    try {
      if (bench.want !== null && !bench.applied.length && body.action !== bench.want) {
        bench.refused.push(body.action);
        return new Response(JSON.stringify({ error: "not the decision being measured" }),
          { status: 409, headers: { "Content-Type": "application/json" } });
      }
      const answer = await send(input, init);
      const data = await answer.clone().json().catch(() => null);
      if (answer.status === 200) bench.applied.push({ action: body.action, version: data ? data.version : null });
      return answer;
    } finally {
      bench.answered += 1;
    }
  };
})();
"""


class SeededServer(Server):
    """The real server, every table dealt from the seed written to ``seed_file`` before it is made."""

    def __init__(self, workdir: Path) -> None:
        self.seed_file = workdir / "next-seed"
        self.seed_file.write_text("0")
        super().__init__(sqlite_url(workdir / "bench.db"), workdir=workdir,
                         args=("--rate-limit", "0", "--max-tables-per-address", "0", "--workers", "1"),
                         env={"BENCH_SEED_FILE": str(self.seed_file)})

    @property
    def command(self) -> list[str]:
        return [self.python, "-c", SEEDED_SERVE, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--db", self.db, *self.args]


class Table:
    """A table of people (every seat "human") on the server, dealt from ``seed``, with a local copy
    of the game that follows its moves and the heuristic bot of each seat to choose them."""

    def __init__(self, server: SeededServer, game: str, players: int, seed: int) -> None:
        server.seed_file.write_text(str(seed))
        made = harness.new_table(server, game, ["human"] * players)
        self.server, self.game, self.players, self.seed = server, game, players, seed
        self.made = made
        self.urls = [seat["url"] for seat in made["seats"]]
        self.mirror = bw.load(game).new(players=players, seed=seed)
        self.bots = [agents.make("heuristic", seed=agent_seed(seed, seat)) for seat in range(players)]
        self.version = harness.state(server, made)["version"]
        self.moves = 0  # the moves applied so far

    def seat_to_act(self) -> int:
        return self.mirror.to_act[0]

    def choose(self, seat: int) -> str:
        """The decision the seat's heuristic bot makes here, as its action text."""
        return str(self.bots[seat].choose(self.mirror, seat))

    def follow(self, seat: int, action: str, version: int | None = None) -> None:
        """A move the server applied: the local copy applies it too."""
        self.mirror.apply(seat, action)
        self.moves += 1
        if version is not None:
            self.version = version

    def act(self, seat: int, action: str) -> None:
        """A move through the API (not through a page)."""
        answer = harness.act(self.server, self.made, seat, action)
        self.follow(seat, action, answer["version"])

    def play_bots(self, until: Any = lambda table: False) -> None:
        """The bots' moves through the API until the game ends or ``until(self)`` holds."""
        while not self.mirror.is_over and not until(self):
            seat = self.seat_to_act()
            self.act(seat, self.choose(seat))

    def check_scores(self) -> None:
        """The server's scores are the local copy's: the same game was played on both."""
        told = harness.state(self.server, self.made)["breakdown"]
        assert [entry["total"] for entry in told] == list(self.mirror.scores()), (told, self.mirror.scores())


def decisions_in_game(game: str, players: int, seed: int) -> int:
    """How many moves the heuristic bots make in the whole game from this seed."""
    state = bw.load(game).new(players=players, seed=seed)
    bots = [agents.make("heuristic", seed=agent_seed(seed, seat)) for seat in range(players)]
    moves = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
        moves += 1
    return moves


@contextlib.contextmanager
def server_and_browser() -> Iterator[tuple[SeededServer, Any]]:
    """A seeded server on a fresh database and a headless Chromium; both stopped on the way out."""
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bw-bench-") as work:
        server = SeededServer(Path(work))
        with server, sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                yield server, chromium
            finally:
                chromium.close()


class Page:
    """One seat's table page in its own browser context, its script errors collected."""

    def __init__(self, chromium: Any, url: str, viewport: dict[str, int], before: str = "") -> None:
        """``before``: a script run in the page before its own (e.g. a setting the person chose)."""
        self.context = chromium.new_context(viewport=viewport)
        self.context.set_default_timeout(15_000)
        self.context.add_init_script(WATCH_ACTIONS + before)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.on("console", lambda message: self.errors.append(f"console.error: {message.text}")
                     if message.type == "error" and not message.text.startswith("Failed to load resource") else None)
        self.page.goto(url)
        self.wait_version(0)

    def wait_version(self, version: int, mine: bool = False) -> None:
        """Until the page has drawn the table at ``version`` or later (and, with ``mine``, says the
        seat decides now)."""
        self.page.wait_for_function(
            """([version, mine]) => document.body.dataset.version !== undefined
                && Number(document.body.dataset.version) >= version
                && (!mine || document.body.dataset.myTurn === "1")""", arg=[version, mine], timeout=30_000)

    def close(self) -> None:
        self.context.close()

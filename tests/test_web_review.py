"""Reviews over a real server (``GET /api/tables/{table}/review``): once the game is over, the
search's review of a seat, thought on a bot worker with its progress told (202) until it is done
(200); seeded and reproducible by simulations; thought once, kept in the database across a
restart (and for every server of a PostgreSQL database) and deleted with its table; its CPU taken
from the table's and the asker's bot budgets; at most ``--reviews`` at once; a review that overruns
its deadline has its worker killed (503), one too long is not kept; the flags bounded at the start.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from services import ROOT, run_apart, sqlite_url
from sqlalchemy import func, select
from test_web_protocol import one_line_error
from webplay import NO_EVENTS, act, client, create, get, tokens, wait_until

import boardwright as bw
from boardwright import agents
from boardwright.engine.rng import derive_seed
from boardwright.web.bots import HINT_SPEC, REVIEW, Bots, Move
from boardwright.web.limits import Limits
from boardwright.web.reviews import DECISION_FIELDS, MISTAKE_FIELDS, REVIEW_FIELDS, WAITING_PER_SLOT
from boardwright.web.schema import reviews
from boardwright.web.storage import Row, Storage

#: a short game: two players of Game Development last a few dozen decisions each
GAME = "game-development"
#: a tiny budget per decision: reproducible (simulations) and well inside the deadline (time)
FLAGS = ("--rate-limit", "0", "--workers", "1", "--review-iterations", "40", "--review-time", "1")
STARTED = "a review of seat 0 started"


def ask(http: httpx.Client, table: str, token: str | None = None, **params: Any) -> httpx.Response:
    if token is not None:
        params["token"] = token
    return http.get(f"/api/tables/{table}/review", params=params)


def play_out(http: httpx.Client, table: str, token: str, seat: int = 0) -> dict[str, Any]:
    """Play ``seat``'s first legal action whenever it is to act, until the game is over; the
    spectator's last message."""
    def over() -> dict[str, Any] | None:
        mine = get(http, table, token, since=NO_EVENTS)
        if mine["is_over"]:
            return mine
        if seat in mine["to_act"] and mine["legal_actions"]:
            act(http, table, token, mine["legal_actions"][0], mine["version"])
        return None
    return wait_until(over, 60, "the end of the game", pause=0.01)


def bots_game(http: httpx.Client) -> str:
    """A finished two-player game of random bots (no seat has a token: a review names its seat)."""
    table = create(http, GAME, ["random", "random"])["table"]
    wait_until(lambda: get(http, table, since=NO_EVENTS)["is_over"], 60, "the end of a bots' game")
    return table


def finished_table(http: httpx.Client) -> tuple[str, str]:
    """A finished two-player game of a person (seat 0, with its token) and a random bot."""
    made = create(http, GAME, ["human", "random"])
    token = tokens(made)[0]
    play_out(http, made["table"], token)
    return made["table"], token


def done(http: httpx.Client, table: str, token: str | None = None, **params: Any) -> list[httpx.Response]:
    """Ask until the review is done: every answer, the 200 last."""
    answers: list[httpx.Response] = []

    def answered() -> bool:
        answers.append(ask(http, table, token, **params))
        assert answers[-1].status_code in (200, 202), answers[-1].text
        return answers[-1].status_code == 200
    wait_until(answered, 90, "the review", pause=0.05)
    return answers


def test_a_review_is_for_a_finished_game_and_a_seat(start_server):
    server = start_server(args=FLAGS)
    with client(server) as http:
        made = create(http, GAME, ["human", "random"])
        table, token = made["table"], tokens(made)[0]
        one_line_error(ask(http, table, token), 409, "once it is over")
        one_line_error(ask(http, table, seat=1), 409, "once it is over")
        play_out(http, table, token)
        one_line_error(ask(http, table), 403, "a review is of a seat")
        one_line_error(ask(http, table, "not a token"), 403, "token")
        one_line_error(ask(http, table, seat=2), 422, "0 to 1")
        one_line_error(ask(http, table, seat="x"), 422, "seat")
        one_line_error(ask(http, "nosuchtable", token), 404, "no table")
    assert "review of seat" not in server.log(), "a refused ask started a review"


def test_a_review_tells_its_progress_then_answers_the_review_thought_once(start_server):
    server = start_server(args=FLAGS)
    with client(server, timeout=30) as http:
        table = bots_game(http)
        answers = done(http, table, seat=0)  # anybody may ask for the review of a named seat once the game is over
        again = ask(http, table, seat=0)  # the kept review, not a new one
        record = http.get(f"/api/tables/{table}/record").json()
    progress = [answer.json() for answer in answers[:-1]]
    assert progress and progress[0]["status"] in ("waiting", "thinking"), progress
    for told in progress:
        assert set(told) == {"status", "table", "seat", "done", "total", "elapsed"}, told
        assert (told["table"], told["seat"]) == (table, 0)
    review = answers[-1].json()
    assert set(review) == set(REVIEW_FIELDS), review.keys()
    assert (review["status"], review["table"], review["seat"], review["game"]) == ("done", table, 0, GAME)
    assert (review["time"], review["iterations"]) == (1.0, 40)
    total = len(review["decisions"])
    assert total > 5
    assert any(told["status"] == "thinking" and told["total"] == total and 0 < told["done"] < total
               for told in progress), progress  # the worker told its progress while it thought
    for decision in review["decisions"]:
        assert set(decision) == set(DECISION_FIELDS), decision
    assert review["mistakes"] and len(review["mistakes"]) <= 5
    for mistake in review["mistakes"]:
        assert set(mistake) == set(MISTAKE_FIELDS) and mistake["why"] and mistake["drop"] > 0, mistake
    assert review["series"] == [decision["win"] for decision in review["decisions"]]
    assert again.status_code == 200 and again.json() == review
    assert server.log().count(STARTED) == 1, "asking again started a second review"
    assert "the review of seat 0 took" in server.log()
    # seeded from the table's seed and the seat, by simulations: the library's review of the record
    library = agents.review(record, 0, iterations=40, seed=derive_seed(record["seed"], "review/0"))
    assert review["decisions"] == [{name: decision[name] for name in DECISION_FIELDS}
                                   for decision in library["decisions"]]


def test_asks_while_a_review_is_thought_share_it(start_server):
    server = start_server(args=FLAGS)
    with client(server, timeout=30) as http:
        table, token = finished_table(http)
        first = ask(http, table, token)
        second = ask(http, table, seat=0)
        assert (first.status_code, second.status_code) == (202, 202), (first.text, second.text)
        done(http, table, token)
    assert server.log().count(STARTED) == 1, "a second ask started a second review"


def test_a_review_is_kept_across_a_restart_and_deleted_with_its_table(start_server):
    server = start_server(args=FLAGS)
    with client(server, timeout=30) as http:
        table, token = finished_table(http)
        review = done(http, table, token)[-1].json()
    server.stop()
    server.restart()
    with client(server, timeout=30) as http:
        kept = ask(http, table, token)
    assert kept.status_code == 200 and kept.json() == review
    assert server.log().count(STARTED) == 1, "the restarted server thought the review again"
    server.stop()
    storage = Storage(server.db)
    try:
        def stored() -> int:
            with storage.engine.connect() as connection:
                return int(connection.execute(select(func.count()).select_from(reviews)
                                              .where(reviews.c.table_id == table)).scalar_one())
        assert stored() == 1
        storage.delete_table(table)  # what `boardwright admin delete` does
        assert stored() == 0
    finally:
        storage.close()


def test_a_review_thought_by_one_server_is_read_by_another_on_postgres(postgres_db, start_server):
    first = start_server(db=postgres_db, args=FLAGS)
    second = start_server(db=postgres_db, args=FLAGS)
    with client(first, timeout=30) as http:
        table, token = finished_table(http)
        review = done(http, table, token)[-1].json()
    with client(second, timeout=30) as http:
        kept = ask(http, table, token)
    assert kept.status_code == 200 and kept.json() == review
    assert STARTED not in second.log(), "the second server thought the review again"


def test_a_review_on_a_worker_tells_its_progress_and_is_charged_to_the_table_and_the_asker():
    state = bw.load(GAME).new(players=2, seed=5)
    rows: list[Row] = []
    picks = random.Random(5)
    while not state.is_over:
        seat = state.to_act[0]
        text = str(picks.choice(state.legal_actions(seat)))
        state.apply(seat, text)
        rows.append(Row(len(rows) + 1, seat, "act", text))
    burst = 60.0
    heard: list[tuple[int, int]] = []

    async def review() -> tuple[Any, list[float]]:
        bots = Bots(workers=1, limits=Limits(bot_cpu_table=0.001, bot_cpu_address=0.001, bot_cpu_burst=burst))
        try:
            answer = await bots.move(Move("table1", "asker", state, rows, len(rows), 0, HINT_SPEC, 7, 0.5, ask=REVIEW,
                                          iterations=30, progress=lambda done, total: heard.append((done, total))))
            budgets = bots.budgets
            return answer, [budgets.tables.level("table1"), budgets.addresses.level("asker"),
                            budgets.tables.level("table2"), budgets.addresses.level("another")]
        finally:
            await bots.close()
    answer, levels = run_apart(review)
    total = len(answer["decisions"])
    assert total > 5 and heard == [(done, total) for done in range(1, total + 1)]
    assert levels[2] == levels[3] == burst  # nobody else paid
    assert levels[0] < burst - 0.05 and levels[1] < burst - 0.05, levels  # the review's CPU, taken from both


STUBBORN_REVIEW = '''
import os
import time

from boardwright import agents


def stubborn_review(state, seat, progress=None, **budget):
    progress(1, 2)  # two decisions: the deadline is twice the time of each, and the grace
    while not os.path.exists(os.environ["REVIEW_GO"]):
        time.sleep(0.02)
    if os.environ.get("REVIEW_STUBBORN"):
        while True:  # thinks forever, whatever time it is given
            pass
    decisions = []
    if os.environ.get("REVIEW_HUGE"):  # a review past the size the server keeps (within a worker's answer)
        decisions = [{"number": 1, "chosen": "x" * 600_000, "win": 0.5, "best": "y", "best_win": 0.5, "drop": 0.0}]
    return {"game": state.game.id, "seat": seat, "decisions": decisions, "mistakes": [],
            "series": [0.5] * len(decisions), "iterations": 0}


agents.review = stubborn_review
'''


def stub_server(start_server: Any, tmp_path: Path, *args: str, stubborn: bool = False,
                huge: bool = False) -> tuple[Any, Path]:
    """A server whose workers review with :data:`STUBBORN_REVIEW`: each waits for the file it
    returns before it answers (or, ``stubborn``, thinks forever once it is there; ``huge``,
    answers a review too long to keep)."""
    folder = tmp_path / "plugin"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(STUBBORN_REVIEW)
    go = tmp_path / "go"
    env = {"PYTHONPATH": os.pathsep.join([str(ROOT), str(folder)]), "REVIEW_GO": str(go)}
    if stubborn:
        env["REVIEW_STUBBORN"] = "1"
    if huge:
        env["REVIEW_HUGE"] = "1"
    return start_server(args=("--rate-limit", "0", *args), env=env), go


def test_a_review_that_overruns_its_deadline_has_its_worker_killed_and_answers_503(start_server, tmp_path):
    server, go = stub_server(start_server, tmp_path, "--workers", "1", "--review-time", "0.5", stubborn=True)
    go.touch()
    with client(server, timeout=30) as http:
        table = bots_game(http)
        started = time.monotonic()
        assert ask(http, table, seat=0).status_code == 202

        def refused() -> httpx.Response | None:
            answer = ask(http, table, seat=0)
            return answer if answer.status_code != 202 else None
        answer = wait_until(refused, 30, "the end of the review", pause=0.05)
        waited = time.monotonic() - started
        one_line_error(answer, 503, "could not be thought in its time")
        assert 1 <= int(answer.headers["Retry-After"]) <= 60
        assert 4.5 <= waited < 20, waited  # twice 0.5 s for each of two decisions, 3 s of grace (a worker's start)
        wait_until(lambda: "a review for seat 0 overran its deadline" in server.log(), 5, "the log line")
        # the next bot move has a new worker
        bot = create(http, GAME, ["random", "random"])
        wait_until(lambda: get(http, bot["table"], since=NO_EVENTS)["version"] > 0, 30, "a new worker's move")
        assert ask(http, table, seat=0).status_code == 202  # told once: asking again starts it anew


def test_a_review_longer_than_the_server_keeps_is_refused_and_not_stored(start_server, tmp_path):
    server, go = stub_server(start_server, tmp_path, "--workers", "1", huge=True)
    go.touch()
    with client(server, timeout=30) as http:
        table = bots_game(http)
        assert ask(http, table, seat=0).status_code == 202

        def refused() -> httpx.Response | None:
            answer = ask(http, table, seat=0)
            return answer if answer.status_code != 202 else None
        one_line_error(wait_until(refused, 30, "the end of the review"), 503, "longer than the server keeps")
    server.stop()
    storage = Storage(server.db)
    try:
        with storage.engine.connect() as connection:
            assert connection.execute(select(func.count()).select_from(reviews)).scalar_one() == 0
    finally:
        storage.close()


def test_at_most_reviews_at_once_and_a_bounded_queue(start_server, tmp_path):
    server, go = stub_server(start_server, tmp_path, "--workers", "2", "--reviews", "1", "--review-time", "10",
                             "--max-tables-per-address", "0")
    keys: list[tuple[str, int]] = []
    with client(server, timeout=30) as http:
        while len(keys) < WAITING_PER_SLOT + 2:
            table = bots_game(http)
            keys += [(table, 0), (table, 1)]
        answers = [ask(http, table, seat=seat) for table, seat in keys[:WAITING_PER_SLOT + 1]]
        assert [answer.status_code for answer in answers] == [202] * (WAITING_PER_SLOT + 1)
        wait_until(lambda: ask(http, keys[0][0], seat=keys[0][1]).json()["status"] == "thinking", 30,
                   "the first review to be thought")
        statuses = [ask(http, table, seat=seat).json()["status"] for table, seat in keys[1:WAITING_PER_SLOT + 1]]
        assert statuses == ["waiting"] * WAITING_PER_SLOT, statuses  # one at a time, whatever the free workers
        refused = ask(http, keys[-1][0], seat=keys[-1][1])
        one_line_error(refused, 503, "busy with other reviews")
        assert int(refused.headers["Retry-After"]) > 0
        go.touch()
        for table, seat in keys[:WAITING_PER_SLOT + 1]:
            assert done(http, table, seat=seat)[-1].json()["decisions"] == []
        assert ask(http, keys[-1][0], seat=keys[-1][1]).status_code == 202  # room again


@pytest.mark.parametrize(("flag", "value", "says"), [("--review-time", "0", "--review-time is 0.05 to 10, not 0"),
                                                     ("--review-time", "60", "--review-time is 0.05 to 10, not 60"),
                                                     ("--reviews", "0", "--reviews is 1 to 64, not 0"),
                                                     ("--review-iterations", "-1",
                                                      "--review-iterations is 0 to 100000, not -1")])
def test_review_flags_out_of_their_range_are_refused_at_the_start(tmp_path: Path, flag, value, says):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ran = subprocess.run([sys.executable, "-m", "boardwright", "serve", "--db", sqlite_url(tmp_path / "x.db"),
                          "--port", "1", flag, value], capture_output=True, text=True, env=env, timeout=60)
    assert ran.returncode == 2, (ran.returncode, ran.stderr)
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], ran.stderr


"""Nothing hidden leaves the server: whole games of each game played over its HTTP API and its
WebSockets at once, every message each seat received held against the record published at the end
(tests/webleaks.py says what is checked)."""

from __future__ import annotations

import random

import pytest
from webleaks import Checked, Table, check_table, play_to_end, wait_logged

import boardwright as bw


def whole_game(server, game: str, seats: list[str], options: dict | None = None, seed: int = 1) -> Checked:
    """Play a table of ``seats`` to the end with every human seat and a spectator watching, then check
    every message (`check_table`), and that no token reached the server's log. The record and the
    replay are refused until the end (they would give the seed away); after it, the record replays
    to the scores the table ended with (`check_table`), and the lobby lists the table as finished
    with no secret."""
    table = Table(server, game, seats, options)
    try:
        for refused in (table.record(), table.http.get(f"/api/tables/{table.id}/replay")):
            assert refused.status_code == 403 and "over" in refused.json()["error"], refused.text
        for seat in table.humans:
            table.watch(seat)
        table.watch(None)
        final = play_to_end(table, random.Random(seed))
        checked = check_table(table, final)
        assert checked.end.scores() == final["scores"] and checked.messages > final["version"]
        assert table.http.get(f"/api/tables/{table.id}/replay", params={"step": 1, "seat": 0}).status_code == 200
        lobby = table.http.get("/api/tables")
        row = next(row for row in lobby.json() if row["id"] == table.id)
        assert set(row) == {"id", "game", "players", "created", "finished", "open"} and row["finished"]
        assert str(checked.end.seed) not in lobby.text and not any(secret in lobby.text for secret in table.secrets())
    finally:
        table.close()
    log = wait_logged(server, table.id, len(table.watches))
    assert table.id in log
    for secret in table.secrets():
        assert secret not in log, "a token was logged"
    return checked


def test_gadgeteers_whole_game_leaks_nothing(shared_server):
    whole_game(shared_server, "gadgeteers", ["human", "heuristic"])


def test_game_development_whole_game_leaks_nothing(shared_server):
    whole_game(shared_server, "game-development", ["human", "heuristic"])


def test_makers_of_universe_whole_game_leaks_nothing(shared_server):
    checked = whole_game(shared_server, "makers-of-universe", ["human", "human", "heuristic"], {"max_rounds": 3})
    assert checked.sealed, "no message was sent while another seat's bid was sealed"


def test_game_makers_whole_game_leaks_nothing(shared_server):
    whole_game(shared_server, "the-game-makers", ["heuristic", "human"], {"max_turns": 6})


SWEEP = [
    ("gadgeteers", ["human", "human", "heuristic"], {}),
    ("gadgeteers", ["heuristic", "human", "human"], {"alternate_tokens": True}),
    ("game-development", ["human", "human", "heuristic"], {}),
    ("game-development", ["heuristic", "human"], {"draw": "refill"}),
    ("makers-of-universe", ["human", "heuristic", "human"], {}),
    ("makers-of-universe", ["heuristic", "human", "random"], {}),
    ("the-game-makers", ["human", "heuristic"], {}),
    ("the-game-makers", ["human", "human", "heuristic"], {"structures": "draft", "max_turns": 12}),
]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
@pytest.mark.parametrize(("game", "seats", "options"), SWEEP, ids=lambda value: str(value))
def test_whole_games_sweep(shared_server, game, seats, options, seed):
    whole_game(shared_server, game, seats, options, seed)


def test_the_rule_checks_know_every_game():
    from webleaks import RULE_CHECKS
    assert sorted(RULE_CHECKS) == sorted(bw.games())

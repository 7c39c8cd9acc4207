"""Ratings: an OpenSkill rating per game and player count for every account and every bot level,
moved once when a rated table's game ends; the leaderboards and the players' profiles built on them.

The model is OpenSkill's Plackett-Luce with the library's defaults: a newcomer starts at
mu 25, sigma 25/3; beta (the spread of one performance) 25/6; tau (the uncertainty added before
each game, so that a rating can move again) 25/300; kappa (the floor of a variance) 0.0001. The
value shown is the ordinal, mu - 3 sigma: a rating one is very likely to deserve, 0 for a newcomer.

A table is rated when its game ends if every seat played by a person belongs to an account, no
seat was handed to a bot after the start (``tables.handed``), no account holds two seats, and at
least two distinct subjects sat at it. A subject is ``account:<id>`` for a person and
``bot:<spec>`` for a bot (``bot:hard`` for a level, ``bot:heuristic``): a bot is rated from the same games. Two seats
of one bot level are rated each as a player of its own from the level's rating, and the level
then takes the mean of the two outcomes. Places come from the result: the winners share place 1,
the others follow by score, equal scores sharing a place.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anyio.to_thread
from openskill.models import PlackettLuce

import boardwright as bw
from boardwright.engine.state import State

from .live import Live
from .protocol import HUMAN, BadRequest
from .storage import Storage

log = logging.getLogger("boardwright.web")

#: the rating model (OpenSkill's defaults: see the module's text)
MODEL = PlackettLuce()
ACCOUNT, BOT = "account:", "bot:"
#: the most entries a leaderboard answer holds, and how many unless the client asks for fewer
MOST_LEADERS, LEADERS = 100, 50
#: the lines of rating history and the finished tables a profile shows
HISTORY, RECENT_TABLES = 500, 20


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown for ``(mu, sigma)``: mu - 3 sigma."""
    return mu - 3 * sigma


def places(state: State) -> list[int]:
    """Each seat's place in a finished game: winners 1, then by score (equal scores share a place;
    a place after a tie skips as many as tied)."""
    winners, scores = set(state.winners()), state.scores()
    key = [(seat not in winners, -score) for seat, score in enumerate(scores)]
    return [1 + sum(1 for other in key if other < mine) for mine in key]


def subjects(seat_rows: Sequence[dict[str, Any]]) -> list[str] | None:
    """The subject rated for each seat (its controller at the end: a rated table never changed
    hands), or ``None`` when the table may not be rated: a guest's seat, one account at two
    seats, or fewer than two distinct subjects."""
    found: list[str] = []
    for row in seat_rows:
        controller = row["bot"] or row["kind"]
        if controller != HUMAN:
            found.append(BOT + controller)
        elif row["account_id"] is None:
            return None
        else:
            found.append(f"{ACCOUNT}{row['account_id']}")
    people = [subject for subject in found if subject.startswith(ACCOUNT)]
    if len(set(people)) != len(people) or len(set(found)) < 2:
        return None
    return found


def new_ratings(current: dict[str, tuple[float, float]], seat_subjects: Sequence[str],
                seat_places: Sequence[int]) -> dict[str, tuple[float, float, bool]]:
    """Each subject's ``(mu, sigma, won)`` after the game: every seat a team of one rated from its
    subject's current rating (a newcomer's from the model's start), the places as ranks; a subject
    at several seats takes the mean of their outcomes, and won if any of them did."""
    teams = [[MODEL.rating(*current[subject]) if subject in current else MODEL.rating()]
             for subject in seat_subjects]
    rated = MODEL.rate(teams, ranks=list(seat_places))
    outcomes: dict[str, list[tuple[float, float, bool]]] = {}
    for subject, team, place in zip(seat_subjects, rated, seat_places, strict=True):
        outcomes.setdefault(subject, []).append((team[0].mu, team[0].sigma, place == 1))
    return {subject: (sum(mu for mu, _, _ in seen) / len(seen), sum(sigma for _, sigma, _ in seen) / len(seen),
                      any(won for _, _, won in seen))
            for subject, seen in outcomes.items()}


def settle(storage: Storage, table_id: str, game: str, seat_places: list[int]) -> bool:
    """What follows the end of a game, in a worker thread: keep each seat's place, and rate the
    table if it is rated (once, whoever else tries at the same moment). Whether it was rated now."""
    storage.keep_places(table_id, seat_places)
    seat_subjects = subjects(storage.seats_of(table_id))
    if seat_subjects is None:
        return False
    rated = storage.rate_table(table_id, game, len(seat_places), sorted(set(seat_subjects)),
                               lambda current: new_ratings(current, seat_subjects, seat_places))
    if rated is not None:
        log.info("table %s rated: %s", table_id, ", ".join(
            f"{subject} {ordinal(mu, sigma):.1f}" for subject, (mu, sigma, _) in sorted(rated.items())))
    return rated is not None


def end_hook(storage: Storage) -> Callable[[Live], Awaitable[None]]:
    """The hub's hook (:attr:`.tables.Hub.end_hooks`) that settles a table whose game ended."""
    async def rate_ended(live: Live) -> None:
        state = live.state
        await anyio.to_thread.run_sync(settle, storage, live.id, state.game.id, places(state))
    return rate_ended


# ---------------------------------------------------------------------- what the pages read
def shown(subject: str, username: str | None) -> dict[str, Any]:
    """How a subject is named: ``{"name", "bot"}``, the username and ``None``, or the bot's
    level as both (a bot is marked as one)."""
    if subject.startswith(BOT):
        return {"name": subject[len(BOT):], "bot": subject[len(BOT):]}
    return {"name": username, "bot": None}


def figures(mu: float, sigma: float) -> dict[str, float]:
    return {"rating": round(ordinal(mu, sigma), 2), "mu": round(mu, 3), "sigma": round(sigma, 3)}


def check_group(game_id: str, players_text: str | None) -> tuple[str, int]:
    """A leaderboard's game (404 when unknown) and player count (the game's fewest when not given)."""
    if game_id not in bw.games():
        raise BadRequest(404, f"there is no game {game_id[:40]!r} (GET /api/games lists them)")
    game = bw.load(game_id)
    if players_text is None:
        return game_id, game.min_players
    if not players_text.isascii() or not players_text.isdigit() or len(players_text) > 2 or not (
            game.min_players <= int(players_text) <= game.max_players):
        raise BadRequest(422, f"'players' is a player count of {game_id}: {game.min_players} to {game.max_players}")
    return game_id, int(players_text)


def check_limit(text: str | None) -> int:
    if text is None:
        return LEADERS
    if not text.isascii() or not text.isdigit() or not 1 <= int(text[:4]) <= MOST_LEADERS:
        raise BadRequest(422, f"'limit' is a whole number from 1 to {MOST_LEADERS}")
    return int(text)


def leaderboard(storage: Storage, game: str, players: int, limit: int) -> dict[str, Any]:
    """The leaderboard of a group: its best ratings, highest first (see :meth:`Storage.leaderboard`)."""
    entries = []
    for place, row in enumerate(storage.leaderboard(game, players, limit), start=1):
        entries.append({"place": place, **shown(row["subject"], row["username"]),
                        **figures(row["mu"], row["sigma"]), "games": row["games"], "wins": row["wins"]})
    return {"game": game, "players": players, "entries": entries}


def profile(storage: Storage, username: str, base_url: str = "") -> dict[str, Any]:
    """A person's profile: per game and player count their rating, games, wins and rating history
    (a point after each rated game), and their newest finished tables with their result and replay.
    404 for a username no account (or only a disabled one) has."""
    # usernames are compared case-folded (accounts.username_key)
    account = storage.account_named(username.casefold()) if len(username) <= 32 else None
    if account is None:
        raise BadRequest(404, f"there is no player {username[:40]!r}")
    groups, history = storage.ratings_of(f"{ACCOUNT}{account['id']}", HISTORY)
    ratings = []
    for group in groups:
        points = [{"table": line["table_id"], "at": line["created"], "won": line["won"],
                   **figures(line["mu"], line["sigma"])}
                  for line in history if (line["game"], line["players"]) == (group["game"], group["players"])]
        ratings.append({"game": group["game"], "players": group["players"], **figures(group["mu"], group["sigma"]),
                        "games": group["games"], "wins": group["wins"], "history": points})
    tables = [{"table": row["id"], "game": row["game"], "players": row["players"], "date": row["created"],
               "seat": row["seat"], "place": row["place"],
               "result": None if row["place"] is None else "won" if row["place"] == 1 else "lost",
               "rated": bool(row["rated"]), "replay": f"{base_url}/t/{row['id']}/replay"}
              for row in storage.finished_tables_of(account["id"], RECENT_TABLES)]
    return {"username": account["username"], "since": account["created"], "ratings": ratings, "tables": tables}

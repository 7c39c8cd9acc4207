"""My games: every table an account sits at, as the lobby lists them (``GET /api/me/tables``).

A table whose game goes on is read from the hub (its state is in memory: whose turn it is comes
from the engine); a finished one from the database only, with the winners stored when its game
ended (:func:`remember_winners`), so that listing old games never replays them.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread

from .live import Live
from .protocol import HUMAN, BadRequest
from .tables import Hub

#: the most tables the list holds (the newest)
MOST = 100


def players_of(seat_rows: list[dict[str, Any]], mine: list[int]) -> list[dict[str, Any]]:
    """Who sits where: each seat's number, its person's name, the bot that plays it (or ``None``),
    and whether it is one of ``mine``."""
    return [{"seat": row["seat"], "name": row.get("name"),
             "bot": row.get("bot") or (row["kind"] if row["kind"] != HUMAN else None),
             "you": row["seat"] in mine} for row in seat_rows]


def entry(table_id: str, game: str, players: list[dict[str, Any]], mine: list[int]) -> dict[str, Any]:
    return {"table": table_id, "game": game, "seat": mine[0] if mine else None, "seats": mine,
            "players": players, "to_act": [], "your_turn": False, "finished": False, "winners": None,
            "closed": None, "url": f"/t/{table_id}", "replay": None}


def from_live(live: Live, mine: list[int]) -> dict[str, Any]:
    """The entry of a table the hub holds, where the account has the seats ``mine``."""
    found = entry(live.id, live.state.game.id, players_of(live.seats, mine), mine)
    state = live.state
    found["closed"] = live.closed
    if state.is_over:
        found.update(finished=True, winners=list(state.winners()), replay=f"/t/{live.id}/replay")
    elif live.started and live.closed is None:
        found["to_act"] = list(state.to_act)
        found["your_turn"] = any(seat in state.to_act and live.controller(seat) == HUMAN for seat in found["seats"])
    return found


def from_row(row: dict[str, Any], mine: list[int]) -> dict[str, Any]:
    """The entry of a table read from the database (a finished game's, or one no longer served)."""
    found = entry(row["id"], row["game"], players_of(row["seats"], mine), mine)
    found["closed"] = row["closed"] or ("expired" if row["expired"] else None)
    if row["finished"]:
        winners = row["winners"]
        found.update(finished=True, replay=f"/t/{row['id']}/replay",
                     winners=[int(seat) for seat in winners.split(",") if seat] if winners is not None else None)
    return found


async def my_tables(hub: Hub, account_id: int, address: str) -> list[dict[str, Any]]:
    """The entries of the newest :data:`MOST` tables where ``account_id`` has a seat, newest first."""
    rows = await anyio.to_thread.run_sync(hub.storage.tables_of, account_id, MOST)
    found = []
    for row in rows:
        mine = [seat["seat"] for seat in row["seats"] if seat["account_id"] == account_id]
        live = hub.live.get(row["id"])
        if live is None and not row["finished"] and not row["expired"]:
            try:  # a game that goes on, served by another server of the same database
                live = await hub.table(row["id"], address)
            except BadRequest:
                live = None
        found.append(from_live(live, mine) if live is not None else from_row(row, mine))
    return found


def remember_winners(hub: Hub) -> Any:
    """The end hook that stores a finished table's winners (for :func:`my_tables`)."""
    async def remember(live: Live) -> None:
        await anyio.to_thread.run_sync(hub.storage.set_winners, live.id, list(live.state.winners()))
    return remember

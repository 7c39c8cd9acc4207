"""``--export DIR``: every game of a study as one CSV row, for a spreadsheet or pandas (standard
library only).

``games.csv`` has one row per game played, in the study's order (version, player count, game
number), unfinished games included (``finished`` false, no winners). The columns are fixed by the
study's largest player count, so every row has the same ones; a seat a smaller table lacks is left
empty:

- ``version`` (A, or B's label), ``players``, ``game`` (game number i: game i of
  ``boardwright simulate`` with the same seed, seats and options), ``seed`` (the game's own seed);
- ``finished``, ``winners`` (seat numbers, space-separated), ``decisions``, ``rounds``, ``turns``
  (empty when the game does not count them);
- per seat ``k``: ``agent_k``, ``score_k``, ``win_share_k`` (1/j of a win shared by j seats) and
  ``items_k``, the items it took as ``Kind: Name`` joined by ``" | "``.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from .collect import LabGame, win_share
from .plan import Plan

#: the file ``--export`` writes
GAMES_FILE = "games.csv"
#: what separates a seat's items in its cell
ITEM_SEPARATOR = " | "


def columns(seats: int) -> list[str]:
    """The header of ``games.csv`` for a study whose largest table has ``seats`` seats."""
    head = ["version", "players", "game", "seed", "finished", "winners", "decisions", "rounds", "turns"]
    for seat in range(seats):
        head += [f"agent_{seat}", f"score_{seat}", f"win_share_{seat}", f"items_{seat}"]
    return head


def row(version: str, game_number: int, game: LabGame, seats: int) -> list[object]:
    """One game as a row of :func:`columns` (``seats`` wide)."""
    count = len(game.seats)
    cells: list[object] = [version, count, game_number, game.seed, str(game.finished).lower(),
                           " ".join(map(str, game.winners)), game.decisions,
                           "" if game.rounds is None else game.rounds, "" if game.turns is None else game.turns]
    for seat in range(seats):
        if seat >= count:
            cells += ["", "", "", ""]
            continue
        taken = game.items[seat] if seat < len(game.items) else ()
        cells += [game.seats[seat], f"{game.scores[seat]:g}", f"{win_share(game, seat):g}" if game.finished else "",
                  ITEM_SEPARATOR.join(f"{kind}: {name}" for kind, name in taken)]
    return cells


def write_games(plan: Plan, games: Sequence[LabGame], folder: Path) -> Path:
    """Write ``games.csv`` into ``folder`` (which exists): every game of the study; its path."""
    seats = max(plan.counts)
    path = folder / GAMES_FILE
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(columns(seats))
        for version, group in zip(plan.versions, plan.split(games), strict=True):
            for count in plan.counts:
                for number, game in enumerate(group[count]):
                    writer.writerow(row(version.label, number, game, seats))
    return path

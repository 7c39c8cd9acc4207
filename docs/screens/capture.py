"""Write a text capture of one screen per game (docs/screens/<game>.txt), as a player sees it.

    .venv/bin/python docs/screens/capture.py

Each capture is the real ``boardwright play`` under a pseudo-terminal of 120 columns (the harness
of the screen tests, tests/screens.py): a human seat against the heuristic bot, seeded, answering
the first choice of every menu; the file keeps the screen of the human's turn after ``turns`` of
them, and the end of the game.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from screens import first_choice, play_screen  # noqa: E402

#: game -> (players, seed, which of the human's turns to keep)
GAMES = {
    "gadgeteers": (2, 5, 12),
    "game-development": (3, 2, 4),
    "makers-of-universe": (3, 4, 6),
    "the-game-makers": (2, 3, 10),
}


def turn_screens(screen: str) -> list[str]:
    """The screen cut at every "your turn" banner: one piece per turn of the human."""
    pieces = screen.split("— your turn ")
    return ["— your turn " + piece for piece in pieces[1:]]


def main() -> None:
    for game, (players, seed, turn) in GAMES.items():
        seats = ",".join(["human"] + ["heuristic"] * (players - 1))
        screen = play_screen(["play", game, "--seats", seats, "--seed", str(seed)], first_choice, timeout=300)
        turns = turn_screens(screen)
        middle = turns[min(turn, len(turns) - 1)].split("\n", 1)[1]
        end = screen[screen.rfind("spectator's view"):]
        text = (f"$ boardwright play {game} --seats {seats} --seed {seed}\n"
                f"(the human's turn {min(turn, len(turns) - 1) + 1}, then the end of the game)\n\n"
                f"{middle.rstrip()}\n\n...\n\n{end.rstrip()}\n")
        (HERE / f"{game}.txt").write_text(text, encoding="utf-8")
        print(f"docs/screens/{game}.txt: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()

"""Write a text capture of one screen per game (docs/screens/<game>.txt), as a player sees it.

    .venv/bin/python docs/screens/capture.py

Each capture is the real ``boardwright play`` under a pseudo-terminal of 120 columns (the harness
of the screen tests, tests/screens.py): a human seat against heuristic bots, seeded, typing what
the heuristic bot would; the file keeps one of the human's turns and the end of the game.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from screens import bot_game, play_screen, typing  # noqa: E402

#: game -> (players, seed, which of the human's turns to keep)
GAMES = {
    "gadgeteers": (3, 5, 9),
    "game-development": (3, 1, 20),
    "makers-of-universe": (3, 2, 8),
    "the-game-makers": (2, 5, 60),
}


def turn_screens(screen: str) -> list[str]:
    """The screen cut at every "your turn" banner: one piece per turn of the human."""
    pieces = screen.split("— your turn ")
    return ["— your turn " + piece for piece in pieces[1:]]


def main() -> None:
    for game, (players, seed, turn) in GAMES.items():
        seats = ",".join(["human"] + ["heuristic"] * (players - 1))
        typed, _ = bot_game(game, players, seed)
        screen = play_screen(["play", game, "--seats", seats, "--seed", str(seed)], typing(typed), timeout=300)
        turns = turn_screens(screen)
        middle = turns[min(turn, len(turns) - 1)].split("\n", 1)[1].rsplit("\n", 1)[0]
        end = screen[screen.rfind("The game ends"):]
        text = (f"$ boardwright play {game} --seats {seats} --seed {seed}\n"
                f"(the human's turn {min(turn, len(turns) - 1) + 1}, then the end of the game)\n\n"
                f"{middle.rstrip()}\n\n...\n\n{end.rstrip()}\n")
        (HERE / f"{game}.txt").write_text(text, encoding="utf-8")
        print(f"docs/screens/{game}.txt: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()

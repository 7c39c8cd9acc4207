"""An experiment: Makers of Universe's cut-off evaluation counting UE and cards in hand beside the
points, measured like benchmarks/strength.py (whose arguments it takes; games are played in this
process, so keep ``--jobs 1``).

    python benchmarks/mou_evaluation.py --ue 0.25 --hand 0.25 --search ismcts:iterations=200 -n 24

The game's own evaluation (``evaluate_all``) scores each seat by its creation points against its
best opponent. Here a seat's worth is its points plus ``--ue`` per UE held plus ``--hand`` per card
in hand, against the best opponent's worth, on the same scale. It was not kept (docs/agents.md,
"Makers of Universe: what the search lacks").
"""

from __future__ import annotations

import argparse
import runpy
import sys
from pathlib import Path
from typing import Any

import boardwright as bw


def patch(ue: float, hand: float) -> None:
    """Makers of Universe's ``evaluate_all``, for this process, with UE and cards counted."""
    cls = type(bw.load("makers-of-universe"))
    original = cls.evaluate_all

    def evaluate_all(self: Any, state: Any) -> list[float]:
        if state.is_over:
            return original(self, state)
        worth = [points + ue * state.ue[seat] + hand * len(state.hands[seat])
                 for seat, points in enumerate(state.scores())]
        order = sorted(range(len(worth)), key=worth.__getitem__, reverse=True)
        leader, second = order[0], order[1]
        scale = 2.0 * state.target
        return [max(0.0, min(1.0, 0.5 + (mine - (worth[second] if seat == leader else worth[leader])) / scale))
                for seat, mine in enumerate(worth)]

    cls.evaluate_all = evaluate_all  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     add_help=False)
    parser.add_argument("--ue", type=float, default=0.25, help="worth of one UE, in points (default 0.25)")
    parser.add_argument("--hand", type=float, default=0.25, help="worth of one card in hand (default 0.25)")
    args, rest = parser.parse_known_args()
    patch(args.ue, args.hand)
    print(f"evaluation: points + {args.ue:g} x UE + {args.hand:g} x cards in hand", flush=True)
    sys.argv = ["strength.py", "--game", "makers-of-universe", *rest]
    runpy.run_path(str(Path(__file__).with_name("strength.py")), run_name="__main__")


if __name__ == "__main__":
    main()

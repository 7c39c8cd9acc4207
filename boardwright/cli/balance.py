"""The balance command's ``--ablate``: which suspects, or which item, the lab replays made plain."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine import Game


def ablate_target(text: str, game: Game, options: dict[str, Any], folder: Path) -> int | tuple[str, str]:
    """``--ablate``: a number of suspects (0 to 20), or an item ``KIND:NAME`` or ``NAME`` that the
    game can make plain (its plain variant is written and loaded now, before any game)."""
    from ..sim.lab.ablation import write_variant
    from . import UsageError

    if text.strip().isdigit():
        if int(text) > 20:
            raise UsageError(f"--ablate takes 0 to 20 suspects, not {text.strip()}")
        return int(text)
    kind, _, name = text.rpartition(":") if ":" in text else ("", "", text)
    kinds = [kind.strip()] if kind else list(game.lab_plain_kinds)
    found = [(k, name.strip()) for k in kinds if game.lab_plain((k, name.strip()), options) is not None]
    if not found:
        can = ", ".join(game.lab_plain_kinds) or "none"
        raise UsageError(f"--ablate {text}: {game.name} has no plain item to put in its place "
                         f"(it makes plain: {can}; write KIND:NAME as the report names items)")
    if len(found) > 1:
        raise UsageError(f"--ablate {text}: say which: " + " or ".join(f"{k}:{n}" for k, n in found))
    made = write_variant(game, options, found[0], folder)
    if isinstance(made, str):
        raise UsageError(f"--ablate {text}: {made}")
    return found[0]

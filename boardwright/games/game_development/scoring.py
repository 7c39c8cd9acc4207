"""D9 line by line, for a person: the score breakdown and how fewer bugs decided a tie (R16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.events import listed
from .texts import counted

if TYPE_CHECKING:
    from .state import GameDevelopmentState


def breakdown(state: GameDevelopmentState) -> list[dict[str, Any]]:
    """D9 line by line: the features, the extra points a Lead put on them, the bugs, E
    Machete's doubling as its own line, and the developer points of the option; at the end,
    how fewer bugs decided a tie for first (R16)."""
    cards, titles = state.content.cards, state.content.titles
    out: list[dict[str, Any]] = []
    for seat in range(state.players):
        lines: list[dict[str, Any]] = []
        features = state.features[seat]
        if features:
            lines.append({"label": "Features: " + counted(cards[f].name for f in features),
                          "points": sum(cards[f].points for f in features), "group": "Features"})
        extra = sum(state.bonus[seat])
        if extra:
            lines.append({"label": "Extra points a Lead ability put on features", "points": extra})
        bugs = state.bugs[seat]
        lost = sum(cards[b].points for b in bugs)
        if bugs:
            lines.append({"label": "Bugs: " + counted(cards[b].name for b in bugs),
                          "points": -lost, "group": "Bugs"})
        doubler = state.powers[seat].get("double-bugs", -1)
        if doubler >= 0 and lost:
            lines.append({"label": f"Bugs count double: {cards[doubler].name} is "
                                   f"{titles[cards[doubler].kind]}", "points": -lost, "group": "Bugs count double"})
        if state.options["developer_points"]:
            devs = len(state.devs[seat])
            leads = sum(1 for d in state.leads[seat] if d >= 0)
            if devs:
                lines.append({"label": f"Developers, 1 point each ({devs})", "points": devs, "group": "Developers"})
            if leads:
                lines.append({"label": f"Leads, 1 more point each ({leads})", "points": leads, "group": "Leads"})
        if not lines:
            lines.append({"label": "Nothing in play", "points": 0})
        out.append({"total": sum(line["points"] for line in lines), "lines": lines})
    if state.is_over:
        explain_tiebreak(state, out)
    return out

def explain_tiebreak(state: GameDevelopmentState, breakdown: list[dict[str, Any]]) -> None:
    """D9: a tie for most points goes to fewer bugs, then it is shared."""
    scores = [entry["total"] for entry in breakdown]
    top = max(scores)
    tied = [s for s in range(state.players) if scores[s] == top]
    if len(tied) < 2:
        return
    winners = state.winners()
    counts = listed(f"Seat {s} has {len(state.bugs[s])} bug{'' if len(state.bugs[s]) == 1 else 's'}"
                    for s in tied)
    if len(winners) == 1:
        result = f"Seat {winners[0]} wins"
    elif len(winners) < len(tied):
        result = f"{listed(f'Seat {s}' for s in winners)} share the win"
    else:
        result = "the win is shared"
    sentence = (f"{listed(f'Seat {s}' for s in tied)} tied "
                f"on {top} points; a tie goes to fewer bugs: {counts}, so {result}.")
    for s in tied:
        breakdown[s]["tiebreak"] = sentence

"""The balance lab: batches of AI games on worker processes, and their statistics.

>>> from boardwright.sim import run_games, summarize, wilson_interval
"""

from .runner import (
    GameResult,
    GameTask,
    SimulationError,
    agent_seed,
    check_task,
    game_seed,
    make_tasks,
    play_game,
    run_games,
    run_tasks,
)
from .stats import BatchSummary, Summary, agent_summaries, seat_summaries, summarize, wilson_interval

__all__ = [
    "BatchSummary", "GameResult", "GameTask", "SimulationError", "Summary", "agent_seed",
    "agent_summaries", "check_task", "game_seed", "make_tasks", "play_game", "run_games", "run_tasks",
    "seat_summaries", "summarize", "wilson_interval",
]

"""The game-agnostic engine: the Game/State contract, actions, errors, random streams, options,
content loading and records. The engine never imports a game."""

from .actions import Action, ActionTable
from .agent import Agent
from .content import Field, Section, load_content
from .decisions import clockwise, reaction_order
from .errors import BoardwrightError, ContentError, IllegalAction, OptionError, RecordError
from .game import Game
from .lab import Efficiency, Item, ItemRule, PlainVariant
from .options import Option, parse_option_pairs, resolve_options
from .records import load_record, replay, save_record
from .rng import Stream, Streams
from .state import State

__all__ = [
    "Action", "ActionTable", "Agent", "BoardwrightError", "ContentError", "Efficiency", "Field", "Game",
    "IllegalAction", "Item", "ItemRule", "Option", "OptionError", "PlainVariant", "RecordError", "Section", "State",
    "Stream", "Streams", "clockwise", "load_content", "load_record", "parse_option_pairs", "reaction_order",
    "replay", "resolve_options", "save_record",
]

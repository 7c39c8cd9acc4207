"""The Game: a declarative description of one game (id, player counts, options, content, State)."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from .actions import Action
from .content import Section
from .errors import shown
from .events import ENGINE_TEXTS, write
from .lab import Efficiency, Item, ItemRule, PlainVariant, items_told
from .observation import Encoder, Observer
from .options import Option, resolve_options
from .state import State


def _options_key(game_id: str, declared: tuple[Option, ...], options: Mapping[str, Any] | None) -> str:
    values = resolve_options(game_id, declared, options)
    return repr(sorted((k, repr(v)) for k, v in values.items()))


class Game:
    """One game's description. Subclasses set the class attributes; instances are shared.

    ``bw.load(id)`` returns the game; ``game.new(players, seed, options)`` starts a State.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: rules version: a record made under another version is refused by replay
    version: ClassVar[str] = "1"
    #: the declared options, each with type, default and one-line doc
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]
    #: the rules notes (our rulings, options, content), shown by ``boardwright rules``
    notes: ClassVar[str] = ""
    #: the game's heuristic bot, as "module:Class" (an Agent subclass), for the "heuristic" agent
    bot: ClassVar[str] = ""
    #: the bot levels this game plays differently from the agents package's defaults
    #: (``boardwright.agents.levels.DEFAULTS``): level name -> agent spec, e.g.
    #: ``{"hard": "ismcts:iterations=300,time=0.3,bias=1"}``
    levels: ClassVar[Mapping[str, str]] = {}
    #: what a learning environment's ``reward="margin"`` divides a score difference by: about
    #: the highest final score of the game, so a scaled margin lies within [-1, 1] (1: not scaled)
    margin_scale: ClassVar[float] = 1.0
    #: the player's quick reference: a Markdown file beside the game's module, shipped with the
    #: package and shown by ``rules`` (design notes stay in ``notes``)
    quick_reference: ClassVar[str] = ""
    #: the text of each event kind the game tells: a template for
    #: :data:`boardwright.engine.events.TEXT` or a function of the event's data
    event_texts: ClassVar[Mapping[str, str | Callable[[Mapping[str, Any]], str]]] = {}
    #: for the balance lab: the events that name the content a seat took (see
    #: :mod:`boardwright.engine.lab`); empty when :meth:`lab_items` reads the state instead
    lab_events: ClassVar[tuple[ItemRule, ...]] = ()
    #: for the balance lab: the item kinds :meth:`lab_plain` can make plain (for ablation)
    lab_plain_kinds: ClassVar[tuple[str, ...]] = ()
    #: the schema of the game's content files (its ``content`` option) and the game's own content
    #: file, which an overlay extends; read by ``boardwright content check``
    content_schema: ClassVar[tuple[Section, ...]] = ()
    content_default: ClassVar[Path | None] = None

    def __init__(self) -> None:
        self._learning_cache: dict[tuple[Any, ...], Any] = {}

    @classmethod
    def has_reaction_windows(cls) -> bool:
        """Whether the game ever asks a seat to react or pass (its state names that pass,
        :meth:`State.pass_action`): a client may then offer to pass those for a player."""
        return cls.state_class._pass_action is not State._pass_action

    def catalog(self, options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """The public description of every piece of content the game is played with under
        ``options`` (a content file is described too): name -> ``{"kind", "text", ...}``, with
        cost, points and the rule in plain words."""
        return self._catalog(resolve_options(self.id, self.options, options))

    def _catalog(self, options: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        return {}

    def event_text(self, kind: str, data: Mapping[str, Any]) -> str:
        """The one-line English text of an event of ``kind`` with ``data``."""
        template = self.event_texts.get(kind)
        return write(template if template is not None else ENGINE_TEXTS.get(kind), kind, data)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "evaluate" in cls.__dict__ and "evaluate_all" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} overrides evaluate: a game refines the evaluation in "
                            "evaluate_all (every seat at once), which search calls")

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, in [0, 1], for a search cut off before the end: its entry
        in :meth:`evaluate_all`."""
        return self.evaluate_all(state)[seat]

    def evaluate_all(self, state: State) -> list[float]:
        """How well each seat stands, in [0, 1], for a search cut off before the end.

        A finished game pays 1 shared by its winners. A running game compares
        :meth:`search_scores`: a seat's value is its place between the lowest score (0) and the
        highest (1); when every score is equal, each seat gets 1 / players. Games may refine it
        (overriding this method, which computes what the seats share once).
        """
        players = state.players
        if state.is_over:
            winners = state.winners()
            values = [0.0] * players
            if winners:
                share = 1.0 / len(winners)
                for seat in winners:
                    values[seat] = share
            return values
        scores = self.search_scores(state)
        best, worst = max(scores), min(scores)
        if best == worst:
            return [1.0 / players] * players
        span = best - worst
        return [(score - worst) / span for score in scores]

    def search_scores(self, state: State) -> list[float]:
        """The scores :meth:`evaluate` compares in a running game (default: ``state.scores()``).

        A game may count more here than ``scores()`` shows, such as secret cards: in search the
        state is a determinized sample, whose hidden values are guesses.
        """
        return list(state.scores())

    # ------------------------------------------------------------------ learning interfaces
    def action_space(self, players: int | None = None,
                     options: Mapping[str, Any] | None = None) -> tuple[Action, ...]:
        """Every action of the game under ``options``, in a fixed order: an action's position is
        its index for learning agents (the same for every state of that content)."""
        count = self.default_players if players is None else players
        key = ("actions", count, _options_key(self.id, self.options, options))
        found = self._learning_cache.get(key)
        if found is None:
            found = tuple(self.new(players=count, seed=0, options=options, events=False).table)
            self._learning_cache[key] = found
        return found

    def observer(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> Observer:
        """The encoder of this game's views as vectors of one fixed size, for ``players`` seats
        and ``options`` (see :mod:`boardwright.engine.observation`)."""
        count = self.default_players if players is None else players
        key = ("observer", count, _options_key(self.id, self.options, options))
        found = self._learning_cache.get(key)
        if found is None:
            found = Observer(self, count, resolve_options(self.id, self.options, options))
            self._learning_cache[key] = found
        return found

    def _observation_context(self, players: int, options: Mapping[str, Any]) -> Any:
        """What :meth:`_observe` needs besides the view, built once per observer (such as the
        content's card names)."""
        return None

    def _observe(self, encoder: Encoder, view: Mapping[str, Any], context: Any) -> None:
        """Write the game's part of a seat's observation from its view (fixed-size blocks)."""
        raise NotImplementedError(f"{self.name} has no observation encoding")

    def _observe_state(self, state: State, seat: int, context: Any, at: int,
                       positions: list[int], values: list[float]) -> None:
        """The fast path of :meth:`_observe` (optional): append the nonzero values of the game's
        part of ``seat``'s observation of ``state``, which starts at position ``at``, reading only
        what ``state.view(seat)`` would show, so that the result equals the view's encoding
        (values at one position add up). A game without it is observed through its view."""
        raise NotImplementedError(f"{self.name} observes through its view only")

    def _observe_changes(self, state: State, seat: int, context: Any, at: int, tracker: Any,
                         positions: list[int], values: list[float]) -> None:
        """:meth:`_observe_state` block by block through ``tracker``
        (:class:`~boardwright.engine.observation.Tracker`), leaving out the blocks whose key it has
        seen (optional: for a game whose whole observation is costly to write every step)."""
        raise NotImplementedError(f"{self.name} writes its observation whole")

    @property
    def default_players(self) -> int:
        return self.min_players

    def new(self, players: int | None = None, seed: int | None = None,
            options: Mapping[str, Any] | None = None, events: bool = True) -> State:
        """Set up a new game for ``players`` seats (seat 0 is the first player).

        With ``events=False`` the game tells no events (``events()`` stays empty): for bulk
        simulation and learning, which read only actions and results and run faster without them.
        """
        count = self.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int) or not (
                self.min_players <= count <= self.max_players):
            raise ValueError(f"{self.name} plays {self.player_range()} players, not {shown(count)}")
        if seed is None:
            seed = secrets.randbits(62)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not -(1 << 63) <= seed < (1 << 64):
            raise ValueError(f"a seed is a whole number from -2**63 to 2**64 - 1, not {shown(seed)}")
        values = resolve_options(self.id, self.options, options)
        state = self.state_class.__new__(self.state_class)
        state._init_base(self, count, seed, values)
        state._telling = events is True
        state._setup()
        return state

    def render(self, view: dict[str, Any]) -> str:
        """The board as text for a terminal, built from a view only (so it cannot leak).

        May use Rich console markup (``[bold]...[/]``); the CLI prints it with Rich. The default
        lists the view's fields; games draw their own board.
        """
        lines = [f"[bold]{self.name}[/bold]"]
        for key, value in view.items():
            lines.append(f"  {key}: {value}")
        return "\n".join(lines)

    def describe_action(self, text: str) -> str:
        """A one-line explanation of an action text for a person (``help`` in the terminal)."""
        return text

    # ------------------------------------------------------------------ the balance lab
    def lab_items(self, state: State) -> list[set[Item]]:
        """Per seat of a finished game, every ``(kind, name)`` item of content the seat took at
        least once (built, bought, played, dealt...). The default finds them in the game's
        events with :attr:`lab_events`."""
        return items_told(state._events, self.lab_events, state.players)

    @property
    def lab_needs_events(self) -> bool:
        """Whether :meth:`lab_items` reads events (the lab then plays with events on)."""
        return bool(self.lab_events)

    def lab_progress(self, state: State) -> tuple[Hashable, Hashable]:
        """After a decision: a key of the round being played and a key of the player's turn
        being played; each changes exactly when a new round (turn) begins, and is ``None``
        outside rounds (turns), as in setup. The default knows neither."""
        return (None, None)

    def lab_efficiency(self, options: Mapping[str, Any] | None = None) -> dict[Item, Efficiency]:
        """For each item whose content gives points and a cost, under ``options``: its points, its
        cost and the cost's unit (see :mod:`boardwright.engine.lab`). A game without them has none."""
        return self._lab_efficiency(resolve_options(self.id, self.options, options))

    def _lab_efficiency(self, options: Mapping[str, Any]) -> dict[Item, Efficiency]:
        return {}

    def lab_plain(self, item: Item, options: Mapping[str, Any] | None = None) -> PlainVariant | None:
        """The content under ``options`` with ``item`` made a plain item of its kind (same name),
        as a whole content file, for the lab's ablation; None when the game has no plain item for
        it (its kind is not in :attr:`lab_plain_kinds`, or it is not in the content). The lab loads
        the file through the game before playing it."""
        if item[0] not in self.lab_plain_kinds:
            return None
        return self._lab_plain(item, resolve_options(self.id, self.options, options))

    def _lab_plain(self, item: Item, options: Mapping[str, Any]) -> PlainVariant | None:
        return None

    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def rules_text(self) -> str:
        """The player's quick reference to this game's rules (Markdown)."""
        if not self.quick_reference:
            return self.rules_notes()
        package = Path(sys.modules[type(self).__module__].__file__ or ".").parent
        return (package / self.quick_reference).read_text(encoding="utf-8")

    def rules_notes(self) -> str:
        """Our rules notes for this game (rulings, options, content), as Markdown."""
        if not self.notes:
            return f"No rules notes are written for {self.name} yet."
        path = Path(self.notes)
        if not path.is_absolute():
            path = Path(__file__).resolve().parents[2] / path
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return f"The rules notes of {self.name} are in {self.notes} in the boardwright sources."

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.name}, {self.player_range()} players>"

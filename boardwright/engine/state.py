"""The State contract every game implements, and the one path every action takes.

A game subclasses :class:`State` and fills in the hooks (``_setup``, ``_legal``, ``_apply``,
``_view``, ``_resample``, ``_copy_into``, ``_scores``, ``_winners``, ``_why_illegal``). The engine
handles, once for every game: wrong seat, unknown text, game over, legality, the action log,
sealed simultaneous decisions, clones, records and determinization.

Decision kinds (see shared/DESIGN.md):

- one seat decides: ``to_act == (seat,)``;
- sealed, simultaneous: the game calls :meth:`State.open_sealed`; each seat in ``to_act`` commits
  one choice, which the engine stores hidden from every other seat (views, history,
  determinizations) until all have committed, then hands all choices to ``_resolve_sealed``;
- reaction windows: single-seat decisions asked in turn of the seats that can react
  (:func:`boardwright.engine.decisions.reaction_order`);
- multi-step: a compound move as a chain of small single-seat decisions; the game keeps the
  pending steps in its own state; a seat may take back its own steps until a commitment point
  (:meth:`State.undo`).

Chance is not a decision: a game draws from ``self.streams[name]`` when the rules say.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, ActionTable
from .errors import IllegalAction, RecordError, shown
from .events import Event, listed, redacted_for, seen_by
from .rng import Stream, Streams, derive_seed
from .undo import EVENT_SLOTS, commitment

if TYPE_CHECKING:
    from .game import Game

Json = Any

#: The longest action text ``apply`` reads (the longest real one is far shorter).
MAX_ACTION_TEXT = 400

#: Keys the engine puts in every view; a game's ``_view`` uses other keys.
RESERVED_VIEW_KEYS = frozenset({"game", "player_count", "viewer", "to_act", "is_over", "committed",
                                "your_choice", "scores", "winners"})


class State:
    """One game in progress. Seats are numbered ``0 .. players-1`` clockwise."""

    __slots__ = (
        "_cached",
        "_determinized",
        "_events",
        "_legal_for",
        "_sealed",
        "_sealed_from",
        "_sealed_seats",
        "_telling",
        "_seen",
        "_texts",
        "_told",
        "_undo_checked",
        "game",
        "is_over",
        "log",
        "options",
        "players",
        "seed",
        "streams",
        "table",
        "to_act",
    )

    #: the game whose rules this state follows
    game: Game
    #: number of players
    players: int
    #: the game seed (``None`` for a determinized state)
    seed: int | None
    #: resolved option values
    options: Mapping[str, Any]
    #: named random streams, derived from the seed
    streams: Streams
    #: every action of this game (text lookup)
    table: ActionTable
    #: the seats that owe a decision now (several during a sealed decision)
    to_act: tuple[int, ...]
    #: whether the game has ended
    is_over: bool
    #: the actions applied so far, as ``(seat, action)``
    log: list[tuple[int, Action]]

    #: the last undo test: (log length, last log entry, why it is a commitment point or None,
    #: the state before it, replayed); unset until asked, never copied
    _undo_checked: tuple[int, object, str | None, State | None] | None

    #: Slots that are caches, never part of the game's state.
    CACHE_SLOTS: ClassVar[frozenset[str]] = frozenset({"_legal_for", "_cached", "_told", "_texts", "_seen",
                                                       "_undo_checked"})

    # ------------------------------------------------------------------ construction
    def _init_base(self, game: Game, players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.streams = Streams(seed)
        self.to_act = ()
        self.is_over = False
        self.log = []
        self._sealed: dict[int, Action] | None = None
        self._sealed_from = 0
        self._sealed_seats: tuple[int, ...] = ()
        self._determinized = False
        self._legal_for = -1
        self._cached: list[Action] = []
        self._events: list[Event] | tuple[Event, ...] = []
        self._telling = True
        self._told: dict[int, tuple[int, tuple[Event, ...]]] = {}
        self._texts: dict[int, str] = {}
        #: per viewer: how many events were scanned, and where that viewer's events are among them
        self._seen: dict[int | None, tuple[int, list[int]]] = {}

    # ------------------------------------------------------------------ hooks
    def _setup(self) -> None:
        """Set up the game (the rulebook's Setup), set ``table`` and the first ``to_act``."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        """The legal actions of a seat in ``to_act``, in a fixed order."""
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action (already checked) and move the game on."""
        raise NotImplementedError

    def _resolve_sealed(self, choices: dict[int, Action]) -> None:
        """All seats of a sealed decision have committed: resolve their choices at once."""
        raise NotImplementedError

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        """The rule that forbids ``action`` now (it is a known action, but not a legal one)."""
        return IllegalAction("Rules", f"'{action}' is not allowed now")

    def _view(self, seat: int | None) -> dict[str, Json]:
        raise NotImplementedError

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        """How ``viewer`` sees ``actor``'s ``action`` in the history (default: as it is)."""
        return str(action)

    def _resample(self, seat: int, rng: Stream) -> None:
        """Replace everything ``seat`` cannot see with a sample consistent with its view."""
        raise NotImplementedError

    def _copy_into(self, new: State) -> None:
        """Copy the game's own fields into ``new`` (a blank instance): by hand, never a generic deep copy."""
        raise NotImplementedError

    def _scores(self) -> list[int]:
        raise NotImplementedError

    def _winners(self) -> list[int]:
        raise NotImplementedError

    def _turn_rule(self) -> str:
        """The rule named when a seat acts out of turn."""
        return "Turn order"

    def _end_reason(self) -> str:
        """Why the game ended, in a few words ("the draw pile ran out"), for the end event."""
        return ""

    def _score_breakdown(self) -> list[dict[str, Json]]:
        """Each seat's ``{"total", "lines": [{"label", "points"}, ...]}`` (see :meth:`score_breakdown`)."""
        return [{"total": total, "lines": [{"label": "Score", "points": total}]} for total in self.scores()]

    def _action_path(self, action: Action) -> tuple[str, ...]:
        """The menu steps that lead to ``action`` ("token 3", "on Battery"); default: one step."""
        return (str(action),)

    def _pass_action(self, seat: int) -> Action | None:
        """The action that declines an optional reaction, when ``seat``'s decision is one."""
        return None

    # ------------------------------------------------------------------ the legal-actions cache
    def prime_legal(self, seat: int, actions: list[Action]) -> None:
        """Hand the engine ``seat``'s legal actions, already computed while applying an action
        (a game that settles forced steps knows them), so they are not computed again."""
        self._cached = actions
        self._legal_for = seat

    def forget_legal(self) -> None:
        """Drop the cached legal actions: for tests and tools that arrange a state by hand."""
        self._legal_for = -1

    # ------------------------------------------------------------------ decisions
    def open_sealed(self, seats: tuple[int, ...]) -> None:
        """Start a sealed, simultaneous decision: each of ``seats`` commits one hidden choice."""
        self._sealed = {}
        self._sealed_from = len(self.log)
        self._sealed_seats = seats
        self.to_act = seats

    @property
    def is_sealed(self) -> bool:
        """Whether a sealed decision is open (some seats have not committed yet)."""
        return self._sealed is not None

    def committed(self) -> list[int]:
        """Seats that have committed their choice in the open sealed decision."""
        return sorted(self._sealed) if self._sealed is not None else []

    def own_choice(self, seat: int) -> Action | None:
        """The choice ``seat`` has committed in the open sealed decision, if any: what that seat's
        own view shows as ``your_choice`` (never another seat's)."""
        return self._sealed.get(seat) if self._sealed is not None else None

    # ------------------------------------------------------------------ the public contract
    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now, in a fixed order; empty when it owes no decision.

        Raises :class:`IllegalAction` for a seat the game does not have (``9``, ``"x"``, ``0.0``).
        """
        if seat.__class__ is not int:
            seat = self._seat_number(seat)
        if seat not in self.to_act:
            if not 0 <= seat < self.players:
                raise self._no_such_seat(seat)
            return []
        if self._legal_for != seat:
            self._cached = self._legal(seat)
            self._legal_for = seat
        return list(self._cached)

    def apply(self, seat: int, action: str) -> None:
        """Take ``action`` (an :class:`Action` or its text) for ``seat``.

        Raises :class:`IllegalAction`, naming the rule, and leaves the state exactly as it was
        when the game is over, the seat is not a seat number or does not act now, the text is
        unknown, or the rules forbid the action. An :class:`Action` object is taken only if it is
        the very action the game lists under its text (a look-alike with other arguments is
        refused).
        """
        if seat.__class__ is not int:
            seat = self._seat_number(seat)
        if seat not in self.to_act:
            raise self._out_of_turn(seat)
        if self._legal_for != seat:
            self._cached = self._legal(seat)
            self._legal_for = seat
        if action.__class__ is not Action or self.table.exact(action) is not action or action not in self._cached:
            action = self._known(seat, action)
        self._legal_for = -1
        sealed = self._sealed
        self.log.append((seat, action))
        if self._telling:
            self._tell_action(seat, action, sealed is not None)
        if sealed is None:
            self._apply(seat, action)
        else:
            sealed[seat] = action
            self.to_act = tuple(s for s in self.to_act if s != seat)
            if not self.to_act:
                self._sealed = None
                self._resolve_sealed(sealed)
        if self.is_over and self._telling:
            self.tell("game_ended", {"reason": self._end_reason(), "scores": self.scores(),
                                     "winners": self.winners()})

    # ------------------------------------------------------------------ events
    def tell(self, kind: str, data: dict[str, Json] | None = None, *, to: tuple[int, ...] | None = None,
             others: dict[str, Json] | None = None) -> None:
        """Record an event the rules produce now (see :mod:`boardwright.engine.events`).

        Every seat sees ``data``, or, with ``to``, only those seats do and every other seat and
        spectator sees ``others`` (not told at all when ``others`` is ``None``). Data are
        JSON-ready: numbers, text, ``None`` and lists of those. Samples for search tell nothing.
        """
        if self._telling:
            self._events.append((kind, to, {} if data is None else data, others,  # type: ignore[union-attr]
                                 len(self.log)))

    @property
    def telling(self) -> bool:
        """Whether events are recorded (false in a sample for search): a game may skip building
        the data of an event nobody will read."""
        return self._telling

    def _tell_action(self, seat: int, action: Action, sealed: bool, kind: str = "acted") -> None:
        """The engine's own event for every action (``kind``): a sealed choice is told only to its
        seat; an action the game redacts (a card put face down) is told to the others as the game
        shows it."""
        text = str(action)
        if sealed:
            self.tell(kind, {"seat": seat, "action": text}, to=(seat,), others={"seat": seat, "sealed": True})
            return
        public = self._redact(seat, action, None)
        if public == text:
            self.tell(kind, {"seat": seat, "action": text})
        else:
            self.tell(kind, {"seat": seat, "action": text}, to=(seat,), others={"seat": seat, "action": public})

    def apply_stand_in(self, seat: int, action: str) -> None:
        """Take ``action`` for ``seat`` on behalf of a player whose time to decide ran out (a game
        server's turn timer: a bot chose the action). As :meth:`apply`, refused the same way with
        the state unchanged, after telling every seat and spectator ``timed_out`` (``{seat,
        action}``, the action as each of them may see it, like ``acted``). The log and the record
        hold the action like any other: the game, and a replay of its record, are the same as if
        the seat had chosen it (only the told event differs)."""
        probe = self.clone()  # a rare move (a timer ran out): tried on a copy first, refused there
        probe.apply(seat, action)
        seat, found = probe.log[-1]
        if self._telling:
            self._tell_action(seat, found, self._sealed is not None, "timed_out")
        self.apply(seat, found)

    def events(self, seat: int | None = None, since: int = 0) -> list[dict[str, Json]]:
        """The events ``seat`` was told (``None``: a spectator), in order, from number ``since``.

        Each is ``{"seq", "kind", "text", "step", ...data}``; ``seq`` counts this seat's events from
        0, so a client asks only for what is new; ``step`` is how many actions had been taken when it
        was told (see :mod:`boardwright.engine.events`). ``"private": True`` marks what only some
        seats see.
        """
        if seat is not None:
            seat = self._viewer(seat)
        if since.__class__ is not int or since < 0:
            raise ValueError(f"'since' is an event number, 0 or more, not {shown(since)}")
        events = self._events
        shown_at = self._shown_to(seat)
        told: list[dict[str, Json]] = []
        write = self.game.event_text
        texts = self._texts  # by the id of the data: this state holds every data dict it has written
        for seq in range(since, len(shown_at)):
            event = events[shown_at[seq]]
            data, private = seen_by(event, seat)  # type: ignore[misc]
            text = texts.get(id(data))
            if text is None:
                text = texts[id(data)] = write(event[0], data)
            item: dict[str, Json] = {"seq": seq, "kind": event[0], "text": text, "step": event[4]}
            if private:
                item["private"] = True
            for key, value in data.items():
                item[key] = value.copy() if value.__class__ is list else value
            told.append(item)
        return told

    def event_count(self, seat: int | None = None) -> int:
        """How many events ``seat`` (``None``: a spectator) has been told: the ``seq`` its next
        event will have."""
        return len(self._shown_to(None if seat is None else self._viewer(seat)))

    def _shown_to(self, seat: int | None) -> list[int]:
        """Where ``seat``'s events are among all the events told (kept up to date per viewer)."""
        events = self._events
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = (0, [])
        scanned, shown_at = seen
        if scanned < len(events):  # find the seat's events among those told since the last call
            for index in range(scanned, len(events)):
                if seen_by(events[index], seat) is not None:
                    shown_at.append(index)
            self._seen[seat] = (len(events), shown_at)
        return shown_at

    def _told_to(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` knows them (cached: search determinizes the same state often)."""
        count = len(self._events)
        known = self._told.get(seat)
        if known is None or known[0] != count:
            known = (count, redacted_for(self._events, seat))
            self._told[seat] = known
        return known[1]

    # ------------------------------------------------------------------ presentation
    def score_breakdown(self) -> list[dict[str, Json]]:
        """One entry per seat, ``{"total", "lines": [{"label", "points"}, ...]}``: the lines that
        make the score add up to ``total``, which is ``scores()[seat]``; ``"tiebreak"`` says how a
        tie for first was decided, and ``"note"`` (if given) what the score is ("a projection of
        final scoring"). A line's ``"group"`` (if given) is the row it is compared under when the
        seats' scores are set side by side ("Gadgets" for each Gadget a seat built); a line without
        one is a row of its own. Before the end it shows only what a spectator could count."""
        return self._score_breakdown()

    def action_groups(self, seat: int) -> list[dict[str, Json]]:
        """``legal_actions(seat)`` as a menu of steps for a person: each entry is
        ``{"label", "action"}`` (choose it to take that action) or ``{"label", "choices": [...]}``
        (a step that opens a smaller menu). A step with one choice is folded into it."""
        root: dict[str, Any] = {}
        for action in self.legal_actions(seat):
            path = self._action_path(action)
            node = root
            for label in path[:-1]:
                node = node.setdefault(label, {})
                if not isinstance(node, dict):
                    raise AssertionError(f"{self.game.id}: menu step {label!r} is also an action")
            node[path[-1]] = str(action)
        return _menu(root)

    def pass_action(self, seat: int) -> Action | None:
        """The legal action that declines an optional reaction (a reaction window), if ``seat``
        is asked one now; ``None`` otherwise. A client may take it for a player who asked it to."""
        seat = self._viewer(seat)
        if seat not in self.to_act:
            return None
        action = self._pass_action(seat)
        return action if action is not None and action in self.legal_actions(seat) else None

    def _seat_number(self, seat: object) -> int:
        """``seat`` as a plain ``int``, or the error that refuses it: a seat is a whole number
        (an integer type such as NumPy's is taken as its value; ``True``, ``0.0`` and ``"0"`` are not)."""
        if isinstance(seat, bool) or not hasattr(type(seat), "__index__"):
            raise self._no_such_seat(seat)
        return operator.index(seat)  # type: ignore[arg-type]

    def _no_such_seat(self, seat: object) -> IllegalAction:
        return IllegalAction("Seats", f"there is no seat {shown(seat, 40)} (seats are the whole numbers 0 to "
                                      f"{self.players - 1})")

    def _out_of_turn(self, seat: int) -> IllegalAction:
        if not 0 <= seat < self.players:
            return self._no_such_seat(seat)
        if self.is_over:
            return IllegalAction("End of Game", "the game is over; no more actions are taken")
        if self._sealed is not None and seat in self._sealed:
            return IllegalAction(self._turn_rule(), f"Seat {seat} has already committed its choice")
        waiting = listed(f"Seat {s}" for s in self.to_act)
        return IllegalAction(self._turn_rule(), f"Seat {seat} does not act now (waiting for {waiting})")

    def _known(self, seat: int, action: object) -> Action:
        """The legal action meant by ``action`` (text or action), or the error that refuses it."""
        if not isinstance(action, str):
            raise IllegalAction("Actions", f"an action is given as its text, not {type(action).__name__}")
        if len(action) > MAX_ACTION_TEXT:
            raise IllegalAction("Actions", f"an action's text is at most {MAX_ACTION_TEXT} characters, "
                                           f"not {len(action)}")
        found = self.table.get(action)
        if found is None:
            raise IllegalAction("Actions", f"'{action}' is not an action of {self.game.name}")
        if isinstance(action, Action) and (action.kind != found.kind or action.args != found.args):
            raise IllegalAction("Actions", f"'{action}' is not the action {self.game.name} lists under "
                                           f"that text (its arguments differ); give the text instead")
        if found not in self._cached:
            raise self._why_illegal(seat, found)
        return found

    def advice(self, seat: int) -> dict[str, Json] | None:
        """Help a person's screen may offer ``seat`` with its decision now, as JSON-ready data (e.g.
        Game Development's cheapest payment of a pending cost), or ``None`` when the game offers
        none. Built only from what the seat may see, so it is the same in any determinization for
        the seat. Kept out of :meth:`view`: the searches and learners that read a view at every
        decision do not pay for it."""
        return None

    def view(self, seat: int | None = None) -> dict[str, Json]:
        """What ``seat`` may see, as JSON-ready data; ``view(None)`` is a spectator's view."""
        if seat is not None:
            seat = self._viewer(seat)
        view: dict[str, Json] = {
            "game": self.game.id,
            "player_count": self.players,
            "viewer": seat,
            "to_act": list(self.to_act),
            "is_over": self.is_over,
        }
        if self._sealed is not None:
            view["committed"] = sorted(self._sealed)
            if seat is not None and seat in self._sealed:
                view["your_choice"] = str(self._sealed[seat])
        own = self._view(seat)
        clash = RESERVED_VIEW_KEYS.intersection(own)
        if clash:
            raise AssertionError(f"{self.game.id} view uses the engine's keys {sorted(clash)}")
        view.update(own)
        if self.is_over:
            view["scores"] = self.scores()
            view["winners"] = self.winners()
        return view

    def _viewer(self, seat: object) -> int:
        """A seat that exists, as a plain ``int``, or the error that refuses it."""
        number = self._seat_number(seat)
        if not 0 <= number < self.players:
            raise self._no_such_seat(seat)
        return number

    def history(self, viewer: int | None = None) -> list[list[Json]]:
        """The actions so far as ``[seat, text]``, each redacted for ``viewer``."""
        if viewer is not None:
            viewer = self._viewer(viewer)
        open_from = self._sealed_from if self._sealed is not None else len(self.log)
        lines: list[list[Json]] = []
        for index, (actor, action) in enumerate(self.log):
            if index >= open_from and actor != viewer:
                text = "commits a sealed choice"
            else:
                text = str(action) if actor == viewer else self._redact(actor, action, viewer)
            lines.append([actor, text])
        return lines

    def scores(self) -> list[int]:
        """Each seat's score (the final score once the game is over)."""
        return self._scores()

    def winners(self) -> list[int]:
        """The winning seats (several on a shared win); empty while the game goes on."""
        return self._winners() if self.is_over else []

    def clone(self) -> State:
        """An independent copy: applying actions to one never changes the other."""
        new = self._clone()
        events = self._events
        new._events = events.copy() if isinstance(events, list) else events
        # where each viewer's events are among those copied: a copy that tells more need not
        # look through the whole history again (a server copies its table at every change)
        new._seen = {viewer: (scanned, shown.copy()) for viewer, (scanned, shown) in self._seen.items()}
        # the replay that tested the last action for undo: the copy's next test steps on from it
        new._undo_checked = getattr(self, "_undo_checked", None)
        return new

    def _clone(self) -> State:
        """A copy of everything but the events (the caller sets ``_events``)."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.options = self.options
        new.streams = self.streams.copy()
        new.table = self.table
        new.to_act = self.to_act
        new.is_over = self.is_over
        new.log = self.log.copy()
        new._sealed = None if self._sealed is None else dict(self._sealed)
        new._sealed_from = self._sealed_from
        new._sealed_seats = self._sealed_seats
        new._determinized = self._determinized
        new._legal_for = -1
        new._cached = []
        new._telling = self._telling
        new._told = {}
        new._texts = {}
        new._seen = {}
        self._copy_into(new)
        return new

    def determinize(self, seat: int, seed: int, reopen: bool = False) -> State:
        """A copy in which everything ``seat`` cannot see is resampled, as that seat could.

        The result keeps ``view(seat)`` exactly and depends only on that view and ``seed``:
        hidden cards and tokens, other seats' committed sealed choices and the future of every
        random stream are drawn anew. It has no history and no record (it is for search); its
        events are those ``seat`` was told, and it tells no more.

        With ``reopen``, a sealed decision ``seat`` still owes is given back whole: the other
        seats' committed choices are taken back, so they owe them again, as when the decision
        opened. A search that decides from such a sample is the same whether ``seat`` chooses
        first or last (a seat gains nothing from deciding second); the sample's ``committed()``
        then differs from the view's, all else is kept.
        """
        seat = self._viewer(seat)
        if seed.__class__ is not int or seed.bit_length() > 128:
            raise ValueError(f"a determinization seed is a whole number of at most 128 bits, not {shown(seed)}")
        new = self._clone()
        new._events = self._told_to(seat)
        new._telling = False
        rng = Stream.named(seed, f"determinize/{seat}")
        new._resample(seat, rng)
        if new._sealed is not None:
            if reopen and seat in new.to_act:
                new._sealed = {}
                new.to_act = new._sealed_seats
            for other in sorted(new._sealed):
                if other != seat:
                    new._sealed[other] = rng.choice(new._legal(other))
        new.streams = Streams(derive_seed(seed, "determinized-future"))
        new.seed = None
        new.log = []
        new._sealed_from = 0
        new._determinized = True
        return new

    def record(self) -> dict[str, Json]:
        """The game record: ``{game, version, options, players, seed, actions}`` (JSON)."""
        if self._determinized:
            raise RecordError("a determinized state is a sample for search; it has no record")
        return {
            "game": self.game.id,
            "version": self.game.version,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": [[seat, str(action)] for seat, action in self.log],
        }

    # ------------------------------------------------------------------ undo
    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now (Board Game Arena's rule, see
        shared/DESIGN.md "Undo"): that action is the last in the log, ``seat`` alone acts again, the
        game goes on, and the action was no commitment point: it did not commit a sealed choice,
        draw at random, or reveal hidden information to anyone. A determinized sample takes
        nothing back. Raises :class:`IllegalAction` for a seat the game does not have.

        The first question about an action replays the game to the state before it and tests it
        (:mod:`boardwright.engine.undo`); the answer is kept until the log changes. Taking actions
        costs nothing more for it.
        """
        return self._undo_refusal(self._viewer(seat)) is None

    def undo(self, seat: int, count: int = 1) -> None:
        """Take back ``seat``'s last ``count`` actions, each allowed at its own point by the test of
        :meth:`can_undo`: the state becomes the replay of the shorter log (as ``record()`` and
        ``bw.replay`` rebuild it). Raises :class:`IllegalAction` ("Undo", with the reason) and
        changes nothing when that is not allowed.

        Events are never taken back: what a seat was told stays told, event numbers go on, and
        every seat and spectator is told ``undone`` (``{seat, count}``), whose ``step`` is the
        length of the shorter log: the events told before it with a higher step are taken back. A
        state that tells no events (``events=False``) takes back actions all the same, telling
        nothing.
        """
        seat = self._viewer(seat)
        if count.__class__ is not int or count < 1:
            raise IllegalAction("Undo", f"the number of actions to take back is a whole number from 1, "
                                        f"not {shown(count)}")
        state: State = self
        for step in range(count):
            reason = state._undo_refusal(seat)
            if reason is not None:
                if step == 0:
                    raise IllegalAction("Undo", f"Seat {seat} cannot take back its last action: {reason}")
                taken = "1 action" if step == 1 else f"{step} actions"
                raise IllegalAction("Undo", f"Seat {seat} can take back {taken} now, not {count}: "
                                            f"the action before {reason}")
            before = state._commitment()[1]
            assert before is not None
            state = before
        self._become(state)
        self.tell("undone", {"seat": seat, "count": count})

    def _undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now, or ``None`` when it may."""
        if self._determinized:
            return "a determinized sample has no history"
        if self.is_over:
            return "the game is over"
        if not self.log:
            return "no action has been taken yet"
        actor = self.log[-1][0]
        if actor != seat:
            return f"the last action was Seat {actor}'s"
        if self.to_act != (seat,):
            if self._sealed is not None:
                return "a sealed decision is open"
            return f"the decision has passed to {listed(f'Seat {s}' for s in self.to_act)}"
        return self._commitment()[0]

    def _commitment(self) -> tuple[str | None, State | None]:
        """Why the last action is a commitment point (or ``None``), and the state before it;
        tested once per action (see :func:`boardwright.engine.undo.commitment`)."""
        entry = self.log[-1]
        known = getattr(self, "_undo_checked", None)
        if known is None or known[0] != len(self.log) or known[1] is not entry:
            known = (len(self.log), entry, *commitment(self, None if known is None else known[3]))
            self._undo_checked = known
        return known[2], known[3]

    def _become(self, source: State) -> None:
        """Take every field of ``source`` (a fresh replay of this game, not shared with anything
        else) but the events told, which stay as they are."""
        keep = EVENT_SLOTS | self.CACHE_SLOTS | {"game"}
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name in keep:
                    continue
                if hasattr(source, name):
                    setattr(self, name, getattr(source, name))
                elif hasattr(self, name):
                    delattr(self, name)
        self._legal_for = -1
        self._cached = []
        self._undo_checked = None

    # ------------------------------------------------------------------ for tests and tools
    def fingerprint(self, only_game: bool = False) -> tuple[Any, ...]:
        """All of the state, hidden parts included, as nested tuples: equal iff states are equal.

        With ``only_game``, the game's own fields only (not the engine's log, seed or streams).
        """
        parts: list[tuple[str, Any]] = []
        for cls in type(self).__mro__:
            if only_game and cls is State:
                continue
            for name in getattr(cls, "__slots__", ()):
                if name in self.CACHE_SLOTS or name == "game":
                    continue
                if name == "log":  # (seat, action) pairs are already plain values
                    parts.append((name, tuple(self.log)))
                elif name == "_events":  # plain tuples of JSON data, compared as they are
                    parts.append((name, tuple(self._events)))
                else:
                    parts.append((name, _freeze(getattr(self, name, None))))
        return tuple(parts)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to_act={list(self.to_act)}"
        return f"<{self.game.name} state: {self.players} players, {status}, {len(self.log)} actions>"


def _menu(node: dict[str, Any]) -> list[dict[str, Json]]:
    """A trie of menu steps as nested entries, folding a step that has a single choice."""
    entries: list[dict[str, Json]] = []
    for label, below in node.items():
        if isinstance(below, str):
            entries.append({"label": label, "action": below})
            continue
        choices = _menu(below)
        if len(choices) == 1:
            only = dict(choices[0])
            only["label"] = f"{label} {only['label']}"
            entries.append(only)
        else:
            entries.append({"label": label, "choices": choices})
    return entries


#: values that stand for themselves in a fingerprint (an action is its text)
_PLAIN = frozenset({int, str, float, bool, type(None), Action})


def _freeze(value: Any) -> Any:
    """``value`` as nested tuples of plain values (dicts and sets in a sorted order)."""
    cls = value.__class__
    if cls in _PLAIN:
        return value
    if cls is list or cls is tuple or isinstance(value, (list, tuple)):
        return tuple([v if v.__class__ in _PLAIN else _freeze(v) for v in value])
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(v) for v in value))
    if hasattr(value, "fingerprint"):
        return value.fingerprint()
    if isinstance(value, ActionTable):
        return id(value)
    return value

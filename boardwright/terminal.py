"""The terminal table: one game played at the keyboard, against bots or between people.

Each human seat sees only its own view (``game.render(state.view(seat))``) and the history as
``state.history(seat)`` redacts it; with several people at one keyboard, the screen is cleared and
the keyboard passed ("Pass the keyboard to seat N") whenever another person is to act, so a
sealed choice or a hand stays hidden from the others. Bots play through without input; a game of
bots only is shown as a spectator sees it.

This module imports Rich; the core package never imports it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.errors import MarkupError
from rich.markdown import Markdown
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from .agents import Agent
from .engine import Action, IllegalAction, State, save_record

#: how many earlier history lines are shown before a person's turn
RECENT = 12

QUIT = ("quit", "exit", "q")

COMMANDS = [
    ("a number or an action's text", "take that action"),
    ("help", "these commands, and what each legal action does"),
    ("rules", "the rules notes of this game"),
    ("board", "show the board again"),
    ("history", "every action so far, as you may see it"),
    ("quit", "leave the game (saved first, with --save)"),
]


class Quit(Exception):
    """A person typed ``quit``."""


def print_markup(console: Console, text: str) -> None:
    """Print text that may hold Rich markup; print it plainly if the markup is broken."""
    try:
        console.print(text)
    except MarkupError:
        console.print(text, markup=False)


def print_notes(console: Console, notes: str) -> None:
    """Rules notes: rendered Markdown on a terminal, the plain text otherwise."""
    if console.is_terminal:
        console.print(Markdown(notes))
    else:
        console.print(notes, markup=False, highlight=False)


class TerminalTable:
    """A game in the terminal: seats are ``"human"`` or bots (an :class:`Agent` per bot seat)."""

    def __init__(self, console: Console, state: State, seats: Sequence[str], bots: dict[int, Agent],
                 save: str | None = None, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self.state = state
        self.game = state.game
        self.seats = list(seats)
        self.bots = bots
        self.humans = [seat for seat in range(state.players) if seat not in bots]
        self.save = save
        self.read = read or self.read_line
        #: the person now at the keyboard (only matters with two or more people)
        self.at_keyboard: int | None = None
        #: per viewer: history lines already shown and settled (no sealed choice still hidden)
        self.seen: dict[int | None, int] = {}

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        """Play to the end (or until quit, end of input, Ctrl-C); the process exit code."""
        try:
            self.introduce()
            while not self.state.is_over:
                seat = self.next_seat()
                if seat in self.bots:
                    self.state.apply(seat, self.bots[seat].choose(self.state, seat))
                    if not self.humans and not self.state.is_sealed:
                        self.show_history(None)
                else:
                    self.human_turn(seat)
            self.finish()
        except Quit:
            self.console.print("You left the game.")
            return self.leave()
        except EOFError:
            self.console.print("\nEnd of input: leaving the game.")
            return self.leave()
        except KeyboardInterrupt:
            self.console.print("\nInterrupted: leaving the game.")
            code = self.leave()
            return code if code else 130
        except BaseException:
            self.leave()
            raise
        return self.leave()

    def next_seat(self) -> int:
        """Who acts now: bots first in a sealed decision, then the people in seat order."""
        to_act = self.state.to_act
        for seat in to_act:
            if seat in self.bots:
                return seat
        return to_act[0]

    def leave(self) -> int:
        """Save the record (finished or not) when asked to; 2 if it cannot be written."""
        if self.save is None:
            return 0
        try:
            save_record(self.state, self.save)
        except OSError as error:
            print(f"boardwright: cannot save the game record to {self.save}: {error.strerror or error}",
                  file=sys.stderr)
            return 2
        self.console.print(f"Game record saved to {escape(str(Path(self.save)))} "
                           f"(replay it with: boardwright replay {escape(self.save)})")
        self.save = None
        return 0

    def read_line(self, prompt: str) -> str:
        """One line from the keyboard; echoed when the input is piped, so a transcript reads well."""
        entry = self.console.input(prompt)
        if not sys.stdin.isatty():
            self.console.print(entry, markup=False)
        return entry

    # ------------------------------------------------------------------ showing
    def introduce(self) -> None:
        state = self.state
        self.console.print(Rule(f"{escape(self.game.name)} — {state.players} players"))
        for seat, spec in enumerate(self.seats):
            self.console.print(f"  seat {seat}: {escape(spec)}")
        if self.humans:
            self.console.print("Type the number of an action or its text; "
                               "[bold]help[/bold], [bold]rules[/bold], [bold]quit[/bold].")
        else:
            self.show_board(None)

    def seat_name(self, seat: int) -> str:
        return f"seat {seat} ({self.seats[seat]})"

    def show_board(self, viewer: int | None) -> None:
        title = "spectator's view" if viewer is None else f"seat {viewer}'s view"
        self.console.print(Rule(title, style="dim"))
        print_markup(self.console, self.game.render(self.state.view(viewer)))

    def show_history(self, viewer: int | None, everything: bool = False) -> None:
        """The history lines ``viewer`` has not seen yet (all of them with ``everything``).

        During a sealed decision, the choices already committed are shown as the viewer may see
        them now and shown again once they are revealed.
        """
        lines = self.state.history(viewer)
        settled = len(lines) - (len(self.state.committed()) if self.state.is_sealed else 0)
        start = 0 if everything else self.seen.get(viewer, 0)
        if not everything:
            self.seen[viewer] = settled
        new = lines[start:]
        if not everything and len(new) > RECENT:
            self.console.print(f"  [dim]... {len(new) - RECENT} earlier actions[/dim]")
            new = new[-RECENT:]
        for actor, text in new:
            who = "you" if actor == viewer else self.seat_name(actor)
            self.console.print(f"  [dim]{escape(who)}:[/dim] {escape(str(text))}")

    def show_actions(self, actions: Sequence[Action], described: bool = False) -> None:
        if described:
            for number, action in enumerate(actions, 1):
                text = str(action)
                self.console.print(f"  [bold]{number:>3}[/bold]  {escape(text)}  "
                                   f"[dim]— {escape(self.game.describe_action(text))}[/dim]")
            return
        cells = [f"[bold]{number:>3}[/bold] {escape(str(action))}"
                 for number, action in enumerate(actions, 1)]
        self.console.print(Columns(cells, padding=(0, 3)))

    def clear_screen(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\033[3J")  # the scrollback too
            self.console.file.flush()
        else:
            self.console.print("\n[dim]── screen cleared ──[/dim]\n")

    def finish(self) -> None:
        state = self.state
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.show_history(viewer)
        self.show_board(None)
        scores = state.scores()
        winners = state.winners()
        table = Table(title="Final scores", title_justify="left")
        for column in ("seat", "player", "score", ""):
            table.add_column(column)
        for seat in range(state.players):
            table.add_row(str(seat), escape(self.seats[seat]), f"{scores[seat]:g}",
                          "winner" if seat in winners else "")
        self.console.print(table)
        if len(winners) == 1:
            self.console.print(f"[bold]{escape(self.seat_name(winners[0]))} wins.[/bold]")
        elif winners:
            names = ", ".join(self.seat_name(seat) for seat in winners)
            self.console.print(f"[bold]Shared win: {escape(names)}.[/bold]")
        else:
            self.console.print("[bold]Nobody wins[/bold] (a solo game whose score target was missed).")
        # The seed rebuilds every hand and the deck order, so it is a secret until the game ends.
        self.console.print(f"[dim]This game's seed was {state.seed}: the same seed and seats play it again.[/dim]")

    # ------------------------------------------------------------------ a person's turn
    def hand_over(self, seat: int) -> None:
        """With two or more people, clear the screen and pass the keyboard to ``seat``."""
        if len(self.humans) < 2 or self.at_keyboard == seat:
            return
        if self.at_keyboard is not None:
            self.clear_screen()
        if self.read(f"Pass the keyboard to seat {seat}, press Enter ").strip().lower() in QUIT:
            raise Quit
        self.at_keyboard = seat

    def human_turn(self, seat: int) -> None:
        state = self.state
        self.hand_over(seat)
        self.console.print(Rule(f"Seat {seat} — your turn"))
        self.show_history(seat)
        self.show_board(seat)
        actions = state.legal_actions(seat)
        self.show_actions(actions)
        while True:
            entry = self.read(f"seat {seat}> ").strip()
            if not entry:
                continue
            command = entry.lower()
            if command in QUIT:
                raise Quit
            if command in ("help", "?"):
                self.show_help(actions)
                continue
            if command == "rules":
                print_notes(self.console, self.game.rules_notes())
                continue
            if command == "board":
                self.show_board(seat)
                self.show_actions(actions)
                continue
            if command == "history":
                self.show_history(seat, everything=True)
                continue
            if self.take(seat, entry, actions):
                return

    def take(self, seat: int, entry: str, actions: Sequence[Action]) -> bool:
        """Apply the action the entry means; on a bad entry say why and return False."""
        chosen: Action | str = entry
        if entry.isascii() and entry.isdigit():
            if len(entry) > 6 or not 1 <= int(entry) <= len(actions):
                shown = entry if len(entry) <= 6 else entry[:6] + "..."
                self.console.print(f"[red]There is no action {shown}: choose 1 to {len(actions)}, "
                                   f"or type help.[/red]")
                return False
            chosen = actions[int(entry) - 1]
        else:
            folded = " ".join(entry.split()).casefold()
            for action in actions:
                if str(action).casefold() == folded:
                    chosen = action
                    break
        try:
            self.state.apply(seat, chosen)
        except IllegalAction as error:
            self.console.print(f"[red]Not allowed — {escape(str(error))}[/red]")
            self.console.print("[dim]Type a number from the list, an action's text, or help.[/dim]")
            return False
        if len(self.humans) >= 2 and self.state.is_sealed:
            self.console.print("Your choice is sealed.")
        else:
            self.console.print(f"  [dim]you:[/dim] {escape(str(chosen))}")
        return True

    def show_help(self, actions: Sequence[Action]) -> None:
        self.console.print("[bold]Commands[/bold]")
        for command, meaning in COMMANDS:
            self.console.print(f"  [bold]{escape(command)}[/bold] — {escape(meaning)}")
        self.console.print("[bold]Your legal actions[/bold]")
        self.show_actions(actions, described=True)

"""The terminal table: one game played at the keyboard, against bots or between people.

It draws what the game provides and knows no rules: each human seat sees its own view
(``game.render(state.view(seat))``), the events it was told (``state.events(seat)``) as plain
sentences, a running score, a menu of its legal actions (``state.action_groups``) and, at the
end, the score breakdown. ``info`` prints a catalog entry. With several people at one keyboard,
the screen is cleared and the keyboard passed ("Pass the keyboard to Ada") whenever another
person is to act, so a sealed choice or a hand stays hidden from the others. Bots play through
without input ("Seat 3 is thinking…" while they search); a game of bots only is shown as a
spectator sees it. People are shown a seat as its person's name (``--names``), else counted from
1 ("Seat 1" is the API's seat 0): every text of the game is shown through :meth:`TerminalTable.said`.

This module imports Rich; the core package never imports it.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.errors import MarkupError, MissingStyle
from rich.markdown import Markdown
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text
from rich.theme import Theme

from .agents import Agent, hint
from .engine import Action, IllegalAction, State, save_record
from .engine.names import SEAT_MENTION, seat_label
from .plain import wrap_notes

#: one colour per seat, used for names, tokens and events (games write ``[seat2]...[/seat2]``)
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")
THEME = Theme({f"seat{number}": style for number, style in enumerate(SEAT_STYLES)})

#: how many earlier events are shown before a person's turn (``history`` shows them all)
RECENT = 40
#: a seat with more legal actions than this chooses in steps (the game's action menu)
MENU_AT = 12

QUIT = ("quit", "exit", "q")

COMMANDS = [
    ("a number or an action's text", "take that action (or open that step of the menu)"),
    ("back", "return to the previous step of the menu"),
    ("info NAME or info NUMBER", "what a card or piece does (the catalog entry)"),
    ("help", "these commands, and what each legal action does"),
    ("rules", "the quick reference to this game's rules"),
    ("board", "show the board again"),
    ("history", "everything that happened, as you were told it"),
    ("autopass", "switch passing reaction windows for you on or off"),
    ("hint", "the moves the search rates best here, with their win chances, and why"),
    ("quit", "leave the game (saved first, with --save)"),
]
#: listed only when the person may take back their last action now
UNDO = ("undo", "take back your last action (while it showed nothing hidden, drew nothing at random "
                "and nobody else has acted since)")

def seat_markup(seat: int, text: str | None = None) -> str:
    """``text`` (default "Seat N", counted from 1) in ``seat``'s colour, as Rich markup."""
    return f"[seat{seat}]{escape(text or seat_label(seat))}[/seat{seat}]"


def coloured(text: str, players: int, names: Sequence[str | None] = ()) -> str:
    """A text of the game (naming seats by the API's numbers) as markup: each mention of a seat
    of a table of ``players`` becomes its label (its name, else "Seat N" counted from 1) in
    that seat's colour."""
    def label(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= players:
            return match.group(0)
        return seat_markup(seat, seat_label(seat, names) + (match.group(2) or ""))
    return SEAT_MENTION.sub(label, escape(text))


class Quit(Exception):
    """A person typed ``quit``."""


def print_markup(console: Console, text: str) -> None:
    """Print text that may hold Rich markup; print it plainly if the markup is broken."""
    try:
        console.print(text)
    except (MarkupError, MissingStyle):
        console.print(text, markup=False)


def print_notes(console: Console, notes: str) -> None:
    """Markdown rules: rendered on a terminal, else the text wrapped to the width (nothing cut)."""
    if console.is_terminal:
        console.print(Markdown(notes), soft_wrap=False)
        return
    for wrapped in wrap_notes(notes, max(40, console.width)):
        console.print(wrapped, markup=False, highlight=False, soft_wrap=True)


class TerminalTable:
    """A game in the terminal: seats are ``"human"`` or bots (an :class:`Agent` per bot seat)."""

    def __init__(self, console: Console, state: State, seats: Sequence[str], bots: dict[int, Agent],
                 save: str | None = None, read: Callable[[str], str] | None = None,
                 auto_pass: bool = False, names: Sequence[str | None] = (), hints: bool = False,
                 hint_time: float = 1.0) -> None:
        self.console = console
        self.state = state
        self.game = state.game
        self.seats = list(seats)
        #: the people's display names, by seat (``None``: unnamed, shown counted from 1)
        self.names = list(names)
        self.bots = bots
        self.humans = [seat for seat in range(state.players) if seat not in bots]
        self.save = save
        self.read = read or self.read_line
        #: pass reaction windows for the people (``--auto-pass``; ``autopass`` switches it)
        self.auto_pass = auto_pass
        #: show a hint before each of a person's decisions (``--hints``), each searched this long
        self.hints = hints
        self.hint_time = hint_time
        #: the person now at the keyboard (only matters with two or more people)
        self.at_keyboard: int | None = None
        #: per viewer: how many of its events were already shown
        self.seen: dict[int | None, int] = {}
        self._catalog: dict[str, dict[str, Any]] | None = None

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        """Play to the end (or until quit, end of input, Ctrl-C); the process exit code."""
        try:
            self.introduce()
            while not self.state.is_over:
                seat = self.next_seat()
                if seat in self.bots:
                    self.bot_turn(seat)
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

    def watcher(self) -> int | None:
        """Whose events are shown as they happen: the one person playing, or the spectator of a
        game of bots (with several people, each sees what happened when the keyboard comes back)."""
        if not self.humans:
            return None
        return self.humans[0] if len(self.humans) == 1 else -1

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        if self.humans and self.console.is_terminal:
            with self.console.status(f"{self.seat_name(seat)} is thinking…"):
                action = bot.choose(self.state, seat)
        else:
            action = bot.choose(self.state, seat)
        self.state.apply(seat, action)
        watcher = self.watcher()
        if watcher != -1:
            self.show_events(watcher)

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
            you = " (you)" if len(self.humans) == 1 and seat == self.humans[0] else ""
            self.console.print(f"  {seat_markup(seat, self.label(seat))}: {escape(spec)}{you}")
        if self.humans:
            self.console.print("Type the number of an action or its text; "
                               "[bold]info[/bold] NAME, [bold]help[/bold], [bold]rules[/bold], [bold]quit[/bold].")
        else:
            self.show_board(None)

    def label(self, seat: int) -> str:
        """How people are shown ``seat``: its person's name, else "Seat N" counted from 1."""
        return seat_label(seat, self.names)

    def said(self, text: str) -> str:
        """A text of the game (an event, a menu label, a score line, a refusal) as markup, each
        seat it mentions shown by its :meth:`label` in its colour."""
        return coloured(text, self.state.players, self.names)

    def seat_name(self, seat: int) -> str:
        """A seat as markup: "Seat 3 (heuristic)", "Ada (human)", in its colour."""
        return seat_markup(seat, f"{self.label(seat)} ({self.seats[seat]})")

    def show_board(self, viewer: int | None) -> None:
        title = "spectator's view" if viewer is None else f"{self.label(viewer)}'s view"
        self.console.print(Rule(title, style="dim"))
        print_markup(self.console, self.game.render(self.state.view(viewer)))

    def show_scores(self) -> None:
        """The running score line (what a spectator could count: secret points come at the end)."""
        scores = self.state.scores()
        cells = "   ".join(f"{seat_markup(seat, self.label(seat))} {score}" for seat, score in enumerate(scores))
        self.console.print(f"[dim]Score[/dim]  {cells}")

    def show_events(self, viewer: int | None, everything: bool = False) -> None:
        """The events ``viewer`` was told and has not been shown yet (all of them with ``everything``)."""
        start = 0 if everything else self.seen.get(viewer, 0)
        new = self.state.events(viewer, since=start)
        if not everything:
            self.seen[viewer] = start + len(new)
            if len(new) > RECENT:
                self.console.print(f"  [dim]… {len(new) - RECENT} earlier events (type history)[/dim]")
                new = new[-RECENT:]
        for event in new:
            mine = " [dim](only you see this)[/dim]" if event.get("private") and viewer is not None else ""
            self.console.print(f"  [dim]•[/dim] {self.said(event['text'])}{mine}")

    def show_menu(self, entries: list[dict[str, Any]], described: bool = False) -> None:
        if described:
            for number, entry in enumerate(entries, 1):
                if "choices" in entry:
                    self.console.print(f"  [bold]{number:>3}[/bold]  {self.said(entry['label'])} ▸  "
                                       f"[dim]— {len(entry['choices'])} choices[/dim]")
                else:
                    text = entry["action"]
                    self.console.print(f"  [bold]{number:>3}[/bold]  {escape(text)}  "
                                       f"[dim]— {self.said(self.game.describe_action(text))}[/dim]")
            return
        cells = [f"[bold]{number:>3}[/bold] {self.said(entry['label'])}" + (" ▸" if "choices" in entry else "")
                 for number, entry in enumerate(entries, 1)]
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
        self.show_events(viewer)
        self.show_board(None)
        self.show_breakdown()
        winners = state.winners()
        if len(winners) == 1:
            self.console.print(f"[bold]{self.seat_name(winners[0])} wins.[/bold]")
        elif winners:
            names = ", ".join(self.seat_name(seat) for seat in winners)
            self.console.print(f"[bold]Shared win: {names}.[/bold]")
        else:
            self.console.print("[bold]Nobody wins[/bold] (a solo game whose score target was missed).")
        # The seed rebuilds every hand and the deck order, so it is a secret until the game ends.
        self.console.print(f"[dim]This game's seed was {state.seed}: the same seed and seats play it again.[/dim]")

    def show_breakdown(self) -> None:
        """Final scores, each seat's lines that make them, and how a tie was broken."""
        state = self.state
        winners = state.winners()
        self.console.print(Rule("Final scores"))
        tiebreaks = []
        for seat, entry in enumerate(state.score_breakdown()):
            won = "  [bold]winner[/bold]" if seat in winners else ""
            self.console.print(f"  {self.seat_name(seat)}  [bold]{entry['total']}[/bold] points{won}")
            for line in entry["lines"]:
                self.console.print(f"      {self.said(line['label'])}: {line['points']}")
            if entry.get("tiebreak"):
                tiebreaks.append(entry["tiebreak"])
        for text in dict.fromkeys(tiebreaks):
            self.console.print(f"Tie-break: {self.said(text)}")

    # ------------------------------------------------------------------ a person's turn
    def hand_over(self, seat: int) -> None:
        """With two or more people, clear the screen and pass the keyboard to ``seat``."""
        if len(self.humans) < 2 or self.at_keyboard == seat:
            return
        if self.at_keyboard is not None:
            self.clear_screen()
        if self.read(f"Pass the keyboard to {escape(self.label(seat))}, press Enter ").strip().lower() in QUIT:
            raise Quit
        self.at_keyboard = seat

    def menu(self, seat: int, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """The entries a person chooses from: the game's menu of steps for a long list."""
        if len(actions) > MENU_AT:
            return self.state.action_groups(seat)
        return [{"label": str(action), "action": str(action)} for action in actions]

    def human_turn(self, seat: int) -> None:
        state = self.state
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            self.hand_over(seat)
            self.act(seat, actions[0], note="your only choice, taken for you")
            return
        passing = state.pass_action(seat) if self.auto_pass else None
        if passing is not None:
            self.hand_over(seat)
            self.act(seat, passing, note="passed for you; type autopass during your turn to be asked")
            return
        self.hand_over(seat)
        self.console.print(Rule(f"{seat_markup(seat, self.label(seat))} — your turn"))
        self.show_events(seat)
        self.show_board(seat)
        self.show_scores()
        levels = [self.menu(seat, actions)]
        self.show_menu(levels[-1])
        if self.hints:
            self.show_hint(seat)
        if state.can_undo(seat):
            self.console.print("[dim]Type [bold]undo[/bold] to take back your last action.[/dim]")
        while True:
            entry = self.read(f"{escape(self.label(seat))}> ").strip()
            if not entry:
                continue
            command = entry.lower()
            if command in QUIT:
                raise Quit
            if command in ("help", "?"):
                self.show_help(seat, levels[-1])
            elif command == "undo":
                if self.take_back(seat):
                    return
            elif command == "rules":
                print_notes(self.console, self.game.rules_text())
            elif command == "board":
                self.show_board(seat)
                self.show_scores()
                self.show_menu(levels[-1])
            elif command == "history":
                self.show_events(seat, everything=True)
            elif command == "hint":
                self.show_hint(seat)
            elif command == "autopass":
                self.auto_pass = not self.auto_pass
                self.console.print("Reaction windows will be passed for you." if self.auto_pass
                                   else "You will be asked in every reaction window.")
            elif command == "back":
                if len(levels) > 1:
                    levels.pop()
                self.show_menu(levels[-1])
            elif command == "info" or command.startswith("info "):
                self.show_info(entry[4:].strip(), levels[-1])
            elif entry.isascii() and entry.isdigit():
                chosen = self.pick(entry, levels[-1])
                if chosen is None:
                    continue
                if "choices" in chosen:
                    levels.append(chosen["choices"])
                    self.console.print(f"[bold]{self.said(chosen['label'])}[/bold] — choose (or [bold]back[/bold]):")
                    self.show_menu(levels[-1])
                elif self.act(seat, chosen["action"]):
                    return
            elif self.act(seat, self.by_text(entry, actions, self.shown)):
                return

    def take_back(self, seat: int) -> bool:
        """Take back the person's last action, with the actions taken for them after it (a single
        choice, a pass), so that they choose again; on a refusal say why and return False."""
        trial = self.state.clone()
        count = 0
        while True:
            try:
                trial.undo(seat)
            except IllegalAction as error:
                self.console.print(f"[red]Not allowed — {self.said(str(error))}[/red]")
                return False
            count += 1
            if len(trial.legal_actions(seat)) > 1 and not (self.auto_pass and trial.pass_action(seat) is not None):
                break
        self.state.undo(seat, count)
        return True

    def pick(self, entry: str, entries: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The menu entry a number means, or None (and why) for a number that is none."""
        if len(entry) > 6 or not 1 <= int(entry) <= len(entries):
            shown = entry if len(entry) <= 6 else entry[:6] + "..."
            self.console.print(f"[red]There is no action {shown}: choose 1 to {len(entries)}, "
                               f"or type help.[/red]")
            return None
        return entries[int(entry) - 1]

    def shown(self, text: str) -> str:
        """A text of the game as a person reads it here (:meth:`said` without its colours)."""
        return Text.from_markup(self.said(text)).plain

    @staticmethod
    def by_text(entry: str, actions: Sequence[Action], shown: Callable[[str], str] = str) -> Action | str:
        """The legal action whose text the entry is, or its text as shown (``shown``: seats by
        their labels), whatever its case and spacing (else the entry)."""
        folded = " ".join(entry.split()).casefold()
        for action in actions:
            if folded in (str(action).casefold(), " ".join(shown(str(action)).split()).casefold()):
                return action
        return entry

    def act(self, seat: int, chosen: Action | str, note: str = "") -> bool:
        """Apply an action and tell what came of it; on a refusal say why and return False."""
        try:
            self.state.apply(seat, chosen)
        except IllegalAction as error:
            self.console.print(f"[red]Not allowed — {self.said(str(error))}[/red]")
            self.console.print("[dim]Type a number from the list, an action's text, or help.[/dim]")
            return False
        if note:
            self.console.print(f"  [dim]({escape(note)})[/dim]")
        self.show_events(seat)
        if len(self.humans) >= 2 and self.state.is_sealed:
            self.console.print("Your choice is sealed.")
        return True

    def show_hint(self, seat: int) -> None:
        """The search's best moves for ``seat`` (win chance, mean final score, simulations) and
        why the first beats the second, seats named as this table names them."""
        if self.console.is_terminal:
            with self.console.status(f"Searching for a hint ({self.hint_time:g} s)…"):
                advice = hint(self.state, seat, time=self.hint_time)
        else:
            advice = hint(self.state, seat, time=self.hint_time)
        self.console.print(f"[bold]Hint[/bold] [dim]({advice['iterations']:,} simulations; "
                           f"win chance, then mean score at their end)[/dim]")
        for number, move in enumerate(advice["moves"], 1):
            self.console.print(f"  [bold]{number:>3}[/bold]  {self.said(move['action'])}  [dim]—[/dim] "
                               f"wins {round(move['win'] * 100)}%, {move['score']:.1f} points "
                               f"[dim]({move['visits']:,} simulations)[/dim]")
        self.console.print(f"  {self.said(advice['why'])}")

    # ------------------------------------------------------------------ help and the catalog
    def show_help(self, seat: int, entries: list[dict[str, Any]]) -> None:
        self.console.print("[bold]Commands[/bold]")
        commands = [*COMMANDS[:-1], UNDO, COMMANDS[-1]] if self.state.can_undo(seat) else COMMANDS
        for command, meaning in commands:
            self.console.print(f"  [bold]{escape(command)}[/bold] — {escape(meaning)}")
        self.console.print("[bold]Your legal actions[/bold]")
        self.show_menu(entries, described=True)

    def catalog(self) -> dict[str, dict[str, Any]]:
        if self._catalog is None:
            self._catalog = self.game.catalog(self.state.options)
        return self._catalog

    def show_info(self, what: str, entries: list[dict[str, Any]]) -> None:
        """The catalog entry named by ``what``, or of the piece the numbered menu entry concerns."""
        catalog = self.catalog()
        if not what:
            self.console.print("[dim]Type info and a name (info Battery) or the number of an action.[/dim]")
            return
        if what.isascii() and what.isdigit():
            entry = self.pick(what, entries)
            if entry is None:
                return
            text = entry.get("action") or entry["label"]
            names = [name for name in sorted(catalog, key=len, reverse=True) if name.casefold() in text.casefold()]
            if not names:
                self.console.print(f"[dim]'{escape(text)}' names no card or piece; "
                                   f"{escape(self.game.describe_action(text))}[/dim]")
                return
            what = names[0]
        folded = what.casefold()
        found = [name for name in catalog if name.casefold() == folded]
        if not found:
            found = [name for name in catalog if folded in name.casefold()]
        if not found:
            self.console.print(f"[red]Nothing in {escape(self.game.name)} is called '{escape(what[:60])}'.[/red]")
            return
        if len(found) > 1:
            listed = ", ".join(sorted(found)[:20])
            self.console.print(f"Which one? {escape(listed)}")
            return
        self.print_entry(found[0], catalog[found[0]])

    def print_entry(self, name: str, entry: dict[str, Any]) -> None:
        facts = [f"{key} {value}" for key, value in entry.items()
                 if key not in ("kind", "text") and isinstance(value, (int, str)) and not isinstance(value, bool)]
        head = f"[bold]{escape(name)}[/bold] [dim]({escape(str(entry.get('kind', '')))})[/dim]"
        if facts:
            head += "  " + escape(" · ".join(facts))
        self.console.print(head)
        width = max(40, min(self.console.width, 100) - 4)
        for line in textwrap.wrap(str(entry.get("text", "")), width):
            self.console.print(f"    {escape(line)}")

"""The ``boardwright`` command: play in the terminal, simulate batches, read rules, replay records.

    boardwright games                                  the games, with their player counts
    boardwright options GAME                           a game's options (name, type, default, doc)
    boardwright levels GAME                            the bot levels (easy ... expert) and what each plays
    boardwright rules GAME [--notes]                   a game's quick reference (or our design notes)
    boardwright rules GAME --content FILE              ... and the card texts of a content file
    boardwright content check FILE [--game GAME]       validate a content file; what it changes
    boardwright play GAME --seats human,heuristic      play at the keyboard (--names Ada,...)
    boardwright simulate GAME -n 1000 --jobs 2         a batch of AI games and its statistics
    boardwright replay FILE [--seat N] [--step]        step through a saved game record
    boardwright review FILE --seat N [--time T]        a finished game's mistakes, and a plot of them
    boardwright tournament GAME --seats a,b -n 300     agents over every seating, with ratings
    boardwright balance GAME --players 2,3 -n 5000     the balance lab: a report of AI games
    boardwright serve [--db URL]                       the game server: tables in the browser
    boardwright admin [--db URL] tables|accounts|end|delete|disable|enable|reset-password ...
                                                       the server's operator: tables and accounts

Each command needs the extras :data:`COMMANDS` names (the terminal's Rich for ``play``, the lab's
alone for ``balance``, the server's for ``serve``, none for the commands that only print: they
print plain text when Rich is missing) and imports them only when it runs, so
``pip install 'boardwright[web]'`` alone serves and ``pip install 'boardwright[rl]'`` alone
lists, simulates and replays; a command whose extra is missing says which to install.

Exit codes: 0 done (also after ``quit`` or end of input), 1 a game failed in a batch, 2 a bad
command line, game, option, content file or record, or a missing extra (one line on stderr), 130
Ctrl-C.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import boardwright as bw

from .. import agents
from ..agents.coach import check_budget
from ..engine import BoardwrightError, Game, State, load_record, parse_option_pairs, resolve_options, save_record
from ..engine.names import check_name, seat_label
from ..sim import SimulationError, agent_seed, check_task, make_tasks, run_tasks, summarize
from ..sim.report import print_report, report_json
from ..sim.tournament import run_tournament
from ..web.limits import Limits
from . import output
from .balance import ablate_target
from .content import add_content_arguments, card_texts, cmd_content
from .output import escape
from .progress import progress_bar
from .review import add_review_arguments, cmd_review

if TYPE_CHECKING:
    from rich.console import Console

HUMAN = "human"
#: what each extra (pyproject.toml) installs that a command imports
EXTRA_MODULES = {
    "cli": ("rich",),
    "ai": ("openskill",),
    "lab": ("numpy", "scipy", "matplotlib", "psutil"),  # and Ray, asked for by --backend ray alone
    "web": ("starlette", "uvicorn", "sqlalchemy", "alembic"),
}


class UsageError(Exception):
    """A bad command line: reported as one line on stderr, exit code 2."""


# ---------------------------------------------------------------------------- shared setup
def load_game(game_id: str) -> Game:
    try:
        return bw.load(game_id)
    except ValueError as error:
        raise UsageError(str(error)) from None


def split_seats(text: str) -> list[str]:
    """The ``--seats`` list, one agent spec (or ``human``) per seat."""
    try:
        return agents.split_specs(text)
    except ValueError as error:
        raise UsageError(f"--seats has {error}") from None


@dataclass
class Setup:
    """The game, seats and options a command line asks for, checked."""

    game: Game
    players: int
    seats: list[str]
    options: dict[str, Any]


def setup(args: argparse.Namespace, default_seat: str | None) -> Setup:
    """Check ``GAME --players --seats --option --content``; errors are :class:`UsageError`."""
    game = load_game(args.game)
    options: dict[str, Any] = dict(parse_option_pairs(args.option or []))
    content = getattr(args, "content", None)
    if content is not None:
        if "content" not in {option.name for option in game.options}:
            raise UsageError(f"{game.name} takes no content file (it has no 'content' option)")
        options["content"] = content
    resolve_options(game.id, game.options, options)
    seats = split_seats(args.seats) if args.seats else None
    players = args.players
    if players is None:
        players = len(seats) if seats else game.default_players
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"{game.name} plays {game.player_range()} players, not {players}")
    if seats is None:
        bot = "heuristic" if game.bot else "random"
        seats = ([default_seat] if default_seat else [bot]) + [bot] * (players - 1)
        seats = seats[:players]
    if len(seats) != players:
        raise UsageError(f"--seats names {len(seats)} seats but --players is {players}")
    for seat, spec in enumerate(seats):
        if spec != HUMAN:
            check_agent(game, seat, spec)
    return Setup(game, players, seats, options)


def split_names(text: str, seats: Sequence[str]) -> list[str | None]:
    """``--names``: one display name per seat, in seat order, each checked as the game server
    checks one (:func:`boardwright.engine.names.check_name`); an empty entry leaves a seat
    unnamed, and a bot's seat takes none (it is shown by its spec)."""
    entries = text.split(",")
    if len(entries) > len(seats):
        raise UsageError(f"--names gives {len(entries)} names but the game has {len(seats)} seats")
    names: list[str | None] = []
    for seat, entry in enumerate(entries):
        if not entry.strip():
            names.append(None)
            continue
        if seats[seat] != HUMAN:
            raise UsageError(f"--names: {seat_label(seat)} is a bot ({seats[seat]}); leave its name empty")
        try:
            names.append(check_name(entry, "--names"))
        except ValueError as error:
            raise UsageError(f"--names {entry.strip()[:30]!r}: {error}") from None
    return names


def check_agent(game: Game, seat: int, spec: str) -> None:
    """A bot's spec for ``seat``: a known agent with valid settings, which the game can play."""
    try:
        agents.check(spec, game)
    except ValueError as error:
        raise UsageError(f"seat {seat}: {error}") from None


def new_state(game: Game, players: int, seed: int | None, options: dict[str, Any]) -> State:
    try:
        return game.new(players=players, seed=seed, options=options)
    except ValueError as error:  # includes OptionError and ContentError
        raise UsageError(str(error)) from None


def require(command: str, extras: Sequence[str]) -> None:
    """Refuse ``command`` in one line that says what to install when a module of one of its
    ``extras`` cannot be imported."""
    missing: dict[str, ImportError] = {}
    for extra in extras:
        for module in EXTRA_MODULES[extra]:
            try:
                importlib.import_module(module)
            except ImportError as error:
                missing.setdefault(extra, error)
    if missing:
        names = ",".join(missing)
        which = f"the {names} extra" if len(missing) == 1 else f"the extras {', '.join(missing)}"
        raise UsageError(f"{command} needs {which}: pip install 'boardwright[{names}]' "
                         f"({next(iter(missing.values()))})")


# ---------------------------------------------------------------------------- commands
def cmd_games(args: argparse.Namespace, console: Console) -> int:

    ids = bw.games()
    if not ids:
        console.print("No games are registered yet.")
        return 0
    table = output.table("id", "name", "players")
    for game_id in ids:
        game = bw.load(game_id)
        table.add_row(game_id, escape(game.name), game.player_range())
    console.print(table)
    return 0


def cmd_levels(args: argparse.Namespace, console: Console) -> int:

    game = load_game(args.game)
    table = output.table("level", "plays as", "agent spec", title=f"{escape(game.name)} bot levels, weakest first",
                  title_justify="left")
    for level in agents.levels(game):
        table.add_row(level["name"], escape(level["about"]), escape(level["spec"]))
    console.print(table)
    console.print("Seat one by its name (--seats human,hard); parameters after the name change the level's "
                  "own (hard:iterations=1000).", highlight=False)
    return 0


def cmd_options(args: argparse.Namespace, console: Console) -> int:

    game = load_game(args.game)
    if not game.options:
        console.print(f"{escape(game.name)} has no options.")
        return 0
    table = output.table("name", "type", "default", "doc", title=f"{escape(game.name)} options",
                  title_justify="left")
    for option in game.options:
        default = "—" if option.default is None else str(option.default)
        table.add_row(option.name, escape(option.describe_type()), escape(default), escape(option.doc))
    console.print(table)
    return 0


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    game = load_game(args.game)
    notes = game.rules_notes() if args.notes else game.rules_text()
    if args.content is not None:
        if "content" not in {option.name for option in game.options}:
            raise UsageError(f"{game.name} takes no content file (it has no 'content' option)")
        notes += "\n\n" + card_texts(game, content_path(args.content))
    output.print_notes(console, notes)
    return 0


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from ..terminal import TerminalTable

    chosen = setup(args, default_seat=HUMAN)
    try:
        check_budget(args.hint_time, None)
    except ValueError as error:
        raise UsageError(f"--hint-time: {error}") from None
    if args.save is not None:
        target = Path(args.save)
        if target.is_dir():
            raise UsageError(f"--save {args.save}: is a folder; name a file to write the record to")
        if not target.resolve().parent.is_dir():
            raise UsageError(f"--save {args.save}: there is no folder {target.parent}")
    state = new_state(chosen.game, chosen.players, args.seed, chosen.options)
    assert state.seed is not None
    if args.save is not None:
        try:  # written now, so a path that cannot be written is refused before anyone plays
            save_record(state, args.save)
        except OSError as error:
            raise UsageError(f"--save {args.save}: cannot be written ({error.strerror or error})") from None
    bots = {seat: agents.make(spec, seed=agent_seed(state.seed, seat))
            for seat, spec in enumerate(chosen.seats) if spec != HUMAN}
    names = split_names(args.names, chosen.seats) if args.names else []
    return TerminalTable(console, state, chosen.seats, bots, save=args.save, auto_pass=args.auto_pass,
                         names=names, hints=args.hints, hint_time=args.hint_time).run()


#: the most games one batch command plays (a balance study: all player counts and versions together)
MAX_GAMES = 1_000_000


def check_batch(n: int, jobs: int, per_n: int = 1, remote: bool = False) -> int:
    """``-n`` and ``--jobs`` of a batch command: at least one game and at most :data:`MAX_GAMES` in
    all (``n * per_n``), and 1 to this machine's cores worker processes (any number when the games
    go to a remote cluster). The number of games."""
    if n < 1:
        raise UsageError(f"-n must be at least 1, not {n}")
    total = n * per_n
    if total > MAX_GAMES:
        made = f"; -n {n} makes {total:,}" if per_n > 1 else f", not {n:,}"
        raise UsageError(f"a batch plays at most {MAX_GAMES:,} games{made}")
    cores = os.cpu_count() or 1
    if jobs < 1 or (jobs > cores and not remote):
        raise UsageError(f"--jobs is 1 to {cores} (this machine's cores), not {jobs}")
    return total


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    chosen = setup(args, default_seat=None)
    if HUMAN in chosen.seats:
        raise UsageError("simulate plays bots only: a seat cannot be human")
    check_batch(args.n, args.jobs)
    module = type(chosen.game).__module__
    tasks = make_tasks(chosen.game.id, chosen.seats, args.n, args.seed, chosen.options, module)
    try:
        check_task(tasks[0])
    except ValueError as error:
        raise UsageError(str(error)) from None
    start = time.perf_counter()
    try:
        with progress_bar(chosen.game.name, args.n, quiet=args.json) as advance:
            results = run_tasks(tasks, args.jobs, progress=advance)
    except SimulationError as error:
        print(f"boardwright: {error}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    summary = summarize(results)
    if args.json:
        options = resolve_options(chosen.game.id, chosen.game.options, chosen.options)
        report = report_json(chosen.game.id, chosen.players, args.seed, options, summary)
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        title = f"{chosen.game.name}, {chosen.players} players, seed {args.seed}"
        print_report(console, escape(title), summary, elapsed)
    return 0


def cmd_tournament(args: argparse.Namespace, console: Console) -> int:
    game = load_game(args.game)
    options: dict[str, Any] = dict(parse_option_pairs(args.option or []))
    resolve_options(game.id, game.options, options)
    seats = split_seats(args.seats)
    check_batch(args.n, args.jobs)
    if HUMAN in seats:
        raise UsageError("a tournament plays bots only: a seat cannot be human")
    try:
        with progress_bar(f"{game.name} tournament", args.n, quiet=args.json) as advance:
            shown = [0]

            def progress(done: int, total: int) -> None:
                if advance is not None:
                    advance(done - shown[0])
                    shown[0] = done

            result = run_tournament(game.id, seats, args.n, args.players, args.seed, options, args.jobs,
                                    progress=progress, module=type(game).__module__)
    except SimulationError as error:
        print(f"boardwright: {error}", file=sys.stderr)
        return 1
    except ValueError as error:
        raise UsageError(str(error)) from None
    text = json.dumps(result.as_json(), indent=2) if args.json else result.table()
    sys.stdout.write(text + "\n")
    return 0




def player_counts(text: str, game: Game) -> list[int]:
    """``--players 2,3,4``: the player counts of a study, each within the game's range."""
    counts: list[int] = []
    for piece in text.split(","):
        try:
            count = int(piece.strip())
        except ValueError:
            raise UsageError(f"--players takes player counts like 2 or 2,3,4, not {text!r}") from None
        if not game.min_players <= count <= game.max_players:
            raise UsageError(f"{game.name} plays {game.player_range()} players, not {count}")
        if count not in counts:
            counts.append(count)
    return sorted(counts)


def seats_per_count(texts: Sequence[str] | None, counts: Sequence[int], game: Game) -> dict[int, tuple[str, ...]]:
    """``--seats``: a single spec fills every seat of every player count; a list names one spec
    per seat of the count of its length (repeat ``--seats`` for several counts). Default: the
    game's heuristic bot (or random) everywhere."""
    lists: dict[int, list[str]] = {}
    single: str | None = None
    for text in texts or ["heuristic" if game.bot else "random"]:
        specs = split_seats(text)
        if len(specs) == 1 and single is None:
            single = specs[0]
        elif len(specs) in lists or len(specs) == 1:
            raise UsageError(f"--seats gives two lists for {len(specs)} players")
        elif len(specs) not in counts:
            raise UsageError(f"--seats names {len(specs)} seats but --players is {','.join(map(str, counts))}")
        else:
            lists[len(specs)] = specs
    seats: dict[int, tuple[str, ...]] = {}
    for count in counts:
        chosen = lists.get(count) or ([single] * count if single is not None and count not in lists else None)
        if chosen is None:
            raise UsageError(f"--seats gives no list for {count} players (one spec alone fills every seat)")
        for seat, spec in enumerate(chosen):
            if spec == HUMAN:
                raise UsageError("balance plays bots only: a seat cannot be human")
            check_agent(game, seat, spec)
        seats[count] = tuple(chosen)
    return seats


def output_folder(text: str, flag: str = "--out") -> Path:
    """``--out`` (or ``flag``): a folder that exists or whose parent does, and can be written."""
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{flag} {text}: is a file; name a folder")
    parent = folder if folder.exists() else folder.resolve().parent
    if not parent.is_dir():
        raise UsageError(f"{flag} {text}: there is no folder {parent}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"{flag} {text}: {parent} cannot be written")
    try:
        folder.mkdir(exist_ok=True)  # made now: a folder that cannot be made is refused before any game
    except OSError as error:
        raise UsageError(f"{flag} {text}: cannot be made ({error.strerror or error})") from None
    return folder


def content_path(text: str) -> str:
    """A content file named on the command line, as an absolute path (workers may run elsewhere)."""
    path = Path(text).expanduser()
    if not path.is_file():
        raise UsageError(f"{text}: there is no such content file")
    try:
        with path.open("rb") as handle:
            handle.read(1)
    except OSError as error:
        raise UsageError(f"{text}: cannot be read ({error.strerror or error})") from None
    return str(path.resolve())


def cmd_balance(args: argparse.Namespace, _console: None) -> int:
    from ..sim.lab import Plan, Version, backends, study
    from ..sim.lab.report import write

    game = load_game(args.game)
    counts = player_counts(args.players, game) if args.players else [game.default_players]
    seats = seats_per_count(args.seats, counts, game)
    if args.backend not in ("process", "ray"):
        raise UsageError(f"--backend is process or ray, not {args.backend!r}")
    if args.ray_address and args.backend != "ray":
        raise UsageError("--ray-address goes with --backend ray")
    options: dict[str, Any] = dict(parse_option_pairs(args.option or []))
    declared = {option.name for option in game.options}
    if (args.content or args.compare_content) and "content" not in declared:
        raise UsageError(f"{game.name} takes no content file (it has no 'content' option)")
    if args.content:
        options["content"] = content_path(args.content)
    versions = [("A", options)]
    if args.compare_content and args.compare_option:
        raise UsageError("compare either a content file (--compare-content) or options (--compare-option), not both")
    if args.compare_content:
        versions = [("A", options), (f"B ({Path(args.compare_content).name})",
                                     {**options, "content": content_path(args.compare_content)})]
    elif args.compare_option:
        changed = parse_option_pairs(args.compare_option)
        label = "B (" + ", ".join(f"{k}={v}" for k, v in changed.items()) + ")"
        versions = [("A", options), (label, {**options, **changed})]
    for _, chosen in versions:
        resolve_options(game.id, game.options, chosen)
    total = check_batch(args.n, args.jobs, len(counts) * len(versions), remote=bool(args.ray_address))
    plan = Plan(game.id, tuple(counts), seats, args.n, args.seed,
                tuple(Version(label, chosen) for label, chosen in versions), module=type(game).__module__)
    for task in {(t.seats, repr(sorted(t.options.items()))): t for t in plan.tasks()}.values():
        try:
            check_task(task)
        except ValueError as error:
            raise UsageError(str(error)) from None
    folder = output_folder(args.out or f"balance-{game.id}")
    ablate = ablate_target(args.ablate, game, options, folder)
    export = output_folder(args.export, "--export") if args.export else None
    started = False
    if args.backend == "ray":
        try:
            started = backends.start_ray(args.jobs, args.ray_address)
        except ImportError as missing:
            raise UsageError(f"--backend ray needs Ray: pip install 'boardwright[lab]' ({missing})") from None
        except Exception as error:
            raise UsageError(f"Ray did not start{' at ' + args.ray_address if args.ray_address else ''}: "
                             f"{' '.join(str(error).split())[:300]}") from None
    try:
        with progress_bar(f"{game.name} balance", total, rate="games/s") as advance:
            report = study(plan, game.name, args.backend, args.jobs, args.ray_address, advance, ablate, folder,
                           export)
    except SimulationError as error:
        print(f"boardwright: {error}", file=sys.stderr)
        return 1
    finally:
        if started:
            import ray

            ray.shutdown()
    try:
        written = write(report, folder)
    except OSError as error:
        raise UsageError(f"--out {args.out}: cannot be written ({error.strerror or error})") from None
    for line in report["headline"]:  # plain text: the lab extra alone runs this command
        print(line)
    timing = report["timing"]
    rate = timing["games_per_second"] or 0.0
    print(f"{timing['games']} games in {timing['seconds']:.1f} s ({rate:,.1f} games/s); "
          f"report: {written['report.html']}")
    return 0


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    from .output import coloured, print_markup

    try:
        record = load_record(args.file)
        game = bw.load(record["game"])
        bw.replay(record, content=args.content)  # the whole record is checked before anything is shown
        state = bw.replay(record, until=0, content=args.content)
    except (BoardwrightError, ValueError) as error:
        text = str(error)
        raise UsageError(text if text.startswith(args.file) else f"{args.file}: {text}") from None
    viewer = args.seat
    if viewer is not None and not 0 <= viewer < record["players"]:
        raise UsageError(f"--seat {viewer}: the game has seats 0 to {record['players'] - 1}")
    # people count seats from 1 ("Seat 1"); --seat takes the API's number, as records and the engine do
    who = "the spectator" if viewer is None else f"{seat_label(viewer)} (--seat {viewer})"
    players = record["players"]
    console.print(f"[bold]{escape(game.name)}[/bold], {state.players} players, seed {state.seed}: "
                  f"{len(record['actions'])} actions, seen by {who}")
    print_markup(console, game.render(state.view(viewer)))
    told = 0
    for number, (actor, text) in enumerate(record["actions"], 1):
        if args.step and not wait_for_enter(console):
            return 0
        sealed_before = len(state.committed()) if state.is_sealed else 0
        state.apply(actor, text)
        lines = state.history(viewer)
        console.rule(f"{number}. {seat_label(actor)}: {coloured(str(lines[-1][1]), players)}", align="left")
        if sealed_before and not state.is_sealed:
            revealed = "; ".join(f"{seat_label(s)}: {coloured(str(t), players)}" for s, t in lines[-sealed_before - 1:])
            console.print(f"[dim]revealed: {revealed}[/dim]")
        new = state.events(viewer, since=told)
        told += len(new)
        for event in new:
            if event["kind"] != "acted":
                console.print(f"  [dim]•[/dim] {coloured(event['text'], players)}")
        print_markup(console, game.render(state.view(viewer)))
    if state.is_over:
        scores = ", ".join(f"{seat_label(seat)}: {score:g}" for seat, score in enumerate(state.scores()))
        console.print(f"Final scores: {scores}; winners: {', '.join(map(seat_label, state.winners()))}")
        for seat, entry in enumerate(state.score_breakdown()):
            made_of = "; ".join(f"{line['label']} {line['points']}" for line in entry["lines"])
            console.print(f"  {seat_label(seat)}: {entry['total']} = {coloured(made_of, players)}", highlight=False)
            if entry.get("tiebreak"):
                console.print(f"  tie-break: {coloured(entry['tiebreak'], players)}")
    else:
        console.print("The record ends before the game does.")
    return 0


def cmd_serve(args: argparse.Namespace, _: None) -> int:
    from ..web.http import parse_origins
    from ..web.server import serve
    from ..web.smtp import check_mail_flags

    if not 0 < args.port < 65536:
        raise UsageError(f"--port is 1 to 65535, not {args.port}")
    try:
        limits = Limits.from_args(args)
        parse_origins(limits.allow_origins)  # checked before the server opens its database
        check_mail_flags(limits.smtp, limits.smtp_from)
    except ValueError as error:
        raise UsageError(str(error)) from None
    serve(args.host, args.port, args.db, limits)
    return 0


def cmd_admin(args: argparse.Namespace, _: None) -> int:
    from ..web.admin import run

    return run(args)


def wait_for_enter(console: Console) -> bool:
    """Wait for Enter; False when the viewer types q or the input ends."""
    try:
        return console.input("[dim]Enter: next action, q: quit[/dim] ").strip().lower() not in ("q", "quit")
    except EOFError:
        return False


# ---------------------------------------------------------------------------- the parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardwright",
                                     description="Play, simulate and replay tabletop games.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser("games", help="list the games")
    sub = commands.add_parser("options", help="a game's options")
    sub.add_argument("game", metavar="GAME")
    sub = commands.add_parser("levels", help="a game's bot levels: easy, medium, hard, expert")
    sub.add_argument("game", metavar="GAME")
    sub = commands.add_parser("rules", help="a game's rules: the player's quick reference")
    sub.add_argument("game", metavar="GAME")
    sub.add_argument("--notes", action="store_true", help="our design notes instead: rulings, options, content")
    sub.add_argument("--content", metavar="PATH", help="then the text of every card of this content file")
    add_content_arguments(commands)

    def game_arguments(sub: argparse.ArgumentParser, seats_help: str) -> None:
        sub.add_argument("game", metavar="GAME")
        sub.add_argument("--players", type=int, help="number of players (default: the number of seats)")
        sub.add_argument("--seats", help=seats_help)
        sub.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")

    sub = commands.add_parser("play", help="play a game in the terminal")
    game_arguments(sub, "one per seat: human, a bot level (easy, medium, hard, expert: see 'boardwright levels "
                        "GAME') or an agent spec, e.g. human,hard or human,heuristic,ismcts:iterations=500 "
                        "(default: human, then heuristic bots)")
    sub.add_argument("--seed", type=int, help="the game seed (default: random; shown when the game ends, as "
                                              "it rebuilds every hand and the deck order)")
    sub.add_argument("--content", metavar="PATH", help="a content file (the game's 'content' option)")
    sub.add_argument("--save", metavar="FILE", help="write the game record here at the start and on leaving, "
                                                    "finished or not (an unfinished game's record holds its "
                                                    "seed: keep it secret until the game ends)")
    sub.add_argument("--auto-pass", action="store_true", help="pass reaction windows for you (type autopass "
                                                              "during your turn to be asked again)")
    sub.add_argument("--names", metavar="NAME,NAME,...", help="the people's names, one per seat in seat order "
                                                               "(leave a bot's, or anyone's, empty: Ada,,Bob); an "
                                                               "unnamed seat is shown as Seat N, counted from 1")
    sub.add_argument("--hints", action="store_true", help="show a hint before each of your decisions (type hint "
                                                          "for one at any time)")
    sub.add_argument("--hint-time", type=float, default=1.0, metavar="SECONDS",
                     help="how long the search thinks for a hint (default 1)")

    sub = commands.add_parser("simulate", help="play a batch of AI games and report win rates")
    game_arguments(sub, "one agent spec per seat (default: the heuristic bot, or random, in every seat)")
    sub.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    sub.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sub.add_argument("--seed", type=int, default=0, help="game i's seed derives from it (default 0)")
    sub.add_argument("--content", metavar="PATH", help="a content file (the game's 'content' option)")
    sub.add_argument("--json", action="store_true", help="print the report as JSON")

    sub = commands.add_parser("replay", help="step through a saved game record")
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("--seat", type=int, help="show what this seat saw, by the API's number: 0 is the first "
                                              "seat, shown as Seat 1 (default: the spectator's view)")
    sub.add_argument("--step", action="store_true", help="wait for Enter between actions")
    sub.add_argument("--content", metavar="PATH", help="the content file the game was played with (a record "
                                                       "names its file, but only this option makes it read)")

    add_review_arguments(commands)

    sub = commands.add_parser(
        "tournament", help="agents against each other over every seating, with ratings",
        description="Play agents against each other over every seating, rotated evenly; report "
                    "win rates (95%% Wilson interval), mean score, mean rank and OpenSkill ratings. "
                    "The same command gives the same report.")
    sub.add_argument("game", metavar="GAME")
    sub.add_argument("--seats", required=True, help="the agents, e.g. ismcts:iterations=5000,heuristic,random")
    sub.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    sub.add_argument("--players", type=int, help="number of players (default: one per agent)")
    sub.add_argument("--seed", type=int, default=0, help="game i's seed derives from it (default 0)")
    sub.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sub.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    sub.add_argument("--json", action="store_true", help="print the report as JSON")

    sub = commands.add_parser(
        "balance", help="the balance lab: many AI games, and a report of seats, length, scores and content",
        description="Play many AI games and write a report (report.html, report.json and plots): seat "
                    "advantage, game length, scores, the strength of each card or piece, and with "
                    "--compare-content or --compare-option a what-if played from the same seeds. The same "
                    "command gives the same report.json (apart from its timing). See docs/balance.md.")
    sub.add_argument("game", metavar="GAME")
    sub.add_argument("--players", help="player counts, e.g. 3 or 2,3,4 (default: the game's smallest)")
    sub.add_argument("--seats", action="append", help="one agent spec for every seat (e.g. heuristic), or one "
                     "per seat for the player count of that length; repeat for several counts "
                     "(default: heuristic, or random)")
    sub.add_argument("-n", type=int, default=1000, help="games per player count (and version) (default 1000)")
    sub.add_argument("--seed", type=int, default=0, help="game i's seed derives from it (default 0)")
    sub.add_argument("--jobs", type=int, default=1, help="worker processes, or the CPUs of a local Ray (default 1)")
    sub.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    sub.add_argument("--content", metavar="PATH", help="a content file (the game's 'content' option)")
    sub.add_argument("--compare-content", metavar="PATH", help="what-if: the same games with this content file")
    sub.add_argument("--compare-option", action="append", metavar="NAME=VALUE",
                     help="what-if: the same games with this option changed (repeatable)")
    sub.add_argument("--backend", default="process", help="process (default) or ray")
    sub.add_argument("--ray-address", metavar="ADDRESS", help="a Ray cluster to use (default: start a local one "
                                                              "with --jobs CPUs on 127.0.0.1)")
    sub.add_argument("--out", metavar="DIR", help="the report's folder (default: balance-GAME)")
    sub.add_argument("--ablate", default="3", metavar="K|ITEM",
                     help="replay the games of the first K suspects of each player count with the item made plain "
                          "(default 3; 0 skips), or of one item: KIND:NAME or NAME")
    sub.add_argument("--export", metavar="DIR", help="also write every game as a row of DIR/games.csv "
                                                     "(seed, seats, scores, winners, length, items per seat)")

    sub = commands.add_parser("serve", help="run the game server: tables played in the browser or over its API")
    sub.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    sub.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    sub.add_argument("--db", metavar="URL", help="the database: sqlite:///FILE or postgresql://USER@HOST/DB "
                                                 "(default: SQLite in the user's data folder)")
    for flag, keywords in Limits().flags():  # the server's bounds (boardwright/web/limits.py)
        sub.add_argument(flag, **keywords)
    admin_arguments(commands)
    return parser


def admin_arguments(commands: Any) -> None:
    """``boardwright admin`` and its actions (boardwright/web/admin.py carries them out)."""
    db_help = "the server's database, as serve's --db (default: SQLite in the user's data folder)"
    admin = commands.add_parser("admin", help="the server's operator: list tables and accounts, end or delete a "
                                              "table, disable an account, reset a password")
    admin.add_argument("--db", metavar="URL", help=db_help)
    actions = admin.add_subparsers(dest="admin", required=True, metavar="ACTION")

    def action(name: str, help: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = actions.add_parser(name, help=help)
        sub.add_argument("--db", metavar="URL", help=db_help, default=argparse.SUPPRESS)  # after the action too
        return sub

    sub = action("tables", "the newest tables: id, game, created, state, players")
    table_help = "the table's id (an older id that starts with '-' goes after '--': end -- -AbC...)"
    which = sub.add_mutually_exclusive_group()
    which.add_argument("--open", action="store_true", help="only the unfinished ones")
    which.add_argument("--finished", action="store_true", help="only the finished ones (ended ones too)")
    sub.add_argument("--limit", type=int, default=50, metavar="N", help="at most N (default 50)")
    sub = action("accounts", "the newest accounts: id, username, created, state, sessions")
    sub.add_argument("--limit", type=int, default=50, metavar="N", help="at most N (default 50)")
    sub = action("end", "end an unfinished table: its servers stop serving it, nobody plays on")
    sub.add_argument("table", metavar="TABLE", help=table_help)
    sub.add_argument("--reason", metavar="TEXT", help="why, as its players are told (at most 200 characters)")
    sub = action("delete", "delete a table and everything stored of it")
    sub.add_argument("table", metavar="TABLE", help=table_help)
    sub.add_argument("--yes", action="store_true", help="do not ask first")
    for name, help in (("disable", "disable an account: its sessions end and it cannot sign in"),
                       ("enable", "enable a disabled account again")):
        action(name, help).add_argument("user", metavar="USER")
    sub = action("reset-password", "set an account's password (asked twice) and end its sessions")
    sub.add_argument("user", metavar="USER")
    sub.add_argument("--password-stdin", action="store_true", help="read the password from the first line of "
                                                                  "standard input instead")


#: each command and the extras it needs (README.md says the same): the terminal table Rich
#: (``play``: ``cli``), the tournament's ratings OpenSkill (``ai``), the balance lab its figures and
#: plots (``lab``), the server its own (``web``); the commands that only print need none (they use
#: Rich's colours and tables when the ``cli`` extra is there, plain text otherwise: :mod:`.output`);
#: only the command that runs imports them
COMMANDS: dict[str, tuple[Callable[[argparse.Namespace, Any], int], tuple[str, ...]]] = {
    "games": (cmd_games, ()), "options": (cmd_options, ()),
    "levels": (cmd_levels, ()), "rules": (cmd_rules, ()),
    "play": (cmd_play, ("cli",)), "replay": (cmd_replay, ()),
    "review": (cmd_review, ()), "simulate": (cmd_simulate, ()),
    "tournament": (cmd_tournament, ("ai",)), "balance": (cmd_balance, ("lab",)),
    "serve": (cmd_serve, ("web",)), "admin": (cmd_admin, ("web",)), "content": (cmd_content, ()),
}
#: the commands that print through a console (Rich's, or the plain one without the cli extra)
CONSOLE = frozenset({"games", "options", "levels", "rules", "play", "replay", "review", "simulate"})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit code."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    run, extras = COMMANDS[args.command]
    try:
        require(args.command, extras)
        return run(args, output.make_console() if args.command in CONSOLE else None)
    except (UsageError, BoardwrightError) as error:
        print("boardwright: " + " ".join(str(error).split()), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nboardwright: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

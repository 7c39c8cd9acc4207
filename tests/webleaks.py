"""A program at the tables of the game server, and the leak checks on what it was sent.

`Table` creates a table on a running server and keeps, per seat, every message that seat received:
HTTP answers and WebSocket pushes. `play_to_end` plays its human seats with a seeded random choice
among the legal actions (the server's bots play the rest) while one WebSocket per human seat and
one spectator's stay open. `check_table` then holds everything recorded against the game record,
which the server publishes once the game is over:

- no message carries the seed, and none to a seat carries another seat's token (nor the creator's);
- each message is what the protocol promises and nothing more: replayed to the message's version,
  its view, legal actions, menu, events (the slice it carried), scores and breakdown are those of
  ``state.view(seat)`` and friends, and equal those of two determinizations for that seat (so the
  message is a function of what the seat may see); the spectator's is built from ``view(None)``;
- the rules' own secrets, game by game (`RULE_CHECKS`): another seat's hand, a face-down token's
  value, the deck, a sealed choice before the reveal (changing it changes nothing others are sent);
- each WebSocket's pushes continue the events of the previous ones without gaps or repeats.
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from services import Server
from websockets.sync.client import ClientConnection, connect

import boardwright as bw
from boardwright.games.gadgeteers.tokens import KINDS as TOKEN_KINDS
from boardwright.games.the_game_makers.content import LETTERS

#: the keys of the object a seat is sent (GET, POST and WebSocket alike); "deadline" with a timer
MESSAGE_KEYS = frozenset({"game", "table", "version", "seat", "view", "legal_actions", "menu", "advice", "pass_action",
                          "to_act", "events", "scores", "breakdown", "is_over", "winners", "can_undo", "seats",
                          "timer", "visibility", "options", "started", "closed", "free", "rematch", "rematch_of",
                          "hints"})
SEAT_KEYS = frozenset({"seat", "name", "kind", "bot", "played_by", "connected"})
Who = int | None  # a seat, or None for the spectator


def wait_logged(server: Server, table: str, count: int, timeout: float = 5.0) -> str:
    """The server's log once it has ``count`` lines about ``table``'s WebSockets (written when each
    closes), so that nothing about the table is still to be logged."""
    deadline = time.monotonic() + timeout
    while True:
        log = server.log()
        if log.count(f"/ws/tables/{table} ") >= count or time.monotonic() > deadline:
            return log
        time.sleep(0.05)


@dataclass
class Message:
    """One message a client received: to whom (a seat, ``None`` for the spectator, ``"creator"``
    for the answer that creates the table), how (``ws``, ``GET``, ``POST``...), from which event
    number its events start, its status and its text."""
    to: Who | str
    via: str
    since: int
    status: int
    text: str
    data: Any = None

    def __post_init__(self) -> None:
        if self.data is None:
            self.data = json.loads(self.text)

    @property
    def is_table(self) -> bool:
        return isinstance(self.data, dict) and "view" in self.data


@dataclass
class Watch:
    """One open WebSocket and the messages it brought."""
    to: Who
    connection: ClientConnection
    frames: list[Message] = field(default_factory=list)
    events: int = 0
    thread: threading.Thread | None = None
    ended: BaseException | None = None


class Table:
    """A table created on ``server`` with ``seats`` (``"human"`` or a bot spec per seat)."""

    def __init__(self, server: Any, game: str, seats: list[str], options: dict[str, Any] | None = None,
                 timer: int | None = None) -> None:
        self.server = server
        self.game = game
        self.kinds = list(seats)
        self.http = httpx.Client(base_url=server.url, trust_env=False, timeout=30)
        self.messages: list[Message] = []
        self.pushes: queue.Queue[Message] = queue.Queue()
        self.watches: list[Watch] = []
        self.connections = contextlib.ExitStack()
        body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "options": options or {}}
        if timer is not None:
            body["timer"] = timer
        answer = self.http.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        self.messages.append(Message("creator", "create", 0, answer.status_code, answer.text))
        created = answer.json()
        self.id: str = created["table"]
        self.creator: str = created["creator_token"]
        self.tokens: dict[int, str] = {row["seat"]: row["token"] for row in created["seats"] if row["token"]}
        assert sorted(self.tokens) == [seat for seat, kind in enumerate(seats) if kind == "human"], created

    @property
    def humans(self) -> list[int]:
        return sorted(self.tokens)

    def secrets(self) -> list[str]:
        return [*self.tokens.values(), self.creator]

    # ---------------------------------------------------------------- HTTP
    def _keep(self, to: Who | str, via: str, since: int, answer: httpx.Response) -> httpx.Response:
        self.messages.append(Message(to, via, since, answer.status_code, answer.text))
        return answer

    def get(self, seat: Who = None, since: int | None = None) -> httpx.Response:
        params: dict[str, Any] = {}
        if seat is not None:
            params["token"] = self.tokens[seat]
        if since is not None:
            params["since"] = since
        return self._keep(seat, "GET", since or 0, self.http.get(f"/api/tables/{self.id}", params=params))

    def post(self, seat: int, action: str, version: int, **extra: Any) -> httpx.Response:
        body = {"token": self.tokens[seat], "action": action, "version": version, **extra}
        return self._keep(seat, "POST", 0, self.http.post(f"/api/tables/{self.id}/actions", json=body))

    def record(self) -> httpx.Response:
        return self._keep("creator", "record", 0, self.http.get(f"/api/tables/{self.id}/record"))

    def hand(self, seat: int, kind: str, token: str | None = None) -> httpx.Response:
        """The creator hands ``seat`` to ``kind`` (a bot spec, or "human" to give it back)."""
        body = {"token": self.creator if token is None else token, "kind": kind}
        return self._keep("creator", "seat", 0, self.http.post(f"/api/tables/{self.id}/seats/{seat}", json=body))

    # ---------------------------------------------------------------- WebSockets
    def watch(self, seat: Who = None) -> Watch:
        """Open a WebSocket for ``seat`` (``None``: a spectator) and record its pushes from a thread."""
        query = f"?token={self.tokens[seat]}" if seat is not None else ""
        connection = self.connections.enter_context(connect(
            f"{self.server.ws_url}/ws/tables/{self.id}{query}", open_timeout=10, max_size=None, proxy=None))
        watch = Watch(seat, connection)

        def read() -> None:
            try:
                for frame in connection:
                    message = Message(seat, "ws", watch.events, 200, str(frame))
                    watch.events += len(message.data["events"])
                    watch.frames.append(message)
                    self.messages.append(message)
                    self.pushes.put(message)
            except Exception as error:  # the connection closed; kept for the test to report
                watch.ended = error

        watch.thread = threading.Thread(target=read, name=f"ws-{seat}", daemon=True)
        watch.thread.start()
        self.watches.append(watch)
        return watch

    def wait_pushed(self, version: int, timeout: float = 20.0) -> None:
        """Wait until every open WebSocket has been sent the table at ``version`` (or later)."""
        deadline = time.monotonic() + timeout
        for watch in self.watches:
            while not any(frame.data["version"] >= version for frame in watch.frames):
                assert time.monotonic() < deadline, (
                    f"seat {watch.to}'s WebSocket never got version {version}: "
                    f"{[frame.data['version'] for frame in watch.frames][-5:]}, ended {watch.ended!r}")
                time.sleep(0.01)

    def close(self) -> None:
        self.connections.close()
        for watch in self.watches:
            if watch.thread is not None:
                watch.thread.join(5)
        self.http.close()


def play_to_end(table: Table, rng: random.Random, *, timeout: float = 30.0, peek_every: int = 7) -> dict[str, Any]:
    """Play ``table``'s human seats with ``rng`` until the game is over, driven by the WebSocket
    pushes (a WebSocket per human seat and a spectator's must be open). Now and then a seat and the
    spectator also GET the table with a random ``since``. Returns the last message seen."""
    newest: dict[Who, dict[str, Any]] = {}
    moves = 0

    def absorb(to: Who, data: dict[str, Any]) -> None:
        if to not in newest or data["version"] >= newest[to]["version"]:
            newest[to] = data

    while True:
        try:
            message = table.pushes.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"nothing was pushed for {timeout:g} s; the newest versions: "
                                 f"{ {to: data['version'] for to, data in newest.items()} }") from None
        absorb(message.to, message.data)  # type: ignore[arg-type]
        while not table.pushes.empty():
            message = table.pushes.get_nowait()
            absorb(message.to, message.data)  # type: ignore[arg-type]
        ends = [data for data in newest.values() if data["is_over"]]
        if ends:
            table.wait_pushed(ends[0]["version"])
            return ends[0]
        top = max(data["version"] for data in newest.values())
        for seat in table.humans:
            mine = newest.get(seat)
            if mine is None or mine["version"] != top or not mine["legal_actions"]:
                continue
            answer = table.post(seat, rng.choice(mine["legal_actions"]), top)
            if answer.status_code == 200:
                absorb(seat, answer.json())
                moves += 1
                if moves % peek_every == 0:
                    peeker = rng.choice(table.humans)
                    seen = len(newest[peeker]["events"]) if peeker in newest else 0
                    table.get(peeker, since=rng.randint(0, seen))
                    table.get(None, since=rng.randint(0, 3) if moves % 2 else None)
            else:  # a bot moved first (in a sealed decision): wait for the push
                assert answer.status_code == 409, f"seat {seat}: {answer.status_code} {answer.text}"
            break


# ==================================================================== the checks
def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def expected_fields(state: bw.State, seat: Who) -> dict[str, Any]:
    """What the protocol sends ``seat`` of ``state`` (events aside), from the seat's own reads."""
    legal = [str(action) for action in state.legal_actions(seat)] if seat is not None else []
    return as_json({
        "view": state.view(seat),
        "legal_actions": legal,
        "menu": state.action_groups(seat) if legal else [],  # type: ignore[arg-type]
        "advice": state.advice(seat) if legal else None,  # type: ignore[arg-type]
        "pass_action": str(state.pass_action(seat)) if legal and state.pass_action(seat) else None,  # type: ignore[arg-type]
        "to_act": list(state.to_act),
        "scores": state.scores(),
        "breakdown": state.score_breakdown(),
        "is_over": state.is_over,
        "winners": state.winners(),
        "can_undo": seat is not None and state.can_undo(seat),
    })


@dataclass
class Checked:
    """What `check_table` checked: the game's end, how many messages, how many determinizations
    differed from the game (so there was something hidden), and how many messages were checked
    against another sealed choice."""
    end: bw.State
    messages: int
    resampled: int
    sealed: int


def check_table(table: Table, final: dict[str, Any], samples: int = 2) -> Checked:
    """Every check of the module's docstring on everything ``table`` recorded."""
    answer = table.record()
    assert answer.status_code == 200, answer.text
    record = answer.json()
    seed = record["seed"]
    actions = record["actions"]
    # version counts changes (actions and undos); no undo is offered, so it counts the actions
    assert final["version"] == len(actions), (final["version"], len(actions))
    end = bw.replay(record)
    assert end.is_over and end.scores() == final["scores"] and end.winners() == final["winners"]

    check_secrets(table, str(seed))
    check_pushes(table)
    tables = [message for message in table.messages if message.is_table and message.to != "creator"]
    assert tables, "nothing was recorded"
    for message in tables:
        assert set(message.data) - {"deadline"} == MESSAGE_KEYS, sorted(message.data)
        assert message.data["table"] == table.id and message.data["game"] == table.game
        assert message.data["seat"] == message.to
        assert [row["kind"] for row in message.data["seats"]] == table.kinds
        assert all(set(row) == SEAT_KEYS for row in message.data["seats"])

    by_version: dict[int, list[Message]] = defaultdict(list)
    for message in tables:
        by_version[message.data["version"]].append(message)
    assert max(by_version) == len(actions)
    rule_check = RULE_CHECKS.get(table.game)
    sealed = SealedCheck(record)
    state = bw.replay(record, until=0)
    told_names = Told()
    told: dict[Who, int] = {}  # how many of its events each seat had when last checked
    rng = random.Random(seed ^ 0x5EED)
    resampled = 0  # samples that differ from the game: there was something hidden to check
    for version in range(len(actions) + 1):
        if version:
            state.apply(*actions[version - 1])
        messages = by_version.get(version, [])
        seats = {message.to for message in messages}
        for seat in sorted(seats, key=lambda s: -1 if s is None else s):
            want = expected_fields(state, seat)  # type: ignore[arg-type]
            events = state.events(seat)  # type: ignore[arg-type]
            if seat is not None:  # the message is a function of what the seat may see
                since = told.get(seat, 0)
                for _ in range(samples):
                    sample = state.determinize(seat, rng.getrandbits(64))  # type: ignore[arg-type]
                    resampled += sample.fingerprint(only_game=True) != state.fingerprint(only_game=True)
                    # can_undo is asked of the game's history, which a sample has none of: it says
                    # only whether the seat's own last action may be taken back
                    assert dict(expected_fields(sample, seat), can_undo=want["can_undo"]) == want, (
                        f"version {version}: seat {seat}'s fields depend on what it cannot see")
                    assert sample.events(seat, since) == events[since:], (  # type: ignore[arg-type]
                        f"version {version}: seat {seat}'s events depend on what it cannot see")
                told[seat] = len(events)  # type: ignore[index]
            events = as_json(events)
            moment = Moment(state, version, told_names)
            for message in messages:
                if message.to != seat:
                    continue
                data = message.data
                for key, value in want.items():
                    if key == "can_undo" and data[key] is None:
                        continue  # not known yet when sent (a bot worker tests it): never a wrong answer
                    assert data[key] == value, (f"{message.via} to seat {seat} at version {version}: "
                                                f"'{key}' is not {key} of seat {seat}")
                assert data["events"] == events[message.since:], (
                    f"{message.via} to seat {seat} at version {version}: events from {message.since} differ")
                if rule_check is not None:
                    rule_check(moment, seat, data)
                if seat is not None:
                    sealed.check(state, seat, message, version)  # type: ignore[arg-type]
    assert sealed.checked or not sealed.windows, "sealed decisions were played but none was checked"
    assert resampled, "no determinization differed from the game: the checks saw nothing hidden"
    return Checked(end, len(tables), resampled, sealed.checked)


def check_secrets(table: Table, seed: str) -> None:
    """The seed is in no message; no message to a seat or a spectator has a token."""
    secrets = table.secrets()
    for message in table.messages:
        if message.via == "record":
            continue
        assert seed not in message.text, f"{message.via} to {message.to!r} carries the seed {seed}"
        if message.to == "creator":
            continue
        for token in secrets:
            assert token not in message.text, f"{message.via} to {message.to!r} carries a token"


def check_pushes(table: Table) -> None:
    """Each WebSocket's pushes continue the events of the last one without gaps or repeats, and
    its versions never go back; every connection saw the end."""
    assert table.watches
    for watch in table.watches:
        assert watch.frames, f"seat {watch.to}'s WebSocket got nothing"
        expected, version = 0, 0
        for frame in watch.frames:
            seqs = [event["seq"] for event in frame.data["events"]]
            assert seqs == list(range(expected, expected + len(seqs))), (
                f"seat {watch.to}: a push carries events {seqs[:3]}... after {expected} events")
            expected += len(seqs)
            assert frame.data["version"] >= version, f"seat {watch.to}: version {frame.data['version']} after {version}"
            version = frame.data["version"]
        assert watch.frames[-1].data["is_over"], f"seat {watch.to}'s WebSocket never saw the end"


# -------------------------------------------------------------------- sealed choices
class SealedCheck:
    """A sealed choice stays sealed: while seat i's choice is committed and not revealed, every
    message to another seat is exactly what it would be had i chosen otherwise."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.windows = 0
        self.checked = 0
        #: per commit (its index in the record): the game had that seat chosen otherwise, at some version
        self._other: dict[int, bw.State | None] = {}

    def counterfactual(self, chooser: int, version: int) -> bw.State | None:
        """The state at ``version`` had ``chooser`` committed another choice (None: it had none)."""
        actions = self.record["actions"]
        index = max(i for i in range(version) if actions[i][0] == chooser)
        if index not in self._other:
            other = bw.replay(self.record, until=index)
            choices = [str(a) for a in other.legal_actions(chooser) if str(a) != actions[index][1]]
            if choices:
                other.apply(chooser, choices[len(choices) // 2])
            self._other[index] = other if choices else None
        other = self._other[index]
        if other is not None:
            for actor, text in actions[len(other.log):version]:  # the others' commits since
                other.apply(actor, text)
        return other

    def check(self, state: bw.State, seat: int, message: Message, version: int) -> None:
        data = message.data
        for chooser in state.committed():
            if chooser == seat:
                continue
            self.windows += 1
            other = self.counterfactual(chooser, version)
            if other is None:
                continue
            self.checked += 1
            want = expected_fields(other, seat)
            for key, value in want.items():
                if key == "can_undo" and data[key] is None:
                    continue  # not known yet when sent
                assert data[key] == value, (f"version {version}: seat {seat}'s '{key}' tells seat {chooser}'s "
                                            f"sealed choice before the reveal")
            assert data["events"] == as_json(other.events(seat, message.since)), (
                f"version {version}: seat {seat}'s events tell seat {chooser}'s sealed choice")


# -------------------------------------------------------------------- each game's secrets
class Moment:
    """The replayed game at one version, and what the rule checks read of it."""

    def __init__(self, state: Any, version: int, told: Told) -> None:
        self.state = state
        self.version = version
        self.told = told
        self._view: dict[frozenset[str], set[str]] = {}

    def known(self, seat: Who, names: frozenset[str]) -> set[str]:
        """Which of ``names`` (a game's card names) ``seat`` may know of: those a spectator is
        shown (the view and every event) and those it was told privately (the cards it was dealt,
        drew or took: it may have held a card another seat holds now, after a new deal say)."""
        if names not in self._view:
            text = json.dumps(self.state.view(None), ensure_ascii=False)
            self._view[names] = {name for name in names if name in text}
        known = self._view[names] | self.told.names(self.state, None, names)
        return known | self.told.names(self.state, seat, names) if seat is not None else known


class Told:
    """The names each seat was told of in its events so far (a spectator: all its events; a seat:
    its private ones), read as the replay goes on."""

    def __init__(self) -> None:
        self.count: dict[Who, int] = {}
        self.seen: dict[Who, set[str]] = {}

    def names(self, state: Any, seat: Who, names: frozenset[str]) -> set[str]:
        seen = self.seen.setdefault(seat, set())
        new = state.events(seat, self.count.get(seat, 0))
        self.count[seat] = self.count.get(seat, 0) + len(new)
        if seat is not None:
            new = [event for event in new if event.get("private")]
        if new:
            text = json.dumps(new, ensure_ascii=False)
            seen.update(name for name in names - seen if name in text)
        return seen


def _strings(value: Any) -> set[str]:
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def mentions(data: dict[str, Any], names: set[str]) -> set[str]:
    """Which of ``names`` a message names: as a value (or key) of its own anywhere, or within the
    words of an event, a legal action or a menu step (a card's rule text may mention another card's
    name; that is no leak)."""
    text = json.dumps(data, ensure_ascii=False)
    names = {name for name in names if name in text}
    if not names:
        return set()
    found = names.intersection(_strings(data))
    sentences = [*_strings(data["legal_actions"]), *_strings(data["menu"])]
    sentences += [str(event.get(key, "")) for event in data["events"] for key in ("text", "action")]
    return found | {name for name in names - found if any(name in sentence for sentence in sentences)}


def names_hidden(data: dict[str, Any], hidden: set[str], known: set[str], what: str) -> None:
    """None of the ``hidden`` names that are not ``known`` otherwise (public, or the seat's own) is in ``data``."""
    leaked = mentions(data, hidden - known)
    assert not leaked, f"{what}: {sorted(leaked)}"


def gadgeteers_rules(moment: Moment, seat: Who, data: dict[str, Any]) -> None:
    """Gadgeteers (G2): what is behind another's screen, another's Bonus card and the value of
    another's face-down token are not sent before the end; the Gadgets in the deck (but those
    Grabber Glove put at its bottom in view of all) are named in no message."""
    state, version = moment.state, moment.version
    gadgets = state.content.gadgets
    leaked = mentions(data, {gadgets[gadget].name for gadget in state.deck[state.deck_bottom:]})
    assert not leaked, f"version {version}: seat {seat} is told of {sorted(leaked)}, still in the deck"
    if state.is_over:
        return
    for info in data["view"]["players"]:
        if info["seat"] != seat:
            assert "screen" not in info and "bonus" not in info, f"seat {seat} sees seat {info['seat']}'s secrets"
    for cell in data["view"]["board"]:
        for owner, labels in cell["tokens"].items():
            if int(owner) != seat:
                base = (state.part_at[cell["cell"]] * state.players + int(owner)) * TOKEN_KINDS
                down = sum(state.down[base:base + TOKEN_KINDS])
                assert labels.count("?") == down, f"seat {seat} sees seat {owner}'s face-down token values"


def game_development_rules(moment: Moment, seat: Who, data: dict[str, Any]) -> None:
    """Game Development: the cards in another's hand are not named to a seat that does not know
    them (R12: the two players of a random take know the card), unless the name is public anyway."""
    state, version = moment.state, moment.version
    cards = state.content.cards
    for other in range(state.players):
        if other == seat:
            continue
        assert "hand" not in data["view"]["players"][other], f"seat {seat} is sent seat {other}'s hand"
        hidden = {cards[c].name for c in state.hands[other]}
        if seat is not None:
            hidden -= {cards[c].name for c in state.hands[seat]}
            hidden -= {cards[c].name for c in state.known[seat][other]}
        names_hidden(data, hidden, moment.known(seat, frozenset(card.name for card in cards)),
                     f"version {version}: seat {seat} is told of seat {other}'s hand")


def makers_of_universe_rules(moment: Moment, seat: Who, data: dict[str, Any]) -> None:
    """Makers of Universe: another's hand and the cards under its doors (U4) are not sent to a
    seat that does not know them; only whether a door has a card under it is public."""
    state, version = moment.state, moment.version
    cards = state.c.cards
    for other, info in enumerate(data["view"]["players"]):
        if other == seat:
            continue
        assert info["hand"] is None, f"seat {seat} is sent seat {other}'s hand"
        for door, shown in enumerate(info["doors"]):
            if not state.shown[other][door]:
                assert shown["under"] is None, f"seat {seat} is sent what lies under seat {other}'s door"
            assert shown["card_under"] == (state.under[other][door] >= 0)
        hidden = {cards[c].name for c in state.hands[other]}
        hidden |= {cards[c].name for door, c in enumerate(state.under[other])
                   if c >= 0 and not state.shown[other][door]}
        if seat is not None:
            hidden -= {cards[c].name for c in state.hands[seat]}
            hidden -= {cards[c].name for c in state.under[seat] if c >= 0}
            hidden -= {cards[c].name for c in state.seen[seat][other]}
        names_hidden(data, hidden, moment.known(seat, frozenset(card.name for card in cards)),
                     f"version {version}: seat {seat} is told of seat {other}'s hidden cards")


def game_makers_rules(moment: Moment, seat: Who, data: dict[str, Any]) -> None:
    """The Game Makers: another's hand, the cards or tiles another is looking at, and the draft sets
    a seat has not held are not sent."""
    view = data["view"]
    for other, info in enumerate(view["seats"]):
        if other != seat:
            assert info["hand"] is None, f"seat {seat} is sent seat {other}'s hand"
    acting = view["current"]
    for frame in view["pending"]:
        if "offer" in frame:
            assert seat == acting, f"seat {seat} is sent the {frame['step']} offer seat {acting} is looking at"
    for entry in view.get("draft", []):
        if entry["tiles"] is not None:
            assert seat is not None and moment.state.draft_seen[LETTERS.index(entry["letter"])] >> seat & 1


RULE_CHECKS: dict[str, Callable[[Moment, Who, dict[str, Any]], None]] = {
    "gadgeteers": gadgeteers_rules,
    "game-development": game_development_rules,
    "makers-of-universe": makers_of_universe_rules,
    "the-game-makers": game_makers_rules,
}

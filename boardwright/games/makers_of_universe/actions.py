"""The action table of Makers of Universe, built once per content: every action text of the game.

Seats are written as in the engine (``seat 0`` .. ``seat 4``), doors as ``door 1`` .. ``door 3``.
Multi-step moves are short chains: ``send Cerberus`` then ``attack seat 2 door 1``;
``trap door 2`` then ``hide Pit Trap``; ``exchange`` then ``give up X`` three times.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardwright.engine import Action, ActionTable

from .content import ACTION, ACTION_TARGET, CREATURE, EVOLUTION, Content

MAX_SEATS = 5
DOORS = 3
#: the most UE a player can ever hold: every token of the game
MAX_BID = 30


@dataclass(frozen=True)
class Actions:
    """Every action, indexed by the ids it names (lists indexed by card, machine, seat, door)."""

    table: ActionTable
    bid: tuple[Action, ...]
    draw: tuple[Action, ...]          # 2 cards, 2 UE, 1 of each
    activate: tuple[Action, ...]      # by door
    send: dict[int, Action]           # creature card -> from the hand
    send_world: dict[int, Action]     # creature card -> a defender of one's world
    attack: tuple[tuple[Action, ...], ...]   # [seat][door]
    defend: dict[int, Action]
    trap: tuple[Action, ...]          # by door
    hide: tuple[Action, ...]          # by card
    evolve: dict[int, Action]
    exchange: Action
    give: tuple[Action, ...]          # by card
    play: dict[int, Action]           # untargeted Actions
    play_seat: dict[int, tuple[Action, ...]]
    play_door: dict[int, tuple[tuple[Action, ...], ...]]
    play_machine: dict[int, tuple[tuple[Action, ...], ...]]
    fire: tuple[tuple[Action, ...], ...]     # [seat][machine]
    destroy: tuple[Action, ...]       # by machine
    wreck: dict[int, Action]          # by evolution card
    kill: dict[int, Action]           # by creature card
    discard: tuple[Action, ...]       # by card
    pass_: Action
    end_turn: Action
    back: Action
    # per card id, for fast legal-action generation
    family: tuple[str, ...]
    can_attack: tuple[bool, ...]
    can_defend: tuple[bool, ...]
    action_cards: frozenset[int]


_BUILT: dict[int, Actions] = {}


def actions_for(content: Content) -> Actions:
    """The (shared) action table of ``content``."""
    found = _BUILT.get(id(content))
    if found is not None:
        return found
    t = ActionTable()
    cards, machines = content.cards, content.machines
    seats, doors = range(MAX_SEATS), range(DOORS)
    creatures = [c for c in cards if c.family == CREATURE]
    acts = [c for c in cards if c.family == ACTION]

    def targeted(kind: str) -> list:
        return [c for c in acts if ACTION_TARGET[c.effect] == kind]

    built = Actions(
        table=t,
        bid=tuple(t.add(f"bid {n}", "bid", n) for n in range(MAX_BID + 1)),
        draw=(t.add("draw 2 cards", "draw", 2, 0), t.add("draw 2 UE", "draw", 0, 2),
              t.add("draw 1 card and 1 UE", "draw", 1, 1)),
        activate=tuple(t.add(f"activate door {d + 1}", "activate", d) for d in doors),
        send={c.id: t.add(f"send {c.name}", "send", c.id) for c in creatures},
        send_world={c.id: t.add(f"send {c.name} from world", "send_world", c.id) for c in creatures},
        attack=tuple(tuple(t.add(f"attack seat {s} door {d + 1}", "attack", s, d) for d in doors)
                     for s in seats),
        defend={c.id: t.add(f"defend with {c.name}", "defend", c.id) for c in creatures},
        trap=tuple(t.add(f"trap door {d + 1}", "trap", d) for d in doors),
        hide=tuple(t.add(f"hide {c.name}", "hide", c.id) for c in cards),
        evolve={c.id: t.add(f"evolve {c.name}", "evolve", c.id) for c in cards if c.family == EVOLUTION},
        exchange=t.add("exchange", "exchange"),
        give=tuple(t.add(f"give up {c.name}", "give", c.id) for c in cards),
        play={c.id: t.add(f"play {c.name}", "play", c.id, -1, -1) for c in targeted("none")},
        play_seat={c.id: tuple(t.add(f"play {c.name} on seat {s}", "play", c.id, s, -1) for s in seats)
                   for c in targeted("seat")},
        play_door={c.id: tuple(tuple(t.add(f"play {c.name} on seat {s} door {d + 1}", "play", c.id, s, d)
                                     for d in doors) for s in seats) for c in targeted("door")},
        play_machine={c.id: tuple(tuple(t.add(f"play {c.name} on seat {s} {m.name}", "play", c.id, s, m.id)
                                        for m in machines) for s in seats) for c in targeted("machine")},
        fire=tuple(tuple(t.add(f"fire cannon at seat {s} {m.name}", "fire", s, m.id) for m in machines)
                   for s in seats),
        destroy=tuple(t.add(f"destroy {m.name}", "destroy", m.id) for m in machines),
        wreck={c.id: t.add(f"destroy {c.name}", "wreck", c.id) for c in cards if c.family == EVOLUTION},
        kill={c.id: t.add(f"kill {c.name}", "kill", c.id) for c in creatures},
        discard=tuple(t.add(f"discard {c.name}", "discard", c.id) for c in cards),
        pass_=t.add("pass"),
        end_turn=t.add("end turn", "end"),
        back=t.add("back"),
        family=tuple(c.family for c in cards),
        can_attack=tuple(c.family == CREATURE and c.effect != "none" for c in cards),
        can_defend=tuple(c.family == CREATURE and c.defence != "none" for c in cards),
        action_cards=frozenset(c.id for c in acts),
    )
    _BUILT[id(content)] = built
    return built

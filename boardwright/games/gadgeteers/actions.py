"""Every Gadgeteers action, built once per content (the Gadget names are content).

Texts (a seat's view of the board names the Parts and Gadgets the same way):
  place <token> <Part>            Parts Phase: place a token face down
  build <Gadget>                  Gadgets Phase: build a Gadget from the row
  use <power|half|double> <Part>  Gadgets Phase: recall a Power token to activate a power
  activate <Gadget>               ... then choose the Gadget whose power it activates
  end / pass                      end the turn (having acted) / pass (having done nothing)
  to <Part>, add <token>, take <token> <Part>, target seat<N> <token> <Part>,
  salvage <token>, swap <Part>, with <Part>, cycle <Gadget>, done
                                  the steps of a special power
  recall <Part> / done            End of Round: recall all your tokens from a Part / finish
"""

from __future__ import annotations

from ...engine import Action, ActionTable
from .content import PARTS, Content
from .tokens import KIND_TEXT, KINDS, POWERS, STARRED, VALUE_KINDS


class Actions:
    """The action table of one content, with direct indexes for the rules to use."""

    def __init__(self, content: Content, max_players: int = 4) -> None:
        t = self.table = ActionTable()
        parts = range(len(PARTS))
        self.place = [[t.add(f"place {KIND_TEXT[k]} {PARTS[p]}", "place", k, p) for p in parts]
                      for k in range(KINDS)]
        self.build = [t.add(f"build {g.name}", "build", g.id) for g in content.gadgets]
        self.use = {k: [t.add(f"use {KIND_TEXT[k]} {PARTS[p]}", "use", k, p) for p in parts]
                    for k in POWERS}
        self.activate = [t.add(f"activate {g.name}", "activate", g.id) for g in content.gadgets]
        self.end = t.add("end")
        self.pass_ = t.add("pass")
        self.done = t.add("done")
        self.to = [t.add(f"to {PARTS[p]}", "to", p) for p in parts]
        self.add = {k: t.add(f"add {KIND_TEXT[k]}", "add", k) for k in VALUE_KINDS}
        self.take = {k: [t.add(f"take {KIND_TEXT[k]} {PARTS[p]}", "take", k, p) for p in parts]
                     for k in VALUE_KINDS}
        self.target = [{k: [t.add(f"target seat{s} {KIND_TEXT[k]} {PARTS[p]}", "target", s, k, p)
                            for p in parts] for k in VALUE_KINDS} for s in range(max_players)]
        self.salvage = {k: t.add(f"salvage {KIND_TEXT[k]}", "salvage", k) for k in STARRED}
        self.swap = [t.add(f"swap {PARTS[p]}", "swap", p) for p in parts]
        self.with_ = [t.add(f"with {PARTS[p]}", "with", p) for p in parts]
        self.cycle = [t.add(f"cycle {g.name}", "cycle", g.id) for g in content.gadgets]
        self.recall = [t.add(f"recall {PARTS[p]}", "recall", p) for p in parts]
        #: the Parts each Gadget requires, as a bit mask over Part ids
        self.need = [sum(1 << p for p in g.parts) for g in content.gadgets]
        #: Parts Phase legal lists by the set of kinds behind the screen (a bit mask)
        self.place_by_mask: dict[int, list[Action]] = {}

    def places(self, mask: int) -> list[Action]:
        """Every ``place`` action for the kinds in ``mask`` (shared list; do not mutate)."""
        found = self.place_by_mask.get(mask)
        if found is None:
            found = [a for k in range(KINDS) if mask >> k & 1 for a in self.place[k]]
            self.place_by_mask[mask] = found
        return found


_TABLES: dict[int, Actions] = {}


def actions_for(content: Content) -> Actions:
    """The (shared) actions of this content."""
    found = _TABLES.get(id(content))
    if found is None:
        found = _TABLES[id(content)] = Actions(content)
    return found

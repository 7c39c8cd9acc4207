"""The suggested payment: the cheapest way to pay the pending cost, as the list of payment steps
(``pay <developer>``, ``use <developer>``) to take in order, for the table page's one-click "Pay".

Cheapest, from the rules of paying (D6, R5, R6): a removed counter is gone for the rest of the
milestone and resources beyond the cost vanish at the end of the turn (unless a later cost of the
same turn uses them). So a payment is cheaper when, in this order,

1. it removes fewer counters (a Beastmode B / Mickey M conversion removes 2);
2. it leaves fewer resources over in the pool;
3. it takes fewer counters from a Lead whose ability spends its own counters (Wishing W,
   Bioshock B, Beastmode B, Mickey M), so that ability stays usable;
4. it leaves more counters on the kind of developer that has fewest (an either-or cost such as
   "Art/Prog: 2" is paid from the kind with more counters);
5. it leaves more counters on the developer that has fewest (counters are taken from those with most).

A plan is valid when every step is legal when it is taken and the last step pays the cost: it is
checked by taking the steps in place with the state's own rules, then undone. Everything read is
public (the payer's developers, counters, Leads, pool and the cost), so the plan is the same in any
determinization.

The player may spare a developer (an edit of the assignment): :func:`suggested_payment` gives the
cheapest plan that takes nothing from it, for each developer that can pay now.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from .content import KINDS
from .rules import PAY, need_of

if TYPE_CHECKING:
    from ...engine import Action
    from .state import GameDevelopmentState

#: Lead effects that spend the developer's own counters
KEEPERS = frozenset({"extra-action", "boost-others", "convert-ld", "convert-art"})


def suggested_payment(state: GameDevelopmentState, seat: int) -> dict[str, Any] | None:
    """``{"steps": [...], "sparing": {developer: steps or None}}`` for the payer: the cheapest
    plan, and for each developer that can pay now the cheapest plan that takes nothing from it
    (None: the cost cannot be paid without it). None when ``seat`` is not paying."""
    if state.phase != PAY or seat != state.active:
        return None
    names = state.content.names
    able = sorted({a.args[0] for a in state.legal_payments(seat)}, key=lambda d: names[d])
    cheapest = plan(state, seat, set())
    used = {step.partition(" ")[2] for step in cheapest or ()}
    return {"steps": cheapest,       # a developer it does not use is spared by it already
            "sparing": {names[d]: plan(state, seat, {d}) if names[d] in used else cheapest for d in able}}


def plan(state: GameDevelopmentState, seat: int, spared: set[int]) -> list[str] | None:
    """The cheapest valid payment of the pending cost that takes no counter from ``spared``, as
    action texts in order; None if there is none."""
    for counts in candidates(state, seat, spared):
        steps = in_order(state, seat, counts)
        if steps is not None:
            return steps
    return None


def candidates(state: GameDevelopmentState, seat: int, spared: set[int]) -> list[dict[tuple[str, int], int]]:
    """Every payment that covers the cost with no needless step (removing any one step would
    leave it unpaid), as counts of steps by ``(verb, developer)``, cheapest first."""
    content = state.content
    kind_of = content.kind_of
    for_bug = content.cards[state.pay_card].type == "bug"
    singles = list(need_of(state.need))
    mask, either = singles[4], singles[5]
    needed = state.needed_kinds()
    powers = state.powers[seat]
    convert = powers.get("convert-ld", powers.get("convert-art", -1)) if powers else -1
    keepers = {d for e, d in powers.items() if e in KEEPERS}
    # developers that may pay now: (developer, counters, kind, resources per counter)
    payers = [(dev, count, kind_of[dev], state.resource_yield(seat, dev, for_bug))
              for dev, count in zip(state.devs[seat], state.counters[seat], strict=True)
              if count and dev not in spared]
    converter = next(((d, c) for d, c, _, _ in payers if d == convert), None)
    target = state.conversion(seat, convert) if converter else -1
    found: list[tuple[tuple[Any, ...], dict[tuple[str, int], int]]] = []
    kinds_in_mask = [k for k in range(4) if mask >> k & 1] if either else []
    most_conversions = converter[1] // 2 if converter and needed >> target & 1 else 0
    for conversions in range(most_conversions + 1):
        for split in splits(either, len(kinds_in_mask)):
            want = singles[:4]
            for k, amount in zip(kinds_in_mask, split, strict=True):
                want[k] += amount
            if conversions and conversions > want[target]:
                continue       # more conversions than the target kind needs: never needed
            counts: dict[tuple[str, int], int] = {}
            if conversions:
                counts[("use", convert)] = conversions
            made = [0, 0, 0, 0]
            made[target if conversions else 0] += conversions
            ok = True
            for kind in range(4):
                short = want[kind] - made[kind]
                if short <= 0:
                    continue
                pool = [(d, c - (2 * conversions if d == convert else 0), y)
                        for d, c, k, y in payers if k == kind]
                best = cheapest_of_kind(short, pool, keepers)
                if best is None:
                    ok = False
                    break
                for dev, taken in best.items():
                    counts[("pay", dev)] = taken
                    made[kind] += taken * next(y for d, _, _, y in payers if d == dev)
            if ok:
                found.append((cost_key(state, seat, counts, made, want, keepers), counts))
    found.sort(key=lambda entry: entry[0])
    return [counts for _, counts in found]


def splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among ``parts`` (an either-or amount among its kinds)."""
    if parts == 0:
        return [()]
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in splits(total - first, parts - 1)]


def cheapest_of_kind(short: int, pool: list[tuple[int, int, int]], keepers: set[int]) -> dict[int, int] | None:
    """The fewest counters from ``pool`` (developer, counters, resources per counter) of one kind
    that make ``short`` resources, none of them needless; then the least left over. Developers
    that make as much per counter are alike but for what they keep: each counter is taken from the
    one with most counters left, a Lead that spends its own counters last."""
    by_yield: dict[int, list[tuple[int, int]]] = {}
    for dev, count, per in pool:
        if count > 0:
            by_yield.setdefault(per, []).append((dev, count))
    yields = sorted(by_yield)
    most = [min(sum(c for _, c in by_yield[y]), -(-short // y)) for y in yields]
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    for taken in product(*(range(m + 1) for m in most)):
        made = sum(n * y for n, y in zip(taken, yields, strict=True))
        if made < short or any(n and made - y >= short for n, y in zip(taken, yields, strict=True)):
            continue
        key = (sum(taken), made - short, -made)
        if best is None or key < best[0]:
            best = (key, taken)
    if best is None:
        return None
    out: dict[int, int] = {}
    for n, y in zip(best[1], yields, strict=True):
        left = {dev: count for dev, count in by_yield[y]}
        for _ in range(n):
            dev = max((d for d in left if left[d]), key=lambda d: (d not in keepers, left[d], -d))
            left[dev] -= 1
            out[dev] = out.get(dev, 0) + 1
    return out


def cost_key(state: GameDevelopmentState, seat: int, counts: dict[tuple[str, int], int],
             made: list[int], want: list[int], keepers: set[int]) -> tuple[Any, ...]:
    """How dear a payment is (the module's order): counters, left over, keepers' counters, the
    counters left by kind, then by developer (fewest first, to be kept high)."""
    spent = {dev: 0 for dev in state.devs[seat]}
    for (verb, dev), n in counts.items():
        spent[dev] += 2 * n if verb == "use" else n
    left = {dev: c - spent[dev] for dev, c in zip(state.devs[seat], state.counters[seat], strict=True)}
    by_kind = [0] * len(KINDS)
    for dev, n in left.items():
        by_kind[state.content.kind_of[dev]] += n
    return (sum(spent.values()), sum(made) - sum(want),
            sum(n for dev, n in spent.items() if dev in keepers),
            [-n for n in sorted(by_kind)], [-n for n in sorted(left.values())])


def in_order(state: GameDevelopmentState, seat: int, counts: dict[tuple[str, int], int]) -> list[str] | None:
    """The steps of ``counts`` in an order in which each is legal and the last pays the cost (each
    time the first planned step the rules offer), or None; the state is left as it was."""
    acts = state.acts
    todo: list[Action] = [(acts.use if verb == "use" else acts.pay)[dev]  # type: ignore[misc]
                          for (verb, dev), n in sorted(counts.items()) for _ in range(n)]
    counters, saved_pool, saved_need = state.counters[seat], state.pool.copy(), state.need.copy()
    saved_counters = counters.copy()
    steps: list[str] = []
    try:
        while todo:
            legal = state.legal_payments(seat)
            step = next((a for a in todo if a in legal), None)
            if step is None or state.needed_kinds() == 0:
                return None
            todo.remove(step)
            state.take_counters(seat, step.args[0], converting=step.kind == "use")
            state.settle()
            steps.append(str(step))
        return steps if state.needed_kinds() == 0 else None
    finally:
        counters[:] = saved_counters
        state.pool, state.need = saved_pool, saved_need

"""The conformance kit: what every game must satisfy, checked over random games.

``check_game(game, players, seed)`` plays one random game and checks, along the way and at the
end, the whole public contract: the game ends; someone can always act; every listed action
applies; illegal, unknown and out-of-turn actions are refused with the state unchanged; clones are
independent; records replay to the identical state; views are JSON; determinizing keeps the seat's
view and really resamples what it cannot see; scores and winners are well formed; events,
score breakdowns and action menus are well formed, tell a sample's seat exactly what it was
told, and replay identically; an undo gives exactly the replay of the shorter log; the coach's hint
for a seat is the same from the truth and from that seat's determinizations; at a sealed decision,
a seat's search is the same whether the others have committed their choices or not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import boardwright as bw
from boardwright import agents
from boardwright.engine import Game, IllegalAction, State, Stream
from boardwright.engine.observation import Tracker
from boardwright.engine.undo import replay_fingerprint


@dataclass
class Report:
    """What one checked game covered (the figures the notes quote)."""

    #: decisions played
    steps: int = 0
    #: states given the deep checks (refusals, clones, views, determinizations)
    states_checked: int = 0
    #: determinizations made and compared with the truth
    determinizations: int = 0
    #: pairs (sample of the truth, sample of a sample) found identical for every seat
    canonical_pairs: int = 0
    #: some sample differed from the truth in the game's own fields
    resampled: bool = False
    #: some sample differed in what another seat sees (its hand, face-down pieces), or in solo in
    #: what the seat itself cannot see
    hidden_seen: bool = False
    seats_acted: set[int] = field(default_factory=set)
    #: per seat, how many of its events were checked so far (and compared with a sample's)
    events_checked: dict[int | None, int] = field(default_factory=dict)
    sample_events_checked: dict[int, int] = field(default_factory=dict)
    #: states where the last seat to act acts again whose undo was checked, and how many of
    #: them allowed it
    undo_checked: int = 0
    undone: int = 0
    #: states where the hint from the truth was compared with hints from determinizations
    hints_checked: int = 0
    #: sealed decisions where a seat's search was compared before and after the others committed
    sealed_checked: int = 0
    #: states whose fast observations (every seat) were compared with the views' encodings
    observations_checked: int = 0
    #: observations written as changes (``Observer.changes``) and compared with the whole one
    tracked_checked: int = 0


def game_part(state: State) -> tuple:
    """The fingerprint of the game's own fields (not the log, seed or streams)."""
    return state.fingerprint(only_game=True)


def check_refusals(state: State, rng: Stream) -> None:
    """Out-of-turn, unknown and illegal actions raise IllegalAction and change nothing."""
    before = state.fingerprint()
    views = [state.view(s) for s in range(state.players)]
    tried: list[str] = []

    def refused(seat: int, text: str) -> None:
        try:
            state.apply(seat, text)
        except IllegalAction as error:
            assert error.rule and error.reason, f"an IllegalAction names a rule and a reason: {error}"
            assert str(error) == f"{error.rule}: {error.reason}"
        else:
            raise AssertionError(f"seat {seat} was allowed {text!r}")
        tried.append(f"seat {seat}: {text!r}")

    idle = [s for s in range(state.players) if s not in state.to_act]
    if idle:
        seat = idle[rng.below(len(idle))]
        assert state.legal_actions(seat) == []
        actions = list(state.table)
        refused(seat, str(actions[rng.below(len(actions))]))
    if state.to_act:
        seat = state.to_act[0]
        refused(seat, "no such action at all")
        legal = set(state.legal_actions(seat))
        illegal = [a for a in state.table if a not in legal]
        if illegal:
            refused(seat, str(illegal[rng.below(len(illegal))]))
    refused(state.players, "no such action at all")
    assert state.fingerprint() == before, f"a refusal changed the state (tried {'; '.join(tried)})"
    assert [state.view(s) for s in range(state.players)] == views


def differing_slots(one: State, other: State) -> list[str]:
    """The names of the state fields in which two states differ (for a readable failure)."""
    mine, theirs = dict(one.fingerprint()), dict(other.fingerprint())
    return sorted(name for name in mine if mine[name] != theirs.get(name))


def check_canonical(state: State, seat: int, seed: int) -> State:
    """``determinize(seat, seed)`` depends on ``view(seat)`` and ``seed`` only.

    A sample has the same view for ``seat`` as the truth, so sampling the sample again with the
    same seed must give the very same state: every seat's view and legal actions, the scores and
    every hidden field. Anything derived from the true hidden values (a shuffle of the true deck,
    a queue computed from the true hands) shows up here as a difference. Returns the sample.

    What this cannot see: a field copied unchanged from the truth is copied unchanged again from
    the sample. Only two different true states with the same view can show that, and the kit has
    no way to build them for an arbitrary game; each game's tests do it for the fields at risk
    (e.g. ``tests/games/game_development/test_determinization.py``).
    """
    sample = state.determinize(seat, seed)
    again = sample.determinize(seat, seed)
    for other in [None, *range(state.players)]:
        assert again.view(other) == sample.view(other), (
            f"determinize({seat}) is not canonical: seat {other}'s view depends on more than "
            f"seat {seat}'s view (fields: {differing_slots(sample, again)})")
    for other in range(state.players):
        assert again.legal_actions(other) == sample.legal_actions(other), (
            f"determinize({seat}) is not canonical: seat {other}'s legal actions differ")
    assert again.scores() == sample.scores(), f"determinize({seat}) is not canonical: scores differ"
    assert again.fingerprint() == sample.fingerprint(), (
        f"determinize({seat}) is not canonical: hidden fields {differing_slots(sample, again)} "
        f"depend on more than seat {seat}'s view")
    return sample


def check_same_samples(one: State, other: State, seat: int, seeds: range = range(12)) -> None:
    """Two states that ``seat`` cannot tell apart (the same view, different hidden values) give
    identical determinizations for it: the sample depends on the view and the seed only."""
    assert one.view(seat) == other.view(seat), f"the two states differ in what seat {seat} sees"
    for seed in seeds:
        a, b = one.determinize(seat, seed), other.determinize(seat, seed)
        assert a.fingerprint() == b.fingerprint(), (
            f"determinize({seat}, {seed}) read hidden values of the truth: the samples differ in "
            f"{differing_slots(a, b)}")


def check_views(state: State, seed: int, report: Report, samples: int = 2,
                events_of: tuple[int, ...] | None = None) -> None:
    """Views are JSON; determinizing keeps the seat's view, resamples the rest canonically, and
    leaves a running game's scores alone (they read nothing hidden); a sample tells its seat the
    events it was told (checked for ``events_of``, default every seat: events only grow, so the
    end of a game checks them all)."""
    json.dumps(state.view(None))
    scores = state.scores()
    breakdown = state.score_breakdown()
    since = report.sample_events_checked
    told = {seat: state.events(seat, since=since.get(seat, 0))
            for seat in (range(state.players) if events_of is None else events_of)}
    views = [state.view(seat) for seat in range(state.players)]
    truth = game_part(state)
    for seat in range(state.players):
        view = views[seat]
        assert json.loads(json.dumps(view)) == view, "a view is JSON-ready"
        legal = sorted(map(str, state.legal_actions(seat)))
        advice = state.advice(seat)
        assert json.loads(json.dumps(advice)) == advice, "advice is JSON-ready"
        for k in range(samples):
            sample = check_canonical(state, seat, seed * 31 + k) if k == 0 else \
                state.determinize(seat, seed * 31 + k)
            report.determinizations += 1
            report.canonical_pairs += k == 0
            assert sample.view(seat) == view, f"determinize({seat}) changed what seat {seat} sees"
            assert not sample.can_undo(seat), "a determinized sample takes nothing back"
            assert sample.to_act == state.to_act
            assert sorted(map(str, sample.legal_actions(seat))) == legal
            assert sample.advice(seat) == advice, f"advice({seat}) read something seat {seat} cannot see"
            assert sample.scores() == scores, (
                f"scores() {scores} read something seat {seat} cannot see (a sample scores "
                f"{sample.scores()})" if not state.is_over else
                f"the final scores {scores} differ in a sample ({sample.scores()})")
            assert sample.score_breakdown() == breakdown, (
                f"score_breakdown() read something seat {seat} cannot see")
            assert k or seat not in told or sample.events(seat, since=since.get(seat, 0)) == told[seat], (
                f"a sample for seat {seat} tells it other events than it was told")
            if game_part(sample) != truth:
                report.resampled = True
                if state.players == 1 or any(sample.view(other) != views[other]
                                             for other in range(state.players) if other != seat):
                    report.hidden_seen = True
    for seat, events in told.items():  # events only grow: the next check compares the new ones
        since[seat] = since.get(seat, 0) + len(events)


#: what a player must never read in an event's text or a score line: code, not words
INTERNALS = ("{", "}", "[", "]", "None", "kind=", "\n", "_")


def check_events(state: State, seats: list[int | None] | None = None,
                 checked: dict[int | None, int] | None = None) -> None:
    """Each seat's events (and a spectator's) are JSON, numbered from 0 in order, asked from any
    ``since`` alike (a fresh copy, with nothing cached, tells the same), and each says in one plain
    line what happened. ``seats``: only these; ``checked``: how many of each seat's events an
    earlier call checked (events only grow, so only the new ones are read again)."""
    checked = {} if checked is None else checked
    copy = state.clone()
    for seat in [None, *range(state.players)] if seats is None else seats:
        start = checked.get(seat, 0)
        new = state.events(seat, since=start)
        assert json.loads(json.dumps(new)) == new, "events are JSON-ready"
        for number, event in enumerate(new, start):
            assert event["seq"] == number, f"seat {seat}'s events are numbered from 0: {event}"
            assert isinstance(event["kind"], str) and event["kind"]
            text = event["text"]
            assert isinstance(text, str) and text and not any(bad in text for bad in INTERNALS), (
                f"event text {text!r} is not a plain sentence")
        middle = len(new) // 2
        assert state.events(seat, since=start + middle) == new[middle:]
        assert copy.events(seat, since=start) == new, "a copy tells the same events"
        assert state.events(seat, since=start + len(new) + 5) == []
        checked[seat] = start + len(new)


def check_presentation(state: State, all_seats: bool = True, checked: dict[int | None, int] | None = None) -> None:
    """Events, the score breakdown and the action menu are well formed and tell the truth (the
    events of every seat, or, during the game, of a spectator and the seat to act)."""
    check_events(state, None if all_seats else [None, state.to_act[0]], checked)
    breakdown = state.score_breakdown()
    assert json.loads(json.dumps(breakdown)) == breakdown, "the score breakdown is JSON-ready"
    assert [entry["total"] for entry in breakdown] == state.scores(), (
        f"the breakdown's totals {[entry['total'] for entry in breakdown]} are the scores {state.scores()}")
    for seat, entry in enumerate(breakdown):
        points = [line["points"] for line in entry["lines"]]
        assert all(type(p) is int for p in points), f"seat {seat}'s score lines are whole numbers: {points}"
        assert sum(points) == entry["total"], f"seat {seat}'s score lines {entry['lines']} add up to the total"
        for line in entry["lines"]:
            assert line["label"] and not any(bad in line["label"] for bad in INTERNALS), line
    for seat in state.to_act:
        flat = menu_actions(state.action_groups(seat))
        assert sorted(flat) == sorted(map(str, state.legal_actions(seat))), (
            "the action menu offers exactly the legal actions")


def menu_actions(entries: list[dict]) -> list[str]:
    """The actions an action menu offers, in menu order (every step checked on the way)."""
    flat: list[str] = []
    for entry in entries:
        assert entry["label"], entry
        if "choices" in entry:
            assert len(entry["choices"]) > 1, f"a menu step with one choice is folded: {entry}"
            flat += menu_actions(entry["choices"])
        else:
            flat.append(entry["action"])
    return flat


def check_step(state: State, rng: Stream) -> None:
    """Every listed legal action applies (on a clone), and its text parses back to it."""
    for seat in state.to_act:
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is to act but has no legal action"
        assert len(set(map(str, actions))) == len(actions), "legal actions are listed once each"
        picks = actions if len(actions) <= 12 else [actions[rng.below(len(actions))] for _ in range(12)]
        for action in picks:
            assert state.table.get(str(action)) == action
            copy = state.clone()
            copy.apply(seat, str(action))


def check_undo(state: State, report: Report) -> None:
    """At a state where the seat that acted last acts again: no other seat may take anything back;
    when that seat may (``can_undo``), an undo (on a copy) is exactly the replay of the shorter
    log, keeps every event told and tells ``undone`` after them, makes the action legal again,
    and taking it again gives back the same game; when it may not, ``undo`` is refused and
    changes nothing."""
    seat, action = state.log[-1]
    assert state.to_act == (seat,)
    for other in range(state.players):
        if other != seat:
            assert not state.can_undo(other), f"seat {other} may take back seat {seat}'s action"
    report.undo_checked += 1
    copy = state.clone()
    if not state.can_undo(seat):
        before = copy.fingerprint()
        try:
            copy.undo(seat)
        except IllegalAction as error:
            assert error.rule == "Undo" and error.reason
        else:
            raise AssertionError("undo did what can_undo refused")
        assert copy.fingerprint() == before, "a refused undo changed the state"
        return
    report.undone += 1
    told = {who: len(state.events(who)) for who in (None, seat)}
    copy.undo(seat)
    earlier = bw.replay(state.record(), until=len(state.log) - 1)
    assert replay_fingerprint(copy) == replay_fingerprint(earlier), (
        f"undo is not the replay of the shorter log (fields: {differing_slots(copy, earlier)})")
    assert [copy.view(who) for who in range(state.players)] == [earlier.view(who) for who in range(state.players)]
    assert action in copy.legal_actions(seat), f"the action taken back ({action}) is not legal again"
    for who, count in told.items():
        assert copy.events(who, since=max(0, count - 1))[:1] == state.events(who, since=max(0, count - 1))[:1], (
            "undo keeps the events told")
        assert [(e["seq"], e["kind"], e["seat"]) for e in copy.events(who, since=count)] == [(count, "undone", seat)]
    copy.apply(seat, action)
    assert replay_fingerprint(copy) == replay_fingerprint(state), "taking the action again is the same game"


def check_hint(state: State, seed: int, report: Report, iterations: int = 12, samples: int = 2) -> None:
    """The hint depends only on what its seat may see: for the seat to act with the most choices,
    the hint (a small iteration budget, a fixed seed) from the truth and from ``samples`` of that
    seat's determinizations is the same, and it is JSON-ready."""
    seat = max(state.to_act, key=lambda s: len(state.legal_actions(s)))
    truth = agents.hint(state, seat, iterations=iterations, seed=seed)
    assert json.loads(json.dumps(truth)) == truth, "a hint is JSON-ready"
    assert truth["moves"] and truth["why"]
    for k in range(samples):
        sample = state.determinize(seat, seed * 17 + k)
        assert agents.hint(sample, seat, iterations=iterations, seed=seed) == truth, (
            f"the hint for seat {seat} read something seat {seat} cannot see (it differs in a "
            f"determinization; fields the sample changed: {differing_slots(state, sample)})")
    report.hints_checked += 1


def check_sealed_search(state: State, seed: int, report: Report, iterations: int = 12) -> None:
    """A seat gains nothing from deciding second: at a sealed decision of several seats, the search
    of the seat with the most choices (a small iteration budget, a fixed seed) is the same before
    and after the other seats commit theirs (drawn at random)."""
    seat = max(state.to_act, key=lambda s: len(state.legal_actions(s)))
    if len(state.legal_actions(seat)) < 2:
        return
    later = state.clone()
    rng = Stream.named(seed, "sealed-order")
    for other in [s for s in state.to_act if s != seat]:
        actions = later.legal_actions(other)
        later.apply(other, actions[rng.below(len(actions))])
    first, last = (agents.make("ismcts", iterations=iterations, depth=20, seed=seed) for _ in range(2))
    chosen = first.choose(state, seat), last.choose(later, seat)
    assert str(chosen[0]) == str(chosen[1]) and first.last_root.totals(seat) == last.last_root.totals(seat), (
        f"seat {seat}'s search changed when the others committed their sealed choices first "
        f"({chosen[0]} before, {chosen[1]} after): a seat would gain from deciding second")
    report.sealed_checked += 1


def random_game(game: Game, players: int, seed: int, max_steps: int = 50_000) -> list[tuple[int, str]]:
    """The choices of one random game (seat, action text), played with the kit's own stream."""
    rng = Stream(seed)
    state = game.new(players=players, seed=seed)
    choices: list[tuple[int, str]] = []
    while not state.is_over:
        assert state.to_act, "while the game goes on, someone owes a decision"
        assert len(choices) < max_steps, f"no end after {max_steps} decisions"
        seat = state.to_act[rng.below(len(state.to_act))]
        actions = state.legal_actions(seat)
        action = actions[rng.below(len(actions))]
        state.apply(seat, action)
        choices.append((seat, str(action)))
    return choices


def check_fast_observation(state: State, report: Report | None = None) -> None:
    """A game's fast observation, written from its state, equals the encoding of the seat's view,
    for every seat: the view stays the one place that decides what a seat sees."""
    observer = state.game.observer(state.players, state.options)
    if not observer.fast:
        return
    for seat in range(state.players):
        fast = observer.dense(state, seat)
        slow = observer.encode(state.view(seat))
        wrong = [i for i, (a, b) in enumerate(zip(fast, slow, strict=True)) if abs(a - b) > 1e-6]
        if wrong:
            at, offset, name = wrong[0], 0, ""
            for name, size, _ in observer.layout:  # noqa: B007 (the block found is named below)
                if at < offset + size:
                    break
                offset += size
            raise AssertionError(f"{state.game.id}: seat {seat}'s fast observation differs from its view's "
                                 f"at {len(wrong)} positions, first {at} (block {name}[{at - offset}]): "
                                 f"{fast[at]} against {slow[at]}")
    if report is not None:
        report.observations_checked += 1


class TrackedObservations:
    """Each seat's observation followed through a game as changes (for a game that writes them so,
    ``Observer.tracks``): one tracker and one vector per seat, as a learner's adapter keeps them."""

    def __init__(self, game: Game, players: int, options: dict | None = None) -> None:
        self.observer = game.observer(players, options or {})
        self.on = self.observer.tracks
        self.trackers = [Tracker() for _ in range(players)]
        self.rows = [[0.0] * self.observer.size for _ in range(players)]

    def check(self, state: State, seat: int, report: Report | None = None) -> None:
        """Seat ``seat``'s vector brought up to ``state`` equals its whole observation there."""
        if not self.on:
            return
        row = self.observer.tracked(state, seat, self.trackers[seat], self.rows[seat])
        whole = self.observer.dense(state, seat)
        if row != whole:
            at = next(i for i, (a, b) in enumerate(zip(row, whole, strict=True)) if a != b)
            offset, name = 0, ""
            for name, size, _ in self.observer.layout:  # noqa: B007 (the block found is named below)
                if at < offset + size:
                    break
                offset += size
            raise AssertionError(f"{state.game.id}: seat {seat}'s observation written as changes differs from "
                                 f"the whole one at {at} (block {name}[{at - offset}]): {row[at]} against {whole[at]}")
        if report is not None:
            report.tracked_checked += 1


def check_fast_observation_undone(state: State, seat: int) -> bool:
    """The fast observation after ``seat`` takes its last action back (on a copy: ``state`` is
    left as it was) equals the view's; False, and nothing checked, when ``seat`` may not undo."""
    if not state.can_undo(seat):
        return False
    copy = state.clone()
    copy.undo(seat)
    check_fast_observation(copy)
    return True


def check_state(state: State, rng: Stream, seed: int, report: Report) -> None:
    """The deep checks of one state: legal actions apply, refusals change nothing, views and
    determinizations keep their promises, and a clone is independent of the original."""
    check_step(state, rng)
    check_refusals(state, rng)
    check_views(state, seed, report, events_of=state.to_act[:1])
    check_presentation(state, all_seats=False, checked=report.events_checked)
    check_fast_observation(state, report)
    report.states_checked += 1
    original = state.fingerprint()
    copy = state.clone()
    assert copy.fingerprint() == original
    seat = copy.to_act[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert state.fingerprint() == original, "a clone is independent of the original"


def check_game(game: Game, players: int, seed: int, checks: int = 12, every: int | None = None,
               max_steps: int = 50_000, undos: int = 3, hints: int = 2, sealed: int = 2) -> Report:
    """Play one random game and check the whole contract along the way and at the end.

    The deep checks (see :func:`check_state`) are expensive, so they are sampled: ``checks``
    states spread evenly over the game (at offsets drawn from the seed), or with ``every`` one
    state in ``every``. After each deep state, the next state where the seat that acted last
    acts again gets the undo checks (:func:`check_undo`), ``undos`` times a game at most;
    ``hints`` of the deep states, spread over the game, get the hint check (:func:`check_hint`),
    and the first ``sealed`` deep states at a sealed decision the check of its search
    (:func:`check_sealed_search`). The cheap checks run at every step.
    """
    choices = random_game(game, players, seed, max_steps)
    probe = Stream.named(seed, "conformance-kit")
    if every is not None:
        deep = set(range(0, len(choices), every))
    else:
        span = len(choices) / max(1, checks)
        deep = {int((i + probe.random()) * span) for i in range(checks)}
    ordered = sorted(deep)
    hinted = set(ordered[::max(1, len(ordered) // max(1, hints))][:hints])
    report = Report()
    state = game.new(players=players, seed=seed)
    twin = game.new(players=players, seed=seed)
    assert twin.fingerprint() == state.fingerprint(), "a seed sets up the same game"
    tracked = TrackedObservations(game, players)
    undo_wanted = False
    for step, (seat, text) in enumerate(choices):
        assert state.to_act and not state.is_over, "while the game goes on, someone owes a decision"
        tracked.check(state, seat, report)  # every step, as a learner's env observes its seat
        if step in deep:
            for other in range(players):  # and a determinization for each seat: another state
                tracked.check(state.determinize(other, seed + step), other, report)
                tracked.check(state, other, report)
            check_state(state, probe, seed + step, report)
            if step in hinted:
                check_hint(state, seed + step, report)
            if len(state.to_act) > 1 and report.sealed_checked < sealed:
                check_sealed_search(state, seed + step, report)
            undo_wanted = report.undo_checked < undos
        if undo_wanted and state.log and state.to_act == (state.log[-1][0],):
            check_undo(state, report)
            undo_wanted = False
        assert seat in state.to_act and state.legal_actions(seat)
        state.apply(seat, text)
        report.seats_acted.add(seat)
        report.steps += 1
    # the end
    assert state.is_over and state.to_act == ()
    assert all(state.legal_actions(s) == [] for s in range(players))
    check_refusals(state, probe)
    scores = state.scores()
    assert len(scores) == players and all(type(x) is int for x in scores), f"scores are whole numbers: {scores}"
    winners = state.winners()
    assert len(set(winners)) == len(winners) and all(0 <= w < players for w in winners)
    assert winners or players == 1, "a game of several players has a winner (a solo game may be lost)"
    check_views(state, seed, report)
    check_presentation(state, checked=report.events_checked)
    check_fast_observation(state, report)
    for seat in range(players):
        tracked.check(state, seat, report)
    report.states_checked += 1
    record = json.loads(json.dumps(state.record()))
    again = bw.replay(record)
    assert again.fingerprint() == state.fingerprint(), "the record replays exactly"
    for seat in [None, *range(players)]:
        assert again.events(seat) == state.events(seat), f"a replay tells seat {seat} the same events"
    return report


def check_determinized_playout(game: Game, players: int, seed: int, steps: int = 40) -> None:
    """A determinized state is a full game: it plays on to the end like any other."""
    rng = Stream(seed)
    state = game.new(players=players, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    if state.is_over:
        return
    sample = state.determinize(state.to_act[0], seed)
    count = 0
    while not sample.is_over:
        seat = sample.to_act[rng.below(len(sample.to_act))]
        actions = sample.legal_actions(seat)
        sample.apply(seat, actions[rng.below(len(actions))])
        count += 1
        assert count < 50_000

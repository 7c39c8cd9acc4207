"""The words a person reads, checked over whole games of every game at every player count.

Every text a player meets is gathered while bots play: the events told to each seat and to a
spectator, the menu of actions (``action_groups``), the score breakdown's lines and tie-break,
the catalog, the terminal's board (``render``) and action help (``describe_action``), the sentences
in a view, and the refusals of out-of-turn and illegal actions. Each must read as English:

- no word doubled ("Wild Wedge Wedge");
- "a" before a consonant sound and "an" before a vowel sound ("a Artist", "an Gadget" are wrong);
- a seat is always "Seat N", and a game term (a name in the catalog, a capitalised term of the
  game's quick reference) is capitalised the same way wherever it appears;
- nothing of the program leaks: "null", "None", "undefined", "[object", braces, "(you)'s".

Action texts are a stable public form, not display words: where one is quoted (an action's help
begins with it, an "acted" event holds it) it is left out of the checks.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardwright as bw
from boardwright import agents
from boardwright.engine import IllegalAction, State

GAMES = bw.games()
#: a decision of every this many has its board drawn, its help read and refusals tried
SAMPLE_EVERY = 16
MAX_DECISIONS = 4000

Texts = dict[str, set[str]]


def collect(game_id: str, players: int, seed: int, agent: str = "mixed") -> Texts:
    """Every text of one whole game, by where a person reads it. ``agent`` plays every seat, or
    "mixed": the game's heuristic bot at even seats and random moves at odd ones (random moves
    reach the odd corners of the rules; a heuristic player makes sure the game ends)."""
    game = bw.load(game_id)
    texts: Texts = {}

    def add(source: str, text: str) -> None:
        texts.setdefault(source, set()).add(text)

    for name, entry in game.catalog().items():
        add("catalog", name)
        for key, value in entry.items():
            if isinstance(value, str) and key not in ("kind", "type"):
                add(f"catalog {key}", value)
    state = game.new(players=players, seed=seed)
    kinds = ["heuristic", "random"] if agent == "mixed" else [agent]
    bots = [agents.make(kinds[seat % len(kinds)], seed=seed + seat) for seat in range(players)]
    tried: list[str] = []
    decisions = 0
    while not state.is_over:
        assert decisions < MAX_DECISIONS, f"{game_id} did not end in {MAX_DECISIONS} decisions"
        seat = state.to_act[0]
        for label in menu_labels(state.action_groups(seat)):
            add("menu", label)
        if decisions % SAMPLE_EVERY == 0:
            read_board(state, seat, add)
            try_refusals(state, seat, tried, add)
        action = bots[seat].choose(state, seat)
        tried.append(str(action))
        state.apply(seat, action)
        decisions += 1
    read_board(state, None, add)
    for viewer in [*range(players), None]:
        for event in state.events(viewer):
            text = event["text"]
            if isinstance(event.get("action"), str):
                text = text.replace(event["action"], "")
            add(f"event {event['kind']}", text)
    return texts


def menu_labels(menu: list) -> Iterator[str]:
    for item in menu:
        yield item["label"]
        yield from menu_labels(item.get("choices", []))


def read_board(state: State, seat: int | None, add) -> None:
    """The terminal's board, the action help, the view's sentences and the score breakdown."""
    game = state.game
    for viewer in ([seat] if seat is not None else []) + [None]:
        view = state.view(viewer)
        for line in game.render(view).splitlines():
            add("render", line)
        for text in strings(view):
            if " " in text and not IDENTIFIER.fullmatch(text):
                add("view", text)
    if seat is not None:
        for action in state.legal_actions(seat)[:40]:
            text = str(action)
            add("help", game.describe_action(text).replace(text, "", 1))
    for entry in state.score_breakdown():
        for line in entry["lines"]:
            for key, value in line.items():
                if isinstance(value, str):
                    add(f"breakdown {key}", value)
        if entry.get("tiebreak"):
            add("breakdown tiebreak", str(entry["tiebreak"]))


def strings(value) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def try_refusals(state: State, seat: int, tried: list[str], add) -> None:
    """The refusals of a seat acting out of turn and of actions taken before that are not legal now."""
    for other in range(state.players):
        if other not in state.to_act:
            refuse(state, other, "pass", add)
            break
    legal = {str(action) for action in state.legal_actions(seat)}
    for text in [t for t in reversed(tried[-30:]) if t not in legal][:3]:
        refuse(state, seat, text, add)


def refuse(state: State, seat: int, text: str, add) -> None:
    try:
        state.apply(seat, text)
    except IllegalAction as error:
        add("refusal", str(error).replace(f"'{text}'", "").replace(text, ""))
    else:
        raise AssertionError(f"{text!r} by seat {seat} was taken; it was meant to be refused")


# ------------------------------------------------------------------ the checks
#: Rich markup in the terminal's board, read without its tags
MARKUP = re.compile(r"\[/?[a-z0-9 _#]*\]")
#: a word or a phrase of up to three words written twice in a row ("Wild Wedge Wedge", "Energy Bonus
#: card Bonus card"); single letters and numbers are tokens on a board, not words
WORD = r"(?:[A-Za-z][a-z]+|[A-Z]{2,})"
DOUBLED = re.compile(rf"\b({WORD}(?: {WORD}){{0,2}}) \1\b", re.IGNORECASE)
ARTICLE = re.compile(r"(?:^|(?<=[.:;!?] )|(?<=[^\w.:;!?] ))(a|an|A|An) ([\w★½'-]+)", re.MULTILINE)
#: words spelt with a vowel that start with a consonant sound ("a unit", "a one-off", "a UE bid")
CONSONANT_SOUND = ("uni", "use", "usu", "uti", "one", "once", "eu", "ue", "ure")
#: words spelt with a consonant that start with a vowel sound ("an hour", "an 8", "an 18", "an L1")
VOWEL_SOUND = re.compile(r"hour|honest|honou|8|11$|18$|[FHLMNRSX](\d|$)")
LEAK = re.compile(r"null|undefined|\bNone\b|\bNaN\b|\[object|[{}]|\(you\)'s")
#: a view's names for states ("feature creep", "machine revealed"): data the client reads, not words
IDENTIFIER = re.compile(r"[a-z ]+")
SEAT = re.compile(r"\b(seat|SEAT|Seat)(s?) (\d)")


def starts_with_vowel_sound(word: str) -> bool:
    lower = word.lower()
    if VOWEL_SOUND.match(word):
        return True
    return lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(CONSONANT_SOUND)


def terms_of(game_id: str, texts: Texts) -> list[str]:
    """The game's terms whose capitals must not vary: the catalog's names of more than one word
    written as names (every main word capitalised), the capitalised phrases of the game's quick
    reference that do not open a sentence, and the single words that the quick reference always
    capitalises mid-sentence (at least twice, never in lower case) and that are not part of a phrase."""
    name = re.compile(r"[A-Z0-9][\w'★-]*(?: (?:of|the|a|in|and|[A-Z0-9][\w'★-]*))+")
    found = {n for n in texts.get("catalog", ()) if name.fullmatch(n)}
    reference = (Path(bw.__file__).parent / "games" / game_id.replace("-", "_") / "rules.md").read_text(
        encoding="utf-8")
    mid = re.sub(r"^[#*\- ]+|\*\*|[.:!?]\s+", "\n", reference, flags=re.MULTILINE)
    cap = r"(?:[A-Z][a-z]+|[A-Z]{2,})"
    found.update(re.findall(rf"(?<=[a-z0-9,;(] ){cap}(?: (?:of |the )?{cap})+\b", mid))
    lower = set(re.findall(r"\b[a-z]{3,}\b", reference))
    in_phrases = {word for term in found for word in term.split()}
    single = Counter(re.findall(r"(?<=[a-z0-9,;(] )([A-Z][a-z]{2,})\b", mid))
    found.update(word for word, count in single.items()
                 if count >= 2 and word.lower() not in lower and word not in in_phrases)
    return sorted(found, key=len, reverse=True)


def shown_as_term(phrase: str, terms: set[str]) -> bool:
    """Whether ``phrase`` (a term matched without regard to case) is written as a term is: as it
    is, or as a term after words of its own ("a full Display Case")."""
    words = phrase.split(" ")
    return any(" ".join(words[start:]) in terms for start in range(len(words)))


def problems(game_id: str, texts: Texts) -> list[str]:
    """Every text that breaks one of the rules of the module docstring, as "source: what: text".
    The texts are read as one page, a line each, so that each rule is one scan."""
    lines = [(source, MARKUP.sub("", text).replace("\n", " ").strip())
             for source, items in sorted(texts.items()) for text in sorted(items)]
    page = "\n".join(text for _, text in lines)
    starts = [0]
    for _, text in lines[:-1]:
        starts.append(starts[-1] + len(text) + 1)
    said: dict[int, list[str]] = {}

    def tell(at: int, what: str) -> None:
        said.setdefault(bisect_right(starts, at) - 1, []).append(what)

    for match in DOUBLED.finditer(page):
        tell(match.start(), f"doubled {match.group(0)!r}")
    for match in ARTICLE.finditer(page):
        if (match.group(1).lower() == "an") != starts_with_vowel_sound(match.group(2)):
            tell(match.start(), f"article {match.group(0)!r}")
    for match in LEAK.finditer(page):
        tell(match.start(), f"leak {match.group(0)!r}")
    for match in SEAT.finditer(page):
        if match.group(1) != "Seat":
            tell(match.start(), f"seat {match.group(0)!r}")
    terms = terms_of(game_id, texts)
    exact = set(terms)
    lowered = page.lower()
    for term in terms:
        key = term.lower()
        at = lowered.find(key)
        while at >= 0:
            end = at + len(key)
            whole = (at == 0 or not page[at - 1].isalnum()) and (end == len(page) or not page[end].isalnum())
            if whole and page[at:end] != term and not shown_as_term(page[at:end], exact):
                tell(at, f"capitals {page[at:end]!r}")
            at = lowered.find(key, end)
    return [f"{lines[index][0]}: {', '.join(what)}: {lines[index][1]}" for index, what in sorted(said.items())]


def report(found: list[str], most: int = 25) -> str:
    return f"{len(found)} texts read wrong, such as:\n" + "\n".join(found[:most])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_of_a_whole_game_reads_as_english(game_id):
    game = bw.load(game_id)
    texts: Texts = {}
    for players in range(game.min_players, game.max_players + 1):
        for source, items in collect(game_id, players, seed=players).items():
            texts.setdefault(source, set()).update(items)
    assert texts.get("menu") and texts.get("render") and texts.get("refusal")
    assert any(source.startswith("event") for source in texts)
    assert any(source.startswith("breakdown") for source in texts)
    found = problems(game_id, texts)
    assert not found, report(found)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("agent", ["mixed", "heuristic"])
def test_every_text_reads_as_english_over_many_games(game_id, agent):
    game = bw.load(game_id)
    texts: Texts = {}
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(10, 15):
            for source, items in collect(game_id, players, seed, agent).items():
                texts.setdefault(source, set()).update(items)
    found = problems(game_id, texts)
    assert not found, report(found)


def test_the_checks_catch_what_the_issue_saw():
    """Each rule catches its example from the issue, and passes its corrected form."""
    texts = {"event x": {"Seat 1 takes a Wild Wedge Wedge", "Energy Bonus card Bonus card", "Seat 0 (you)'s turn",
                         "A Artist, hired", "seat 0 passes", "Draw pilenull", "an Gadget", "Seat 2 buys a Junk pile"}}
    found = problems("gadgeteers", texts)
    assert len(found) == 8, report(found)
    good = {"event x": {"Seat 1 takes a Wild Wedge", "Your turn", "An Artist, hired", "Seat 0 passes",
                        "Draw pile", "a Gadget", "an 8", "a unit", "an L1 slot", "Seat 2 buys a Junk Pile"}}
    assert problems("gadgeteers", good) == []

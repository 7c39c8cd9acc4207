"""Bot levels by name: each resolves per game and plays legal games; the noisy heuristic's rate;
easy loses to medium; the terminal lists and seats them."""

from __future__ import annotations

import io
import math
import sys

import pytest

import boardwright as bw
from boardwright import agents
from boardwright.agents import HeuristicAgent, RandomAgent
from boardwright.agents.ismcts import DEFAULT_DEPTH, ISMCTSAgent
from boardwright.agents.level import LevelAgent
from boardwright.cli import main
from boardwright.engine import Action, Agent, State

GAMES = [bw.load(game_id) for game_id in bw.games()]
NAMES = ["easy", "medium", "hard", "expert"]
#: the search levels, cut to a few simulations a move so that a whole game stays quick
QUICK = {"easy": "easy", "medium": "medium", "hard": "hard:iterations=3,depth=5",
         "expert": "expert:iterations=3,depth=5"}


def play(game: bw.Game, seats: list[Agent], seed: int) -> State:
    """A whole game, one agent per seat, each choice checked legal before it is applied."""
    state = game.new(players=len(seats), seed=seed)
    for _ in range(5_000):
        if state.is_over:
            return state
        seat = state.to_act[0]
        choice = seats[seat].choose(state, seat)
        assert choice in state.legal_actions(seat), f"{seats[seat].name} chose {choice!r}, not legal"
        state.apply(seat, choice)
    raise AssertionError(f"{game.id}: no end after 5,000 decisions")


# ---------------------------------------------------------------------- what the levels are
def test_the_levels_are_named_weakest_first_for_every_game():
    for game in GAMES:
        listed = agents.levels(game)
        assert [level["name"] for level in listed] == NAMES
        for level in listed:
            assert level["about"] and level["spec"] == agents.resolve(level["name"], game)
            agents.check(level["spec"], game)  # the concrete spec a game gets is one it accepts
            agents.check(level["name"], game)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_level_resolves_to_its_game_settings(game):
    easy, medium = agents.make("easy", seed=1).agent_for(game), agents.make("medium", seed=1).agent_for(game)
    assert isinstance(easy, HeuristicAgent) and easy.noise == 0.5
    assert isinstance(medium, HeuristicAgent) and medium.noise == 0
    hard, expert = agents.make("hard", seed=1).agent_for(game), agents.make("expert", seed=1).agent_for(game)
    assert isinstance(hard, ISMCTSAgent) and isinstance(expert, ISMCTSAgent)
    # a bound on the wait; the iterations set the strength
    assert (hard.time, expert.time) == (1 if game.id == "game-development" else 0.3, 2)
    # the game's own levels (Game.levels): The Game Makers' searches guided by its bot, Makers of
    # Universe's looking 60 decisions ahead; both 2,000 iterations for expert, about a second;
    # Game Development's hard search 1,000 iterations (300 did not beat its bot)
    own = game.id in ("the-game-makers", "makers-of-universe")
    assert hard.iterations == (1000 if game.id == "game-development" else 300)
    assert expert.iterations == (2000 if own else 3000)
    assert hard.bias == expert.bias == (1 if game.id == "the-game-makers" else 0)
    assert hard.depth == expert.depth == (60 if game.id == "makers-of-universe" else DEFAULT_DEPTH)


def test_parameters_after_a_level_are_put_over_its_own():
    makers = bw.load("the-game-makers")
    assert agents.resolve("hard:time=1", makers) == "ismcts:iterations=300,time=1,bias=1"
    assert agents.resolve("hard:iterations=1000", makers) == "ismcts:iterations=1000,time=0.3,bias=1"
    assert agents.resolve("easy:noise=0.2", makers) == "heuristic:noise=0.2"
    assert agents.resolve("ismcts:time=1", makers) == "ismcts:time=1"  # not a level: itself
    search = agents.make("hard:time=1,depth=10", seed=3).agent_for(makers)
    assert isinstance(search, ISMCTSAgent) and (search.time, search.depth, search.bias) == (1, 10, 1)
    with pytest.raises(ValueError, match="noise is a chance from 0 to 1"):
        agents.make("easy:noise=2")
    with pytest.raises(ValueError, match=r"level 'hard'.*bogus"):
        agents.make("hard:bogus=1")


def test_a_level_told_a_time_limit_keeps_the_shorter_in_every_game():
    game = bw.load("gadgeteers")
    expert = agents.within(agents.make("expert", seed=1), 0.5)
    assert isinstance(expert, LevelAgent) and expert.agent_for(game).time == 0.5
    hard = agents.make("hard", seed=1)
    built = hard.agent_for(game)
    agents.within(hard, 5)  # already built: told too, and its own 0.3 s is the shorter
    assert built.time == 0.3


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_level_plays_a_legal_game(game):
    players = max(game.min_players, min(game.max_players, 4))
    seats: list[Agent] = [agents.make(QUICK[NAMES[seat % 4]], seed=seat) for seat in range(players)]
    state = play(game, seats, seed=11)
    assert state.is_over and state.winners()


# ---------------------------------------------------------------------- the noise
class FirstAction(Agent):
    """Always the first legal action: which choices were not the bot's is then plain to see."""

    name = "first"

    def choose(self, state: State, seat: int) -> Action:
        return state.legal_actions(seat)[0]


@pytest.mark.parametrize("noise", [0.25, 0.5, 1.0])
def test_the_noisy_heuristic_plays_a_random_legal_move_at_its_rate(monkeypatch, noise):
    """Asked at every decision of random games, a noisy bot leaves its bot's choice with chance
    ``noise * (n - 1) / n`` (a random move among n may be the bot's own): the count over about
    3,000 decisions is within 4 standard deviations of that, and the random moves reach every
    action."""
    monkeypatch.setattr(HeuristicAgent, "bot_for", lambda self, game: FirstAction())
    game = bw.load("game-development")
    noisy, driver = HeuristicAgent(seed=5, noise=noise), RandomAgent(seed=6)
    assert agents.make(f"easy:noise={noise}", seed=5).agent_for(game).noise == noise
    left, expected, variance, decisions = 0, 0.0, 0.0, 0
    positions: dict[int, int] = {}
    for seed in range(20):
        state = game.new(players=2, seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            choice = noisy.choose(state, seat)
            assert choice in actions
            chance = noise * (len(actions) - 1) / len(actions)
            expected, variance, decisions = expected + chance, variance + chance * (1 - chance), decisions + 1
            if choice != actions[0]:
                left += 1
                index = actions.index(choice)
                positions[index] = positions.get(index, 0) + 1
            state.apply(seat, driver.choose(state, seat))
    assert decisions > 2_500
    assert abs(left - expected) <= 4 * math.sqrt(variance) + 1e-9, (left, expected)
    assert len(positions) >= 4  # spread over the actions, not one favourite


def test_easy_loses_clearly_to_medium():
    """Ten short seeded games of Game Development, the seats swapped every game."""
    game = bw.load("game-development")
    easy_wins = 0.0
    for seed in range(10):
        easy = seed % 2
        seats: list[Agent] = [agents.make("easy" if seat == easy else "medium", seed=seed * 2 + seat)
                              for seat in range(2)]
        state = play(game, seats, seed)
        if easy in state.winners():
            easy_wins += 1 / len(state.winners())
    assert easy_wins <= 2, f"easy won {easy_wins:g} of 10 against medium"


# ---------------------------------------------------------------------- the terminal
@pytest.fixture
def run(monkeypatch, capsys):
    """``run(argv, typed="")`` -> (exit code, stdout, stderr)."""
    def run(argv: list[str], typed: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        code = main(argv)
        out, err = capsys.readouterr()
        return code, out, err
    return run


def test_levels_lists_each_level_with_what_it_plays(run):
    code, out, err = run(["levels", "the-game-makers"])
    assert code == 0 and not err
    for level in agents.levels(bw.load("the-game-makers")):
        assert level["name"] in out and level["spec"] in out
    assert "guided by the rule-of-thumb bot" in out


def test_play_seats_a_level_and_its_help_names_them(run):
    code, out, err = run(["play", "game-development", "--seats", "human,hard", "--seed", "2"], "quit\n")
    assert code == 0 and not err, err
    code, out, err = run(["simulate", "game-development", "--seats", "easy,medium", "-n", "4"])
    assert code == 0 and not err and "easy" in out and "medium" in out
    code, out, err = run(["play", "--help"])
    assert code == 0 and "a bot level (easy, medium, hard, expert" in " ".join(out.split())


# ---------------------------------------------------------------------- the server
def test_the_server_counts_a_level_as_a_search_when_it_searches():
    from boardwright.web.protocol import is_search_bot
    assert [is_search_bot(level) for level in NAMES] == [False, False, True, True]
    assert not is_search_bot("easy:noise=0.2") and is_search_bot("hard:time=1")


def test_a_level_is_rated_as_bot_level():
    """A seat kind the server keeps for a level (and a seat handed to one) is rated by the level's name."""
    from boardwright.web.protocol import check_spec
    from boardwright.web.ratings import subjects
    game = bw.load("gadgeteers")
    rows = [{"kind": "human", "bot": None, "account_id": 7},
            {"kind": check_spec("easy", game), "bot": None, "account_id": None},
            {"kind": "human", "bot": check_spec("hard", game), "account_id": 8}]
    assert subjects(rows) == ["account:7", "bot:easy", "bot:hard"]


def test_the_server_seats_levels_by_name_and_checks_them_as_the_game_plays_them(server):
    from webplay import client, create, get, tokens, wait_until
    with client(server) as http:
        listed = {game["id"]: game["levels"] for game in http.get("/api/games").json()}
        for game in GAMES:
            assert [level["name"] for level in listed[game.id]] == NAMES
            assert listed[game.id] == [{"name": level["name"], "about": level["about"]}
                                       for level in agents.levels(game)]
        created = create(http, "game-development", ["easy", "human"])
        table, token = created["table"], tokens(created)[1]
        assert [seat["kind"] for seat in created["seats"]] == ["easy", "human"]
        # the easy bot moves first; then the human's page sees the bot's seat by its level
        message = wait_until(lambda: (m := get(http, table, token)) and 1 in m["to_act"] and m, 30,
                             "the easy bot's first move")
        assert message["seats"][0]["bot"] == "easy" and message["seats"][1]["bot"] is None
        refused = http.post("/api/tables", json={"game": "game-development", "players": 2,
                                                 "seats": ["human", "expert:time=60"]})
        assert refused.status_code == 422 and "at most 10 s" in refused.json()["error"]
        assert "\n" not in refused.json()["error"]
        refused = http.post("/api/tables", json={"game": "game-development", "players": 2,
                                                 "seats": ["human", "hard:bogus=1"]})
        assert refused.status_code == 422 and "bogus" in refused.json()["error"]


def test_the_lobby_offers_the_levels_by_name_and_seats_one(server, browser):
    from browser import DESKTOP
    from webplay import client, get, wait_until
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector("[name=seat1] option[value=hard]", state="attached")
        page.select_option("#game", "the-game-makers")
        offered = page.locator("[name=seat1] option").evaluate_all(
            "options => options.map((option) => [option.value, option.textContent])")
        levels = agents.levels(bw.load("the-game-makers"))
        assert offered == [["human", "a person"], *[[level["name"], f"{level['name']}: {level['about']}"]
                                                      for level in levels], ["random", "random moves"]]
        assert page.locator("[name=seat1]").input_value() == "medium"
        page.select_option("#game", "game-development")
        page.fill("#name", "Ada")
        page.locator("[name=seat1]").select_option("easy")
        page.locator("#create button[type=submit]").click()
        page.wait_for_selector("#created:not([hidden])")
        table = page.locator("#go").get_attribute("href").split("/t/")[1].split("#")[0]
        with client(server) as http:
            seats = wait_until(lambda: get(http, table)["seats"], 15, "the table")
        assert [seat["bot"] for seat in seats] == [None, "easy"]
        assert errors == []
    finally:
        context.close()


def test_a_level_describes_its_search_by_its_simulations_where_it_has_them():
    from boardwright.agents.level import describe
    assert describe("ismcts:iterations=3000,time=2") == "a search of 3000 simulations a move"
    assert describe("ismcts:iterations=300,time=0.3,bias=1") == \
        "a search of 300 simulations a move, guided by the rule-of-thumb bot"
    assert describe("ismcts:time=1") == "a search of 1 s a move"
    assert describe("ismcts") == "a search of 1000 simulations a move"

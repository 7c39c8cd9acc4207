"""Screen tests' harness: the real ``boardwright play`` under a pseudo-terminal, as a player has it.

``play_screen(argv, answer)`` starts the installed ``boardwright`` command in a pty of 120 x 50
(so Rich draws colours, spinners and cleared screens as on a real terminal), answers every prompt
``seat N> `` with ``answer(screen_so_far, seat)`` and returns the whole screen as text, colours
and cursor codes removed. The game must end (or the answer must be ``quit``) within ``timeout``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect

import boardwright as bw
from boardwright import agents
from boardwright.sim import agent_seed

#: the installed command, beside this interpreter (what ``pip install`` puts on the PATH)
COMMAND = str(Path(sys.executable).with_name("boardwright"))

_CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
#: a seat's prompt: "Seat 1> " is seat 0's (people count seats from 1)
PROMPT = re.compile(r"Seat (\d)> ")
END = "This game's seed was"


def plain(text: str) -> str:
    """Terminal output as the words a person reads (no colour or cursor codes)."""
    return _CODES.sub("", text)


def play_screen(argv: list[str], answer: Callable[[str, int], str], timeout: float = 60,
                max_prompts: int = 2000) -> str:
    """Play ``boardwright ARGV`` answering each prompt; the plain screen text at the end."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "50"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(COMMAND, argv, env=env, dimensions=(50, 120), encoding="utf-8",
                          timeout=timeout, codec_errors="replace")
    screen: list[str] = []
    try:
        for _ in range(max_prompts):
            found = child.expect([PROMPT, "Pass the keyboard to [^,\n]+, press Enter ", END, pexpect.EOF])
            screen.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if found == 0:
                typed = answer(plain("".join(screen)), int(child.match.group(1)) - 1)
                child.sendline(typed)
            elif found == 1:
                child.sendline("")
            else:
                break
        else:
            raise AssertionError(f"no end after {max_prompts} prompts")
        child.expect(pexpect.EOF)
        screen.append(child.before)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, f"boardwright exited with {child.exitstatus}:\n{plain(''.join(screen))[-2000:]}"
    return plain("".join(screen))


def bot_game(game_id: str, players: int, seed: int) -> tuple[list[str], bw.State]:
    """The game ``boardwright play GAME --seats human,heuristic,... --seed SEED`` becomes when the
    person plays as the heuristic bot would: seat 0's choices at its prompts (its forced single
    choices are taken for it, so they are not typed), and the final state, to read what each seat
    was told. The other seats' bots are seeded as ``play`` seeds them, so the game is the same."""
    state = bw.load(game_id).new(players=players, seed=seed)
    bots = [agents.make("heuristic", seed=agent_seed(seed, seat)) for seat in range(players)]
    typed: list[str] = []
    while not state.is_over:
        seat = next((s for s in state.to_act if s != 0), state.to_act[0])
        action = bots[seat].choose(state, seat)
        if seat == 0 and len(state.legal_actions(0)) > 1:
            typed.append(str(action))
        state.apply(seat, action)
    return typed, state


def typing(lines: list[str], first: list[str] | None = None) -> Callable[[str, int], str]:
    """An answer that types ``first`` (commands), then ``lines`` one per prompt, then ``quit``."""
    queue = [*(first or []), *lines]

    def answer(screen: str, seat: int) -> str:
        return queue.pop(0) if queue else "quit"

    return answer

"""The PUCT search of puct.py as a bot for ./richelieu match and tournament (the richelieu-bot/1 protocol):

    ./richelieu match 'puct=exec:--start-timeout=120000 --move-timeout=60000 .venv/bin/python examples/python-env/puct_bot.py --simulations 8 --deals 2' \\
        'ppo=exec:.venv/bin/python examples/python-env/ppo_bot.py examples/python-env/ppo.pt' --pairs 200 --seed 1

A search needs a game to search in, and the protocol sends only what the seat sees. So the bot holds
an environment of its own (``richelieu.raw_env``, the engine in this process) and, at each decision,
puts it in the position the messages describe (``Position``): a ``richelieu-record/1`` line with
the deal of the ``start`` message, started at its first position, then every public action the
``played`` messages reported, stepped in order (a private ``end-returns``, which no message shows,
is stepped where the environment asks for it and the next reported action is not legal). The record
must name the 8 face-down tokens: the bot's own are those it was shown (``ownTokens``), the others
are any tokens that make the reported actions legal (a return token for each return the opponent
used). Before searching, the environment's observation of the bot's seat is checked against the
``act`` message, entry for entry (the package's ``Encoder``): the search then starts from exactly
what the seat knows, and ``determinize`` draws everything else anew. Should the check ever fail, the
bot plays the network's own choice and says so on stderr.

Start-up loads torch and starts a JVM (several seconds on a busy machine, more than the protocol's
default 10 s start limit allows): give the spec ``--start-timeout`` (and a ``--move-timeout`` above
the search's time per move), as above.
"""

import argparse
import collections
import json
import os
import sys
import time

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python-bot"))
sys.path.insert(0, HERE)
from richelieu_bot import log, run  # noqa: E402

import richelieu  # noqa: E402
from richelieu import actions  # noqa: E402
from richelieu.observation import REGIONS, SYMBOLS  # noqa: E402
from richelieu.protocol import Encoder  # noqa: E402
from ppo import load, logits  # noqa: E402
from puct import Search, seed_for  # noqa: E402

TOKENS = list(REGIONS) + list(SYMBOLS) + ["return", "return"]  # the 14 tokens (R6)


class Position:
    """One game as the bot sees it through the protocol, and an environment put in its current position."""

    def __init__(self, start, env):
        if start["players"] != 2 or start["rules"].get("returnTiming", "START_OF_TURN") != "START_OF_TURN":
            raise ValueError("this example searches 2-player games with return tokens at the start of the turn")
        self.start = start
        self.env = env
        self.seat = start["seat"]
        self.played = []  # (seat, packed action, type, card) of every public action, in order
        self.own = {}  # card index -> the token this seat found on it

    def on_played(self, seat, move):
        self.played.append((seat, move.action, move.type, move.card))

    def learn_own_tokens(self, act):
        """Which token was on each token card this seat took: what it holds now plus the returns it used,
        less what it knew already, goes to the cards not yet known (a return to the earliest taken: it may
        have been used since)."""
        token_cards = set(self.start["layout"]["tokenPlaces"])
        mine = [card for seat, _, kind, card in self.played
                if seat == self.seat and kind == "take" and card in token_cards and card not in self.own]
        received = collections.Counter(act.own_tokens) + collections.Counter({"return": act.me.used_returns})
        new = sorted((received - collections.Counter(self.own.values())).elements(), key=lambda t: t != "return")
        if len(new) != len(mine):
            raise ValueError(f"{len(mine)} token cards taken but {len(new)} tokens new")
        self.own.update(zip(mine, new))

    def tokens(self):
        """A token for each of the 8 token places that makes the game so far legal and shows this seat its own."""
        places = self.start["layout"]["tokenPlaces"]
        tokens = dict(self.own)
        pool = collections.Counter(TOKENS) - collections.Counter(self.own.values())
        held = []  # the opponent's token cards taken so far and not given a token yet, latest last
        for seat, _, kind, card in self.played:
            if seat == self.seat:
                continue
            if kind == "take" and card in places:
                held.append(card)
            elif kind == "use-return":  # it held a return: give one to the latest card it could have come from
                tokens[held.pop()] = "return"
                pool["return"] -= 1
        rest = sorted(pool.elements(), key=lambda t: (t == "return", TOKENS.index(t)))
        for card in held + [c for c in places if c not in tokens and c not in held]:
            tokens[card] = rest.pop(0)  # the opponent's other cards first: no return token it did not show
        return tokens

    def record(self):
        """A richelieu-record/1 line of this deal, with one turn so that its first position is a step of it."""
        rows = self.start["layout"]["rows"]
        return json.dumps({
            "format": "richelieu-record/1", "players": 2, "variant": self.start["rules"]["variant"], "seed": 0,
            "deck": self.start["deck"]["cards"], "rows": rows,
            "tokens": {str(c): t for c, t in self.tokens().items()}, "seats": ["bot", "bot"],
            "turns": [{"seat": 0, "returns": 0, "take": [rows[0][0]], "pay": [], "marker": None}],
            "scores": [0, 0], "cards": [0, 0], "winner": None, "forfeit": {"seat": 0, "reason": "timeout"}})

    def at(self, act):
        """The environment in the position of ``act``, its observation of this seat checked against the message."""
        self.learn_own_tokens(act)
        env = self.env
        env.reset(options={"record": self.record(), "step": 0})
        for _, packed, _, _ in self.played:
            index = actions.index_of(packed)
            while index not in env.legal_actions():
                step_end_returns(env)  # a private end-returns the messages do not show
            env.step(index)
        wanted = sorted(actions.index_of(m.action) for m in act.legal)
        while sorted(env.legal_actions()) != wanted:
            step_end_returns(env)
        return env


def step_end_returns(env):
    if actions.END_RETURNS not in env.legal_actions():
        raise ValueError("the reported actions do not replay")
    env.step(actions.END_RETURNS)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("model", nargs="?", default=os.path.join(HERE, "ppo.pt"))
    p.add_argument("--simulations", type=int, default=8)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--c", type=float, default=1.5)
    p.add_argument("--solve-cards", type=int, default=8)
    p.add_argument("--solve-samples", type=int, default=8)
    p.add_argument("--log", default=None, help="append one JSON line per game here: decisions, how they were "
                                                 "made, CPU and wall seconds of the decisions")
    a = p.parse_args()
    if not 1 <= a.deals <= a.simulations:
        p.error(f"--deals must be from 1 to --simulations ({a.simulations}), not {a.deals}")
    torch.set_num_threads(1)  # one search at a time: a thread per bot process is plenty
    net = load(a.model)
    search = Search(net, simulations=a.simulations, deals=a.deals, c=a.c, solve_cards=a.solve_cards,
                    solve_samples=a.solve_samples)
    env = richelieu.raw_env(players=2, ask_forced=True)
    encoder = Encoder()
    games = {}  # the game being played: its Position and the statistics of its decisions

    def position(game):
        if games.get("game") is not game:
            try:
                pos = Position(game.msg, env)
            except ValueError as e:
                log(f"puct_bot: {e}")
                sys.exit(2)
            games.update(game=game, position=pos,
                         stats=collections.Counter(decisions=0, cpu=0.0, wall=0.0))
        return games["position"], games["stats"]

    def choose(game, act):
        pos, stats = position(game)
        stats["decisions"] += 1
        cpu, wall = time.process_time(), time.perf_counter()  # measured, never used to decide
        action, how = decide(game, act, pos, stats["decisions"])
        stats[how] += 1
        stats["cpu"] += time.process_time() - cpu
        stats["wall"] += time.perf_counter() - wall
        return action

    def end(game, msg):
        if a.log:
            _, stats = position(game)
            with open(a.log, "a") as f:
                f.write(json.dumps(dict(stats, seat=game.seat, scores=msg["scores"])) + "\n")

    def decide(game, act, pos, decision):
        obs, mask = encoder.act(act.msg, start=game.msg)
        try:
            at = pos.at(act)
            if not np.array_equal(at.observe(at.agent_selection)["observation"], obs):
                raise ValueError("the environment's observation differs from the message's")
        except ValueError as e:
            log(f"puct_bot: {e}; playing the network's choice")
            legal = torch.from_numpy(np.flatnonzero(mask)).unsqueeze(0)
            with torch.no_grad():
                scores, _ = net(torch.from_numpy(obs).unsqueeze(0))
            return Encoder.packed(int(legal[0, int(logits(scores, legal).argmax())])), "fallback"
        action, info = search.choose(at, seed_for(game.msg["seed"], decision))
        return Encoder.packed(action), info["how"]

    run(choose, on_played=lambda game, seat, move: position(game)[0].on_played(seat, move), on_end=end)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A complete Richelieu bot for the richelieu-bot/1 protocol (docs/protocol.md).

It plays a uniformly random legal action at every decision it is asked about, seeded from the
"seed" of each game's "start" message, so a match replays exactly from its master seed.

Use it as the bot spec (the command runs in the current working directory, here the
repository root):

    exec:python3 examples/python-bot/random_bot.py

Standard library only (Python 3.8+). The protocol in four lines:
  * the engine writes one JSON object per line to our stdin: start, act, played, end;
  * only "act" needs an answer: one line {"action": <packed int>} on stdout, flushed;
  * stdout is for answers only -- write any logging to stderr (its last lines appear in the
    engine's error message if the bot fails);
  * when stdin closes, exit.

Set RANDOM_BOT_VERBOSE=1 to have it describe every observation on stderr.
"""

import json
import os
import random
import sys

VERBOSE = os.environ.get("RANDOM_BOT_VERBOSE") == "1"
COLS = 12  # a table position is row * 12 + column


def log(*parts):
    """Logging goes to stderr: stdout belongs to the protocol."""
    print(*parts, file=sys.stderr, flush=True)


class Game:
    """What the bot remembers of the current game: its seat, the deck and the layout."""

    def __init__(self, start):
        self.seat = start["seat"]
        self.players = start["players"]
        self.rules = start["rules"]                 # variant and every rule parameter
        # The deck: card index -> {"region": "Bourgogne", "shields": 1, "symbol": "sword" or None}.
        # Every message names cards by this index.
        self.cards = start["deck"]["cards"]
        # The layout: rows[r][c] is the card dealt at row r, column c. Cards never move, so
        # position_of[card] = r * 12 + c is fixed for the game; the "text" of an action
        # ("take r1c11") uses these positions.
        self.position_of = {}
        for r, row in enumerate(start["layout"]["rows"]):
            for c, card in enumerate(row):
                self.position_of[card] = r * COLS + c
        self.token_places = start["layout"]["tokenPlaces"]  # cards dealt with a face-down token
        # The bot's own random stream: seeded by the engine, so games are reproducible.
        self.rng = random.Random(start["seed"])

    def card_name(self, card):
        c = self.cards[card]
        pos = self.position_of[card]
        text = "%s %s" % (c["region"], "##" if c["shields"] == 2 else "#")
        if c["symbol"]:
            text += " " + c["symbol"]
        return "%s (r%dc%d)" % (text, pos // COLS, pos % COLS)

    def describe(self, act):
        """Shows how to read an observation (everything this seat may know, nothing more)."""
        me = act["players"][self.seat]
        log("turn %d, %s, seat %d to move" % (act["turn"], act["phase"], act["toMove"]))
        for r, row in enumerate(act["table"]):
            # Each row lists the cards still on the table, left to right: the ends are
            # row[0] and row[-1], the only cards that can be taken.
            ends = [] if not row else [row[0]] if len(row) == 1 else [row[0], row[-1]]
            log("  row %d: %d cards, ends %s" % (r, len(row), [self.card_name(c) for c in ends]))
        log("  face-down tokens on", [self.card_name(c) for c in act["tokenCards"]])
        log("  my cards", [self.card_name(c) for c in me["cards"]])
        log("  my markers on", [self.card_name(c) for c in me["markers"]],
            "reserve", me["reserve"], "boxed", me["boxed"])
        log("  my tokens", act["ownTokens"])  # only our own token identities are ever sent
        for p, other in enumerate(act["players"]):
            if p != self.seat:
                log("  seat %d: %d cards, %d tokens (identities hidden), markers %s" % (
                    p, len(other["cards"]), other["tokens"], other["markers"]))
        log("  legal:", ", ".join(a["text"] for a in act["legal"]))

    def choose(self, act):
        if VERBOSE:
            self.describe(act)
        legal = act["legal"]  # at least two actions, in ascending packed order
        return legal[self.rng.randrange(len(legal))]["action"]


def main():
    game = None
    while True:
        line = sys.stdin.readline()
        if not line:                        # stdin closed: the engine is done with us
            return
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "start":
            if msg["protocol"] != "richelieu-bot/1":
                log("unknown protocol", msg["protocol"])
                sys.exit(2)
            game = Game(msg)
        elif kind == "act":
            action = game.choose(msg)
            sys.stdout.write(json.dumps({"action": action}) + "\n")
            sys.stdout.flush()              # without the flush the engine waits until it times out
        elif kind == "played":
            # A public action of any seat (ours too). A smarter bot would update its model here;
            # msg["play"] has the same fields as an entry of act's "legal" list.
            if VERBOSE:
                log("seat %d played %s" % (msg["seat"], msg["play"]["text"]))
        elif kind == "end":
            if VERBOSE:
                log("game over: scores", msg["scores"], "winners", msg["winners"], "forfeit", msg["forfeit"])
            game = None
        # Unknown message types are ignored, so that later protocol versions can add some.


if __name__ == "__main__":
    main()

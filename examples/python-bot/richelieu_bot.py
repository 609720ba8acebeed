"""Write a Richelieu bot in Python in a few lines: the richelieu-bot/1 protocol (docs/protocol.md).

A whole bot:

    from richelieu_bot import run

    def choose(game, act):
        return game.rng.choice(act.legal)   # an entry of act.legal (or its action number)

    run(choose)

Play it with `./richelieu match 'exec:python3 my_bot.py' random`; my_bot.py beside this file is a
better bot in ten lines. A single file, standard library only (Python 3.8+): copy it next to your
bot, or put its folder on PYTHONPATH.

The API:

  run(choose, on_played=None, on_end=None)
      The whole protocol loop. Reads the engine's messages from stdin until it closes, keeps a
      Game per game, and answers every "act" with choose(game, act): an entry of act.legal (a
      Move) or its action number. on_played(game, seat, move) sees every public action, and
      on_end(game, end) each game's end message (a dict, docs/protocol.md section 4).
  read_message(stream=sys.stdin) -> dict or None      one message; None when the engine is done
  answer(action, stream=sys.stdout)                   one answer line, flushed
  log(*parts)                                         debug output to stderr (stdout is the protocol's)

  Game   (from the "start" message) seat, players, rules (dict), deck (list of Card, by card index),
         rows (the deal: rows[r][c] is the card index at row r, column c), token_cards (the cards
         dealt with a face-down token), rng (random.Random seeded by the engine: games replay),
         position(card) -> row * 12 + column, msg (the raw message)
  Card   region ("Bourgogne", …), shields (1 or 2), symbol ("sword", "cross", "tower" or None)
  Act    (an "act" message: everything this seat may know) turn, phase ("returns", "take-first",
         "pay", "take-second", "late-returns", "marker"), table (4 lists of card indices, left to
         right), ends() (the cards at row ends: the only takeable ones), token_cards, players (list
         of Player, by seat), me (this seat's Player), own_tokens (names of this seat's tokens),
         taken_this_turn, first_taken, legal (list of Move, ascending), moves(type) (the legal
         moves of one type), msg (the raw message)
  Player cards, markers (card indices), reserve, boxed, tokens (how many), used_returns,
         non_return_at_least
  Move   action (the number to answer), type ("take", "place", "skip", …), text ("take r1c11"),
         card (the card a take, pay-marker or place is about; a move's destination), source (the
         card a move takes its marker from); None where they do not apply
"""

import json
import random
import sys
from collections import namedtuple

PROTOCOL = "richelieu-bot/1"
COLUMNS = 12

Card = namedtuple("Card", "region shields symbol")
Player = namedtuple("Player", "cards markers reserve boxed tokens used_returns non_return_at_least")
Move = namedtuple("Move", "action type text card source")


def log(*parts):
    """Debug output goes to stderr: stdout carries only answers."""
    print(*parts, file=sys.stderr, flush=True)


def read_message(stream=None):
    """The next message as a dict, or None once the engine has closed the stream."""
    line = (stream or sys.stdin).readline()
    return json.loads(line) if line else None


def answer(action, stream=None):
    """Sends one answer: an action number (or a Move) from the act's legal list."""
    if isinstance(action, Move):
        action = action.action
    out = stream or sys.stdout
    out.write('{"action": %d}\n' % action)
    out.flush()   # an answer left in the buffer never arrives: the bot would time out


def _move(m):
    card = m.get("to") if m["type"] == "move" else m.get("card")
    return Move(m["action"], m["type"], m.get("text"), card, m.get("from"))


class Game:
    """What a "start" message says: the seat, the rules, the deck and the deal."""

    def __init__(self, msg):
        if msg.get("protocol") != PROTOCOL:
            raise ValueError("unsupported protocol %r (this helper speaks %s)" % (msg.get("protocol"), PROTOCOL))
        self.msg = msg
        self.seat = msg["seat"]
        self.players = msg["players"]
        self.rules = msg["rules"]
        self.deck = [Card(c["region"], c["shields"], c["symbol"]) for c in msg["deck"]["cards"]]
        self.rows = msg["layout"]["rows"]
        self.token_cards = msg["layout"]["tokenPlaces"]
        self.rng = random.Random(msg["seed"])
        self._position = {card: r * COLUMNS + c for r, row in enumerate(self.rows) for c, card in enumerate(row)}

    def position(self, card):
        """Where a card was dealt, row * 12 + column (cards never move on the table)."""
        return self._position[card]


class Act:
    """An "act" message: this seat's observation and the legal moves of its decision point."""

    def __init__(self, msg):
        self.msg = msg
        self.turn = msg["turn"]
        self.phase = msg["phase"]
        self.table = msg["table"]
        self.token_cards = msg["tokenCards"]
        self.players = [Player(p["cards"], p["markers"], p["reserve"], p["boxed"], p["tokens"], p["usedReturns"],
                               p["nonReturnAtLeast"]) for p in msg["players"]]
        self.me = self.players[msg["seat"]]
        self.own_tokens = msg["ownTokens"]
        self.taken_this_turn = msg["takenThisTurn"]
        self.first_taken = msg["firstTaken"]
        self.legal = [_move(m) for m in msg["legal"]]

    def ends(self):
        """The cards at the ends of the rows (a row with one card has one end)."""
        return [card for row in self.table if row for card in {row[0], row[-1]}]

    def moves(self, kind):
        """The legal moves of one type, e.g. act.moves("take")."""
        return [m for m in self.legal if m.type == kind]


def run(choose, on_played=None, on_end=None):
    """Plays games until the engine closes stdin: choose(game, act) answers every act."""
    game = None
    while True:
        msg = read_message()
        if msg is None:
            return
        kind = msg.get("type")
        if kind == "start":
            game = Game(msg)
        elif kind == "act":
            answer(choose(game, Act(msg)))
        elif kind == "played" and on_played:
            on_played(game, msg["seat"], _move(msg["play"]))
        elif kind == "end" and on_end:
            on_end(game, msg)
        # other message types are ignored: later protocol revisions may add some

#!/usr/bin/env python3
"""A small rule-based Richelieu bot for the richelieu-bot/1 protocol (docs/protocol.md).

Rules, one per decision point, with no randomness at all (ties go to the lowest packed action):
  * take:    the card worth most right now: 2 for a double shield, 1 for one shield, +0.5 for a
             symbol, +1.5 for a region it holds no card of yet (R18's -5 penalty looms);
             a second card is always taken when allowed (it is free shields);
  * pay:     from the reserve rather than from a marker on the table;
  * returns: always use a return token (markers are currency);
  * marker:  skip (placing markers well needs a plan this bot does not have).

See random_bot.py for a commented walk through every message. Standard library only.
"""

import json
import sys


def take_value(cards, mine, card):
    c = cards[card]
    value = c["shields"] + (0.5 if c["symbol"] else 0)
    if not any(cards[h]["region"] == c["region"] for h in mine):
        value += 1.5
    return value


def choose(cards, seat, act):
    mine = act["players"][seat]["cards"]

    def value(a):
        t = a["type"]
        if t == "take":
            return take_value(cards, mine, a["card"])
        if t == "use-return":
            return 1
        if t == "pay-reserve":
            return 1
        return 0  # stop, end-returns, pay-marker, place, move, skip

    best = max(act["legal"], key=lambda a: (value(a), -a["action"]))
    return best["action"]


def main():
    cards, seat = None, None
    for line in iter(sys.stdin.readline, ""):
        msg = json.loads(line)
        if msg["type"] == "start":
            cards, seat = msg["deck"]["cards"], msg["seat"]
        elif msg["type"] == "act":
            sys.stdout.write(json.dumps({"action": choose(cards, seat, msg)}) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()

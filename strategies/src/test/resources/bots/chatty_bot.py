"""Plays the first legal action, but in its first game answers "start" with a handshake line.

The protocol has no handshake, so {"ready": true} is output when no answer is due: GARBAGE,
whether the engine sees it before sending the first act or takes it for the answer to that act.
"""
import sys
from _first_game import answer, first_game, messages

for msg in messages():
    if msg["type"] == "start" and first_game(sys.argv[1]):
        sys.stdout.write('{"ready": true}\n')
        sys.stdout.flush()
    elif msg["type"] == "act":
        answer(msg["legal"][0]["action"])

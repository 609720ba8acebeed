"""Plays the first legal action, but in its first game stops answering at its third decision."""
import sys
import time
from _first_game import answer, first_game, messages

bad, acts = False, 0
for msg in messages():
    if msg["type"] == "start":
        bad, acts = first_game(sys.argv[1]), 0
    elif msg["type"] == "act":
        acts += 1
        if bad and acts == 3:
            time.sleep(3600)
        answer(msg["legal"][0]["action"])

"""Plays the first legal action, but in its first game answers its second decision with prose."""
import sys
from _first_game import answer, first_game, messages

bad, acts = False, 0
for msg in messages():
    if msg["type"] == "start":
        bad, acts = first_game(sys.argv[1]), 0
    elif msg["type"] == "act":
        acts += 1
        if bad and acts == 2:
            print("I think I will take the Bourgogne card", flush=True)
        else:
            answer(msg["legal"][0]["action"])

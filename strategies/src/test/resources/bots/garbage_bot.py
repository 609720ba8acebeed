"""Plays the first legal action, but in its first game answers its second decision with prose."""
import sys
from _first_game import acts, answer

for msg, first, n in acts(sys.argv[1]):
    if first and n == 2:
        print("I think I will take the Bourgogne card", flush=True)
    else:
        answer(msg["legal"][0]["action"])

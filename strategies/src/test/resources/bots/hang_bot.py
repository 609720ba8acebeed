"""Plays the first legal action, but in its first game stops answering at its third decision."""
import sys
import time
from _first_game import acts, answer

for msg, first, n in acts(sys.argv[1]):
    if first and n == 3:
        time.sleep(3600)
    answer(msg["legal"][0]["action"])

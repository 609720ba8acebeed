"""Plays the first legal action, but in its first game answers "skip" (never legal there) to a take."""
import sys
from _first_game import answer, first_game, messages

SKIP = 9 << 12  # well formed, but only legal at the marker step
bad = False
for msg in messages():
    if msg["type"] == "start":
        bad = first_game(sys.argv[1])
    elif msg["type"] == "act":
        if bad and msg["phase"] == "take-first":
            answer(SKIP)
        else:
            answer(msg["legal"][0]["action"])

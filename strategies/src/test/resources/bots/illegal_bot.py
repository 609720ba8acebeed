"""Plays the first legal action, but in its first game answers "skip" (never legal there) to a take."""
import sys
from _first_game import acts, answer

SKIP = 9 << 12  # well formed, but only legal at the marker step
for msg, first, _ in acts(sys.argv[1]):
    if first and msg["phase"] == "take-first":
        answer(SKIP)
    else:
        answer(msg["legal"][0]["action"])

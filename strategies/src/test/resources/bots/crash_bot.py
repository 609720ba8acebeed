"""Plays the first legal action, but in its first game dies (exit code 3) at its third decision."""
import sys
from _first_game import acts, answer

for msg, first, n in acts(sys.argv[1]):
    if first and n == 3:
        print("boom: deliberate crash at decision 3", file=sys.stderr, flush=True)
        sys.exit(3)
    answer(msg["legal"][0]["action"])

"""Writes every line it receives to the file named by its argument; plays the first legal action."""
import json
import sys
from _first_game import answer

with open(sys.argv[1], "a", encoding="utf-8") as out:
    for line in iter(sys.stdin.readline, ""):
        out.write(line)
        out.flush()
        msg = json.loads(line)
        if msg["type"] == "act":
            answer(msg["legal"][0]["action"])

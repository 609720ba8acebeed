"""Sleeps 0.8 s before reading anything (a slow start-up), then plays the first legal action."""
import time
from _first_game import answer, messages

time.sleep(0.8)
for msg in messages():
    if msg["type"] == "act":
        answer(msg["legal"][0]["action"])

"""Shared by the misbehaving test bots: misbehave only in the first game ever played.

Each bot gets a marker-file path as its first argument. The first process to see a "start"
creates the file and misbehaves in that game; every later process (the engine restarts the bot
after a failure) finds the file and plays properly, so a test can check that the next game works.
"""
import json
import os
import sys


def first_game(marker):
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def messages():
    for line in iter(sys.stdin.readline, ""):
        yield json.loads(line)


def answer(action):
    sys.stdout.write(json.dumps({"action": action}) + "\n")
    sys.stdout.flush()


def acts(marker):
    """Each "act" message, with whether its game is the first ever played (see first_game) and its
    decision number in that game (1, 2, ...). Answer it before taking the next."""
    first, n = False, 0
    for msg in messages():
        if msg["type"] == "start":
            first, n = first_game(marker), 0
        elif msg["type"] == "act":
            n += 1
            yield msg, first, n

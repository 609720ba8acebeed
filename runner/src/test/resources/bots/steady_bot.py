"""A stubborn, deterministic exec bot for the runner's shutdown tests (richelieu-bot/1).

    steady_bot.py LOG DELAY [HANG_MARKER]

Plays the first legal action after sleeping DELAY seconds, and appends a line to LOG at every
game start ("start PID"), so a test can see how far a run is, and how far each process is. It ignores SIGTERM and SIGINT: only SIGKILL
stops it. With HANG_MARKER, the first process to start a game once LOG has more than 6 lines
creates that file and hangs in its next act, for ever; later processes find the file and play.
"""
import json
import os
import signal
import sys
import time

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
log, delay = sys.argv[1], float(sys.argv[2])
marker = sys.argv[3] if len(sys.argv) > 3 else None


def started_games():
    with open(log, "a") as f:
        f.write("start %d\n" % os.getpid())
    with open(log) as f:
        return sum(1 for _ in f)


def claim(path):
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        return True
    except FileExistsError:
        return False


hang = False
for line in iter(sys.stdin.readline, ""):
    msg = json.loads(line)
    if msg["type"] == "start":
        n = started_games()
        hang = marker is not None and n > 6 and claim(marker)
    elif msg["type"] == "act":
        if hang:
            with open(marker, "w") as f:
                f.write("hanging\n")
            while True:
                time.sleep(60)
        time.sleep(delay)
        sys.stdout.write(json.dumps({"action": msg["legal"][0]["action"]}) + "\n")
        sys.stdout.flush()

"""An exec bot hit by a terminal's Ctrl-C (richelieu-bot/1), for ShutdownTest.

    sigint_bot.py MARKER

Plays the first legal action. The first process to start its 6th game (the second game of the
run's third unit, where it sits in seat 1) writes its pid to MARKER at its first act there and sends
itself SIGINT, as a terminal does to every process of its foreground group: it dies of it, in
the last game of its unit. Later processes find MARKER and play on.
"""
import json
import os
import signal
import sys

marker = sys.argv[1]
games, hit = 0, False
for line in iter(sys.stdin.readline, ""):
    msg = json.loads(line)
    if msg["type"] == "start":
        games += 1
        hit = games == 6 and msg["seat"] == 1 and not os.path.exists(marker)
    elif msg["type"] == "act":
        if hit:
            # MARKER holds this process's pid, written whole before it appears
            with open(marker + ".tmp", "w") as m:
                m.write(str(os.getpid()))
            os.replace(marker + ".tmp", marker)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        sys.stdout.write(json.dumps({"action": msg["legal"][0]["action"]}) + "\n")
        sys.stdout.flush()

"""Plays the first legal action after leaving a grandchild behind, as a daemonizing helper would.

Arguments: a file to write the grandchild's pid to, then "play" (answer every act) or "hang"
(stop answering at the third decision). At start the bot forks a child that forks the grandchild
and exits at once, so the grandchild is orphaned: no longer a descendant of the bot, it is found
only through the bot's process group. The grandchild sleeps for an hour.
"""
import os
import sys
import time
from _first_game import answer, messages

pid_file, mode = sys.argv[1], sys.argv[2]

child = os.fork()
if child == 0:
    if os.fork() == 0:
        with open(pid_file + ".tmp", "w") as f:
            f.write(str(os.getpid()))
        os.rename(pid_file + ".tmp", pid_file)
        time.sleep(3600)
    os._exit(0)
os.waitpid(child, 0)

acts = 0
for msg in messages():
    if msg["type"] == "act":
        acts += 1
        if mode == "hang" and acts == 3:
            time.sleep(3600)
        answer(msg["legal"][0]["action"])

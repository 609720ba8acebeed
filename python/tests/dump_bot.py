"""A protocol bot for the tests: plays uniformly at random from its start seed and appends every
start and act message it receives to the file named by its first argument."""

import json
import random
import sys

out = open(sys.argv[1], "a", encoding="utf-8")
rng = None
for line in iter(sys.stdin.readline, ""):
    msg = json.loads(line)
    if msg["type"] in ("start", "act"):
        out.write(line if line.endswith("\n") else line + "\n")
        out.flush()
    if msg["type"] == "start":
        rng = random.Random(msg["seed"])
    elif msg["type"] == "act":
        print(json.dumps({"action": rng.choice(msg["legal"])["action"]}), flush=True)

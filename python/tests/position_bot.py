"""position_policy as a richelieu-bot/1 protocol bot: the package's Encoder gives it, at each
decision, exactly the observation and mask the environment gives (tests/test_evaluate.py plays it
in ./richelieu match)."""

import json
import sys

import numpy as np

from position_policy import position_policy
from richelieu.protocol import Encoder

encoder = Encoder()
start = None
for line in iter(sys.stdin.readline, ""):
    msg = json.loads(line)
    if msg["type"] == "start":
        start = msg
    elif msg["type"] == "act":
        obs, mask = encoder.act(msg, start=start)
        action = int(position_policy(obs[np.newaxis], mask[np.newaxis])[0])
        print(json.dumps({"action": Encoder.packed(action)}), flush=True)

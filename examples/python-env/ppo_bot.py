"""The PPO network of ppo.py as a bot for ./richelieu match and tournament (the richelieu-bot/1 protocol):

    ./richelieu match 'ppo=exec:.venv/bin/python examples/python-env/ppo_bot.py examples/python-env/ppo.pt' greedy

The protocol loop is the bot authors' helper (examples/python-bot/richelieu_bot.py); the
package's Encoder turns each decision's message into the very observation vector and legal
actions the environment gave in training, and the network plays its most likely legal action.
A decision costs about half a millisecond of CPU (the network's forward pass 0.3–0.5 ms:
results/neural-baseline/decision-cost.txt; the JSON message and the encoder besides).
"""

import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python-bot"))
sys.path.insert(0, HERE)
from richelieu_bot import run  # noqa: E402

from richelieu.protocol import Encoder  # noqa: E402
from ppo import load, logits  # noqa: E402

torch.set_num_threads(1)  # one decision at a time: a thread per bot process is plenty
net = load(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "ppo.pt"))
encoder = Encoder()


def choose(game, act):
    obs, mask = encoder.act(act.msg, start=game.msg)
    legal = torch.from_numpy(np.flatnonzero(mask)).unsqueeze(0)
    with torch.no_grad():
        scores, _ = net(torch.from_numpy(obs).unsqueeze(0))
        best = int(logits(scores, legal).argmax())
    return Encoder.packed(int(legal[0, best]))


run(choose)

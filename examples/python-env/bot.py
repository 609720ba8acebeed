"""The trained policy as a bot for ./richelieu match and tournament (the richelieu-bot/1 protocol):

    ./richelieu match 'pg=exec:.venv/bin/python examples/python-env/bot.py examples/python-env/policy.npz' random

The protocol loop is the bot authors' helper (examples/python-bot/richelieu_bot.py); the
package's Encoder turns each decision's message into the environment's observation vector and
mask, so the policy sees exactly what it saw in training. It plays its best action (no sampling).
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-bot"))
from richelieu_bot import run  # noqa: E402

from richelieu.protocol import Encoder  # noqa: E402
from policy import Policy, action_features  # noqa: E402

policy = Policy.load(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "policy.npz"))
encoder = Encoder()


def choose(game, act):
    obs, mask = encoder.act(act.msg, start=game.msg)
    legal = np.flatnonzero(mask)
    return Encoder.packed(int(legal[policy.best(action_features(obs, legal, game.players))]))


run(choose)

"""CPU time of one decision of the PPO bot's network (its forward pass on one observation and the
logits of the legal actions, as ppo_bot.py plays), over 2,000 decisions of games against random.

    .venv/bin/python results/neural-baseline/decision-cost.py examples/python-env/ppo.pt
"""
import os
import resource
import sys

import numpy as np
import torch

import richelieu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python-env"))
from ppo import load, logits  # noqa: E402

torch.set_num_threads(1)
net = load(sys.argv[1])
env = richelieu.vector_env(1, opponent="random", observation_dtype="uint8")
obs, _ = env.reset(seed=1)
decisions = []
while len(decisions) < 2000:
    legal, count = env.legal_actions()
    if count[0]:  # 0 right after a game ended: the next step starts the next game
        decisions.append((obs["observation"][0].copy(), torch.from_numpy(legal[:, :count[0]].astype(np.int64))))
    obs, *_ = env.step(legal[:, 0])
env.close()


def cpu():
    r = resource.getrusage(resource.RUSAGE_THREAD)
    return r.ru_utime + r.ru_stime


for _ in range(3):
    start = cpu()
    for o, legal in decisions:
        with torch.no_grad():
            scores, _ = net(torch.from_numpy(o).unsqueeze(0))
            int(logits(scores, legal).argmax())
    print(f"{(cpu() - start) / len(decisions) * 1e6:.0f} µs CPU per decision")
print(f"load average {os.getloadavg()[0]:.1f}; torch {torch.__version__}, one thread")

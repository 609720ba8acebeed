"""Trains the linear policy of policy.py with REINFORCE against the Java `random` bot.

    python train.py [--games 4000] [--seed 1] [--out policy.npz]

Plays gym_env games (the agent alternates between seat 0 and seat 1), and after each game moves
the weights along the log-probability gradient of every decision, times (reward − running mean).
Reproducible: the same --seed and --games give the same policy (the deals, the opponent's moves
and the sampling stream all derive from the seed); --minutes M trains for a time instead.
"""

import argparse
import time

import numpy as np

import richelieu
from policy import FEATURES, Policy, action_features


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--minutes", type=float, default=None, help="train for this long instead of --games")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lr", type=float, default=0.02)
    p.add_argument("--opponent", default="random")
    p.add_argument("--out", default="policy.npz")
    a = p.parse_args()
    envs = [richelieu.gym_env(opponent=a.opponent, seat=s) for s in (0, 1)]
    rng = np.random.default_rng(a.seed)
    policy = Policy()
    baseline = 0.0
    recent = []
    start = time.time()
    game = 0
    while game < a.games if a.minutes is None else time.time() - start < 60 * a.minutes:
        env = envs[game % 2]
        obs, _ = env.reset(seed=a.seed) if game < 2 else env.reset()
        grad = np.zeros_like(policy.w)
        done = False
        while not done:
            legal = env.legal_actions()
            x = action_features(obs["observation"], legal, 2)
            prob = policy.probabilities(x)
            k = rng.choice(len(legal), p=prob)
            grad += x[k] - prob @ x
            obs, reward, done, _, _ = env.step(int(legal[k]))
        policy.w += a.lr * (reward - baseline) * grad
        baseline += 0.01 * (reward - baseline)
        recent.append(reward)
        game += 1
        if game % 500 == 0:
            print(f"{game} games, {time.time() - start:.0f} s: mean reward of the last 500 {np.mean(recent[-500:]):+.3f}",
                  flush=True)
    policy.save(a.out)
    print(f"saved {a.out} after {game} games ({time.time() - start:.0f} s); weights:")
    for name, w in sorted(zip(FEATURES, policy.w), key=lambda t: -abs(t[1])):
        print(f"  {name:28s} {w:+.3f}")


if __name__ == "__main__":
    main()

"""The smallest agents: uniformly random players in the PettingZoo environment, and one random
agent against a Java bot in the Gymnasium environment.

    python random_agent.py [--games 100] [--seed 1]
"""

import argparse
import random

import richelieu


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)

    env = richelieu.env(players=2, render_mode="ansi")
    wins = [0, 0]
    for game in range(a.games):
        env.reset(seed=a.seed) if game == 0 else env.reset()   # the next deal of the same master seed
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                wins[int(agent[-1])] += reward == 1
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(rng.choice(legal)))
    print(env.render())  # the last game's final board and score by category
    print(f"PettingZoo, random against random, {a.games} games: seat 0 won {wins[0]}, seat 1 won {wins[1]}")

    g = richelieu.gym_env(opponent="heuristic", seat=0)
    total = 0.0
    for game in range(a.games):
        obs, info = g.reset(seed=a.seed) if game == 0 else g.reset()
        done = False
        while not done:
            legal = obs["action_mask"].nonzero()[0]
            obs, reward, done, truncated, info = g.step(int(rng.choice(legal)))
        total += reward
    print(f"Gymnasium, random agent against heuristic, {a.games} games: mean reward {total / a.games:+.2f}")


if __name__ == "__main__":
    main()

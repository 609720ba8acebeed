"""Environment steps per second, and the cost of a step against the engine's own step.

    python -m richelieu.bench [--seconds 5] [--players 2] [--cores all]

Measures, in one process and one run (so every figure meets the same machine load):

1. the engine's own step: Java random games, legal set + draw + play per action;
2. ``EnvCore.step`` called from Java (observation vector, mask and forced actions included);
3. the PettingZoo AEC loop (``agent_iter``/``last``/``step``) with a random agent that draws from
   the legal list (``env.unwrapped.legal_actions()``), and with one that draws from the action
   mask (``np.flatnonzero``);
4. the Gymnasium loop against the Java ``random`` bot.

A step is one call of ``step`` with an action (the final ``step(None)`` of each dead agent is not
counted). By default the process is pinned to one core (the JVM's threads included).
"""

import argparse
import os
import platform
import random
import sys
import time

import numpy as np


def _timed(play_game, seconds):
    """Steps per second of games played one after another for at least ``seconds``."""
    steps = 0
    game = 0
    start = time.perf_counter()
    while True:
        steps += play_game(game)
        game += 1
        now = time.perf_counter()
        if now >= start + seconds:
            return steps / (now - start)


def _aec_game(env, rng, use_mask, seed):
    raw = env.unwrapped

    def play(game):
        steps = 0
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"]) if use_mask else raw.legal_actions()
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return play


def _gym_game(env, rng, seed):
    def play(game):
        steps = 0
        env.reset(seed=seed + game)
        done = False
        while not done:
            legal = env.legal_actions()
            obs, reward, done, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return play


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m richelieu.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=5.0, help="measuring time per figure (after as long a warm-up)")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cores", choices=("one", "all"), default="one", help="pin the process to one core (default)")
    p.add_argument("--jar", default=None)
    a = p.parse_args(argv)
    if a.cores == "one" and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # before the JVM starts its threads
    import richelieu
    env = richelieu.env(players=a.players, jar=a.jar)
    gym = richelieu.gym_env(opponent="random", players=a.players, jar=a.jar)
    import jpype
    clock = jpype.JClass("richelieu.runner.env.StepClock")
    ms = int(a.seconds * 1000)

    engine_ns = float(clock.engineNanosPerAction(a.players, a.seed, ms))
    core_ns, core_actions = (float(x) for x in clock.coreNanosPerStep(a.players, a.seed, ms))
    rng = random.Random(a.seed)
    rows = []
    for name, play in (("PettingZoo AEC, random agent (legal list)", _aec_game(env, rng, False, a.seed)),
                       ("PettingZoo AEC, random agent (action mask)", _aec_game(env, rng, True, a.seed)),
                       ("Gymnasium vs Java random, random agent", _gym_game(gym, rng, a.seed))):
        _timed(play, a.seconds)  # warm-up
        rows.append((name, _timed(play, a.seconds)))

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"richelieu environment speed: {a.players} players, base rules, "
          f"{'one core' if a.cores == 'one' else 'all cores'}, {a.seconds:g} s per figure")
    print(f"python {platform.python_version()}, numpy {np.__version__}, JPype {jpype.__version__}, "
          f"{jpype.java.lang.System.getProperty('java.vm.name')} {jpype.java.lang.System.getProperty('java.version')}; "
          f"load average {load:.2f} at the end")
    print()
    print("| what | steps/s | µs per step | engine actions per step | cost of a step in engine actions |")
    print("|---|---:|---:|---:|---:|")
    print(f"| engine's own step (Java random games: legal set, draw, play) | {1e9 / engine_ns:,.0f} "
          f"| {engine_ns / 1000:.3f} | 1 | 1 |")
    print(f"| EnvCore.step from Java (vector, mask, forced actions) | {1e9 / core_ns:,.0f} | {core_ns / 1000:.3f} "
          f"| {core_actions:.2f} | {core_ns / engine_ns:,.0f} |")
    for name, per_s in rows:
        us = 1e6 / per_s
        print(f"| {name} | {per_s:,.0f} | {us:.2f} | – | {us * 1000 / engine_ns:,.0f} |")
    best = rows[0][1]
    print()
    print(f"goal ≥ 20,000 steps/s (PettingZoo AEC, random agent): {best:,.0f} — {'met' if best >= 20000 else 'NOT met'}")
    env.close()
    gym.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

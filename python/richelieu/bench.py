"""Environment steps per second: the single environments and the vector environment, side by side.

    python -m richelieu.bench [--seconds 5] [--envs 1024] [--out FILE.md]

Measures, in one process and one run (so every figure meets the same machine load):

1. the engine's own step, a step of ``EnvCore`` and a game's step of ``EnvBatch`` called from
   Java (what Python adds is the rest);
2. the PettingZoo AEC loop (``agent_iter``/``last``/``step``), a random agent drawing from the
   legal list (``env.unwrapped.legal_actions()``);
3. the Gymnasium loop against the Java ``random`` bot;
4. the vector environment, 1,024 games: self-play and against ``random``, observations as
   float32 and uint8, stepped on one or two Java threads, observations handed over as the arrays
   the next step overwrites (``copy=False``) or as copies (``copy=True``, Gymnasium's default),
   and against ``greedy`` and ``heuristic`` (fewer games: their cost per decision is the figure).
   The policy is uniformly random over each game's legal list (``legal_actions()``, drawn for
   all games at once with numpy: a draw over 2,454-wide masks would measure numpy, not the
   environment);
5. states you can hold, in the vector environment: clone and restore of every game in one call
   each (``snapshot(into)`` then ``restore``, self-play games 20 random steps in): as a search
   calls them, every game a random step on before each call (only the calls timed), and the two
   at once; and the bytes form (``save_states`` then ``restore_states``), per game.
6. the exact solver (``richelieu.solve``) on a batch of positions near the end of self-play
   games (random play to at most ``--solve-cards`` cards on the table): open, and as the seat to
   move over 4 token deals, on one and two Java threads; per position, with the positions the
   solver visited; the first batch (the JIT cold) apart from the measured ones;
   and the cost of making one solver with the table ``./richelieu solve`` gives each position;
7. the JVM's warm-up, measured first, before anything else has warmed the JIT: the first
   environment's start (the JVM's), then self-play vector steps in windows of a quarter of a
   CPU second until a window runs within 10% of the rate of the last ones.

A step is one agent decision: one ``step`` of a single environment, one game of a vector step
(a game that ended at the previous step and is only restarted by this one is not counted). Each
figure gives the wall-clock rate and the CPU time of the process per step (every thread: the
JVM's too), which a busy machine inflates far less than the wall clock.
"""

import argparse
import os
import platform
import random
import resource
import sys
import time

import numpy as np


def _cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _timed(play, seconds):
    """(steps per wall second, CPU µs per step) of ``play()`` (returns steps) called for at least ``seconds``."""
    steps = 0
    start, cpu0 = time.perf_counter(), _cpu()
    while True:
        steps += play()
        now = time.perf_counter()
        if now >= start + seconds:
            return steps / (now - start), (_cpu() - cpu0) * 1e6 / steps


def _aec(env, rng, seed):
    raw = env.unwrapped
    game = [0]

    def play():
        steps = 0
        env.reset(seed=seed + game[0])
        game[0] += 1
        for _ in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = raw.legal_actions()
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return play


def _gym(env, rng, seed):
    game = [0]

    def play():
        steps = 0
        env.reset(seed=seed + game[0])
        game[0] += 1
        done = False
        while not done:
            legal = env.legal_actions()
            done = env.step(int(legal[rng.randrange(len(legal))]))[2]
            steps += 1
        return steps

    return play


def _vector(env, seed):
    """One vector step with a uniformly random action from each game's legal list."""
    rng = np.random.default_rng(seed)
    rows = np.arange(env.num_envs)
    env.reset(seed=seed)
    legal, count = env.legal_actions()

    def play():
        live = int(np.count_nonzero(count))
        env.step(legal[rows, (rng.random(env.num_envs) * count).astype(np.int32)])
        return live

    return play


def _states(env, seed, form):
    """One clone and restore of every game of a vector environment, a few random steps into their games."""
    play = _vector(env, seed)
    for _ in range(20):
        play()
    if form == "snapshot":
        snap = env.snapshot()

        def again():
            env.snapshot(snap)
            env.restore(snap)
            return env.num_envs
    else:
        def again():
            env.restore_states(env.save_states())
            return env.num_envs
    return again


def _states_moved(env, seed, seconds):
    """(games per wall second, CPU µs per game, (of which snapshot, restore)) of ``snapshot(into)`` and ``restore`` as
    a search calls them: every
    game one random step on before each (a position kept, a move tried, back), only the two calls timed; the games
    go on one step a round, so some end and restart in between."""
    play = _vector(env, seed)
    for _ in range(20):
        play()
    snap = env.snapshot()
    wall = cpu_snapshot = cpu_restore = 0.0
    games = 0
    while wall < seconds:
        play()
        t0, c0 = time.perf_counter(), _cpu()
        env.snapshot(snap)
        t1, c1 = time.perf_counter(), _cpu()
        play()
        t2, c2 = time.perf_counter(), _cpu()
        env.restore(snap)
        wall += t1 - t0 + time.perf_counter() - t2
        cpu_snapshot += c1 - c0
        cpu_restore += _cpu() - c2
        games += env.num_envs
    return games / wall, (cpu_snapshot + cpu_restore) * 1e6 / games, (cpu_snapshot * 1e6 / games, cpu_restore * 1e6 / games)


def _warmup(richelieu, n, players, seed, cpu_seconds, jar):
    """The JIT's warm-up, from a cold start: self-play vector steps in windows of a quarter of a CPU second (CPU
    time, so that other processes' load does not decide the windows) for ``cpu_seconds`` of CPU. Returns the
    windows: (wall clock and CPU since the first step at the window's end, steps per CPU second)."""
    v = richelieu.vector_env(n, opponent=None, players=players, jar=jar)
    play = _vector(v, seed)
    windows = []
    start, cpu0 = time.perf_counter(), _cpu()
    while _cpu() < cpu0 + cpu_seconds:
        c0, steps = _cpu(), 0
        while _cpu() < c0 + 0.25:
            steps += play()
        windows.append((time.perf_counter() - start, _cpu() - cpu0, steps / (_cpu() - c0)))
    v.close()
    return windows


def _steady(richelieu, n, players, seed, seconds, jar):
    """Steps per CPU second of the warm-up's vector steps once everything else has run (the JIT warm)."""
    v = richelieu.vector_env(n, opponent=None, players=players, jar=jar)
    play = _vector(v, seed)
    _timed(play, seconds / 2)
    rate = 1e6 / _timed(play, seconds)[1]
    v.close()
    return rate


def _random_positions(richelieu, count, cards, seed, jar):
    """``count`` self-play positions with at most ``cards`` cards on the table: random play from deal ``seed + k``."""
    from .observation import PLANE_TABLE, Layout
    table = Layout(2).plane(PLANE_TABLE)
    out = []
    for k in range(count):
        env = richelieu.raw_env(players=2, jar=jar)
        env.reset(seed=seed + k)
        rng = random.Random(seed + k)
        while env.observe(env.agent_selection)["observation"][table].sum() > cards:
            legal = env.legal_actions()
            env.step(int(legal[rng.randrange(len(legal))]))
        out.append(env)
    return out


def _solve_rates(richelieu, positions, seconds):
    """Per solver set-up: (label, positions per wall second, CPU ms per position, positions visited per position),
    and the first call's CPU ms per position (the JIT cold)."""
    first = None
    rows = []
    for open_, threads in ((True, 1), (True, 2), (False, 1), (False, 2)):
        visited = []

        def batch():
            visited[:] = [s.positions for s in richelieu.solve(positions, open=open_, samples=4, threads=threads)]
            return len(positions)
        if first is None:
            c0 = _cpu()
            batch()
            first = (_cpu() - c0) * 1e3 / len(positions)
        else:
            _timed(batch, seconds / 4)  # warm-up of this set-up
        per_s, cpu_us = _timed(batch, seconds)
        label = f"{'open (every token known)' if open_ else 'as the seat to move, 4 token deals'}, " \
                f"{threads} Java thread{'s' * (threads > 1)}"
        rows.append((label, per_s, cpu_us / 1e3, sum(visited) / len(visited)))
    import jpype
    state = positions[0].unwrapped._core._java.fullState()
    Solver = jpype.JClass("richelieu.engine.solver.Solver")
    bits = int(jpype.JClass("richelieu.runner.solve.PositionValues").TABLE_BITS)

    def make():
        for _ in range(4):
            Solver(state.rules(), state.layout(), bits)
        return 4
    _timed(make, seconds / 4)
    table = (bits, _timed(make, seconds)[1] / 1e3)
    return rows, first, table


def _solve_lines(a, warm, solving, first, table):
    """The report's sections on the solver (item 6) and the JVM's warm-up (item 7)."""
    windows, (jvm_wall, jvm_cpu), steady = warm
    reached = next((w for w in windows if w[2] >= 0.9 * steady), None)
    out = ["", f"| Solver (`richelieu.solve`), {a.solve_positions} positions at {a.solve_cards} cards or fewer, "
               "one call a batch | positions/s (wall) | CPU ms per position | positions visited per position |",
           "|---|---:|---:|---:|"]
    for label, per_s, cpu_ms, visited in solving:
        out.append(f"| {label} | {per_s:,.1f} | {cpu_ms:.1f} | {visited:,.0f} |")
    bits, make_ms = table
    out += ["", f"The first batch (open, 1 thread, the JIT cold) took {first:.1f} CPU ms a position. Each position "
                f"gets its own solver with a table of 2^{bits} entries ({16 << bits >> 20} MB), as `./richelieu "
                f"solve` does; making one took {make_ms:.1f} CPU ms in this run, part of every position's time above.",
            "", f"JVM warm-up: the first environment (the JVM starting, the engine's classes loading) took "
                f"{jvm_wall:.1f} s of wall clock ({jvm_cpu:.1f} s of CPU); then self-play vector steps ({a.envs:,} "
                "games, float32, 1 Java thread) from a cold JIT, in steps per CPU second, one window per quarter of "
                "a CPU second: "
                + ", ".join(f"{w[2] / 1e6:.2f} M" for w in windows)
                + f"; warm, after everything else in this run, {steady / 1e6:.2f} M ({1e6 / steady:.1f} CPU µs a step). "
                + (f"Within 10% of that after {reached[0]:.1f} s of wall clock ({reached[1]:.1f} s of CPU) of stepping."
                   if reached else f"Not within 10% of that in the {windows[-1][1]:.1f} s of CPU measured "
                                   f"({windows[-1][0]:.1f} s of wall clock).")]
    return out


def _machine():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m richelieu.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=5.0, help="measuring time per figure (after a warm-up)")
    p.add_argument("--envs", type=int, default=1024, help="games of the vector environment")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jar", default=None)
    p.add_argument("--out", default=None, help="also write the report (Markdown) to this file")
    p.add_argument("--states-only", action="store_true",
                   help="measure only clone/restore (item 5), with one self-play vector step for scale (not "
                        "the solver nor the JVM's warm-up)")
    p.add_argument("--solve-only", action="store_true",
                   help="measure only the JVM's warm-up and the solver (items 6 and 7)")
    p.add_argument("--solve-positions", type=int, default=16, help="positions in the solver's batch")
    p.add_argument("--solve-cards", type=int, default=8, help="cards on the table at the solver's positions")
    p.add_argument("--warmup", type=float, default=12.0, help="CPU seconds of the warm-up measurement (item 7)")
    a = p.parse_args(argv)
    command = "python -m richelieu.bench" + (" " + " ".join(argv if argv is not None else sys.argv[1:])).rstrip()
    import richelieu
    load_start = os.getloadavg()[0]
    started = time.perf_counter(), _cpu()
    env = richelieu.env(players=a.players, jar=a.jar)
    jvm_start = time.perf_counter() - started[0], _cpu() - started[1]
    import jpype
    if not a.states_only:  # the JVM's warm-up and the solver are minutes of CPU a states run does not need
        warm = _warmup(richelieu, a.envs, a.players, a.seed, a.warmup, a.jar)
        positions = _random_positions(richelieu, a.solve_positions, a.solve_cards, a.seed, a.jar)
        solving, solve_first, table = _solve_rates(richelieu, positions, a.seconds)
        for e in positions:
            e.close()
    n, P = a.envs, a.players
    gym = None
    if not a.solve_only:
        clock = jpype.JClass("richelieu.env.StepClock")
        ms = int(a.seconds * 1000)
        n, P = a.envs, a.players
        java = [("engine's own step (Java random games: legal set, draw, play)",
                 lambda: clock.engineNanosPerAction(P, a.seed, ms)),
                ("EnvCore.step from Java (observation, mask, legal list, forced actions)",
                 lambda: clock.coreNanosPerStep(P, a.seed, ms)[0]),
                (f"EnvBatch.step from Java, {n:,} self-play games, uint8, 1 thread, per game",
                 lambda: clock.batchNanosPerStep(n, P, None, "uint8", 1, a.seed, ms)),
                (f"EnvBatch.step from Java, {n:,} self-play games, uint8, 2 threads, per game",
                 lambda: clock.batchNanosPerStep(n, P, None, "uint8", 2, a.seed, ms))]
        # with --states-only the engine's step alone, for scale (each Java figure is a.seconds of CPU)
        java = [(name, float(ns())) for name, ns in java[:1 if a.states_only else None]]
        engine_ns = java[0][1]
        rng = random.Random(a.seed)
        gym = richelieu.gym_env(opponent="random", players=P, jar=a.jar)
        figures = [("PettingZoo AEC, random agent (legal list)", None, lambda: (_aec(env, rng, a.seed), None)),
                   ("Gymnasium vs Java `random`, random agent", None, lambda: (_gym(gym, rng, a.seed), None))]
        configs = [("self-play", n, None, "float32", 1, False), ("self-play", n, None, "float32", 2, False),
                   ("self-play", n, None, "uint8", 1, False), ("self-play", n, None, "uint8", 2, False),
                   ("self-play", n, None, "float32", 2, True),
                   ("against `random`", n, "random", "float32", 2, False),
                   ("against `random`", n, "random", "uint8", 2, False),
                   ("against `greedy`", 256, "greedy", "uint8", 2, False),
                   ("against `heuristic`", 64, "heuristic", "uint8", 2, False)]
        for kind, envs, opponent, dtype, threads, copy in configs:
            def make(envs=envs, opponent=opponent, dtype=dtype, threads=threads, copy=copy):
                v = richelieu.vector_env(envs, opponent=opponent, players=P, observation_dtype=dtype, threads=threads,
                                         copy=copy, jar=a.jar)
                return _vector(v, a.seed), v
            figures.append((f"vector env, {envs:,} games {kind}, {dtype}, {threads} Java thread{'s' * (threads > 1)}, "
                            f"copy={copy}", kind, make))
        states = []
        v = richelieu.vector_env(n, opponent=None, players=P, jar=a.jar)
        _states_moved(v, a.seed, a.seconds / 2)  # warm-up: the JIT compiles the copy paths
        per_s, cpu_us, (snapshot_us, restore_us) = _states_moved(v, a.seed, a.seconds)
        states.append((f"vector env, {n:,} self-play games: snapshot(into) + restore, held in the JVM, each game a "
                       "step on before each call (a search's pattern), per game", per_s, cpu_us))
        v.close()
        for form, label in (("snapshot", "snapshot(into) + restore at once (the rows change little)"),
                            ("bytes", "save_states + restore_states, as bytes")):
            v = richelieu.vector_env(n, opponent=None, players=P, jar=a.jar)
            again = _states(v, a.seed, form)
            _timed(again, a.seconds / 2)  # warm-up: the JIT compiles the copy paths
            states.append((f"vector env, {n:,} self-play games: {label}, per game", *_timed(again, a.seconds)))
            v.close()
        if a.states_only:  # with one vector step for scale: a restore costs so many steps
            figures = [f for f in figures if f[1] == "self-play"][:1]
        rows = []
        for name, kind, make in figures:
            play, closing = make()
            _timed(play, a.seconds / 2)  # warm-up
            rows.append((name, *_timed(play, a.seconds), kind))
            if closing is not None:
                closing.close()
    if a.solve_only:
        out = ["# Python environment speed: the solver and the JVM's warm-up", "",
               f"Generated by `{command}` (python/richelieu/bench.py). CPU time is the process's (every thread, the "
               "JVM's included): on a busy machine the wall-clock rates fall, the CPU time much less."]
    else:
        out = [
            "# Python environment speed",
            "",
            f"Generated by `{command}` (python/richelieu/bench.py): {P} players, base rules, {a.seconds:g} s per "
            "figure after a warm-up, every figure in the same process and the same run. A step is one agent decision "
            "(for the vector environment: one game of a batch step). The policy is uniformly random over each "
            "decision's legal list; the engine plays forced decisions (a single legal action) inside the step, as the "
            "runner's game driver does. CPU µs per step is the process's CPU time (every thread, the JVM's included) "
            "per step: on a busy machine the wall-clock rates fall, the CPU time much less.",
            "",
            "| Java side | ns per step | cost in engine steps |",
            "|---|---:|---:|",
        ]
        for name, ns in java:
            out.append(f"| {name} | {ns:,.0f} | {ns / engine_ns:,.1f} |")
        out += ["", "| Python | steps/s (wall) | CPU µs per step |", "|---|---:|---:|"]
        for name, per_s, cpu_us, _ in rows:
            out.append(f"| {name} | {per_s:,.0f} | {cpu_us:.2f} |")

        out += ["", "| States (clone + restore) | games/s (wall) | CPU µs per game |", "|---|---:|---:|"]
        for name, per_s, cpu_us in states:
            out.append(f"| {name} | {per_s:,.0f} | {cpu_us:.2f} |")
        step_us = next(r[2] for r in rows if r[3] == "self-play")
        out.append(f"\nGoal: clone + restore <= 2 µs a game in the batch form (a search's pattern): {states[0][2]:.2f} "
                   f"CPU µs ({'met' if states[0][2] <= 2 else 'not met'}; {states[0][2] / step_us:.2f} self-play "
                   f"vector steps of {step_us:.2f} CPU µs in this run), of which snapshot(into) {snapshot_us:.2f} "
                   f"and restore {restore_us:.2f}.")
        def best(match):
            picked = [r for r in rows if r[3] == match]
            return max(picked, key=lambda r: r[1]) if picked else None

        self_play, vs_random = best("self-play"), best("against `random`")
        goals = [] if a.states_only else [("vector env, self-play", self_play, 1_000_000),
                                          ("vector env, against `random`", vs_random, 300_000),
                                          ("PettingZoo AEC (single env)", rows[0], 20_000)]
        out += ["", "Goals (wall clock, this run):", ""] if goals else []
        for label, row, goal in goals:
            out.append(f"- {label}: **{row[1]:,.0f}** steps/s (goal {goal:,}: {'met' if row[1] >= goal else 'not met'}); "
                       f"at its CPU time per step one core makes {1e6 / row[2]:,.0f}")
    if not a.states_only:
        steady = _steady(richelieu, a.envs, a.players, a.seed, a.seconds, a.jar)
        out += _solve_lines(a, (warm, jvm_start, steady), solving, solve_first, table)
    load_end = os.getloadavg()[0]
    System = jpype.JClass("java.lang.System")
    out += [
        "",
        "## Machine and run",
        "",
        f"- CPU: {_machine()}, {os.cpu_count()} cores visible; load average {load_start:.2f} at the start, "
        f"{load_end:.2f} at the end (the machine is shared: other processes take cores the run would use)",
        f"- Python {platform.python_version()}, numpy {np.__version__}, JPype {jpype.__version__}, "
        f"{System.getProperty('java.vm.name')} {System.getProperty('java.version')}",
        f"- Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
    ]
    text = "\n".join(out) + "\n"
    print(text, end="")
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)
    env.close()
    if gym is not None:
        gym.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""richelieu.solve: the numbers of ./richelieu solve on the same recorded position, batches that answer the same at
any thread count, the deadline, and one clear exception for each bad argument with the environment unchanged.
Positions are near the end of the game (8 cards or fewer on the table), where the solver answers in milliseconds."""

import json
import math

import numpy as np
import pytest

import richelieu
from richelieu import actions
from richelieu.observation import PLANE_TABLE, Layout

from conftest import REPO
from test_seeds import engine_actions

TABLE = Layout(2).plane(PLANE_TABLE)


def cards_on_table(env):
    raw = env.unwrapped
    return int(raw.observe(raw.agent_selection)["observation"][TABLE].sum())


def random_to(env, cards, seed):
    """Plays random legal actions in an AEC environment until at most ``cards`` cards are on the table."""
    rng = np.random.default_rng(seed)
    while cards_on_table(env) > cards:
        legal = env.unwrapped.legal_actions()
        env.step(int(legal[rng.integers(len(legal))]))
    return env


def position(seed, cards=8, variant="base"):
    env = richelieu.raw_env(players=2, variant=variant)
    env.reset(seed=seed)
    return random_to(env, cards, seed)


@pytest.fixture(scope="module")
def recorded(records, tmp_path_factory):
    """A recorded game, its file, and an environment at its first decision with at most 8 cards on the table."""
    _, lines = records("match", "greedy", "random", "--pairs", "1", "--seed", "5")
    path = tmp_path_factory.mktemp("solve") / "game.jsonl"
    path.write_text(lines[0] + "\n")
    played = engine_actions(lines[0])
    env = richelieu.raw_env(players=2)
    env.reset(options={"record": lines[0], "step": 0})
    core = env.unwrapped._core
    while cards_on_table(env) > 8:
        env.step(actions.index_of(played[len(core.actions())]))
    return path, len(core.actions()), env


def command_line(cli, path, step, *args):
    return json.loads(cli("solve", str(path), "--game", "0", "--step", str(step), "--json", "-", *args))


def test_open_givesTheNumbersOfTheCommandLine(cli, recorded):
    path, step, env = recorded
    want = command_line(cli, path, step, "--open")
    got = richelieu.solve(env)
    assert want["seat"] == got.seat and got.open and not got.stopped
    assert (want["value"], want["margin"]) == (got.value, got.margin)
    assert {"win": 1, "draw": 0, "loss": -1}[want["outcome"]] == got.outcome
    assert want["positions"] == got.positions
    words = {1: "win", 0: "draw", -1: "loss"}
    assert [(a["action"], a["value"], a["margin"], a["outcome"], a["best"]) for a in want["actions"]] == \
        [(actions.text(int(i)), int(v), int(m), words[int(o)], bool(b))
         for i, v, m, o, b in zip(got.actions, got.values, got.margins, got.outcomes, got.best)]


def test_asTheSeatToMove_givesTheNumbersOfTheCommandLine(cli, recorded):
    path, step, env = recorded
    want = command_line(cli, path, step, "--samples", "4", "--seed", "7")
    got = richelieu.solve(env, open=False, samples=4, seed=7, seat=env.agent_selection)
    assert (want["samples"], want["deals"], want["seed"]) == (got.samples, got.deals, got.seed) == (4, 4, 7)
    assert want["positions"] == got.positions and got.value is None and not got.stopped
    assert [(a["action"], a["wins"], a["draws"], a["losses"], a["meanMargin"], a["best"]) for a in want["actions"]] == \
        [(actions.text(int(i)), int(w), int(d), int(l), float(m), bool(b))
         for i, w, d, l, m, b in zip(got.actions, got.wins, got.draws, got.losses, got.mean_margins, got.best)]
    assert np.allclose(got.scores, (got.wins + got.draws / 2) / 4)


def test_solve_leavesTheEnvironmentAsItWas(jar):
    env = position(3)
    blob, legal = env.save_state(), env.legal_actions()
    richelieu.solve(env, open=False, samples=2)
    assert env.save_state() == blob and np.array_equal(env.legal_actions(), legal)


def fields(s):
    return (s.seat, s.value, s.stopped, s.positions, s.deals, s.actions.tolist(), s.best.tolist(),
            None if s.values is None else s.values.tolist(), None if s.wins is None else s.wins.tolist(),
            None if s.mean_margins is None else s.mean_margins.tolist())


@pytest.mark.parametrize("open_", [True, False])
def test_batch_sameAnswersAtAnyThreadCountAndAsOneByOne(jar, open_):
    envs = [position(seed, cards=7, variant=("base", "three-row")[seed % 2]) for seed in range(4)]
    one = richelieu.solve(envs, open=open_, samples=2, threads=1)
    two = richelieu.solve(envs, open=open_, samples=2, threads=2)
    assert isinstance(one, list) and len(one) == 4
    assert [fields(s) for s in one] == [fields(s) for s in two]
    assert fields(one[3]) == fields(richelieu.solve(envs[3], open=open_, samples=2))


def test_vectorEnv_solvesItsGamesOrThoseAskedFor(jar):
    v = richelieu.vector_env(3, opponent=None)
    v.reset(seed=2)
    for i in range(3):
        twin = position(20 + i)
        v.restore_state(i, twin.save_state())
    every = richelieu.solve(v, threads=2)
    some = richelieu.solve(v, games=[2])
    assert len(every) == 3 and fields(some[0]) == fields(every[2])
    assert fields(every[1]) == fields(richelieu.solve(position(21)))


def test_savedStates_solveAsTheirEnvironments(jar):
    env = position(7, variant="three-row")
    drawn = env.determinize(seat=env.agent_selection, seed=5)   # a determinization is part of the state
    g = richelieu.gym_env(opponent="greedy", seat=0)
    g.reset(seed=9)
    while int(g.unwrapped._core.observation_of(0)["observation"][TABLE].sum()) > 8:
        g.step(int(g.legal_actions()[0]))
    blobs = [env.save_state(), drawn.save_state(), g.save_state()]
    assert [fields(s) for s in richelieu.solve(blobs, open=False, samples=2)] == \
        [fields(s) for s in richelieu.solve([env, drawn, g], open=False, samples=2)]
    assert fields(richelieu.solve(blobs[1])) == fields(richelieu.solve(drawn))


def test_gymEnv_solvesAsItsAgentsSeat(jar):
    g = richelieu.gym_env(opponent="random", seat=1)
    g.reset(seed=4)
    rng = np.random.default_rng(4)
    while int(g.unwrapped._core.observation_of(1)["observation"][TABLE].sum()) > 8:
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    s = richelieu.solve(g, open=False, samples=2, seat=1)
    assert s.seat == 1 and s.deals == 2 and set(s.actions.tolist()) == set(g.legal_actions().tolist())


def test_deadline_cutShort_saysSoAndKeepsWhatItFinished(jar):
    env = richelieu.raw_env(players=2)
    env.reset(seed=1)  # the whole game: far beyond a millisecond
    s = richelieu.solve(env, deadline=0.001)
    assert s.stopped and s.value is None and len(s.actions) == 0 and s.best_action is None
    s = richelieu.solve(env, open=False, deadline=0.001, samples=3)
    assert s.stopped and s.deals == 0 and math.isnan(s.scores[0]) and s.best_action is None


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(deadline=0), ValueError, "deadline must be from 0.001"),
    (dict(deadline=-1.0), ValueError, "deadline must be from 0.001"),
    (dict(deadline=float("nan")), ValueError, "deadline must be from 0.001"),
    (dict(deadline="5"), TypeError, "deadline must be a number"),
    (dict(open="yes"), TypeError, "open must be True or False"),
    (dict(open=False, seat="seat_7"), ValueError, "seat must be a seat of the 2-player game"),
    (dict(open=False, seat=2), ValueError, "seat must be a seat of the 2-player game"),
    (dict(open=False, seat="seat_0"), ValueError, "seat 0 is not to move in env_or_state (seat 1 is)"),
    (dict(seat=0), ValueError, "seat is taken with open=False only"),
    (dict(open=False, samples=0), ValueError, "samples must be from 1"),
    (dict(threads=0), ValueError, "threads must be from 1"),
    (dict(seed=None), TypeError, "seed must be an int"),
    (dict(games=[0]), ValueError, "games is taken with a vector environment only"),
])
def test_badArgument_oneClearErrorNamingIt_environmentUnchanged(jar, kwargs, error, words):
    env = position(3)
    assert env.agent_selection == "seat_1"
    blob = env.save_state()
    with pytest.raises(error) as e:
        richelieu.solve(env, **kwargs)
    assert words in str(e.value) and "\n" not in str(e.value) and str(e.value).startswith("richelieu: ")
    assert env.save_state() == blob


def test_badPosition_oneClearErrorNamingIt(jar):
    three = richelieu.raw_env(players=3)
    three.reset(seed=1)
    with pytest.raises(ValueError, match="env_or_state is a 3-player game: the exact solver plays 2-player games only"):
        richelieu.solve(three)
    over = richelieu.raw_env(players=2)
    over.reset(seed=5)
    while over.unwrapped._core.mover >= 0:
        over.step(int(over.legal_actions()[0]))
    fine = position(6)
    with pytest.raises(ValueError, match=r"env_or_state\[1\]: the game is over: nothing to solve"):
        richelieu.solve([fine, over])
    with pytest.raises(ValueError, match="env_or_state: no game: call reset first"):
        richelieu.solve(richelieu.raw_env(players=2))
    with pytest.raises(TypeError, match="env_or_state must be a richelieu environment"):
        richelieu.solve("a saved state")
    with pytest.raises(ValueError, match="env_or_state is not a saved state"):
        richelieu.solve(b"a saved state")
    blob = bytearray(fine.save_state())
    blob[len(blob) // 2] ^= 1
    with pytest.raises(ValueError, match=r"env_or_state\[1\] is damaged"):
        richelieu.solve([fine, bytes(blob)])
    with pytest.raises(ValueError, match=r"env_or_state\[0\]: a 3-player game: the exact solver plays 2-player"):
        richelieu.solve([three.save_state()])
    v = richelieu.vector_env(2, opponent=None)
    with pytest.raises(ValueError, match="not reset yet"):
        richelieu.solve(v)
    v.reset(seed=1)
    with pytest.raises(ValueError, match="games must hold game numbers from 0 to 1, not 2"):
        richelieu.solve(v, games=[0, 2])
    fine.close()
    with pytest.raises(RuntimeError, match="the environment is closed"):
        richelieu.solve(fine)


def test_readmeExample_runsAndSaysWhatItShows(jar):
    text = (REPO / "python" / "README.md").read_text(encoding="utf-8")
    block = text.split("## The exact solver: `richelieu.solve`")[1].split("```python\n")[1].split("```")[0]
    scope = {}
    exec(compile(block, "python/README.md", "exec"), scope)
    s, many, pair = scope["s"], scope["many"], scope["pair"]
    assert (s.seat, s.value, s.margin, s.outcome, s.best_action, len(s.actions)) == (1, -510, -4, -1, 34, 2)
    assert "value -510 (margin -4), 2 actions, best 34" in repr(s)
    assert len(many) == 4 and all(fields(m) == fields(s) for m in many)
    assert [p.deals for p in pair] == [4, 4] and fields(pair[0]) == fields(pair[1])

"""examples/python-env: the policy trains against the Java bots, and the trained policy plays
in ./richelieu match as an exec: bot, through the bot authors' helper and the protocol encoder."""

import json
import os
import subprocess
import sys

import numpy as np

from conftest import REPO

EXAMPLE = REPO / "examples" / "python-env"


def test_trainedPolicy_inAMatchThroughTheProtocol_beatsRandom(records):
    bot = f"pg=exec:{sys.executable} {EXAMPLE / 'bot.py'} {EXAMPLE / 'policy.npz'}"
    games, _ = records("match", bot, "random", "--pairs", "5", "--seed", "1")
    assert len(games) == 10
    assert not any("forfeit" in g for g in games)
    wins = sum(1 for g in games if g["winner"] is not None and g["seats"][g["winner"]].startswith("pg="))
    assert wins >= 9, f"the committed policy won {wins} of 10 games against random"


def test_train_fewGames_writesALoadablePolicy(jar, tmp_path):
    out = tmp_path / "policy.npz"
    env = dict(os.environ, RICHELIEU_JAR=str(jar))
    done = subprocess.run([sys.executable, "train.py", "--games", "40", "--seed", "3", "--out", str(out)],
                          cwd=EXAMPLE, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    weights = np.load(out)["weights"]
    assert np.abs(weights).sum() > 0, "forty games of REINFORCE move the weights"


def test_ppo_fewUpdates_writesAModelAndItsLearningCurve(jar, tmp_path):
    out, curve = tmp_path / "ppo.pt", tmp_path / "curve.csv"
    env = dict(os.environ, RICHELIEU_JAR=str(jar))
    done = subprocess.run([sys.executable, "ppo.py", "--updates", "1", "--envs", "8", "--steps", "16",
                           "--minibatch", "64", "--pool", "random:0.5,greedy:0.5", "--seed", "2", "--out", str(out),
                           "--curve", str(curve)], cwd=EXAMPLE, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = curve.read_text().splitlines()
    assert lines[0] == "cpu_minutes,wall_minutes,agent_steps,update,greedy games,greedy score,random games,random score"
    assert len(lines) >= 2 and lines[1].split(",")[2] == "128", "8 games x 16 steps per update"
    sys.path.insert(0, str(EXAMPLE))
    try:
        import ppo
        import torch
        net = ppo.load(out)
        scores, value = net(torch.zeros((3, 1074), dtype=torch.uint8))
        assert scores.shape == (3, ppo._SCORES + 1) and value.shape == (3,)
    finally:
        sys.path.remove(str(EXAMPLE))


def test_committedPpoModel_inAMatchThroughTheProtocol_beatsGreedy(records):
    """The neural baseline as the docs play it: an exec: bot of ./richelieu match (deterministic: seeded
    games, the network's most likely action)."""
    bot = f"ppo=exec:{sys.executable} {EXAMPLE / 'ppo_bot.py'} {EXAMPLE / 'ppo.pt'}"
    games, _ = records("match", bot, "greedy", "--pairs", "5", "--seed", "3")
    assert len(games) == 10 and not any("forfeit" in g for g in games)
    wins = sum(1 for g in games if g["winner"] is not None and g["seats"][g["winner"]].startswith("ppo="))
    assert wins >= 9, f"the committed PPO model won {wins} of 10 games against greedy"


def test_puctSearch_fewPositions_sameSeedSameLegalAction(jar):
    """The search example decides from its seed alone (no clock): two searches, one of them made anew, choose
    the same legal action at a position after the deal, in the middle game and near the end (the solver's
    part), and leave the environment as it was."""
    import richelieu
    from richelieu.observation import PLANE_TABLE, Layout
    sys.path.insert(0, str(EXAMPLE))
    try:
        import ppo
        import puct
        net = ppo.load(EXAMPLE / "ppo.pt")
        env = richelieu.raw_env(players=2, ask_forced=True)
        table = Layout(2).plane(PLANE_TABLE)
        hows = set()
        for deal, steps in ((1, 0), (2, 25), (3, 60), (4, 500)):
            env.reset(seed=deal)
            rng = np.random.default_rng(deal)
            for _ in range(steps):  # random play; 500 stands for "on to 8 cards left"
                if env.observe(env.agent_selection)["observation"][table].sum() <= 8:
                    break
                legal = env.legal_actions()
                env.step(int(legal[rng.integers(len(legal))]))
            while len(env.legal_actions()) == 1:
                env.step(int(env.legal_actions()[0]))
            before = env.save_state()
            first = puct.Search(net, simulations=4, deals=2, solve_samples=1).choose(env, seed=7)
            second = puct.Search(net, simulations=4, deals=2, solve_samples=1).choose(env, seed=7)
            assert first[0] == second[0] and first[1]["how"] == second[1]["how"], (deal, first, second)
            assert first[0] in env.legal_actions(), (deal, first)
            assert env.save_state() == before, "the search only reads the environment"
            hows.add(first[1]["how"])
        assert hows == {"puct", "solver"}
    finally:
        sys.path.remove(str(EXAMPLE))


def test_puctBot_inAMatch_rebuildsEveryPositionFromTheMessages(records, tmp_path):
    """The search bot rebuilds each position from the protocol's messages and searches only when its
    environment's observation equals the act message's: in a match no decision falls back (the search
    is kept to one simulation and no solver, so that the rebuilding is what the test pays for)."""
    log = tmp_path / "cost.jsonl"
    bot = (f"puct=exec:--start-timeout=120000 --move-timeout=60000 {sys.executable} {EXAMPLE / 'puct_bot.py'} "
           f"--simulations 1 --deals 1 --solve-cards 0 --log {log}")
    games, _ = records("match", bot, "greedy", "--pairs", "1", "--seed", "4")
    assert len(games) == 2 and not any("forfeit" in g for g in games)
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(logged) == 2
    for game in logged:
        assert game["decisions"] > 20 and game.get("puct") == game["decisions"] and "fallback" not in game, game

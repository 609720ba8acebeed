"""examples/python-env: the policy trains against the Java bots, and the trained policy plays
in ./richelieu match as an exec: bot, through the bot authors' helper and the protocol encoder."""

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

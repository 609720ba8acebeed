"""Bad actions and bad arguments get a clear one-line error; the game stays as it was."""

import os
import subprocess
import sys

import numpy as np
import pytest

import richelieu
from richelieu import IllegalActionError, actions


def test_step_illegalAction_raisesNamingTheRuleAndLeavesTheGameUnchanged(jar):
    env = richelieu.env(players=2)
    env.reset(seed=3)
    before = env.observe("seat_0")
    place = actions.PLACE + 0  # placing a marker is not legal at the first take
    with pytest.raises(IllegalActionError) as e:
        env.step(place)
    message = str(e.value)
    assert "\n" not in message
    assert "place r0c0" in message and "take-first" in message and "legal:" in message
    after = env.observe("seat_0")
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    assert env.agent_selection == "seat_0"
    env.close()


@pytest.mark.parametrize("bad", [-1, actions.COUNT, actions.MOVE + 49 * 5])
def test_step_indexOutsideTheActionSpace_raises(jar, bad):
    env = richelieu.raw_env(players=2)
    env.reset(seed=3)
    with pytest.raises(IllegalActionError, match="not in the action space"):
        env.step(bad)
    env.close()


def test_gymEnv_illegalAction_forfeitsTheGameAsTheRunnerDoes(jar):
    env = richelieu.gym_env(opponent="random")
    env.reset(seed=4)
    obs, reward, terminated, truncated, info = env.step(actions.SKIP)
    assert terminated and not truncated
    assert reward == -1.0
    assert "forfeits" in info["forfeit"] and "skip" in info["forfeit"]
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(actions.SKIP)
    env.close()


def test_gymEnv_illegalActionRaiseMode_raisesAndTheGameGoesOn(jar):
    env = richelieu.gym_env(opponent="random", illegal_action="raise")
    obs, _ = env.reset(seed=4)
    with pytest.raises(IllegalActionError):
        env.step(actions.SKIP)
    legal = env.legal_actions()
    obs, reward, terminated, truncated, info = env.step(int(legal[0]))
    assert not terminated
    env.close()


@pytest.mark.parametrize("kwargs,words", [
    (dict(players=5), "players must be 2, 3 or 4"),
    (dict(variant="four-row"), "variant"),
    (dict(opponent="nosuchbot"), "unknown bot 'nosuchbot'"),
    (dict(opponent="ismcts:iterations=-3"), "iterations"),
    (dict(deck="/nonexistent/deck.json"), "deck.json"),
    (dict(seat=2), "seat must be between 0 and 1"),
    (dict(reward="points"), "reward must be one of"),
])
def test_gymEnv_badArgument_oneLineValueError(jar, kwargs, words):
    with pytest.raises(ValueError) as e:
        richelieu.gym_env(**kwargs)
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_start_missingJar_oneLineSetupError(tmp_path):
    """In a fresh process (one JVM per process): a jar that does not exist is named in one line."""
    code = "import richelieu\ntry:\n    richelieu.env()\nexcept richelieu.SetupError as e:\n    print('ERR', e)\n"
    package_parent = os.path.dirname(os.path.dirname(richelieu.__file__))
    env = dict(os.environ, RICHELIEU_JAR=str(tmp_path / "missing.jar"),
               PYTHONPATH=os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=120)
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert len(lines) == 1 and lines[0].startswith("ERR richelieu: the engine jar ") and "missing.jar" in lines[0]


def test_findJar_outsideTheRepositoryWithoutSetting_saysWhatToDo(tmp_path, monkeypatch):
    from richelieu import _jvm
    monkeypatch.delenv("RICHELIEU_JAR", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(_jvm, "__file__", str(tmp_path / "site-packages" / "richelieu" / "_jvm.py"))
    with pytest.raises(_jvm.SetupError, match="set RICHELIEU_JAR"):
        _jvm.find_jar()

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


# ---------------------------------------------------------------- every bad argument: one clear exception naming it

def _aec():
    env = richelieu.env(players=2)
    env.reset(seed=3)
    return env


@pytest.mark.parametrize("make,call,error,words", [
    (_aec, lambda e: e.step(6.0), TypeError, "action must be an int"),
    (_aec, lambda e: e.step(True), TypeError, "action must be an int"),
    (_aec, lambda e: e.step(2 ** 31), IllegalActionError, "action 2147483648 is not in the action space"),
    (_aec, lambda e: e.unwrapped.record(), RuntimeError, "the game is not over"),
    (_aec, lambda e: e.reset(seed=1.5), TypeError, "seed must be an int"),
    (_aec, lambda e: e.reset(seed="7"), TypeError, "seed must be an int"),
    (_aec, lambda e: e.reset(seed=True), TypeError, "seed must be an int"),
    (_aec, lambda e: e.reset(seed=2 ** 64), ValueError, "seed must fit in 64 bits"),
    (lambda: richelieu.gym_env(opponent="random"), lambda e: e.step(6.0), TypeError, "action must be an int"),
    (lambda: richelieu.gym_env(opponent="random"), lambda e: e.reset(seed="7"), TypeError, "seed must be an int"),
])
def test_badCall_oneClearExceptionNamingTheArgument(jar, make, call, error, words):
    env = make()
    if not hasattr(env, "agents"):
        env.reset(seed=3)
    with pytest.raises(error) as e:
        call(env)
    assert words in str(e.value) and "\n" not in str(e.value), str(e.value)
    assert "java" not in str(e.value).lower() and "jpype" not in str(e.value).lower()
    env.close()


@pytest.mark.parametrize("make,error,words", [
    (lambda: richelieu.env(variant="threerow"), ValueError, "variant must be 'base' or 'three-row'"),
    (lambda: richelieu.env(players="2"), TypeError, "players must be the int 2, 3 or 4"),
    (lambda: richelieu.env(players=2.0), TypeError, "players must be the int 2, 3 or 4"),
    (lambda: richelieu.gym_env(opponent=None), TypeError, "opponent must be a bot spec"),
    (lambda: richelieu.gym_env(opponent=3), TypeError, "opponent must be a bot spec"),
    (lambda: richelieu.gym_env(opponent="random", plugins="x.jar"), TypeError, "plugins must be a list"),
    (lambda: richelieu.gym_env(opponent="random", deck=7), TypeError, "deck must be a path"),
    (lambda: richelieu.env(ask_forced="yes"), TypeError, "ask_forced must be True or False"),
])
def test_badArgument_oneClearExceptionNamingIt(jar, make, error, words):
    with pytest.raises(error) as e:
        make()
    assert words in str(e.value) and "\n" not in str(e.value), str(e.value)


@pytest.mark.parametrize("make", [lambda: richelieu.env(), lambda: richelieu.gym_env(opponent="random")])
def test_stepAfterClose_refusedInsteadOfPlayingOn(jar, make):
    env = make()
    env.reset(seed=4)
    legal = env.unwrapped.legal_actions()
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(int(legal[0]))


# ---------------------------------------------------------------- the jar, threads and forks, each in a fresh process

def _python(code, tmp_path, timeout=120, env=None, **kwargs):
    package_parent = os.path.dirname(os.path.dirname(richelieu.__file__))
    e = dict(os.environ if env is None else env)
    e["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, e.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=e, cwd=tmp_path,
                          timeout=timeout, **kwargs)


def test_start_folderThatLooksLikeTheRepository_neverBuiltNorLoaded(jar, tmp_path):
    """A folder (or a parent) holding a 'richelieu' launcher and the module poms is not taken for the
    repository: its launcher is not run and its jar not loaded; the package's own jar (or the named one) is."""
    fake = tmp_path / "shared"
    marker = tmp_path / "ran"
    for d in ("runner", "env/target"):
        (fake / d).mkdir(parents=True)
    (fake / "richelieu").write_text(f"#!/bin/sh\ntouch {marker}\n")
    (fake / "richelieu").chmod(0o755)
    (fake / "runner" / "pom.xml").write_text("<project/>")
    (fake / "env" / "pom.xml").write_text("<project/>")
    (fake / "env" / "target" / "richelieu-env.jar").write_text("not a jar")
    inner = fake / "work"
    inner.mkdir()
    code = ("import richelieu, richelieu._jvm as j\nenv = richelieu.env()\nenv.reset(seed=1)\n"
            "print('JAR', j._started_with)\n")
    environment = dict(os.environ)
    environment.pop("RICHELIEU_JAR", None)
    done = _python(code, inner, env=environment)
    assert not marker.exists(), "the folder's launcher was run"
    if richelieu._jvm.PACKAGE_JAR.is_file():
        assert done.returncode == 0, done.stderr
        assert f"JAR {richelieu._jvm.PACKAGE_JAR}" in done.stdout
    else:  # the package run from its source folder carries no jar: it says so, and runs nothing
        assert "has no engine jar" in done.stderr and "pip install ./python" in done.stderr


def test_firstEnvironmentsMadeInThreads_allWork_andTheInterpreterExits(jar, tmp_path):
    code = """
import threading, richelieu
results = []
def make(seed):
    try:
        env = richelieu.gym_env(opponent="random", jar=JAR)
        env.reset(seed=seed)
        done = False
        while not done:
            done = env.step(int(env.legal_actions()[0]))[2]
        results.append("ok")
    except Exception as e:
        results.append(repr(e))
threads = [threading.Thread(target=make, args=(s,)) for s in range(4)]
[t.start() for t in threads]
[t.join() for t in threads]
print(results)
""".replace("JAR", repr(str(jar)))
    done = _python(code, tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['ok', 'ok', 'ok', 'ok']"


def test_ctrlC_whileStepping_isAKeyboardInterrupt(jar, tmp_path):
    import signal
    import time
    code = """
import sys, richelieu
env = richelieu.vector_env(64, opponent=None, jar=JAR)
env.reset(seed=1)
import numpy as np
print("stepping", flush=True)
try:
    while True:
        legal, count = env.legal_actions()
        env.step(legal[:, 0])
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
""".replace("JAR", repr(str(jar)))
    package_parent = os.path.dirname(os.path.dirname(richelieu.__file__))
    e = dict(os.environ, PYTHONPATH=package_parent)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=e, cwd=tmp_path)
    assert p.stdout.readline().strip() == "stepping"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 3, err
    assert "interrupted" in out


def test_environmentUsedInAForkedChild_oneClearErrorNotAHang(jar, tmp_path):
    code = """
import os, richelieu
env = richelieu.gym_env(opponent="random", jar=JAR)
env.reset(seed=1)
pid = os.fork()
if pid == 0:
    try:
        env.step(int(env.legal_actions()[0]))
        print("child stepped")
    except richelieu.ForkError as e:
        print("child:", e)
    try:
        richelieu.gym_env(opponent="random").reset(seed=2)
    except richelieu.ForkError as e:
        print("child made:", str(e)[:40])
    os._exit(0)
os.waitpid(pid, 0)
env.step(int(env.legal_actions()[0]))
print("parent stepped")
""".replace("JAR", repr(str(jar)))
    done = _python(code, tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("child: richelieu: this process was forked after the JVM started"), lines
    assert "context='spawn'" in lines[0] and "vector_env" in lines[0]
    assert lines[1].startswith("child made: richelieu: this process was forked")
    assert lines[2] == "parent stepped"


def test_asyncVectorEnvWithFork_failsWithTheForkErrorInsteadOfHanging(jar, tmp_path):
    code = """
import gymnasium, richelieu
make = lambda: richelieu.gym_env(opponent="random", jar=JAR)
try:
    envs = gymnasium.vector.AsyncVectorEnv([make, make], context="fork")
    envs.reset(seed=1)
    print("no error")
except Exception as e:
    print(type(e).__name__, "forked after the JVM started" in str(e) and "context='spawn'" in str(e))
""".replace("JAR", repr(str(jar)))
    done = _python(code, tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "ForkError True", done.stdout + done.stderr


def test_asyncVectorEnvWithSpawn_theDocumentedWay_runsGames(jar, tmp_path):
    code = """
import gymnasium, numpy as np, richelieu
def make():
    return richelieu.gym_env(opponent="random", jar=JAR)
if __name__ == "__main__":
    envs = gymnasium.vector.AsyncVectorEnv([make, make], context="spawn")
    obs, info = envs.reset(seed=5)
    ended = 0
    for _ in range(150):
        mask = obs["action_mask"]
        # a game that has just ended shows an empty mask: its next step only restarts it (next-step autoreset)
        obs, reward, terminated, truncated, info = envs.step(np.array([np.argmax(m) for m in mask]))
        ended += int(terminated.sum())
    envs.close()
    print("ended", ended)
""".replace("JAR", repr(str(jar)))
    script = tmp_path / "spawned.py"
    script.write_text(code)
    package_parent = os.path.dirname(os.path.dirname(richelieu.__file__))
    e = dict(os.environ, PYTHONPATH=package_parent)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=e, cwd=tmp_path,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) >= 2, done.stdout


def test_vectorEnv_layoutThatCannotBeAllocated_refusedUpFrontInOneLine(jar, tmp_path):
    """Too many games for one shared buffer (2 GiB) or for the JVM's heap are refused before any game or
    array is made: in a JVM of 256 MiB, in seconds, with one ValueError naming num_envs; a batch that fits
    is still made."""
    code = """
import time, richelieu
for n, kwargs in [(10 ** 6, {}), (10 ** 7, {}), (2 ** 31, {}), (60_000, {"observation_dtype": "uint8"}), (500, {})]:
    t = time.monotonic()
    try:
        richelieu.vector_env(n, opponent=None, jar=JAR, **kwargs).close()
        print("made", n)
    except Exception as e:
        print(type(e).__name__, "|", e)
    print("seconds", time.monotonic() - t)
""".replace("JAR", repr(str(jar)))
    done = _python(code, tmp_path, timeout=120, env=dict(os.environ, JAVA_TOOL_OPTIONS="-Xmx256m"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 10, done.stdout + done.stderr
    for n, (result, seconds) in zip((10 ** 6, 10 ** 7, 2 ** 31, 60_000), zip(lines[0:8:2], lines[1:8:2])):
        assert result.startswith(f"ValueError | richelieu: num_envs={n} ") or result.startswith(
            "ValueError | richelieu: num_envs must be"), result
        assert float(seconds.split()[1]) < 10, f"{n} games: refused only after {seconds}"
    assert "2 GiB" in lines[0] and "at most" in lines[0], lines[0]
    assert "heap" in lines[6] and "at most" in lines[6], lines[6]
    assert lines[8] == "made 500"


@pytest.mark.parametrize("make", [lambda: richelieu.env(render_mode="ansi"),
                                  lambda: richelieu.gym_env(opponent="random", render_mode="ansi")])
@pytest.mark.parametrize("call", [lambda e: e.unwrapped.legal_actions(), lambda e: e.unwrapped.record(),
                                  lambda e: e.unwrapped.seed_and_game, lambda e: e.unwrapped.render(),
                                  lambda e: e.reset(seed=2)])
def test_singleEnvironments_afterClose_everyCallSaysTheEnvironmentIsClosed(jar, make, call):
    env = make()
    env.reset(seed=4)
    env.close()
    with pytest.raises(RuntimeError) as e:
        call(env)
    assert str(e.value) == "richelieu: the environment is closed"


def test_start_fileThatIsNotTheEngineJar_setupErrorBeforeTheJvm_andAGoodJarLaterWorks(jar, tmp_path):
    """A file that is not the engine jar (not a zip at all, or a jar without the engine) is refused before
    the JVM starts, in one line naming it, so a later environment with the right jar works; once the JVM
    runs, another jar is refused with the reason (one JVM per process)."""
    import zipfile
    other = tmp_path / "other.jar"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
    code = """
import jpype, richelieu
def show(make):
    try:
        make()
        print("made")
    except Exception as e:
        print(type(e).__name__, "|", e)
show(lambda: richelieu.vector_env(2, jar="/etc/passwd"))
show(lambda: richelieu.gym_env(jar=OTHER))
print("jvm started", jpype.isJVMStarted())
env = richelieu.vector_env(2, opponent="random", jar=GOOD)
env.reset(seed=1)
print("good jar works")
show(lambda: richelieu.env(jar="/etc/passwd"))
""".replace("OTHER", repr(str(other))).replace("GOOD", repr(str(jar)))
    done = _python(code, tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 5, done.stdout + done.stderr
    assert lines[0].startswith("SetupError | richelieu: /etc/passwd (jar) is not the engine jar"), lines[0]
    assert lines[1].startswith(f"SetupError | richelieu: {other} (jar) is not the engine jar"), lines[1]
    assert lines[2:4] == ["jvm started False", "good jar works"]
    assert lines[4].startswith("SetupError | richelieu: the JVM already runs") and "/etc/passwd" in lines[4], lines[4]
    environment = dict(os.environ, RICHELIEU_JAR="/etc/passwd")
    done = _python("import richelieu\ntry:\n    richelieu.env()\nexcept richelieu.SetupError as e:\n    print(e)\n",
                   tmp_path, env=environment)
    assert done.stdout.startswith("richelieu: /etc/passwd (RICHELIEU_JAR) is not the engine jar"), done.stdout

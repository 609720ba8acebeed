"""The vector environment: the same games as the single environments and as ./richelieu, autoreset
as Gymnasium defines it (checked against Gymnasium's own SyncVectorEnv over gym_env), seeds, threads,
dtypes, and a clear error for every bad argument."""

import threading

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import richelieu
from richelieu import IllegalActionError, actions
from richelieu.vector import RichelieuVectorEnv
from test_seeds import engine_actions, same_game


def random_actions(env, rng):
    """One uniformly random legal action per game, drawn from the legal lists (0 where a game has none)."""
    legal, count = env.legal_actions()
    k = (rng.random(env.num_envs) * count).astype(np.int64)
    return legal[np.arange(env.num_envs), k]


def sync_of(n, mode, **kwargs):
    return SyncVectorEnv([lambda: richelieu.gym_env(**kwargs) for _ in range(n)], autoreset_mode=mode)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("opponent,reward", [("random", "win"), ("greedy", "margin")])
def test_vectorEnv_againstBots_sameStepsAsGymnasiumsSyncVectorEnvOfGymEnv(jar, mode, opponent, reward):
    """Gymnasium's own vectorization of the single environment is the reference: observations, rewards,
    flags and infos (final_obs, final_info, scores, forfeit) equal, step by step, through several games
    per environment, illegal actions (forfeits) included."""
    n = 4
    kwargs = dict(opponent=opponent, seat=1, reward=reward)
    ours = richelieu.vector_env(n, autoreset_mode=mode, **kwargs)
    theirs = sync_of(n, mode, **kwargs)
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.single_action_space == theirs.single_action_space
    assert ours.observation_space == theirs.observation_space
    assert ours.metadata["autoreset_mode"] == mode
    rng = np.random.default_rng(7)
    a_obs, a_info = ours.reset(seed=11)
    b_obs, b_info = theirs.reset(seed=11)
    assert data_equivalence(a_obs, b_obs) and data_equivalence(a_info, b_info)
    ended = 0
    forfeits = 0
    for step in range(400):
        act = random_actions(ours, rng)
        if step % 97 == 50:
            act[step % n] = actions.PASS  # never legal beside other actions: that game is forfeited
        a = ours.step(act)
        b = theirs.step(act)
        for name, x, y in zip(("obs", "reward", "terminated", "truncated", "info"), a, b):
            assert data_equivalence(x, y), f"step {step}: {name} differs: {x!r} != {y!r}"
        ended += int(a[2].sum())
        forfeits += int("forfeit" in a[4] or "forfeit" in a[4].get("final_info", {}))
    assert ended >= 2 * n, "several games ended in every environment"
    assert forfeits >= 2, "forfeits were compared too"
    ours.close()
    theirs.close()


@pytest.mark.parametrize("players,variant", [(2, "base"), (3, "three-row")])
def test_vectorEnv_selfPlay_replaysFirstPlayerRecordsMoveByMove(jar, records, players, variant):
    """Game i of reset(seed=s) is game k of ./richelieu first-player --seed s+i; the agents play the
    recorded moves, the engine the forced ones, and every game must match its record."""
    n, seed, games = 3, 30, 2
    recorded = {}
    for i in range(n):
        _, lines = records("first-player", "random", "--players", str(players), "--variant", variant,
                           "--games", str(games), "--seed", str(seed + i))
        recorded[i] = lines
    env = richelieu.vector_env(n, opponent=None, players=players, variant=variant)
    env.reset(seed=seed)
    done = [0] * n
    while min(done) < games:
        masters, numbers = env.seeds
        act = np.zeros(n, dtype=np.int64)
        for i in range(n):
            k = int(numbers[i])
            assert masters[i] == seed + i
            if k >= games:
                continue
            expect = engine_actions(recorded[i][k])
            played = env.engine_actions(i)
            assert played == expect[:len(played)]
            if len(played) < len(expect):
                act[i] = actions.index_of(expect[len(played)])
        obs, reward, terminated, truncated, info = env.step(act)
        for i in np.flatnonzero(terminated):
            k = int(env.seeds[1][i])
            if k < games:
                assert env.engine_actions(i) == engine_actions(recorded[i][k])
                assert same_game(recorded[i][k], env.record(i))
                seat_rewards = info["seat_rewards"][i]
                assert reward[i] == seat_rewards[info["seat"][i]], "the reward is the actor's"
                done[i] += 1
    env.close()


def test_vectorEnv_againstSearchBot_botMakesItsRecordedMoves(jar, records):
    spec = "ismcts:iterations=60"
    _, lines = records("first-player", spec, "--games", "2", "--seed", "17")
    env = richelieu.vector_env(1, opponent=spec, seat=1, autoreset_mode="SameStep")
    env.reset(seed=17)
    finished = 0
    while finished < 2:
        line = lines[finished]
        played = env.engine_actions(0)
        obs, reward, terminated, truncated, info = env.step([actions.index_of(engine_actions(line)[len(played)])])
        if terminated[0]:
            assert "final_obs" in info
            finished += 1
        else:
            played = env.engine_actions(0)
            assert played == engine_actions(line)[:len(played)], "the bot's moves differ from the record"
    env.close()


def test_vectorEnv_seedsIntListAndNone_continueEachSeries(jar):
    env = richelieu.vector_env(3, opponent="random")
    env.reset()
    assert [list(x) for x in env.seeds] == [[1, 2, 3], [0, 0, 0]], "no seed at first: master seeds 1 + i"
    env.reset(seed=[10, None, 12])
    assert [list(x) for x in env.seeds] == [[10, 2, 12], [0, 1, 0]]
    env.reset()
    assert [list(x) for x in env.seeds] == [[10, 2, 12], [1, 2, 1]]
    single = richelieu.gym_env(opponent="random")
    single.reset(seed=10)
    single.reset()
    obs, _ = env.reset(seed=[None, 5, None])
    assert np.array_equal(obs["observation"][0], single.reset()[0]["observation"]), "game 2 of master seed 10"
    env.close()
    single.close()


def test_vectorEnv_threads_sameArraysAtAnyNumber(jar):
    outs = []
    for threads in (1, 3):
        env = richelieu.vector_env(7, opponent=None, threads=threads)
        rng = np.random.default_rng(2)
        obs, _ = env.reset(seed=4)
        digest = [obs["observation"].sum()]
        for _ in range(300):
            obs, r, term, trunc, info = env.step(random_actions(env, rng))
            digest.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), r.tobytes(), term.tobytes()))
        outs.append(digest)
        env.close()
    assert outs[0] == outs[1]


def test_vectorEnv_uint8_sameValuesAsFloat32(jar):
    a = richelieu.vector_env(4, opponent=None)
    b = richelieu.vector_env(4, opponent=None, observation_dtype="uint8")
    assert b.single_observation_space["observation"].dtype == np.uint8
    rng = np.random.default_rng(3)
    oa, _ = a.reset(seed=1)
    ob, _ = b.reset(seed=1)
    for _ in range(200):
        assert ob["observation"].dtype == np.uint8
        assert np.array_equal(oa["observation"], ob["observation"].astype(np.float32))
        act = random_actions(a, rng)
        oa = a.step(act)[0]
        ob = b.step(act)[0]
    assert b.observation_space.contains(ob)
    a.close()
    b.close()


@pytest.mark.parametrize("opponent", [None, "random"])
def test_vectorEnv_oneGame_keepsTheBatchAxis(jar, opponent):
    env = richelieu.vector_env(1, opponent=opponent)
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (1, 1074) and obs["action_mask"].shape == (1, actions.COUNT)
    assert env.observation_space.contains(obs)
    legal, count = env.legal_actions()
    assert legal.ndim == 2 and legal.shape[0] == 1 and count.shape == (1,)
    obs, reward, terminated, truncated, _ = env.step(legal[:, 0])
    assert obs["observation"].shape == (1, 1074) and reward.shape == terminated.shape == truncated.shape == (1,)
    env.close()


def test_vectorEnv_disabledAutoreset_endedGameWaitsForResetMask(jar):
    env = richelieu.vector_env(2, opponent="random", autoreset_mode=AutoresetMode.DISABLED)
    rng = np.random.default_rng(5)
    env.reset(seed=3)
    while True:
        obs, r, term, trunc, info = env.step(random_actions(env, rng))
        if term.any():
            break
    with pytest.raises(RuntimeError, match="is over: reset it first"):
        env.step(random_actions(env, rng))
    obs, _ = env.reset(options={"reset_mask": term.copy()})
    assert env.legal_actions()[1][term].min() > 0, "the reset games have an agent to move"
    env.step(random_actions(env, rng))
    env.close()


def test_vectorEnv_illegalActionRaise_failsBeforeAnyGameMoves(jar):
    env = richelieu.vector_env(3, opponent="random", illegal_action="raise", copy=True)
    obs, _ = env.reset(seed=9)
    act = random_actions(env, np.random.default_rng(1))
    act[1] = actions.PLACE  # placing a marker is not legal at the first take
    with pytest.raises(IllegalActionError, match="environment 1: action 102 .*take-first"):
        env.step(act)
    assert [len(env.engine_actions(i)) for i in range(3)] == [0, 0, 0], "no game moved"
    env.close()


def test_makeVec_buildsTheVectorEnv_andSyncStillWorks(jar):
    env = gymnasium.make_vec(richelieu.GYM_ID, num_envs=3, opponent="random")
    assert isinstance(env.unwrapped, RichelieuVectorEnv) and env.num_envs == 3
    env.reset(seed=1)
    env.close()
    sync = gymnasium.make_vec(richelieu.GYM_ID, num_envs=2, vectorization_mode="sync", opponent="random")
    assert isinstance(sync, SyncVectorEnv)
    sync.close()
    stats = gymnasium.wrappers.vector.RecordEpisodeStatistics(richelieu.vector_env(4, opponent="random"))
    stats.reset(seed=2)
    rng = np.random.default_rng(4)
    episodes = 0
    for _ in range(300):
        obs, r, term, trunc, info = stats.step(random_actions(stats.unwrapped, rng))
        episodes += int(info.get("_episode", np.zeros(4, bool)).sum())
    assert episodes > 0, "Gymnasium's episode statistics wrapper sees the games end"
    stats.close()


@pytest.mark.parametrize("kwargs,error,words", [
    (dict(num_envs=0), ValueError, "num_envs must be from 1 to 2147483647"),
    (dict(num_envs=2.0), TypeError, "num_envs must be an int"),
    (dict(observation_dtype="float64"), ValueError, "observation_dtype must be 'float32' or 'uint8'"),
    (dict(autoreset_mode="Sometimes"), ValueError, "autoreset_mode must be one of"),
    (dict(opponent=["random"] * 3), ValueError, "or a list of 2 (one per game), not a list of 3"),
    (dict(opponent=None, seat=1), ValueError, "seat has no meaning in self-play"),
    (dict(seat=[0, 2]), ValueError, "seat must be between 0 and 1"),
    (dict(threads=0), ValueError, "threads must be from 1 to 256"),
    (dict(opponent="nosuchbot"), ValueError, "unknown bot 'nosuchbot'"),
    (dict(plugins="x.jar"), TypeError, "plugins must be a list"),
    (dict(players="2"), TypeError, "players must be the int 2, 3 or 4"),
    (dict(opponent={"random": 1, "greedy": 2}), TypeError, "opponent must be a bot spec (or None for self-play) or"),
    (dict(seat={0, 1}), TypeError, "seat must be a seat number or a list of 2"),
])
def test_vectorEnv_badArgument_oneLineError(jar, kwargs, error, words):
    args = dict(num_envs=2)
    args.update(kwargs)
    with pytest.raises(error) as e:
        richelieu.vector_env(**args)
    assert words in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("call,error,words", [
    (lambda env: env.step([1.0, 2.0]), TypeError, "actions must be integer action indices"),
    (lambda env: env.step([1, 2, 3]), ValueError, "actions must have shape (2,)"),
    (lambda env: env.reset(seed="7"), TypeError, "seed must be an int"),
    (lambda env: env.reset(seed=[1]), ValueError, "a list of 2"),
    (lambda env: env.reset(seed=[1, 2.5]), TypeError, "seed[1] must be an int"),
    (lambda env: env.reset(options={"reset_mask": np.array([1, 0])}), ValueError, "['reset_mask'] must be a bool array"),
    (lambda env: env.reset(seed={5: "a", 6: "b"}), TypeError, "seed must be an int (or None) or a list of 2"),
    (lambda env: env.reset(seed={5, 6}), TypeError, "seed must be an int (or None) or a list of 2"),
    (lambda env: env.reset(seed=iter([5, 6])), TypeError, "seed must be an int (or None) or a list of 2"),
])
def test_vectorEnv_badCall_oneLineError(jar, call, error, words):
    env = richelieu.vector_env(2, opponent="random")
    env.reset(seed=1)
    with pytest.raises(error) as e:
        call(env)
    assert words in str(e.value) and "\n" not in str(e.value)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step([0, 0])


def test_vectorEnv_outOfRangeActions_forfeitNeverWrapIntoLegalOnes(jar):
    env = richelieu.vector_env(2, opponent="random")
    env.reset(seed=1)
    legal, count = env.legal_actions()
    wrapped = np.array([2 ** 32 + int(legal[0, 0]), int(legal[1, 0])], dtype=np.int64)
    obs, reward, terminated, truncated, info = env.step(wrapped)
    assert terminated[0] and not terminated[1]
    assert reward[0] == -1 and "not in the action space" in info["forfeit"][0]
    env.close()


@pytest.mark.parametrize("sent", [np.int64(2 ** 32 + 6), np.int64(-2 ** 40), np.uint64(2 ** 64 - 1), np.int64(-1),
                                  np.int16(-7)])
def test_vectorEnv_outOfRangeWideAction_forfeitTextSaysTheValueSent(jar, sent):
    env = richelieu.vector_env(2, opponent="random")
    env.reset(seed=1)
    legal, count = env.legal_actions()
    act = np.array([sent, legal[1, 0]], dtype=np.asarray(sent).dtype)
    obs, reward, terminated, truncated, info = env.step(act)
    assert terminated[0] and not terminated[1]
    assert f"illegal: action {int(sent)} is not in the action space" in info["forfeit"][0], info["forfeit"][0]
    env.close()
    env = richelieu.vector_env(2, opponent="random", illegal_action="raise")
    env.reset(seed=1)
    legal, count = env.legal_actions()
    with pytest.raises(IllegalActionError, match=f"^environment 0: action {int(sent)} is not in the action space"):
        env.step(np.array([sent, legal[1, 0]], dtype=np.asarray(sent).dtype))
    env.close()


@pytest.mark.parametrize("call", [
    lambda env: env.labels(0),
    lambda env: env.engine_actions(0),
    lambda env: env.legal_actions(),
    lambda env: env.record(0),
    lambda env: env.seats,
    lambda env: env.seeds,
    lambda env: env.render(),
    lambda env: env.reset(seed=1),
])
def test_vectorEnv_afterClose_everyCallSaysTheEnvironmentIsClosed(jar, call):
    env = richelieu.vector_env(2, opponent="random", render_mode="ansi")
    env.reset(seed=1)
    env.close()
    with pytest.raises(RuntimeError) as e:
        call(env)
    assert str(e.value) == "richelieu: the environment is closed"


@pytest.mark.parametrize("call,error,words", [
    (lambda env: env.labels(-1), IndexError, "game must be from 0 to 1, not -1"),
    (lambda env: env.labels(2), IndexError, "game must be from 0 to 1, not 2"),
    (lambda env: env.record(2 ** 31), IndexError, "game must be from 0 to 1, not 2147483648"),
    (lambda env: env.engine_actions(-2 ** 70), IndexError, "game must be from 0 to 1"),
    (lambda env: env.record(1.5), TypeError, "game must be an int, not 1.5"),
    (lambda env: env.labels(True), TypeError, "game must be an int, not True"),
    (lambda env: env.engine_actions("0"), TypeError, "game must be an int, not '0'"),
])
def test_vectorEnv_badGameNumber_oneClearError(jar, call, error, words):
    env = richelieu.vector_env(2, opponent="random")
    env.reset(seed=1)
    with pytest.raises(error) as e:
        call(env)
    assert words in str(e.value) and "\n" not in str(e.value) and "java" not in str(e.value).lower(), str(e.value)
    assert env.labels(np.int64(1)) == ["agent", "random"], "a numpy int names a game too"
    env.close()


class _Held:
    """The Java batch, with its step held until released: one thread is inside a step for as long as a test wants."""

    def __init__(self, java):
        self.java = java
        self.inside = threading.Event()
        self.release = threading.Event()

    def step(self, *args):
        self.inside.set()
        self.release.wait(10)
        return self.java.step(*args)

    def __getattr__(self, name):
        return getattr(self.java, name)


@pytest.mark.parametrize("second", [lambda env, a: env.step(a), lambda env, a: env.reset(seed=3)])
def test_vectorEnv_steppedFromTwoThreadsAtOnce_oneClearError(jar, second):
    env = richelieu.vector_env(4, opponent="random")
    env.reset(seed=1)
    held = _Held(env._java)
    env._java = held
    a = random_actions(env, np.random.default_rng(1))
    first = threading.Thread(target=env.step, args=(a,))
    first.start()
    assert held.inside.wait(10)
    try:
        with pytest.raises(RuntimeError) as e:
            second(env, a)
        assert "not thread-safe: stepped from two threads at once" in str(e.value), str(e.value)
    finally:
        held.release.set()
        first.join(10)
    env._java = held.java
    env.step(random_actions(env, np.random.default_rng(2)))  # one thread at a time again: it steps
    env.close()


def test_vectorEnv_steppedFromManyThreads_onlyTheClearError(jar):
    env = richelieu.vector_env(8, opponent=None, autoreset_mode=AutoresetMode.SAME_STEP)
    env.reset(seed=1)
    errors = []

    def run(seed):
        rng = np.random.default_rng(seed)
        for _ in range(150):
            try:
                env.step(random_actions(env, rng))
            except Exception as e:
                errors.append(str(e))

    threads = [threading.Thread(target=run, args=(s,)) for s in range(3)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    assert all("not thread-safe: stepped from two threads at once" in e for e in errors), set(errors)
    env.close()

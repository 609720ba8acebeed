"""States you can hold: clone, save and restore, reset to a recorded position or to a deal plus actions,
and determinization; checked against the command line's records, byte for byte."""

import json

import numpy as np
import pytest

import richelieu
from richelieu import actions

from test_seeds import engine_actions, same_game


def play_record_on(env, recorded):
    """Plays the recorded engine actions from where the environment's game is to its end (the environment plays
    the forced ones itself)."""
    core = env.unwrapped._core
    while core.mover >= 0:
        done = len(core.actions())
        env.step(actions.index_of(recorded[done]))


def random_play(env, rng, moves=None):
    """Plays random legal actions (or the given ones) to the end; returns the actions played."""
    played = []
    while env.unwrapped._core.mover >= 0:
        legal = env.legal_actions()
        a = int(legal[rng.integers(len(legal))]) if moves is None else moves[len(played)]
        played.append(a)
        env.step(a)
    return played


@pytest.fixture(scope="module")
def match_lines(records):
    _, lines = records("match", "greedy", "random", "--pairs", "1", "--seed", "5")
    return lines


@pytest.mark.parametrize("step", [0, 1, 17, 60])
def test_resetAtRecordStep_playsOnToTheRecordedGame(jar, match_lines, step):
    line = match_lines[0]
    recorded = engine_actions(line)
    env = richelieu.raw_env(players=2)
    env.reset(options={"record": line, "step": step})
    assert env.unwrapped._core.actions()[:step] == recorded[:step]
    play_record_on(env, recorded)
    assert same_game(line, env.record())


def test_restoredAndClonedStates_playOnToTheSameGamesByteForByte(jar, match_lines):
    rng = np.random.default_rng(3)
    env = richelieu.raw_env(players=2)
    env.reset(options={"record": match_lines[1], "step": 25})
    blob = env.save_state()
    twin = env.unwrapped.clone()
    moves = random_play(env, rng)
    first = env.record()
    random_play(twin, rng, moves)
    assert twin.record() == first
    env.restore_state(blob)
    assert env.save_state() == blob
    random_play(env, rng, moves)
    assert env.record() == first


def test_gymEnvAgainstABot_restoresToTheSameBotMoves(jar):
    env = richelieu.gym_env(opponent="greedy", seat=1)
    env.reset(seed=7)
    for _ in range(6):
        env.step(int(env.legal_actions()[-1]))
    blob = env.save_state()
    twin = env.clone()

    def to_end(e):
        while True:
            _, _, done, _, _ = e.step(int(e.legal_actions()[0]))
            if done:
                return e.record()

    first = to_end(env)
    assert to_end(twin) == first
    env.restore_state(blob)
    assert to_end(env) == first


def test_resetWithSeedAndActions_isThePositionThoseActionsReach(jar):
    env = richelieu.raw_env(players=3)
    env.reset(seed=9)
    moves = [int(env.legal_actions()[k % 3]) for k in range(1)]
    for k in range(12):
        a = int(env.legal_actions()[k % len(env.legal_actions())])
        moves.append(a) if k else None
        env.step(a if k else moves[0])
    other = richelieu.raw_env(players=3)
    other.reset(seed=9, options={"actions": moves})
    assert other.save_state() == env.save_state()
    assert other.agent_selection == env.agent_selection


def test_determinize_isSeededAndKeepsTheSeatsView(jar):
    env = richelieu.raw_env(players=2)
    env.reset(seed=4)
    rng = np.random.default_rng(1)
    for _ in range(30):
        legal = env.legal_actions()
        env.step(int(legal[rng.integers(len(legal))]))
    seat = env.agent_selection
    a = env.determinize(seat=seat, seed=11)
    b = env.determinize(seat=seat, seed=11)
    assert a.save_state() == b.save_state()
    np.testing.assert_array_equal(a.observe(seat)["observation"], env.observe(seat)["observation"])
    draws = {env.determinize(seat=seat, seed=s).unwrapped._core._java.fullState().toString() for s in range(8)}
    assert len(draws) > 1, "different seeds draw different hidden tokens"
    c = richelieu.raw_env(players=2)
    c.restore_state(a.save_state())  # a determinized state restores exactly too
    assert c.save_state() == a.save_state()
    assert str(c.unwrapped._core._java.fullState()) == str(a.unwrapped._core._java.fullState())


def test_badBlobs_oneClearErrorAndNoChange(jar):
    env = richelieu.raw_env(players=2)
    env.reset(seed=2)
    env.step(int(env.legal_actions()[0]))
    blob = env.save_state()
    other = richelieu.raw_env(players=2)
    other.reset(seed=3)
    before = other.save_state()
    tampered = bytearray(blob)
    tampered[60] ^= 1
    three_row = richelieu.raw_env(players=2, variant="three-row")
    three_row.reset(seed=2)
    four = richelieu.raw_env(players=4)
    four.reset(seed=2)
    for bad, says in [(blob[:-1], "blob is damaged"), (bytes(tampered), "blob is damaged"),
                      (b"nonsense!" * 3, "blob is not a saved state"),
                      (three_row.save_state(), "blob is a state of the three-row variant, this environment plays base"),
                      (four.save_state(), "blob is a state of a 4-player game")]:
        with pytest.raises(ValueError, match=says):
            other.restore_state(bad)
        assert other.save_state() == before
    with pytest.raises(TypeError, match="blob must be the bytes"):
        other.restore_state("text")


def test_badPositions_oneClearErrorAndNoChange(jar, match_lines):
    env = richelieu.raw_env(players=2)
    env.reset(seed=3)
    before = env.save_state()
    n = len(engine_actions(match_lines[0]))
    cases = [({"record": match_lines[0], "step": n}, r"options\['step'\] must be from 0 to"),
             ({"record": match_lines[0], "step": -1}, r"options\['step'\] must be from 0 to"),
             ({"record": "{not json", "step": 0}, r"options\['record'\]"),
             ({"actions": [0]}, r"options\['actions'\]\[0\]")]
    for options, says in cases:
        with pytest.raises(ValueError, match=says):
            env.reset(options=options)
        assert env.save_state() == before
    three = richelieu.raw_env(players=3)
    with pytest.raises(ValueError, match=r"options\['record'\] is a game of"):
        three.reset(options={"record": match_lines[0], "step": 3})


def test_vector_batchForms_restoreEveryGameExactly(jar):
    n = 8
    v = richelieu.vector_env(n, opponent=None)
    v.reset(seed=1)
    rng = np.random.default_rng(2)

    def act():
        legal, count = v.legal_actions()
        return legal[np.arange(n), (rng.random(n) * count).astype(int)]

    for _ in range(20):
        v.step(act())
    snap = v.snapshot()
    blobs = v.save_states()
    start = v.observations()
    moves = [act() for _ in range(1)]
    ends = []
    for form in ("snapshot", "bytes", "clone"):
        seq = []
        target = v
        if form == "snapshot":
            v.restore(snap)
        elif form == "bytes":
            v.restore_states(blobs)
        else:
            target = v.clone()
        np.testing.assert_array_equal(target.observations()["observation"], start["observation"])
        np.testing.assert_array_equal(target.observations()["action_mask"], start["action_mask"])
        r = np.random.default_rng(5)
        for _ in range(60):
            legal, count = target.legal_actions()
            a = legal[np.arange(n), (r.random(n) * count).astype(int)]
            seq.append(target.step(a)[0]["observation"].copy())
        ends.append(np.stack(seq))
        if form != "clone":
            v.restore(snap)
    np.testing.assert_array_equal(ends[0], ends[1])
    np.testing.assert_array_equal(ends[0], ends[2])
    assert moves


@pytest.mark.parametrize("players, opponent", [(2, None), (3, None), (4, None), (2, "random"), (3, "greedy")])
def test_vector_snapshotRestored_stepsOnAsTheOriginalDid(jar, players, opponent):
    """After restore(snapshot) the games step on to the observations, masks, legal lists and rewards the original
    steps gave, twice over (the second restore over rows the first one's steps wrote), and the rows are those
    restore_states writes for the same states."""
    n = 6
    v = richelieu.vector_env(n, opponent=opponent, players=players)
    v.reset(seed=4)
    rng = np.random.default_rng(9)

    def act():
        legal, count = v.legal_actions()
        return legal[np.arange(n), (rng.random(n) * count).astype(int)]

    def shown():
        legal, count = v.legal_actions()
        o = v.observations()
        return o["observation"].copy(), o["action_mask"].copy(), [legal[i, :count[i]].tolist() for i in range(n)]

    for _ in range(15):
        v.step(act())
    snap = v.snapshot()
    blobs = v.save_states()
    moves = [act() for _ in range(50)]
    original = []
    for m in moves:
        obs, reward, terminated, _, _ = v.step(m)
        original.append((obs["observation"].copy(), reward.copy(), terminated.copy(), shown()[2]))
    for _ in range(2):
        v.restore(snap)
        at_snapshot = shown()
        v.restore_states(blobs)
        from_bytes = shown()
        v.restore(snap)
        np.testing.assert_array_equal(at_snapshot[0], from_bytes[0])
        np.testing.assert_array_equal(at_snapshot[1], from_bytes[1])
        assert at_snapshot[2] == from_bytes[2]
        for m, (obs_, reward_, terminated_, legal_) in zip(moves, original):
            obs, reward, terminated, _, _ = v.step(m)
            np.testing.assert_array_equal(obs["observation"], obs_)
            np.testing.assert_array_equal(reward, reward_)
            np.testing.assert_array_equal(terminated, terminated_)
            assert shown()[2] == legal_


def test_vector_gameStatesMoveBetweenGymAndVector(jar):
    g = richelieu.gym_env(opponent="greedy")
    g.reset(seed=12)
    g.step(int(g.legal_actions()[0]))
    v = richelieu.vector_env(2, opponent="greedy")
    v.reset(seed=1)
    v.restore_state(1, g.save_state())
    assert v.save_state(1) == g.save_state()
    np.testing.assert_array_equal(v.observations()["observation"][1], g._observation()["observation"])
    with pytest.raises(ValueError, match=r"blobs\[1\]: blob is a saved state of version 0"):
        v.restore_states([v.save_state(0), b"RSTA" + bytes(40)])
    with pytest.raises(ValueError, match="blobs must hold 2"):
        v.restore_states([v.save_state(0)])
    other = richelieu.vector_env(2, opponent="greedy", variant="three-row")
    other.reset(seed=1)
    before = other.save_states()
    with pytest.raises(ValueError, match="snapshot is of another vector environment"):
        other.restore(v.snapshot())
    assert other.save_states() == before
    with pytest.raises(TypeError, match="snapshot must be what snapshot"):
        other.restore(b"bytes")


def test_vector_resetGameToAPositionAndDeterminize(jar, match_lines):
    v = richelieu.vector_env(2, opponent=None)
    v.reset(seed=1)
    env = richelieu.raw_env(players=2)
    env.reset(options={"record": match_lines[0], "step": 33})
    v.reset_game(1, options={"record": match_lines[0], "step": 33})
    # the same game (the bots' streams, unused here, come from each environment's master seed)
    assert v.engine_actions(1) == env.unwrapped._core.actions()
    np.testing.assert_array_equal(v.observations()["observation"][1], env.observe(env.agent_selection)["observation"])
    env.reset(seed=8, options={"actions": [17, 4]})
    v.reset_game(0, seed=8, options={"actions": [17, 4]})
    assert v.save_state(0) == env.save_state()
    seat = int(v.seats[0])
    d = env.determinize(seat=seat, seed=6)
    v.determinize(0, seat, 6)
    assert v.save_state(0) == d.save_state()
    before = v.save_states()
    with pytest.raises(ValueError, match=r"options\['step'\] must be from 0 to"):
        v.reset_game(1, options={"record": match_lines[0], "step": 10 ** 6})
    with pytest.raises(ValueError, match="options must hold"):
        v.reset_game(1, seed=3)
    assert v.save_states() == before

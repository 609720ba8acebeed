"""reset(seed=s) deals what ./richelieu deals for --seed s, and the games replay move by move
against the Java records: the agents play the recorded moves, the environment plays the forced
ones and the bots' moves, and every step must match the record."""

import json

import numpy as np
import pytest

import richelieu
from richelieu import actions


def engine_actions(line):
    """The engine actions of a recorded game, in order (forced and private ones included)."""
    import jpype
    GameRecord = jpype.JClass("richelieu.engine.record.GameRecord")
    GameState = jpype.JClass("richelieu.engine.GameState")
    rec = GameRecord.parse(line)
    state = GameState(rec.rules(), rec.deal())
    out = []
    for turn in rec.turns():
        out.extend(int(a) for a in GameRecord.applyTurn(state, turn))
    return out


def same_game(record_line, env_line):
    """Two record lines of the same game: equal but for the seat labels."""
    a, b = json.loads(record_line), json.loads(env_line)
    a.pop("seats")
    b.pop("seats")
    return a == b


@pytest.mark.parametrize("players,variant", [(2, "base"), (3, "three-row"), (4, "base")])
def test_env_replaysFirstPlayerRecordsMoveByMove(jar, records, players, variant):
    games, lines = records("first-player", "heuristic", "--players", str(players), "--variant", variant,
                           "--games", "3", "--seed", "41")
    env = richelieu.raw_env(players=players, variant=variant)
    for k, line in enumerate(lines):
        if k == 0:
            env.reset(seed=41)
        else:
            env.reset()  # the next deal of the same master seed
        assert env.seed_and_game == (41, k)
        recorded = engine_actions(line)
        played = []
        while not any(env.terminations.values()):
            legal = env.legal_actions()
            before = len(env._core.actions())
            step_actions = recorded[before:]
            index = actions.index_of(step_actions[0])
            assert index in legal, f"game {k}: recorded {actions.text(index)} is not legal in the env"
            assert env.observe(env.agent_selection)["action_mask"][index] == 1
            env.step(index)
            played = env._core.actions()
            assert played == recorded[:len(played)], f"game {k}: the env's forced moves differ from the record"
        assert played == recorded
        assert same_game(line, env.record())
        scores = games[k]["scores"]
        assert list(env.infos["seat_0"]["scores"]) == scores
    env.close()


def test_gymEnv_botMovesAndDealsMatchFirstPlayerRecords(jar, records):
    """The agent in seat 1 plays the recorded moves of seat 1; the search bot in seat 0 (it draws
    from its random stream) must then make exactly its recorded moves, in game 0 and game 1."""
    spec = "ismcts:iterations=60"
    games, lines = records("first-player", spec, "--games", "2", "--seed", "17")
    env = richelieu.gym_env(opponent=spec, seat=1)
    for k, line in enumerate(lines):
        env.reset(seed=17) if k == 0 else env.reset()
        recorded = engine_actions(line)
        done = False
        while not done:
            before = len(env._core.actions())
            index = actions.index_of(recorded[before])
            assert index in env.legal_actions()
            obs, reward, done, truncated, info = env.step(index)
            played = env._core.actions()
            assert played == recorded[:len(played)], f"game {k}: the bot's moves differ from the record"
        assert same_game(line, env.record())
        winner = games[k]["winner"]  # null for a draw
        assert reward == (0.0 if winner is None else 1.0 if winner == 1 else -1.0)
    env.close()


def test_reset_sameDealAsPlayCommand(jar, cli):
    """./richelieu play BOT --seed s shows the same board (the deal, seen from seat 0) as the
    environment's render after reset(seed=s)."""
    shown = cli("play", "random", "--seed", "23", "--color", "never", stdin="quit\n")
    env = richelieu.gym_env(opponent="random", seat=0, render_mode="ansi")
    env.reset(seed=23)
    board = env.render()
    rows = board[:board.index("seat 0")]
    assert rows in shown
    env.reset(seed=24)
    assert env.render()[:board.index("seat 0")] not in shown
    env.close()


@pytest.mark.parametrize("seed", [-1, -2 ** 63, 2 ** 63 - 1])
def test_anySixtyFourBitSeed_acceptedByEveryEnvironment_sameDealAsPlayCommand(jar, cli, seed):
    """The command line takes any 64-bit seed, negative ones too, and so does every environment: the
    deal is that of ./richelieu play BOT --seed s, and Gymnasium's np_random is seeded from it too (the
    same seed, the same stream), where Gymnasium itself refuses a negative seed."""
    shown = cli("play", "random", "--seed", str(seed), "--color", "never", stdin="quit\n")
    gym = richelieu.gym_env(opponent="random", seat=0, render_mode="ansi")
    obs, _ = gym.reset(seed=seed)
    board = gym.render()
    assert board[:board.index("seat 0")] in shown
    assert gym.seed_and_game == (seed, 0)
    draws = gym.np_random.integers(1 << 30, size=4)
    gym.reset(seed=seed)
    assert np.array_equal(gym.np_random.integers(1 << 30, size=4), draws), "np_random seeded from the seed"
    aec = richelieu.env()
    aec.reset(seed=seed)
    assert np.array_equal(aec.observe("seat_0")["observation"], obs["observation"])
    v = richelieu.vector_env(1, opponent="random", render_mode="ansi")
    v_obs, _ = v.reset(seed=seed)
    assert np.array_equal(v_obs["observation"][0], obs["observation"])
    assert v.render()[0][:board.index("seat 0")] in shown
    assert [list(x) for x in v.seeds] == [[seed], [0]]
    v_draws = v.np_random.integers(1 << 30, size=4)
    v.reset(seed=seed)
    assert np.array_equal(v.np_random.integers(1 << 30, size=4), v_draws)
    for env in (gym, aec, v):
        env.close()


def test_vectorEnv_seedThatFailsForALaterGame_refusedBeforeAnyGameMoves(jar):
    """seed + i must fit in 64 bits for every game: refused before any game is reset."""
    v = richelieu.vector_env(2, opponent="random")
    v.reset(seed=5)
    before = [list(x) for x in v.seeds]
    with pytest.raises(ValueError, match="seed"):
        v.reset(seed=2 ** 63 - 1)
    assert [list(x) for x in v.seeds] == before
    v.close()

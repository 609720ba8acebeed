"""PettingZoo's and Gymnasium's own API checks, and the fixed spaces."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import richelieu
from richelieu import actions
from richelieu.gymnasium_env import RichelieuGymEnv
from richelieu.observation import Layout


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "three-row"])
def test_env_pettingzooApiTest_passes(jar, players, variant):
    env = richelieu.env(players=players, variant=variant)
    api_test(env, num_cycles=300)
    env.close()


def test_gymEnv_checkEnv_passes(jar):
    env = gymnasium.make(richelieu.GYM_ID, opponent="heuristic", seat=1, render_mode="ansi")
    check_env(env.unwrapped)
    assert isinstance(env.unwrapped, RichelieuGymEnv)
    env.close()


def test_gymEnv_threePlayersAgainstTwoBotSpecs_checkEnvPasses(jar):
    env = richelieu.gym_env(opponent=["random", "greedy"], seat=2, players=3, variant="three-row")
    check_env(env.unwrapped, skip_render_check=True)
    assert env.opponents == ["random", "greedy"]
    env.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observationLayout_sameSizeAsEngine(jar, players):
    import jpype
    vector = jpype.JClass("richelieu.env.ObservationVector")
    assert Layout(players).size == vector.size(players)
    env = richelieu.env(players=players)
    assert env.observation_space("seat_0")["observation"].shape == (Layout(players).size,)
    env.close()


def test_actionIndex_everyIndexSameAsEngine(jar):
    import jpype
    index = jpype.JClass("richelieu.env.ActionIndex")
    assert index.COUNT == actions.COUNT == 2454
    for i in range(actions.COUNT):
        packed = int(index.action(i))
        if packed < 0:
            with pytest.raises(ValueError):
                actions.packed_of(i)
            continue
        assert actions.packed_of(i) == packed
        assert actions.index_of(packed) == i
        assert actions.text(i) == str(index.text(i))


def test_randomGames_observationsStayInTheSpace(jar):
    """Many random games at 4 players (the longest), every observation of every seat inside the Box bounds."""
    env = richelieu.raw_env(players=4, variant="base")
    space = env.observation_space("seat_0")
    rng = np.random.default_rng(3)
    turns = []
    for game in range(30):
        env.reset(seed=100 + game)
        while env.agents and not any(env.terminations.values()):
            for a in env.possible_agents:
                assert env.observe(a) in space
            legal = env.legal_actions()
            env.step(int(rng.choice(legal)))
        for a in env.possible_agents:
            assert env.observe(a) in space
        turns.append(int(env.observe("seat_0")["observation"][Layout(4).turn_at + 3]))
    assert max(turns) > 40, "the games were played to the end"
    env.close()

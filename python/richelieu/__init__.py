"""Richelieu (Michael Schacht's card game) for Python: the bot lab's Java engine, in-process
through JPype, as a PettingZoo AEC environment (``env``), a Gymnasium environment against the
lab's bots (``gym_env``) and a batched Gymnasium vector environment (``vector_env``: many games
per step, against bots or in self-play), with the exact solver of the two-player game at hand
(``solve``: every legal action's value, as ``./richelieu solve`` gives it).

    import richelieu
    env = richelieu.env(players=2)                        # PettingZoo AEC: agents seat_0, seat_1
    g = richelieu.gym_env(opponent="ismcts-mast")    # Gymnasium: one agent against a bot
    v = richelieu.vector_env(1024, opponent=None)          # 1,024 self-play games per step
    s = richelieu.solve(env, open=True, deadline=10.0)    # near the end of a game: exact values

The engine jar is the one this package carries (``pip install ./python`` builds it and puts it
in the package), or ``$RICHELIEU_JAR``, or the ``jar=`` argument of the first environment made.
"""

from . import actions, observation
from ._core import IllegalActionError
from ._jvm import ForkError, SetupError
from .gymnasium_env import DEFAULT_OPPONENT

__all__ = ["env", "raw_env", "gym_env", "vector_env", "evaluate", "solve", "actions", "observation", "IllegalActionError", "SetupError",
           "ForkError", "GYM_ID", "DEFAULT_OPPONENT"]

#: ``gymnasium.make(richelieu.GYM_ID, opponent="greedy")`` makes the environment of ``gym_env``;
#: ``gymnasium.make_vec(richelieu.GYM_ID, num_envs=N, ...)`` the one of ``vector_env``.
GYM_ID = "richelieu/Richelieu-v0"


def _register():
    import gymnasium
    if GYM_ID not in gymnasium.registry:
        gymnasium.register(id=GYM_ID, entry_point="richelieu.gymnasium_env:RichelieuGymEnv",
                           vector_entry_point="richelieu.vector:RichelieuVectorEnv")


_register()


def raw_env(players=2, variant="base", deck=None, render_mode=None, **kwargs):
    """The PettingZoo AEC environment without wrappers (``richelieu.aec.RichelieuEnv``)."""
    from .aec import RichelieuEnv
    return RichelieuEnv(players=players, variant=variant, deck=deck, render_mode=render_mode, **kwargs)


def env(players=2, variant="base", deck=None, render_mode=None, **kwargs):
    """The PettingZoo AEC environment, with PettingZoo's order-enforcing wrapper.

    players: 2, 3 or 4; variant: "base" or "three-row" (R17); deck: a deck file or None for the
    standard deck; render_mode: None, "ansi" or "rgb_array"; reward: "win" (+1 sole win, 0 shared
    win, −1 loss) or "margin" (own score minus the best other score); ask_forced: also ask at decision points
    with a single legal action; render_seat: draw the board as that seat sees it (default: all);
    jar: the engine jar (see the module's doc).
    """
    from .aec import OrderEnforcing
    return OrderEnforcing(raw_env(players, variant, deck, render_mode, **kwargs))


def gym_env(opponent=DEFAULT_OPPONENT, seat=0, players=2, variant="base", deck=None, render_mode=None, **kwargs):
    """The Gymnasium environment (``richelieu.gymnasium_env.RichelieuGymEnv``): the agent in ``seat``, a bot
    of spec ``opponent`` (or a list, one per other seat) everywhere else; the default opponent, greedy, is
    cheap per decision (``./richelieu bots`` gives each bot's cost). Further options: reward, illegal_action
    ("forfeit" or "raise"), plugins (jars the specs may name), ask_forced, jar."""
    from .gymnasium_env import RichelieuGymEnv
    return RichelieuGymEnv(opponent=opponent, seat=seat, players=players, variant=variant, deck=deck,
                           render_mode=render_mode, **kwargs)


def vector_env(num_envs, opponent=DEFAULT_OPPONENT, players=2, **kwargs):
    """A Gymnasium ``VectorEnv`` of ``num_envs`` games stepped together in one call into the engine
    (``richelieu.vector.RichelieuVectorEnv``): against bots (``opponent`` as in ``gym_env``, or one per game;
    the agent in ``seat``) or in self-play (``opponent=None``). Further options: seat, variant, deck, reward,
    illegal_action, plugins, ask_forced, observation_dtype ("float32" or "uint8"), autoreset_mode
    (gymnasium.vector.AutoresetMode, next-step by default), threads (Java threads stepping the games),
    copy (False: the observations returned are the arrays the next step overwrites), render_mode, jar."""
    from .vector import RichelieuVectorEnv
    return RichelieuVectorEnv(num_envs, opponent=opponent, players=players, **kwargs)


def evaluate(policy, opponent="heuristic-2p", pairs=100, seed=1, **kwargs):
    """Rates ``policy`` (a function from a batch of observations and action masks to a batch of actions)
    against the bot ``opponent`` on ``pairs`` deals of master seed ``seed`` played twice with the seats
    swapped, the deals of ``./richelieu match``; returns the runner's statistics
    (``richelieu.evaluation.Evaluation``). Further options: variant, deck, plugins, batch, threads,
    observation_dtype, name, records, jar."""
    from .evaluation import evaluate as run
    return run(policy, opponent, pairs, seed, **kwargs)



def solve(env_or_state, open=True, deadline=60.0, **kwargs):
    """The value of a two-player position and of every legal action by the exact solver, as ``./richelieu solve``:
    open (every token known) or as the seat to move knows it (sampled token deals); one environment gives a
    ``richelieu.solver.Solution``, a list of environments or a vector environment a list, solved on several Java
    threads; a saved state (``save_state()``'s bytes) too. ``deadline``: seconds per position. Further options:
    samples, seed, seat, threads, games, deck, jar."""
    from .solver import solve as run
    return run(env_or_state, open, deadline, **kwargs)

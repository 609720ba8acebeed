"""The Gymnasium environment: one agent against bots of any spec the runner accepts."""

import gymnasium

from ._core import (RENDER_MODES, Core, CoreEnv, IllegalActionError, check_action, check_players, check_reward,
                    check_spec,
                    np_random_seed)
from .aec import spaces_for

ILLEGAL = ("forfeit", "raise")
#: The opponent of ``gym_env`` when none is named: cheap per decision, so the environment runs at
#: engine speed (``./richelieu bots`` gives every bot's cost); a slower one is the user's choice.
DEFAULT_OPPONENT = "greedy"


def opponent_seats(opponent, seat, players):
    """Per seat, the bot spec or None for the agent's seat; one clear error for a bad opponent or seat."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ValueError(f"richelieu: seat must be between 0 and {players - 1}, not {seat!r}")
    if opponent is None:
        raise TypeError("richelieu: opponent must be a bot spec (e.g. 'greedy') or a list of one per other seat, "
                        "not None; for self-play use richelieu.env (PettingZoo) or richelieu.vector_env(..., "
                        "opponent=None)")
    if isinstance(opponent, str):
        others = [opponent] * (players - 1)
    else:
        try:
            others = list(opponent)
        except TypeError:
            raise TypeError(f"richelieu: opponent must be a bot spec or a list of {players - 1} specs, "
                            f"not {opponent!r}") from None
        if len(others) != players - 1:
            raise ValueError(f"richelieu: opponent must be a bot spec or a list of {players - 1} specs (one per "
                             f"other seat), not {opponent!r}")
    for o in others:
        check_spec(o, "opponent")
    return others[:seat] + [None] + others[seat:]


class RichelieuGymEnv(CoreEnv, gymnasium.Env):
    """Richelieu for one agent in seat ``seat``; every other seat is played by a bot.

    ``opponent`` is a bot spec as ``./richelieu`` takes it (``random``, ``greedy``, ``heuristic``,
    ``ismcts-mast``, ``exec:python3 bot.py``, a plug-in's name with ``plugins=[jar]``), or a
    list with one spec per other seat, in seat order. The default, ``greedy``, keeps the
    environment fast; ``./richelieu bots`` and the package README give each bot's cost per
    decision (``heuristic`` costs far more). Observations and actions are those of
    ``richelieu.env`` (a dict with ``observation`` and ``action_mask``; ``Discrete(2454)``).

    An illegal action forfeits the game, as a bot's illegal answer does in the runner: the episode
    ends with the reward of a loss and ``info["forfeit"]`` saying why; ``illegal_action="raise"``
    raises ``IllegalActionError`` instead and leaves the game as it was. A bot that fails (crash,
    time-out, illegal move) forfeits likewise, and the agent shares the win.

    ``reset(seed=s)`` plays game 0 of master seed s, and the bots draw from the same streams as
    in ``./richelieu play BOT --seed s`` (and game 0 of ``./richelieu first-player BOT --seed s``):
    the agent playing that command's moves meets the same bot moves. Each ``reset()`` without a
    seed plays the next game (game k of ``first-player``). Without any seed the master seed is 1.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"]}

    def __init__(self, opponent=DEFAULT_OPPONENT, seat=0, players=2, variant="base", deck=None, render_mode=None,
                 reward="win", illegal_action="forfeit", plugins=(), ask_forced=False, jar=None):
        check_reward(reward)
        if illegal_action not in ILLEGAL:
            raise ValueError(f"richelieu: illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        if render_mode not in RENDER_MODES:
            raise ValueError(f"richelieu: render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}")
        players = check_players(players)
        seat_bots = opponent_seats(opponent, seat, players)
        self._core = Core(players, variant, deck, seat_bots, plugins=plugins, ask_forced=ask_forced, reward=reward,
                          jar=jar)
        self._made_with = dict(opponent=opponent, seat=seat, players=players, variant=variant, deck=deck,
                               render_mode=render_mode, reward=reward, illegal_action=illegal_action,
                               plugins=plugins, ask_forced=ask_forced)
        self.seat = seat
        self.players = players
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.opponents = [self._core.labels[s] for s in range(players) if s != seat]
        self.observation_space, self.action_space = spaces_for(self._core)
        self._over = True

    def reset(self, seed=None, options=None):
        """Game 0 of ``seed`` (or the next game); ``options={"record": LINE, "step": K}`` starts the position
        after the first K actions of a richelieu-record/1 game, ``options={"actions": [...]}`` the position after
        the agent's action indices from the deal of ``seed`` (the bots answering as they do)."""
        mover = self._core.start_at(seed, options)  # checks the seed and options first
        super().reset(seed=np_random_seed(seed))
        if mover < 0 and not (options and {"record", "step", "actions"} & set(options)):
            raise RuntimeError(f"richelieu: the game ended before the agent's first move: {self._core.forfeit_text()}")
        self._begin(mover)
        return self._observation(), {}

    def _begin(self, mover):
        self._over = mover < 0

    def determinize(self, seat=None, seed=None):
        """A new environment in this state with the hidden tokens drawn anew, consistently with what ``seat``
        (the agent's by default) knows, from ``seed``."""
        return self._determinized(self.seat if seat is None else seat, seed)

    def _observation(self):
        return self._core.observation_of(self.seat)

    def step(self, action):
        if self._core.closed:
            raise RuntimeError("richelieu: the environment is closed")
        if self._over:
            raise RuntimeError("richelieu: the game is over (or not started): call reset()")
        try:
            mover = self._core.step(check_action(action))
        except IllegalActionError as e:
            if self.illegal_action == "raise":
                raise
            mover = self._core.forfeit(str(e))
        if mover >= 0:
            return self._observation(), 0.0, False, False, {}
        self._over = True
        reward = float(self._core.seat_rewards[self.seat])
        return self._observation(), reward, True, False, self._core.final_info()

    def legal_actions(self):
        """The agent's legal action indices ([] once the game is over)."""
        self._core._live()
        return self._core.legal() if not self._over else []

    def render(self):
        return self._render(self.seat)

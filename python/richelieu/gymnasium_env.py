"""The Gymnasium environment: one agent against bots of any spec the runner accepts."""

import gymnasium

from ._core import Core, CoreEnv, IllegalActionError
from .aec import check_reward_mode, final_rewards, spaces_for

ILLEGAL = ("forfeit", "raise")


class RichelieuGymEnv(CoreEnv, gymnasium.Env):
    """Richelieu for one agent in seat ``seat``; every other seat is played by a bot.

    ``opponent`` is a bot spec as ``./richelieu`` takes it (``random``, ``heuristic``,
    ``ismcts2:mast=0.5``, ``exec:python3 bot.py``, a plug-in's name with ``plugins=[jar]``), or a
    list with one spec per other seat, in seat order. Observations and actions are those of
    ``richelieu.env`` (a dict with ``observation`` and ``action_mask``; ``Discrete(2454)``).

    An illegal action forfeits the game, as a bot's illegal answer does in the runner: the episode
    ends with the reward of a loss and ``info["forfeit"]`` saying why; ``illegal_action="raise"``
    raises ``IllegalActionError`` instead and leaves the game as it was. A bot that fails (crash,
    time-out, illegal move) forfeits likewise, and the agent shares the win.

    ``reset(seed=s)`` plays deal 0 of master seed s, and the bots draw from the same streams as
    in ``./richelieu play BOT --seed s`` (and game 0 of ``./richelieu first-player BOT --seed s``):
    the agent playing that command's moves meets the same bot moves. Each ``reset()`` without a
    seed plays the next deal (game k of ``first-player``). Without any seed the master seed is 1.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponent="heuristic", seat=0, players=2, variant="base", deck=None, render_mode=None,
                 reward="win", illegal_action="forfeit", plugins=(), ask_forced=False, jar=None):
        check_reward_mode(reward)
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be between 0 and {players - 1}, not {seat!r}")
        others = [opponent] * (players - 1) if isinstance(opponent, str) else list(opponent)
        if len(others) != players - 1 or not all(isinstance(o, str) for o in others):
            raise ValueError(f"opponent must be a bot spec or a list of {players - 1} specs, not {opponent!r}")
        seat_bots = others[:seat] + [None] + others[seat:]
        self._core = Core(players, variant, deck, seat_bots, plugins=plugins, ask_forced=ask_forced, jar=jar)
        self.seat = seat
        self.players = players
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.opponents = [self._core.labels[s] for s in range(players) if s != seat]
        self.observation_space, self.action_space = spaces_for(self._core)
        self._over = True

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        mover = self._core.start(seed)
        if mover < 0:
            raise RuntimeError(f"richelieu: the game ended before the agent's first move: {self._core.forfeit_text()}")
        self._over = False
        return self._observation(), {}

    def _observation(self):
        return self._core.observation_of(self.seat)

    def step(self, action):
        if self._over:
            raise RuntimeError("richelieu: the game is over (or not started): call reset()")
        try:
            mover = self._core.step(action)
        except IllegalActionError as e:
            if self.illegal_action == "raise":
                raise
            mover = self._core.forfeit(str(e))
        if mover >= 0:
            return self._observation(), 0.0, False, False, {}
        self._over = True
        reward = final_rewards(self._core, self.reward_mode)[self.seat]
        return self._observation(), reward, True, False, self._core.final_info()

    def legal_actions(self):
        """The agent's legal action indices ([] once the game is over)."""
        return self._core.legal() if not self._over else []

    def render(self):
        return self._render(self.seat)

"""The Gymnasium environment: one agent against bots of any spec the runner accepts."""

import gymnasium

from ._core import Core, DEFAULT_SEED, IllegalActionError
from .aec import check_reward_mode, final_rewards, spaces_for

ILLEGAL = ("forfeit", "raise")


class RichelieuGymEnv(gymnasium.Env):
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
        self._master = None
        self._game = 0
        self._over = True

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._master, self._game = int(seed), 0
        elif self._master is None:
            self._master, self._game = DEFAULT_SEED, 0
        else:
            self._game += 1
        mover = self._core.reset(self._master, self._game)
        if mover < 0:
            raise RuntimeError(f"richelieu: the game ended before the agent's first move: {self._core.forfeit_text()}")
        self._over = False
        return self._observation(), {}

    @property
    def seed_and_game(self):
        """(master seed, deal number) of the current game."""
        return self._master, self._game

    def _observation(self):
        core = self._core
        core.observe(self.seat)
        return {"observation": core.observation.copy(), "action_mask": core.mask.copy()}

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
        info = {"scores": [int(x) for x in self._core.scores]}
        forfeit = self._core.forfeit_text()
        if forfeit:
            info["forfeit"] = forfeit
        return self._observation(), reward, True, False, info

    def legal_actions(self):
        """The agent's legal action indices ([] once the game is over)."""
        return self._core.legal() if not self._over else []

    def record(self):
        """The finished game as a richelieu-record/1 JSON line (``./richelieu replay`` / ``view`` read it)."""
        return self._core.record("python")

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return self._core.render(self.seat)

    def close(self):
        self._core.close()

"""The PettingZoo AEC environment: every seat is an agent."""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from . import actions
from ._core import Core, CoreEnv, H_FORFEIT, H_WINNERS, IllegalActionError

REWARDS = ("win", "margin")


def final_rewards(core, mode):
    """Per seat: 'win' is the runner's match score (1, ½, 0) on a −1…+1 scale — +1 for a sole win, 0
    for a shared win (a draw with 2 players), −1 for a loss; 'margin' is the seat's score minus the
    best other score. A forfeited game is scored as 'win' in both modes."""
    winners = int(core.header[H_WINNERS])
    players = core.players
    if mode == "win" or core.header[H_FORFEIT] >= 0:
        sole = bin(winners).count("1") == 1
        return [(1.0 if sole else 0.0) if winners >> s & 1 else -1.0 for s in range(players)]
    scores = [int(x) for x in core.scores]
    return [float(scores[s] - max(scores[o] for o in range(players) if o != s)) for s in range(players)]


def check_reward_mode(reward):
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")


def spaces_for(core):
    observation = spaces.Dict({
        "observation": spaces.Box(low=np.zeros(core.observation_size, dtype=np.float32), high=core.high,
                                  dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions.COUNT,), dtype=np.int8),
    })
    return observation, spaces.Discrete(actions.COUNT)


class RichelieuEnv(CoreEnv, AECEnv):
    """Richelieu for 2–4 agents ``seat_0 …`` (seat 0 moves first).

    The observation of an agent is ``{"observation": float32 vector, "action_mask": int8 vector}``:
    the vector holds what that seat may know (``richelieu.observation``), the mask marks the legal
    actions of the fixed action space (``richelieu.actions``) and is all zeros for an agent not to
    move. Decision points with a single legal action are played without asking, as the runner's
    game driver does (``ask_forced=True`` asks them too), so one agent may act several times in a
    row (take, then pay, then place a marker). Rewards come at the end (``final_rewards``).

    ``reset(seed=s)`` deals deal 0 of master seed s, the deal of ``./richelieu play BOT --seed s``
    and of game 0 of ``./richelieu first-player BOT --seed s``; each ``reset()`` without a seed
    deals the next deal of the same master seed (game k of ``first-player``). Without any seed
    the master seed is 1, the runner's default.
    """

    metadata = {"name": "richelieu_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players=2, variant="base", deck=None, render_mode=None, reward="win", ask_forced=False,
                 render_seat=None, jar=None):
        super().__init__()
        check_reward_mode(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self._core = Core(players, variant, deck, [None] * players, ask_forced=ask_forced, jar=jar)
        if render_seat is not None and not (isinstance(render_seat, int) and 0 <= render_seat < players):
            raise ValueError(f"render_seat must be a seat from 0 to {players - 1}, or None for everything")
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.reward_mode = reward
        self.players = players
        self.variant = variant
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        observation, action = spaces_for(self._core)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle(self._core.start(seed))

    def observe(self, agent):
        return self._core.observation_of(self._seat[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to move: None is only the action of an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        mover = self._core.step(action)
        for a in self.rewards:
            self.rewards[a] = 0.0
        self._settle(mover)

    def _settle(self, mover):
        if mover >= 0:
            self.agent_selection = self.possible_agents[mover]
            return
        for s, r in enumerate(final_rewards(self._core, self.reward_mode)):
            a = self.possible_agents[s]
            self.rewards[a] = r
            self.terminations[a] = True
            self.infos[a] = self._core.final_info()
        self._accumulate_rewards()
        if self.agents and self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def legal_actions(self):
        """The legal action indices of the agent to move (ascending packed order; [] once the game is over)."""
        return self._core.legal()

    def render(self):
        return self._render(-1 if self.render_seat is None else self.render_seat)


class OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, with ``last`` asked of the environment itself once it
    has been reset: the inherited ``last`` reads five attributes through the wrapper's
    ``__getattr__``, a quarter of a random agent's step (cProfile)."""

    def last(self, observe=True):
        if not self._has_reset:
            return super().last(observe)  # the wrapper's own error for a use before reset
        return self.env.last(observe)

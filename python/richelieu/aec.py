"""The PettingZoo AEC environment: every seat is an agent."""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from . import actions
from ._core import RENDER_MODES, Core, CoreEnv, IllegalActionError, check_action, check_flag, check_players


def observation_space(high, dtype=np.float32):
    """{"observation": Box(0, high), "action_mask": Box(0, 1) of int8}: one seat's observation."""
    return spaces.Dict({
        "observation": spaces.Box(low=np.zeros(len(high), dtype=dtype), high=high.astype(dtype), dtype=dtype),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions.COUNT,), dtype=np.int8),
    })


def spaces_for(core):
    return observation_space(core.high), spaces.Discrete(actions.COUNT)


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

    metadata = {"name": "richelieu_v0", "render_modes": ["ansi", "rgb_array"], "is_parallelizable": False}

    def __init__(self, players=2, variant="base", deck=None, render_mode=None, reward="win", ask_forced=False,
                 render_seat=None, jar=None):
        super().__init__()
        if render_mode not in RENDER_MODES:
            raise ValueError(f"richelieu: render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}")
        players = check_players(players)
        if render_seat is not None and not (isinstance(render_seat, int) and not isinstance(render_seat, bool)
                                            and 0 <= render_seat < players):
            raise ValueError(f"richelieu: render_seat must be a seat from 0 to {players - 1}, or None for everything, "
                             f"not {render_seat!r}")
        self._core = Core(players, variant, deck, [None] * players, ask_forced=check_flag("ask_forced", ask_forced),
                          reward=reward, jar=jar)
        self._made_with = dict(players=players, variant=variant, deck=deck, render_mode=render_mode, reward=reward,
                               ask_forced=ask_forced, render_seat=render_seat)
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.reward_mode = reward
        self.players = players
        self.variant = variant
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        observation, action = spaces_for(self._core)
        high = np.concatenate([self._core.high] * players + [np.ones(8 * 15, dtype=np.float32)])
        self.state_space = spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """Deals game 0 of ``seed`` (or the next game); ``options={"record": LINE, "step": K}`` starts the position
        after the first K actions of a richelieu-record/1 game, ``options={"actions": [...]}`` the position after
        these action indices from the deal of ``seed``."""
        # a bad seed, bad options or a closed environment fail here, before anything changes
        self._begin(self._core.start_at(seed, options))

    def determinize(self, seat=None, seed=None):
        """A new environment in this state with the hidden tokens drawn anew, consistently with what ``seat`` (a
        seat number or agent name; the agent to move by default) knows, from ``seed``."""
        if seat is None:
            seat = self.agent_selection
        return self._determinized(self._seat.get(seat, seat) if isinstance(seat, str) else seat, seed)

    def _begin(self, mover):
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle(mover)

    def observe(self, agent):
        return self._core.observation_of(self._seat[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to move: None is only the action of an agent whose game is over")
        mover = self._core.step(check_action(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        self._settle(mover)

    def _settle(self, mover):
        if mover >= 0:
            self.agent_selection = self.possible_agents[mover]
            return
        for s, r in enumerate(self._core.seat_rewards):
            a = self.possible_agents[s]
            self.rewards[a] = float(r)
            self.terminations[a] = True
            self.infos[a] = self._core.final_info()
        self._accumulate_rewards()
        if self.agents and self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def state(self):
        """The whole state as a float32 vector (for centralised critics): every seat's observation vector, seat 0
        first, then per token place a one-hot of its token (14 ids, then "none" once its card is taken)."""
        return self._core.state()

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

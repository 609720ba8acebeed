"""PUCT search (AlphaZero-style) over determinized states, with the PPO network as prior and value.

    import richelieu, puct
    from ppo import load
    search = puct.Search(load("ppo.pt"), simulations=8, deals=2)
    env = richelieu.raw_env(players=2, ask_forced=True)
    env.reset(seed=7)
    action, info = search.choose(env, seed=1)       # an action index of env.legal_actions()

How a decision is made (``Search.choose``):

1. **Determinize.** The seat to move does not know the tokens still face down on the table, in the
   box, or held by the opponent. ``determinize(…, seat, seed)`` draws them anew, consistently with
   what that seat knows (the engine's ``Observation.determinize``), ``deals`` times, each time in a
   copy of the position: one self-play game of ``richelieu.vector_env`` (``restore_state`` of the
   environment's ``save_state`` once, then ``snapshot``/``restore``, copies made in the engine).
2. **Search each deal (PIMC).** In each determinized game, every token is known, so it is a game of
   perfect information: a PUCT tree is grown over it, ``simulations / deals`` simulations each.
   A simulation restores the deal's root (``restore`` of its ``snapshot``: no replay of the game),
   descends the tree by
   ``Q + c · P · sqrt(N) / (1 + n)`` (Silver et al. 2017), steps the environment along, and at a new
   node asks the network once: its policy over the legal list is the prior ``P`` of the node's
   children, its value head the leaf's value. A finished game is valued by its result and margin.
3. **Aggregate.** The visits of each root action are summed over the deals and the most visited
   action is played (ties: the higher prior, then the lower index).

Why PIMC (a tree per sampled deal, the visits summed) rather than single-observer IS-MCTS (one tree
over information sets): each tree is an ordinary search over an ordinary state, so it can use the
environment's copies of a state and a perfect-information value at its leaves, which is
what AlphaZero's recipe assumes; and in Richelieu little is hidden (the identities of at most 8
tokens of 14, everything else public), so PIMC's known faults — strategy fusion, and searching as
if the opponent knew one's own tokens — cost little. The lab's strongest bot, ``pimc``, makes the
same bet. The network sees each seat's own observation (in the determinized world, so the
opponent's prior reflects the tokens drawn for it).

**Near the end**, with ``solve_cards`` cards or fewer left on the table, the exact solver answers
instead (``richelieu.solve(env, open=False, samples=…)``: every sampled deal solved to the end of
the game, the action that scores best over them): exact values where the network only estimates,
at a cost of tens of milliseconds a decision there (python/README.md).

**Values.** Every value is from one seat's side, on the −1…+1 scale the network was trained on:
``0.5 · result + 0.5 · tanh(margin / 8)`` (ppo.py's reward); with two players the other seat's
value is its negative. The network's value head estimates that quantity for the seat whose
observation it sees.

**Deterministic.** ``choose(env, seed)`` draws the deals from ``seed`` (numpy's ``SeedSequence``), the
network is evaluated without sampling and ties are broken by fixed rules; the solver is exact. The
same position and seed give the same action, and nothing reads a clock — except the solver's
deadline, a guard against a position far too large: a solve it cuts short is dropped and the
search decides, so only then would the machine's speed matter.
"""

import numpy as np
import torch

import richelieu
from richelieu.observation import PLANE_TABLE, Layout

from ppo import logits


def seed_for(seed, *keys):
    """A 63-bit seed derived from ``seed`` and ``keys`` (a deal number, a decision number ...)."""
    return int(np.random.SeedSequence([seed & (2 ** 63 - 1), *keys]).generate_state(1, np.uint64)[0]) >> 1


def cards_on_table(env):
    """How many cards are still on the table (public: any seat's observation shows it)."""
    obs = env.observe(env.agent_selection)["observation"]
    return int(obs[Layout(env.players).plane(PLANE_TABLE)].sum())


class Network:
    """The PPO network of ppo.py as the search asks it: the mover's prior over its legal actions and value."""

    def __init__(self, net):
        self.net = net
        self.calls = 0

    def __call__(self, observation, legal):
        """(prior over the action indices ``legal``, value) of the mover whose observation vector is given."""
        self.calls += 1
        with torch.no_grad():
            scores, value = self.net(torch.tensor(observation).unsqueeze(0))  # a copy: the env reuses its array
            g = logits(scores, torch.from_numpy(legal.astype(np.int64)).unsqueeze(0))[0]
            return torch.softmax(g, 0).numpy().astype(np.float64), float(value[0])


def final_values(scores, results):
    """Each seat's value of a finished game, on the network's scale (0.5 · result + 0.5 · tanh(margin / 8)):
    ``results`` the seats' results (+1 win, 0 draw, -1 loss; the card tie-break of R20 included)."""
    return np.array([0.5 * r + 0.5 * np.tanh((scores[s] - max(np.delete(scores, s))) / 8)
                     for s, r in enumerate(results)])


class Node:
    """A decision point of one determinized game: the mover, its legal actions, and per action the
    prior P, visits N and total value W (from the mover's side)."""

    __slots__ = ("mover", "legal", "prior", "visits", "total", "children", "value")

    def __init__(self, mover, legal, prior, value):
        self.mover = mover
        self.legal = legal
        self.prior = prior
        self.value = value  # the network's value of this position for the mover: the first-play estimate
        self.visits = np.zeros(len(legal))
        self.total = np.zeros(len(legal))
        self.children = [None] * len(legal)

    def select(self, c):
        """The child to descend to: argmax of Q + c · P · sqrt(N) / (1 + n), an unvisited child's Q being
        the node's own value (first-play urgency as the parent sees it)."""
        n = self.visits
        q = np.where(n > 0, self.total / np.maximum(n, 1), self.value)
        u = c * self.prior * np.sqrt(n.sum() + 1) / (1 + n)
        return int(np.argmax(q + u))  # argmax takes the first of equals: deterministic


class Search:
    """PUCT over ``deals`` determinizations of the mover's view, ``simulations`` in all per decision.

    ``net``: a ppo.Net (``ppo.load``). ``c``: the exploration constant of PUCT. ``solve_cards``: at or
    below this many cards on the table the exact solver decides over ``solve_samples`` deals
    (0: never). ``solve_deadline``: seconds a position may take the solver before the search decides
    instead (a guard: at the default ``solve_cards`` the solver needs well under a second)."""

    def __init__(self, net, simulations=8, deals=2, c=1.5, solve_cards=8, solve_samples=8, solve_deadline=10.0):
        if simulations < deals or deals < 1:
            raise ValueError(f"simulations ({simulations}) must be at least deals ({deals}), and deals >= 1")
        self.network = Network(net)
        self.simulations = simulations
        self.deals = deals
        self.c = c
        self.solve_cards = solve_cards
        self.solve_samples = solve_samples
        self.solve_deadline = solve_deadline
        self._games = None

    def choose(self, env, seed):
        """The action index to play at ``env``'s position (an AEC environment: ``richelieu.raw_env``, any
        ``ask_forced``) and a dict saying how it was chosen. ``env`` is only read."""
        legal = env.legal_actions()
        if len(legal) == 1:
            return int(legal[0]), {"how": "forced"}
        if self.solve_cards and cards_on_table(env) <= self.solve_cards:
            s = richelieu.solve(env, open=False, samples=self.solve_samples, seed=seed_for(seed, 0),
                                deadline=self.solve_deadline)
            if s.deals == self.solve_samples:
                return int(s.best_action), {"how": "solver", "deals": s.deals}
        seat = env.possible_agents.index(env.agent_selection)
        games = self.games(env)
        games.restore_state(0, env.save_state())
        position = games.snapshot()
        visits, prior = {}, {}
        for d in range(self.deals):
            games.restore(position)
            games.determinize(0, seat, seed_for(seed, 1, d))
            root = self.grow(games, self.simulations // self.deals + (d < self.simulations % self.deals))
            for a, n, p in zip(root.legal, root.visits, root.prior):
                visits[int(a)] = visits.get(int(a), 0) + n
                prior[int(a)] = p
        best = max(visits, key=lambda a: (visits[a], prior[a], -a))
        return best, {"how": "puct", "visits": visits}

    def games(self, env):
        """The game the search steps: one self-play game of a vector environment, whose ``snapshot`` and
        ``restore`` copy a game in the engine (microseconds) where a single environment's ``restore_state``
        replays it from the deal. Made once, for the environment's player count and variant."""
        key = (env.players, env.variant)
        if self._games is None or self._games[0] != key:
            self._games = key, richelieu.vector_env(1, opponent=None, players=env.players, variant=env.variant,
                                                    copy=False)
        return self._games[1]

    def grow(self, games, simulations):
        """The PUCT tree of ``simulations`` simulations from the position of game 0 of ``games`` (a vector
        environment; a game with every token known)."""
        start = games.snapshot()
        players = games.players
        root = None
        for _ in range(simulations):
            games.restore(start)
            obs = games.observations()["observation"]
            path = []  # (node, child index) from the root down
            node, ended = root, None
            while node is not None:
                i = node.select(self.c)
                path.append((node, i))
                step, _, terminated, _, info = games.step(node.legal[i:i + 1])
                obs = step["observation"]
                if terminated[0]:
                    ended = final_values(info["scores"][0], info["seat_rewards"][0])
                    break
                node = node.children[i]
            if ended is not None:
                values = ended
            else:
                legal, count = games.legal_actions()
                legal = legal[0, :count[0]].copy()
                mover = int(games.seats[0])
                prior, v = self.network(obs[0], legal)
                values = np.full(players, -v)
                values[mover] = v  # two players: what one wins the other loses
                leaf = Node(mover, legal, prior, v)
                if path:
                    parent, i = path[-1]
                    parent.children[i] = leaf
                else:
                    root = leaf
            for node, i in path:
                node.visits[i] += 1
                node.total[i] += values[node.mover]
        return root

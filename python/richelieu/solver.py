"""The exact solver from Python: ``richelieu.solve``.

The values of a two-player position and of every legal action, by the calls ``./richelieu
solve`` makes (the runner's ``PositionValues``, through the Java ``richelieu.env.EnvSolve``), so
the numbers are the command's: with every token known (``open=True``), each action's exact value
under best play; or as the seat to move knows the game (``open=False``), per action its wins,
draws and losses over ``samples`` token deals drawn from that seat's knowledge (seeded: the deals
of ``./richelieu solve --seed seed``) and its mean margin. Many positions go in one call (a list
of environments, or the games of a vector environment), solved on ``threads`` Java threads; the
answers are the same at any number of threads.
"""

import dataclasses
import math
import numbers

import numpy as np

from . import _jvm
from ._core import Core, _is_int, _message, check_deck, check_flag, check_seed, java_refusal

__all__ = ["solve", "Solution"]

MAX_SECONDS = 86_400  # the bounds of ./richelieu solve --max-seconds
MIN_SECONDS = 0.001
MAX_SAMPLES = 1_000_000


@dataclasses.dataclass(frozen=True, eq=False)
class Solution:
    """The solver's answer for one position. Every figure is from the side of ``seat``, the seat to move
    (margin: its final score minus the other's; R20: on equal points fewer cards win).

    ``actions`` holds every legal action's index (``richelieu.actions``), best first as ``./richelieu solve``
    lists them, and each per-action array is in that order; ``best`` marks the best and those as good
    (the command's ``*``). ``positions`` is how many positions the solver visited; ``stopped`` is true when
    the deadline cut the search short.

    With ``open=True``: ``value`` is the position's exact value in the solver's unit (128 × the margin plus
    the card tie-break: its sign is the outcome), ``margin`` the final margin under best play and
    ``outcome`` 1 (win), 0 (draw) or -1 (loss); ``values``, ``margins``, ``outcomes`` the same per action.
    A position cut short by the deadline has no values (``value`` None, no actions).

    With ``open=False``: ``deals`` of the ``samples`` token deals asked for (drawn from seed ``seed``) were
    solved (fewer when the deadline cut it short: the counts are over those); per action ``wins``,
    ``draws``, ``losses`` over the deals, ``mean_margins`` and ``scores`` (wins + draws / 2, over the deals:
    the expected match score, by which actions are ranked, then by mean margin). ``value``, ``margin``,
    ``outcome`` and their arrays are None.
    """
    open: bool
    seat: int
    stopped: bool
    positions: int
    actions: np.ndarray
    best: np.ndarray
    value: int = None
    margin: int = None
    outcome: int = None
    values: np.ndarray = None
    margins: np.ndarray = None
    outcomes: np.ndarray = None
    samples: int = None
    seed: int = None
    deals: int = None
    wins: np.ndarray = None
    draws: np.ndarray = None
    losses: np.ndarray = None
    mean_margins: np.ndarray = None
    scores: np.ndarray = None

    @property
    def best_action(self):
        """The first best action's index, or None when nothing was solved."""
        return int(self.actions[0]) if len(self.actions) and (self.open or self.deals) else None

    def __repr__(self):
        if self.open:
            what = "stopped by the deadline" if self.value is None else f"value {self.value} (margin {self.margin:+d})"
        else:
            what = f"{self.deals} of {self.samples} deals" + (" (stopped by the deadline)" if self.stopped else "")
        return (f"Solution(open={self.open}, seat={self.seat}, {what}, {len(self.actions)} actions, "
                f"best {self.best_action}, {self.positions:,} positions)")


def _check_deadline(deadline):
    if not isinstance(deadline, numbers.Real) or isinstance(deadline, (bool, np.bool_)):
        raise TypeError(f"richelieu: deadline must be a number of seconds, not {deadline!r}")
    if not (MIN_SECONDS <= deadline <= MAX_SECONDS):  # NaN fails too
        raise ValueError(f"richelieu: deadline must be from {MIN_SECONDS} to {MAX_SECONDS} seconds (a position's "
                         f"time, as ./richelieu solve --max-seconds), not {deadline!r}")
    return float(deadline)


def _check_count(name, value, low, high):
    if not _is_int(value):
        raise TypeError(f"richelieu: {name} must be an int from {low} to {high}, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"richelieu: {name} must be from {low} to {high}, not {value!r}")
    return int(value)


def _core_of(env, name):
    """The engine game (``_core.Core``) of a single environment (PettingZoo's, wrapped or not, or Gymnasium's)."""
    core = getattr(getattr(env, "unwrapped", env), "_core", None)
    if not isinstance(core, Core):
        raise TypeError(f"richelieu: {name} must be a richelieu environment (env, raw_env, gym_env or vector_env), "
                        f"a saved state (the bytes of save_state()) or a list of them, not {type(env).__name__}")
    core._live()
    if core.players != 2:
        raise ValueError(f"richelieu: {name} is a {core.players}-player game: the exact solver plays 2-player "
                         f"games only")
    return core


def _seat_number(seat):
    """A seat number from a number or an agent name (``seat_k``), or ValueError naming ``seat``."""
    names = [f"seat_{s}" for s in range(2)]
    if isinstance(seat, str) and seat in names:
        return names.index(seat)
    if _is_int(seat) and 0 <= seat < 2:
        return int(seat)
    raise ValueError(f"richelieu: seat must be a seat of the 2-player game (0, 1, 'seat_0' or 'seat_1'), or None "
                     f"for the seat to move, not {seat!r}")


def _positions(target, games, deck, jpype):
    """(Java states, their names for messages, batched?) of what ``solve`` was given."""
    from .vector import RichelieuVectorEnv
    if isinstance(target, RichelieuVectorEnv):
        target._live()
        if target.players != 2:
            raise ValueError(f"richelieu: env_or_state is a vector environment of {target.players}-player games: the "
                             f"exact solver plays 2-player games only")
        if games is None:
            rows = list(range(target.num_envs))
        else:
            if isinstance(games, (str, bytes)) or not hasattr(games, "__iter__"):
                raise TypeError(f"richelieu: games must be a list of game numbers of the vector environment, "
                                f"not {games!r}")
            rows = list(games)
            for g in rows:
                if not _is_int(g) or not 0 <= g < target.num_envs:
                    raise ValueError(f"richelieu: games must hold game numbers from 0 to {target.num_envs - 1}, "
                                     f"not {g!r}")
        if not target._started:
            raise ValueError("richelieu: env_or_state is a vector environment not reset yet: call reset first")
        with target._one_caller():
            states = jpype.JClass("richelieu.env.EnvSolve").states(target._java, jpype.JArray(jpype.JInt)(rows))
        return list(states), [f"game {g} of the vector environment (env_or_state)" for g in rows], True
    if games is not None:
        raise ValueError("richelieu: games is taken with a vector environment only")
    if isinstance(target, (list, tuple)):
        items, names, batched = list(target), [f"env_or_state[{k}]" for k in range(len(target))], True
    else:
        items, names, batched = [target], ["env_or_state"], False
    states = []
    for env, name in zip(items, names):
        if isinstance(env, (bytes, bytearray, memoryview)):
            try:
                states.append(jpype.JClass("richelieu.env.EnvSolve").stateOf(bytes(env), deck))
            except jpype.JException as e:
                raise ValueError(f"richelieu: {java_refusal(e, (('blob', name),))}") from None
            continue
        core = _core_of(env, name)
        try:
            states.append(core._java.fullState())
        except jpype.JException as e:
            raise ValueError(f"richelieu: {name}: {_message(e)}") from None
    return states, names, batched


def solve(env_or_state, open=True, deadline=60.0, *, samples=20, seed=1, seat=None, threads=1, games=None,
          deck=None, jar=None):
    """The value of a two-player position and of each legal action, by the exact solver, as ``./richelieu solve``.

    ``env_or_state``: an environment (``env``, ``raw_env``, ``gym_env``: its current position, which it does not
    change) or a saved state (the bytes of ``save_state()``, of any environment's game; ``deck``: the deck file
    of its game, None for the standard deck) gives one ``Solution``; a list of environments and saved states, or
    a vector environment (every game, or those of ``games``), gives a list of them, solved on ``threads`` Java
    threads (the same answers at any number).

    ``open=True`` solves with every token known (the true deal): exact values. ``open=False`` answers as the
    seat to move knows the game: ``samples`` token deals drawn from its knowledge, seeded by ``seed`` (the
    deals of ``./richelieu solve --samples samples --seed seed``), each solved exactly. ``seat`` (a number or
    an agent name) may name that seat; the solver values the actions of the seat to move only.

    ``deadline``: seconds each position may take (from its start, as ``--max-seconds``); a position cut short
    says so (``Solution.stopped``) and keeps what it finished. Bad input (a game of 3 or 4 players, a finished
    game, a deadline out of range, an unknown seat, ...) raises one TypeError or ValueError naming the
    argument, before anything is solved; the environments are never changed. ``jar``: the engine jar, as for
    the first environment made (only needed when no environment was made before: saved states alone).
    """
    open = check_flag("open", open)
    deadline = _check_deadline(deadline)
    samples = _check_count("samples", samples, 1, MAX_SAMPLES)
    seed = check_seed(seed)
    if seed is None:
        raise TypeError("richelieu: seed must be an int (the token deals are drawn from it; never from the clock)")
    threads = _check_count("threads", threads, 1, 256)
    if seat is not None:
        if open:
            raise ValueError("richelieu: seat is taken with open=False only (open=True knows every token: no seat's "
                             "view)")
        seat = _seat_number(seat)
    deck = check_deck(deck)
    jpype = _jvm.start(jar)  # the JVM of the environments given, or the package's jar for saved states alone
    states, names, batched = _positions(env_or_state, games, deck, jpype)
    EnvSolve = jpype.JClass("richelieu.env.EnvSolve")
    for state, name in zip(states, names):
        why = EnvSolve.unfit(state)
        if why is not None:
            raise ValueError(f"richelieu: {name}: {why}")
        if seat is not None and seat != int(state.toMove()):
            raise ValueError(f"richelieu: seat {seat} is not to move in {name} (seat {int(state.toMove())} is): "
                             f"the solver values the actions of the seat to move, from its knowledge")
    try:
        r = EnvSolve.solve(jpype.JArray(jpype.JClass("richelieu.engine.GameState"))(states), open, samples, seed,
                           deadline, threads)
    except jpype.JException as e:
        raise RuntimeError(f"richelieu: {_message(e)}") from None
    out = _solutions(r, open, samples, seed)
    return out if batched else out[0]


def _solutions(r, open, samples, seed):
    """The ``Solution`` of each position from ``EnvSolve.Results``' flat arrays."""
    start = np.asarray(r.start(), dtype=np.int64)
    mover, value = np.asarray(r.mover()), np.asarray(r.value())
    stopped, visited, deals = np.asarray(r.stopped(), dtype=bool), np.asarray(r.visited()), np.asarray(r.deals())
    action, best = np.asarray(r.action(), dtype=np.int32), np.asarray(r.best(), dtype=bool)
    if open:
        exact, margin = np.asarray(r.exact(), dtype=np.int32), np.asarray(r.margin(), dtype=np.int32)
    else:
        wins, draws, losses = (np.asarray(a, dtype=np.int32) for a in (r.wins(), r.draws(), r.losses()))
        margin_sum = np.asarray(r.marginSum(), dtype=np.int64)
    out = []
    for i in range(len(mover)):
        at = slice(int(start[i]), int(start[i + 1]))
        common = dict(open=open, seat=int(mover[i]), stopped=bool(stopped[i]), positions=int(visited[i]),
                      actions=action[at].copy(), best=best[at].copy())
        if open:
            solved = not stopped[i]
            v = int(value[i]) if solved else None
            out.append(Solution(**common, value=v,
                                margin=None if v is None else int(margin[at][0]),
                                outcome=None if v is None else int(np.sign(v)),
                                values=exact[at].copy(), margins=margin[at].copy(),
                                outcomes=np.sign(exact[at]).astype(np.int8)))
        else:
            n = int(deals[i])
            with np.errstate(invalid="ignore", divide="ignore"):
                mean = margin_sum[at] / n if n else np.full(at.stop - at.start, math.nan)
                score = (wins[at] + draws[at] / 2) / n if n else np.full(at.stop - at.start, math.nan)
            out.append(Solution(**common, samples=samples, seed=seed, deals=n, wins=wins[at].copy(),
                                draws=draws[at].copy(), losses=losses[at].copy(), mean_margins=mean, scores=score))
    return out

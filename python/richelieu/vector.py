"""The batched environment: N games stepped in one crossing into Java, as a Gymnasium ``VectorEnv``."""

import collections.abc
import contextlib
import numbers
import threading

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _jvm, actions
from ._core import (DEFAULT_SEED, POSITION_NAMES, IllegalActionError, _message, attach, check_blob, check_deck,
                    check_flag, check_players, check_plugins, check_position, check_reward, check_seed, check_spec,
                    check_variant, java_refusal, np_random_seed, observation_high)
from .aec import observation_space
from .gymnasium_env import DEFAULT_OPPONENT, ILLEGAL, opponent_seats

DTYPES = ("float32", "uint8")
JAVA_INT_MAX = 2 ** 31 - 1


def _check_int(name, value, low, high=None):
    if not isinstance(value, numbers.Integral) or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"richelieu: {name} must be an int, not {value!r}")
    if value < low or high is not None and value > high:
        raise ValueError(f"richelieu: {name} must be {'at least ' + str(low) if high is None else f'from {low} to {high}'}"
                         f", not {value!r}")
    return int(value)


def _per_game(value, n, name, one, is_one):
    """[value] * n when ``value`` is one (``is_one``), else ``value`` as a list of n entries, one per game."""
    if is_one(value) and not isinstance(value, (bool, np.bool_)):
        return [value] * n
    # A sequence or an array only: a dict would give its keys and a set its hash order, an iterator is
    # used up by looking at it; none has a game order.
    wrong = TypeError(f"richelieu: {name} must be {one} or a list of {n} (one per game: a list, tuple or array), "
                      f"not {value!r}")
    if isinstance(value, (str, bytes)) or not isinstance(value, (collections.abc.Sequence, np.ndarray)):
        raise wrong
    try:
        values = list(value)  # a 0-d array is not a list
    except TypeError:
        raise wrong from None
    if len(values) != n:
        raise ValueError(f"richelieu: {name} must be {one} or a list of {n} (one per game), "
                         f"not a list of {len(values)}")
    return values


def _seat_bots(num_envs, players, opponent, seat):
    """Row-major seat assignments of every game: a bot spec, or None for an agent's seat."""
    if opponent is None:
        if seat is not None:
            raise ValueError("richelieu: seat has no meaning in self-play (opponent=None): every seat is the agent")
        return [None] * (num_envs * players)
    seat = 0 if seat is None else seat
    seats = _per_game(seat, num_envs, "seat", "a seat number", lambda x: isinstance(x, numbers.Integral))
    per_game = _per_game(opponent, num_envs, "opponent", "a bot spec (or None for self-play)",
                         lambda x: isinstance(x, str))
    rows = []
    for o, s in zip(per_game, seats):
        if not isinstance(o, str):
            try:
                o = [check_spec(x, "opponent") for x in o]
            except TypeError:
                raise TypeError(f"richelieu: each game's opponent must be a bot spec or a list of specs, "
                                f"not {o!r}") from None
        rows.extend(opponent_seats(o, s, players))
    return rows


class RichelieuVectorEnv(VectorEnv):
    """``num_envs`` games of Richelieu stepped together (``richelieu.vector_env``).

    Two kinds: against bots (``opponent`` a bot spec as ``gym_env`` takes it, for every other seat;
    or a list of one entry per game, each a spec or a list of one spec per other seat; the agent
    in ``seat``, a number or a list of one per game), and self-play (``opponent=None``: every seat
    is the agent; each game's observation is that of its seat to move, ``info["seat"]``).

    Observations, actions and rewards are those of ``gym_env``, batched: ``{"observation": (N, D),
    "action_mask": (N, 2454)}``, ``MultiDiscrete``, ``(N,)`` rewards of the seat that acted; in
    self-play ``info["seat_rewards"]`` holds every seat's reward ``(N, P)`` (non-zero when a game
    ends). ``legal_actions()`` returns each game's legal action indices as arrays, so a policy
    need not scan the masks. One ``step`` is one crossing into the JVM, which steps every game
    (spread over ``threads`` Java threads) and writes straight into preallocated numpy arrays;
    with ``copy=False`` the observation arrays returned are those arrays themselves, overwritten
    by the next step (read-only; copy what you keep); ``observation_dtype="uint8"`` stores a quarter of the
    bytes (every value fits).

    Autoreset as Gymnasium 1.x defines it (``autoreset_mode``): ``NextStep`` (default),
    ``SameStep`` (the ended game's last observation in ``info["final_obs"]``, its info in
    ``info["final_info"]``) or ``Disabled`` (``reset(options={"reset_mask": mask})``).

    Seeds: ``reset(seed=s)`` gives game i the master seed s + i (a list gives one per game; None
    in it, or no seed, continues that game's series), and each game then plays games 0, 1, 2, …
    of its master seed: the games of ``gym_env`` (or ``env``) reset with that seed and then
    without, and of ``./richelieu first-player BOT --seed s``. The first reset without a seed
    gives game i the master seed 1 + i (1 is the command line's default). An illegal action
    forfeits its game (``illegal_action="forfeit"``) or fails the whole step before any game
    moves (``"raise"``).
    """

    metadata = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs, opponent=DEFAULT_OPPONENT, seat=None, players=2, variant="base", deck=None,
                 reward="win", illegal_action="forfeit", plugins=(), ask_forced=False, observation_dtype="float32",
                 autoreset_mode=AutoresetMode.NEXT_STEP, threads=1, copy=True, render_mode=None, jar=None):
        self._made_with = dict(num_envs=num_envs, opponent=opponent, seat=seat, players=players, variant=variant,
                               deck=deck, reward=reward, illegal_action=illegal_action, plugins=plugins,
                               ask_forced=ask_forced, observation_dtype=observation_dtype,
                               autoreset_mode=autoreset_mode, threads=threads, copy=copy, render_mode=render_mode)
        num_envs = _check_int("num_envs", num_envs, 1, JAVA_INT_MAX)
        players = check_players(players)
        variant = check_variant(variant)
        deck = check_deck(deck)
        reward = check_reward(reward)
        plugins = check_plugins(plugins)
        ask_forced = check_flag("ask_forced", ask_forced)
        threads = _check_int("threads", threads, 1, 256)
        self.copy = check_flag("copy", copy)
        if illegal_action not in ILLEGAL:
            raise ValueError(f"richelieu: illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"richelieu: render_mode must be None or 'ansi', not {render_mode!r}")
        try:
            dtype = np.dtype(observation_dtype).name
        except TypeError:
            dtype = None
        if dtype not in DTYPES:
            raise ValueError(f"richelieu: observation_dtype must be 'float32' or 'uint8', not {observation_dtype!r}")
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            raise ValueError(f"richelieu: autoreset_mode must be one of {[m.value for m in AutoresetMode]} "
                             f"(gymnasium.vector.AutoresetMode), not {autoreset_mode!r}") from None
        jpype = _jvm.start(jar)
        self._jpype = jpype
        EnvBatch = jpype.JClass("richelieu.env.EnvBatch")
        env = "richelieu.env."
        try:
            options = jpype.JClass(env + "BatchOptions")(
                num_envs, players, variant, deck, plugins, ask_forced, jpype.JClass(env + "Reward").parse(reward),
                jpype.JClass(env + "ObservationVector$Dtype").parse(dtype), EnvBatch.Autoreset.parse(mode.value),
                threads, illegal_action == "raise")
            # before anything per game is built: a batch too large for one buffer or the heap is refused at once
            options.checkAllocatable()
        except jpype.JException as e:
            raise ValueError(f"richelieu: {_message(e)}") from None
        seat_bots = _seat_bots(num_envs, players, opponent, seat)
        try:
            self._java = EnvBatch(options, seat_bots)
        except jpype.JException as e:
            raise ValueError(f"richelieu: {_message(e)}") from None
        self._memory, v = attach(jpype, self._java, inputs=("action", "reset_mask"), batch=True)
        self._v = v
        self.num_envs = num_envs
        self.players = players
        self.self_play = opponent is None
        self.render_mode = render_mode
        self.autoreset_mode = mode
        self.metadata = dict(self.metadata, autoreset_mode=mode)
        self.threads = threads
        high = observation_high(jpype, players)
        self.single_observation_space = observation_space(high, np.dtype(dtype).type)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(actions.COUNT)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False
        self._busy = threading.Lock()

    # ------------------------------------------------------------ the batch

    def _live(self):
        _jvm.check_process()
        if self.closed:
            raise RuntimeError("richelieu: the environment is closed")

    @contextlib.contextmanager
    def _one_caller(self):
        """Refuses a second thread while one is in reset or step: the batch's arrays are shared, and two threads
        at once would step games twice or read half-written rows, and fail far from the cause."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("richelieu: this vector environment is not thread-safe: stepped from two threads at "
                               "once (reset and step it from one thread at a time, or make one per thread)")
        try:
            yield
        finally:
            self._busy.release()

    def reset(self, *, seed=None, options=None):
        """Starts a game in every row (or in the rows of ``options["reset_mask"]``); see the class doc for seeds."""
        self._live()
        with self._one_caller():
            return self._reset(seed, options)

    def _reset(self, seed, options):
        n = self.num_envs
        mask = np.ones(n, dtype=bool)
        if options is not None:
            if not isinstance(options, dict):
                raise TypeError(f"richelieu: options must be a dict or None, not {options!r}")
            if "reset_mask" in options:
                m = np.asarray(options["reset_mask"])
                if m.shape != (n,) or m.dtype != np.bool_:
                    raise ValueError(f"richelieu: options['reset_mask'] must be a bool array of shape ({n},), "
                                     f"not {options['reset_mask']!r}")
                if not m.any():
                    raise ValueError("richelieu: options['reset_mask'] selects no game")
                mask = m
        if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
            check_seed(seed)
            seeds = [check_seed(seed + i, "seed + num_envs - 1") for i in range(n)]
        else:
            seeds = [check_seed(s, f"seed[{i}]") for i, s in
                     enumerate(_per_game(seed, n, "seed", "an int (or None)", lambda x: x is None))]
        if not self._started:
            # the first games of a series: master seed 1 + i where none is given, never one deal for all
            seeds = [DEFAULT_SEED + i if s is None else s for i, s in enumerate(seeds)]
        masters = [0 if s is None else s for s in seeds]
        seeded = [s is not None for s in seeds]
        self._v.reset_mask[:] = mask
        try:
            self._java.reset(masters, seeded)
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None
        if mask.all():
            self._started = True
        if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
            super().reset(seed=np_random_seed(seed))
        infos = {}
        if self.self_play:
            infos["seat"] = self._v.seat.copy()
        return self._observations(), infos

    def step(self, actions_):
        """Steps every game with its action (ignored in a game that ended at the last step under NextStep)."""
        self._live()
        with self._one_caller():
            return self._step(actions_)

    def _step(self, actions_):
        n = self.num_envs
        a = np.asarray(actions_)
        if a.shape != (n,):
            raise ValueError(f"richelieu: actions must have shape ({n},), one action index per game, not {a.shape}")
        if a.dtype.kind not in "iu":
            raise TypeError(f"richelieu: actions must be integer action indices (0 to {actions.COUNT - 1}), "
                            f"not of dtype {a.dtype}")
        np.copyto(self._v.action, a, casting="unsafe")
        outside = (a < 0) | (a >= actions.COUNT)
        sent = None
        if outside.any():
            # never wrapped into a legal index: -1 in the int32 field, and the value itself for the forfeit's text
            self._v.action[outside] = -1
            sent = [str(int(x)) if o else None for x, o in zip(a, outside)]
        try:
            self._java.step(sent)
        except self._jpype.JException as e:
            if e.getClass().getSimpleName() == "IllegalArgumentException":
                raise IllegalActionError(_message(e)) from None
            raise RuntimeError(f"richelieu: {_message(e)}") from None
        v = self._v
        terminated = v.terminated.copy()
        infos = {}
        if terminated.any():
            ended = self._ended_info(terminated)
            if self.autoreset_mode == AutoresetMode.SAME_STEP:
                final = np.full(n, None, dtype=object)
                zero_mask = np.zeros(actions.COUNT, dtype=np.int8)
                for i in np.flatnonzero(terminated):
                    final[i] = {"observation": v.final_observation[i].copy(), "action_mask": zero_mask.copy()}
                infos["final_obs"] = final
                infos["_final_obs"] = terminated.copy()
                infos["final_info"] = ended
                infos["_final_info"] = terminated.copy()
            else:
                infos.update(ended)
        if self.self_play:
            infos["seat"] = v.seat.copy()
            infos["seat_rewards"] = v.seat_rewards.copy()
        return self._observations(), v.reward.astype(np.float64), terminated, v.truncated.copy(), infos

    def _ended_info(self, terminated):
        """What ``gym_env`` puts in a finished game's info, batched as Gymnasium batches infos."""
        v = self._v
        info = {"scores": v.scores.copy(), "_scores": terminated.copy()}  # zero in the rows of games going on
        failed = terminated & v.failure
        if failed.any():
            # gym_env's info["forfeit"]: why a seat forfeited (or a bot's failure at the end of a game)
            text = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(failed):
                text[i] = str(self._java.failureText(int(i)))
            info["forfeit"] = text
            info["_forfeit"] = failed
        return info

    def _observations(self):
        v = self._v
        if self.copy:
            return {"observation": v.observation.copy(), "action_mask": v.action_mask.copy()}
        return {"observation": v.observation, "action_mask": v.action_mask}

    # ------------------------------------------------------------ states you can hold

    def _change(self, f, *args, names=()):
        """Calls ``f`` (it changes games only when it succeeds): a refusal is ValueError naming the argument
        (``java_refusal``), anything else RuntimeError."""
        self._live()
        with self._one_caller():
            try:
                f(*args)
            except self._jpype.JException as e:
                if e.getClass().getSimpleName() == "IllegalArgumentException":
                    raise ValueError(f"richelieu: {java_refusal(e, names)}") from None
                raise RuntimeError(f"richelieu: {_message(e)}") from None

    def reset_game(self, i, seed=None, options=None):
        """Starts a position in game i alone, as ``gym_env``'s ``reset`` does: ``options={"record": LINE, "step":
        K}`` or ``seed=s, options={"actions": [...]}``; its row of the arrays then shows it (``observations()``)."""
        i = self._game(i)
        position = check_position(seed, options)
        if position is None:
            raise ValueError("richelieu: options must hold 'record' and 'step', or 'actions' (a new game in every row "
                             "is reset())")
        if position[0] == "record":
            self._change(self._java.resetRecord, i, *position[1:], names=POSITION_NAMES)
        else:
            _, master, indices = position
            master = int(self._v.master[i]) if master is None else master
            self._change(self._java.resetActions, i, master, indices, names=POSITION_NAMES)

    def determinize(self, i, seat, seed):
        """Draws game i's hidden tokens anew, consistently with what ``seat`` knows, from ``seed`` (in place: clone or
        snapshot first to keep the true state)."""
        i = self._game(i)
        if not isinstance(seat, numbers.Integral) or isinstance(seat, (bool, np.bool_)) or not 0 <= seat < self.players:
            raise ValueError(f"richelieu: seat must be a seat from 0 to {self.players - 1}, not {seat!r}")
        seed = check_seed(seed)
        if seed is None:
            raise TypeError("richelieu: seed must be an int (determinize draws from it; never from the clock)")
        self._change(self._java.determinize, i, int(seat), seed)

    def save_state(self, i):
        """Game i's state as bytes (those of ``gym_env`` / ``env``: a game of one restores into the other when
        the seats are alike)."""
        i = self._game(i)
        try:
            return bytes(memoryview(self._java.saveState(i)))
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def restore_state(self, i, blob):
        """Restores game i from bytes ``save_state`` returned; its row of the arrays then shows that state (read
        it with ``observations()``). A bad blob raises ValueError naming it; the game is then unchanged."""
        i = self._game(i)
        self._change(self._java.restoreState, i, check_blob(blob))

    def save_states(self):
        """Every game's state as bytes (a list, one per game), in one call into the engine."""
        self._live()
        try:
            return [bytes(memoryview(b)) for b in self._java.saveStates()]
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def restore_states(self, blobs):
        """Restores every game from ``save_states``' list, in one call; every blob is checked before any game
        changes (ValueError naming ``blobs[i]``)."""
        if isinstance(blobs, (bytes, bytearray)) or not hasattr(blobs, "__len__"):
            raise TypeError(f"richelieu: blobs must be a list of {self.num_envs} saved states, not {type(blobs).__name__}")
        if len(blobs) != self.num_envs:
            raise ValueError(f"richelieu: blobs must hold {self.num_envs} saved states, one per game, not {len(blobs)}")
        blobs = [check_blob(b) for b in blobs]
        self._change(self._java.restoreStates, blobs)

    def snapshot(self, into=None):
        """Every game's state held in the engine (the fast form of ``save_states``, for search): restore it with
        ``restore(snapshot)``. ``into``: a snapshot of this environment to overwrite (no allocation)."""
        self._live()
        try:
            if into is None:
                return self._java.snapshot()
            self._java.snapshotInto(into)
            return into
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def restore(self, snapshot):
        """Restores every game from ``snapshot()``'s result, in one call into the engine."""
        if type(snapshot).__name__ != "richelieu.env.EnvBatch.Snapshot":
            raise TypeError(f"richelieu: snapshot must be what snapshot() returned, not {type(snapshot).__name__}")
        self._change(self._java.restore, snapshot)

    def clone(self):
        """An independent vector environment in the same state (the same arguments, every game restored)."""
        c = type(self)(**self._made_with)
        c.restore_states(self.save_states())
        c._started = True
        return c

    def observations(self):
        """The current observations (as ``step`` returns them), e.g. after ``restore_state``."""
        self._live()
        return self._observations()

    # ------------------------------------------------------------ views for fast agents and for people

    def legal_actions(self):
        """(indices, counts): each game's legal action indices, ``indices[i, :counts[i]]``, in ascending
        packed order (count 0 for a game that has just ended). Views, overwritten by the next step.

        A uniformly random policy without scanning masks::

            legal, count = env.legal_actions()
            a = legal[np.arange(N), (rng.random(N) * count).astype(int)]
        """
        self._live()
        return self._v.legal, self._v.legal_count

    @property
    def seats(self):
        """Each game's seat whose observation is in the batch (its agent to move)."""
        self._live()
        return self._v.seat.copy()

    @property
    def seeds(self):
        """(master seed, game number) of each game: game k of ``./richelieu first-player BOT --seed master``."""
        self._live()
        return self._v.master.copy(), self._v.game.copy()

    def _game(self, i):
        """Game number ``i`` as an int, checked (the environment open, 0 <= i < num_envs)."""
        self._live()
        if not isinstance(i, numbers.Integral) or isinstance(i, (bool, np.bool_)):
            raise TypeError(f"richelieu: game must be an int, not {i!r}")
        if not 0 <= i < self.num_envs:
            raise IndexError(f"richelieu: game must be from 0 to {self.num_envs - 1}, not {i}")
        return int(i)

    def labels(self, i):
        """The player of each seat of game i: "agent" or the bot's spec."""
        i = self._game(i)
        return [str(s) for s in self._java.labels(i)]

    def record(self, i):
        """Game i's last finished game as a richelieu-record/1 JSON line (while it is over)."""
        i = self._game(i)
        try:
            return str(self._java.recordJson(i, "python"))
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def engine_actions(self, i):
        """Every engine action of game i so far (packed, forced and private ones included)."""
        i = self._game(i)
        return [int(a) for a in self._java.actions(i)]

    def render(self):
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        self._live()
        viewer = [-1] * self.num_envs if self.self_play else [int(s) for s in self._v.seat]
        return tuple(str(self._java.render(i, viewer[i], False)) for i in range(self.num_envs))

    def close_extras(self, **kwargs):
        java, self._java = getattr(self, "_java", None), None
        if java is not None and not _jvm.forked():
            java.close()

    def __repr__(self):
        kind = "self-play" if self.self_play else "against bots"
        return f"RichelieuVectorEnv(num_envs={self.num_envs}, players={self.players}, {kind})"

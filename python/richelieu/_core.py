"""The Java half of the environments (``richelieu.env.EnvCore`` and ``EnvBatch``), the memory both
sides share, and the checks of every argument.

Python owns the memory (one numpy byte array); JPype hands the JVM a direct ``ByteBuffer`` over
it, so what Java writes (observations, masks, legal actions, rewards, flags) is read here through
numpy views without a copy. Java lays the fields out (``Fields``: names, dtypes, offsets); this
module only makes the views, so the layout is written down once.
"""

import numbers
import os
from types import SimpleNamespace

import numpy as np

from . import _jvm, actions

DEFAULT_SEED = 1  # the runner's default master seed (never the clock)
# The observation bounds per player count, kept from the JVM: an environment made in a child forked
# after the JVM started (gymnasium's AsyncVectorEnv with 'fork' makes one in the parent first) still
# has its spaces, and says at its first reset or step that it cannot run there (ForkError), which
# the vector environment then reports in the parent, instead of dying in its constructor.
_HIGH = {}
REWARDS = ("win", "margin")
VARIANTS = ("base", "three-row")
SEED_RANGE = (-2 ** 63, 2 ** 63)
PLACES_RANGE = np.arange(8)  # the token places (R6)
RENDER_MODES = (None, "ansi", "rgb_array")


class IllegalActionError(ValueError):
    """An action that is not legal at this decision point (the message names the rule and the legal ones)."""


def _message(e):
    m = e.getMessage() if hasattr(e, "getMessage") else None
    return str(m) if m is not None else str(e)


# ---------------------------------------------------------------- arguments: one clear exception each

def _is_int(x):
    return isinstance(x, numbers.Integral) and not isinstance(x, (bool, np.bool_))


def check_players(players):
    if not _is_int(players):
        raise TypeError(f"richelieu: players must be the int 2, 3 or 4, not {players!r}")
    if players not in (2, 3, 4):
        raise ValueError(f"richelieu: players must be 2, 3 or 4, not {players!r}")
    return int(players)


def check_variant(variant):
    if variant not in VARIANTS:
        raise ValueError(f"richelieu: variant must be 'base' or 'three-row' (R17), not {variant!r}")
    return variant


def check_reward(reward):
    if reward not in REWARDS:
        raise ValueError(f"richelieu: reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def check_deck(deck):
    if deck is not None and not isinstance(deck, (str, os.PathLike)):
        raise TypeError(f"richelieu: deck must be a path to a deck file or None, not {deck!r}")
    return None if deck is None else os.fspath(deck)


def check_plugins(plugins):
    if isinstance(plugins, (str, bytes, os.PathLike)):
        raise TypeError(f"richelieu: plugins must be a list of plug-in jars or folders, not the single path "
                        f"{plugins!r} (write plugins=[{os.fspath(plugins)!r}])")
    try:
        items = list(plugins)
    except TypeError:
        raise TypeError(f"richelieu: plugins must be a list of plug-in jars or folders, not {plugins!r}") from None
    for p in items:
        if not isinstance(p, (str, os.PathLike)):
            raise TypeError(f"richelieu: plugins must hold paths, not {p!r}")
    return [os.fspath(p) for p in items]


def check_flag(name, value):
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"richelieu: {name} must be True or False, not {value!r}")
    return bool(value)


def check_seed(seed, name="seed"):
    """An int seed as the command line takes it (any 64-bit value), or None."""
    if seed is None:
        return None
    if not _is_int(seed):
        raise TypeError(f"richelieu: {name} must be an int (or None), not {seed!r}")
    if not SEED_RANGE[0] <= seed < SEED_RANGE[1]:
        raise ValueError(f"richelieu: {name} must fit in 64 bits (as ./richelieu --seed), not {seed}")
    return int(seed)


def np_random_seed(seed):
    """The seed for Gymnasium's ``np_random`` of an engine seed: Gymnasium takes only seeds >= 0, the engine
    any 64-bit one, so a negative seed is taken modulo 2**64 (its unsigned bits); the engine still gets the
    seed itself, and a seed >= 0 is unchanged."""
    return None if seed is None else int(seed) % 2 ** 64


def check_spec(spec, name):
    if not isinstance(spec, str):
        raise TypeError(f"richelieu: {name} must be a bot spec such as 'random', 'greedy' or 'heuristic' "
                        f"(see ./richelieu bots), not {spec!r}")
    return spec


def check_action(action):
    """An action index as an int; IllegalActionError for one outside the action space."""
    if not _is_int(action):
        raise TypeError(f"richelieu: action must be an int index into the action space (0 to {actions.COUNT - 1}), "
                        f"not {action!r}")
    if not 0 <= action < actions.COUNT:
        raise IllegalActionError(f"action {action} is not in the action space (0 to {actions.COUNT - 1})")
    return int(action)


POSITION_NAMES = (("step", "options['step']"), ("record", "options['record']"), ("actions", "options['actions']"))


def check_position(seed, options):
    """The position ``reset(seed, options)`` asks for: None (a new game), ("record", line, step) for
    {"record": LINE, "step": K}, or ("actions", seed or None, indices) for {"actions": [...]}."""
    if options is not None and not isinstance(options, dict):
        raise TypeError(f"richelieu: options must be a dict or None, not {options!r}")
    if not options or not {"record", "step", "actions"} & set(options):
        return None  # other keys are other wrappers' (PettingZoo's and Gymnasium's checks send some)
    if "record" in options or "step" in options:
        if "actions" in options:
            raise ValueError("richelieu: options holds 'record' or 'actions', not both")
        line = options.get("record")
        if not isinstance(line, str):
            raise TypeError(f"richelieu: options['record'] must be a richelieu-record/1 line (str), not {line!r}")
        step = options.get("step")
        if not _is_int(step):
            raise TypeError(f"richelieu: options['step'] must be an int (the position after that many actions, "
                            f"as ./richelieu view numbers them), not {step!r}")
        if seed is not None:
            raise ValueError("richelieu: seed is not taken with options['record'] (the record holds the deal)")
        if not -2 ** 31 <= step < 2 ** 31:
            raise ValueError(f"richelieu: options['step'] must be from 0 to the record's length, not {step}")
        return "record", line.strip(), int(step)
    indices = options["actions"]
    try:
        indices = [check_action(a) for a in indices]
    except TypeError:
        raise TypeError(f"richelieu: options['actions'] must be a list of action indices, not {indices!r}") from None
    except IllegalActionError as e:
        raise ValueError(f"richelieu: options['actions']: {e}") from None
    return "actions", check_seed(seed), indices


def java_refusal(e, names=()):
    """The text of a Java refusal with its first word replaced by the Python argument's name (``names``: (Java's
    word, Python's name) pairs)."""
    m = _message(e)
    for java_word, python_name in names:
        if m.startswith(java_word):
            return python_name + m[len(java_word):]
    return m


def check_blob(blob):
    """A saved state as bytes (bytes, bytearray or memoryview)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        raise TypeError(f"richelieu: blob must be the bytes save_state() returned, not {type(blob).__name__}")
    return bytes(blob)


# ---------------------------------------------------------------- memory shared with Java

def observation_high(jpype, players):
    """The largest value of each entry of a P-player observation vector (the engine's ObservationVector)."""
    if players not in _HIGH:
        _HIGH[players] = np.array(jpype.JClass("richelieu.env.ObservationVector").high(players), dtype=np.float32)
    return _HIGH[players]


def attach(jpype, java, inputs=(), batch=False):
    """Allocates the memory ``java`` lays out (``fields()``), hands it to ``java.attach`` and returns numpy
    views of each field by name: shape (rows, width), (rows,) for width 1, (width,) for a single row
    unless ``batch`` (a vector environment of one game still has a batch axis).
    Only the fields named in ``inputs`` are writeable: Java keeps what it wrote (e.g. which mask bytes
    are set), so the views it writes are read-only."""
    fields = java.fields()
    rows = int(fields.rows())
    memory = np.zeros(int(fields.bytes()) + 64, dtype=np.uint8)
    start = (-memory.ctypes.data) % 64  # 64-byte aligned, as the offsets are
    memory = memory[start:start + int(fields.bytes())]
    java.attach(jpype.nio.convertToDirectBuffer(memory))
    views = {}
    for name, dtype, offset, width in zip(fields.names(), fields.dtypes(), fields.offsets(), fields.widths()):
        dt = np.dtype(str(dtype))
        offset, width = int(offset), int(width)
        a = memory[offset:offset + rows * width * dt.itemsize].view(dt)
        if width > 1 and (rows > 1 or batch):
            a = a.reshape(rows, width)
        a.flags.writeable = str(name) in inputs
        views[str(name)] = a
    return memory, SimpleNamespace(**views)


class Core:
    """One game of the engine with its shared memory. ``seat_bots[s]`` is a bot spec, or None for an agent."""

    def __init__(self, players, variant, deck, seat_bots, plugins=(), ask_forced=False, reward="win", jar=None):
        players = check_players(players)
        variant = check_variant(variant)
        deck = check_deck(deck)
        plugins = check_plugins(plugins)
        ask_forced = check_flag("ask_forced", ask_forced)
        reward = check_reward(reward)
        self.players = players
        self.closed = False
        if _jvm.forked() and players in _HIGH:
            self._java = None
            self.high = _HIGH[players]
            self.observation_size = len(self.high)
            self.labels = ["agent" if b is None else b for b in seat_bots]
            return
        jpype = _jvm.start(jar)
        self._jpype = jpype
        EnvCore = jpype.JClass("richelieu.env.EnvCore")
        try:
            self._java = EnvCore(players, variant, deck, seat_bots, plugins, ask_forced, reward)
        except jpype.JException as e:
            raise ValueError(f"richelieu: {_message(e)}") from None
        self._memory, self.v = attach(jpype, self._java)
        self.high = observation_high(jpype, players)
        self.observation_size = len(self.high)
        self.scores = self.v.scores
        self.seat_rewards = self.v.seat_rewards
        self.observation = self.v.observation
        self.action_mask = self.v.action_mask
        self.labels = [str(s) for s in self._java.labels()]
        self._step = self._java.step
        self._observe = self._java.observe

    def _live(self):
        _jvm.check_process()
        if self.closed:
            raise RuntimeError("richelieu: the environment is closed")

    def _call(self, f, *args):
        try:
            return int(f(*args))
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    @property
    def mover(self):
        return int(self.v.mover[0])

    @property
    def winners(self):
        return int(self.v.winners[0])

    @property
    def forfeit_seat(self):
        return int(self.v.forfeit[0])

    def step(self, index):
        self._live()
        try:
            return int(self._step(index))
        except self._jpype.JException as e:
            if e.getClass().getSimpleName() == "IllegalArgumentException":
                raise IllegalActionError(_message(e)) from None
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def forfeit(self, why):
        self._live()
        return self._call(self._java.forfeitAgent, why)

    def observe(self, seat):
        """Makes the memory hold ``seat``'s observation and mask."""
        if self.v.seat[0] != seat:
            self._live()
            self._observe(seat)

    def legal(self):
        """The mover's legal action indices (a fresh array; empty once the game is over)."""
        self._live()
        return self.v.legal[:self.v.legal_count[0]].copy()

    def render(self, viewer, colour=False):
        self._live()
        return str(self._java.render(viewer, colour))

    def picture(self, viewer):
        """The board as ``viewer`` may know it (-1: everything) as an RGB image (``richelieu.picture``)."""
        from . import picture
        self._live()
        return picture.draw(np.asarray(self._java.board(viewer)), self.players)

    def state(self):
        """The whole state as one float32 vector: every seat's observation vector (seat 0 first), then per
        token place a one-hot of the token on it (14 token ids, then "none": its card is taken)."""
        self._live()
        parts = [self.observation_of(s)["observation"] for s in range(self.players)]
        places = np.zeros((len(PLACES_RANGE), 15), dtype=np.float32)
        tokens = np.asarray(self._java.placeTokens())
        places[PLACES_RANGE, np.where(tokens < 0, 14, tokens)] = 1
        return np.concatenate(parts + [places.ravel()])

    def record(self, agent_label):
        self._live()
        try:
            return str(self._java.recordJson(agent_label))
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def start(self, seed):
        """Starts the next game: game 0 of master seed ``seed`` when one is given, else the next game of the
        last master seed (of the default master seed 1 at first). Returns the seat to move or -1."""
        self._live()
        seed = check_seed(seed)
        if seed is not None:
            return self._call(self._java.reset, seed, 0)
        return self._call(self._java.resetNext)

    # ------------------------------------------------------------ states you can hold

    def _java_change(self, f, *args, names=()):
        """Calls ``f``, which changes the game only when it succeeds; a refusal becomes ValueError whose text
        names the Python argument (``names``: (Java's word, Python's name) pairs), anything else RuntimeError."""
        self._live()
        try:
            return int(f(*args))
        except self._jpype.JException as e:
            if e.getClass().getSimpleName() == "IllegalArgumentException":
                raise ValueError(f"richelieu: {java_refusal(e, names)}") from None
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def save_state(self):
        """The game's state as bytes (versioned and checksummed): ``restore_state`` makes it again exactly."""
        self._live()
        try:
            return bytes(memoryview(self._java.saveState()))
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def restore_state(self, blob):
        blob = check_blob(blob)
        return self._java_change(self._java.restoreState, blob)

    def determinize(self, seat, seed):
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise ValueError(f"richelieu: seat must be a seat from 0 to {self.players - 1}, not {seat!r}")
        seed = check_seed(seed)
        if seed is None:
            raise TypeError("richelieu: seed must be an int (determinize draws from it; never from the clock)")
        return self._java_change(self._java.determinize, int(seat), seed)

    def start_at(self, seed, options):
        """``reset``: game 0 of ``seed`` (or the next game), or the position of ``options`` (``check_position``).
        Returns the seat to move or -1."""
        position = check_position(seed, options)
        if position is None:
            return self.start(seed)
        if position[0] == "record":
            return self._java_change(self._java.resetRecord, *position[1:], names=POSITION_NAMES)
        _, master, indices = position
        return self._java_change(self._java.resetActions, self.master if master is None else master, indices,
                                 names=POSITION_NAMES)

    @property
    def master(self):
        self._live()
        return int(self._java.master())

    @property
    def game(self):
        self._live()
        return int(self._java.gameNumber())

    def observation_of(self, seat):
        """{"observation", "action_mask"} of a seat, as copies (the memory changes with the next step)."""
        self.observe(seat)
        return {"observation": self.observation.copy(), "action_mask": self.action_mask.copy()}

    def final_info(self):
        """The info of a finished game: the scores, and why a seat forfeited if one did."""
        info = {"scores": self.scores.copy()}
        forfeit = self.forfeit_text()
        if forfeit:
            info["forfeit"] = forfeit
        return info

    def forfeit_text(self):
        r = self._java.result()
        return None if r is None or r.failure() is None else str(r.failure())

    def actions(self):
        self._live()
        return [int(a) for a in self._java.actions()]

    def close(self):
        if self.closed:
            return
        self.closed = True
        java, self._java = getattr(self, "_java", None), None
        if java is not None and not _jvm.forked():
            java.close()


class CoreEnv:
    """What both single environments do the same way with their ``_core``."""

    @property
    def seed_and_game(self):
        """(master seed, game number) of the current game: game k of ``./richelieu first-player --seed master``."""
        return self._core.master, self._core.game

    def save_state(self):
        """The game's state as bytes (versioned, checksummed): ``restore_state`` here, or in an environment made
        with the same arguments, makes it again exactly, and the game plays on to the same moves (bots included)."""
        return self._core.save_state()

    def restore_state(self, blob):
        """Restores a state ``save_state`` returned. A truncated or changed blob, or one of another variant,
        player count, deck or seating, raises ValueError naming ``blob``, and the environment is unchanged."""
        self._begin(self._core.restore_state(blob))

    def clone(self):
        """An independent environment in the same state (the same arguments, the game restored into it)."""
        c = type(self)(**self._made_with)
        c.restore_state(self.save_state())
        return c

    def _determinized(self, seat, seed):
        c = self.clone()
        c._begin(c._core.determinize(seat, seed))
        return c

    def record(self):
        """The finished game as a richelieu-record/1 JSON line (``./richelieu replay`` / ``view`` read it)."""
        return self._core.record("python")

    def _render(self, viewer):
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() needs render_mode='ansi' or 'rgb_array'")
            return None
        if self.render_mode == "rgb_array":
            return self._core.picture(viewer)
        return self._core.render(viewer)

    def close(self):
        self._core.close()

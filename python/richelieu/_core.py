"""The Java half of the environments (``richelieu.env.EnvCore``) and the memory both share.

Python owns one numpy byte array; JPype hands the JVM a direct ``ByteBuffer`` over the same
memory, so what ``EnvCore`` writes (header, scores, observation, action mask) is read here through
numpy views without a copy, and each step is one call into the JVM.
"""

import numpy as np

from . import _jvm, actions

# header fields (EnvCore.H_*)
H_MOVER, H_OBSERVED, H_LEGAL, H_PLAYED, H_WINNERS, H_FORFEIT, H_TURN = range(7)
HEADER_INTS = 8
SCORES_AT = HEADER_INTS * 4
LEGAL_AT = SCORES_AT + 16
MAX_LEGAL = 160
OBSERVATION_AT = LEGAL_AT + 4 * MAX_LEGAL

DEFAULT_SEED = 1  # the runner's default master seed (never the clock)


class IllegalActionError(ValueError):
    """An action that is not legal at this decision point (the message names the rule and the legal ones)."""


def _message(e):
    m = e.getMessage() if hasattr(e, "getMessage") else None
    return str(m) if m is not None else str(e)


class Core:
    """One game of the engine with its shared buffer. ``seat_bots[s]`` is a bot spec, or None for an agent."""

    def __init__(self, players, variant, deck, seat_bots, plugins=(), ask_forced=False, jar=None):
        jpype = _jvm.start(jar)
        EnvCore = jpype.JClass("richelieu.env.EnvCore")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        size = int(EnvCore.bufferBytes(players)) if 2 <= players <= 4 else 0
        self._memory = np.zeros(max(size, 1), dtype=np.uint8)
        direct = jpype.nio.convertToDirectBuffer(self._memory)
        try:
            self._java = EnvCore(players, str(variant), None if deck is None else str(deck),
                                 [None if b is None else str(b) for b in seat_bots],
                                 [str(p) for p in plugins], bool(ask_forced), direct)
        except jpype.JException as e:
            raise ValueError(f"richelieu: {_message(e)}") from None
        self._jpype = jpype
        self.players = players
        n = int(self._java.observationSize())
        self.observation_size = n
        m = self._memory
        self.header = m[:SCORES_AT].view(np.int32)
        self.scores = m[SCORES_AT:LEGAL_AT].view(np.int32)[:players]
        self.legal_buffer = m[LEGAL_AT:OBSERVATION_AT].view(np.int32)
        self.observation = m[OBSERVATION_AT:OBSERVATION_AT + 4 * n].view(np.float32)
        self.mask = m[OBSERVATION_AT + 4 * n:OBSERVATION_AT + 4 * n + actions.COUNT].view(np.int8)
        self.high = np.array(self._java.observationHigh(), dtype=np.float32)
        self.labels = [str(s) for s in self._java.labels()]
        self._step = self._java.step
        self._observe = self._java.observe

    def reset(self, master, game):
        try:
            return int(self._java.reset(master, game))
        except self._jpype.JException as e:
            raise RuntimeError(f"richelieu: {_message(e)}") from None

    def step(self, index):
        try:
            return self._step(index)
        except self._jpype.JException as e:
            name = e.getClass().getSimpleName()
            if name == "IllegalArgumentException":
                raise IllegalActionError(_message(e)) from None
            if name == "IllegalStateException":
                raise RuntimeError(f"richelieu: {_message(e)}") from None
            raise

    def forfeit(self, why):
        return int(self._java.forfeitAgent(why))

    def observe(self, seat):
        """Makes the buffer hold ``seat``'s observation and mask."""
        if self.header[H_OBSERVED] != seat:
            self._observe(seat)

    def legal(self):
        """The mover's legal action indices (a fresh array; empty once the game is over)."""
        return self.legal_buffer[:self.header[H_LEGAL]].copy()

    def render(self, viewer, colour=False):
        return str(self._java.render(viewer, colour))

    def record(self, agent_label):
        return str(self._java.recordJson(agent_label))

    def start(self, seed):
        """Starts the next game: deal 0 of ``seed`` when one is given, else the next deal of the
        last master seed (of the default master seed 1 at first). Returns the seat to move or -1."""
        if seed is not None:
            self.master, self.game = int(seed), 0
        elif getattr(self, "master", None) is None:
            self.master, self.game = DEFAULT_SEED, 0
        else:
            self.game += 1
        return self.reset(self.master, self.game)

    def observation_of(self, seat):
        """{"observation", "action_mask"} of a seat, as copies (the buffer changes with the next step)."""
        self.observe(seat)
        return {"observation": self.observation.copy(), "action_mask": self.mask.copy()}

    def final_info(self):
        """The info of a finished game: the scores, and why a seat forfeited if one did."""
        info = {"scores": [int(x) for x in self.scores]}
        forfeit = self.forfeit_text()
        if forfeit:
            info["forfeit"] = forfeit
        return info

    def forfeit_text(self):
        r = self._java.result()
        return None if r is None or r.failure() is None else str(r.failure())

    def actions(self):
        return [int(a) for a in self._java.actions()]

    def close(self):
        java, self._java = getattr(self, "_java", None), None
        if java is not None:
            java.close()


class CoreEnv:
    """What both environments do the same way with their ``_core``."""

    @property
    def seed_and_game(self):
        """(master seed, deal number) of the current game."""
        return self._core.master, self._core.game

    def record(self):
        """The finished game as a richelieu-record/1 JSON line (``./richelieu replay`` / ``view`` read it)."""
        return self._core.record("python")

    def _render(self, viewer):
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return self._core.render(viewer)

    def close(self):
        self._core.close()

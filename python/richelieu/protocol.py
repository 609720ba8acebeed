"""The environments' observation vector and action mask from ``richelieu-bot/1`` messages.

An agent trained on ``richelieu.env`` or ``richelieu.gym_env`` plays in ``./richelieu match`` and
``tournament`` as an ``exec:`` bot (docs/protocol.md). Its process reads JSON messages, not
the environment's vectors; this encoder turns each ``act`` message into exactly the vector and
mask the environment gives at that decision (the test suite compares them position by
position), so the same policy plays in both places. Pure Python and numpy: the bot needs no JVM.

    enc = Encoder()
    obs, mask = enc.act(act_msg, start=start_msg)   # at every "act", with its game's "start"
    answer = {"action": enc.packed(index)}   # the chosen index, as the protocol's action number
"""

import numpy as np

from . import actions
from .observation import (PHASES, PLANE_DOUBLE, PLANE_END, PLANE_FIRST, PLANE_REGION, PLANE_SYMBOL, PLANE_TABLE,
                          PLANE_TOKEN, POSITIONS, REGIONS, SEAT_FIELDS, SYMBOLS, Layout)

_TOKEN_IDS = {name: i for i, name in enumerate(REGIONS + SYMBOLS)}
_RETURN = len(REGIONS) + len(SYMBOLS)


class Encoder:
    """Observation vectors of one seat from the protocol's ``start`` and ``act`` messages."""

    def __init__(self):
        self.players = None
        self.seat = None
        self._started = None

    def start(self, msg):
        """A new game: the seat, the deck and the layout (the card planes, written once)."""
        self._started = msg
        self.players = int(msg["players"])
        self.seat = int(msg["seat"])
        self.layout = Layout(self.players)
        cards = msg["deck"]["cards"]
        self.position = np.empty(len(cards), dtype=np.int64)  # card index -> table position
        for r, row in enumerate(msg["layout"]["rows"]):
            for c, card in enumerate(row):
                self.position[card] = r * 12 + c
        self.region = np.empty(len(cards), dtype=np.int64)
        self.shields = np.empty(len(cards), dtype=np.float32)
        self.symbol = np.full(len(cards), -1, dtype=np.int64)
        static = np.zeros(self.layout.size, dtype=np.float32)
        for i, card in enumerate(cards):
            p = self.position[i]
            self.region[i] = REGIONS.index(card["region"])
            self.shields[i] = card["shields"]
            static[(PLANE_REGION + self.region[i]) * POSITIONS + p] = 1
            if card["shields"] == 2:
                static[PLANE_DOUBLE * POSITIONS + p] = 1
            if card.get("symbol") is not None:
                self.symbol[i] = SYMBOLS.index(card["symbol"])
                static[(PLANE_SYMBOL + self.symbol[i]) * POSITIONS + p] = 1
        self._static = static

    def _plane(self, v, plane, cards):
        if len(cards):
            v[plane * POSITIONS + self.position[np.asarray(cards, dtype=np.int64)]] = 1

    def act(self, msg, start=None):
        """(observation vector, action mask) of an ``act`` message, as the environment gives them.
        ``start``: the start message of its game, taken in (``start``) when it is not the last one."""
        if start is not None and start is not self._started:
            self.start(start)
        if self.players is None:
            raise ValueError("an act message before the start message")
        L = self.layout
        P = self.players
        v = self._static.copy()
        table = [c for row in msg["table"] for c in row]
        self._plane(v, PLANE_TABLE, table)
        self._plane(v, PLANE_END, [c for row in msg["table"] if row for c in {row[0], row[-1]}])
        self._plane(v, PLANE_TOKEN, msg["tokenCards"])
        if msg.get("firstTaken") is not None:
            self._plane(v, PLANE_FIRST, [msg["firstTaken"]])
        width = len(SEAT_FIELDS)
        for k in range(P):
            seat = (self.seat + k) % P
            pl = msg["players"][seat]
            hand = np.asarray(pl["cards"], dtype=np.int64)
            self._plane(v, L.marker_plane(k), pl["markers"])
            self._plane(v, L.taken_plane(k), hand)
            at = L.seats_at + k * width
            v[at] = 1 if msg["toMove"] == seat else 0
            v[at + 1] = len(hand)
            v[at + 2] = pl["reserve"]
            v[at + 3] = len(pl["markers"])
            v[at + 4] = pl["boxed"]
            v[at + 5] = pl["tokens"]
            v[at + 6] = pl["usedReturns"]
            v[at + 7] = min(pl["nonReturnAtLeast"], pl["tokens"])
            if len(hand):
                v[at + 8:at + 8 + len(REGIONS)] = np.bincount(self.region[hand], weights=self.shields[hand],
                                                              minlength=len(REGIONS))
                sym = self.symbol[hand]
                v[at + 8 + len(REGIONS):at + width] = np.bincount(sym[sym >= 0], minlength=len(SYMBOLS))
        for name in msg["ownTokens"]:
            if name == "return":
                v[L.own_tokens_at + _RETURN] += 1
            else:
                v[L.own_tokens_at + _TOKEN_IDS[name]] = 1
        v[L.seat_number_at + self.seat] = 1
        v[L.phase_at + PHASES.index(msg["phase"])] = 1
        t = L.turn_at
        v[t] = msg["takenThisTurn"]
        v[t + 1] = msg["freedThisTurn"]
        v[t + 2] = msg["returnsThisTurn"]
        v[t + 3] = msg["turn"]
        mask = np.zeros(actions.COUNT, dtype=np.int8)
        for entry in msg["legal"]:
            mask[actions.index_of(entry["action"])] = 1
        return v, mask

    @staticmethod
    def packed(index):
        """The protocol's action number of an action index."""
        return actions.packed_of(index)

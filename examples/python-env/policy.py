"""A linear softmax policy over the legal actions, on a few features of each action computed
from the environment's observation vector (richelieu.observation). Used by train.py (learning
with REINFORCE) and bot.py (playing in ./richelieu match); numpy only."""

import numpy as np

from richelieu import actions
from richelieu.observation import (PLANE_DOUBLE, PLANE_END, PLANE_REGION, PLANE_SYMBOL, PLANE_TOKEN, POSITIONS,
                                   REGIONS, SEAT_FIELDS, SYMBOLS, Layout)

KINDS = ("take", "place", "move", "skip", "stop", "use-return", "end-returns", "pay-reserve", "pay-marker", "pass")
CARD = ("shields", "symbol", "token", "my_marker", "their_marker", "my_region_gain", "my_first_of_region",
        "my_symbol_gain", "their_region_gain", "end_of_row")
FEATURES = KINDS + tuple("take_" + c for c in CARD) + tuple("marker_" + c for c in CARD)
_KIND_OF_SINGLE = {actions.SKIP: 3, actions.STOP: 4, actions.USE_RETURN: 5, actions.END_RETURNS: 6,
                   actions.PAY_RESERVE: 7, actions.PASS: 9}
_R, _S = len(REGIONS), len(SYMBOLS)


def majority_gain(mine, theirs, add):
    """How much adding `add` to `mine` improves the strict majority against `theirs` (0, 1 or 2)."""
    return np.sign(mine + add - theirs) - np.sign(mine - theirs)


def action_features(obs, legal, players):
    """Feature rows (len(legal) × len(FEATURES)) of the legal action indices."""
    L = Layout(players)
    planes = obs[:L.seats_at].reshape(L.planes, POSITIONS)
    region = planes[PLANE_REGION:PLANE_REGION + _R].argmax(0)
    shields = 1 + planes[PLANE_DOUBLE]
    symbol_planes = planes[PLANE_SYMBOL:PLANE_SYMBOL + _S]
    has_symbol = symbol_planes.sum(0)
    symbol = symbol_planes.argmax(0)
    mine_marker = planes[L.marker_plane(0)]
    their_marker = planes[[L.marker_plane(k) for k in range(1, players)]].max(0)
    seats = obs[L.seats_at:L.own_tokens_at].reshape(players, len(SEAT_FIELDS))
    my_shields, their_shields = seats[0, 8:8 + _R], seats[1:, 8:8 + _R].max(0)
    my_symbols, their_symbols = seats[0, 8 + _R:], seats[1:, 8 + _R:].max(0)

    def card_rows(p):
        r = region[p]
        s = shields[p]
        return np.stack([
            s, has_symbol[p], planes[PLANE_TOKEN][p], mine_marker[p], their_marker[p],
            majority_gain(my_shields[r], their_shields[r], s), (my_shields[r] == 0).astype(np.float32),
            has_symbol[p] * majority_gain(my_symbols[symbol[p]], their_symbols[symbol[p]], 1),
            majority_gain(their_shields[r], my_shields[r], s), planes[PLANE_END][p],
        ], axis=1)

    legal = np.asarray(legal)
    x = np.zeros((len(legal), len(FEATURES)), dtype=np.float32)
    nk, nc = len(KINDS), len(CARD)
    take = (legal >= actions.TAKE) & (legal < actions.PAY_MARKER)
    pay_marker = (legal >= actions.PAY_MARKER) & (legal < actions.PLACE)
    place = (legal >= actions.PLACE) & (legal < actions.MOVE)
    move = legal >= actions.MOVE
    x[take, 0] = 1
    x[place, 1] = 1
    x[move, 2] = 1
    x[pay_marker, 8] = 1
    for i, a in enumerate(legal):
        if a < actions.TAKE:
            x[i, _KIND_OF_SINGLE[int(a)]] = 1
    if take.any():
        x[take, nk:nk + nc] = card_rows(legal[take] - actions.TAKE)
    # places come before moves in the legal list (ascending packed order), as here
    targets = np.concatenate([legal[place] - actions.PLACE, (legal[move] - actions.MOVE) % POSITIONS])
    if len(targets):
        x[place | move, nk + nc:] = card_rows(targets)
    return x


class Policy:
    def __init__(self, weights=None):
        self.w = np.zeros(len(FEATURES), dtype=np.float64) if weights is None else np.asarray(weights, dtype=np.float64)

    def probabilities(self, x):
        z = x @ self.w
        z = np.exp(z - z.max())
        return z / z.sum()

    def best(self, x):
        return int(np.argmax(x @ self.w))

    def save(self, path):
        np.savez(path, weights=self.w, features=np.array(FEATURES))

    @classmethod
    def load(cls, path):
        data = np.load(path)
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"{path} was trained with other features")
        return cls(data["weights"])

"""PettingZoo state() and render_mode="rgb_array": the whole state as an array, and the board as an image
drawn from the engine's numbers."""

import numpy as np
import pytest

import richelieu
from richelieu import picture


def played(players=2, render_seat=None, moves=40, seed=5):
    env = richelieu.raw_env(players=players, render_mode="rgb_array", render_seat=render_seat)
    env.reset(seed=seed)
    rng = np.random.default_rng(0)
    for _ in range(moves):
        legal = env.legal_actions()
        env.step(int(legal[rng.integers(len(legal))]))
    return env


def card_centre(p):
    r, c = divmod(p, picture.COLS)
    y = picture.MARGIN + picture.GAP + r * (picture.CARD_H + picture.GAP)
    x = picture.MARGIN + 20 + picture.GAP + c * (picture.CARD_W + picture.GAP)
    return y, x


@pytest.mark.parametrize("players", [2, 4])
def test_state_isEverySeatsObservationAndThePlaceTokens(jar, players):
    env = played(players)
    s = env.state()
    assert s.dtype == np.float32 and s.shape == env.state_space.shape
    n = env.observation_space("seat_0")["observation"].shape[0]
    for seat in range(players):
        np.testing.assert_array_equal(s[seat * n:(seat + 1) * n], env.observe(f"seat_{seat}")["observation"])
    places = s[players * n:].reshape(8, 15)
    np.testing.assert_array_equal(places.sum(axis=1), np.ones(8))
    board = np.asarray(env.unwrapped._core._java.board(-1))
    on_table = [t for t in board[4:48 * 5:5] if t >= 0]
    assert sorted(np.flatnonzero(places[:, :14].any(axis=0)).tolist()) == sorted(on_table)
    assert env.state_space.contains(s)


def test_rgbArray_drawsCardsInRegionColoursAndTakenSlots(jar):
    env = played(render_seat=None)
    img = env.render()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    board = np.asarray(env.unwrapped._core._java.board(-1))
    taken = 0
    for p in range(48):
        region = board[p * 5]
        y, x = card_centre(p)
        pixel = img[y + 8, x + picture.CARD_W // 2]  # below the shields, away from markers and tokens
        if region < 0:
            np.testing.assert_array_equal(pixel, picture.SLOT)
            taken += 1
        else:
            np.testing.assert_array_equal(pixel, picture.REGIONS[region])
    assert 0 < taken < 48


def test_rgbArray_tokensFaceDownOrUpByTheView(jar):
    seat_view = played(render_seat=0).render()
    all_view = played(render_seat=None).render()
    env = played(render_seat=None)
    board = np.asarray(env.unwrapped._core._java.board(-1))
    shown = 0
    for p in range(48):
        token = board[p * 5 + 4]
        if token < 0:
            continue
        y, x = card_centre(p)
        cy, cx = y + picture.CARD_H - 15, x + 16
        down = seat_view[cy - 8:cy + 9, cx - 8:cx + 9].reshape(-1, 3)
        up = all_view[cy - 8:cy + 9, cx - 8:cx + 9].reshape(-1, 3)
        assert (down == picture.TOKEN_STRIPE).all(axis=1).any(), "face down for seat 0: striped"
        assert not (up == picture.TOKEN_STRIPE).all(axis=1).any(), "face up in the all-seeing view"
        shown += 1
    assert shown > 0


def test_renderMode_refusesUnknownModes(jar):
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'rgb_array'"):
        richelieu.raw_env(render_mode="human")
    g = richelieu.gym_env(render_mode="rgb_array")
    g.reset(seed=1)
    assert g.render().shape == played().render().shape

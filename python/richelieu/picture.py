"""The board as an image (``render_mode="rgb_array"``): a numpy ``uint8`` array of shape (H, W, 3)
that looks like the ``view`` command's HTML viewer, drawn with numpy alone (no browser, no
imaging library): the four rows of cards in their region colours with their shields and symbol,
the markers in the seats' colours, the tokens on the table face down (striped) or face up (the
region's colour, the symbol, or a gold ring for a return token) as the viewer may know them, a
taken card's empty slot, and a strip with each seat's card count, the seat to move framed in gold.
The colours are the viewer's (runner/src/main/resources/richelieu/runner/view/game.html)."""

import numpy as np

ROWS, COLS = 4, 12
CARD_W, CARD_H, GAP, MARGIN = 56, 76, 6, 12
CELL = 5  # values per position of the engine's board numbers (EnvGame.board)
UNKNOWN = 15


def _rgb(h):
    return np.array([int(h[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)


BOARD = _rgb("#3d5a3d")
SLOT = _rgb("#2f472f")
SLOT_RIM = _rgb("#36503a")
MUTED = _rgb("#6b6357")
PAGE = _rgb("#f4f1ea")
PANEL = _rgb("#fffdf8")
LINE = _rgb("#d8d0c2")
GOLD = _rgb("#d2a531")
WHITE = _rgb("#ffffff")
INK = _rgb("#111111")
TOKEN = _rgb("#2b2118")
TOKEN_STRIPE = _rgb("#4a3a2a")
TOKEN_RIM = _rgb("#d9c7a0")
REGIONS = [_rgb(c) for c in ("#8c2f4b", "#2f67b0", "#c9a227", "#3f8a44", "#d2742a", "#7f55b0", "#b9413d", "#2f8c8c",
                             "#7a5535")]
SEATS = [_rgb(c) for c in ("#1f1f1f", "#fafafa", "#e8467c", "#35b6e8")]

# 9x9 glyphs of the symbols (sword, cross, tower), drawn in white as the viewer's ⚔ ✚ ♜
_GLYPHS = [
    ["X.......X", ".X.....X.", "..X...X..", "...X.X...", "....X....", "...X.X...", "..X...X..", ".X.....X.",
     "X.......X"],
    ["...XXX...", "...XXX...", "...XXX...", "XXXXXXXXX", "XXXXXXXXX", "XXXXXXXXX", "...XXX...", "...XXX...",
     "...XXX..."],
    ["X.X.X.X.X", "XXXXXXXXX", ".XXXXXXX.", "..XXXXX..", "..XXXXX..", "..XXXXX..", "..XXXXX..", ".XXXXXXX.",
     "XXXXXXXXX"],
]
_GLYPHS = [np.array([[c == "X" for c in row] for row in g]) for g in _GLYPHS]


def _box(img, y, x, h, w, colour):
    img[max(y, 0):y + h, max(x, 0):x + w] = colour


def _frame(img, y, x, h, w, colour, t=2):
    _box(img, y, x, t, w, colour)
    _box(img, y + h - t, x, t, w, colour)
    _box(img, y, x, h, t, colour)
    _box(img, y, x + w - t, h, t, colour)


def _disc(img, cy, cx, r, colour, rim=None):
    yy, xx = np.ogrid[-r - 2:r + 3, -r - 2:r + 3]
    d = yy * yy + xx * xx
    sub = img[cy - r - 2:cy + r + 3, cx - r - 2:cx + r + 3]
    if rim is not None:
        sub[d <= (r + 2) ** 2] = rim
    sub[d <= r * r] = colour
    return sub, d <= r * r


def _shield(img, y, x):
    """A white shield 10 wide, 12 high: a box with a pointed foot, as the viewer's."""
    for k in range(12):
        inset = 0 if k < 7 else (k - 6)
        _box(img, y + k, x + inset, 1, 10 - 2 * inset, WHITE)


def _glyph(img, y, x, symbol, colour=WHITE, scale=1):
    g = _GLYPHS[symbol]
    if scale > 1:
        g = np.kron(g, np.ones((scale, scale), dtype=bool))
    img[y:y + g.shape[0], x:x + g.shape[1]][g] = colour


def _token(img, cy, cx, token):
    sub, inside = _disc(img, cy, cx, 10, TOKEN, rim=TOKEN_RIM)
    if token == UNKNOWN:  # face down: the viewer's diagonal stripes
        yy, xx = np.indices(inside.shape)
        sub[inside & (((yy + xx) // 3) % 2 == 1)] = TOKEN_STRIPE
    elif token < len(REGIONS):
        _disc(img, cy, cx, 6, REGIONS[token])
    elif token < len(REGIONS) + 3:
        _glyph(img, cy - 4, cx - 4, token - len(REGIONS), colour=TOKEN_RIM)
    else:  # a return token
        _disc(img, cy, cx, 6, GOLD)
        _disc(img, cy, cx, 3, TOKEN)


def draw(board, players):
    """The picture of ``board``: the engine's numbers (``EnvCore.board``) for a game of ``players`` seats."""
    board = np.asarray(board)
    width = 2 * MARGIN + 20 + COLS * (CARD_W + GAP) + GAP
    board_h = ROWS * (CARD_H + GAP) + GAP
    height = 2 * MARGIN + board_h + 10 + 44
    img = np.empty((height, width, 3), dtype=np.uint8)
    img[:] = PAGE
    bx, by = MARGIN, MARGIN
    _box(img, by, bx, board_h, width - 2 * MARGIN, BOARD)
    for r in range(ROWS):
        for c in range(COLS):
            p = r * COLS + c
            region, shields, symbol, marker, token = (int(v) for v in board[p * CELL:(p + 1) * CELL])
            y = by + GAP + r * (CARD_H + GAP)
            x = bx + 20 + GAP + c * (CARD_W + GAP)
            if region < 0:
                _box(img, y, x, CARD_H, CARD_W, SLOT)
                _frame(img, y, x, CARD_H, CARD_W, SLOT_RIM)
                continue
            _box(img, y, x, CARD_H, CARD_W, REGIONS[region])
            _frame(img, y, x, CARD_H, CARD_W, (REGIONS[region] * 0.65).astype(np.uint8))
            for k in range(shields):
                _shield(img, y + 20, x + 5 + 12 * k)
            if symbol >= 0:
                _glyph(img, y + 21, x + CARD_W - 15, symbol)
            if marker >= 0:
                _disc(img, y + 44, x + CARD_W - 14, 8, SEATS[marker], rim=INK)
            if token >= 0:
                _token(img, y + CARD_H - 15, x + 16, token)
    # the seats: a panel each, the seat to move framed in gold, a bar of its cards (one tick a card)
    to_move = int(board[ROWS * COLS * CELL])
    cards = board[ROWS * COLS * CELL + 1:ROWS * COLS * CELL + 1 + players]
    panel_w = (width - 2 * MARGIN - (players - 1) * 8) // players
    y = by + board_h + 10
    for s in range(players):
        x = MARGIN + s * (panel_w + 8)
        _box(img, y, x, 44, panel_w, PANEL)
        _frame(img, y, x, 44, panel_w, GOLD if s == to_move else LINE, t=3 if s == to_move else 1)
        _disc(img, y + 22, x + 16, 8, SEATS[s], rim=INK)
        for k in range(int(cards[s])):
            _box(img, y + 12, x + 34 + 5 * k, 20, 3, MUTED)
    return img

"""The fixed action space: one index per action of every decision kind (the engine's
``richelieu.env.ActionIndex``; a test checks that both agree).

=====================  ==============================================================
index                  action
=====================  ==============================================================
0                      use-return: discard a return token, a boxed marker back (R8)
1                      end-returns: use no (more) return tokens (R8, private)
2                      stop: take no second card (R9)
3                      pay-reserve: box a reserve marker (R11)
4                      skip: no marker this turn (R15)
5                      pass: no card can be taken (R14)
6 + p                  take the end card at position p (R9–R13)
54 + p                 pay-marker: box the own marker on card p (R11)
102 + p                place a reserve marker on card p (R15)
150 + 48 * f + t       move the own marker from card f to card t (R15)
=====================  ==============================================================

A position is ``row * 12 + column`` (rows 0–3, columns 0–11): ``r1c11`` is 23. A packed action
is the engine's int (``type << 12 | from << 6 | to``, docs/engine.md), as in the bot protocol.
"""

POSITIONS = 48
USE_RETURN, END_RETURNS, STOP, PAY_RESERVE, SKIP, PASS = range(6)
TAKE = 6
PAY_MARKER = TAKE + POSITIONS
PLACE = PAY_MARKER + POSITIONS
MOVE = PLACE + POSITIONS
COUNT = MOVE + POSITIONS * POSITIONS  # 2454

# packed action types (docs/engine.md)
_T_USE_RETURN, _T_END_RETURNS, _T_TAKE, _T_STOP, _T_PAY_RESERVE = 1, 2, 3, 4, 5
_T_PAY_MARKER, _T_PLACE, _T_MOVE, _T_SKIP, _T_PASS = 6, 7, 8, 9, 10
_SINGLE = {_T_USE_RETURN: USE_RETURN, _T_END_RETURNS: END_RETURNS, _T_STOP: STOP,
           _T_PAY_RESERVE: PAY_RESERVE, _T_SKIP: SKIP, _T_PASS: PASS}
_SINGLE_PACKED = {i: t << 12 for t, i in _SINGLE.items()}
_NAMES = {USE_RETURN: "use-return", END_RETURNS: "end-returns", STOP: "stop", PAY_RESERVE: "pay-reserve",
          SKIP: "skip", PASS: "pass"}


def position_name(p):
    """'r1c11' for position 23."""
    return f"r{p // 12}c{p % 12}"


def index_of(packed):
    """The index of a packed engine action (as in the bot protocol's ``action`` field)."""
    t, a, b = packed >> 12, (packed >> 6) & 63, packed & 63
    if t in _SINGLE:
        return _SINGLE[t]
    if t == _T_TAKE:
        return TAKE + b
    if t == _T_PAY_MARKER:
        return PAY_MARKER + b
    if t == _T_PLACE:
        return PLACE + b
    if t == _T_MOVE:
        return MOVE + POSITIONS * a + b
    raise ValueError(f"not an action: {packed}")


def packed_of(index):
    """The packed engine action of an index; ValueError for an index that names no action."""
    index = int(index)
    if not 0 <= index < COUNT:
        raise ValueError(f"action {index} is not in the action space (0 to {COUNT - 1})")
    if index >= MOVE:
        f, t = divmod(index - MOVE, POSITIONS)
        if f == t:
            raise ValueError(f"action {index} names no action (a move of a marker onto its own card)")
        return _T_MOVE << 12 | f << 6 | t
    if index >= PLACE:
        return _T_PLACE << 12 | (index - PLACE)
    if index >= PAY_MARKER:
        return _T_PAY_MARKER << 12 | (index - PAY_MARKER)
    if index >= TAKE:
        return _T_TAKE << 12 | (index - TAKE)
    return _SINGLE_PACKED[index]


def text(index):
    """Human text of an index as the engine writes it: 'take r1c11', 'move r0c3>r2c5', 'pass'."""
    index = int(index)
    packed_of(index)  # checks the index
    if index >= MOVE:
        f, t = divmod(index - MOVE, POSITIONS)
        return f"move {position_name(f)}>{position_name(t)}"
    if index >= PLACE:
        return "place " + position_name(index - PLACE)
    if index >= PAY_MARKER:
        return "pay-marker " + position_name(index - PAY_MARKER)
    if index >= TAKE:
        return "take " + position_name(index - TAKE)
    return _NAMES[index]

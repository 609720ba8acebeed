"""Where each fact sits in the observation vector (the engine's
``richelieu.env.ObservationVector``; a test checks that both agree).

The vector holds what the observing seat may know and nothing else (R25, R26): it is written
from the engine's ``Observation``. Seats are *relative*: block 0 is the observing seat, block k
the seat k places after it in turn order. Every value is a count or a 0/1 flag.

* ``planes`` of 48 values, one per table position (``row * 12 + column``):
  region (9: Bourgogne, Bretagne, Champagne, Normandie, Languedoc, Provence, Anjou, Bourbon,
  Auvergne), two shields, sword, cross, tower, on the table, an end of its row, carries a
  face-down token, taken first this turn, then the marker of relative seat k (P planes), then
  taken by relative seat k (P planes);
* per relative seat, 20 values (``SEAT_FIELDS``);
* 13 values of this seat's own tokens: the 9 region shield tokens, sword, cross, tower (flags),
  then the number of return tokens it holds;
* P flags: this seat's absolute number (seat 0 moves first);
* 7 flags: the phase as this seat sees it (``PHASES``);
* 4 values: cards taken this turn, own markers freed this turn, return tokens used this turn,
  completed turns.
"""

from dataclasses import dataclass

POSITIONS = 48
REGIONS = ("Bourgogne", "Bretagne", "Champagne", "Normandie", "Languedoc", "Provence", "Anjou", "Bourbon", "Auvergne")
SYMBOLS = ("sword", "cross", "tower")
PHASES = ("returns", "take-first", "pay", "take-second", "late-returns", "marker", "game-over")

PLANE_REGION = 0
PLANE_DOUBLE = PLANE_REGION + len(REGIONS)
PLANE_SYMBOL = PLANE_DOUBLE + 1
PLANE_TABLE = PLANE_SYMBOL + len(SYMBOLS)
PLANE_END = PLANE_TABLE + 1
PLANE_TOKEN = PLANE_END + 1
PLANE_FIRST = PLANE_TOKEN + 1
PLANE_MARKER = PLANE_FIRST + 1

SEAT_FIELDS = ("to_move", "cards", "reserve", "markers_on_table", "boxed", "tokens", "used_returns",
               "known_non_return") + tuple("shields_" + r for r in REGIONS) + tuple("cards_" + s for s in SYMBOLS)
OWN_TOKENS = len(REGIONS) + len(SYMBOLS) + 1
TURN_FIELDS = ("taken_this_turn", "freed_this_turn", "returns_this_turn", "turn")


@dataclass(frozen=True)
class Layout:
    """Offsets into the vector for ``players`` seats."""

    players: int

    @property
    def planes(self):
        return PLANE_MARKER + 2 * self.players

    def plane(self, plane):
        """The slice of one 48-value plane."""
        return slice(plane * POSITIONS, (plane + 1) * POSITIONS)

    def marker_plane(self, relative_seat):
        return PLANE_MARKER + relative_seat

    def taken_plane(self, relative_seat):
        return PLANE_MARKER + self.players + relative_seat

    @property
    def seats_at(self):
        return self.planes * POSITIONS

    def seat(self, relative_seat, field):
        """The index of one field (``SEAT_FIELDS``) of a relative seat."""
        return self.seats_at + relative_seat * len(SEAT_FIELDS) + SEAT_FIELDS.index(field)

    @property
    def own_tokens_at(self):
        return self.seats_at + self.players * len(SEAT_FIELDS)

    @property
    def seat_number_at(self):
        return self.own_tokens_at + OWN_TOKENS

    @property
    def phase_at(self):
        return self.seat_number_at + self.players

    @property
    def turn_at(self):
        return self.phase_at + len(PHASES)

    @property
    def size(self):
        return self.turn_at + len(TURN_FIELDS)

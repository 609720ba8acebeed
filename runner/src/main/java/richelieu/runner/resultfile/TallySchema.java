package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;
import richelieu.engine.json.Json;

import java.io.Serializable;

/**
 * The counters of a {@link Tally}, declared once. Each kind of block declares its counters as an
 * enum ({@link SeatField}, {@link PairField}, {@link BotField}, {@link FlipField}): name in JSON,
 * shape (one number, one per seat, five, one per forfeit reason, a histogram), whether it may be
 * negative. A {@link Block} is one {@code long[]} laid out by that enum, so merging, JSON out and
 * the checked JSON in are one loop each (as fastchess's {@code stats.hpp} keeps fields, {@code +=}
 * and serialization together): a new counter is one enum line here plus the line that counts it
 * in {@link TallyCounting}.
 */
final class TallySchema {
    static final BotFailure.Reason[] REASONS = BotFailure.Reason.values();
    /** Margins are bounded by the scores a game can give; anything beyond this in a file is corrupt. */
    private static final int MAX_MARGIN = 10_000;

    private TallySchema() {
    }

    /** The shape of a counter: how many longs it takes and how it reads in JSON. */
    enum Shape {
        /** One number. */
        ONE,
        /** An array, one per seat. */
        SEATS,
        /** An array of five (pentanomial pair counts). */
        FIVE,
        /** An object keyed by forfeit reason. */
        REASONS,
        /** A {@link Histogram} (held beside the array), written as an object keyed by value. */
        HISTOGRAM,
        /** One per pair of seats (row-major players × players). */
        SEAT_SQUARE;

        int width(int players) {
            return switch (this) {
                case ONE -> 1;
                case SEATS -> players;
                case SEAT_SQUARE -> players * players;
                case FIVE -> 5;
                case REASONS -> TallySchema.REASONS.length;
                case HISTOGRAM -> 0;
            };
        }
    }

    /**
     * A counter of a block: its JSON name, shape, whether it may be negative (sums of differences),
     * and whether files written before it existed may lack it (it then reads as zeros).
     */
    record Spec(String json, Shape shape, boolean signed, boolean optional) implements Serializable {
    }

    private static Spec one(String json) {
        return new Spec(json, Shape.ONE, false, false);
    }

    private static Spec signed(String json) {
        return new Spec(json, Shape.ONE, true, false);
    }

    private static Spec of(String json, Shape shape) {
        return new Spec(json, shape, false, false);
    }

    private static Spec added(String json, Shape shape) {
        return new Spec(json, shape, false, true);
    }

    /** What a field enum gives its block. */
    interface Field {
        Spec spec();
    }

    /** Seat statistics of a set of games (per rule set and lineup). */
    enum SeatField implements Field {
        GAMES(one("games")),
        /** Games without a forfeit, over which scores and margins are summed. */
        SCORED(one("scored")),
        SOLE_WINS(of("soleWins", Shape.SEATS)),
        SHARED_WINS(of("sharedWins", Shape.SEATS)),
        SCORE_SUM(of("scoreSum", Shape.SEATS)),
        SCORE_SQ(of("scoreSq", Shape.SEATS)),
        /** 2 players: seat 0's score minus seat 1's. */
        MARGIN_SUM(signed("marginSum")),
        MARGIN_SQ(one("marginSq")),
        MARGIN_HISTOGRAM(of("marginHistogram", Shape.HISTOGRAM)),
        TURNS_SUM(one("turnsSum")),
        TURNS_SQ(one("turnsSq")),
        FORFEITS(one("forfeits")),
        SHARED_GAMES(one("sharedGames")),
        /** 2 players, deals played with seats swapped: deals by seat 0's half-points over both games. */
        SEAT_PAIRS(added("seatPairs", Shape.FIVE)),
        /**
         * 3-4 players, each deal played in all rotations: the deals, and Σ over them of w_s·w_t, w_s = seat s's
         * sole wins over the deal's games (the seat test over deals).
         */
        ROTATED_DEALS(added("rotatedDeals", Shape.ONE)),
        DEAL_WINS_CROSS(added("dealWinsCross", Shape.SEAT_SQUARE));

        private final Spec spec;

        SeatField(Spec spec) {
            this.spec = spec;
        }

        public Spec spec() {
            return spec;
        }
    }

    /** Bot a's results against bot b; {@link Mirror} says how each reads from b's side. */
    enum PairField implements Field {
        WINS(one("wins"), Mirror.SWAP),
        DRAWS(one("draws"), Mirror.SAME),
        LOSSES(one("losses"), Mirror.SWAP),
        /** Over deals played twice with seats swapped: pairs by a's half-points 0..4 (LL, LD, WL+DD, WD, WW). */
        PENTANOMIAL(of("pentanomial", Shape.FIVE), Mirror.REVERSE),
        SCORED(one("scored"), Mirror.SAME),
        MARGIN_SUM(signed("marginSum"), Mirror.NEGATE),
        MARGIN_SQ(one("marginSq"), Mirror.SAME),
        /** a's score minus b's, game by game (files written before it have none). */
        MARGIN_HISTOGRAM(added("marginHistogram", Shape.HISTOGRAM), Mirror.NEGATE);

        /** SWAP: wins and losses trade places. */
        enum Mirror { SAME, SWAP, REVERSE, NEGATE }

        private final Spec spec;
        final Mirror mirror;

        PairField(Spec spec, Mirror mirror) {
            this.spec = spec;
            this.mirror = mirror;
        }

        public Spec spec() {
            return spec;
        }
    }

    /** Per bot: games, sole wins, shared wins, forfeits by reason. */
    enum BotField implements Field {
        GAMES(one("games")),
        WINS(one("wins")),
        SHARED_WINS(one("sharedWins")),
        FORFEITS(of("forfeits", Shape.REASONS));

        private final Spec spec;

        BotField(Spec spec) {
            this.spec = spec;
        }

        public Spec spec() {
            return spec;
        }
    }

    /** Per lineup, with two rule sets: deals compared, deals whose winners differ, Σd and Σd² of seat 0's half-point difference. */
    enum FlipField implements Field {
        DEALS(one("deals")),
        FLIPS(one("flips")),
        SEAT0_DIFF_SUM(signed("seat0DiffSum")),
        SEAT0_DIFF_SQ(one("seat0DiffSq"));

        private final Spec spec;

        FlipField(Spec spec) {
            this.spec = spec;
        }

        public Spec spec() {
            return spec;
        }
    }

    /**
     * Counters laid out by a field enum in one {@code long[]}: merge, JSON out and JSON in are a
     * loop over the fields.
     */
    static class Block<F extends Enum<F> & Field> implements Serializable {
        final F[] fields;
        final int[] offset;
        final long[] v;
        /** The block's histogram, if a field has that shape. */
        final Histogram histogram;

        Block(F[] fields, int players) {
            this.fields = fields;
            this.offset = new int[fields.length];
            int at = 0;
            boolean hist = false;
            for (F f : fields) {
                offset[f.ordinal()] = at;
                at += f.spec().shape().width(players);
                hist |= f.spec().shape() == Shape.HISTOGRAM;
            }
            this.v = new long[at];
            this.histogram = hist ? new Histogram() : null;
        }

        final long get(F f) {
            return v[offset[f.ordinal()]];
        }

        final long get(F f, int i) {
            return v[offset[f.ordinal()] + i];
        }

        final void add(F f, long x) {
            v[offset[f.ordinal()]] += x;
        }

        final void add(F f, int i, long x) {
            v[offset[f.ordinal()] + i] += x;
        }

        final void merge(Block<F> o) {
            for (int i = 0; i < v.length; i++) {
                v[i] += o.v[i];
            }
            if (histogram != null) {
                histogram.merge(o.histogram);
            }
        }

        final ObjectNode toJson(ObjectMapper m) {
            ObjectNode n = m.createObjectNode();
            for (F f : fields) {
                int at = offset[f.ordinal()];
                switch (f.spec().shape()) {
                    case ONE -> n.put(f.spec().json(), v[at]);
                    case SEATS, FIVE, SEAT_SQUARE -> {
                        ArrayNode a = n.putArray(f.spec().json());
                        for (int i = 0; i < width(f); i++) {
                            a.add(v[at + i]);
                        }
                    }
                    case REASONS -> {
                        ObjectNode o = n.putObject(f.spec().json());
                        for (BotFailure.Reason r : REASONS) {
                            o.put(r.jsonName(), v[at + r.ordinal()]);
                        }
                    }
                    case HISTOGRAM -> histogram.writeJson(n.putObject(f.spec().json()));
                }
            }
            return n;
        }

        /** Reads every field, checked: present, integral, within a long, non-negative unless signed. */
        final void readJson(JsonNode n, String path) {
            if (n == null || !n.isObject()) {
                throw new IllegalArgumentException(path + ": must be an object");
            }
            for (F f : fields) {
                int at = offset[f.ordinal()];
                String p = path + "." + f.spec().json();
                JsonNode x = n.get(f.spec().json());
                if (x == null && f.spec().optional()) {
                    continue; // a file from before the counter existed: zeros
                }
                switch (f.spec().shape()) {
                    case ONE -> v[at] = count(x, p, f.spec().signed());
                    case SEATS, FIVE, SEAT_SQUARE -> {
                        if (x == null || !x.isArray() || x.size() != width(f)) {
                            throw new IllegalArgumentException(p + ": must be an array of " + width(f) + " integers");
                        }
                        for (int i = 0; i < width(f); i++) {
                            v[at + i] = count(x.get(i), p + "[" + i + "]", f.spec().signed());
                        }
                    }
                    case REASONS -> {
                        if (x == null || !x.isObject()) {
                            throw new IllegalArgumentException(p + ": must be an object of counts by reason");
                        }
                        for (BotFailure.Reason r : REASONS) {
                            v[at + r.ordinal()] = count(x.get(r.jsonName()), p + "." + r.jsonName(), false);
                        }
                    }
                    case HISTOGRAM -> {
                        if (x == null || !x.isObject()) {
                            throw new IllegalArgumentException(p + ": must be an object of counts by value");
                        }
                        x.fields().forEachRemaining(e -> {
                            int value = (int) integerKey(e.getKey(), p, "value", -MAX_MARGIN, MAX_MARGIN);
                            histogram.add(value, count(e.getValue(), p + "." + e.getKey(), false));
                        });
                    }
                }
            }
        }

        private int width(F f) {
            int next = f.ordinal() + 1 < fields.length ? offset[f.ordinal() + 1] : v.length;
            return next - offset[f.ordinal()];
        }
    }

    /**
     * A key of an object of counts read from a file (a histogram's value, a packed outcome): a whole
     * number in {@code [min, max]}, else a one-line IllegalArgumentException naming {@code path} and
     * calling the key {@code what}.
     */
    static long integerKey(String key, String path, String what, long min, long max) {
        long k;
        try {
            k = Long.parseLong(key);
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException(path + ": key '" + key + "' is not an integer");
        }
        if (k < min || k > max) {
            throw new IllegalArgumentException(path + ": " + what + " " + k + " is out of range");
        }
        return k;
    }

    /** A counter read from a file: an integral JSON number within a long, non-negative unless signed. */
    static long count(JsonNode x, String path, boolean signed) {
        return Json.longValue(x, path, signed ? Long.MIN_VALUE : 0, Long.MAX_VALUE);
    }
}

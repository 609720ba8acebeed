package richelieu.runner.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;
import richelieu.engine.json.Json;

import java.io.Serializable;

/**
 * The raw counts of a run: integers only, so tallies are exact, merge by addition in any order,
 * and the same units give the same tally at any thread count. Memory is flat however many games
 * (the margin histograms have one entry per distinct margin, a few hundred at most).
 *
 * <p>Indexed by rule set (several when a study compares variants on the same deals), lineup and
 * bot; statistics are computed from these counts by the reports.
 *
 * <p>Each kind of block declares its counters once, as an enum ({@link SeatField},
 * {@link PairField}, {@link BotField}, {@link FlipField}): name in JSON, shape (one number, one
 * per seat, five, one per forfeit reason, a histogram), whether it may be negative. A block is
 * one {@code long[]} laid out by that enum, so merging, JSON out and the checked JSON in are one
 * loop each (as fastchess's {@code stats.hpp} keeps fields, {@code +=} and serialization
 * together): a new counter is one enum line plus the line that counts it.
 */
public final class Tally implements Serializable {
    private static final BotFailure.Reason[] REASONS = BotFailure.Reason.values();
    /** Margins are bounded by the scores a game can give; anything beyond this in a file is corrupt. */
    private static final int MAX_MARGIN = 10_000;

    final int players;
    final int bots;
    final int ruleSets;
    final int lineups;
    long units;
    long games;
    /** Per rule set and lineup. */
    final SeatBlock[][] seat;
    /** Per rule set, for bot pairs i < j: i's results against j. */
    final PairBlock[][][] pair;
    /** Per bot. */
    final Block<BotField>[] bot;
    /** Per lineup, when two rule sets play the same deals. */
    final Block<FlipField>[] flip;
    /** 3-4 players, per rule set and lineup: deals by outcome, for the deal bootstrap; null with 2 players. */
    final DealOutcomes[][] deals;

    @SuppressWarnings("unchecked")
    public Tally(int players, int bots, int ruleSets, int lineups) {
        this.players = players;
        this.bots = bots;
        this.ruleSets = ruleSets;
        this.lineups = lineups;
        seat = new SeatBlock[ruleSets][lineups];
        for (int v = 0; v < ruleSets; v++) {
            for (int l = 0; l < lineups; l++) {
                seat[v][l] = new SeatBlock(players);
            }
        }
        pair = new PairBlock[ruleSets][bots][bots];
        for (int v = 0; v < ruleSets; v++) {
            for (int i = 0; i < bots; i++) {
                for (int j = i + 1; j < bots; j++) {
                    pair[v][i][j] = new PairBlock();
                }
            }
        }
        bot = new Block[bots];
        for (int b = 0; b < bots; b++) {
            bot[b] = new Block<>(BotField.values(), players);
        }
        flip = new Block[lineups];
        for (int l = 0; l < lineups; l++) {
            flip[l] = new Block<>(FlipField.values(), players);
        }
        deals = players < 3 ? null : new DealOutcomes[ruleSets][lineups];
        for (int v = 0; players >= 3 && v < ruleSets; v++) {
            for (int l = 0; l < lineups; l++) {
                deals[v][l] = new DealOutcomes();
            }
        }
    }

    /** An empty tally of the same shape. */
    public static Tally forShape(Tally t) {
        return new Tally(t.players, t.bots, t.ruleSets, t.lineups);
    }

    public static Tally forPlan(Plan plan) {
        return new Tally(plan.players(), plan.bots().size(), plan.ruleSets().size(), plan.lineups().size());
    }

    // ================================================================== counters, declared once

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
                case REASONS -> Tally.REASONS.length;
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
                            int value;
                            try {
                                value = Integer.parseInt(e.getKey());
                            } catch (NumberFormatException bad) {
                                throw new IllegalArgumentException(p + ": key '" + e.getKey() + "' is not an integer");
                            }
                            if (Math.abs(value) > MAX_MARGIN) {
                                throw new IllegalArgumentException(p + ": value " + value + " is out of range");
                            }
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

    /** A counter read from a file: an integral JSON number within a long, non-negative unless signed. */
    static long count(JsonNode x, String path, boolean signed) {
        return Json.longValue(x, path, signed ? Long.MIN_VALUE : 0, Long.MAX_VALUE);
    }

    // ================================================================== adding games

    /** Adds every game of a unit. */
    public void add(Plan plan, UnitResult unit) {
        units++;
        int lineup = plan.lineupOf(unit.unit());
        for (GameOutcome g : unit.games()) {
            games++;
            seat[g.variant()][lineup].add(g);
            for (int s = 0; s < players; s++) {
                Block<BotField> b = bot[g.seatBots()[s]];
                b.add(BotField.GAMES, 1);
                if (g.isWinner(s)) {
                    b.add(g.result().isShared() ? BotField.SHARED_WINS : BotField.WINS, 1);
                }
            }
            if (g.result().isForfeit()) {
                bot[g.seatBots()[g.result().forfeitSeat()]].add(BotField.FORFEITS, g.forfeit().ordinal(), 1);
            }
            // pairwise game results between distinct bots
            for (int a = 0; a < players; a++) {
                for (int b = a + 1; b < players; b++) {
                    int ba = g.seatBots()[a];
                    int bb = g.seatBots()[b];
                    if (ba == bb) {
                        continue;
                    }
                    int cmp = g.compare(a, b);
                    boolean swap = ba > bb;
                    PairBlock p = pair[g.variant()][Math.min(ba, bb)][Math.max(ba, bb)];
                    p.addGame(swap ? -cmp : cmp, g.result().isForfeit() ? 0
                            : (swap ? -1 : 1) * (g.score(a) - g.score(b)), !g.result().isForfeit());
                }
            }
        }
        addPairs(plan, unit);
        addSeatPairs(plan, unit, lineup);
        addRotatedDeals(plan, unit, lineup);
        addFlips(plan, unit, lineup);
        addDeals(plan, unit, lineup);
    }

    /**
     * Seat pairs: seat 0's half-points over the two games of a 2-player deal played with the seats
     * swapped (0..4), whichever bots sat there; seat statistics at the pair level.
     */
    private void addSeatPairs(Plan plan, UnitResult unit, int lineup) {
        if (players != 2 || plan.pairing() != Plan.Pairing.ROTATE) {
            return;
        }
        for (int v = 0; v < ruleSets; v++) {
            int half = seatHalfPoints(unit.games().get(v * 2)) + seatHalfPoints(unit.games().get(v * 2 + 1));
            seat[v][lineup].add(SeatField.SEAT_PAIRS, half, 1);
        }
    }

    /** 3-4 players with every rotation played: the deal's sole wins by seat, for the seat test over deals. */
    private void addRotatedDeals(Plan plan, UnitResult unit, int lineup) {
        if (players < 3 || plan.pairing() != Plan.Pairing.ROTATE) {
            return;
        }
        int r = plan.rotations();
        for (int v = 0; v < ruleSets; v++) {
            long[] w = new long[players];
            for (GameOutcome g : unit.games().subList(v * r, (v + 1) * r)) {
                for (int s = 0; s < players && !g.result().isShared(); s++) {
                    w[s] += g.isWinner(s) ? 1 : 0;
                }
            }
            SeatBlock b = seat[v][lineup];
            b.add(SeatField.ROTATED_DEALS, 1);
            for (int s = 0; s < players; s++) {
                for (int t = 0; t < players; t++) {
                    b.add(SeatField.DEAL_WINS_CROSS, s * players + t, w[s] * w[t]);
                }
            }
        }
    }

    private static int seatHalfPoints(GameOutcome g) {
        int cmp = g.compare(0, 1);
        return cmp > 0 ? 2 : cmp == 0 ? 1 : 0;
    }

    /** 3-4 players with every rotation played: the deal's outcome (see {@link DealOutcomes}). */
    private void addDeals(Plan plan, UnitResult unit, int lineup) {
        if (deals == null || plan.pairing() != Plan.Pairing.ROTATE) {
            return;
        }
        java.util.List<int[]> meetings = DealOutcomes.meetings(plan.lineups().get(lineup));
        if (meetings.isEmpty()) {
            return;
        }
        int r = plan.rotations();
        for (int v = 0; v < ruleSets; v++) {
            deals[v][lineup].add(unit.games().subList(v * r, (v + 1) * r), meetings);
        }
    }

    /** Pentanomial counts: the two games of a 2-player deal played with seats swapped. */
    private void addPairs(Plan plan, UnitResult unit) {
        if (players != 2 || plan.pairing() != Plan.Pairing.ROTATE) {
            return;
        }
        for (int v = 0; v < ruleSets; v++) {
            GameOutcome g1 = unit.games().get(v * 2);
            GameOutcome g2 = unit.games().get(v * 2 + 1);
            int i = g1.seatBots()[0];
            int j = g1.seatBots()[1];
            if (i == j) {
                continue;
            }
            // half-points of bot min(i,j) over the two games
            int lo = Math.min(i, j);
            int half = halfPoints(g1, lo) + halfPoints(g2, lo);
            pair[v][lo][Math.max(i, j)].add(PairField.PENTANOMIAL, half, 1);
        }
    }

    private static int halfPoints(GameOutcome g, int bot) {
        int s = g.seatBots()[0] == bot ? 0 : 1;
        int cmp = g.compare(s, 1 - s);
        return cmp > 0 ? 2 : cmp == 0 ? 1 : 0;
    }

    private void addFlips(Plan plan, UnitResult unit, int lineup) {
        if (ruleSets < 2) {
            return;
        }
        int r = plan.rotations();
        Block<FlipField> f = flip[lineup];
        for (int rot = 0; rot < r; rot++) {
            GameOutcome a = unit.games().get(rot);
            GameOutcome b = unit.games().get(r + rot);
            f.add(FlipField.DEALS, 1);
            if (a.result().winners() != b.result().winners()) {
                f.add(FlipField.FLIPS, 1);
            }
            long d = seat0HalfPoints(a) - seat0HalfPoints(b);
            f.add(FlipField.SEAT0_DIFF_SUM, d);
            f.add(FlipField.SEAT0_DIFF_SQ, d * d);
        }
    }

    /** Seat 0's result in half-points: 2 for a sole win, 1 for a shared win, 0 otherwise. */
    private static int seat0HalfPoints(GameOutcome g) {
        return g.isWinner(0) ? (g.result().isShared() ? 1 : 2) : 0;
    }

    /** Adds another tally of the same shape (a shard, a resumed part). */
    public void merge(Tally o) {
        if (o.players != players || o.bots != bots || o.ruleSets != ruleSets || o.lineups != lineups) {
            throw new IllegalArgumentException("tallies of different runs cannot be merged");
        }
        units += o.units;
        games += o.games;
        for (int v = 0; v < ruleSets; v++) {
            for (int l = 0; l < lineups; l++) {
                seat[v][l].merge(o.seat[v][l]);
            }
            for (int i = 0; i < bots; i++) {
                for (int j = i + 1; j < bots; j++) {
                    pair[v][i][j].merge(o.pair[v][i][j]);
                }
            }
        }
        for (int b = 0; b < bots; b++) {
            bot[b].merge(o.bot[b]);
        }
        for (int l = 0; l < lineups; l++) {
            flip[l].merge(o.flip[l]);
        }
        for (int v = 0; deals != null && v < ruleSets; v++) {
            for (int l = 0; l < lineups; l++) {
                deals[v][l].merge(o.deals[v][l]);
            }
        }
    }

    // ================================================================== accessors

    public long units() {
        return units;
    }

    public long games() {
        return games;
    }

    public int players() {
        return players;
    }

    public SeatBlock seat(int ruleSet, int lineup) {
        return seat[ruleSet][lineup];
    }

    /** All lineups of one rule set, summed. */
    public SeatBlock seatTotal(int ruleSet) {
        SeatBlock t = new SeatBlock(players);
        for (int l = 0; l < lineups; l++) {
            t.merge(seat[ruleSet][l]);
        }
        return t;
    }

    /** Results of bot {@code i} against bot {@code j} (i != j) under a rule set, from i's view. */
    public PairBlock pair(int ruleSet, int i, int j) {
        return i < j ? pair[ruleSet][i][j] : pair[ruleSet][j][i].mirrored();
    }

    public long botGames(int b) {
        return bot[b].get(BotField.GAMES);
    }

    public long botWins(int b) {
        return bot[b].get(BotField.WINS);
    }

    public long botShared(int b) {
        return bot[b].get(BotField.SHARED_WINS);
    }

    public long botForfeits(int b, BotFailure.Reason r) {
        return bot[b].get(BotField.FORFEITS, r.ordinal());
    }

    public long totalForfeits() {
        long n = 0;
        for (int b = 0; b < bots; b++) {
            for (BotFailure.Reason r : REASONS) {
                n += botForfeits(b, r);
            }
        }
        return n;
    }

    public long flipDeals(int lineup) {
        return flip[lineup].get(FlipField.DEALS);
    }

    public long flips(int lineup) {
        return flip[lineup].get(FlipField.FLIPS);
    }

    /** Σ over deals of seat 0's half-points under rule set 0 minus under rule set 1. */
    public long diffSum(int lineup) {
        return flip[lineup].get(FlipField.SEAT0_DIFF_SUM);
    }

    /** 3-4 players: the deals of a lineup under a rule set by outcome; null with 2 players. */
    public DealOutcomes deals(int ruleSet, int lineup) {
        return deals == null ? null : deals[ruleSet][lineup];
    }

    public long diffSq(int lineup) {
        return flip[lineup].get(FlipField.SEAT0_DIFF_SQ);
    }

    // ================================================================== JSON

    public ObjectNode toJson(ObjectMapper m) {
        ObjectNode n = m.createObjectNode();
        n.put("players", players);
        n.put("bots", bots);
        n.put("ruleSets", ruleSets);
        n.put("lineups", lineups);
        n.put("units", units);
        n.put("games", games);
        ArrayNode seats = n.putArray("seat");
        for (int v = 0; v < ruleSets; v++) {
            ArrayNode row = seats.addArray();
            for (int l = 0; l < lineups; l++) {
                row.add(seat[v][l].toJson(m));
            }
        }
        ArrayNode pairs = n.putArray("pairs");
        for (int v = 0; v < ruleSets; v++) {
            for (int i = 0; i < bots; i++) {
                for (int j = i + 1; j < bots; j++) {
                    pairs.add(pair[v][i][j].toJson(m).put("ruleSet", v).put("a", i).put("b", j));
                }
            }
        }
        ArrayNode bs = n.putArray("botStats");
        for (int b = 0; b < bots; b++) {
            bs.add(bot[b].toJson(m));
        }
        ArrayNode fl = n.putArray("flips");
        for (int l = 0; l < lineups; l++) {
            fl.add(flip[l].toJson(m));
        }
        if (deals != null) {
            ArrayNode d = n.putArray("dealOutcomes");
            for (int v = 0; v < ruleSets; v++) {
                ArrayNode row = d.addArray();
                for (int l = 0; l < lineups; l++) {
                    deals[v][l].writeJson(row.addObject());
                }
            }
        }
        return n;
    }

    /**
     * Reads a tally, checking every field (shape, types, ranges); a problem is an
     * {@link IllegalArgumentException} naming the field, e.g. {@code tally.seat[0][1].games}.
     */
    public static Tally fromJson(JsonNode n) {
        Json.objectValue(n, "tally");
        Tally t = new Tally(size(n, "players", 2, 4), size(n, "bots", 1, 1024), size(n, "ruleSets", 1, 16),
                size(n, "lineups", 1, 1 << 20));
        t.units = count(n.get("units"), "tally.units", false);
        t.games = count(n.get("games"), "tally.games", false);
        JsonNode seats = array(n.get("seat"), "tally.seat", t.ruleSets);
        for (int v = 0; v < t.ruleSets; v++) {
            JsonNode row = array(seats.get(v), "tally.seat[" + v + "]", t.lineups);
            for (int l = 0; l < t.lineups; l++) {
                t.seat[v][l].readJson(row.get(l), "tally.seat[" + v + "][" + l + "]");
            }
        }
        JsonNode pairs = array(n.get("pairs"), "tally.pairs", t.ruleSets * t.bots * (t.bots - 1) / 2);
        boolean[][][] seen = new boolean[t.ruleSets][t.bots][t.bots];
        for (int k = 0; k < pairs.size(); k++) {
            JsonNode p = pairs.get(k);
            String path = "tally.pairs[" + k + "]";
            int v = index(p.get("ruleSet"), path + ".ruleSet", t.ruleSets);
            int a = index(p.get("a"), path + ".a", t.bots);
            int b = index(p.get("b"), path + ".b", t.bots);
            if (a >= b || seen[v][a][b]) {
                throw new IllegalArgumentException(path + ": bots a < b, each pair once");
            }
            seen[v][a][b] = true;
            t.pair[v][a][b].readJson(p, path);
        }
        JsonNode bs = array(n.get("botStats"), "tally.botStats", t.bots);
        for (int b = 0; b < t.bots; b++) {
            t.bot[b].readJson(bs.get(b), "tally.botStats[" + b + "]");
        }
        JsonNode fl = array(n.get("flips"), "tally.flips", t.lineups);
        for (int l = 0; l < t.lineups; l++) {
            t.flip[l].readJson(fl.get(l), "tally.flips[" + l + "]");
        }
        // absent in older files: the ratings then fall back to pairwise games
        if (t.deals != null && n.has("dealOutcomes")) {
            JsonNode d = array(n.get("dealOutcomes"), "tally.dealOutcomes", t.ruleSets);
            for (int v = 0; v < t.ruleSets; v++) {
                JsonNode row = array(d.get(v), "tally.dealOutcomes[" + v + "]", t.lineups);
                for (int l = 0; l < t.lineups; l++) {
                    t.deals[v][l] = DealOutcomes.fromJson(row.get(l), "tally.dealOutcomes[" + v + "][" + l + "]", t.players);
                }
            }
        }
        return t;
    }

    /**
     * Checks that the counts agree with each other for a run with these lineups and pairing
     * (a file edited by hand, or merged from inconsistent parts, fails): the games of every
     * block add up, W/D/L agree with the pentanomial pair counts, bot totals agree with seat
     * totals. A problem is an {@link IllegalArgumentException} naming the disagreement.
     */
    public void checkConsistent(java.util.List<int[]> lineupSeats, Plan.Pairing pairing) {
        if (lineupSeats.size() != lineups || lineupSeats.get(0).length != players) {
            throw new IllegalArgumentException("tally: shape (" + lineups + " lineups of " + players
                    + ") does not match the configuration");
        }
        int rotations = pairing == Plan.Pairing.ROTATE ? players : 1;
        require(units <= Long.MAX_VALUE / (ruleSets * (long) rotations) && games == units * ruleSets * rotations,
                "tally.games (" + games + ") is not units (" + units + ") x " + ruleSets * rotations + " games per unit");
        long seatGames = 0;
        long sole = 0;
        long shared = 0;
        for (int v = 0; v < ruleSets; v++) {
            long pairGames = 0;
            for (int l = 0; l < lineups; l++) {
                SeatBlock b = seat[v][l];
                String at = "tally.seat[" + v + "][" + l + "]";
                seatGames += b.games();
                require(b.scored() + b.forfeits() == b.games(), at + ": scored + forfeits != games");
                long wins = 0;
                long sharedWins = 0;
                for (int s = 0; s < players; s++) {
                    wins += b.soleWins(s);
                    sharedWins += b.sharedWins(s);
                }
                require(wins + b.sharedGames() <= b.games(), at + ": more wins than games");
                require(sharedWins >= 2 * b.sharedGames() && sharedWins <= players * b.sharedGames(),
                        at + ": shared wins do not match shared games");
                require(b.histogram.total() == (players == 2 ? b.scored() : 0), at + ": margin histogram total != scored");
                checkSeatSums(b, at, sharedWins);
                long rotated = b.rotatedDeals();
                require(rotated == 0 || players >= 3 && pairing == Plan.Pairing.ROTATE && rotated * players == b.games(),
                        at + ": rotated deals disagree with the games played");
                require(v == 0 || b.games() == seat[0][l].games(), at + ": rule sets played different numbers of games");
                sole += wins;
                shared += sharedWins;
                int[] seats = lineupSeats.get(l);
                for (int a = 0; a < players; a++) {
                    for (int c = a + 1; c < players; c++) {
                        pairGames += seats[a] != seats[c] ? b.games() : 0;
                    }
                }
            }
            long pairSum = 0;
            for (int i = 0; i < bots; i++) {
                for (int j = i + 1; j < bots; j++) {
                    PairBlock p = pair[v][i][j];
                    String at = "tally.pairs (rule set " + v + ", bots " + i + "-" + j + ")";
                    pairSum += p.games();
                    require(p.scored() <= p.games(), at + ": scored > games");
                    long histogram = p.histogram.total();
                    require(histogram == 0 || histogram == p.scored(), at + ": margin histogram total != scored");
                    long[] penta = p.penta();
                    long half = 0;
                    for (int k = 0; k < 5; k++) {
                        half += k * penta[k];
                    }
                    if (players == 2 && pairing == Plan.Pairing.ROTATE) {
                        require(2 * p.pairs() == p.games() && half == 2 * p.wins() + p.draws(),
                                at + ": W/D/L " + p.wins() + "/" + p.draws() + "/" + p.losses()
                                        + " disagree with the pentanomial counts " + java.util.Arrays.toString(penta));
                    } else {
                        require(p.pairs() == 0, at + ": pentanomial counts in a run without paired deals");
                    }
                    checkMargins(p.histogram, p.scored(), p.marginSum(), p.marginSq(), p.wins(), p.losses(), at + ": ", at + ": ");
                }
            }
            require(pairSum == pairGames, "tally.pairs: " + pairSum + " pairwise games, but the seats hold " + pairGames);
        }
        require(seatGames == games, "tally.seat: " + seatGames + " games, but tally.games is " + games);
        long botGames = 0;
        long botWins = 0;
        long botShared = 0;
        for (int b = 0; b < bots; b++) {
            botGames += botGames(b);
            botWins += botWins(b);
            botShared += botShared(b);
        }
        require(botGames == games * players && botWins == sole && botShared == shared,
                "tally.botStats: bot totals disagree with the seat totals");
        for (int l = 0; l < lineups; l++) {
            require(flipDeals(l) == (ruleSets < 2 ? 0 : seat[0][l].games()) && flips(l) <= flipDeals(l),
                    "tally.flips[" + l + "]: deals compared disagree with the games played");
            checkFlips(l);
        }
    }

    /**
     * A deal's difference d of seat 0's half-points (0, 1 or 2 under each rule set) lies in
     * −2..2 and is non-zero only when the winner changed: so Σd² is at most 4 per flip, |Σd| at
     * most Σd², Σd and Σd² have the same parity, and with 2 players, where seat 0's result tells
     * the winner, every flip moves d (Σd² at least the flips).
     */
    private void checkFlips(int l) {
        long flips = flips(l);
        long sum = diffSum(l);
        long sq = diffSq(l);
        String at = "tally.flips[" + l + "]: ";
        require(sq >= 0 && sq <= 4 * flips && Math.abs(sum) <= sq && ((sum ^ sq) & 1) == 0, at + "seat0DiffSum " + sum
                + " and seat0DiffSq " + sq + " are impossible for " + flips + " deals whose winner changed");
        require(players != 2 || flips <= sq, at + flips + " deals whose winner changed, but seat 0's result moved on at "
                + "most " + sq + " (seat0DiffSq)");
    }

    /**
     * Every sum of a seat block that its other counts derive or bound (a tampered file passes the
     * simpler checks otherwise, and its statistics come out impossible, e.g. a game length of 0
     * turns with a spread of 42): turns (each scored game at least one turn), scores, margins
     * against their histogram and the seat scores, seat pairs against seat 0's points, and the
     * deal-level win products.
     */
    private void checkSeatSums(SeatBlock b, String at, long sharedWins) {
        long n = b.scored();
        require(b.turnsSum() >= n, at + ".turnsSum: " + b.turnsSum() + " for " + n
                + " scored games, but every game lasts at least one turn");
        require(possible(n, b.turnsSum(), b.turnsSq()), at + ".turnsSq: " + b.turnsSq() + " is impossible for "
                + n + " games whose turns sum to " + b.turnsSum());
        for (int s = 0; s < players; s++) {
            require(possible(n, b.scoreSum(s), b.scoreSq(s)), at + ".scoreSum[" + s + "] and scoreSq[" + s + "]: "
                    + b.scoreSum(s) + " and " + b.scoreSq(s) + " are impossible for " + n + " scored games");
        }
        if (players == 2) {
            checkMargins(b.histogram, n, b.marginSum(), b.marginSq(), b.soleWins(0), b.soleWins(1), at + ".",
                    at + ".");
            require(b.scoreSum(0) - b.scoreSum(1) == b.marginSum(), at + ".scoreSum: seat 0 − seat 1 = "
                    + (b.scoreSum(0) - b.scoreSum(1)) + ", but marginSum is " + b.marginSum());
            long[] pairs = b.seatPairs();
            long count = 0;
            long half = 0;
            for (int k = 0; k < 5; k++) {
                count += pairs[k];
                half += k * pairs[k];
            }
            require(count == 0 || 2 * count == b.games() && half == 2 * b.soleWins(0) + b.sharedGames(),
                    at + ".seatPairs: " + java.util.Arrays.toString(pairs) + " give seat 0 " + half + " half-points in "
                            + 2 * count + " games, but its wins and draws give " + (2 * b.soleWins(0) + b.sharedGames())
                            + " in " + b.games());
        }
        if (b.rotatedDeals() > 0) {
            long[][] cross = b.dealWinsCross();
            for (int s = 0; s < players; s++) {
                // per deal w_s is 0..players, so Σ w_s² lies between Σ w_s and players·Σ w_s
                require(cross[s][s] >= b.soleWins(s) && cross[s][s] <= players * b.soleWins(s),
                        at + ".dealWinsCross[" + s + "][" + s + "]: " + cross[s][s] + " does not fit seat " + s + "'s "
                                + b.soleWins(s) + " sole wins");
                for (int t = 0; t < players; t++) {
                    require(cross[s][t] == cross[t][s], at + ".dealWinsCross: not symmetric at [" + s + "][" + t + "]");
                }
            }
        }
    }

    /**
     * Margins against what derives them: the histogram's Σ m and Σ m² are marginSum and marginSq
     * (when it holds the games), positive margins are wins of the first side and negative ones
     * its losses, and without a histogram the sums must be possible for n games.
     */
    private static void checkMargins(Histogram h, long n, long sum, long sq, long wins, long losses, String at,
                                     String histogramAt) {
        if (h.total() > 0) {
            require(h.sum().equals(java.math.BigInteger.valueOf(sum)), at + "marginSum (" + sum + ") and " + histogramAt
                    + "marginHistogram (which sums to " + h.sum() + ") disagree");
            require(h.sumOfSquares().equals(java.math.BigInteger.valueOf(sq)), at + "marginSq (" + sq + ") and "
                    + histogramAt + "marginHistogram (whose squares sum to " + h.sumOfSquares() + ") disagree");
            require(h.countAbove(0) <= wins && h.countBelow(0) <= losses, histogramAt + "marginHistogram: "
                    + h.countAbove(0) + " games won on points and " + h.countBelow(0) + " lost, but only " + wins
                    + " wins and " + losses + " losses");
        } else {
            java.math.BigInteger s = java.math.BigInteger.valueOf(sum);
            require(s.multiply(s).compareTo(java.math.BigInteger.valueOf(n).multiply(java.math.BigInteger.valueOf(sq))) <= 0,
                    at + "marginSq: " + sq + " is impossible for " + n + " games whose margins sum to " + sum);
        }
    }

    /**
     * Whether n values of x ≥ 0 can have Σx = sum and Σx² = sq: (Σx)² ≤ n·Σx² (Cauchy–Schwarz)
     * and Σx² ≤ (Σx)²; exact, in BigInteger.
     */
    private static boolean possible(long n, long sum, long sq) {
        if (n == 0) {
            return sum == 0 && sq == 0;
        }
        java.math.BigInteger s = java.math.BigInteger.valueOf(sum);
        java.math.BigInteger s2 = s.multiply(s);
        java.math.BigInteger q = java.math.BigInteger.valueOf(sq);
        return sum >= 0 && sq >= 0 && s2.compareTo(java.math.BigInteger.valueOf(n).multiply(q)) <= 0 && q.compareTo(s2) <= 0;
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    private static int size(JsonNode n, String key, int min, int max) {
        return (int) Json.longValue(n.get(key), "tally." + key, min, max);
    }

    private static int index(JsonNode x, String path, int bound) {
        return (int) Json.longValue(x, path, 0, bound - 1);
    }

    private static JsonNode array(JsonNode x, String path, int size) {
        return Json.arrayValue(x, path, size, size);
    }

    // ================================================================== blocks

    /** Seat statistics of a set of games. */
    public static final class SeatBlock extends Block<SeatField> {
        final int players;

        SeatBlock(int players) {
            super(SeatField.values(), players);
            this.players = players;
        }

        void add(GameOutcome g) {
            add(SeatField.GAMES, 1);
            boolean shared = g.result().isShared();
            if (shared) {
                add(SeatField.SHARED_GAMES, 1);
            }
            for (int s = 0; s < players; s++) {
                if (g.isWinner(s)) {
                    add(shared ? SeatField.SHARED_WINS : SeatField.SOLE_WINS, s, 1);
                }
            }
            if (g.result().isForfeit()) {
                add(SeatField.FORFEITS, 1);
                return;
            }
            add(SeatField.SCORED, 1);
            for (int s = 0; s < players; s++) {
                long x = g.score(s);
                add(SeatField.SCORE_SUM, s, x);
                add(SeatField.SCORE_SQ, s, x * x);
            }
            if (players == 2) {
                int m = g.score(0) - g.score(1);
                add(SeatField.MARGIN_SUM, m);
                add(SeatField.MARGIN_SQ, (long) m * m);
                histogram.add(m);
            }
            long t = g.result().turns();
            add(SeatField.TURNS_SUM, t);
            add(SeatField.TURNS_SQ, t * t);
        }

        public long games() {
            return get(SeatField.GAMES);
        }

        public long scored() {
            return get(SeatField.SCORED);
        }

        public long soleWins(int seat) {
            return get(SeatField.SOLE_WINS, seat);
        }

        public long sharedWins(int seat) {
            return get(SeatField.SHARED_WINS, seat);
        }

        /** Games won by more than one seat (draws with 2 players). */
        public long sharedGames() {
            return get(SeatField.SHARED_GAMES);
        }

        public long scoreSum(int seat) {
            return get(SeatField.SCORE_SUM, seat);
        }

        public long scoreSq(int seat) {
            return get(SeatField.SCORE_SQ, seat);
        }

        public long marginSum() {
            return get(SeatField.MARGIN_SUM);
        }

        public long marginSq() {
            return get(SeatField.MARGIN_SQ);
        }

        /** Seat 0 minus seat 1 score margins (2 players). */
        public Histogram marginHistogram() {
            return histogram;
        }

        public long turnsSum() {
            return get(SeatField.TURNS_SUM);
        }

        public long turnsSq() {
            return get(SeatField.TURNS_SQ);
        }

        /** Deals played twice with seats swapped, by seat 0's half-points over the two games [0..4]. */
        public long[] seatPairs() {
            long[] p = new long[5];
            for (int i = 0; i < 5; i++) {
                p[i] = get(SeatField.SEAT_PAIRS, i);
            }
            return p;
        }

        public long forfeits() {
            return get(SeatField.FORFEITS);
        }

        /** Deals played in all rotations counted for the seat test over deals (3-4 players; 0 in older files). */
        public long rotatedDeals() {
            return get(SeatField.ROTATED_DEALS);
        }

        /** Σ over the rotated deals of w_s·w_t, w_s = seat s's sole wins over the deal's games. */
        public long[][] dealWinsCross() {
            long[][] c = new long[players][players];
            for (int s = 0; s < players; s++) {
                for (int t = 0; t < players; t++) {
                    c[s][t] = get(SeatField.DEAL_WINS_CROSS, s * players + t);
                }
            }
            return c;
        }
    }

    /** Bot a's results against bot b. */
    public static final class PairBlock extends Block<PairField> {
        PairBlock() {
            super(PairField.values(), 2);
        }

        void addGame(int cmp, int margin, boolean hasScores) {
            add(cmp > 0 ? PairField.WINS : cmp == 0 ? PairField.DRAWS : PairField.LOSSES, 1);
            if (hasScores) {
                add(PairField.SCORED, 1);
                add(PairField.MARGIN_SUM, margin);
                add(PairField.MARGIN_SQ, (long) margin * margin);
                histogram.add(margin);
            }
        }

        /** The same results from b's side. */
        PairBlock mirrored() {
            PairBlock p = new PairBlock();
            for (PairField f : PairField.values()) {
                int at = offset[f.ordinal()];
                int w = f.spec().shape().width(2);
                for (int i = 0; i < w; i++) {
                    p.v[at + i] = switch (f.mirror) {
                        case SAME -> v[at + i];
                        case NEGATE -> -v[at + i];
                        case REVERSE -> v[at + w - 1 - i];
                        case SWAP -> get(f == PairField.WINS ? PairField.LOSSES : PairField.WINS);
                    };
                }
            }
            int[] range = histogram.range();
            for (int x = range == null ? 1 : range[0]; range != null && x <= range[1]; x++) {
                p.histogram.add(-x, histogram.count(x)); // NEGATE: b's margin is minus a's
            }
            return p;
        }

        public long wins() {
            return get(PairField.WINS);
        }

        public long draws() {
            return get(PairField.DRAWS);
        }

        public long losses() {
            return get(PairField.LOSSES);
        }

        public long games() {
            return wins() + draws() + losses();
        }

        public long[] penta() {
            long[] p = new long[5];
            System.arraycopy(v, offset[PairField.PENTANOMIAL.ordinal()], p, 0, 5);
            return p;
        }

        public long pairs() {
            long n = 0;
            for (long x : penta()) {
                n += x;
            }
            return n;
        }

        public long scored() {
            return get(PairField.SCORED);
        }

        public long marginSum() {
            return get(PairField.MARGIN_SUM);
        }

        public long marginSq() {
            return get(PairField.MARGIN_SQ);
        }

        /** a's score minus b's, game by game; empty in files written before it was counted. */
        public Histogram marginHistogram() {
            return histogram;
        }
    }
}

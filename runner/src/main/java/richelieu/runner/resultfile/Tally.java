package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;
import richelieu.runner.resultfile.TallySchema.Block;
import richelieu.runner.resultfile.TallySchema.BotField;
import richelieu.runner.resultfile.TallySchema.FlipField;
import richelieu.runner.resultfile.TallySchema.PairField;
import richelieu.runner.resultfile.TallySchema.SeatField;

import java.io.Serializable;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The raw counts of a run: integers only, so tallies are exact, merge by addition in any order,
 * and the same units give the same tally at any thread count. Memory is flat however many games
 * (the margin histograms have one entry per distinct margin, a few hundred at most).
 *
 * <p>Indexed by rule set (several when a study compares variants on the same deals), lineup and
 * bot; statistics are computed from these counts by the reports. Its parts: the counters, declared
 * once ({@link TallySchema}); how a game adds to them ({@link TallyCounting}); the JSON form
 * ({@link TallyJson}); the checks that the counts agree ({@link TallyChecks}).
 */
public final class Tally implements Serializable {
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
    /**
     * A study that measures its units beyond their games ({@link UnitMeasure}): each unit's measure
     * (compact JSON) by unit; empty for every other study. Not a count: shards and resumed parts
     * hold different units, so merging is a union, and the map's order is the units' whatever
     * order the parts came in.
     */
    final TreeMap<Long, String> measures = new TreeMap<>();

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

    public static Tally forConfig(RunConfig config) {
        return new Tally(config.players(), config.bots().size(), config.ruleSets().size(), config.lineups().size());
    }

    /** Adds every game of a unit. */
    public void add(RunConfig config, UnitResult unit) {
        TallyCounting.add(this, config, unit);
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
        for (var e : o.measures.entrySet()) {
            if (measures.putIfAbsent(e.getKey(), e.getValue()) != null) {
                throw new IllegalArgumentException("unit " + e.getKey() + " is measured in both tallies merged");
            }
        }
    }

    /**
     * These counts in the tally of the same run with {@code count} more bots, put at index
     * {@code at} (bots from {@code at} on move up by {@code count}): the bots added have played
     * nothing (a study that measures more bots on the games it has, as {@code distance --add}).
     */
    public Tally withBots(int at, int count) {
        if (at < 0 || at > bots || count < 0) {
            throw new IllegalArgumentException("bots are added among the " + bots + " of a tally, not at " + at);
        }
        Tally t = new Tally(players, bots + count, ruleSets, lineups);
        t.units = units;
        t.games = games;
        for (int v = 0; v < ruleSets; v++) {
            for (int l = 0; l < lineups; l++) {
                t.seat[v][l].merge(seat[v][l]);
            }
            for (int i = 0; i < bots; i++) {
                for (int j = i + 1; j < bots; j++) {
                    // (the order of the bots kept: i < j stays so)
                    t.pair[v][i < at ? i : i + count][j < at ? j : j + count].merge(pair[v][i][j]);
                }
            }
        }
        for (int b = 0; b < bots; b++) {
            t.bot[b < at ? b : b + count].merge(bot[b]);
        }
        for (int l = 0; l < lineups; l++) {
            t.flip[l].merge(flip[l]);
        }
        for (int v = 0; deals != null && v < ruleSets; v++) {
            for (int l = 0; l < lineups; l++) {
                t.deals[v][l].merge(deals[v][l]);
            }
        }
        t.measures.putAll(measures);
        return t;
    }

    // ================================================================== accessors

    public long units() {
        return units;
    }

    /** Each unit's measure by unit ({@link UnitMeasure}); empty for a study that measures nothing beyond its games. */
    public SortedMap<Long, String> measures() {
        return Collections.unmodifiableSortedMap(measures);
    }

    /** Puts the measure of a unit this tally holds (a stored result converted, a unit added by {@link #add}). */
    public void measure(long unit, String measure) {
        measures.put(unit, measure);
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
            for (BotFailure.Reason r : TallySchema.REASONS) {
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

    // ================================================================== JSON and checks

    public ObjectNode toJson(ObjectMapper m) {
        return TallyJson.write(this, m);
    }

    /**
     * Reads a tally, checking every field (shape, types, ranges); a problem is an
     * {@link IllegalArgumentException} naming the field, e.g. {@code tally.seat[0][1].games}.
     */
    public static Tally fromJson(JsonNode n) {
        return TallyJson.read(n);
    }

    /**
     * Checks that the counts agree with each other for a run with these lineups and pairing
     * (a file edited by hand, or merged from inconsistent parts, fails): the games of every
     * block add up, W/D/L agree with the pentanomial pair counts, bot totals agree with seat
     * totals. A problem is an {@link IllegalArgumentException} naming the disagreement.
     */
    public void checkConsistent(java.util.List<int[]> lineupSeats, RunConfig.Pairing pairing) {
        TallyChecks.check(this, lineupSeats, pairing);
    }

    /** Seat statistics of a set of games. */
    public static final class SeatBlock extends Block<SeatField> {
        final int players;

        SeatBlock(int players) {
            super(SeatField.values(), players);
            this.players = players;
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

package richelieu.runner.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;


/**
 * The raw counts of a run: integers only, so tallies are exact, merge by addition in any order,
 * and the same units give the same tally at any thread count. Memory is flat however many games
 * (the margin histograms have one entry per distinct margin, a few hundred at most).
 *
 * <p>Indexed by rule set (several when a study compares variants on the same deals), lineup and
 * bot; statistics are computed from these counts by the reports.
 */
public final class Tally implements java.io.Serializable {
    private static final BotFailure.Reason[] REASONS = BotFailure.Reason.values();

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
    /** Per bot: games, sole wins, shared wins, forfeits by reason. */
    final long[] botGames;
    final long[] botWins;
    final long[] botShared;
    final long[][] botForfeits;
    /** Per lineup, when two rule sets play the same deals: deals compared, and deals whose winners differ. */
    final long[] flipDeals;
    final long[] flips;
    /** Per lineup: Σd and Σd² of d = seat 0's half-points under rule set 0 minus under rule set 1, per deal. */
    final long[] diffSum;
    final long[] diffSq;

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
        botGames = new long[bots];
        botWins = new long[bots];
        botShared = new long[bots];
        botForfeits = new long[bots][REASONS.length];
        flipDeals = new long[lineups];
        flips = new long[lineups];
        diffSum = new long[lineups];
        diffSq = new long[lineups];
    }

    public static Tally forPlan(Plan plan) {
        return new Tally(plan.players(), plan.bots().size(), plan.ruleSets().size(), plan.lineups().size());
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
                int b = g.seatBots()[s];
                botGames[b]++;
                if (g.isWinner(s)) {
                    if (g.result().isShared()) {
                        botShared[b]++;
                    } else {
                        botWins[b]++;
                    }
                }
            }
            if (g.result().isForfeit()) {
                botForfeits[g.seatBots()[g.result().forfeitSeat()]][g.forfeit().ordinal()]++;
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
        addFlips(plan, unit, lineup);
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
            pair[v][lo][Math.max(i, j)].penta[half]++;
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
        for (int rot = 0; rot < r; rot++) {
            GameOutcome a = unit.games().get(rot);
            GameOutcome b = unit.games().get(r + rot);
            flipDeals[lineup]++;
            if (a.result().winners() != b.result().winners()) {
                flips[lineup]++;
            }
            long d = seat0HalfPoints(a) - seat0HalfPoints(b);
            diffSum[lineup] += d;
            diffSq[lineup] += d * d;
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
            botGames[b] += o.botGames[b];
            botWins[b] += o.botWins[b];
            botShared[b] += o.botShared[b];
            for (int r = 0; r < REASONS.length; r++) {
                botForfeits[b][r] += o.botForfeits[b][r];
            }
        }
        for (int l = 0; l < lineups; l++) {
            flipDeals[l] += o.flipDeals[l];
            flips[l] += o.flips[l];
            diffSum[l] += o.diffSum[l];
            diffSq[l] += o.diffSq[l];
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
        return botGames[b];
    }

    public long botWins(int b) {
        return botWins[b];
    }

    public long botShared(int b) {
        return botShared[b];
    }

    public long botForfeits(int b, BotFailure.Reason r) {
        return botForfeits[b][r.ordinal()];
    }

    public long totalForfeits() {
        long n = 0;
        for (long[] f : botForfeits) {
            for (long x : f) {
                n += x;
            }
        }
        return n;
    }

    public long flipDeals(int lineup) {
        return flipDeals[lineup];
    }

    public long flips(int lineup) {
        return flips[lineup];
    }

    /** Σ over deals of seat 0's half-points under rule set 0 minus under rule set 1. */
    public long diffSum(int lineup) {
        return diffSum[lineup];
    }

    public long diffSq(int lineup) {
        return diffSq[lineup];
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
                    ObjectNode p = pair[v][i][j].toJson(m);
                    p.put("ruleSet", v);
                    p.put("a", i);
                    p.put("b", j);
                    pairs.add(p);
                }
            }
        }
        ArrayNode bs = n.putArray("botStats");
        for (int b = 0; b < bots; b++) {
            ObjectNode o = bs.addObject();
            o.put("games", botGames[b]);
            o.put("wins", botWins[b]);
            o.put("sharedWins", botShared[b]);
            ObjectNode f = o.putObject("forfeits");
            for (BotFailure.Reason r : REASONS) {
                f.put(r.jsonName(), botForfeits[b][r.ordinal()]);
            }
        }
        ArrayNode fl = n.putArray("flips");
        for (int l = 0; l < lineups; l++) {
            fl.addObject().put("deals", flipDeals[l]).put("flips", flips[l]).put("seat0DiffSum", diffSum[l])
                    .put("seat0DiffSq", diffSq[l]);
        }
        return n;
    }

    public static Tally fromJson(JsonNode n) {
        Tally t = new Tally(n.get("players").asInt(), n.get("bots").asInt(), n.get("ruleSets").asInt(),
                n.get("lineups").asInt());
        t.units = n.get("units").asLong();
        t.games = n.get("games").asLong();
        for (int v = 0; v < t.ruleSets; v++) {
            for (int l = 0; l < t.lineups; l++) {
                t.seat[v][l] = SeatBlock.fromJson(n.get("seat").get(v).get(l), t.players);
            }
        }
        for (JsonNode p : n.get("pairs")) {
            t.pair[p.get("ruleSet").asInt()][p.get("a").asInt()][p.get("b").asInt()] = PairBlock.fromJson(p);
        }
        for (int b = 0; b < t.bots; b++) {
            JsonNode o = n.get("botStats").get(b);
            t.botGames[b] = o.get("games").asLong();
            t.botWins[b] = o.get("wins").asLong();
            t.botShared[b] = o.get("sharedWins").asLong();
            for (BotFailure.Reason r : REASONS) {
                t.botForfeits[b][r.ordinal()] = o.get("forfeits").get(r.jsonName()).asLong();
            }
        }
        for (int l = 0; l < t.lineups; l++) {
            t.flipDeals[l] = n.get("flips").get(l).get("deals").asLong();
            t.flips[l] = n.get("flips").get(l).get("flips").asLong();
            t.diffSum[l] = n.get("flips").get(l).get("seat0DiffSum").asLong();
            t.diffSq[l] = n.get("flips").get(l).get("seat0DiffSq").asLong();
        }
        return t;
    }

    // ================================================================== blocks

    /** Seat statistics of a set of games. */
    public static final class SeatBlock implements java.io.Serializable {
        final int players;
        long games;
        /** Games without a forfeit, over which scores and margins are summed. */
        long scored;
        final long[] soleWins;
        final long[] sharedWins;
        final long[] scoreSum;
        final long[] scoreSq;
        /** 2 players: seat 0's score minus seat 1's. */
        long marginSum;
        long marginSq;
        final Histogram marginHist = new Histogram();
        long turnsSum;
        long turnsSq;
        long forfeits;
        long sharedGames;

        SeatBlock(int players) {
            this.players = players;
            soleWins = new long[players];
            sharedWins = new long[players];
            scoreSum = new long[players];
            scoreSq = new long[players];
        }

        void add(GameOutcome g) {
            games++;
            boolean shared = g.result().isShared();
            if (shared) {
                sharedGames++;
            }
            for (int s = 0; s < players; s++) {
                if (g.isWinner(s)) {
                    if (shared) {
                        sharedWins[s]++;
                    } else {
                        soleWins[s]++;
                    }
                }
            }
            if (g.result().isForfeit()) {
                forfeits++;
                return;
            }
            scored++;
            for (int s = 0; s < players; s++) {
                long x = g.score(s);
                scoreSum[s] += x;
                scoreSq[s] += x * x;
            }
            if (players == 2) {
                int m = g.score(0) - g.score(1);
                marginSum += m;
                marginSq += (long) m * m;
                marginHist.add(m);
            }
            long t = g.result().turns();
            turnsSum += t;
            turnsSq += t * t;
        }

        void merge(SeatBlock o) {
            games += o.games;
            scored += o.scored;
            for (int s = 0; s < players; s++) {
                soleWins[s] += o.soleWins[s];
                sharedWins[s] += o.sharedWins[s];
                scoreSum[s] += o.scoreSum[s];
                scoreSq[s] += o.scoreSq[s];
            }
            marginSum += o.marginSum;
            marginSq += o.marginSq;
            marginHist.merge(o.marginHist);
            turnsSum += o.turnsSum;
            turnsSq += o.turnsSq;
            forfeits += o.forfeits;
            sharedGames += o.sharedGames;
        }

        public long games() {
            return games;
        }

        public long scored() {
            return scored;
        }

        public long soleWins(int seat) {
            return soleWins[seat];
        }

        public long sharedWins(int seat) {
            return sharedWins[seat];
        }

        /** Games won by more than one seat (draws with 2 players). */
        public long sharedGames() {
            return sharedGames;
        }

        public long scoreSum(int seat) {
            return scoreSum[seat];
        }

        public long scoreSq(int seat) {
            return scoreSq[seat];
        }

        public long marginSum() {
            return marginSum;
        }

        public long marginSq() {
            return marginSq;
        }

        /** Seat 0 minus seat 1 score margins (2 players). */
        public Histogram marginHistogram() {
            return marginHist;
        }

        public long turnsSum() {
            return turnsSum;
        }

        public long turnsSq() {
            return turnsSq;
        }

        public long forfeits() {
            return forfeits;
        }

        ObjectNode toJson(ObjectMapper m) {
            ObjectNode n = m.createObjectNode();
            n.put("games", games);
            n.put("scored", scored);
            longs(n.putArray("soleWins"), soleWins);
            longs(n.putArray("sharedWins"), sharedWins);
            longs(n.putArray("scoreSum"), scoreSum);
            longs(n.putArray("scoreSq"), scoreSq);
            n.put("marginSum", marginSum);
            n.put("marginSq", marginSq);
            marginHist.writeJson(n.putObject("marginHistogram"));
            n.put("turnsSum", turnsSum);
            n.put("turnsSq", turnsSq);
            n.put("forfeits", forfeits);
            n.put("sharedGames", sharedGames);
            return n;
        }

        static SeatBlock fromJson(JsonNode n, int players) {
            SeatBlock b = new SeatBlock(players);
            b.games = n.get("games").asLong();
            b.scored = n.get("scored").asLong();
            readLongs(n.get("soleWins"), b.soleWins);
            readLongs(n.get("sharedWins"), b.sharedWins);
            readLongs(n.get("scoreSum"), b.scoreSum);
            readLongs(n.get("scoreSq"), b.scoreSq);
            b.marginSum = n.get("marginSum").asLong();
            b.marginSq = n.get("marginSq").asLong();
            b.marginHist.merge(Histogram.fromJson(n.get("marginHistogram")));
            b.turnsSum = n.get("turnsSum").asLong();
            b.turnsSq = n.get("turnsSq").asLong();
            b.forfeits = n.get("forfeits").asLong();
            b.sharedGames = n.get("sharedGames").asLong();
            return b;
        }
    }

    /** Bot a's results against bot b. */
    public static final class PairBlock implements java.io.Serializable {
        long wins;
        long draws;
        long losses;
        /** Over deals played twice with seats swapped: pairs by a's half-points 0..4 (LL, LD, WL+DD, WD, WW). */
        final long[] penta = new long[5];
        long scored;
        long marginSum;
        long marginSq;

        void addGame(int cmp, int margin, boolean hasScores) {
            if (cmp > 0) {
                wins++;
            } else if (cmp == 0) {
                draws++;
            } else {
                losses++;
            }
            if (hasScores) {
                scored++;
                marginSum += margin;
                marginSq += (long) margin * margin;
            }
        }

        void merge(PairBlock o) {
            wins += o.wins;
            draws += o.draws;
            losses += o.losses;
            for (int i = 0; i < 5; i++) {
                penta[i] += o.penta[i];
            }
            scored += o.scored;
            marginSum += o.marginSum;
            marginSq += o.marginSq;
        }

        PairBlock mirrored() {
            PairBlock p = new PairBlock();
            p.wins = losses;
            p.draws = draws;
            p.losses = wins;
            for (int i = 0; i < 5; i++) {
                p.penta[i] = penta[4 - i];
            }
            p.scored = scored;
            p.marginSum = -marginSum;
            p.marginSq = marginSq;
            return p;
        }

        public long wins() {
            return wins;
        }

        public long draws() {
            return draws;
        }

        public long losses() {
            return losses;
        }

        public long games() {
            return wins + draws + losses;
        }

        public long[] penta() {
            return penta.clone();
        }

        public long pairs() {
            long n = 0;
            for (long x : penta) {
                n += x;
            }
            return n;
        }

        public long scored() {
            return scored;
        }

        public long marginSum() {
            return marginSum;
        }

        public long marginSq() {
            return marginSq;
        }

        ObjectNode toJson(ObjectMapper m) {
            ObjectNode n = m.createObjectNode();
            n.put("wins", wins);
            n.put("draws", draws);
            n.put("losses", losses);
            longs(n.putArray("pentanomial"), penta);
            n.put("scored", scored);
            n.put("marginSum", marginSum);
            n.put("marginSq", marginSq);
            return n;
        }

        static PairBlock fromJson(JsonNode n) {
            PairBlock p = new PairBlock();
            p.wins = n.get("wins").asLong();
            p.draws = n.get("draws").asLong();
            p.losses = n.get("losses").asLong();
            readLongs(n.get("pentanomial"), p.penta);
            p.scored = n.get("scored").asLong();
            p.marginSum = n.get("marginSum").asLong();
            p.marginSq = n.get("marginSq").asLong();
            return p;
        }
    }

    private static void longs(ArrayNode a, long[] v) {
        for (long x : v) {
            a.add(x);
        }
    }

    private static void readLongs(JsonNode a, long[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = a.get(i).asLong();
        }
    }
}

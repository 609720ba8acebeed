package richelieu.runner;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;
import richelieu.runner.report.Format;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.Tally;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.MatchSummary;
import richelieu.runner.stats.MeanEstimate;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.runner.stats.PValue;
import richelieu.runner.stats.PentanomialSummary;
import richelieu.runner.stats.Proportions;
import richelieu.runner.stats.SeatPairTest;
import richelieu.runner.stats.SeatWinTest;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;

import java.util.List;
import java.util.Locale;

/**
 * From raw tallies to statistics, in text and JSON. The formulas live in
 * {@code richelieu.runner.stats}; this class only picks them and lays them out.
 */
final class Analysis {
    static final double CONFIDENCE = 0.95;

    private Analysis() {
    }

    static ObjectNode object() {
        return ResultFile.MAPPER.createObjectNode();
    }

    /** Non-finite numbers are written as strings ("NaN", "Infinity"), since JSON has no such numbers. */
    static void put(ObjectNode n, String key, double v) {
        if (Double.isFinite(v)) {
            n.put(key, v);
        } else {
            n.put(key, Double.toString(v));
        }
    }

    static void put(ObjectNode n, String key, Interval i) {
        ArrayNode a = n.putArray(key);
        for (double v : new double[]{i.low(), i.high()}) {
            if (Double.isFinite(v)) {
                a.add(v);
            } else {
                a.add(Double.toString(v));
            }
        }
    }

    static String pct(double x) {
        return Format.pct(x);
    }

    static String pct(Interval i) {
        return String.format(Locale.ROOT, "[%s, %s]", pct(i.low()), pct(i.high()));
    }

    static String elo(double e) {
        return Format.elo(e);
    }

    static String elo(Interval i) {
        return "[" + elo(i.low()) + ", " + elo(i.high()) + "]";
    }

    /**
     * An Elo estimate with its interval: "+12.3 [+1.0, +25.0]"; when the estimate is infinite (won
     * or lost every game) only the finite end says something: "at least +286.6".
     */
    static String elo(double e, Interval i) {
        if (e == Double.POSITIVE_INFINITY && Double.isFinite(i.low())) {
            return "at least " + elo(i.low());
        }
        if (e == Double.NEGATIVE_INFINITY && Double.isFinite(i.high())) {
            return "at most " + elo(i.high());
        }
        return elo(e) + " " + elo(i);
    }

    static String num(double x, int decimals) {
        return Double.isNaN(x) ? "n/a" : String.format(Locale.ROOT, "%+." + decimals + "f", x);
    }

    static String interval(Interval i, int decimals) {
        return "[" + num(i.low(), decimals) + ", " + num(i.high(), decimals) + "]";
    }

    // ------------------------------------------------------------------ bot vs bot

    /** Results of A against B: trinomial and (with paired deals) pentanomial, and the score margin. */
    static ObjectNode pairJson(Tally.PairBlock p) {
        ObjectNode n = object();
        TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(p.wins(), p.draws(), p.losses()), CONFIDENCE);
        n.put("games", p.games());
        n.put("wins", p.wins());
        n.put("draws", p.draws());
        n.put("losses", p.losses());
        n.set("trinomial", trinomialJson(t));
        if (p.pairs() > 0) {
            long[] c = p.penta();
            PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(c[0], c[1], c[2], c[3], c[4]), CONFIDENCE);
            n.set("pentanomial", pentanomialJson(s));
        }
        if (p.scored() > 1) {
            n.set("scoreMargin", meanJson(MeanEstimate.fromSums(p.scored(), p.marginSum(), p.marginSq(), CONFIDENCE)));
        }
        return n;
    }

    static ObjectNode trinomialJson(TrinomialSummary t) {
        ObjectNode n = object();
        put(n, "score", t.score());
        put(n, "scoreInterval", t.scoreInterval());
        put(n, "elo", t.elo());
        put(n, "eloInterval", t.eloInterval());
        put(n, "eloPlusMinus", t.eloPlusMinus());
        put(n, "nElo", t.nElo());
        put(n, "nEloInterval", t.nEloInterval());
        put(n, "los", t.los());
        put(n, "drawRatio", t.drawRatio());
        put(n, "variancePerGame", t.variance());
        return n;
    }

    static ObjectNode pentanomialJson(PentanomialSummary s) {
        ObjectNode n = object();
        ArrayNode c = n.putArray("counts");
        for (long x : s.counts().toArray()) {
            c.add(x);
        }
        n.put("pairs", s.counts().pairs());
        put(n, "score", s.score());
        put(n, "scoreInterval", s.scoreInterval());
        put(n, "elo", s.elo());
        put(n, "eloInterval", s.eloInterval());
        put(n, "eloPlusMinus", s.eloPlusMinus());
        put(n, "nElo", s.nElo());
        put(n, "nEloInterval", s.nEloInterval());
        put(n, "los", s.los());
        put(n, "pairVariance", s.pairVariance());
        put(n, "pairDrawRatio", s.pairDrawRatio());
        put(n, "pairsRatio", s.pairsRatio());
        return n;
    }

    static ObjectNode meanJson(MeanEstimate m) {
        ObjectNode n = object();
        n.put("n", m.n());
        put(n, "mean", m.mean());
        put(n, "interval", m.interval());
        put(n, "sd", Math.sqrt(m.sampleVariance()));
        return n;
    }

    /** Text block for A against B. */
    static String pairText(String a, String b, Tally.PairBlock p) {
        StringBuilder sb = new StringBuilder();
        TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(p.wins(), p.draws(), p.losses()), CONFIDENCE);
        sb.append(String.format(Locale.ROOT, "%s vs %s: %,d games  W %,d  D %,d  L %,d%n", a, b, p.games(), p.wins(),
                p.draws(), p.losses()));
        sb.append(String.format(Locale.ROOT, "  games (trinomial):   score %s %s   Elo %s   nElo %s   LOS %s   draws %s%n",
                pct(t.score()), pct(t.scoreInterval()), elo(t.elo(), t.eloInterval()), elo(t.nElo()),
                pct(t.los()), pct(t.drawRatio())));
        if (p.pairs() > 0) {
            long[] c = p.penta();
            PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(c[0], c[1], c[2], c[3], c[4]), CONFIDENCE);
            sb.append(String.format(Locale.ROOT, "  pairs (pentanomial): score %s %s   Elo %s   nElo %s   LOS %s%n",
                    pct(s.score()), pct(s.scoreInterval()), elo(s.elo(), s.eloInterval()), elo(s.nElo()), pct(s.los())));
            sb.append(String.format(Locale.ROOT, "  pairs LL %,d  LD %,d  WL+DD %,d  WD %,d  WW %,d%n", c[0], c[1], c[2], c[3], c[4]));
        }
        if (p.scored() > 1) {
            MeanEstimate m = MeanEstimate.fromSums(p.scored(), p.marginSum(), p.marginSq(), CONFIDENCE);
            sb.append(String.format(Locale.ROOT, "  score margin %s − %s: mean %s %s, sd %.1f%n", a, b, num(m.mean(), 2),
                    interval(m.interval(), 2), Math.sqrt(m.sampleVariance())));
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ seats

    /** Seat advantage of a block of games. */
    static ObjectNode seatJson(Tally.SeatBlock s, int players) {
        ObjectNode n = object();
        n.put("games", s.games());
        n.put("sharedWins", s.sharedGames());
        n.put("forfeits", s.forfeits());
        ArrayNode sole = n.putArray("soleWins");
        for (int p = 0; p < players; p++) {
            sole.add(s.soleWins(p));
        }
        SeatPairTest pairTest = seatPairs(s, players);
        if (pairTest != null) {
            ObjectNode a = n.putObject("seatPairs");
            ArrayNode c = a.putArray("counts");
            for (long x : pairTest.pairs().toArray()) {
                c.add(x);
            }
            a.put("pairs", pairTest.pairs().pairs());
            put(a, "score", pairTest.summary().score());
            put(a, "scoreInterval", pairTest.summary().scoreInterval());
            put(a, "elo", pairTest.summary().elo());
            put(a, "eloInterval", pairTest.summary().eloInterval());
            a.put("seat0WonBoth", pairTest.seat0WonBoth());
            a.put("seat1WonBoth", pairTest.seat1WonBoth());
            put(a, "signTestP", pairTest.signTestP());
            if (s.scored() > 1) {
                n.set("margin", meanJson(MeanEstimate.fromSums(s.scored(), s.marginSum(), s.marginSq(), CONFIDENCE)));
            }
        } else if (players == 2 && s.forfeits() > 0) {
            if (s.scored() > 1) { // #9 item 13: a forfeit, not the seat, decided those games; no seat test
                n.set("margin", meanJson(MeanEstimate.fromSums(s.scored(), s.marginSum(), s.marginSq(), CONFIDENCE)));
            }
        } else if (players == 2) {
            long w0 = s.soleWins(0);
            long w1 = s.soleWins(1);
            long decisive = w0 + w1;
            ObjectNode a = n.putObject("seat0");
            put(a, "winRateDecisive", decisive == 0 ? Double.NaN : w0 / (double) decisive);
            put(a, "winRateDecisiveInterval", decisive == 0 ? Interval.UNDEFINED : Proportions.wilson(w0, decisive, CONFIDENCE));
            put(a, "exactBinomialP", decisive == 0 ? Double.NaN : Proportions.binomialTwoSidedPValue(w0, decisive, 0.5));
            TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(w0, s.sharedGames(), w1), CONFIDENCE);
            put(a, "score", t.score());
            put(a, "scoreInterval", t.scoreInterval());
            put(a, "elo", t.elo());
            put(a, "eloInterval", t.eloInterval());
            if (s.scored() > 1) {
                n.set("margin", meanJson(MeanEstimate.fromSums(s.scored(), s.marginSum(), s.marginSq(), CONFIDENCE)));
            }
        } else if (s.forfeits() == 0) {
            long[] wins = new long[players];
            for (int p = 0; p < players; p++) {
                wins[p] = s.soleWins(p);
            }
            SeatWinTest test = SeatWinTest.equalWinRates(CONFIDENCE, wins);
            ObjectNode c = n.putObject("chiSquare");
            put(c, "statistic", test.statistic());
            c.put("degreesOfFreedom", test.degreesOfFreedom());
            put(c, "p", test.pValue());
            ArrayNode rates = n.putArray("winRate");
            long sum = 0;
            for (long w : wins) {
                sum += w;
            }
            for (int p = 0; p < players; p++) {
                ObjectNode r = rates.addObject();
                put(r, "shareOfSoleWins", sum == 0 ? Double.NaN : wins[p] / (double) sum);
                put(r, "interval", test.winRateIntervals().get(p));
                put(r, "winRatePerGame", s.games() == 0 ? Double.NaN : wins[p] / (double) s.games());
            }
        }
        if (s.scored() > 1) {
            ArrayNode scores = n.putArray("meanScore");
            for (int p = 0; p < players; p++) {
                scores.add(meanJson(MeanEstimate.fromSums(s.scored(), s.scoreSum(p), s.scoreSq(p), CONFIDENCE)));
            }
            n.set("turns", meanJson(MeanEstimate.fromSums(s.scored(), s.turnsSum(), s.turnsSq(), CONFIDENCE)));
        }
        return n;
    }

    /**
     * The pair-level seat test when every game of the block belongs to a deal played twice with the
     * seats swapped (2 players, paired), else null. Files written before the seat pairs were
     * counted have none; they keep the game-level figures.
     */
    static SeatPairTest seatPairs(Tally.SeatBlock s, int players) {
        long[] c = s.seatPairs();
        long pairs = 0;
        for (long x : c) {
            pairs += x;
        }
        if (players != 2 || pairs == 0 || 2 * pairs != s.games() || s.forfeits() > 0) {
            return null;
        }
        return SeatPairTest.of(PentanomialCounts.of(c), CONFIDENCE);
    }

    static String seatText(Tally.SeatBlock s, int players, String indent) {
        StringBuilder sb = new StringBuilder();
        if (s.forfeits() > 0) { // #9 item 13: a forfeit, not the seat, decided those games
            sb.append(String.format(Locale.ROOT, "%sseat advantage not tested: %,d of %,d games were forfeited; scores, "
                    + "margins and lengths are over the %,d games played out%n", indent, s.forfeits(), s.games(), s.scored()));
        }
        SeatPairTest pairTest = seatPairs(s, players);
        if (pairTest != null) {
            PentanomialSummary t = pairTest.summary();
            sb.append(String.format(Locale.ROOT, "%sseat 0 scores %s %s over %,d deals played both ways (pair-level interval); "
                            + "draws %,d%n", indent, pct(t.score()), pct(t.scoreInterval()), pairTest.pairs().pairs(),
                    s.sharedGames()));
            if (pairTest.split() == 0) {
                sb.append(String.format(Locale.ROOT, "%sno split deals (each bot winning once): the games cannot show a "
                        + "seat advantage by the sign test%n", indent));
            } else {
                sb.append(String.format(Locale.ROOT, "%ssplit deals (each bot won once): seat 0 won both games in %,d, seat 1 "
                                + "in %,d (exact McNemar test, %s)%n", indent, pairTest.seat0WonBoth(), pairTest.seat1WonBoth(),
                        PValue.text(pairTest.signTestP(), 4)));
            }
            if (s.scored() > 1) {
                MeanEstimate m = MeanEstimate.fromSums(s.scored(), s.marginSum(), s.marginSq(), CONFIDENCE);
                MeanEstimate s0 = MeanEstimate.fromSums(s.scored(), s.scoreSum(0), s.scoreSq(0), CONFIDENCE);
                MeanEstimate s1 = MeanEstimate.fromSums(s.scored(), s.scoreSum(1), s.scoreSq(1), CONFIDENCE);
                sb.append(String.format(Locale.ROOT, "%smean score seat 0 %.2f, seat 1 %.2f; margin seat 0 − seat 1 %s %s "
                                + "(sd %.1f; game-level interval, conservative with unequal bots)%n", indent, s0.mean(), s1.mean(),
                        num(m.mean(), 2), interval(m.interval(), 2), Math.sqrt(m.sampleVariance())));
            }
        } else if (players == 2) {
            long w0 = s.soleWins(0);
            long w1 = s.soleWins(1);
            long decisive = w0 + w1;
            if (decisive > 0 && s.forfeits() == 0) {
                Interval ci = Proportions.wilson(w0, decisive, CONFIDENCE);
                double p = Proportions.binomialTwoSidedPValue(w0, decisive, 0.5);
                sb.append(String.format(Locale.ROOT, "%sseat 0 wins %s %s of %,d decisive games (exact binomial %s); draws %,d%n",
                        indent, pct(w0 / (double) decisive), pct(ci), decisive, PValue.text(p, 4), s.sharedGames()));
            }
            if (s.scored() > 1) {
                MeanEstimate m = MeanEstimate.fromSums(s.scored(), s.marginSum(), s.marginSq(), CONFIDENCE);
                MeanEstimate s0 = MeanEstimate.fromSums(s.scored(), s.scoreSum(0), s.scoreSq(0), CONFIDENCE);
                MeanEstimate s1 = MeanEstimate.fromSums(s.scored(), s.scoreSum(1), s.scoreSq(1), CONFIDENCE);
                sb.append(String.format(Locale.ROOT, "%smean score seat 0 %.2f, seat 1 %.2f; margin seat 0 − seat 1 %s %s (sd %.1f)%n",
                        indent, s0.mean(), s1.mean(), num(m.mean(), 2), interval(m.interval(), 2), Math.sqrt(m.sampleVariance())));
            }
        } else if (s.forfeits() == 0) {
            long[] wins = new long[players];
            for (int p = 0; p < players; p++) {
                wins[p] = s.soleWins(p);
            }
            SeatWinTest test = SeatWinTest.equalWinRates(CONFIDENCE, wins);
            sb.append(indent).append("sole wins by seat:");
            for (int p = 0; p < players; p++) {
                sb.append(String.format(Locale.ROOT, "  %d: %,d %s", p, wins[p], pct(test.winRateIntervals().get(p))));
            }
            sb.append(String.format(Locale.ROOT, "%n%schi-square (equal seats) = %.2f, df %d, %s; shared wins %,d%n", indent,
                    test.statistic(), test.degreesOfFreedom(), PValue.text(test.pValue(), 4), s.sharedGames()));
        }
        if (s.scored() > 1) {
            MeanEstimate t = MeanEstimate.fromSums(s.scored(), s.turnsSum(), s.turnsSq(), CONFIDENCE);
            sb.append(String.format(Locale.ROOT, "%sgame length %.1f turns (sd %.1f)%n", indent, t.mean(), Math.sqrt(t.sampleVariance())));
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ forfeits

    static ObjectNode forfeitsJson(Tally t, List<String> bots) {
        ObjectNode n = object();
        for (int b = 0; b < bots.size(); b++) {
            ObjectNode o = n.putObject(bots.get(b));
            for (BotFailure.Reason r : BotFailure.Reason.values()) {
                o.put(r.jsonName(), t.botForfeits(b, r));
            }
        }
        return n;
    }

    static String forfeitsText(Tally t, List<String> bots) {
        if (t.totalForfeits() == 0) {
            return "forfeits: none\n";
        }
        StringBuilder sb = new StringBuilder("forfeits:");
        for (int b = 0; b < bots.size(); b++) {
            StringBuilder line = new StringBuilder();
            for (BotFailure.Reason r : BotFailure.Reason.values()) {
                long n = t.botForfeits(b, r);
                if (n > 0) {
                    line.append(' ').append(r.jsonName()).append(' ').append(n);
                }
            }
            if (line.length() > 0) {
                sb.append("  ").append(bots.get(b)).append(':').append(line);
            }
        }
        return sb.append('\n').toString();
    }
}

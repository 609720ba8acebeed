package richelieu.runner.study;

import richelieu.engine.BotFailure;
import richelieu.runner.answers.FirstPlayerVerdict;
import richelieu.runner.answers.HeadToHead;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.MeanStats;
import richelieu.runner.studystats.PentanomialStats;
import richelieu.runner.studystats.ScoreEstimate;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.studystats.TrinomialStats;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.stats.EloScale;
import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.runner.text.Format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text of the statistics: lays out the typed records of {@code richelieu.runner.studystats}
 * (computed there from the tally, with the formulas of {@code richelieu.runner.stats}).
 */
public final class StatisticsText {
    public static final double CONFIDENCE = StudyStatistics.CONFIDENCE;

    private StatisticsText() {
    }

    public static String pct(double x) {
        return Format.pct(x);
    }

    public static String pct(Interval i) {
        return String.format(Locale.ROOT, "[%s, %s]", pct(i.low()), pct(i.high()));
    }

    public static String elo(double e) {
        return Format.elo(e);
    }

    public static String elo(Interval i) {
        return "[" + elo(i.low()) + ", " + elo(i.high()) + "]";
    }

    /**
     * An Elo estimate with its interval: "+12.3 [+1.0, +25.0]"; when the estimate is infinite (won
     * or lost every game) only the finite end says something: "at least +286.6".
     */
    public static String elo(double e, Interval i) {
        if (e == Double.POSITIVE_INFINITY && Double.isFinite(i.low())) {
            return "at least " + elo(i.low());
        }
        if (e == Double.NEGATIVE_INFINITY && Double.isFinite(i.high())) {
            return "at most " + elo(i.high());
        }
        return elo(e) + " " + elo(i);
    }

    public static String num(double x, int decimals) {
        return Double.isNaN(x) ? "n/a" : String.format(Locale.ROOT, "%+." + decimals + "f", x);
    }

    public static String interval(Interval i, int decimals) {
        return "[" + num(i.low(), decimals) + ", " + num(i.high(), decimals) + "]";
    }

    /**
     * The fair bonus with its interval: "+0.5 points [-0.5, +1.5]"; below 6 games "+7.0 points
     * (its interval needs at least 6 games)".
     */
    static String bonus(BalanceStats.Compensation c) {
        return num(c.points(), 1) + " points " + (Double.isNaN(c.interval().low()) ? "(its 95% interval needs at least 6 games)"
                : interval(c.interval(), 1));
    }

    /**
     * A balance verdict as the report words it: "equally balanced within ±1.5 pp (90% interval
     * [-0.71, -0.05] pp against the margin ±1.5 pp; TOST p 3.5e-08, difference p 0.165, both
     * Holm-corrected over the 2 bots of this run)".
     */
    static String verdict(BalanceStats.Verdict v, BalanceVerdict.Intervals intervals) {
        String margin = BalanceStats.marginWords(v.margin());
        return String.format(Locale.ROOT, "%s (%s; TOST p %s, difference p %s, %s)", v.answer(),
                Format.verdictIntervals(intervals, margin), PValue.value(v.pEquivalenceHolm(), 3),
                PValue.value(v.pDifferenceHolm(), 3), v.holmOver() > 1 ? "both Holm-corrected over the " + v.holmOver()
                        + " bots of this run, each interval at the level of the Holm step that decided its test"
                        : "one bot: no correction");
    }

    /**
     * The answer to "is A stronger than B?" in words: "A is stronger than B (Elo +62.0 [+40.0,
     * +85.0], LOS 100.0%)", "B is stronger than A (…)", "A and B are equally strong within ±20 Elo
     * (…; TOST p 0.003)", or that the games do not tell them apart; each claim true at the
     * extremes ({@link HeadToHead}).
     */
    public static String headToHead(String a, String b, HeadToHead h) {
        String margin = String.format(Locale.ROOT, "±%.0f Elo", h.marginElo());
        String tost = "TOST p " + PValue.value(h.pEquivalence(), 3);
        ScoreEstimate s = h.estimate();
        String eloAB = "Elo " + elo(s.elo(), s.eloInterval());
        String eloBA = "Elo " + elo(-s.elo(), new Interval(-s.eloInterval().high(), -s.eloInterval().low()));
        String small = h.withinMargin() ? ", by less than " + margin.substring(1) + " (" + tost + ")" : "";
        return switch (h.kind()) {
            case A_STRONGER -> a + " is stronger than " + b + " (" + eloAB + ", LOS " + pct(h.los()) + ")" + small;
            case B_STRONGER -> b + " is stronger than " + a + " (" + eloBA + ", LOS " + pct(1 - h.los()) + ")" + small;
            case EQUAL -> a + " and " + b + " are equally strong within " + margin + " (" + a + "'s score " + pct(s.score())
                    + ", 90% interval " + pct(h.equivalence()) + "; " + tost + ")";
            case NOT_TOLD_APART -> h.units() == 0 ? "no game between them was played out: nothing to tell"
                    : "the games do not tell " + a + " and " + b + " apart (" + a + "'s " + eloAB + ", LOS "
                    + pct(h.los()) + "), nor show them equal within " + margin + " (" + tost + "); more games would";
        };
    }

    /**
     * The answer to "does the first player have an advantage?" for one bot ({@link FirstPlayerVerdict}):
     * "yes: seat 0 wins 52.7% of the decisive games (exact binomial p = 0.0012)", "no, the second
     * player has one: …", "no advantage larger than ±1.5 pp: … (TOST p …)", or that the games do not tell.
     */
    static String firstPlayer(FirstPlayerVerdict v) {
        String holm = v.family() > 1 ? ", Holm-corrected over the " + v.family() + " bots" : "";
        String margin = "±" + BalanceStats.marginWords(v.margin()) + " pp";
        String tost = "TOST p " + PValue.value(v.pEquivalenceHolm(), 3) + holm;
        String share = "seat 0 wins " + pct(v.share()) + " of the decisive games";
        String small = v.withinMargin() ? ", an advantage smaller than " + margin + " (" + tost + ")" : "";
        return switch (v.kind()) {
            case FIRST -> "yes: " + share + " (exact binomial " + PValue.text(v.pHolm(), 4) + holm + ")" + small;
            case SECOND -> "no, the second player has one: " + share + " (exact binomial " + PValue.text(v.pHolm(), 4)
                    + holm + ")" + small;
            case EQUAL -> "no advantage larger than " + margin + ": " + share + ", 90% interval " + pct(v.equivalence())
                    + " (" + tost + ")";
            case NOT_TOLD -> Double.isNaN(v.share()) ? "not told: no game was decisive"
                    : "not told: " + share + "; neither an advantage (exact binomial " + PValue.text(v.pHolm(), 4) + holm
                    + ") nor its absence within " + margin + " (" + tost + ") is shown; more games would tell";
            case NOT_TESTED -> "not tested: forfeits decided some games (see above)";
        };
    }

    /**
     * The answer to "does the seat order matter?" with 3-4 players: yes when the test of equal
     * seats rejects at 5%; otherwise it is not shown — no test of equivalence is made, so this is
     * never a claim that the seats are equal.
     */
    static String seatOrder(SeatStats s) {
        SeatStats.ChiSquare chi = s.chiSquare();
        if (s.forfeits() > 0 || chi == null || Double.isNaN(chi.p())) {
            return "not tested (see above)";
        }
        int best = 0;
        for (int p = 1; p < s.soleWins().length; p++) {
            best = s.soleWins()[p] > s.soleWins()[best] ? p : best;
        }
        return chi.p() < 0.05 ? "yes: the seats differ (" + PValue.text(chi.p(), 4) + "); seat " + best
                + " wins alone most often, " + pct(s.winRate().get(best).shareOfSoleWins()) + " of the games won alone"
                : "not shown (" + PValue.text(chi.p(), 4) + "); no test of equal seats is made with more than 2 players, "
                + "so this is no claim that they are equal";
    }

    /** The name of the test behind a paired difference's p-value and interval: the t-test, or the exact one without spread. */
    static String pairedTest(BoundedMean d) {
        return d.noSpread() ? "exact test: every deal gave the same difference" : "paired t-test";
    }

    // ------------------------------------------------------------------ bot vs bot

    /** Text block for a against b, with the note on a missing nElo ({@link #nEloNote}). */
    public static String pairText(String a, String b, MatchStats m) {
        return pairText(a, b, m, true);
    }

    /**
     * Text block for a against b; {@code note}: with the note on a missing nElo (a table of many
     * pairs prints it once, after them).
     */
    public static String pairText(String a, String b, MatchStats m, boolean note) {
        StringBuilder sb = new StringBuilder();
        TrinomialStats t = m.trinomial();
        sb.append(String.format(Locale.ROOT, "%s vs %s: %,d games  W %,d  D %,d  L %,d%n", a, b, m.games(), m.wins(),
                m.draws(), m.losses()));
        sb.append(String.format(Locale.ROOT, "  games (trinomial):   score %s %s   Elo %s   nElo %s   LOS %s   draws %s%n",
                pct(t.score()), pct(t.scoreInterval()), elo(t.elo(), t.eloInterval()), elo(t.nElo()),
                pct(t.los()), pct(t.drawRatio())));
        PentanomialStats s = m.pentanomial();
        if (s != null) {
            long[] c = s.counts();
            sb.append(String.format(Locale.ROOT, "  pairs (pentanomial): score %s %s   Elo %s   nElo %s   LOS %s%n",
                    pct(s.score()), pct(s.scoreInterval()), elo(s.elo(), s.eloInterval()), elo(s.nElo()), pct(s.los())));
            sb.append(String.format(Locale.ROOT, "  pairs LL %,d  LD %,d  WL+DD %,d  WD %,d  WW %,d%n", c[0], c[1], c[2], c[3], c[4]));
        }
        if (note) {
            sb.append(nEloNote(m));
        }
        MeanStats margin = m.scoreMargin();
        if (margin != null) {
            sb.append(String.format(Locale.ROOT, "  score margin %s − %s: mean %s %s, sd %.1f%n", a, b, num(margin.mean(), 2),
                    interval(margin.interval(), 2), margin.sd()));
        }
        return sb.toString();
    }

    /** Why a pair's nElo is "n/a" (a line, indented), or "" when it is given. */
    public static String nEloNote(MatchStats m) {
        boolean gamesNElo = m.games() > 0 && Double.isNaN(m.trinomial().nElo());
        boolean pairsNElo = m.pentanomial() != null && m.pentanomial().pairs() > 0 && Double.isNaN(m.pentanomial().nElo());
        if (!gamesNElo && !pairsNElo) {
            return "";
        }
        return String.format(Locale.ROOT, "  nElo not given: fewer than %d %s differ from the most common result "
                + "(nElo divides by the spread of the results)%n", EloScale.NELO_MIN_OFF_MODE,
                gamesNElo && pairsNElo ? "games (pairs)" : gamesNElo ? "games" : "pairs");
    }

    // ------------------------------------------------------------------ seats

    public static String seatText(SeatStats s, String indent) {
        StringBuilder sb = new StringBuilder();
        if (s.forfeits() > 0) { // a forfeit, not the seat, decided those games
            sb.append(String.format(Locale.ROOT, "%sseat advantage not tested: %,d of %,d games were forfeited; scores, "
                    + "margins and lengths are over the %,d games played out%n", indent, s.forfeits(), s.games(),
                    s.games() - s.forfeits()));
        }
        SeatStats.SeatPairs pairs = s.seatPairs();
        SeatStats.Seat0 seat0 = s.seat0();
        if (pairs != null) {
            sb.append(String.format(Locale.ROOT, "%sseat 0 scores %s %s over %,d deals played both ways (pair-level interval); "
                            + "draws %,d%n", indent, pct(pairs.score()), pct(pairs.scoreInterval()), pairs.pairs(),
                    s.sharedWins()));
            if (pairs.split() == 0) {
                sb.append(String.format(Locale.ROOT, "%sno split deals (each bot winning once): the games cannot show a "
                        + "seat advantage by the sign test%n", indent));
            } else {
                sb.append(String.format(Locale.ROOT, "%ssplit deals (each bot won once): seat 0 won both games in %,d, seat 1 "
                                + "in %,d (exact McNemar test, %s)%n", indent, pairs.seat0WonBoth(), pairs.seat1WonBoth(),
                        PValue.text(pairs.signTestP(), 4)));
            }
            if (s.margin() != null) {
                MeanStats m = s.margin();
                sb.append(String.format(Locale.ROOT, "%smean score seat 0 %.2f, seat 1 %.2f; margin seat 0 − seat 1 %s %s "
                                + "(sd %.1f; game-level interval, conservative with unequal bots)%n", indent,
                        s.meanScore().get(0).mean(), s.meanScore().get(1).mean(), num(m.mean(), 2), interval(m.interval(), 2),
                        m.sd()));
            }
        } else if (s.soleWins().length == 2) {
            long decisive = s.decisive();
            if (seat0 != null && decisive > 0) {
                sb.append(String.format(Locale.ROOT, "%sseat 0 wins %s %s of %,d decisive games (exact binomial %s); draws %,d%n",
                        indent, pct(seat0.winRateDecisive()), pct(seat0.winRateDecisiveInterval()), decisive,
                        PValue.text(seat0.exactBinomialP(), 4), s.sharedWins()));
            }
            if (s.margin() != null) {
                MeanStats m = s.margin();
                sb.append(String.format(Locale.ROOT, "%smean score seat 0 %.2f, seat 1 %.2f; margin seat 0 − seat 1 %s %s (sd %.1f)%n",
                        indent, s.meanScore().get(0).mean(), s.meanScore().get(1).mean(), num(m.mean(), 2),
                        interval(m.interval(), 2), m.sd()));
            }
        } else if (s.chiSquare() != null) {
            sb.append(indent).append("share of the games won alone, by seat (simultaneous 95% intervals):");
            for (int p = 0; p < s.soleWins().length; p++) {
                SeatStats.SeatShare share = s.winRate().get(p);
                sb.append(String.format(Locale.ROOT, "  %d: %s %s (%,d)", p, pct(share.shareOfSoleWins()),
                        pct(share.interval()), s.soleWins()[p]));
            }
            SeatStats.ChiSquare chi = s.chiSquare();
            if (chi.deals() == null) {
                sb.append(String.format(Locale.ROOT, "%n%schi-square (equal seats) = %.2f, df %d, %s; shared wins %,d%n", indent,
                        chi.statistic(), chi.degreesOfFreedom(), PValue.text(chi.p(), 4), s.sharedWins()));
            } else {
                // the rotations of a deal share its cards: the test is over deals; the Wilson intervals above are not
                sb.append(String.format(Locale.ROOT, " (intervals: games taken as independent)%n%sequal seats, tested over %,d "
                                + "deals each played in all %d rotations (Wald, cluster-robust) = %.2f, df %d, %s; shared wins %,d%n",
                        indent, chi.deals(), s.soleWins().length, chi.statistic(), chi.degreesOfFreedom(), PValue.text(chi.p(), 4),
                        s.sharedWins()));
            }
        }
        if (s.turns() != null) {
            sb.append(String.format(Locale.ROOT, "%sgame length %.1f turns (sd %.1f)%n", indent, s.turns().mean(), s.turns().sd()));
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ answer first

    /**
     * Puts a report's answer first: {@code answer} (one or more lines) right after the blank line
     * that follows the run's header, then a blank line, then the detail it rests on. A reader (or a
     * log) sees the answer without scrolling past every pair's or bot's figures.
     *
     * @param report the report's text so far, which starts with the blank line after the header
     */
    public static void answerFirst(StringBuilder report, String answer) {
        if (report.length() == 0 || report.charAt(0) != '\n') {
            throw new IllegalArgumentException("a report starts with the blank line after its header");
        }
        report.insert(1, answer.endsWith("\n") ? answer + "\n" : answer + "\n\n");
    }

    // ------------------------------------------------------------------ forfeits

    public static String forfeitsText(Tally t, List<String> bots) {
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

    /** Why there is no rating list: "not identified by these games (…): they order the bots but …". */
    public static String notIdentifiedText(BradleyTerry.Sweep sweep, List<String> names) {
        return "not identified by these games (" + sweepText(sweep, names) + "): they order the bots but do not bound "
                + "the Elo gaps, and a bootstrap would only echo the prior";
    }

    /**
     * "random scored no points against greedy, heuristic": only the meetings that were played,
     * those with the same opponents in one clause ("random, bob scored no points against greedy;
     * heuristic scored no points against alice").
     */
    public static String sweepText(BradleyTerry.Sweep sweep, List<String> names) {
        Map<List<Integer>, List<String>> byOpponents = new LinkedHashMap<>();
        for (int i = 0; i < sweep.scoredNothing().size(); i++) {
            List<Integer> met = sweep.met().get(i);
            if (!met.isEmpty()) {
                byOpponents.computeIfAbsent(met, m -> new ArrayList<>()).add(names.get(sweep.scoredNothing().get(i)));
            }
        }
        List<String> clauses = new ArrayList<>();
        byOpponents.forEach((met, losers) -> clauses.add(String.join(", ", losers) + " scored no points against "
                + String.join(", ", met.stream().map(names::get).toList())));
        return String.join("; ", clauses);
    }
}

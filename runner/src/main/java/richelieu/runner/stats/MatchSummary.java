package richelieu.runner.stats;

import java.util.Locale;

/**
 * The trinomial and pentanomial summaries of the same match, side by side. The pentanomial figures
 * are the ones to trust (the pair is the independent unit); the trinomial ones are kept as a sanity
 * check and because the ratio of the two variances measures how much pairing the deals reduced the
 * noise.
 *
 * @param trinomial   statistics over single games
 * @param pentanomial statistics over game pairs
 */
public record MatchSummary(TrinomialSummary trinomial, PentanomialSummary pentanomial) {

    public MatchSummary {
        checkConsistent(trinomial.counts(), pentanomial.counts());
        if (trinomial.confidence() != pentanomial.confidence()) {
            throw new IllegalArgumentException("summaries use different confidence levels: "
                    + trinomial.confidence() + " vs " + pentanomial.confidence());
        }
    }

    /** Both summaries at 95%. */
    public static MatchSummary of(TrinomialCounts games, PentanomialCounts pairs) {
        return of(games, pairs, 0.95);
    }

    /**
     * Both summaries at the given confidence level.
     *
     * @throws IllegalArgumentException if the counts cannot describe the same games: the number of
     *                                  games must be twice the number of pairs and the points
     *                                  scored must agree
     */
    public static MatchSummary of(TrinomialCounts games, PentanomialCounts pairs, double confidence) {
        return new MatchSummary(TrinomialSummary.of(games, confidence), PentanomialSummary.of(pairs, confidence));
    }

    private static void checkConsistent(TrinomialCounts games, PentanomialCounts pairs) {
        if (games.games() != pairs.games()) {
            throw new IllegalArgumentException("trinomial counts hold " + games.games() + " games but the "
                    + pairs.pairs() + " pairs hold " + pairs.games());
        }
        if (games.halfPoints() != pairs.halfPoints()) {
            throw new IllegalArgumentException("trinomial counts score " + games.halfPoints() / 2.0
                    + " points but the pairs score " + pairs.halfPoints() / 2.0);
        }
    }

    /**
     * Per-game variance from pairs divided by the per-game variance from single games (fishtest
     * "ratio"): below 1 when pairing the deals removed noise.
     */
    public double varianceRatio() {
        return pentanomial.perGameVariance() / trinomial.variance();
    }

    /** A fixed-width text table with the two models in adjacent columns. */
    public String format() {
        StringBuilder out = new StringBuilder();
        String pct = String.format(Locale.ROOT, "%.0f%%", 100 * trinomial.confidence());
        row(out, "", "trinomial (games)", "pentanomial (pairs)");
        row(out, "sample", trinomial.games() + " games", pentanomial.pairs() + " pairs");
        row(out, "score " + pct, withInterval(trinomial.score(), trinomial.scoreInterval(), "%.5f"),
                withInterval(pentanomial.score(), pentanomial.scoreInterval(), "%.5f"));
        row(out, "variance/game", fmt("%.5f", trinomial.variance()), fmt("%.5f", pentanomial.perGameVariance()));
        row(out, "Elo " + pct, withInterval(trinomial.elo(), trinomial.eloInterval(), "%.2f"),
                withInterval(pentanomial.elo(), pentanomial.eloInterval(), "%.2f"));
        row(out, "Elo ±", fmt("%.2f", trinomial.eloPlusMinus()), fmt("%.2f", pentanomial.eloPlusMinus()));
        row(out, "nElo " + pct, withInterval(trinomial.nElo(), trinomial.nEloInterval(), "%.2f"),
                withInterval(pentanomial.nElo(), pentanomial.nEloInterval(), "%.2f"));
        row(out, "LOS", fmt("%.4f", trinomial.los()), fmt("%.4f", pentanomial.los()));
        row(out, "draw ratio", fmt("%.4f", trinomial.drawRatio()), fmt("%.4f", pentanomial.pairDrawRatio()));
        row(out, "pairs ratio", "", fmt("%.3f", pentanomial.pairsRatio()));
        return out.toString();
    }

    private static String withInterval(double value, Interval interval, String pattern) {
        return fmt(pattern, value) + " [" + fmt(pattern, interval.low()) + ", " + fmt(pattern, interval.high()) + "]";
    }

    private static String fmt(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }

    private static void row(StringBuilder out, String label, String left, String right) {
        out.append(String.format(Locale.ROOT, "%-14s %-34s %s%n", label, left, right));
    }
}

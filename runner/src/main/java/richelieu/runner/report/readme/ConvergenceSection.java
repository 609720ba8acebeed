package richelieu.runner.report.readme;

import richelieu.runner.answers.ConvergenceAnswer;
import richelieu.runner.answers.ConvergenceAnswer.Point;
import richelieu.runner.answers.ConvergenceAnswer.Series;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.runner.stats.WeightedTrend;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static richelieu.runner.text.Format.eloInterval;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.signed;

/**
 * "Does the answer converge as play gets stronger?": each answer against the ladder's Elo, the
 * weighted line's slope with its test of no trend and its equivalence test, the line at the top
 * bot's Elo beside that bot's own games, a verdict that claims no more than the intervals, why 3 and
 * 4 players are not fitted, and what it says about perfect play (with the distance study, when there).
 */
public final class ConvergenceSection {
    /** The chart's base name in results/. */
    public static final String CHART = "convergence-by-elo";

    private ConvergenceSection() {
    }

    static void write(StringBuilder md, ConvergenceAnswer a, DistanceResult distance) {
        if (a.series().stream().allMatch(s -> s.points().isEmpty() && s.notRated().isEmpty())) {
            return;
        }
        md.append("### Does the answer converge as play gets stronger?\n\n");
        md.append("For every bot rated on the ladder above that has the study, its answer against its Bradley–Terry Elo, "
                + "and a straight line fitted by weighted least squares (weights 1/variance of each bot's estimate; a bot's "
                + "standard error is its 95% interval's half-width ÷ 1.96). Where the bots scatter about the line more than "
                + "their own errors allow, the slope's error is scaled up by that scatter (φ), and every test and interval "
                + "uses Student t on n − 2 degrees of freedom for n bots: with a handful of bots the intervals are wide, as "
                + "they should be. The ratings' own uncertainty does not touch the test of no trend (without a trend the "
                + "answer does not depend on Elo at all); the slope is corrected for the pull towards 0 it causes "
                + "(reliability λ, treating the ratings' errors as independent). \"Does not change\" is claimed only when "
                + "the two one-sided tests put the slope within ±").append(num(ConvergenceAnswer.MARGIN, 1))
                .append(" pp per 100 Elo; the line is not extended beyond the strongest bot. Chart: [").append(CHART)
                .append("](").append(CHART).append(".png).\n\n");
        for (Series s : a.series()) {
            if (s.points().isEmpty() && s.notRated().isEmpty()) {
                continue;
            }
            md.append("**").append(capital(s.kind().words())).append("** (").append(s.kind().measure()).append("): ")
                    .append(verdict(s)).append(".\n\n");
            if (!s.points().isEmpty()) {
                md.append("| bot | Elo (Bradley–Terry) | ").append(s.kind().words()).append(" (95%) | study |\n|---|---|---|---|\n");
                for (Point p : s.points()) {
                    md.append("| ").append(p.bot()).append(" | ").append(signed(p.elo(), 0)).append(' ')
                            .append(eloInterval(p.rating().interval())).append(" | ")
                            .append(pp(s, p.value())).append(' ').append(interval(s, p.interval())).append(" | [")
                            .append(p.from().id()).append("](").append(p.from().id()).append(".md) |\n");
                }
                md.append('\n').append(details(s)).append("\n\n");
            }
            List<String> out = new ArrayList<>();
            if (!s.notRated().isEmpty()) {
                out.add("not on the ladder: " + String.join(", ", s.notRated()));
            }
            if (!s.noError().isEmpty()) {
                out.add("without a standard error: " + String.join(", ", s.noError()));
            }
            if (!out.isEmpty()) {
                md.append("Left out (").append(String.join("; ", out)).append(").\n\n");
            }
        }
        multiPlayer(md, a.multiPlayer());
        perfectPlay(md, a, distance);
    }

    /** The verdict on one answer, one sentence without its full stop. */
    static String verdict(Series s) {
        if (s.points().isEmpty()) {
            return "no bot with this study is rated on the ladder, so there is nothing to set against strength";
        }
        WeightedTrend t = s.trend();
        String slope = slope(t);
        String top = atTop(s);
        return switch (s.reading()) {
            case NO_TEST -> String.format(Locale.ROOT, "%s; %s", why(t), top);
            case TREND -> String.format(Locale.ROOT, "%s changes with strength: %s (%s)%s; %s", s.kind().words(), slope,
                    PValue.text(t.p(), 3), s.equivalence().equivalent() ? String.format(Locale.ROOT,
                            ", though by less than ±%s pp per 100 Elo (TOST p = %s)", num(ConvergenceAnswer.MARGIN, 1),
                            PValue.value(s.equivalence().p(), 3)) : "", top);
            case NO_CHANGE -> String.format(Locale.ROOT, "%s: %s (%s), within ±%s pp per 100 Elo by the two one-sided "
                            + "tests (90%% interval %s, TOST p = %s)%s; %s",
                    t.pFit() < ConvergenceAnswer.ALPHA ? s.kind().words() + " has no trend with strength"
                            : s.kind().words() + " does not detectably change with strength",
                    slope, PValue.text(t.p(), 3), num(ConvergenceAnswer.MARGIN, 1),
                    slopeInterval(s.equivalence().interval()), PValue.value(s.equivalence().p(), 3), misfit(t), top);
            case UNDETERMINED -> String.format(Locale.ROOT, "no trend of %s with strength detected (%s, %s), but the data "
                            + "cannot exclude one between %s and %s pp per 100 Elo (the margin of \"does not change\" is "
                            + "±%s); %s", s.kind().words(), slope, PValue.text(t.p(), 3), signed(t.interval().low(), 2),
                    signed(t.interval().high(), 2), num(ConvergenceAnswer.MARGIN, 1), top);
        };
    }

    /**
     * When the bots scatter about the line beyond their errors, the line is an average over them, not
     * every bot's answer: said, so that "no trend" is not read as "the same for every bot".
     */
    private static String misfit(WeightedTrend t) {
        return t.pFit() < ConvergenceAnswer.ALPHA ? String.format(Locale.ROOT, ", though the bots differ from the line "
                + "by more than their errors (χ² test of the line's fit %s), so the line is their average and single bots' "
                + "answers still differ", PValue.text(t.pFit(), 3)) : "";
    }

    /**
     * The In brief sentence: each answer's verdict in a clause (the details are in the section),
     * or null when no answer has a bot to fit.
     */
    static String brief(ConvergenceAnswer a) {
        List<String> parts = new ArrayList<>();
        for (Series s : a.series()) {
            if (!s.points().isEmpty()) {
                parts.add(shortVerdict(s));
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        String joined = String.join("; ", parts);
        return Character.toUpperCase(joined.charAt(0)) + joined.substring(1) + ".";
    }

    private static String shortVerdict(Series s) {
        WeightedTrend t = s.trend();
        String reading = switch (s.reading()) {
            case NO_TEST -> why(t);
            case TREND -> String.format(Locale.ROOT, "changes with strength (%s, %s)", slope(t), PValue.text(t.p(), 3));
            case NO_CHANGE -> String.format(Locale.ROOT, "no trend with strength (%s; within ±%s by TOST, p = %s)%s",
                    slope(t), num(ConvergenceAnswer.MARGIN, 1), PValue.value(s.equivalence().p(), 3),
                    t.pFit() < ConvergenceAnswer.ALPHA ? ", though single bots scatter about the line beyond their errors" : "");
            case UNDETERMINED -> String.format(Locale.ROOT, "undetermined (%s: neither a trend nor its absence shown)",
                    slope(t));
        };
        Point p = s.top();
        return String.format(Locale.ROOT, "%s: %s, and %s %s at the top (%s, %s Elo)", s.kind().words(), reading,
                pp(s, p.value()), interval(s, p.interval()), p.bot(), signed(p.elo(), 0));
    }

    private static String why(WeightedTrend t) {
        return switch (t.status()) {
            case SAME_X -> t.n() == 1 ? "one bot is rated and studied: no trend can be fitted"
                    : "every bot studied has the same Elo: no trend can be fitted";
            case TWO_POINTS -> "two bots are rated and studied: a line passes through both, with nothing left to test it "
                    + "(a test needs three)";
            case X_TOO_UNCERTAIN -> "the ratings' own uncertainty is as large as their spread: the slope is not identified";
            default -> "no bot is rated and studied";
        };
    }

    private static String atTop(Series s) {
        Point p = s.top();
        String own = String.format(Locale.ROOT, "at the top (%s, %s Elo) it is %s %s in its own games", p.bot(),
                signed(p.elo(), 0), pp(s, p.value()), interval(s, p.interval()));
        WeightedTrend.Fit f = s.atTop();
        return Double.isNaN(f.value()) ? own : own + String.format(Locale.ROOT, " (the line there: %s %s)",
                pp(s, f.value()), interval(s, f.interval()));
    }

    private static String details(Series s) {
        WeightedTrend t = s.trend();
        if (!t.fitted()) {
            return capital(why(t)) + ".";
        }
        return String.format(Locale.ROOT, "Slope %s pp per 100 Elo, 95%% interval %s (t test of no trend on %d degrees of "
                        + "freedom: %s); 90%% interval %s against ±%s (TOST p = %s). A line %s the bots within their own "
                        + "errors (χ² = %.1f on %d df, %s%s). Reliability of the ratings λ = %.4f.",
                signed(t.slope(), 2), slopeInterval(t.interval()), t.df(), PValue.text(t.p(), 3),
                slopeInterval(s.equivalence().interval()), num(ConvergenceAnswer.MARGIN, 1),
                PValue.value(s.equivalence().p(), 3), t.pFit() < ConvergenceAnswer.ALPHA ? "does not fit" : "fits",
                t.q(), t.df(), PValue.text(t.pFit(), 3),
                t.dispersion() > 1 ? String.format(Locale.ROOT, ": the slope's error is scaled by √φ, φ = %.2f",
                        t.dispersion()) : "", t.reliability());
    }

    private static void multiPlayer(StringBuilder md, Map<Integer, List<String>> multi) {
        List<String> parts = new ArrayList<>();
        multi.forEach((k, bots) -> parts.add(k + " players: " + String.join(", ", bots)));
        md.append("**3 and 4 players are not fitted.** The ladder rates bots in 2-player games only; a bot's 2-player "
                + "rating is not a measured strength with 3 or 4 players (the search bots are tuned per player count "
                + "because the best settings differ), so there is no defensible strength axis to set the seat shares "
                + "against")
                .append(parts.isEmpty() ? "" : " (studied: " + String.join("; ", parts) + ")")
                .append(". Their seat shares per bot are in *With 3 and 4 players, does the seat order matter?* above.\n\n");
    }

    private static void perfectPlay(StringBuilder md, ConvergenceAnswer a, DistanceResult distance) {
        Point top = a.top();
        if (top == null) {
            return;
        }
        md.append("**What it says about perfect play:** nothing beyond ").append(top.bot()).append(", the strongest bot "
                + "fitted (").append(signed(top.elo(), 0)).append(" Elo): the line is not extended past it");
        // the top bot itself, or else the same bot with other settings (pimc at its default budget, say)
        String measured = distance == null ? null : distance.bots().contains(top.bot()) ? top.bot()
                : distance.bots().stream().filter(b -> b.split(":", 2)[0].equals(top.bot().split(":", 2)[0]))
                .findFirst().orElse(null);
        DistanceResult.Cell own = measured == null ? null : distance.cell(measured, DistanceResult.ALL);
        if (own != null && own.decisions() > 0) {
            List<Integer> cards = distance.cards().stream().sorted().toList();
            md.append(String.format(Locale.ROOT, measured.equals(top.bot())
                            ? ", and it is still measurably short of perfect play: it gives away game "
                            + "value in %s %s of its decisions with %d to %d cards on the table, against the exact solver "
                            + "of the open game ([distance/distance.md](distance/distance.md))"
                            : ". The same bot with other settings, " + measured + ", is still measurably short of perfect "
                            + "play: it gives away game value in %s %s of its decisions with %d to %d cards on the table, "
                            + "against the exact solver of the open game ([distance/distance.md](distance/distance.md)); "
                            + top.bot() + " itself was not measured",
                    pct(own.share()), pctInterval(own.shareInterval()),
                    cards.get(0), cards.get(cards.size() - 1)));
            DistanceResult.Cell best = null;
            for (String b : distance.bots()) {
                DistanceResult.Cell c = distance.cell(b, DistanceResult.ALL);
                if (c.decisions() > 0 && (best == null || c.share() < best.share())) {
                    best = c;
                }
            }
            if (best != null && !best.bot().equals(measured)) {
                md.append(String.format(Locale.ROOT, " (the closest bot there, %s, %s %s)", best.bot(),
                        pct(best.share()),
                        pctInterval(best.shareInterval())));
            }
        }
        md.append(". The answer with perfect play is not measured here.\n\n");
    }

    private static String pp(Series s, double v) {
        return signed(v, decimals(s)) + " pp";
    }

    private static String interval(Series s, Interval i) {
        return "[" + signed(i.low(), decimals(s)) + ", " + signed(i.high(), decimals(s)) + "]";
    }

    private static String slope(WeightedTrend t) {
        return "slope " + signed(t.slope(), 2) + " pp per 100 Elo " + slopeInterval(t.interval());
    }

    private static String slopeInterval(Interval i) {
        return "[" + signed(i.low(), 2) + ", " + signed(i.high(), 2) + "]";
    }

    /** Seat advantages read in tenths of a point elsewhere in the README, paired differences in hundredths. */
    private static int decimals(Series s) {
        return s.kind() == ConvergenceAnswer.Kind.SEAT_ADVANTAGE ? 1 : 2;
    }

    private static String num(double x, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}

package richelieu.runner.text;

import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;

import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.SpecText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way a percentage, a difference in percentage points, an Elo difference, a p-value, a
 * bonus in points and a bot's budget read, in the text reports, the README and the charts.
 */
public final class Format {
    private Format() {
    }

    /**
     * Text from a file (a deck's name, a seat's name, a message quoting them) as it may be
     * printed: control characters, line and paragraph separators and bidirectional overrides
     * become {@code \\uXXXX}, so that data never moves the cursor, clears the screen or splits a
     * line of the output.
     */
    public static String data(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean escape = Character.isISOControl(c) || c == '\u2028' || c == '\u2029'
                    || c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069';
            if (escape && sb == null) {
                sb = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (sb != null) {
                if (escape) {
                    sb.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** A proportion as a percentage with one decimal ("53.2%"); "n/a" for NaN, "±inf" for infinities. */
    /**
     * A word of a command line as a shell takes it back: as it is when it holds only letters,
     * digits and {@code _ . / : = , + -}, else in single quotes (a quote inside written '\'').
     */
    public static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./:=,+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    public static String pct(double x) {
        if (Double.isNaN(x)) {
            return "n/a";
        }
        return Double.isInfinite(x) ? (x > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%.1f%%", 100 * x);
    }

    /** An interval of proportions in percent with one decimal: "[51.7, 53.2]". */
    public static String pctInterval(double lo, double hi) {
        return String.format(Locale.ROOT, "[%.1f, %.1f]", 100 * lo, 100 * hi);
    }

    /** {@link #pctInterval(double, double)} of an interval. */
    public static String pctInterval(Interval i) {
        return pctInterval(i.low(), i.high());
    }

    /** A difference of proportions in percentage points, signed with two decimals: "[-0.71, +0.20]". */
    public static String ppInterval(Interval i) {
        return "[" + signed(100 * i.low(), 2) + ", " + signed(100 * i.high(), 2) + "]";
    }

    /**
     * The intervals that go with a balance verdict, each with its confidence, and the margin the
     * TOST interval is held against: "difference [-1.90, -0.02] pp (99.5%), TOST [-1.80, -0.12] pp
     * (99%) against ±1.5 pp". Every page prints a verdict's intervals this one way, so that a test
     * can read them back.
     *
     * @param marginPp the margin in percentage points as the verdict words write it ("1.5")
     */
    public static String verdictIntervals(BalanceVerdict.Intervals v, String marginPp) {
        return "difference " + ppInterval(v.difference()) + " pp (" + confidence(v.differenceConfidence()) + "), TOST "
                + ppInterval(v.equivalence()) + " pp (" + confidence(v.equivalenceConfidence()) + ") against ±" + marginPp + " pp";
    }

    /** A confidence level in percent, at most two decimals, no trailing zeros: "95%", "99.5%", "98.33%". */
    public static String confidence(double level) {
        if (Double.isNaN(level)) {
            return "n/a";
        }
        return java.math.BigDecimal.valueOf(100 * level).setScale(2, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros()
                .toPlainString() + "%";
    }

    /** An interval of Elo differences, signed, no decimals: "[+363, +385]". */
    public static String eloInterval(Interval i) {
        return eloInterval(i.low(), i.high());
    }

    /** {@link #eloInterval(Interval)} from its ends. */
    public static String eloInterval(double lo, double hi) {
        return "[" + signed(lo, 0) + ", " + signed(hi, 0) + "]";
    }

    /** A p-value in a table cell, three decimals ({@link PValue#value}). */
    public static String pValue(double p) {
        return PValue.value(p, 3);
    }

    /** A bonus in points on the half-point grid, as a column head says it: "0", "½", "1½", "−2". */
    public static String bonus(double points) {
        if (Double.isNaN(points)) {
            return "n/a";
        }
        long whole = (long) Math.floor(Math.abs(points));
        boolean half = Math.abs(points) - whole != 0;
        String abs = half ? (whole == 0 ? "½" : whole + "½") : Long.toString(whole);
        return points < 0 ? "−" + abs : abs;
    }

    /**
     * The bots with their per-decision budgets: an iteration budget is reproducible by seed, a time
     * budget is not; a bot without either has no search budget. The budget is the bot's own reading
     * of its spec (a search bot that sets neither has its default iterations; {@code millis} above 0
     * replaces the iterations), so each definition ({@code label=spec} or a spec) is parsed with the
     * shipped bots; a plug-in's spec, which they cannot parse, is read as text.
     */
    public static String budgets(List<String> definitions) {
        return budgets(definitions, definitions);
    }

    /**
     * {@link #budgets(List)} of bots shown under their shipped names, each followed, where the
     * result file keeps another spec ({@code playedAs}, in the same order), by that spec once.
     */
    public static String budgets(List<String> definitions, List<String> playedAs) {
        Bots shipped = Bots.standard();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < definitions.size(); i++) {
            String definition = definitions.get(i);
            SpecText text = SpecText.read(definition);
            String shown = text.label() == null ? "`" + definition + "`"
                    : "`" + text.label() + "` (`" + text.spec() + "`)";
            String played = playedAs.get(i);
            if (!played.equals(definition)) {
                shown += " (played as `" + played + "`, its older spelling: the same games)";
            }
            out.add(shown + ": " + budget(shipped, definition));
        }
        return String.join("; ", out) + ".";
    }

    private static String budget(Bots shipped, String definition) {
        String iterations;
        String millis;
        String clock = null;
        String samples = null;
        String exact = null;
        try {
            BotSpec bot = shipped.parse(definition);
            iterations = declares(bot, "iterations") ? bot.params().getString("iterations") : null;
            millis = declares(bot, Bots.MOVE_TIME_PARAMETER) ? bot.params().getString(Bots.MOVE_TIME_PARAMETER) : null;
            clock = declares(bot, "clock") ? bot.params().getString("clock") : null;
            // pimc: token deals per endgame decision, solved exactly from this many cards on the table
            samples = declares(bot, "samples") ? bot.params().getString("samples") : null;
            exact = declares(bot, "exact") ? bot.params().getString("exact") : null;
        } catch (RuntimeException notShipped) {
            Matcher it = Pattern.compile("(?:^|[:,])iterations=(\\d+)").matcher(definition);
            Matcher ms = Pattern.compile("(?:^|[:,])millis=(\\d+)").matcher(definition);
            iterations = it.find() ? it.group(1) : null;
            millis = ms.find() ? ms.group(1) : null;
        }
        if (millis != null && Long.parseLong(millis) > 0) {
            return millis + ("cpu".equalsIgnoreCase(clock) ? " ms of CPU time" : " ms of wall-clock time")
                    + " per decision (not reproducible)";
        }
        if (iterations != null && samples != null && exact != null) {
            return String.format(Locale.ROOT, "%,d search iterations per decision, then, from %s cards on the table, "
                    + "%,d token deals each solved exactly, whatever the time (reproducible by seed)",
                    Long.parseLong(iterations), exact, Long.parseLong(samples));
        }
        if (iterations != null) {
            return String.format(Locale.ROOT, "%,d search iterations per decision, whatever the time (reproducible by seed)",
                    Long.parseLong(iterations));
        }
        return "no search budget (a fixed rule, the same at any speed)";
    }

    private static boolean declares(BotSpec bot, String name) {
        return bot.factory().parameters().stream().anyMatch(p -> p.name().equals(name));
    }

    /** Signed with {@code decimals} places ("+0.04"); "n/a" for NaN, "±inf" for infinities. */
    public static String signed(double x, int decimals) {
        if (Double.isNaN(x)) {
            return "n/a";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+." + decimals + "f", x);
    }

    /** An Elo difference with sign and one decimal ("+35.2"); "n/a" for NaN, "±inf" for infinities. */
    public static String elo(double e) {
        if (Double.isNaN(e)) {
            return "n/a";
        }
        return Double.isInfinite(e) ? (e > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%+.1f", e);
    }
}

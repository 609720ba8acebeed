package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.studystats.MarginCounts;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Distributions of the score margin (seat 0 − seat 1 in self-play, bot a − bot b between two
 * bots), one line per lineup and rule set (colour = the lineup's look, a bot's in self-play;
 * dash = rule set), as the share of games per bin; more than {@value Style#MAX_SERIES} lines go
 * into panels, one per rule set and group of lineups. Bins are an odd number of points wide, centred on multiples of the width (so
 * 0 is a bin centre), chosen to give about 45 bins over the margins seen; lines join bin centres.
 */
final class MarginsChart {
    private MarginsChart() {
    }

    static void draw(List<MarginCounts> margins, String context, BotOrder order, Path base) {
        Charts.requireFonts();
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (MarginCounts m : margins) {
            if (!m.counts().isEmpty()) {
                min = Math.min(min, m.counts().firstKey());
                max = Math.max(max, m.counts().lastKey());
            }
        }
        if (min > max) {
            throw new UserError("the margins chart has no scored games to show");
        }
        int width = binWidth(min, max);
        int kMin = Math.floorDiv(min + width / 2, width) - 1;
        int kMax = Math.floorDiv(max + width / 2, width) + 1;
        List<String> whats = margins.stream().map(MarginCounts::what).distinct().toList();
        String what = whats.size() == 1 ? whats.get(0) : "as in the legend";
        List<String> lineups = new ArrayList<>();
        List<String> ruleSets = new ArrayList<>();
        double top = 0;
        for (MarginCounts m : margins) {
            if (!lineups.contains(m.lineup())) {
                lineups.add(m.lineup());
            }
            if (!ruleSets.contains(m.ruleSet())) {
                ruleSets.add(m.ruleSet());
            }
            for (double s : binShares(m.counts(), width, kMin, kMax)) {
                top = Math.max(top, s);
            }
        }
        lineups = order.sort(lineups);
        List<Integer> looks = order.looks(lineups);
        // one plot while it carries few lines; else a panel per rule set, and per group of lineups
        boolean byRules = ruleSets.size() > 1 && lineups.size() * ruleSets.size() > Style.MAX_SERIES;
        List<String> panelRules = byRules ? ruleSets : List.of("");
        List<List<String>> groups = PanelsFigure.split(lineups, PanelsFigure.count(lineups.size(), Style.MAX_SERIES
                / (byRules ? 1 : ruleSets.size())));
        List<String> desc = new ArrayList<>();
        desc.add("Distribution of the score margin " + what + ", as the share of each line's games per bin of "
                + width + " point" + (width == 1 ? "" : "s") + " (bin centres at multiples of " + width + ").");
        Charts.addContext(desc, context);
        desc.add(BotOrder.looksLine(lineups, looks));
        double[] x = new double[kMax - kMin + 1];
        for (int k = kMin; k <= kMax; k++) {
            x[k - kMin] = (double) k * width;
        }
        List<LineFigure> panels = new ArrayList<>();
        for (List<String> group : groups) {
            for (String rules : panelRules) {
                LineFigure panel = new LineFigure(panelTitle(rules, group, lineups, groups.size()), "", "",
                        new Figure.Axis((double) kMin * width, (double) kMax * width, "+0;-0"),
                        new Figure.Axis(0, top > 0 ? top * 1.06 : 1, "0.#%"));
                panel.mark(0);
                for (MarginCounts m : margins) {
                    if (m.total() == 0 || !group.contains(m.lineup()) || !(rules.isEmpty() || rules.equals(m.ruleSet()))) {
                        continue;
                    }
                    String name = m.lineup() + (ruleSets.size() > 1 && !byRules ? " · " + m.ruleSet() : "") + " ("
                            + m.total() + " games)";
                    Color c = Style.colour(looks.get(lineups.indexOf(m.lineup())));
                    panel.line(name, x, binShares(m.counts(), width, kMin, kMax), c,
                            Style.dash(byRules ? 0 : ruleSets.indexOf(m.ruleSet())));
                }
                panels.add(panel);
            }
        }
        for (MarginCounts m : margins) {
            long total = m.total();
            if (total == 0) {
                continue;
            }
            double sum = 0;
            for (Map.Entry<Integer, Long> e : m.counts().entrySet()) {
                sum += (double) e.getKey() * e.getValue();
            }
            desc.add(String.format(Locale.ROOT, "%s, %s: %d games, mean margin %+.2f", m.lineup(), m.ruleSet(), total,
                    sum / total));
        }
        Figure f = PanelsFigure.of(Charts.withContext("Score margin distribution", context),
                "score margin, " + what + " (points" + (width == 1 ? "" : "; bins of " + width) + ")",
                "share of games" + (width == 1 ? "" : " per bin"), panels, panelRules.size());
        Charts.write(f, base, desc);
    }

    /** A panel's title: its rule set, and which of the lineups when they take several panels. */
    private static String panelTitle(String rules, List<String> group, List<String> lineups, int groups) {
        int first = lineups.indexOf(group.get(0)) + 1;
        String which = groups == 1 ? "" : String.format(Locale.ROOT, "lineups %d–%d of %d", first,
                first + group.size() - 1, lineups.size());
        return rules.isEmpty() ? which : which.isEmpty() ? rules : rules + " · " + which;
    }

    /**
     * Share of the games in each bin k = kMin..kMax (bin k holds margins within width/2 of
     * k·width; width odd), out of all the games counted.
     */
    static double[] binShares(NavigableMap<Integer, Long> counts, int width, int kMin, int kMax) {
        long total = 0;
        long[] bins = new long[kMax - kMin + 1];
        for (Map.Entry<Integer, Long> e : counts.entrySet()) {
            int k = Math.floorDiv(e.getKey() + width / 2, width);
            if (k >= kMin && k <= kMax) {
                bins[k - kMin] += e.getValue();
            }
            total += e.getValue();
        }
        double[] shares = new double[bins.length];
        for (int i = 0; i < bins.length; i++) {
            shares[i] = total == 0 ? 0 : bins[i] / (double) total;
        }
        return shares;
    }

    /** Smallest odd width giving at most about 45 bins over [min, max]. */
    static int binWidth(int min, int max) {
        int w = Math.max(1, (int) Math.ceil((max - min + 1) / 45.0));
        return w % 2 == 0 ? w + 1 : w;
    }
}

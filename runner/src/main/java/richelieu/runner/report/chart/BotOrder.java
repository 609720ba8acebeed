package richelieu.runner.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One order of the bots and one look per bot for every chart of a report: the bots as the ladder
 * ranks them (strongest first), then the bots the ladder has not rated, by name. Bot k of the
 * order has colour k and marker k of {@link Style}, so a bot looks the same in every chart that
 * draws it, and every bot of the order looks different from every other. Rows of bots follow the
 * order; a name the order does not know (a lineup "a − b", a bot of a file charted alone) comes
 * after every known one, in the order it is met, with the looks after theirs.
 */
public final class BotOrder {
    private final Map<String, Integer> rank = new LinkedHashMap<>();

    private BotOrder(List<String> names) {
        for (String n : names) {
            rank.putIfAbsent(n, rank.size());
        }
    }

    /** The order: {@code ranked} as given (strongest first), then {@code others} not among them, by name. */
    public static BotOrder of(List<String> ranked, List<String> others) {
        List<String> all = new ArrayList<>(ranked);
        others.stream().filter(b -> !ranked.contains(b)).distinct().sorted().forEach(all::add);
        return new BotOrder(all);
    }

    /** No order: every name as met (a chart drawn without a ladder). */
    public static BotOrder none() {
        return new BotOrder(List.of());
    }

    /** The order of the names as met (a chart drawn without a ladder). */
    public static BotOrder asMet(List<String> names) {
        return new BotOrder(names);
    }

    /** The names in this order (unknown names after the known ones, as met). */
    List<String> sort(List<String> names) {
        List<String> sorted = new ArrayList<>(names.stream().distinct().toList());
        sorted.sort(Comparator.comparingInt(n -> rank.getOrDefault(n, Integer.MAX_VALUE)));
        return sorted;
    }

    /**
     * The look index of each name among {@code names}: a known bot's rank, an unknown name the
     * next index after all known ones, as met.
     */
    List<Integer> looks(List<String> names) {
        List<Integer> out = new ArrayList<>();
        Map<String, Integer> unknown = new LinkedHashMap<>();
        for (String n : names) {
            Integer r = rank.get(n);
            out.add(r != null ? r : rank.size() + unknown.computeIfAbsent(n, k -> unknown.size()));
        }
        return out;
    }

    /** The look index of one name (an unknown name: the first index after the known ones). */
    int look(String name) {
        return looks(List.of(name)).get(0);
    }

    /**
     * The desc line that records each bot's look, "bot looks: random #0072b2 circle; ...", which
     * the tests read across every committed chart.
     */
    static String looksLine(List<String> names, List<Integer> looks) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            parts.add(names.get(i) + " " + hex(Style.colour(looks.get(i))) + " "
                    + Style.marker(looks.get(i)).name().toLowerCase(Locale.ROOT));
        }
        return "bot looks: " + String.join("; ", parts);
    }

    static String hex(Color c) {
        return String.format(Locale.ROOT, "#%06x", c.getRGB() & 0xFFFFFF);
    }
}

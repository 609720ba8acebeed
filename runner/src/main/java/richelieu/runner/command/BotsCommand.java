package richelieu.runner.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code richelieu bots}: every bot that can be named in a spec. */
@Command(name = "bots", mixinStandardHelpOptions = true,
        description = {"List the bots a run can name (shipped, and those of the plug-ins named) with their parameters.",
                "Exactly what match, tournament and the other commands accept with the same options."})
public final class BotsCommand implements Callable<Integer> {
    @Mixin
    BotOptions botOptions = new BotOptions();

    @Override
    public Integer call() {
        Bots bots = botOptions.registry();
        List<StrategyFactory> shipped = new ArrayList<>();
        List<StrategyFactory> kept = new ArrayList<>();
        int width = 10;
        for (StrategyFactory f : bots.factories()) {
            (Bots.isKept(f) ? kept : shipped).add(f);
            width = Math.max(width, f.name().length());
        }
        System.out.println("Bots (spec: name or name:key=value,key=value; a name is BASE or BASE-Np, the values tuned "
                + "for N players: docs/bots.md):");
        for (StrategyFactory f : shipped) {
            System.out.printf("  %-" + width + "s %s%n", f.name(), f.description());
            for (StrategyFactory.Parameter p : f.parameters()) {
                String values = p.values();
                System.out.printf("  %" + width + "s   %s=%s  %s%s%n", "", p.name(), p.defaultValue(), p.description(),
                        values.isEmpty() ? "" : "  [" + values + "]");
            }
        }
        if (!kept.isEmpty()) {
            System.out.println("Kept for replaying earlier results (every output shows each under the shipped name that plays "
                    + "the same games, where one does):");
            for (StrategyFactory f : kept) {
                System.out.printf("  %-" + width + "s %s%n", f.name(), f.description());
            }
        }
        System.out.println("Examples: random   greedy   ismcts:iterations=2000,c=0.7   ismcts:millis=50   "
                + "ismcts-mast-2p:iterations=4000   ismcts-mast-3p (strength: results/README.md)");
        String costs = costs();
        if (costs != null) {
            System.out.print(costs);
        }
        return 0;
    }

    /** Where {@link #costs} reads the measured costs (written by benchmarks BotCosts; results/benchmarks/bot-costs.md). */
    static final String COSTS = "bot-costs.json";

    /**
     * Each shipped bot's CPU time per decision with its default parameters, as measured (the
     * speed of a match or an environment against it follows from it), or null if the jar has no
     * measurement.
     */
    static String costs() {
        try (InputStream in = BotsCommand.class.getResourceAsStream(COSTS)) {
            if (in == null) {
                return null;
            }
            JsonNode root = new ObjectMapper().readTree(in);
            StringBuilder sb = new StringBuilder("Cost per decision (CPU time, " + root.path("players").asInt()
                    + " players, default parameters; results/benchmarks/bot-costs.md):\n ");
            int width = 1;
            for (JsonNode c : root.path("costs")) {
                String item = String.format(Locale.ROOT, " %s %s", c.path("bot").asText(),
                        time(c.path("medianMicros").asDouble()));
                if (width + item.length() > 100) {
                    sb.append("\n ");
                    width = 1;
                }
                sb.append(item).append(';');
                width += item.length() + 1;
            }
            sb.setLength(sb.length() - 1);
            return sb.append("\n").toString();
        } catch (IOException e) {
            return null;
        }
    }

    /** A time in µs, or ms from 1,000 µs, to two significant digits at least. */
    private static String time(double micros) {
        return micros >= 1000 ? String.format(Locale.ROOT, "%.1f ms", micros / 1000)
                : micros >= 10 ? String.format(Locale.ROOT, "%.0f µs", micros)
                : String.format(Locale.ROOT, "%.1f µs", micros);
    }
}

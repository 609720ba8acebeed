package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.util.ArrayList;
import java.util.List;
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
        return 0;
    }
}

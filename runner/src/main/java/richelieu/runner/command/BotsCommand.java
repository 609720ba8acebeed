package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import richelieu.runner.UserError;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code richelieu bots}: every bot that can be named in a spec. */
@Command(name = "bots", mixinStandardHelpOptions = true,
        description = "List the bots (shipped, plugins/ and --plugin jars) with their parameters.")
public final class BotsCommand implements Callable<Integer> {
    @Option(names = "--plugin", paramLabel = "JAR", description = "Also load bots from this jar or folder.")
    List<Path> plugins = new ArrayList<>();

    @Override
    public Integer call() {
        List<Path> all = new ArrayList<>();
        if (Files.isDirectory(Path.of("plugins"))) {
            all.add(Path.of("plugins"));
        }
        all.addAll(plugins);
        Bots bots;
        try {
            bots = Bots.withPlugins(all);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        System.out.println("Bots (spec: name or name:key=value,key=value):");
        int width = 10;
        for (StrategyFactory f : bots.factories()) {
            width = Math.max(width, f.name().length());
        }
        for (StrategyFactory f : bots.factories()) {
            System.out.printf("  %-" + width + "s %s%n", f.name(), f.description());
            for (StrategyFactory.Parameter p : f.parameters()) {
                String values = p.values();
                System.out.printf("  %" + width + "s   %s=%s  %s%s%n", "", p.name(), p.defaultValue(), p.description(),
                        values.isEmpty() ? "" : "  [" + values + "]");
            }
        }
        System.out.println("Examples: random   greedy   ismcts:iterations=2000,c=0.7   ismcts:millis=50   "
                + "ismcts-mast (the strongest)");
        return 0;
    }
}

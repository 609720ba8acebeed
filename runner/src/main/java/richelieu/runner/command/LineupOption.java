package richelieu.runner.command;

import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --lineup}, written once for the commands that sample positions from the games of a lineup of bots
 * (a picocli mixin); each command gives its default pair.
 */
final class LineupOption {
    @Option(names = "--lineup", split = ",", paramLabel = "BOT", description = "The bots whose games give the "
            + "positions, one per seat (default: ${DEFAULT-VALUE}).")
    List<String> bots;

    LineupOption(String first, String second) {
        bots = new ArrayList<>(List.of(first, second));
    }
}

package richelieu.runner.command;

import picocli.CommandLine.Option;
import richelieu.runner.study.RunSize;

/**
 * {@code --pairs} and {@code --games}, written once for every study that plays a number of deals
 * (a picocli mixin). Both count per lineup — per pair of bots in a match, per lineup of a
 * tournament, per bot in the self-play studies — and each study says its default.
 */
final class GamesOptions {
    @Option(names = "--pairs", paramLabel = "N", description = "Deals per lineup (a bot alone in self-play), each "
            + "played in every seat rotation and under every rule set of the study.")
    Long pairs;

    @Option(names = "--games", paramLabel = "N", description = "Games per lineup instead: a multiple of the games "
            + "each deal is played.")
    Long games;

    RunSize size() {
        return new RunSize(pairs, games);
    }
}

package richelieu.runner.command;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
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

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    RunSize size() {
        return new RunSize(pairs, games);
    }

    /** A resumed run's size as deals, unless {@code --pairs} or {@code --games} was typed (it must then agree). */
    void adoptPairs(long deals) {
        if (!given()) {
            pairs = deals;
        }
    }

    /** A resumed run's size as games, unless {@code --pairs} or {@code --games} was typed (it must then agree). */
    void adoptGames(long games) {
        if (!given()) {
            this.games = games;
        }
    }

    private boolean given() {
        ParseResult typed = command.commandLine().getParseResult();
        return typed.hasMatchedOption("--pairs") || typed.hasMatchedOption("--games");
    }
}

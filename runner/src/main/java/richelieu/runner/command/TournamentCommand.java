package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.TournamentStudy;

import java.util.ArrayList;
import java.util.List;

/** {@code richelieu tournament [BOT…]}: the {@link TournamentStudy} of the bots named. */
@Command(name = "tournament", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Round robin with ratings (the main job; no arguments: the shipped bots).", "Round robin: every lineup of bots plays the same deals in every seat rotation. "
                + "Reports Bradley-Terry ratings with bootstrap intervals, the pairwise score matrix, seat "
                + "advantage and forfeits.",
                "With no bots: " + TournamentStudy.DEFAULT_BOTS_TEXT + ".",
                "Example: ./richelieu tournament random greedy heuristic --pairs 500 --seed 1"})
public final class TournamentCommand extends StudyCommand<TournamentStudy.Settings> {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bot specs (default: " + TournamentStudy.DEFAULT_BOTS_TEXT + ").")
    List<String> bots = new ArrayList<>();

    @Mixin
    VariantOption variant = new VariantOption();

    @Option(names = "--players", description = "2, 3 or 4 (default: ${DEFAULT-VALUE}). With 3-4 players every "
            + "combination of that many bots plays, in all rotations.")
    int players = 2;

    @Mixin
    GamesOptions size = new GamesOptions();

    @Option(names = "--bootstrap", description = "Bootstrap replicates for the rating intervals (default: ${DEFAULT-VALUE}).")
    int replicates = 1000;

    public TournamentCommand() {
        super(new TournamentStudy());
    }

    @Override
    TournamentStudy.Settings settings() {
        return new TournamentStudy.Settings(bots, players, size.size(), variant.get(), replicates);
    }

    @Override
    void adopt(RunConfig file) {
        adoptBots(bots, file);
        TournamentStudy.Settings f = study.settingsOf(file);
        variant.adopt(file);
        if (!given("--players")) {
            players = f.players();
        }
        size.adoptPairs(file.deals());
        if (!given("--bootstrap")) {
            replicates = f.bootstrap();
        }
    }
}

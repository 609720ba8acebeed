package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.FirstPlayerStudy;

import java.util.ArrayList;
import java.util.List;

/** {@code richelieu first-player BOT…}: the {@link FirstPlayerStudy} of each bot. */
@Command(name = "first-player", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Seat advantage of each bot in self-play.", "Seat advantage study: each bot plays itself, one game per deal. With 2 players: seat 0's "
                + "win rate among decisive games with a 95%% Wilson interval and an exact two-sided binomial test, "
                + "draws, and the mean score margin seat 0 - seat 1 with its interval. With 3-4 players: win rate "
                + "by seat with intervals and a chi-square test of equal seats.",
                "10000 games per bot by default.",
                "Example: ./richelieu first-player random greedy --games 100000 --seed 1"})
public final class FirstPlayerCommand extends StudyCommand<FirstPlayerStudy.Settings> {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots, each studied in self-play (default: random greedy heuristic).")
    List<String> bots = new ArrayList<>();

    @Mixin
    VariantOption variant = new VariantOption();

    @Option(names = "--players", description = "2, 3 or 4 (default: ${DEFAULT-VALUE}).")
    int players = 2;

    @Mixin
    GamesOptions size = new GamesOptions();

    public FirstPlayerCommand() {
        super(new FirstPlayerStudy());
    }

    @Override
    FirstPlayerStudy.Settings settings() {
        return new FirstPlayerStudy.Settings(bots, players, size.size(), variant.get());
    }

    @Override
    void adopt(RunConfig file) {
        adoptBots(bots, file);
        FirstPlayerStudy.Settings f = study.settingsOf(file);
        variant.adopt(file);
        if (!given("--players")) {
            players = f.players();
        }
        size.adoptGames(file.deals());
    }
}

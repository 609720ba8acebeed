package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.BalanceStudy;

import java.util.ArrayList;
import java.util.List;

/** {@code richelieu balance [BOT…]}: the {@link BalanceStudy} of each bot (it has no --variant: it plays both). */
@Command(name = "balance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Base rules vs the three-row variant on the same deals.", "Base rules against the three-row variant (R17) on the same deals, with the same bot random "
                + "streams, for each bot in self-play (2 players). For each variant: seat 0's score and win rate with "
                + "intervals and an exact test, draw rate, mean and spread of score margins, game length, and the "
                + "compensation for seat 1: the bonus in half points that brings seat 0's expected score closest to "
                + "50%%, with a distribution-free interval. Across variants: the paired difference of seat 0's score "
                + "with its interval, how often a deal's winner changes, and the verdict on 'is the three-row variant "
                + "better balanced?': equally balanced within the margin (two one-sided tests), more or less balanced "
                + "(test of no difference), or inconclusive, each Holm-corrected over the bots of the run.",
                "10000 deals per bot by default.",
                "Example: ./richelieu balance random greedy --pairs 10000 --seed 1"})
public final class BalanceCommand extends StudyCommand<BalanceStudy.Settings> {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots, each in self-play (default: random greedy heuristic).")
    List<String> bots = new ArrayList<>();

    @Mixin
    GamesOptions size = new GamesOptions();

    @Option(names = "--margin", paramLabel = "PP", description = "Equivalence margin of the verdict, in percentage points "
            + "of seat 0's score (default: 1.5): 'equally balanced' means the 90%% interval of the difference lies within ±PP.")
    Double margin;

    public BalanceCommand() {
        super(new BalanceStudy());
    }

    @Override
    BalanceStudy.Settings settings() {
        return new BalanceStudy.Settings(bots, size.size(), margin);
    }

    @Override
    void adopt(RunConfig file) {
        adoptBots(bots, file);
        size.adoptPairs(file.deals());
        if (!given("--margin")) {
            margin = study.settingsOf(file).margin();
        }
    }
}

package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.MatchStudy;

import java.util.ArrayList;
import java.util.List;

/** {@code richelieu match A B}: the {@link MatchStudy} of two bots. */
@Command(name = "match", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Two bots over paired deals: W/D/L, Elo, LOS.", "Two bots play each other. By default every deal is played twice with seats swapped, "
                + "so the luck of the deal cancels; reports W/D/L, score and Elo with 95%% intervals (trinomial "
                + "and pentanomial), LOS, seat advantage and score margins.",
                "500 deals by default.",
                "Example: ./richelieu match greedy random --pairs 2000 --seed 1"})
public final class MatchCommand extends StudyCommand<MatchStudy.Settings> {
    @Parameters(arity = "0..2", paramLabel = "BOT", description = "Two bot specs, e.g. greedy 'ismcts:iterations=500'. See 'bots'.")
    List<String> bots = new ArrayList<>();

    @Mixin
    VariantOption variant = new VariantOption();

    @Mixin
    GamesOptions size = new GamesOptions();

    @Option(names = "--unpaired", description = "Play each deal once, seats alternating between deals.")
    boolean unpaired;

    @Option(names = "--both-variants", description = "Play every deal under the base rules and again under the "
            + "three-row variant (same seats, same bot random streams) and report the paired change of the first "
            + "bot's score: does the variant change how often the stronger bot wins? Needs --unpaired and --games "
            + "(two games per deal).")
    boolean bothVariants;

    public MatchCommand() {
        super(new MatchStudy());
    }

    @Override
    MatchStudy.Settings settings() {
        // One variant: the one typed, or a resumed run's (adopt), else base. Both: none may be typed.
        return new MatchStudy.Settings(bots, size.size(), unpaired, bothVariants,
                bothVariants && !variant.given() ? null : variant.get());
    }

    @Override
    void adopt(RunConfig file) {
        adoptBots(bots, file);
        MatchStudy.Settings f = study.settingsOf(file);
        variant.adopt(file);
        if (!given("--unpaired")) {
            unpaired = f.unpaired();
        }
        if (!given("--both-variants")) {
            bothVariants = f.bothVariants();
        }
        if (unpaired) {
            size.adoptGames(file.deals() * (bothVariants ? 2 : 1));
        } else {
            size.adoptPairs(file.deals());
        }
    }
}

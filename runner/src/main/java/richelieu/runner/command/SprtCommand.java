package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.SprtStudy;

import java.util.ArrayList;
import java.util.List;

/** {@code richelieu sprt A B}: the {@link SprtStudy} of A against B. */
@Command(name = "sprt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sequential probability ratio test of A against B.", "Sequential test of A against B: plays paired deals in batches until the generalized SPRT "
                + "(fishtest's LLR on pentanomial pair counts) accepts H0 (Elo = elo0) or H1 (Elo = elo1), or "
                + "the --max-games cap is reached. Decisions are taken only after whole batches of pairs, so "
                + "the result does not depend on --threads.",
                "Example: ./richelieu sprt 'ismcts:iterations=2000' 'ismcts:iterations=1000' --elo0 0 --elo1 20 --seed 1"})
public final class SprtCommand extends StudyCommand<SprtStudy.Settings> {
    @Parameters(arity = "0..2", paramLabel = "BOT", description = "A (the candidate) and B (the baseline).")
    List<String> bots = new ArrayList<>();

    @Mixin
    VariantOption variant = new VariantOption();

    @Option(names = "--elo0", description = "H0: A is this many Elo stronger (default: ${DEFAULT-VALUE}).")
    double elo0 = 0;

    @Option(names = "--elo1", description = "H1: A is this many Elo stronger (default: ${DEFAULT-VALUE}).")
    double elo1 = 10;

    @Option(names = "--alpha", description = "False positive rate (default: ${DEFAULT-VALUE}).")
    double alpha = 0.05;

    @Option(names = "--beta", description = "False negative rate (default: ${DEFAULT-VALUE}).")
    double beta = 0.05;

    @Option(names = "--model", description = "logistic (Elo) or normalized (nElo) (default: ${DEFAULT-VALUE}).")
    String model = "logistic";

    @Option(names = "--max-games", description = "Stop without a decision after this many games (default: ${DEFAULT-VALUE}). "
            + "With --resume, a larger cap lets a test that stopped undecided play on.")
    long maxGames = 100_000;

    @Option(names = "--batch", description = "Pairs per batch between two looks at the LLR (default: ${DEFAULT-VALUE}).")
    int batch = 100;

    public SprtCommand() {
        super(new SprtStudy());
    }

    @Override
    SprtStudy.Settings settings() {
        return new SprtStudy.Settings(bots, elo0, elo1, alpha, beta, model, maxGames, batch, variant.get());
    }

    @Override
    void adopt(RunConfig file) {
        adoptBots(bots, file);
        SprtStudy.Settings f = study.settingsOf(file);
        variant.adopt(file);
        elo0 = given("--elo0") ? elo0 : f.elo0();
        elo1 = given("--elo1") ? elo1 : f.elo1();
        alpha = given("--alpha") ? alpha : f.alpha();
        beta = given("--beta") ? beta : f.beta();
        model = given("--model") ? model : f.model();
        batch = given("--batch") ? batch : f.batch();
        maxGames = given("--max-games") ? maxGames : f.maxGames();
    }
}

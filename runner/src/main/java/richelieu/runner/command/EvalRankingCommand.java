package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import richelieu.runner.UserError;
import richelieu.runner.dataset.ContinuationRanking;
import richelieu.strategies.learned.LearnedEvaluation;
import richelieu.strategies.learned.SeatFeatures;
import richelieu.strategies.learned.ValueNet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code richelieu eval-ranking}: the {@link ContinuationRanking} check of a learned evaluation's weights. */
@Command(name = "eval-ranking", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The acceptance check of a learned evaluation for a search's cut-off: on turn starts of random "
                + "2-player games with at most --max-cards cards, up to 8 different random turns of the seat to move; "
                + "how well the network, heuristic-2p's evaluation and the mean of --playouts random playouts rank "
                + "them against the exact solver (mean correlation within a position, best sibling right, "
                + "correlation pooled over all). One thread. See docs/learned-eval.md.",
                "Example: ./richelieu eval-ranking --weights my.net --positions 150"})
public final class EvalRankingCommand implements Callable<Integer> {
    @Option(names = "--weights", paramLabel = "FILE", description = "A weights file of scripts/train_eval.py "
            + "(default: the shipped value-2p.net).")
    Path weights;

    @Option(names = "--positions", paramLabel = "N", description = "Positions to judge (default: ${DEFAULT-VALUE}).")
    int positions = 150;

    @Option(names = "--max-cards", paramLabel = "N", description = "Cards left at most in a position, 6..14 "
            + "(default: ${DEFAULT-VALUE}; the solver's cost grows fast with it).")
    int maxCards = 12;

    @Option(names = "--playouts", paramLabel = "N", description = "Random playouts per sibling for the random judge "
            + "(default: ${DEFAULT-VALUE}).")
    int playouts = 30;

    @Option(names = "--seed", description = "Seed of the random play (default: ${DEFAULT-VALUE}).")
    long seed = 3;

    @Override
    public Integer call() throws IOException {
        if (positions < 1 || positions > 100_000) {
            throw new UserError("--positions must be between 1 and 100000, not " + positions);
        }
        if (maxCards < 6 || maxCards > 14) {
            throw new UserError("--max-cards must be between 6 and 14, not " + maxCards);
        }
        if (playouts < 1 || playouts > 10_000) {
            throw new UserError("--playouts must be between 1 and 10000, not " + playouts);
        }
        ValueNet net;
        String label;
        if (weights == null) {
            net = ValueNet.shipped2p();
            label = "the shipped " + ValueNet.SHIPPED_2P;
        } else {
            if (!Files.isRegularFile(weights)) {
                throw new UserError("--weights " + weights + ": no such file");
            }
            try (InputStream in = Files.newInputStream(weights)) {
                net = ValueNet.read(in, weights.toString(), SeatFeatures.size(2));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
            label = weights.toString();
        }
        long start = System.nanoTime();
        ContinuationRanking.Result r = ContinuationRanking.run(new LearnedEvaluation(net, 2), maxCards, positions,
                playouts, seed);
        System.out.printf("net: %s (%s)%n", label, net.header().getOrDefault("date", "no date"));
        System.out.printf("%d positions (at most %d cards left), up to 8 continuations each, %d continuations, seed %d%n",
                r.positions(), maxCards, r.siblings(), seed);
        for (ContinuationRanking.Judge j : r.judges()) {
            String name = j.name().equals("random") ? "random-" + playouts : j.name();
            System.out.printf("%-10s within a position: mean r with the solver %.3f (%d positions), best continuation "
                            + "solver-best in %d of %d; pooled over all continuations: r %.3f%n", name, j.within(),
                    j.withinN(), j.bestRight(), r.positions(), j.pooled());
        }
        double net0 = r.judge("net").within();
        double heur = r.judge("heuristic").within();
        System.out.printf("%s: the net ranks %s heuristic-2p within a position (r %.3f vs %.3f); %.0f s%n",
                net0 >= heur ? "PASS" : "FAIL", net0 >= heur ? "at least as well as" : "worse than", net0, heur,
                (System.nanoTime() - start) / 1e9);
        return net0 >= heur ? 0 : 1;
    }
}

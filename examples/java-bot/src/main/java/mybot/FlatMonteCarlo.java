package mybot;

import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Playouts;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Flat Monte Carlo on the engine's fast path: for each legal action, sample states consistent
 * with what this seat knows ({@link Observation#determinize}), play the action and then random
 * moves to the end ({@link Playouts#randomToEnd}), and keep the action with the best share of
 * wins. Nothing is allocated per decision: one state per game, reused for every playout.
 */
public final class FlatMonteCarlo implements Strategy {
    private final int playouts;
    private final int[] scores = new int[4];
    private SplittableRandom random;
    private GameState sample;

    FlatMonteCarlo(int playouts) {
        this.playouts = playouts;
    }

    @Override
    public String name() {
        return "flatmc:playouts=" + playouts;
    }

    @Override
    public void gameStarted(GameStart start) {
        random = start.random();   // the seat's own stream: games replay from the match seed
        sample = null;             // a state belongs to one game's layout
    }

    @Override
    public int chooseAction(Observation obs, LegalActions legal) {
        if (sample == null) {
            sample = obs.newState();
        }
        int best = legal.get(0);
        double bestWins = -1;
        for (int i = 0; i < legal.size(); i++) {
            int action = legal.get(i);
            double wins = 0;
            for (int k = 0; k < playouts; k++) {
                obs.determinize(random, sample);   // hidden tokens dealt at random, the rest as seen
                sample.play(action);               // legal here: the mover's own knowledge is exact
                Playouts.randomToEnd(sample, random);
                sample.scores(scores);
                int winners = sample.winners(scores);
                wins += (winners >>> obs.seat() & 1) / (double) Integer.bitCount(winners);
            }
            if (wins > bestWins) {
                best = action;
                bestWins = wins;
            }
        }
        return best;
    }

    /** Specs {@code flatmc} or {@code flatmc:playouts=200}. */
    public static final class Factory implements StrategyFactory {
        @Override
        public String name() {
            return "flatmc";
        }

        @Override
        public String description() {
            return "example: flat Monte Carlo, random playouts from sampled states for each legal action";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(Parameter.integer("playouts", 40, 1, 1_000_000, "random playouts per legal action and decision"));
        }

        @Override
        public Strategy create(BotParams params) {
            return new FlatMonteCarlo(params.getInt("playouts"));
        }
    }
}

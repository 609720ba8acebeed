package richelieu.strategies;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;

import java.util.SplittableRandom;

/**
 * {@code random}: at every decision point with a choice, one legal action uniformly at random.
 *
 * <p>Exactly what it is uniform over: the legal set of each decision point (see
 * {@code docs/engine.md}), not whole turns. So it picks a first card uniformly among the
 * takeable end cards, then "stop" and each legal second card with equal probability, then each
 * payment option, then each marker placement or move and "skip" with equal probability, and at
 * a return-token step "use" or "end" with probability ½ each. Decision points with a single
 * legal action are played by the game driver without asking.
 */
public final class RandomStrategy implements Strategy {
    private SplittableRandom rng;

    @Override
    public String name() {
        return "random";
    }

    @Override
    public void gameStarted(GameStart start) {
        rng = start.random();
    }

    /** Exactly {@code legal.get(rng.nextInt(legal.size()))} on its own stream: the driver may make the draw itself. */
    @Override
    public boolean isUniformRandom() {
        return true;
    }

    /** It never looks at the position, so the driver need not refresh its observation. */
    @Override
    public boolean readsObservation() {
        return false;
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        return legal.get(rng.nextInt(legal.size()));
    }
}

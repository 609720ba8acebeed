package richelieu.strategies;

import richelieu.engine.GameResult;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;

/**
 * A bot that hands every call to another one: the base of wrappers that watch a bot (timing,
 * counting, inspecting what it is given). It always asks the wrapped bot through
 * {@link #chooseAction} (it does not forward {@link Strategy#isUniformRandom}, which would let
 * the driver play for it) and always reads the observation.
 */
public abstract class ForwardingStrategy implements Strategy {
    protected final Strategy inner;

    protected ForwardingStrategy(Strategy inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public void gameStarted(GameStart start) {
        inner.gameStarted(start);
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        return inner.chooseAction(observation, legal);
    }

    @Override
    public void actionPlayed(int seat, int action) {
        inner.actionPlayed(seat, action);
    }

    @Override
    public void gameEnded(GameResult result) {
        inner.gameEnded(result);
    }
}

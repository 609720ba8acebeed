package richelieu.runner.spsa;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.util.List;

/**
 * A plug-in written before parameters had types: its parameters are text, checked by the factory
 * alone. {@code depth} defaults to a whole number, {@code weight} to a real one, {@code style}
 * to a word; the bot plays the first legal action.
 */
public final class TextParameterBotFactory implements StrategyFactory {
    @Override
    public String name() {
        return "oldstyle";
    }

    @Override
    public String description() {
        return "a plug-in whose parameters are untyped text";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter("depth", "3", "search depth"), new Parameter("weight", "0.5", "a weight"),
                new Parameter("style", "calm", "a word"));
    }

    @Override
    public Strategy create(BotParams params) {
        params.getInt("depth", 1, 20);
        params.getDouble("weight", 0, 10);
        return new Strategy() {
            @Override
            public String name() {
                return "oldstyle";
            }

            @Override
            public int chooseAction(Observation observation, LegalActions legal) {
                return legal.get(0);
            }
        };
    }
}

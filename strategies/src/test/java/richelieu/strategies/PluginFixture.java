package richelieu.strategies;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;

import java.util.List;

/** A plug-in factory for PluginTest; it is only found through a jar's services file. */
public final class PluginFixture implements StrategyFactory {
    @Override
    public String name() {
        return "fixture";
    }

    @Override
    public String description() {
        return "test plug-in: always the last legal action";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of();
    }

    @Override
    public Strategy create(BotParams params) {
        return new Strategy() {
            @Override
            public String name() {
                return "fixture";
            }

            @Override
            public int chooseAction(Observation observation, LegalActions legal) {
                return legal.get(legal.size() - 1);
            }
        };
    }
}

package example;

import richelieu.engine.Action;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.util.List;

/**
 * A minimal plug-in: the bot "leftmost" takes the legal card with the lowest position
 * (the leftmost end of the topmost row), and with {@code marker=true} places a marker on the
 * first free card; otherwise it plays the first legal action.
 */
public final class LeftmostFactory implements StrategyFactory {
    @Override
    public String name() {
        return "leftmost";
    }

    @Override
    public String description() {
        return "example plug-in: takes the leftmost legal card";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter("marker", "false", "place a marker on the first free card"));
    }

    @Override
    public Strategy create(BotParams params) {
        boolean marker = params.getBoolean("marker");
        return new Strategy() {
            @Override
            public String name() {
                return "leftmost";
            }

            @Override
            public int chooseAction(Observation obs, LegalActions legal) {
                for (int i = 0; i < legal.size(); i++) {
                    int a = legal.get(i);
                    int type = Action.type(a);
                    if (type == Action.T_TAKE || (marker && type == Action.T_PLACE)) {
                        return a;
                    }
                    if (type == Action.T_SKIP || type == Action.T_STOP) {
                        return a;
                    }
                }
                return legal.get(0);
            }
        };
    }
}

package richelieu.strategies;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;

import java.util.List;
import java.util.Map;

/**
 * A bot kind for tests: a name, a one-line description, no parameters, and what its bots do. A
 * plug-in fixture (found only through a jar's services file) subclasses it with a public
 * no-argument constructor; a test that needs a bot kind in place subclasses it anonymously. Its
 * bots keep no state of their own: what they count, the subclass counts.
 */
public abstract class FixtureFactory implements StrategyFactory {
    private final String name;
    private final String description;

    protected FixtureFactory(String name, String description) {
        this.name = name;
        this.description = description;
    }

    /** The bots' choice at each decision point with a choice. */
    protected abstract int choose(Observation observation, LegalActions legal);

    /** A game starts for one of the bots; nothing by default. */
    protected void started(Strategy.GameStart start) {
    }

    /** This kind as a parsed spec, without going through a registry. */
    public final BotSpec spec() {
        return new BotSpec(name, this, BotParams.of(this, Map.of()));
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final List<Parameter> parameters() {
        return List.of();
    }

    @Override
    public final Strategy create(BotParams params) {
        return new Strategy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void gameStarted(GameStart start) {
                started(start);
            }

            @Override
            public int chooseAction(Observation observation, LegalActions legal) {
                return choose(observation, legal);
            }
        };
    }
}

package richelieu.runner;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A plug-in for the tests of a bot whose constructor throws mid-run: bot {@code fragile} (one real
 * parameter {@code x} in [0, 1], which changes nothing) plays the first legal action, and its
 * constructor throws once the file named by the system property {@value #BREAK_PROPERTY} exists.
 */
public final class FragilePluginFixture implements StrategyFactory {
    static final String BREAK_PROPERTY = "richelieu.test.fragile";

    @Override
    public String name() {
        return "fragile";
    }

    @Override
    public String description() {
        return "test plug-in: the first legal action; its constructor throws once a file exists";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(Parameter.real("x", 0.5, 0, 1, "changes nothing"));
    }

    @Override
    public Strategy create(BotParams params) {
        params.getDouble("x");
        String file = System.getProperty(BREAK_PROPERTY);
        if (file != null && Files.exists(Path.of(file))) {
            throw new IllegalStateException("fragile is broken");
        }
        return new Strategy() {
            @Override
            public String name() {
                return "fragile";
            }

            @Override
            public int chooseAction(Observation observation, LegalActions legal) {
                return legal.get(0);
            }
        };
    }
}

package richelieu.strategies;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;

import java.util.concurrent.atomic.AtomicInteger;

/** A plug-in factory for PluginTest; it is only found through a jar's services file. */
public final class PluginFixture extends FixtureFactory {
    /** How many of these factories were made: a registry makes one only when it loads the plug-in. */
    static final AtomicInteger MADE = new AtomicInteger();

    public PluginFixture() {
        super("fixture", "test plug-in: always the last legal action");
        MADE.incrementAndGet();
    }

    @Override
    protected int choose(Observation observation, LegalActions legal) {
        return legal.get(legal.size() - 1);
    }
}

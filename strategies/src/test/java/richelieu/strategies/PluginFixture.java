package richelieu.strategies;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;

/** A plug-in factory for PluginTest; it is only found through a jar's services file. */
public final class PluginFixture extends FixtureFactory {
    public PluginFixture() {
        super("fixture", "test plug-in: always the last legal action");
    }

    @Override
    protected int choose(Observation observation, LegalActions legal) {
        return legal.get(legal.size() - 1);
    }
}

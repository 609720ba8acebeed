package richelieu.runner;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.strategies.FixtureFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A plug-in for {@link PluginLoadingTest}, found only through a services file in a jar the test
 * writes: bot {@code marks} plays the first legal action, and its class's static initializer
 * appends a line to the file the environment names ({@value #MARKER_ENV}) — the proof that a
 * plug-in's code ran.
 */
public final class MarkingPluginFixture extends FixtureFactory {
    static final String MARKER_ENV = "RICHELIEU_TEST_PLUGIN_MARKER";

    static {
        String marker = System.getenv(MARKER_ENV);
        if (marker != null) {
            try {
                Files.writeString(Path.of(marker), "loaded\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public MarkingPluginFixture() {
        super("marks", "test plug-in: the first legal action; its static initializer leaves a mark");
    }

    @Override
    protected int choose(Observation observation, LegalActions legal) {
        return legal.get(0);
    }
}

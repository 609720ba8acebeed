package richelieu.runner;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.FixtureFactory;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A plug-in for {@link ShutdownTest}, found only through a services file in a jar the test
 * writes: bot {@code exits-once} plays the first legal action, but when the environment names a
 * marker file ({@value #MARKER_ENV}) that does not exist yet, it creates it and calls
 * {@code System.exit(0)} as its process's 9th game starts — a badly behaved plug-in.
 */
public final class ExitingPluginFixture extends FixtureFactory {
    static final String MARKER_ENV = "RICHELIEU_TEST_EXIT_MARKER";
    private static final AtomicInteger GAMES = new AtomicInteger();

    public ExitingPluginFixture() {
        super("exits-once", "test plug-in: the first legal action; calls System.exit once (ShutdownTest)");
    }

    @Override
    protected void started(Strategy.GameStart start) {
        String marker = System.getenv(MARKER_ENV);
        if (GAMES.incrementAndGet() == 9 && marker != null) {
            try {
                Files.createFile(Path.of(marker));
            } catch (FileAlreadyExistsException e) {
                return; // exited once already: play on
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            System.exit(0);
        }
    }

    @Override
    protected int choose(Observation observation, LegalActions legal) {
        return legal.get(0);
    }
}

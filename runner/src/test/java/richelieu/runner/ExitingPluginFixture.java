package richelieu.runner;

import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A plug-in for {@link ShutdownTest}, found only through a services file in a jar the test
 * writes: bot {@code exits-once} plays the first legal action, but when the environment names a
 * marker file ({@value #MARKER_ENV}) that does not exist yet, it creates it and calls
 * {@code System.exit(0)} as its process's 9th game starts — a badly behaved plug-in.
 */
public final class ExitingPluginFixture implements StrategyFactory {
    static final String MARKER_ENV = "RICHELIEU_TEST_EXIT_MARKER";
    private static final AtomicInteger GAMES = new AtomicInteger();

    @Override
    public String name() {
        return "exits-once";
    }

    @Override
    public String description() {
        return "test plug-in: the first legal action; calls System.exit once (ShutdownTest)";
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
                return "exits-once";
            }

            @Override
            public void gameStarted(GameStart start) {
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
            public int chooseAction(Observation observation, LegalActions legal) {
                return legal.get(0);
            }
        };
    }
}

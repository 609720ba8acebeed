package richelieu.strategies.exec;

import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

import static richelieu.engine.SplitMix.mix64;

/** Shared by the exec tests: python3, bot paths, and seeded games. */
final class ExecTesting {
    private ExecTesting() {
    }

    /** Fails (never skips) with a clear message when python3 is not on the PATH. */
    static void requirePython() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import sys; assert sys.version_info >= (3, 8)")
                    .redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                fail("the exec bot tests need python3 >= 3.8 on the PATH; 'python3' did not run properly");
            }
        } catch (IOException e) {
            fail("the exec bot tests need python3 on the PATH (install Python 3.8+): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while checking for python3");
        }
    }

    /** A test bot of src/test/resources/bots, as a quoted absolute path. */
    static String testBot(String file) {
        URL url = ExecTesting.class.getResource("/bots/" + file);
        if (url == null) {
            fail("test bot " + file + " is missing from src/test/resources/bots");
        }
        try {
            return quote(Path.of(url.toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An example bot of examples/python-bot (the tests run in the module folder). */
    static String exampleBot(String file) {
        Path p = Path.of("..", "examples", "python-bot", file).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            fail("example bot " + p + " is missing");
        }
        return quote(p);
    }

    static String quote(Path p) {
        String s = p.toString();
        if (s.contains("'")) {
            throw new IllegalStateException("test paths must not contain quotes: " + s);
        }
        return "'" + s + "'";
    }

    /** SplitMix64 finaliser, as the runner derives game seeds. */

    static Deal deal(long seed) {
        return Deal.generate(Deck.standard(), mix64(seed));
    }

    /** One seat's random stream for a game. */
    static SplittableRandom botRandom(long seed, int seat) {
        return new SplittableRandom(mix64(seed * 31 + seat + 1));
    }

    /** Plays one game of {@code rules} on the deal of {@code dealSeed}, the bots' streams from {@code botSeed}. */
    static GameResult play(Game game, Rules rules, long dealSeed, long botSeed, Strategy... bots) {
        SplittableRandom[] rngs = new SplittableRandom[bots.length];
        for (int p = 0; p < bots.length; p++) {
            rngs[p] = botRandom(botSeed, p);
        }
        return game.play(rules, deal(dealSeed), bots, rngs);
    }

    static GameResult play(Game game, long seed, Strategy... bots) {
        return play(game, Rules.twoPlayer(), seed, seed, bots);
    }
}

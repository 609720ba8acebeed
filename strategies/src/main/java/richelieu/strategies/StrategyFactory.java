package richelieu.strategies;

import richelieu.engine.Strategy;

import java.util.List;

/**
 * Makes bots of one kind from a spec such as {@code ismcts:iterations=2000,c=0.7}. Shipped bots
 * and Java plug-ins alike are found with {@link java.util.ServiceLoader}: list the factory class
 * in {@code META-INF/services/richelieu.strategies.StrategyFactory} of your jar, put the jar in
 * {@code plugins/} or pass {@code --plugin your.jar}. See {@code docs/plugins.md}.
 */
public interface StrategyFactory {

    /** The name used in specs, e.g. "greedy"; lower case, no ':' or ','. */
    String name();

    /** One line for {@code ./richelieu bots}. */
    String description();

    /** The parameters this kind accepts, with defaults. */
    List<Parameter> parameters();

    /**
     * A new bot. Called once per seat and thread; the bot is used for one game at a time.
     * {@code params} has already been checked against {@link #parameters()}.
     */
    Strategy create(BotParams params);

    /**
     * True if the spec's text after ':' is a free-form argument (e.g. a command line for
     * {@code exec:python3 bot.py}) rather than {@code key=value} pairs.
     */
    default boolean takesRawArgument() {
        return false;
    }

    /** True when games with this bot are reproducible from their seed (no wall-clock budget, no outside process). */
    default boolean isDeterministic(BotParams params) {
        return true;
    }

    /**
     * Checked once before a run plays any game, with the start of its first game: throws
     * {@link BotSpecException} with one line if a bot of this spec cannot work at all (e.g. an
     * outside program that is missing or exits at once), so the run fails fast instead of
     * forfeiting every game. Nothing to check by default.
     */
    default void checkStarts(BotParams params, Strategy.GameStart start) {
    }

    /** One parameter: its name, default value (as text) and meaning. */
    record Parameter(String name, String defaultValue, String description) {
    }
}

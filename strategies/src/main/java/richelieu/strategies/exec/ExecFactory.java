package richelieu.strategies.exec;

import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.StrategyFactory;

import java.util.List;

/**
 * {@code exec:<command>}: a bot in another process speaking {@code richelieu-bot/1}
 * ({@code docs/protocol.md}). The raw argument is the command line, optionally preceded by
 * {@code --move-timeout=MS} and {@code --start-timeout=MS} (see {@link ExecCommand}).
 */
public final class ExecFactory implements StrategyFactory {

    @Override
    public String name() {
        return "exec";
    }

    @Override
    public String description() {
        return "a bot in any language: runs the command and speaks JSON lines (docs/protocol.md), "
                + "e.g. exec:python3 examples/python-bot/random_bot.py";
    }

    /** Listed for {@code ./richelieu bots}; given as {@code --name=value} before the command, not key=value. */
    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("--move-timeout", "5000", "per-move time limit in ms, before the command "
                        + "(exec:--move-timeout=300 python3 bot.py); default: the runner's --move-timeout"),
                new Parameter("--start-timeout", "10000", "time limit in ms for the first answer of a new process "
                        + "(includes start-up)"));
    }

    @Override
    public Strategy create(BotParams params) {
        String raw = params.raw();
        if (raw == null || raw.isBlank()) {
            throw new BotSpecException("bot 'exec' needs a command, e.g. exec:python3 bot.py");
        }
        return ExecStrategy.of(raw, params.moveTimeoutMillis());
    }

    /** Starts the command once and fails if it is missing or fails on its start message (see {@link ExecStrategy#checkStarts}). */
    @Override
    public void checkStarts(BotParams params, Strategy.GameStart start) {
        ExecStrategy.of(params.raw(), params.moveTimeoutMillis()).checkStarts(start);
    }

    @Override
    public boolean takesRawArgument() {
        return true;
    }

    /** An outside process may use the clock or its own randomness: never assumed reproducible. */
    @Override
    public boolean isDeterministic(BotParams params) {
        return false;
    }
}

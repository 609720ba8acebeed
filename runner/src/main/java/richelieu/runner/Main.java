package richelieu.runner;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import richelieu.engine.DeckException;
import richelieu.engine.record.RecordException;

/**
 * Entry point of {@code ./richelieu}. Every subcommand lives in its own class; user errors end
 * with one line on stderr and exit code 2, never a stack trace (set RICHELIEU_DEBUG=1 to see one).
 */
@Command(name = "richelieu", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Simulate and study bots for Michael Schacht's card game Richelieu.",
        subcommands = {TournamentCommand.class, MatchCommand.class, SprtCommand.class, FirstPlayerCommand.class,
                BalanceCommand.class, ReportCommand.class, ChartCommand.class, MergeCommand.class, ReplayCommand.class, ViewCommand.class, HumanPlayCommand.class,
                BotsCommand.class, DeckCommand.class,
                DemoCommand.class, VersionCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI and returns the exit code (tests call this). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof UserError || ex instanceof DeckException || ex instanceof RecordException
                    || ex instanceof IllegalArgumentException) {
                cmd.getErr().println("richelieu: " + ex.getMessage());
                return 2;
            }
            if (System.getenv("RICHELIEU_DEBUG") != null) {
                ex.printStackTrace(cmd.getErr());
            }
            cmd.getErr().println("richelieu: internal error: " + ex + " (set RICHELIEU_DEBUG=1 for the stack trace)");
            return 1;
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println("richelieu: " + ex.getMessage());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return 2;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}

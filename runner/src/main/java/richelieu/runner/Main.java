package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine;
import richelieu.engine.DeckException;
import richelieu.engine.record.RecordException;
import richelieu.runner.command.BalanceCommand;
import richelieu.runner.command.BotsCommand;
import richelieu.runner.command.ChartCommand;
import richelieu.runner.command.DeckCommand;
import richelieu.runner.command.DatasetCommand;
import richelieu.runner.command.EvalRankingCommand;
import richelieu.runner.command.DistanceCommand;
import richelieu.runner.command.DemoCommand;
import richelieu.runner.command.FirstPlayerCommand;
import richelieu.runner.command.HumanPlayCommand;
import richelieu.runner.command.MatchCommand;
import richelieu.runner.command.MergeCommand;
import richelieu.runner.command.RatingsCommand;
import richelieu.runner.command.ReplayCommand;
import richelieu.runner.command.ReportCommand;
import richelieu.runner.command.SolveCommand;
import richelieu.runner.command.SprtCommand;
import richelieu.runner.command.TournamentCommand;
import richelieu.runner.command.TuneCommand;
import richelieu.runner.command.VersionCommand;
import richelieu.runner.command.ViewCommand;
import richelieu.runner.text.Format;

import java.util.List;

/**
 * Entry point of {@code ./richelieu}. Every subcommand lives in its own class; user errors end
 * with one line on stderr and exit code 2, never a stack trace (set RICHELIEU_DEBUG=1 to see one).
 */
@Command(name = "richelieu", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Simulate and study bots for Michael Schacht's card game Richelieu.",
        subcommands = {TournamentCommand.class, MatchCommand.class, SprtCommand.class, FirstPlayerCommand.class,
                BalanceCommand.class, TuneCommand.class, DistanceCommand.class, DatasetCommand.class, EvalRankingCommand.class, ReportCommand.class, ChartCommand.class, MergeCommand.class, ReplayCommand.class, ViewCommand.class, SolveCommand.class, HumanPlayCommand.class, RatingsCommand.class,
                BotsCommand.class, DeckCommand.class,
                DemoCommand.class, VersionCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        exit(run(args));
    }

    /**
     * Ends the JVM with {@code code}, unless a shutdown is already under way: then that shutdown's
     * status stands (see {@link #awaitHalt}). Every main method of the runner ends through here.
     */
    public static void exit(int code) {
        if (shutdownUnderWay()) {
            awaitHalt();
        }
        System.exit(code);
    }

    /**
     * True once the JVM has begun to shut down: a signal (SIGINT, SIGTERM) or a plug-in's
     * {@code System.exit(n)} stopped the run through its shutdown hook, and that shutdown will
     * halt the JVM with its own status (130, 143, n) once the hooks have run.
     */
    private static boolean shutdownUnderWay() {
        Thread probe = new Thread(() -> { }, "richelieu-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true; // "Shutdown in progress"
        }
    }

    /**
     * Leaves the exit to the shutdown under way. Our own {@code System.exit} would race with it:
     * after the hooks have run, a non-zero status halts the JVM at once ({@code Runtime.exit}), so
     * the interrupted run's 130 could replace a plug-in's {@code System.exit(0)} or SIGTERM's 143
     * (ShutdownTest forces that interleaving under a debugger). Before they have run,
     * {@code System.exit} would block for ever all the same.
     */
    private static void awaitHalt() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException ignored) {
                // only the halt ends this thread
            }
        }
    }

    /** Runs the CLI and returns the exit code (tests call this). */
    public static int run(String... args) {
        CommandLine cl = commandLine();
        if (args.length > 0 && !args[0].startsWith("-") && !cl.getSubcommands().containsKey(args[0])) {
            // picocli would print the main help for "tune --help" and exit 0, as if the command existed
            CommandLine.UnmatchedArgumentException e = new CommandLine.UnmatchedArgumentException(cl, List.of(args[0]));
            List<String> near = e.getSuggestions();
            cl.getErr().println("richelieu: unknown command '" + args[0] + "'" + (near.isEmpty() ? ""
                    : " (did you mean " + String.join(" or ", near.subList(0, Math.min(3, near.size()))) + "?)"));
            cl.getErr().println("Try 'richelieu --help' for the list of commands.");
            return 2;
        }
        int code = cl.execute(args);
        return code == 0 ? stdoutWritten(cl) : code;
    }

    /**
     * 0 if everything printed on standard output reached it, else 2 (as for any output file that
     * cannot be written) with one line: a {@link java.io.PrintStream} keeps its write errors to
     * itself, so a full disk or a pipe closed early would otherwise end in silence and exit 0.
     */
    private static int stdoutWritten(CommandLine cl) {
        cl.getOut().flush();
        if (!System.out.checkError()) {
            return 0;
        }
        cl.getErr().println("richelieu: could not write to standard output (a full disk, or a pipe closed early); "
                + "what it shows is incomplete");
        return 2;
    }

    /**
     * The command line of {@code ./richelieu}: every subcommand, and errors as one line with exit
     * code 2.
     */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        // every subcommand's help lists -V: give each the version, not an empty answer
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new Version());
        }
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof UserError || ex instanceof DeckException || ex instanceof RecordException
                    || ex instanceof IllegalArgumentException) {
                cmd.getErr().println("richelieu: " + Format.data(ex.getMessage())); // a message may quote a file
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
            String hint = "";
            if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                // picocli's nearest options / subcommands to the mistyped one
                hint = " (did you mean " + String.join(" or ", u.getSuggestions().subList(0, Math.min(3, u.getSuggestions().size())))
                        + "?)";
            }
            cmd.getErr().println("richelieu: " + Format.data(ex.getMessage()) + hint);
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return 2;
        });
        return cl;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}

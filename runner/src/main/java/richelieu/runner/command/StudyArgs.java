package richelieu.runner.command;

import picocli.CommandLine;
import richelieu.runner.UserError;
import richelieu.runner.study.Venue;
import richelieu.runner.study.Studies;
import richelieu.runner.study.StudyRun;

import java.util.List;

/**
 * A study's command line that nobody typed (the {@code args} of results/studies.json), read by
 * the parser of {@code ./richelieu} itself into the study's run — the same options, defaults
 * and checks — without executing any command.
 */
final class StudyArgs {
    private StudyArgs() {
    }

    /**
     * A parsed study command line.
     *
     * @param launch      the run it asks for
     * @param venue       where its games would be played
     */
    record Parsed(StudyRun launch, Venue venue) {
    }

    /**
     * Checks that {@code args} is the command line of a study (no file is read, nothing is played);
     * unless {@code mayRunCode}, one that would start a program (an {@code exec:} bot) or load a
     * plug-in jar ({@code --plugin}) is refused.
     */
    static void check(List<String> args, boolean mayRunCode) {
        StudyCommand<?> c = studyCommand(args);
        if (mayRunCode) {
            return;
        }
        if (!c.botOptions.plugins.isEmpty()) {
            throw new UserError("it loads the plug-in " + c.botOptions.plugins.get(0) + " (--plugin), which runs its "
                    + "code: name the config with --config to allow that");
        }
        for (String a : args) {
            if (ExecFiles.startsAProgram(a)) {
                throw new UserError("its bot '" + a + "' starts a program: name the config with --config to allow that");
            }
        }
    }

    /** The run {@code args} asks for; any problem is a one-line {@link UserError}. */
    static Parsed parse(List<String> args) {
        StudyCommand<?> c = studyCommand(args);
        return new Parsed(c.launch(), c.venue());
    }

    /**
     * The parser of a study's command line: the study commands of {@code ./richelieu}, read as it
     * reads them (the same options, defaults and checks); nothing else of the command line.
     */
    @CommandLine.Command(name = "richelieu", subcommands = {TournamentCommand.class, MatchCommand.class,
            SprtCommand.class, FirstPlayerCommand.class, BalanceCommand.class, TuneCommand.class})
    static final class StudyCommands {
        /**
         * The parser, new for every command line (picocli keeps the values it parsed in the
         * commands). It reads no {@code @FILE} of arguments: that file would be read after the
         * check of what the study may run, and an {@code exec:} bot in it would start.
         */
        static CommandLine parser() {
            return new CommandLine(new StudyCommands()).setExpandAtFiles(false);
        }
    }

    private static StudyCommand<?> studyCommand(List<String> args) {
        CommandLine.ParseResult parsed;
        CommandLine parser = StudyCommands.parser();
        if (args.isEmpty() || !parser.getSubcommands().containsKey(args.get(0))) {
            throw notAStudy(args);
        }
        try {
            parsed = parser.parseArgs(args.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new UserError(e.getMessage());
        }
        CommandLine.ParseResult sub = parsed.subcommand();
        if (sub == null || !(sub.commandSpec().userObject() instanceof StudyCommand<?> c)) {
            throw notAStudy(args);
        }
        if (sub.isUsageHelpRequested() || sub.isVersionHelpRequested()) {
            throw new UserError("'" + String.join(" ", args) + "' asks for help, not for a study");
        }
        return c;
    }

    private static UserError notAStudy(List<String> args) {
        return new UserError("'" + String.join(" ", args) + "' is not the command line of a study ("
                + String.join(", ", Studies.names()) + ")");
    }
}

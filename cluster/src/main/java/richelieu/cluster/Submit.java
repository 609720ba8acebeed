package richelieu.cluster;

import picocli.CommandLine;
import richelieu.runner.Main;

import java.util.ArrayList;
import java.util.List;

/**
 * Main class of {@code richelieu-cluster.jar} for {@code spark-submit}: the usual command line,
 * the {@code --spark} of every command that takes one defaulting to the master spark-submit was
 * given ({@code --master}), so
 * {@code spark-submit --master yarn --class richelieu.cluster.Submit richelieu-cluster.jar match A B}
 * plays on YARN.
 */
public final class Submit {
    private Submit() {
    }

    public static void main(String[] args) {
        Main.exit(Main.run(withMaster(args, System.getProperty("spark.master")).toArray(String[]::new)));
    }

    /** The arguments, with {@code --spark MASTER} after the command name unless already there. */
    static List<String> withMaster(String[] args, String master) {
        List<String> l = new ArrayList<>(List.of(args));
        boolean given = l.stream().anyMatch(a -> a.equals("--spark") || a.startsWith("--spark="));
        if (master != null && !given && !l.isEmpty() && takesSpark(l.get(0))) {
            l.add(1, "--spark");
            l.add(2, master);
        }
        return l;
    }

    /**
     * Whether the command has a {@code --spark} option, read from the command line's own model so
     * that a command gaining the option needs no list kept here.
     */
    private static boolean takesSpark(String command) {
        CommandLine sub = Main.commandLine().getSubcommands().get(command);
        return sub != null && sub.getCommandSpec().findOption("--spark") != null;
    }
}

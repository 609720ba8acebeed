package richelieu.cluster;

import richelieu.runner.Main;

import java.util.ArrayList;
import java.util.List;

/**
 * Main class of {@code richelieu-cluster.jar} for {@code spark-submit}: the usual command line,
 * a playing command's (or {@code dataset}'s) {@code --spark} defaulting to the master spark-submit
 * was given ({@code --master}), so
 * {@code spark-submit --master yarn --class richelieu.cluster.Submit richelieu-cluster.jar match A B}
 * plays on YARN.
 */
public final class Submit {
    /** The commands that take --spark: those that play games, and the data set's. */
    private static final List<String> PLAYING = List.of("match", "tournament", "sprt", "first-player", "balance", "dataset");

    private Submit() {
    }

    public static void main(String[] args) {
        Main.exit(Main.run(withMaster(args, System.getProperty("spark.master")).toArray(String[]::new)));
    }

    /** The arguments, with {@code --spark MASTER} after the command name unless already there. */
    static List<String> withMaster(String[] args, String master) {
        List<String> l = new ArrayList<>(List.of(args));
        boolean given = l.stream().anyMatch(a -> a.equals("--spark") || a.startsWith("--spark="));
        if (master != null && !given && !l.isEmpty() && PLAYING.contains(l.get(0))) {
            l.add(1, "--spark");
            l.add(2, master);
        }
        return l;
    }
}

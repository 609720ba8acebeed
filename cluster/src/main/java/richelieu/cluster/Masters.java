package richelieu.cluster;

import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import org.apache.spark.rpc.RpcAddress;
import org.apache.spark.rpc.RpcEnv;
import richelieu.runner.UserError;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The master URL of {@code --spark}, checked before Spark starts, so that one that cannot work
 * is one line and exit code 2 rather than Spark's error log and stack trace (or, for
 * {@code local[100000]}, threads until the JVM runs out of them):
 * <ul>
 *   <li>{@code local}, {@code local[*]}, {@code local[N]} and {@code local[N,F]} with N from 1 to
 *       {@link #maxLocalThreads()} (more threads than that only slow the games);</li>
 *   <li>{@code spark://HOST:PORT[,HOST:PORT…]}, of which some master must accept a connection
 *       within {@link #CONNECT_MILLIS} ms and answer as a Spark master within {@link #LOOKUP_MILLIS}
 *       ms (Spark itself retries an unreachable one, or any other server at the port, for over a
 *       minute);</li>
 *   <li>{@code yarn}, {@code k8s://…} and {@code mesos://…} only when Spark's support for them is on
 *       the class path, as under {@code spark-submit} (docs/cluster.md).</li>
 * </ul>
 */
final class Masters {
    /** How long a standalone master has to accept a connection. */
    static final int CONNECT_MILLIS = 3000;
    /** How long it then has to answer as a Spark master. */
    static final int LOOKUP_MILLIS = 5000;
    /** The name of a standalone master's RPC endpoint (Spark's {@code Master.ENDPOINT_NAME}). */
    private static final String MASTER_ENDPOINT = "Master";

    private static final Pattern LOCAL = Pattern.compile("local\\[(\\*|[^,\\]]*)(?:,([^\\]]*))?\\]");
    private static final Pattern HOST_PORT = Pattern.compile("([^:,/\\s]+|\\[[0-9a-fA-F:.]+\\]):(\\d{1,5})");

    private Masters() {
    }

    /** Most threads of {@code local[N]}: 8 per core, at least 64. */
    static int maxLocalThreads() {
        return Math.max(64, 8 * Runtime.getRuntime().availableProcessors());
    }

    /** Checks {@code master}; a one-line {@link UserError} naming it otherwise. */
    static void check(String master) {
        if (master == null || master.isBlank()) {
            throw new UserError("--spark needs a master URL, e.g. local[4] or spark://HOST:7077");
        }
        String where = "--spark " + master + ": ";
        if (master.equals("local")) {
            return;
        }
        Matcher local = LOCAL.matcher(master);
        if (local.matches()) {
            if (!local.group(1).equals("*")) {
                threads(local.group(1), where);
            }
            if (local.group(2) != null && !local.group(2).matches("[1-9]\\d{0,3}")) {
                throw new UserError(where + "local[N,F] needs F, the task attempts, a whole number from 1 to 9999");
            }
            return;
        }
        if (master.startsWith("spark://")) {
            standalone(master, where);
            return;
        }
        if (master.equals("yarn")) {
            needs("org.apache.spark.deploy.yarn.YarnClusterManager", "YARN", where);
            return;
        }
        if (master.startsWith("k8s://")) {
            needs("org.apache.spark.scheduler.cluster.k8s.KubernetesClusterManager", "Kubernetes", where);
            return;
        }
        if (master.startsWith("mesos://")) {
            needs("org.apache.spark.scheduler.cluster.mesos.MesosClusterManager", "Mesos", where);
            return;
        }
        throw new UserError(where + "not a Spark master URL; use local, local[N] (N from 1 to " + maxLocalThreads()
                + "), local[*] or spark://HOST:PORT");
    }

    private static void threads(String n, String where) {
        int max = maxLocalThreads();
        int threads;
        try {
            threads = Integer.parseInt(n.trim());
        } catch (NumberFormatException e) {
            threads = 0;
        }
        if (threads < 1 || threads > max) {
            throw new UserError(where + "local[N] needs N from 1 to " + max + " here (8 threads per core at most), or *");
        }
    }

    /** Some master of the list accepts a connection within {@link #CONNECT_MILLIS} ms. */
    private static void standalone(String master, String where) {
        List<InetSocketAddress> masters = new ArrayList<>();
        for (String hp : master.substring("spark://".length()).split(",", -1)) {
            Matcher m = HOST_PORT.matcher(hp.trim());
            int port = m.matches() ? Integer.parseInt(m.group(2)) : 0;
            if (port < 1 || port > 65535) {
                throw new UserError(where + "a standalone master is spark://HOST:PORT (a port from 1 to 65535), "
                        + "several separated by commas");
            }
            String host = m.group(1).startsWith("[") ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);
            masters.add(InetSocketAddress.createUnresolved(host, port));
        }
        List<String> why = new ArrayList<>();
        for (InetSocketAddress a : masters) {
            InetSocketAddress resolved = new InetSocketAddress(a.getHostString(), a.getPort());
            if (resolved.isUnresolved()) {
                why.add(a.getHostString() + ": unknown host");
                continue;
            }
            try (Socket s = new Socket()) {
                s.connect(resolved, CONNECT_MILLIS);
            } catch (IOException e) {
                String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                why.add(a.getHostString() + ":" + a.getPort() + " (" + reason.toLowerCase(Locale.ROOT) + ")");
                continue;
            }
            if (isSparkMaster(a.getHostString(), a.getPort())) {
                return;
            }
            why.add(a.getHostString() + ":" + a.getPort() + " (something answers there, but not as a Spark master)");
        }
        throw new UserError(where + "no Spark master answers at " + String.join(", ", why) + "; waited at most "
                + (CONNECT_MILLIS + LOOKUP_MILLIS) / 1000 + " s for each");
    }

    /**
     * True if a Spark master answers at host:port: Spark's own RPC client asks the endpoint there
     * for the master's endpoint, waiting at most {@link #LOOKUP_MILLIS}. Any other server that
     * accepts the connection (a web server, a silent one) would otherwise keep Spark's application
     * client retrying its registration for over a minute before the run fails.
     */
    private static boolean isSparkMaster(String host, int port) {
        SparkConf conf = new SparkConf().set("spark.rpc.lookupTimeout", LOOKUP_MILLIS + "ms");
        RpcEnv env = null;
        try {
            env = RpcEnv.create("richelieu-master-probe", "127.0.0.1", "127.0.0.1", 0, conf,
                    new SecurityManager(conf, SecurityManager.$lessinit$greater$default$2(),
                            SecurityManager.$lessinit$greater$default$3()), 0, true);
            env.setupEndpointRef(RpcAddress.apply(host, port), MASTER_ENDPOINT);
            return true;
        } catch (Exception e) { // Spark's timeout is a checked exception that Scala throws undeclared
            return false; // it closed the connection, answered gibberish or kept silent
        } finally {
            if (env != null) {
                env.shutdown();
            }
        }
    }

    private static void needs(String className, String what, String where) {
        try {
            Class.forName(className, false, Masters.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UserError(where + "this Spark has no " + what + " support on its class path; submit "
                    + "richelieu-cluster.jar with spark-submit for " + what + " (docs/cluster.md)");
        }
    }
}

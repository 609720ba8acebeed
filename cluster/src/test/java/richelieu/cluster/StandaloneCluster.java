package richelieu.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A real Spark standalone cluster on 127.0.0.1 for tests: one Master and some Workers, each a
 * plain JVM started from the Spark jars on the test class path (their main classes; no Spark
 * download). Workers launch executors through Spark's launcher, which wants a SPARK_HOME whose
 * {@code jars/} holds the class path: we make one in a temporary folder with links to every jar
 * of the test class path, and jars of its class folders (so executors load the project's
 * classes too). Every process is started by handle and {@link #close() stopped} by handle; the
 * folder (SPARK_HOME, worker work dirs, logs) is deleted.
 */
final class StandaloneCluster implements AutoCloseable {
    // Generous: on a loaded 2-core CI machine (load ~20) the JVMs of master and workers can take minutes.
    private static final Duration START_TIMEOUT = Duration.ofSeconds(300);

    private final Path dir;
    private final Path sparkHome;
    private final List<Process> processes = new ArrayList<>();
    private final List<Process> workers = new ArrayList<>();
    private final int masterPort;
    private final int masterUiPort;

    private StandaloneCluster(Path dir) throws IOException {
        this.dir = dir;
        this.sparkHome = dir.resolve("spark-home");
        this.masterPort = freePort();
        this.masterUiPort = freePort();
    }

    /** Starts a Master and {@code workers} Workers of one core each; waits until all are registered. */
    static StandaloneCluster start(int workers) throws Exception {
        StandaloneCluster c = new StandaloneCluster(Files.createTempDirectory("richelieu-spark-"));
        try {
            c.makeSparkHome();
            c.processes.add(c.launch("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                    "--port", Integer.toString(c.masterPort), "--webui-port", Integer.toString(c.masterUiPort)));
            c.awaitAliveWorkers(0);
            for (int i = 0; i < workers; i++) {
                c.startWorker();
            }
            c.awaitAliveWorkers(workers);
            return c;
        } catch (Throwable t) {
            c.close();
            throw t;
        }
    }

    /** The master URL, {@code spark://127.0.0.1:PORT}. */
    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    /** Starts one more Worker (1 core, 1 GB). */
    void startWorker() throws IOException {
        int n = workers.size();
        Path work = dir.resolve("worker-" + n);
        Files.createDirectories(work);
        Process p = launch("worker-" + n, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                "--port", Integer.toString(freePort()), "--webui-port", Integer.toString(freePort()),
                "--cores", "1", "--memory", "1g", "--work-dir", work.toString(), masterUrl());
        workers.add(p);
        processes.add(p);
    }

    /** Kills Worker {@code i} and every executor it launched (as a lost machine would lose them). */
    void killWorker(int i) {
        Process w = workers.get(i);
        w.descendants().forEach(ProcessHandle::destroyForcibly);
        w.destroyForcibly();
    }

    /** Workers the Master currently lists as ALIVE. */
    int aliveWorkers() throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + masterUiPort + "/json/")).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher m = Pattern.compile("\"state\"\\s*:\\s*\"ALIVE\"").matcher(r.body());
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private void awaitAliveWorkers(int n) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            for (Process p : processes) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("a Spark process exited early (code " + p.exitValue() + "); logs in "
                            + dir + ":\n" + logs());
                }
            }
            try {
                if (aliveWorkers() >= n) {
                    return;
                }
            } catch (IOException e) {
                last = e; // master UI not up yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("cluster did not start in " + START_TIMEOUT + " (" + last + "):\n" + logs());
    }

    private Process launch(String name, String mainClass, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("@" + ClusterTestSupport.sparkJavaOptions());
        cmd.add("-Xmx256m");
        cmd.add("-cp");
        cmd.add(sparkHome.resolve("jars") + "/*");
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        Map<String, String> env = pb.environment();
        env.put("SPARK_HOME", sparkHome.toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.put("SPARK_LOG_DIR", dir.toString());
        return pb.start();
    }

    /** SPARK_HOME/jars: links to the test class path's jars, and a jar of each class folder. */
    private void makeSparkHome() throws IOException {
        Path jars = sparkHome.resolve("jars");
        Files.createDirectories(jars);
        int i = 0;
        for (Path entry : ClusterTestSupport.testClassPath()) {
            String name = String.format("%03d-%s", i++, entry.getFileName());
            if (Files.isDirectory(entry)) {
                zip(entry, jars.resolve(name + ".jar"));
            } else if (entry.toString().endsWith(".jar") && Files.exists(entry)) {
                Files.createSymbolicLink(jars.resolve(name), entry.toAbsolutePath());
            }
        }
    }

    private static void zip(Path folder, Path jar) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(folder)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                out.putNextEntry(new ZipEntry(folder.relativize(f).toString().replace('\\', '/')));
                try (InputStream in = Files.newInputStream(f)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }

    private String logs() {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".log"))::iterator) {
                List<String> lines = Files.readAllLines(f);
                sb.append("== ").append(f.getFileName()).append('\n');
                lines.subList(Math.max(0, lines.size() - 30), lines.size()).forEach(l -> sb.append(l).append('\n'));
            }
        } catch (IOException | UncheckedIOException e) {
            sb.append("(logs unreadable: ").append(e).append(")");
        }
        return sb.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    /** Stops every process this cluster started (workers first, with their executors), deletes its folder. */
    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process p = processes.get(i);
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : processes) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // best effort: a temp folder
        }
    }
}

package richelieu.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line in a JVM of its own, as ./richelieu starts it: for what a test cannot do
 * in-process (another current folder, environment variables, standard output a pipe).
 *
 * @param exit the exit code
 * @param out  what it printed on standard output (read through a pipe)
 * @param err  what it printed on standard error
 */
record Spawned(int exit, String out, String err) {

    /** Runs {@code args} in {@code cwd} with {@code env} added to the environment; ended after two minutes at most. */
    static Spawned run(Path cwd, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "richelieu.runner.Main"));
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile(cwd, "spawned", ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
        Spawned s = new Spawned(p.exitValue(), out, Files.readString(err));
        Files.delete(err);
        return s;
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
    }
}

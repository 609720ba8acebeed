package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.resultfile.ResultFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The command line run in-process by the cluster tests, and the runner's golden files to compare with. */
public final class SparkCli {
    /** The runner's golden outputs, pinned from the local runner (its GoldenTest checks them). */
    public static final Path GOLDEN = Path.of("../runner/src/test/resources/golden");

    private SparkCli() {
    }

    public static void assertSameAsGolden(String name, Path dir, Out out) throws IOException {
        assertEquals(0, out.exit(), out.toString());
        Path golden = GOLDEN.resolve(name);
        assertEquals(Files.readString(golden.resolve("stdout.txt")), out.out(), name + "/stdout.txt");
        for (String f : List.of("games.csv", "records.jsonl")) {
            if (Files.exists(golden.resolve(f))) {
                assertEquals(Files.readString(golden.resolve(f)), Files.readString(dir.resolve(f)), name + "/" + f);
            }
        }
        assertEquals(Files.readString(golden.resolve("result.json")), resultOf(dir), name + "/result.json");
    }

    /** The result file written in {@code dir}, as the golden files hold it: no version, the folder as {@code {dir}}. */
    public static String resultOf(Path dir) throws IOException {
        return withoutVersion(dir.resolve("result.json")).replace(dir.toAbsolutePath().toString(), "{dir}");
    }

    public static String withoutVersion(Path file) throws IOException {
        JsonNode n = ResultFile.MAPPER.readTree(file.toFile());
        ((ObjectNode) n).remove("version");
        return ResultFile.MAPPER.writeValueAsString(n) + "\n";
    }

    /** True if no parts folder of a Spark run is left in the current directory (every run deletes its own). */
    public static boolean noPartsLeft() throws IOException {
        try (var files = Files.list(Path.of("."))) {
            return files.noneMatch(f -> f.getFileName().toString().startsWith(".richelieu-parts-"));
        }
    }

    public record Out(int exit, String out, String err) {
    }

    /** Runs the command line in-process as it is. */
    public static Out command(List<String> args) {
        Cli c = Cli.run(args.toArray(new String[0]));
        return new Out(c.exit, c.out, c.err);
    }

    /** Runs the command line in-process with the result, CSV and records files in {@code dir}. */
    public static Out run(Path dir, String args) {
        List<String> a = new ArrayList<>(List.of(args.split(" ")));
        a.addAll(List.of("--json", dir.resolve("result.json").toString(), "--csv", dir.resolve("games.csv").toString(),
                "--records", dir.resolve("records.jsonl").toString()));
        Cli c = Cli.run(a.toArray(new String[0]));
        return new Out(c.exit, c.out, c.err);
    }
}

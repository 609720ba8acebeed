package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner's packages form layers, each using only the ones below it: the statistics at the
 * bottom, the command line at the top, {@code Main} above everything and used by nothing. Read
 * from the main sources — imports and fully qualified names alike (comments and strings left
 * out), so {@code richelieu.runner.report.Format.data(…)} in the middle of a method counts as
 * much as an import.
 *
 * <p>The root package holds {@code Main} (the top) and the few types every layer may use
 * ({@code UserError}, {@code Version}: the base). Every other package is its own node, a
 * sub-package too: the report's {@code chart} and {@code readme} sit below the report that uses
 * them, so an arrow back up from either (a cycle) fails like any other.
 */
class PackageLayeringTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final String ROOT = "richelieu.runner";

    /** Each layer, bottom first: a layer may use the layers before it, none after it. */
    private static final List<Set<String>> LAYERS = List.of(
            Set.of("base"),
            Set.of("stats", "view"),
            Set.of("text", "resultfile", "spsa", "solve"),
            Set.of("studystats", "execution", "distance", "dataset"),
            Set.of("answers"),
            Set.of("study"),
            Set.of("report.chart", "report.readme"),
            Set.of("report"),
            Set.of("command"),
            Set.of("main"));

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    /** A reference to a runner type: its package and its simple name (imports and qualified names alike). */
    private static final Pattern REFERENCE = Pattern.compile("\\b(richelieu\\.runner(?:\\.[a-z]\\w*)*)\\.([A-Z]\\w*)");
    private static final Pattern COMMENT_OR_STRING =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"\"\"(?s:.*?)\"\"\"|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'",
                    Pattern.DOTALL);

    /** The layer name of a type of the runner: its package under the runner, or base / main for the root's. */
    private static String layerOf(String pkg, String type) {
        if (pkg.equals(ROOT)) {
            return type.equals("Main") ? "main" : "base";
        }
        return pkg.substring(ROOT.length() + 1);
    }

    /** Layer → the layers its classes use, each with one file that does (for the message). */
    private static Map<String, Map<String, String>> graph() throws IOException {
        Map<String, Map<String, String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                Matcher p = PACKAGE.matcher(text);
                assertTrue(p.find(), f + " has a package");
                String type = f.getFileName().toString().replace(".java", "");
                String from = layerOf(p.group(1), type);
                Map<String, String> to = uses.computeIfAbsent(from, k -> new TreeMap<>());
                String code = COMMENT_OR_STRING.matcher(text).replaceAll(" ");
                Matcher r = REFERENCE.matcher(code);
                while (r.find()) {
                    to.putIfAbsent(layerOf(r.group(1), r.group(2)), f.toString());
                }
                if (p.group(1).equals(ROOT)) { // the root's own types need no import
                    for (String sibling : List.of("Main", "UserError", "Version")) {
                        if (!sibling.equals(type) && Pattern.compile("\\b" + sibling + "\\b").matcher(code).find()) {
                            to.putIfAbsent(layerOf(ROOT, sibling), f.toString());
                        }
                    }
                }
                to.remove(from);
            }
        }
        return uses;
    }

    private static int rank(String layer) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(layer)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void runnerPackages_useOnlyTheLayersBelowThem() throws IOException {
        Map<String, Map<String, String>> uses = graph();
        assertTrue(uses.keySet().containsAll(List.of("base", "stats", "resultfile", "execution", "study", "report.chart",
                "report.readme", "report", "command", "main")), uses.keySet().toString());
        List<String> unknown = new ArrayList<>();
        List<String> upward = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : uses.entrySet()) {
            if (rank(e.getKey()) < 0) {
                unknown.add(e.getKey());
            }
            for (Map.Entry<String, String> to : e.getValue().entrySet()) {
                if (rank(to.getKey()) >= rank(e.getKey())) {
                    upward.add(e.getKey() + " -> " + to.getKey() + " (" + to.getValue() + ")");
                }
            }
        }
        assertEquals(List.of(), unknown, "packages missing from LAYERS");
        assertEquals(List.of(), upward, "arrows that point up or sideways");
    }

    @Test
    void layerCheck_subPackageUsingItsParent_isAnUpwardArrow() {
        // the cycle this test once let through: report -> report.readme -> report (RunTimes)
        assertTrue(rank("report.readme") < rank("report"));
        assertEquals("report.readme", layerOf("richelieu.runner.report.readme", "Readme"));
        Matcher r = REFERENCE.matcher("import richelieu.runner.report.RunTimes; x = richelieu.runner.report.DistancePage.PAGE;");
        Set<String> found = new TreeSet<>();
        while (r.find()) {
            found.add(layerOf(r.group(1), r.group(2)));
        }
        assertEquals(Set.of("report"), found);
    }

    @Test
    void layerCheck_qualifiedNameInCode_counts_commentsAndStringsDoNot() {
        String code = COMMENT_OR_STRING.matcher("""
                /** {@link richelieu.runner.Main} */ // richelieu.runner.command.X
                String s = "richelieu.runner.study.Y";
                int n = richelieu.runner.report.Format.data(s).length();
                """).replaceAll(" ");
        Set<String> found = new TreeSet<>();
        Matcher r = REFERENCE.matcher(code);
        while (r.find()) {
            found.add(layerOf(r.group(1), r.group(2)));
        }
        assertEquals(Set.of("report"), found);
    }

    /**
     * A simple name means one type across the modules a reader moves between (strategies, env,
     * runner): an import of the wrong {@code Reward} compiles and misleads. Top-level types, read
     * from the main sources of the three modules (this test runs in runner/, beside the others).
     */
    @Test
    void simpleNames_areUniqueAcrossStrategiesEnvAndRunner() throws IOException {
        Map<String, List<String>> where = topLevelTypes(List.of(Path.of("../strategies/src/main/java"),
                Path.of("../env/src/main/java"), SOURCES));
        assertTrue(where.containsKey("IsmctsStrategy") && where.containsKey("EnvBatch") && where.containsKey("Main"),
                "all three modules read: " + where.size() + " types");
        List<String> shared = where.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .map(e -> e.getKey() + " " + e.getValue()).toList();
        assertEquals(List.of(), shared, "simple names used by more than one type");
    }

    @Test
    void simpleNameCheck_findsTwoFilesOfOneName(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("a/x"));
        Files.createDirectories(dir.resolve("b/y"));
        Files.writeString(dir.resolve("a/x/Reward.java"), "package x;");
        Files.writeString(dir.resolve("b/y/Reward.java"), "package y;");
        Files.writeString(dir.resolve("b/y/package-info.java"), "package y;");
        assertEquals(Map.of("Reward", List.of("x.Reward", "y.Reward")),
                topLevelTypes(List.of(dir.resolve("a"), dir.resolve("b"))));
    }

    /** Simple name → the qualified names of the top-level types of that name (package-info left out). */
    private static Map<String, List<String>> topLevelTypes(List<Path> roots) throws IOException {
        Map<String, List<String>> where = new TreeMap<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    String name = f.getFileName().toString().replace(".java", "");
                    if (!name.equals("package-info")) {
                        String pkg = root.relativize(f.getParent()).toString().replace(f.getFileSystem().getSeparator(), ".");
                        where.computeIfAbsent(name, k -> new ArrayList<>()).add(pkg + "." + name);
                    }
                }
            }
        }
        return where;
    }
}

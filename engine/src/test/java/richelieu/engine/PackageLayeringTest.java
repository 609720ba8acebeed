package richelieu.engine;

import org.junit.jupiter.api.Test;

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
 * The engine's packages form layers: no package reaches, through the others, back to itself
 * (the strict JSON reader sits below the deck, the game records above it). Read from the
 * imports of the main sources.
 */
class PackageLayeringTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?(richelieu\\.engine(?:\\.[a-z]\\w*)*)\\.[A-Z]");

    /** Package → the engine packages its classes import. */
    private static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                Matcher p = PACKAGE.matcher(text);
                assertTrue(p.find(), f + " has a package");
                Set<String> to = uses.computeIfAbsent(p.group(1), k -> new TreeSet<>());
                Matcher i = IMPORT.matcher(text);
                while (i.find()) {
                    if (!i.group(1).equals(p.group(1))) {
                        to.add(i.group(1));
                    }
                }
            }
        }
        return uses;
    }

    @Test
    void enginePackages_noImportCycle() throws IOException {
        Map<String, Set<String>> uses = graph();
        assertTrue(uses.keySet().containsAll(List.of("richelieu.engine", "richelieu.engine.json", "richelieu.engine.record")),
                uses.keySet().toString());
        List<String> cycles = new ArrayList<>();
        for (String start : uses.keySet()) {
            List<String> path = new ArrayList<>(List.of(start));
            if (reaches(uses, start, start, path, new TreeSet<>())) {
                cycles.add(String.join(" -> ", path));
            }
        }
        assertEquals(List.of(), cycles, "package cycles: " + uses);
    }

    @Test
    void strictJsonReader_usesNoOtherEnginePackage() throws IOException {
        assertEquals(Set.of(), graph().get("richelieu.engine.json"));
    }

    /** True if {@code from} leads back to {@code target}; {@code path} then holds the way. */
    private static boolean reaches(Map<String, Set<String>> uses, String from, String target, List<String> path,
                                   Set<String> seen) {
        for (String next : uses.getOrDefault(from, Set.of())) {
            path.add(next);
            if (next.equals(target) || seen.add(next) && reaches(uses, next, target, path, seen)) {
                return true;
            }
            path.remove(path.size() - 1);
        }
        return false;
    }
}

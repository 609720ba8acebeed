package richelieu.runner;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Main code has no mutable static field that other classes can set: a setting of one run (a
 * checkpoint interval, a stop for a test) travels with that run, so two runs in one JVM never
 * change each other. A private static cache stays the class's own business.
 */
class NoStaticHooksTest {
    /** A static field that is not final and not private: {@code public static volatile long x = -1;}. */
    static final Pattern SETTABLE_STATIC = Pattern.compile(
            "(?m)^\\s*(?:public |protected )?(?:static )(?!final\\b)(?:volatile |transient )*"
                    + "(?!class\\b|interface\\b|record\\b|enum\\b|void\\b|<)[\\w.<>\\[\\], ?]+ \\w+\\s*(?:=|;)");

    static List<String> settableStatics(String code) {
        List<String> found = new ArrayList<>();
        Matcher m = SETTABLE_STATIC.matcher(code);
        while (m.find()) {
            if (!m.group().strip().startsWith("private")) {
                found.add(m.group().strip());
            }
        }
        return found;
    }

    @Test
    void runnerMainCode_hasNoSettableStaticField() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                for (String field : settableStatics(Files.readString(f))) {
                    found.add(f + ": " + field);
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void settableStatics_findsTheOldTestHook_notConstantsNorPrivateCaches() {
        String code = """
                    public static volatile long stopAfterUnitsForTests = -1;
                    static long checkpointNanos;
                    public static final long MAX = 1;
                    private static volatile boolean fontsChecked;
                    static void run() {
                """;
        List<String> found = settableStatics(code);
        assertEquals(2, found.size(), found::toString);
        assertTrue(found.get(0).contains("stopAfterUnitsForTests"), found::toString);
    }
}

package richelieu.strategies;

import org.junit.jupiter.api.Test;
import richelieu.engine.Strategy;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The bot API (docs/bots.md, section 7) changes only on purpose: every public type of the package
 * {@code richelieu.engine} and the plug-in types of {@code richelieu.strategies}, with their public
 * constructors, methods and fields (constant values included: compiled plug-ins inline them), are
 * listed in {@code src/test/resources/bot-api.txt} and compared here with the compiled classes.
 */
class BotApiTest {
    /** The plug-in types of richelieu.strategies; the rest of the package is not bot API. */
    private static final List<Class<?>> PLUGIN_TYPES = List.of(StrategyFactory.class, BotParams.class,
            BotSpecException.class);

    private static final Path LISTED = Path.of("src/test/resources/bot-api.txt");
    private static final Path ACTUAL = Path.of("target/bot-api.txt");

    @Test
    void botApi_equalsTheCheckedInList() throws IOException {
        List<String> actual = surface();
        List<String> listed = Files.readAllLines(LISTED, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        if (!actual.equals(listed)) {
            Files.createDirectories(ACTUAL.getParent());
            List<String> file = new ArrayList<>(header());
            file.addAll(actual);
            Files.write(ACTUAL, file, StandardCharsets.UTF_8);
            Set<String> added = new TreeSet<>(actual);
            listed.forEach(added::remove);
            Set<String> removed = new TreeSet<>(listed);
            actual.forEach(removed::remove);
            fail("The bot API changed (docs/bots.md, section 7):\n"
                    + added.stream().map(l -> "  + " + l + "\n").collect(Collectors.joining())
                    + removed.stream().map(l -> "  - " + l + "\n").collect(Collectors.joining())
                    + "Bots compiled against the old API may break. If the change is deliberate, take the new list:\n"
                    + "  cp strategies/" + ACTUAL + " strategies/" + LISTED + "\n"
                    + "and update docs/bots.md where it describes what changed.");
        }
    }

    @Test
    void surface_listsInheritedPublicMethodsAndConstantValues() throws IOException {
        List<String> s = surface();
        // Observation's public state queries are declared in a package-private superclass.
        assertTrue(s.contains("richelieu.engine.Observation method public int reserve(int)"), "inherited");
        assertTrue(s.contains("richelieu.engine.Action field public static final int T_TAKE = 3"), "constant");
        assertTrue(s.contains("richelieu.strategies.StrategyFactory$Parameter record public static final"),
                "nested plug-in type");
        assertTrue(s.stream().noneMatch(l -> l.contains("PublicState") || l.contains("FusedPlayout")),
                "package-private types stay out");
        assertTrue(s.stream().noneMatch(l -> l.startsWith("richelieu.strategies.Bots ")), "the registry is not API");
    }

    private static List<String> header() throws IOException {
        return Files.readAllLines(LISTED, StandardCharsets.UTF_8).stream().takeWhile(l -> l.startsWith("#")).toList();
    }

    /** Every line of the API, sorted. */
    static List<String> surface() throws IOException {
        Set<String> lines = new TreeSet<>();
        List<Class<?>> types = new ArrayList<>(engineTypes());
        types.addAll(PLUGIN_TYPES);
        for (Class<?> t : types) {
            describe(t, lines);
        }
        return new ArrayList<>(lines);
    }

    /** The public top-level types of the package richelieu.engine, from its class folder or jar. */
    private static List<Class<?>> engineTypes() throws IOException {
        Path where;
        try {
            where = Path.of(Strategy.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(where)) {
            try (Stream<Path> files = Files.list(where.resolve("richelieu/engine"))) {
                files.map(p -> p.getFileName().toString()).forEach(names::add);
            }
        } else {
            try (ZipFile jar = new ZipFile(where.toFile())) {
                jar.stream().map(e -> e.getName()).filter(n -> n.matches("richelieu/engine/[^/]+"))
                        .map(n -> n.substring("richelieu/engine/".length())).forEach(names::add);
            }
        }
        List<Class<?>> types = new ArrayList<>();
        for (String n : names) {
            if (n.endsWith(".class") && !n.contains("$")) {
                Class<?> c = load("richelieu.engine." + n.substring(0, n.length() - ".class".length()));
                if (Modifier.isPublic(c.getModifiers())) {
                    types.add(c);
                }
            }
        }
        assertTrue(types.size() > 20, "found only " + types + " in " + where);
        return types;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, BotApiTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void describe(Class<?> t, Set<String> out) {
        String name = t.getName();
        out.add(name + " " + kind(t));
        for (Class<?> s = t.getSuperclass(); s != null && !s.getName().startsWith("java."); s = s.getSuperclass()) {
            if (Modifier.isPublic(s.getModifiers())) {
                out.add(name + " extends " + s.getName());
            }
        }
        for (Type i : t.getGenericInterfaces()) {
            out.add(name + " implements " + i.getTypeName());
        }
        for (Constructor<?> c : t.getConstructors()) {
            out.add(name + " constructor " + modifiers(c.getModifiers()) + " " + t.getSimpleName() + "("
                    + types(c.getGenericParameterTypes()) + ")");
        }
        for (Method found : t.getMethods()) {
            Method m = found.isBridge() ? inheritedThroughBridge(t, found) : found;
            if (m == null || m.isSynthetic() || m.getDeclaringClass().getName().startsWith("java.") || overridesObject(m)) {
                continue;
            }
            String mods = modifiers(m.getModifiers()) + (m.isDefault() ? " default" : "");
            out.add(name + " method " + mods + " " + m.getGenericReturnType().getTypeName() + " " + m.getName() + "("
                    + types(m.getGenericParameterTypes()) + ")");
        }
        for (Field f : t.getFields()) {
            String line = name + " field " + modifiers(f.getModifiers()) + " " + f.getGenericType().getTypeName() + " "
                    + f.getName();
            int constant = Modifier.STATIC | Modifier.FINAL;
            if ((f.getModifiers() & constant) == constant && (f.getType().isPrimitive() || f.getType() == String.class)) {
                try {
                    line += " = " + f.get(null);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
            out.add(line);
        }
        for (Class<?> nested : t.getClasses()) {
            if (nested.getDeclaringClass() == t) {
                describe(nested, out);
            }
        }
    }

    /**
     * The public method of a package-private superclass that {@code bridge} makes callable (javac
     * writes such a bridge into the public subclass, e.g. Observation's state queries), or null
     * for a bridge of generics.
     */
    private static Method inheritedThroughBridge(Class<?> t, Method bridge) {
        for (Class<?> s = t.getSuperclass(); s != null; s = s.getSuperclass()) {
            try {
                Method m = s.getDeclaredMethod(bridge.getName(), bridge.getParameterTypes());
                return m.isBridge() || !Modifier.isPublic(m.getModifiers()) ? null : m;
            } catch (NoSuchMethodException e) {
                // not declared at this level
            }
        }
        return null;
    }

    private static String kind(Class<?> t) {
        int m = t.getModifiers();
        if (t.isInterface()) {
            m &= ~Modifier.ABSTRACT; // every interface is
        }
        String kind = t.isInterface() ? "interface" : t.isEnum() ? "enum" : t.isRecord() ? "record" : "class";
        return kind + " " + modifiers(m);
    }

    private static String modifiers(int m) {
        return Modifier.toString(m & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL
                | Modifier.ABSTRACT));
    }

    private static String types(Type[] ts) {
        return Arrays.stream(ts).map(Type::getTypeName).collect(Collectors.joining(", "));
    }

    private static boolean overridesObject(Method m) {
        return (m.getName().equals("equals") && m.getParameterCount() == 1)
                || (m.getName().equals("hashCode") || m.getName().equals("toString")) && m.getParameterCount() == 0;
    }

}

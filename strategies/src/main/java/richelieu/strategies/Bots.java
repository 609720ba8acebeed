package richelieu.strategies;

import richelieu.engine.Strategy;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The bot registry: every {@link StrategyFactory} found by {@link ServiceLoader} on the class
 * path and in plug-in jars, and the parser of bot specs:
 * <pre>
 *   name                       random
 *   name:key=value,key=value   ismcts:iterations=2000,c=0.7
 *   name:raw argument          exec:python3 examples/python-bot/random_bot.py
 * </pre>
 */
public final class Bots {
    /** The name of the per-decision time parameter that marks a bot as time-budgeted. */
    public static final String MOVE_TIME_PARAMETER = "millis";

    private final Map<String, StrategyFactory> factories = new LinkedHashMap<>();
    private int moveTimeMillis;

    private Bots() {
    }

    /**
     * From now on, {@link #parse} gives every bot that declares a {@value #MOVE_TIME_PARAMETER}
     * parameter and whose spec does not set it {@code millis=ms} ({@code --move-time}: equal time
     * per move for every budgeted bot of a run with one flag); the spec's own value wins, and the
     * label shows the budget. 0 turns it off.
     */
    public Bots withMoveTime(int ms) {
        if (ms < 0) {
            throw new BotSpecException("the move time must be at least 0 ms, not " + ms);
        }
        moveTimeMillis = ms;
        return this;
    }

    /** The shipped bots and any factory on the class path. */
    public static Bots standard() {
        return withPlugins(List.of());
    }

    /**
     * The shipped bots plus the factories in the given plug-in jars (or folders of jars).
     * A path that does not exist or holds no factory is an error, since the user named it.
     */
    public static Bots withPlugins(List<Path> plugins) {
        Bots bots = new Bots();
        bots.load(ServiceLoader.load(StrategyFactory.class, Bots.class.getClassLoader()), "the class path");
        List<URL> urls = new ArrayList<>();
        for (Path p : plugins) {
            urls.addAll(jarsOf(p));
        }
        if (!urls.isEmpty()) {
            ClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), Bots.class.getClassLoader());
            int before = bots.factories.size();
            bots.load(ServiceLoader.load(StrategyFactory.class, loader), "plug-ins " + urls);
            if (bots.factories.size() == before) {
                throw new BotSpecException("no bot found in " + plugins + " (a plug-in jar lists its factory in "
                        + "META-INF/services/" + StrategyFactory.class.getName() + ")");
            }
        }
        return bots;
    }

    /** The jars of a plug-in path, in the order they are loaded: the jar itself, or a folder's *.jar by name. */
    public static List<URL> jarsOf(Path p) {
        List<URL> urls = new ArrayList<>();
        try {
            if (Files.isDirectory(p)) {
                try (DirectoryStream<Path> ds = Files.newDirectoryStream(p, "*.jar")) {
                    List<Path> jars = new ArrayList<>();
                    ds.forEach(jars::add);
                    Collections.sort(jars);
                    for (Path j : jars) {
                        urls.add(j.toUri().toURL());
                    }
                }
            } else if (Files.isRegularFile(p)) {
                urls.add(p.toUri().toURL());
            } else {
                throw new BotSpecException("plug-in " + p + ": no such file or folder");
            }
        } catch (MalformedURLException e) {
            throw new BotSpecException("plug-in " + p + ": " + e.getMessage());
        } catch (IOException e) {
            throw new BotSpecException("plug-in " + p + ": cannot read it (" + e.getMessage() + ")");
        }
        return urls;
    }

    private void load(ServiceLoader<StrategyFactory> loader, String where) {
        try {
            for (StrategyFactory f : loader) {
                StrategyFactory old = factories.putIfAbsent(f.name(), f);
                if (old != null && old.getClass() != f.getClass()) {
                    throw new BotSpecException("two bots are named '" + f.name() + "': " + old.getClass().getName()
                            + " and " + f.getClass().getName());
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new BotSpecException("cannot load bots from " + where + ": " + e.getMessage());
        }
    }

    public Collection<StrategyFactory> factories() {
        return Collections.unmodifiableCollection(factories.values());
    }

    public StrategyFactory factory(String name) {
        return factories.get(name);
    }

    private static void closeIfCloseable(Strategy s) {
        if (s instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                throw new BotSpecException("bot '" + s.name() + "' failed to close: " + e.getMessage());
            }
        }
    }

    /** Parses and validates a spec; a bad one throws {@link BotSpecException} listing what is valid. */
    public BotSpec parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new BotSpecException("empty bot spec; known bots: " + String.join(", ", factories.keySet()));
        }
        String s = spec.trim();
        int labelEnd = BotSpec.labelEnd(s);
        if (labelEnd >= 0) { // NAME=SPEC: the label is shown everywhere, the spec makes the bot
            BotSpec plain = parse(s.substring(labelEnd + 1));
            return new BotSpec(s.substring(0, labelEnd).trim(), plain.factory(), plain.params(), plain.spec());
        }
        if (s.indexOf('=') > 0 && (s.indexOf(':') < 0 || s.indexOf(':') > s.indexOf('='))) {
            throw new BotSpecException("bad label in '" + s + "': a label (NAME=SPEC) is letters, digits, _ . and -");
        }
        int colon = s.indexOf(':');
        String name = colon < 0 ? s : s.substring(0, colon);
        String rest = colon < 0 ? "" : s.substring(colon + 1);
        StrategyFactory f = factories.get(name);
        if (f == null) {
            throw new BotSpecException("unknown bot '" + name + "'; known bots: " + String.join(", ", factories.keySet()));
        }
        if (f.takesRawArgument()) {
            if (rest.isBlank()) {
                throw new BotSpecException("bot '" + name + "' needs an argument, e.g. " + name + ":python3 bot.py");
            }
            BotParams params = new BotParams(name, Map.of(), f.parameters(), rest.trim());
            // Build one bot now so a malformed argument is reported at parse time; raw-argument
            // bots hold resources (exec starts its process lazily), so close it again.
            closeIfCloseable(f.create(params));
            return new BotSpec(name + ":" + rest.trim(), f, params);
        }
        Map<String, String> values = new LinkedHashMap<>();
        if (!rest.isBlank()) {
            for (String kv : rest.split(",")) {
                int eq = kv.indexOf('=');
                if (eq <= 0) {
                    throw new BotSpecException("bot '" + name + "': expected key=value, got '" + kv + "'");
                }
                String key = kv.substring(0, eq).trim();
                if (values.put(key, kv.substring(eq + 1).trim()) != null) {
                    throw new BotSpecException("bot '" + name + "': parameter '" + key + "' given twice");
                }
            }
        }
        if (moveTimeMillis > 0 && !values.containsKey(MOVE_TIME_PARAMETER)
                && f.parameters().stream().anyMatch(p -> p.name().equals(MOVE_TIME_PARAMETER))) {
            values.put(MOVE_TIME_PARAMETER, Integer.toString(moveTimeMillis));
        }
        BotParams params = new BotParams(name, values, f.parameters(), null);
        // Build one bot now, so a bad value is reported at parse time rather than mid-run.
        f.create(params);
        StringBuilder label = new StringBuilder(name);
        String sep = ":";
        for (Map.Entry<String, String> e : values.entrySet()) {
            label.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ",";
        }
        return new BotSpec(label.toString(), f, params);
    }
}

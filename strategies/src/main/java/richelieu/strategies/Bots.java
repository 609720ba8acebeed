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
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.ZipFile;

/**
 * The bot registry: every {@link StrategyFactory} found by {@link ServiceLoader} on the class
 * path and in the plug-in jars a run names, and the parser of bot specs:
 * <pre>
 *   name                       random
 *   name:key=value,key=value   ismcts:iterations=2000,c=0.7
 *   name:raw argument          exec:python3 examples/python-bot/random_bot.py
 * </pre>
 * A registry never changes: {@link #withMoveTime} and {@link #withMoveTimeout} make another.
 * Plug-in jars run code, so a registry checks them on creation without loading a class, and
 * loads them only when a spec names a bot that is not on the class path (or every bot is
 * listed): a run of shipped bots runs no plug-in's code. Each spec is parsed once and kept with
 * its text.
 */
public final class Bots {
    /** The name of the per-decision time parameter that marks a bot as time-budgeted. */
    public static final String MOVE_TIME_PARAMETER = "millis";
    /** The per-move limit of a bot in another process when neither its spec nor the run sets one. */
    public static final int DEFAULT_MOVE_TIMEOUT_MILLIS = 5000;
    /** Where a plug-in jar lists its factories. */
    private static final String SERVICES = "META-INF/services/" + StrategyFactory.class.getName();

    private final Map<String, StrategyFactory> shipped;
    private final Plugins plugins;
    private final int moveTimeMillis;
    private final long moveTimeoutMillis;
    private final Map<String, BotSpec> parsed = new ConcurrentHashMap<>();

    private Bots(Map<String, StrategyFactory> shipped, Plugins plugins, int moveTimeMillis, long moveTimeoutMillis) {
        this.shipped = shipped;
        this.plugins = plugins;
        this.moveTimeMillis = moveTimeMillis;
        this.moveTimeoutMillis = moveTimeoutMillis;
    }

    /**
     * This registry, where {@link #parse} gives every bot that declares a {@value #MOVE_TIME_PARAMETER}
     * parameter and whose spec does not set it {@code millis=ms} ({@code --move-time}: equal time
     * per move for every budgeted bot of a run with one flag); the spec's own value wins, and the
     * label shows the budget. 0 turns it off.
     */
    public Bots withMoveTime(int ms) {
        if (ms < 0) {
            throw new BotSpecException("the move time must be at least 0 ms, not " + ms);
        }
        return new Bots(shipped, plugins, ms, moveTimeoutMillis);
    }

    /**
     * This registry, where every bot's parameters carry {@code ms} as the per-move limit of a bot
     * in another process ({@link BotParams#moveTimeoutMillis}, the runner's {@code --move-timeout}).
     */
    public Bots withMoveTimeout(long ms) {
        if (ms < 1) {
            throw new BotSpecException("the move timeout must be at least 1 ms, not " + ms);
        }
        return new Bots(shipped, plugins, moveTimeMillis, ms);
    }

    /** The shipped bots and any factory on the class path. */
    public static Bots standard() {
        return withPlugins(List.of());
    }

    /**
     * The shipped bots plus the factories in the given plug-in jars (or folders of jars), loaded
     * when first needed. A path that does not exist, or a jar that lists no factory, is an error
     * now, since the user named it.
     */
    public static Bots withPlugins(List<Path> plugins) {
        Map<String, StrategyFactory> found = new LinkedHashMap<>();
        load(found, ServiceLoader.load(StrategyFactory.class, Bots.class.getClassLoader()), "the class path");
        Map<String, StrategyFactory> shipped = withPresets(found);
        List<URL> urls = new ArrayList<>();
        for (Path p : plugins) {
            List<URL> jars = jarsOf(p);
            // a folder may also hold the libraries its plug-ins use; a jar named alone must be a plug-in
            if (!jars.isEmpty() && jars.stream().noneMatch(Bots::listsFactories)) {
                throw new BotSpecException("no bot found in plug-in " + p + " (a plug-in jar lists its factory in "
                        + SERVICES + ")");
            }
            urls.addAll(jars);
        }
        return new Bots(Collections.unmodifiableMap(shipped), new Plugins(List.copyOf(plugins), urls),
                0, DEFAULT_MOVE_TIMEOUT_MILLIS);
    }

    /** The factories found, each preset right after its base bot (so {@code bots} lists a family together). */
    private static Map<String, StrategyFactory> withPresets(Map<String, StrategyFactory> found) {
        List<Presets.PresetFactory> presets = Presets.factories(found);
        Map<String, StrategyFactory> out = new LinkedHashMap<>();
        for (StrategyFactory f : found.values()) {
            out.put(f.name(), f);
            for (Presets.PresetFactory p : presets) {
                if (p.preset.base().equals(f.name()) && out.putIfAbsent(p.name(), p) != null) {
                    throw new BotSpecException("two bots are named '" + p.name() + "': a preset and "
                            + out.get(p.name()).getClass().getName());
                }
            }
        }
        return out;
    }

    /** True for a name kept so that earlier results replay ({@link OldName}): {@code bots} lists it apart. */
    public static boolean isKept(StrategyFactory f) {
        return f instanceof OldName;
    }

    /**
     * The definition as every output shows it: a spec of an older name ({@link OldName}) becomes
     * the spec of the shipped bot that plays the same games ({@code ismcts2:mast=0.5} is
     * {@code ismcts-mast}, {@code heuristic-tuned} is {@code heuristic-2p}); anything else, a
     * labelled definition (the user's own name), a plug-in's or an unreadable text, is shown as
     * it is. Only shipped bots are looked up: no plug-in is loaded for a name.
     */
    public String shippedName(String definition) {
        try {
            SpecText text = SpecText.read(definition);
            if (text.label() == null && shipped.get(text.kind()) instanceof OldName old) {
                String spec = old.shippedSpec(text.values());
                return spec != null ? spec : definition;
            }
        } catch (BotSpecException unreadable) {
            return definition;
        }
        return definition;
    }

    /** The plug-in jars and folders this registry was made with, in order (a Spark run ships them). */
    public List<Path> plugins() {
        return plugins.paths;
    }

    /** The per-move limit of bots in other processes that this registry's bots carry. */
    public long moveTimeoutMillis() {
        return moveTimeoutMillis;
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

    /** True if the jar lists a factory (read as a zip file: no class is loaded, no code runs). */
    private static boolean listsFactories(URL jar) {
        try (ZipFile zip = new ZipFile(Path.of(jar.toURI()).toFile())) {
            return zip.getEntry(SERVICES) != null;
        } catch (IOException | java.net.URISyntaxException e) {
            throw new BotSpecException("plug-in " + jar.getPath() + ": not a jar (" + e.getMessage() + ")");
        }
    }

    private static void load(Map<String, StrategyFactory> into, ServiceLoader<StrategyFactory> loader, String where) {
        try {
            for (StrategyFactory f : loader) {
                StrategyFactory old = into.putIfAbsent(f.name(), f);
                if (old != null && old.getClass() != f.getClass()) {
                    throw new BotSpecException("two bots are named '" + f.name() + "': " + old.getClass().getName()
                            + " and " + f.getClass().getName());
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new BotSpecException("cannot load bots from " + where + ": " + e.getMessage());
        }
    }

    /**
     * The factories of the plug-in jars, loaded once, the first time a registry needs a bot that
     * is not on the class path (so a run of shipped bots never runs a plug-in's code).
     */
    private static final class Plugins {
        private final List<Path> paths;
        private final List<URL> urls;
        private Map<String, StrategyFactory> all;

        Plugins(List<Path> paths, List<URL> urls) {
            this.paths = paths;
            this.urls = urls;
        }

        /** Every factory: the shipped ones, then the plug-ins'. */
        synchronized Map<String, StrategyFactory> all(Map<String, StrategyFactory> shipped) {
            if (all == null) {
                Map<String, StrategyFactory> m = new LinkedHashMap<>(shipped);
                if (!urls.isEmpty()) {
                    ClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), Bots.class.getClassLoader());
                    int before = m.size();
                    load(m, ServiceLoader.load(StrategyFactory.class, loader), "plug-ins " + urls);
                    if (m.size() == before) {
                        throw new BotSpecException("no bot found in " + paths + " (a plug-in jar lists its factory in "
                                + SERVICES + ")");
                    }
                }
                all = Collections.unmodifiableMap(m);
            }
            return all;
        }
    }

    /** Every bot: the shipped ones, then the plug-ins' (which are loaded for this). */
    public Collection<StrategyFactory> factories() {
        return plugins.all(shipped).values();
    }

    /** The factory of that name, or null; a plug-in's only if no shipped bot has the name. */
    public StrategyFactory factory(String name) {
        StrategyFactory f = shipped.get(name);
        return f != null ? f : plugins.all(shipped).get(name);
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

    /**
     * Parses and validates a spec; a bad one throws {@link BotSpecException} listing what is valid.
     * A spec is parsed once per registry: the same text gives the same {@link BotSpec}.
     */
    public BotSpec parse(String spec) {
        BotSpec known = spec == null ? null : parsed.get(spec);
        if (known != null) {
            return known;
        }
        BotSpec b = parseNew(spec);
        parsed.putIfAbsent(spec, b);
        parsed.putIfAbsent(b.definition(), b);
        return b;
    }

    private BotSpec parseNew(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new BotSpecException("empty bot spec; known bots: " + String.join(", ", names()));
        }
        SpecText text = SpecText.read(spec);
        if (text.label() != null) { // LABEL=SPEC: the label is shown everywhere, the spec makes the bot
            BotSpec plain = parse(text.spec());
            return new BotSpec(text.label(), plain.factory(), plain.params(), plain.spec());
        }
        String name = text.kind();
        StrategyFactory f = factory(name);
        if (f == null) {
            throw new BotSpecException("unknown bot '" + name + "'; known bots: " + String.join(", ", names()));
        }
        if (f.takesRawArgument()) {
            if (text.argument().isBlank()) {
                throw new BotSpecException("bot '" + name + "' needs an argument, e.g. " + name + ":python3 bot.py");
            }
            BotParams params = new BotParams(name, Map.of(), f.parameters(), text.argument().trim(), moveTimeoutMillis);
            // Build one bot now so a malformed argument is reported at parse time; raw-argument
            // bots hold resources (exec starts its process lazily), so close it again.
            closeIfCloseable(f.create(params));
            return new BotSpec(params.spec(), f, params);
        }
        Map<String, String> values = text.values();
        if (moveTimeMillis > 0 && !values.containsKey(MOVE_TIME_PARAMETER)
                && f.parameters().stream().anyMatch(p -> p.name().equals(MOVE_TIME_PARAMETER))) {
            values.put(MOVE_TIME_PARAMETER, Integer.toString(moveTimeMillis));
        }
        BotParams params = new BotParams(name, values, f.parameters(), null, moveTimeoutMillis);
        // Build one bot now, so a bad value is reported at parse time rather than mid-run.
        f.create(params);
        return new BotSpec(params.spec(), f, params);
    }

    /**
     * The names of the bots a message can list: the shipped ones, and the plug-ins' when this
     * registry names plug-ins (they are loaded for it: the user named them).
     */
    private List<String> names() {
        return List.copyOf((plugins.urls.isEmpty() ? shipped : plugins.all(shipped)).keySet());
    }
}

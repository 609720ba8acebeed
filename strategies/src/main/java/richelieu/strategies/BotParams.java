package richelieu.strategies;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of one bot spec, checked against the factory's declared parameters; typed
 * getters fall back to the declared defaults and reject malformed values with a message that
 * names the parameter.
 */
public final class BotParams {
    private final String botName;
    private final Map<String, String> values;
    private final Map<String, StrategyFactory.Parameter> declared;
    private final String raw;
    private final long moveTimeoutMillis;

    BotParams(String botName, Map<String, String> values, List<StrategyFactory.Parameter> declared, String raw,
              long moveTimeoutMillis) {
        this.botName = botName;
        this.moveTimeoutMillis = moveTimeoutMillis;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.declared = new LinkedHashMap<>();
        for (StrategyFactory.Parameter p : declared) {
            this.declared.put(p.name(), p);
        }
        this.raw = raw;
        for (Map.Entry<String, String> e : values.entrySet()) {
            StrategyFactory.Parameter p = this.declared.get(e.getKey());
            if (p == null) {
                throw new BotSpecException("bot '" + botName + "' has no parameter '" + e.getKey() + "'; valid: "
                        + (declared.isEmpty() ? "none" : String.join(", ", this.declared.keySet())));
            }
            String problem = p.problem(e.getValue());
            if (problem != null) {
                throw new BotSpecException("bot '" + botName + "': " + p.name() + " " + problem);
            }
        }
    }

    /** For tests and programmatic use: parameters given as key/value pairs. */
    public static BotParams of(StrategyFactory factory, Map<String, String> values) {
        return new BotParams(factory.name(), values, factory.parameters(), null,
                Bots.DEFAULT_MOVE_TIMEOUT_MILLIS);
    }

    /**
     * The run's per-move time limit for a bot in another process ({@code exec:}), in ms: the
     * runner's {@code --move-timeout}. Not part of the spec (a result file's bots read the same
     * at any limit); a spec's own {@code --move-timeout=MS} wins over it.
     */
    public long moveTimeoutMillis() {
        return moveTimeoutMillis;
    }

    /** The free-form argument of a raw-argument bot (e.g. exec's command line), or null. */
    public String raw() {
        return raw;
    }

    /** True if the user set this parameter explicitly. */
    public boolean isSet(String name) {
        return values.containsKey(name);
    }

    /**
     * The spec these parameters make, in canonical form: the bot's name, then the given values in
     * spec order ({@code ismcts:iterations=2000,c=0.7}); a good {@link richelieu.engine.Strategy#name}.
     */
    public String spec() {
        return raw != null ? SpecText.writeRaw(botName, raw) : SpecText.write(botName, values);
    }

    /** The explicitly given values, in spec order. */
    public Map<String, String> given() {
        return values;
    }

    /** The spec's text for {@code name}, or the declared default. */
    public String getString(String name) {
        String v = values.get(name);
        if (v != null) {
            return v;
        }
        StrategyFactory.Parameter p = declared.get(name);
        if (p == null) {
            throw new IllegalStateException("bot '" + botName + "' reads undeclared parameter " + name);
        }
        return p.defaultValue();
    }

    /** An {@link StrategyFactory.Parameter.Type#INTEGER} parameter, already checked against its declared range. */
    public int getInt(String name) {
        StrategyFactory.Parameter p = typed(name, StrategyFactory.Parameter.Type.INTEGER);
        return getInt(name, (int) Math.max(Integer.MIN_VALUE, p.min()), (int) Math.min(Integer.MAX_VALUE, p.max()));
    }

    /** A {@link StrategyFactory.Parameter.Type#REAL} parameter, already checked against its declared range. */
    public double getDouble(String name) {
        StrategyFactory.Parameter p = typed(name, StrategyFactory.Parameter.Type.REAL);
        return getDouble(name, p.min(), p.max());
    }

    /** A {@link StrategyFactory.Parameter.Type#CHOICE} parameter: the declared word it matches (ignoring case). */
    public String getChoice(String name) {
        StrategyFactory.Parameter p = typed(name, StrategyFactory.Parameter.Type.CHOICE);
        String v = getString(name).trim();
        for (String c : p.choices()) {
            if (c.equalsIgnoreCase(v)) {
                return c;
            }
        }
        throw new BotSpecException("bot '" + botName + "': " + name + " " + p.problem(v));
    }

    private StrategyFactory.Parameter typed(String name, StrategyFactory.Parameter.Type type) {
        StrategyFactory.Parameter p = declared.get(name);
        if (p == null || p.type() != type) {
            throw new IllegalStateException("bot '" + botName + "' reads " + name + " as " + type + " but declares "
                    + (p == null ? "no such parameter" : p.type().toString()));
        }
        return p;
    }

    /** An integer within {@code [min, max]} (for parameters declared without a type or range). */
    public int getInt(String name, int min, int max) {
        String v = getString(name);
        try {
            int x = Integer.parseInt(v.trim());
            if (x < min || x > max) {
                throw new BotSpecException("bot '" + botName + "': " + name + " must be between " + min + " and " + max
                        + ", not " + x);
            }
            return x;
        } catch (NumberFormatException e) {
            throw new BotSpecException("bot '" + botName + "': " + name + " must be an integer, not '" + v + "'");
        }
    }

    /** A number within {@code [min, max]} (for parameters declared without a type or range). */
    public double getDouble(String name, double min, double max) {
        String v = getString(name);
        try {
            double x = Double.parseDouble(v.trim());
            if (!(x >= min && x <= max)) {
                throw new BotSpecException("bot '" + botName + "': " + name + " must be between " + min + " and " + max
                        + ", not " + v);
            }
            return x;
        } catch (NumberFormatException e) {
            throw new BotSpecException("bot '" + botName + "': " + name + " must be a number, not '" + v + "'");
        }
    }

    /** A boolean parameter: "true" or "false". */
    public boolean getBoolean(String name) {
        String v = getString(name).trim();
        if (v.equals("true") || v.equals("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new BotSpecException("bot '" + botName + "': " + name + " must be true or false, not '" + v + "'");
    }
}

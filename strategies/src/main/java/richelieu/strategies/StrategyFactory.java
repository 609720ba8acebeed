package richelieu.strategies;

import richelieu.engine.Strategy;

import java.util.List;

/**
 * Makes bots of one kind from a spec such as {@code ismcts:iterations=2000,c=0.7}. Shipped bots
 * and Java plug-ins alike are found with {@link java.util.ServiceLoader}: list the factory class
 * in {@code META-INF/services/richelieu.strategies.StrategyFactory} of your jar, put the jar in
 * {@code plugins/} next to the launcher or pass {@code --plugin your.jar}. See {@code docs/plugins.md}.
 */
public interface StrategyFactory {

    /** The name used in specs, e.g. "greedy"; lower case, no ':' or ','. */
    String name();

    /** One line for {@code ./richelieu bots}. */
    String description();

    /** The parameters this kind accepts, with defaults. */
    List<Parameter> parameters();

    /**
     * A new bot. Called once per seat and thread; the bot is used for one game at a time.
     * {@code params} has already been checked against {@link #parameters()}.
     */
    Strategy create(BotParams params);

    /**
     * True if the spec's text after ':' is a free-form argument (e.g. a command line for
     * {@code exec:python3 bot.py}) rather than {@code key=value} pairs.
     */
    default boolean takesRawArgument() {
        return false;
    }

    /** True when games with this bot are reproducible from their seed (no wall-clock budget, no outside process). */
    default boolean isDeterministic(BotParams params) {
        return true;
    }

    /**
     * Checked once before a run plays any game, with the start of its first game: throws
     * {@link BotSpecException} with one line if a bot of this spec cannot work at all (e.g. an
     * outside program that is missing or exits at once), so the run fails fast instead of
     * forfeiting every game. Nothing to check by default.
     */
    default void checkStarts(BotParams params, Strategy.GameStart start) {
    }

    /**
     * One parameter: its name, default value (as text) and meaning, and what values it takes:
     * its {@link Type}, and for a number the closed range {@code [min, max]}, for a choice the
     * words it accepts. {@link BotParams} rejects a given value outside them before the factory
     * sees it, {@code ./richelieu bots} lists them, and a tuner reads them (every {@link
     * Type#INTEGER} and {@link Type#REAL} parameter is a number it may move within its range).
     * Make one with {@link #integer}, {@link #real}, {@link #bool} or {@link #choice}; the
     * three-argument constructor declares a parameter of type {@link Type#TEXT} (any text, checked
     * by the factory alone), as plug-ins written before the types did.
     *
     * @param min     the least value of a number, else {@code NaN}
     * @param max     the greatest value of a number, else {@code NaN}
     * @param choices the accepted words of a {@link Type#CHOICE} (compared ignoring case), else empty
     */
    record Parameter(String name, String defaultValue, String description, Type type, double min, double max,
                     List<String> choices) {

        /** What values a parameter takes. */
        public enum Type {
            /** Any text; the factory checks it. */
            TEXT,
            /** A whole number in {@code [min, max]}. */
            INTEGER,
            /** A number in {@code [min, max]}. */
            REAL,
            /** {@code true} or {@code false}. */
            BOOLEAN,
            /** One of {@code choices}. */
            CHOICE
        }

        /** Checks the declaration: every field present, a default within the range or among the choices. */
        public Parameter {
            if (name == null || name.isBlank() || defaultValue == null || description == null || type == null
                    || choices == null) {
                throw new IllegalArgumentException("a parameter needs a name, a default, a description, a type "
                        + "and a list of choices (empty unless a choice)");
            }
            choices = List.copyOf(choices);
            boolean number = type == Type.INTEGER || type == Type.REAL;
            if (number != !(Double.isNaN(min) || Double.isNaN(max)) || number && !(min <= max)
                    || type == Type.INTEGER && (min != Math.rint(min) || max != Math.rint(max))) {
                throw new IllegalArgumentException("parameter " + name + ": a number has a range min <= max (whole "
                        + "numbers for an integer), any other type none, not [" + min + ", " + max + "]");
            }
            if (type == Type.CHOICE == choices.isEmpty()) {
                throw new IllegalArgumentException("parameter " + name + ": a choice, and only a choice, lists "
                        + "the words it accepts");
            }
            String problem = problem(name, type, min, max, choices, defaultValue);
            if (problem != null) {
                throw new IllegalArgumentException("parameter " + name + ": its default " + problem);
            }
        }

        /** A parameter of type {@link Type#TEXT}: any text, checked by the factory. */
        public Parameter(String name, String defaultValue, String description) {
            this(name, defaultValue, description, Type.TEXT, Double.NaN, Double.NaN, List.of());
        }

        /** A whole number in {@code [min, max]}. */
        public static Parameter integer(String name, long defaultValue, long min, long max, String description) {
            return new Parameter(name, Long.toString(defaultValue), description, Type.INTEGER, min, max, List.of());
        }

        /** A number in {@code [min, max]}; the default is written as {@link #format} writes it. */
        public static Parameter real(String name, double defaultValue, double min, double max, String description) {
            return new Parameter(name, format(defaultValue), description, Type.REAL, min, max, List.of());
        }

        /** {@code true} or {@code false}. */
        public static Parameter bool(String name, boolean defaultValue, String description) {
            return new Parameter(name, Boolean.toString(defaultValue), description, Type.BOOLEAN, Double.NaN,
                    Double.NaN, List.of());
        }

        /** One of the given words (compared ignoring case). */
        public static Parameter choice(String name, String defaultValue, List<String> choices, String description) {
            return new Parameter(name, defaultValue, description, Type.CHOICE, Double.NaN, Double.NaN, choices);
        }

        /** This parameter with another default (e.g. a bot that is another's with one setting changed). */
        public Parameter withDefault(String value) {
            return new Parameter(name, value, description, type, min, max, choices);
        }

        /** True for {@link Type#INTEGER} and {@link Type#REAL}: a number with a range. */
        public boolean isNumber() {
            return type == Type.INTEGER || type == Type.REAL;
        }

        /**
         * What the parameter accepts, as {@code ./richelieu bots} shows it: {@code integer 1..100000000},
         * {@code 0..1}, {@code true|false}, {@code all|takes}, or empty for text.
         */
        public String values() {
            return switch (type) {
                case TEXT -> "";
                case INTEGER -> "integer " + format(min) + ".." + format(max);
                case REAL -> format(min) + ".." + format(max);
                case BOOLEAN -> "true|false";
                case CHOICE -> String.join("|", choices);
            };
        }

        /**
         * Why {@code value} is not a value of this parameter, as the end of a sentence that starts
         * with its name ({@code "must be between 0 and 1, not 2"}), or null if it is one.
         */
        public String problem(String value) {
            return problem(name, type, min, max, choices, value);
        }

        private static String problem(String name, Type type, double min, double max, List<String> choices,
                                      String text) {
            String v = text.trim();
            switch (type) {
                case TEXT:
                    return null;
                case BOOLEAN:
                    return v.equals("true") || v.equals("false") ? null : "must be true or false, not '" + text + "'";
                case CHOICE:
                    for (String c : choices) {
                        if (c.equalsIgnoreCase(v)) {
                            return null;
                        }
                    }
                    return "must be " + String.join(" or ", choices) + ", not '" + text + "'";
                default:
                    double x;
                    try {
                        x = type == Type.INTEGER ? Long.parseLong(v) : Double.parseDouble(v);
                    } catch (NumberFormatException e) {
                        return "must be " + (type == Type.INTEGER ? "an integer" : "a number") + ", not '" + text + "'";
                    }
                    return x >= min && x <= max ? null
                            : "must be between " + format(min) + " and " + format(max) + ", not " + v;
            }
        }

        /** A number as the parameter lists show it: {@code 10}, {@code 0.7}, {@code 100000000} (no exponent). */
        public static String format(double x) {
            if (x == Math.rint(x) && Math.abs(x) < 1e15) {
                return Long.toString((long) x);
            }
            return java.math.BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
        }
    }
}

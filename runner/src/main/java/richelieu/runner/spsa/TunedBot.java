package richelieu.runner.spsa;

import richelieu.runner.UserError;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;
import richelieu.strategies.SpecText;
import richelieu.strategies.StrategyFactory.Parameter;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A bot with some of its numeric parameters left open: the user's spec, the parameters tuned
 * (as {@code --param NAME=LO..HI[,start=X][,c_end=X][,r_end=X][,type=integer|real]}), and the
 * spec of the bot at any point θ.
 *
 * <p>Any parameter the bot's factory declares as a number ({@code INTEGER} or {@code REAL}, as
 * {@code ./richelieu bots} lists it) can be tuned, within the range the factory accepts. A
 * plug-in's parameter declared without a type (text) can be tuned when its default is a number:
 * it is an integer if that default and both ends of the range are whole numbers, else real;
 * {@code type=} says otherwise. Booleans and choices are not numbers, and a bot that takes a
 * command line ({@code exec:}) has no parameters to tune.
 *
 * <p>θ stays real; the spec of a point gets each value rounded as the bot takes it: integers to
 * the nearest whole number, reals to six significant digits of their range (a millionth of the
 * range is far below anything games can measure, and the specs stay readable).
 */
public final class TunedBot {
    private final String label;
    private final String kind;
    private final Map<String, String> given;
    private final List<SpsaParameter> parameters;
    private final int[] decimals;

    private TunedBot(String label, String kind, Map<String, String> given, List<SpsaParameter> parameters) {
        this.label = label;
        this.kind = kind;
        this.given = new LinkedHashMap<>(given);
        this.parameters = List.copyOf(parameters);
        this.decimals = new int[parameters.size()];
        for (int i = 0; i < decimals.length; i++) {
            SpsaParameter p = parameters.get(i);
            decimals[i] = p.integer() ? 0 : Math.max(0, 5 - (int) Math.floor(Math.log10(p.range())));
        }
    }

    /**
     * The bot of a definition the registry wrote ({@code [LABEL=]kind[:key=value,…]}, as a result
     * file stores it) with these parameters open; no registry needed, nothing checked against the
     * bot's factory (that happened when the run was configured).
     */
    public static TunedBot of(String definition, List<SpsaParameter> parameters) {
        SpecText text;
        Map<String, String> given;
        try {
            text = SpecText.read(definition);
            given = text.values();
        } catch (BotSpecException e) {
            throw new IllegalArgumentException("not a key=value bot spec: '" + definition.trim() + "'");
        }
        return new TunedBot(text.label(), text.kind(), given, parameters);
    }

    /**
     * The bot {@code spec} with the parameters {@code params} (each {@code NAME=LO..HI[,key=value…]})
     * open; a one-line {@link UserError} for anything that cannot be tuned.
     */
    public static TunedBot parse(Bots registry, String spec, List<String> params) {
        BotSpec base;
        try {
            base = registry.parse(spec);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        if (base.factory().takesRawArgument()) {
            throw new UserError("bot '" + base.factory().name() + "' takes a command line, not parameters: it has "
                    + "nothing to tune");
        }
        if (params.isEmpty()) {
            throw new UserError("nothing to tune: name a parameter with --param NAME=LO..HI (the numbers of '"
                    + base.factory().name() + "': " + numeric(base) + ")");
        }
        List<SpsaParameter> parsed = new ArrayList<>();
        for (String text : params) {
            SpsaParameter p = parseOne(base, text);
            for (SpsaParameter q : parsed) {
                if (q.name().equals(p.name())) {
                    throw new UserError("--param " + p.name() + " is given twice");
                }
            }
            parsed.add(p);
        }
        return new TunedBot(base.label().equals(base.spec()) ? null : base.label(), base.factory().name(),
                base.params().given(), parsed);
    }

    /** The user's label of the bot ({@code NAME=SPEC}), or null. */
    public String label() {
        return label;
    }

    /**
     * The bot as the user gave it, as the registry writes it ({@code [LABEL=]kind[:key=value,…]}):
     * what a result file stores and {@link #of} reads.
     */
    public String definition() {
        return SpecText.define(label, spec(given));
    }

    /** The bot's kind, e.g. {@code ismcts2}. */
    public String kind() {
        return kind;
    }

    public List<SpsaParameter> parameters() {
        return parameters;
    }

    /**
     * The spec of the bot at θ: the user's spec with every tuned parameter set to its value
     * there (the others as the user gave them, in their order; tuned ones the spec did not set
     * follow in the order of {@link #parameters()}).
     */
    public String specAt(double[] theta) {
        if (theta.length != parameters.size()) {
            throw new IllegalArgumentException(theta.length + " values for " + parameters.size() + " parameters");
        }
        Map<String, String> values = new LinkedHashMap<>(given);
        for (int i = 0; i < theta.length; i++) {
            values.put(parameters.get(i).name(), valueText(i, theta[i]));
        }
        return spec(values);
    }

    private String spec(Map<String, String> values) {
        return SpecText.write(kind, values);
    }

    /** The value parameter {@code i} gets at θ_i, as the spec writes it. */
    public String valueText(int i, double theta) {
        SpsaParameter p = parameters.get(i);
        double v = p.used(theta);
        if (p.integer()) {
            return Long.toString((long) v);
        }
        BigDecimal x = BigDecimal.valueOf(v).setScale(decimals[i], RoundingMode.HALF_EVEN);
        // Rounding may step past a bound given with more digits; the bound itself is then the value.
        if (x.doubleValue() > p.max()) {
            x = BigDecimal.valueOf(p.max());
        } else if (x.doubleValue() < p.min()) {
            x = BigDecimal.valueOf(p.min());
        }
        return Parameter.format(x.doubleValue());
    }

    /**
     * A parameter's full text, every setting written out: {@code c=0.1..3,start=0.7,c_end=0.145,
     * r_end=0.002,type=real}. It parses back to the same parameter, with a registry
     * ({@link #parse}) or without one ({@link #parameterOf}).
     */
    public static String canonical(SpsaParameter p) {
        return p.name() + "=" + text(p.min()) + ".." + text(p.max()) + ",start=" + text(p.start()) + ",c_end="
                + text(p.cEnd()) + ",r_end=" + text(p.rEnd()) + ",type=" + (p.integer() ? "integer" : "real");
    }

    /**
     * The parameter of a full text ({@link #canonical}) as a result file stores it, read without
     * the bot's factory (a file is read where its plug-in may be missing).
     */
    public static SpsaParameter parameterOf(String text) {
        Written w = Written.of(text);
        for (String key : List.of("start", "c_end", "r_end", "type")) {
            if (!w.options().containsKey(key)) {
                throw new UserError(w.what() + ": " + key + "= is missing from '" + text + "'");
            }
        }
        boolean integer = switch (w.options().get("type")) {
            case "integer" -> true;
            case "real" -> false;
            default -> throw new UserError(w.what() + ": type must be integer or real, not '" + w.options().get("type")
                    + "'");
        };
        return make(w.name(), number(w.what() + ": start", w.options().get("start")), w.lo(), w.hi(),
                number(w.what() + ": c_end", w.options().get("c_end")),
                number(w.what() + ": r_end", w.options().get("r_end")), integer);
    }

    /** The parts of {@code NAME=LO..HI[,key=value…]}, each checked to be well formed. */
    private record Written(String what, String name, double lo, double hi, Map<String, String> options) {
        static Written of(String text) {
            String[] parts = text.split(",", -1);
            int eq = parts[0].indexOf('=');
            int dots = parts[0].indexOf("..", eq + 1);
            if (eq <= 0 || dots < 0) {
                throw new UserError("--param '" + text + "': expected NAME=LO..HI[,start=X][,c_end=X][,r_end=X]"
                        + "[,type=integer|real], e.g. c=0.2..2");
            }
            String name = parts[0].substring(0, eq).trim();
            String what = "--param " + name;
            String range = parts[0].substring(eq + 1);
            // "0...1" splits as 0..0.1 and as 0..1: say so rather than pick one
            List<String> readings = new ArrayList<>();
            for (int at = range.indexOf(".."); at >= 0; at = range.indexOf("..", at + 1)) {
                if (isNumber(range.substring(0, at)) && isNumber(range.substring(at + 2))) {
                    readings.add(text(number("", range.substring(0, at))) + ".." + text(number("", range.substring(at + 2))));
                    dots = readings.size() == 1 ? eq + 1 + at : dots;
                }
            }
            if (readings.size() > 1) {
                throw new UserError(what + ": '" + range.trim() + "' reads two ways (" + String.join(" or ", readings)
                        + "); write LO..HI with no other dot next to the two");
            }
            double lo = number(what + ": the low end", parts[0].substring(eq + 1, dots));
            double hi = number(what + ": the high end", parts[0].substring(dots + 2));
            if (!(lo < hi)) {
                throw new UserError(what + ": the range " + text(lo) + ".." + text(hi) + " must go from low to high");
            }
            Map<String, String> options = new LinkedHashMap<>();
            for (int i = 1; i < parts.length; i++) {
                int e = parts[i].indexOf('=');
                String key = e < 0 ? parts[i].trim() : parts[i].substring(0, e).trim();
                if (e < 0 || !List.of("start", "c_end", "r_end", "type").contains(key)) {
                    throw new UserError(what + ": unknown setting '" + parts[i].trim()
                            + "' (start=, c_end=, r_end=, type=)");
                }
                if (options.put(key, parts[i].substring(e + 1).trim()) != null) {
                    throw new UserError(what + ": " + key + " is given twice");
                }
            }
            return new Written(what, name, lo, hi, options);
        }
    }

    private static SpsaParameter make(String name, double start, double lo, double hi, double cEnd, double rEnd,
                                      boolean integer) {
        try {
            return new SpsaParameter(name, start, lo, hi, cEnd, rEnd, integer);
        } catch (IllegalArgumentException e) {
            throw paramError(e);
        }
    }

    /** A tuned parameter's problem as the command line words it: "parameter c: …" becomes "--param c: …". */
    public static UserError paramError(IllegalArgumentException e) {
        String m = e.getMessage();
        return new UserError(m.startsWith("parameter ") ? "--param " + m.substring("parameter ".length()) : m);
    }

    private static SpsaParameter parseOne(BotSpec base, String text) {
        Written w = Written.of(text);
        String name = w.name();
        String what = w.what();
        double lo = w.lo();
        double hi = w.hi();
        Map<String, String> options = w.options();
        Parameter declared = null;
        for (Parameter p : base.factory().parameters()) {
            if (p.name().equals(name)) {
                declared = p;
            }
        }
        if (declared == null) {
            throw new UserError("bot '" + base.factory().name() + "' has no parameter '" + name + "'; its numbers: "
                    + numeric(base));
        }
        String declaredDefault = base.params().isSet(name) ? base.params().given().get(name) : declared.defaultValue();
        boolean integer = switch (declared.type()) {
            case INTEGER -> true;
            case REAL -> false;
            case TEXT -> {
                double d = number(what + ": " + base.factory().name() + " declares it as text, and its value '"
                        + declaredDefault + "' is not a number, so it", declaredDefault);
                yield isWhole(d) && isWhole(lo) && isWhole(hi);
            }
            case BOOLEAN, CHOICE -> throw new UserError(what + ": " + base.factory().name() + "'s " + name + " is "
                    + declared.values() + ", not a number; only numbers can be tuned");
        };
        String type = options.get("type");
        if (type != null) {
            boolean asked = switch (type) {
                case "integer" -> true;
                case "real" -> false;
                default -> throw new UserError(what + ": type must be integer or real, not '" + type + "'");
            };
            if (declared.type() != Parameter.Type.TEXT && asked != integer) {
                throw new UserError(what + ": " + base.factory().name() + " declares " + name + " as "
                        + declared.type().name().toLowerCase(Locale.ROOT) + ", not " + type + " (type= is for "
                        + "parameters a bot declares as text)");
            }
            integer = asked;
        }
        if (declared.isNumber() && (lo < declared.min() || hi > declared.max())) {
            throw new UserError(what + ": the range " + text(lo) + ".." + text(hi) + " goes beyond what "
                    + base.factory().name() + " accepts (" + declared.values() + ")");
        }
        double start;
        String startFrom;
        if (options.containsKey("start")) {
            start = number(what + ": start", options.get("start"));
            startFrom = "start";
        } else {
            start = number(what + ": its value '" + declaredDefault + "'", declaredDefault);
            startFrom = base.params().isSet(name) ? "the value the spec sets" : "its default";
        }
        if (start < lo || start > hi) {
            throw new UserError(what + ": " + startFrom + ", " + text(start) + ", lies outside the range " + text(lo)
                    + ".." + text(hi) + (options.containsKey("start") ? "" : "; give start=X within it"));
        }
        SpsaParameter defaults = SpsaParameter.withDefaults(name, start, lo, hi, integer);
        double cEnd = options.containsKey("c_end") ? number(what + ": c_end", options.get("c_end")) : defaults.cEnd();
        double rEnd = options.containsKey("r_end") ? number(what + ": r_end", options.get("r_end")) : defaults.rEnd();
        return make(name, start, lo, hi, cEnd, rEnd, integer);
    }

    /** The names of the parameters of the bot that could be tuned, for messages. */
    private static String numeric(BotSpec base) {
        List<String> names = new ArrayList<>();
        for (Parameter p : base.factory().parameters()) {
            if (p.isNumber() || p.type() == Parameter.Type.TEXT && isNumber(p.defaultValue())) {
                names.add(p.name() + (p.isNumber() ? " (" + p.values() + ")" : ""));
            }
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static boolean isNumber(String s) {
        try {
            number("", s);
            return true;
        } catch (UserError e) {
            return false;
        }
    }

    private static boolean isWhole(double x) {
        return x == Math.rint(x);
    }

    private static double number(String what, String text) {
        String t = text.trim();
        // Plain decimals only: Java would also read "1d", "0x1p3", "Infinity" and "NaN".
        if (t.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
            double x = Double.parseDouble(t);
            if (Double.isFinite(x)) {
                return x;
            }
        }
        throw new UserError(what + " must be a number, not '" + text + "'");
    }

    /**
     * A number as a person writes it: plain decimals ({@code 0.145}, {@code 12}), and beyond 21
     * digits (or below a millionth) the exponent form {@code 1e308}, which parses back the same.
     */
    static String text(double x) {
        double a = Math.abs(x);
        if (a == 0 || a >= 1e-6 && a < 1e21) {
            return Parameter.format(x);
        }
        java.math.BigDecimal d = java.math.BigDecimal.valueOf(x).stripTrailingZeros();
        String unscaled = d.unscaledValue().abs().toString();
        int exponent = unscaled.length() - 1 - d.scale();
        String digits = unscaled.length() == 1 ? unscaled : unscaled.charAt(0) + "." + unscaled.substring(1);
        return (x < 0 ? "-" : "") + digits + "e" + exponent;
    }
}

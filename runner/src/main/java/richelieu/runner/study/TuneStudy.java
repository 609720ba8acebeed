package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.Rules;
import richelieu.engine.json.Json;
import richelieu.runner.UserError;
import richelieu.runner.play.Plan;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.StudySettings;
import richelieu.runner.play.Tally;
import richelieu.runner.play.UnitRanges;
import richelieu.runner.results.MatchStats;
import richelieu.runner.results.SprtStats;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.spsa.Perturbation;
import richelieu.runner.spsa.Spsa;
import richelieu.runner.spsa.SpsaParameter;
import richelieu.runner.spsa.SpsaSchedule;
import richelieu.runner.spsa.SpsaStep;
import richelieu.runner.spsa.TunedBot;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.stats.SprtParameters;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

import static richelieu.engine.SplitMix.mix64;

/**
 * Finds a bot's best parameters from its games: SPSA as fishtest tunes Stockfish ({@link Spsa}).
 * Each iteration draws a sign per parameter and plays the bot at θ + c_kΔ against the bot at
 * θ − c_kΔ on {@code batch} fresh deals, then moves θ by the net wins of the plus side.
 *
 * <p><b>Who plays whom.</b> Every deal is played in every seat rotation, so no side gains from
 * the deal or its seat:
 * <ul>
 *   <li>head to head ({@code --against self}): 2 players, the two points with seats swapped;
 *       3–4 players, every seating of the two points in two different seats, the other seats
 *       filled by the bot at θ itself (the current value, the bot the others are measured
 *       around) — 6 games a deal with 3 players, 12 with 4. The result is the plus side's wins
 *       minus losses against the minus side (who finished ahead, as the tournament ranks).</li>
 *   <li>against a fixed opponent ({@code --against SPEC}): each point plays the opponent on the
 *       same deals in every rotation, the opponent in every other seat. The result is half the
 *       difference of the two points' net wins against it, per game (averaged over the
 *       opponent's seats): on the scale of head to head, where one game moves both sides. It
 *       takes about four times the games for the same drift, but tunes for that opponent.</li>
 * </ul>
 *
 * <p><b>Reproducible.</b> Iteration j's signs come from the seed and j, its deals and the bots'
 * random streams from the seed and its units, so its games are a function of the seed and θ_j:
 * with iteration budgets the whole run is the same at any {@code --threads}, on Spark, and
 * resumed after Ctrl-C (the iteration cut short is played again from its start, its games
 * already played kept). Games within an iteration run in parallel, iterations one after the
 * other: a batch of a few games per core keeps the cores busy.
 *
 * <p><b>Course.</b> The result file's {@code course} holds every iteration (θ before it, the
 * signs, the counts, the net wins) and θ after the last; reading it recomputes the whole chain
 * from the start, so a file whose course does not follow from its games is refused.
 */
public final class TuneStudy implements Study<TuneStudy.Settings> {
    /** {@code --against self}: the two points of an iteration play each other. */
    public static final String SELF = "self";

    /** The role labels of a run's bots: the two points, and the bot at θ filling the other seats. */
    public static final String PLUS = "plus";
    public static final String MINUS = "minus";
    public static final String THETA = "theta";

    /** The confirming test's time per move (ms) for bots with a millis= budget their spec leaves open. */
    public static final int DEFAULT_CONFIRM_MOVE_TIME = 20;

    /**
     * The plug-in jars of the command line that runs this study, named again in the commands its
     * report prints (null when unknown, as when a result file is read again: then {@code --plugin
     * JAR} stands for them).
     */
    private final List<java.nio.file.Path> plugins;

    /** The study as a result file is read again: plug-ins unknown. */
    public TuneStudy() {
        this(null);
    }

    /** The study run with these plug-in jars ({@code --plugin}). */
    public TuneStudy(List<java.nio.file.Path> plugins) {
        this.plugins = plugins == null ? null : List.copyOf(plugins);
    }

    /** Keeps the confirming test's seed apart from the tuning's. */
    private static final long CONFIRM_SALT = 0x434F_4E46_4952_4D31L;

    /**
     * @param bot        the bot to tune (a spec, e.g. {@code ismcts-mast})
     * @param params     the tuned parameters, each {@code NAME=LO..HI[,start=X][,c_end=X][,r_end=X][,type=…]}
     * @param against    {@value #SELF} or the spec of a fixed opponent
     * @param players    2, 3 or 4
     * @param variant    the rules' variant
     * @param iterations SPSA iterations
     * @param batch      deals per iteration, each played in every rotation
     * @param stability  A as a fraction of the run's game pairs (fishtest: 0.1)
     * @param alpha      decay exponent of the learning rate (0.602)
     * @param gamma      decay exponent of the perturbation (0.101)
     */
    public record Settings(String bot, List<String> params, String against, int players, Rules.Variant variant,
                           long iterations, int batch, double stability, double alpha, double gamma) {
        public Settings {
            params = List.copyOf(params);
        }
    }

    @Override
    public String name() {
        return "tune";
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        if (basics.shardCount() > 1) {
            throw new UserError("tune is sequential (each iteration starts where the one before ended) and cannot be "
                    + "sharded; play it in one piece, on Spark for more cores");
        }
        int players = s.players();
        if (players < 2 || players > 4) {
            throw new UserError("--players must be 2, 3 or 4, not " + players);
        }
        if (s.iterations() < 1) {
            throw new UserError("--iterations must be at least 1, not " + s.iterations());
        }
        if (s.batch() < 1) {
            throw new UserError("--batch must be at least 1 deal, not " + s.batch());
        }
        TunedBot tuned = TunedBot.parse(registry, s.bot(), s.params());
        boolean self = s.against().equals(SELF);
        String opponent = self ? null : BotSpecs.parse(registry, s.against()).definition();
        List<int[]> lineups = lineups(players, self);
        long deals;
        try {
            deals = Math.multiplyExact(s.iterations(), (long) s.batch());
        } catch (ArithmeticException e) {
            throw new UserError("--iterations x --batch is too large");
        }
        long[] range = basics.range("--iterations", deals, lineups.size(), players);
        long pairs = deals * lineups.size() * players / 2;
        if (!(s.stability() >= 0) || !Double.isFinite(s.stability())) {
            throw new UserError("--spsa-A must be a fraction of the pairs, at least 0, not " + s.stability());
        }
        SpsaSchedule schedule;
        try {
            schedule = new SpsaSchedule(s.alpha(), s.gamma(), s.stability() * pairs, pairs);
        } catch (IllegalArgumentException e) {
            throw new UserError("--spsa-" + e.getMessage()); // "alpha must lie in …", "gamma must lie in …"
        }
        try {
            new Spsa(tuned.parameters(), schedule, basics.seed()); // its gains over this run's pairs
        } catch (IllegalArgumentException e) {
            throw TunedBot.paramError(e);
        }
        double[] start = new double[tuned.parameters().size()];
        for (int i = 0; i < start.length; i++) {
            start[i] = tuned.parameters().get(i).start();
        }
        Rules rules = Rules.standard(players).withVariant(s.variant());
        Design design = new Design(tuned.definition(), tuned.parameters(), self ? SELF : opponent, s.iterations(),
                s.batch(), s.stability(), s.alpha(), s.gamma());
        return new RunConfig(name(), bots(tuned, start, start, start, players, opponent), List.of(rules), basics.deck(),
                basics.seed(), deals, lineups, Plan.Pairing.ROTATE, range[0], range[1], 0, 1, design);
    }

    /**
     * The stored settings of a tuning run: the bot as the user gave it, every tuned parameter
     * written out in full ({@link TunedBot#canonical}, separated by "; "), the opponent, the size
     * and the schedule's constants, as
     * {@code {"bot": "ismcts-mast", "params": "c=0.1..3,start=0.7,c_end=0.145,r_end=0.002,type=real",
     * "against": "self", "iterations": "200", "batch": "8", "spsa_A": "0.1", "spsa_alpha": "0.602",
     * "spsa_gamma": "0.101"}}. Read without a registry (a file is read where its plug-in may be
     * missing); the bots are checked against their factories when a run is configured.
     *
     * @param bot        the tuned bot's definition ({@code [LABEL=]kind[:key=value,…]})
     * @param parameters the tuned parameters
     * @param against    {@value #SELF} or the opponent's definition
     * @param iterations SPSA iterations
     * @param batch      deals per iteration
     * @param stability  A as a fraction of the run's game pairs
     * @param alpha      decay exponent of the learning rate
     * @param gamma      decay exponent of the perturbation
     */
    public record Design(String bot, List<SpsaParameter> parameters, String against, long iterations, int batch,
                         double stability, double alpha, double gamma) implements StudySettings {
        public Design {
            parameters = List.copyOf(parameters);
        }

        @Override
        public SortedMap<String, String> toJson() {
            List<String> params = new ArrayList<>();
            for (SpsaParameter p : parameters) {
                params.add(TunedBot.canonical(p));
            }
            SortedMap<String, String> m = new TreeMap<>();
            m.put("bot", bot);
            m.put("params", String.join("; ", params));
            m.put("against", against);
            m.put("iterations", Long.toString(iterations));
            m.put("batch", Integer.toString(batch));
            m.put("spsa_A", Double.toString(stability));
            m.put("spsa_alpha", Double.toString(alpha));
            m.put("spsa_gamma", Double.toString(gamma));
            return m;
        }

        /** The full texts of the parameters, as {@code --param} takes them. */
        List<String> paramTexts() {
            List<String> l = new ArrayList<>();
            for (SpsaParameter p : parameters) {
                l.add(TunedBot.canonical(p));
            }
            return l;
        }
    }

    /** Every setting checked as the command line checks it (the bots apart, which need their factories). */
    @Override
    public Design readSettings(JsonNode settings) {
        StudySettings.Fields f = new StudySettings.Fields(settings);
        f.checkOnly("bot", "params", "against", "iterations", "batch", "spsa_A", "spsa_alpha", "spsa_gamma");
        String bot = f.text("bot");
        List<SpsaParameter> params = new ArrayList<>();
        for (String text : f.text("params").split("; ", -1)) {
            try {
                params.add(TunedBot.parameterOf(text));
            } catch (UserError e) {
                throw f.error("params", e.getMessage());
            }
        }
        try {
            TunedBot.of(bot, params);
            new Spsa(params, SpsaSchedule.fishtest(1), 0);
        } catch (IllegalArgumentException e) {
            throw f.error(e.getMessage().startsWith("parameter") ? "params" : "bot", e.getMessage());
        }
        double its = f.number("iterations", 1, RunBasics.MAX_GAMES);
        if (its != Math.rint(its)) {
            throw f.error("iterations", "must be a whole number, not " + its);
        }
        long iterations = (long) its;
        int batch = f.integer("batch", 1, Integer.MAX_VALUE);
        double stability = f.number("spsa_A", 0, Double.MAX_VALUE);
        double alpha = f.number("spsa_alpha", Double.MIN_VALUE, 1);
        double gamma = f.number("spsa_gamma", 0, alpha);
        if (gamma == alpha) {
            throw f.error("spsa_gamma", "must be below spsa_alpha (" + alpha + ")");
        }
        return new Design(bot, params, f.text("against"), iterations, batch, stability, alpha, gamma);
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        Design d = (Design) c.settings();
        return new Settings(d.bot(), d.paramTexts(), d.against(), c.players(), c.ruleSets().get(0).variant(),
                d.iterations(), d.batch(), d.stability(), d.alpha(), d.gamma());
    }

    /**
     * The lineups of a deal (bot 0 the plus point, 1 the minus point, 2 the bot at θ or the
     * opponent), each played in every rotation: head to head every ordered pair of seats of the
     * two points, against an opponent each point in one seat and the opponent in the others.
     */
    static List<int[]> lineups(int players, boolean self) {
        if (!self) {
            int[] plus = new int[players];
            int[] minus = new int[players];
            Arrays.fill(plus, 2);
            Arrays.fill(minus, 2);
            plus[0] = 0;
            minus[0] = 1;
            return List.of(plus, minus);
        }
        return switch (players) {
            case 2 -> List.<int[]>of(new int[]{0, 1});
            case 3 -> List.of(new int[]{0, 1, 2}, new int[]{1, 0, 2});
            default -> List.of(new int[]{0, 1, 2, 2}, new int[]{1, 0, 2, 2}, new int[]{0, 2, 1, 2});
        };
    }

    /** The bots of one iteration (or of the run's config, all at the start): the roles labelled. */
    private static List<String> bots(TunedBot tuned, double[] plus, double[] minus, double[] theta, int players,
                                     String opponent) {
        List<String> bots = new ArrayList<>();
        bots.add(PLUS + "=" + tuned.specAt(plus));
        bots.add(MINUS + "=" + tuned.specAt(minus));
        if (opponent != null) {
            bots.add(opponent);
        } else if (players > 2) {
            bots.add(THETA + "=" + tuned.specAt(theta));
        }
        return bots;
    }

    // ================================================================== the run's parts, from its config

    /** What a stored configuration says about the tuning, read without a registry. */
    record Tuning(TunedBot bot, Spsa spsa, boolean self, String opponent, long iterations, int batch, long unitsPerIteration,
                  long pairsPerIteration, int players) {

        static Tuning of(RunConfig c) {
            Design s = (Design) c.settings();
            boolean self = s.against().equals(SELF);
            long units = (long) s.batch() * c.lineups().size();
            long pairs = units * c.gamesPerUnit() / 2;
            if (s.iterations() * s.batch() != c.deals() || !(c.bots().size() == (self && c.players() == 2 ? 2 : 3))) {
                throw new UserError("config: its iterations, batch, deals and bots do not fit together");
            }
            long allPairs = s.iterations() * pairs;
            Spsa spsa = new Spsa(s.parameters(), new SpsaSchedule(s.alpha(), s.gamma(), s.stability() * allPairs,
                    allPairs), c.seed());
            return new Tuning(TunedBot.of(s.bot(), s.parameters()), spsa, self, self ? null : s.against(), s.iterations(),
                    s.batch(), units, pairs, c.players());
        }

        /** The bots of iteration {@code j}'s perturbation of θ. */
        RunConfig variant(RunConfig c, Perturbation p, double[] theta) {
            return c.withBots(bots(bot, p.plus(), p.minus(), theta, players, opponent));
        }

        /** Wins, draws and losses of the plus side (head to head: against the minus side), summed over the run. */
        long[] plus(Tally t) {
            return counts(t.pair(0, 0, self ? 1 : 2));
        }

        /** Of the minus side against the opponent; head to head, the mirror of {@link #plus}. */
        long[] minus(Tally t) {
            if (self) {
                long[] p = plus(t);
                return new long[]{p[2], p[1], p[0]};
            }
            return counts(t.pair(0, 1, 2));
        }

        /** The net wins that move θ (see the class comment). */
        double result(long[] plus, long[] minus) {
            if (self) {
                return plus[0] - plus[2];
            }
            return ((plus[0] - plus[2]) - (minus[0] - minus[2])) / (2.0 * (players - 1));
        }

        private static long[] counts(Tally.PairBlock b) {
            return new long[]{b.wins(), b.draws(), b.losses()};
        }
    }

    /** The course so far: the iterations played and θ after the last. */
    record Course(List<SpsaStep> steps, double[] theta, JsonNode confirm) {

        static Course start(Tuning t) {
            return new Course(List.of(), t.spsa().start(), null);
        }

        /**
         * Reads a stored course, recomputing θ from the start iteration by iteration: every step's
         * θ must be the one its predecessors lead to, its net wins the ones its counts give.
         */
        static Course read(Tuning t, JsonNode n) {
            if (n == null) {
                return start(t);
            }
            int k = t.spsa().parameters().size();
            JsonNode its = Json.arrayValue(n.get("iterations"), "course.iterations", 0, Integer.MAX_VALUE);
            if (its.size() > t.iterations()) {
                throw new IllegalArgumentException("course.iterations: " + its.size() + " iterations, but the run has "
                        + t.iterations());
            }
            List<SpsaStep> steps = new ArrayList<>();
            double[] theta = t.spsa().start();
            for (int j = 0; j < its.size(); j++) {
                String at = "course.iterations[" + j + "]";
                JsonNode it = Json.objectValue(its.get(j), at);
                double[] th = numbers(it.get("theta"), at + ".theta", k);
                int[] flips = new int[k];
                JsonNode f = Json.arrayValue(it.get("flips"), at + ".flips", k, k);
                for (int i = 0; i < k; i++) {
                    flips[i] = (int) Json.longValue(f.get(i), at + ".flips[" + i + "]", -1, 1);
                }
                long[] plus = counts(it.get("plus"), at + ".plus");
                long[] minus = counts(it.get("minus"), at + ".minus");
                double result = numbers(it.get("result"), at + ".result");
                Perturbation p = t.spsa().perturb(j, j * t.pairsPerIteration(), theta);
                if (!Arrays.equals(th, theta)) {
                    throw new IllegalArgumentException(at + ".theta: " + Arrays.toString(th) + ", but the iterations "
                            + "before it lead to " + Arrays.toString(theta));
                }
                if (!Arrays.equals(flips, p.flips())) {
                    throw new IllegalArgumentException(at + ".flips: not the signs the seed draws for it");
                }
                if (Double.compare(result, t.result(plus, minus)) != 0) {
                    throw new IllegalArgumentException(at + ".result: " + result + ", but its counts give "
                            + t.result(plus, minus));
                }
                steps.add(new SpsaStep(th, flips, plus, minus, result));
                theta = t.spsa().update(theta, p, result);
            }
            double[] last = numbers(n.get("theta"), "course.theta", k);
            if (!Arrays.equals(last, theta)) {
                throw new IllegalArgumentException("course.theta: " + Arrays.toString(last) + ", but the iterations lead to "
                        + Arrays.toString(theta));
            }
            JsonNode confirm = n.get("confirm");
            if (confirm != null) {
                Json.objectValue(confirm, "course.confirm");
            }
            return new Course(List.copyOf(steps), theta, confirm);
        }

        Course plus(SpsaStep step, double[] next) {
            List<SpsaStep> all = new ArrayList<>(steps);
            all.add(step);
            return new Course(List.copyOf(all), next, confirm);
        }

        Course withConfirm(JsonNode c) {
            return new Course(steps, theta, c);
        }

        /** Wins, draws and losses of the plus side over the iterations played. */
        long[] plusTotal() {
            return total(true);
        }

        /** Wins, draws and losses of the minus side over the iterations played. */
        long[] minusTotal() {
            return total(false);
        }

        private long[] total(boolean plus) {
            long[] sum = new long[3];
            for (SpsaStep s : steps) {
                for (int i = 0; i < 3; i++) {
                    sum[i] += plus ? s.plus()[i] : s.minus()[i];
                }
            }
            return sum;
        }

        ObjectNode toJson(Tuning t) {
            ObjectNode n = ResultFile.MAPPER.createObjectNode();
            ArrayNode names = n.putArray("parameters");
            t.spsa().parameters().forEach(p -> names.add(p.name()));
            ArrayNode its = n.putArray("iterations");
            for (SpsaStep s : steps) {
                ObjectNode it = its.addObject();
                ArrayNode th = it.putArray("theta");
                for (double x : s.theta()) {
                    th.add(x);
                }
                ArrayNode f = it.putArray("flips");
                for (int x : s.flips()) {
                    f.add(x);
                }
                ArrayNode p = it.putArray("plus");
                ArrayNode m = it.putArray("minus");
                for (int i = 0; i < 3; i++) {
                    p.add(s.plus()[i]);
                    m.add(s.minus()[i]);
                }
                it.put("result", s.result());
            }
            ArrayNode th = n.putArray("theta");
            for (double x : theta) {
                th.add(x);
            }
            n.put("spec", t.bot().specAt(theta));
            if (confirm != null) {
                n.set("confirm", confirm);
            }
            return n;
        }

        private static double[] numbers(JsonNode v, String what, int k) {
            JsonNode a = Json.arrayValue(v, what, k, k);
            double[] x = new double[k];
            for (int i = 0; i < k; i++) {
                x[i] = numbers(a.get(i), what + "[" + i + "]");
            }
            return x;
        }

        private static double numbers(JsonNode v, String what) {
            if (v == null || !v.isNumber() || !Double.isFinite(v.doubleValue())) {
                throw new IllegalArgumentException(what + ": must be a finite number");
            }
            return v.doubleValue();
        }

        private static long[] counts(JsonNode v, String what) {
            JsonNode a = Json.arrayValue(v, what, 3, 3);
            long[] c = new long[3];
            for (int i = 0; i < 3; i++) {
                c[i] = Json.longValue(a.get(i), what + "[" + i + "]", 0, Long.MAX_VALUE);
            }
            return c;
        }
    }

    /** The course of a stored run, checked; a one-line error naming the field. */
    static Course course(Tuning t, JsonNode course) {
        try {
            return Course.read(t, course);
        } catch (IllegalArgumentException e) {
            throw new UserError(Json.brief(e.getMessage(), 300));
        }
    }

    // ================================================================== playing

    @Override
    public String planText(RunConfig c, long units) {
        Tuning t = Tuning.of(c);
        String how = t.self() ? (c.players() == 2 ? "the two points with seats swapped"
                : "the two points in every pair of seats, the bot at θ in the others")
                : "each point against the opponent in every rotation";
        return String.format(Locale.ROOT, "SPSA: %,d iterations x %,d deals, %s: %,d games (%,d a deal)", t.iterations(),
                t.batch(), how, units * c.gamesPerUnit(), c.gamesPerUnit() * c.lineups().size());
    }

    @Override
    public String headerDetails(RunConfig c) {
        Tuning t = Tuning.of(c);
        SpsaSchedule s = t.spsa().schedule();
        StringBuilder sb = new StringBuilder();
        sb.append("tuning ").append(t.bot().definition()).append(t.self() ? " against itself" : " against " + t.opponent())
                .append('\n');
        sb.append(String.format(Locale.ROOT, "schedule: %,d game pairs, A %s, alpha %s, gamma %s; signs seeded from the "
                + "master seed", s.pairs(), num(s.bigA()), num(s.alpha()), num(s.gamma())));
        for (SpsaParameter p : t.spsa().parameters()) {
            long last = s.pairs() - 1;
            sb.append(String.format(Locale.ROOT, "%n  %-12s %s..%s%s  start %s  c %s -> %s  step a/c per net win %s -> %s",
                    p.name(), num(p.min()), num(p.max()), p.integer() ? " (integer)" : "", num(p.start()),
                    num(s.c(p, 0)), num(s.c(p, last)), num(s.a(p, 0) / s.c(p, 0)), num(s.a(p, last) / s.c(p, last))));
        }
        return sb.toString();
    }

    private static String num(double x) {
        if (x != 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e7)) {
            return String.format(Locale.ROOT, "%.3g", x);
        }
        return richelieu.strategies.StrategyFactory.Parameter.format(
                new java.math.BigDecimal(x).round(new java.math.MathContext(4)).doubleValue());
    }

    @Override
    public void play(RunConfig config, Tally tally, Run run) throws Exception {
        Tuning t = Tuning.of(config);
        Course course = course(t, run.course());
        UnitRanges held = run.held();
        checkHeld(t, course, held, tally, config);
        long done = held.end(config.from());
        int j = course.steps().size();
        long every = Math.max(1, t.iterations() / 20);
        long started = System.nanoTime();
        long startIteration = j;
        while (j < t.iterations() && !run.stopped()) {
            Perturbation p = t.spsa().perturb(j, j * t.pairsPerIteration(), course.theta());
            run.status(status(t, j, course.theta(), startIteration, started));
            long to = (j + 1) * t.unitsPerIteration();
            long end = done < to ? run.execute(done, to, t.variant(config, p, course.theta())) : to;
            if (end < to) {
                return; // interrupted: the iteration is played again from its start on --resume
            }
            done = to;
            long[] plusAll = t.plus(tally);
            long[] minusAll = t.minus(tally);
            long[] plus = minus(plusAll, course.plusTotal());
            long[] minus = minus(minusAll, course.minusTotal());
            double result = t.result(plus, minus);
            double[] next = t.spsa().update(course.theta(), p, result);
            course = course.plus(new SpsaStep(course.theta(), p.flips(), plus, minus, result), next);
            run.course(course.toJson(t));
            j++;
            if (j % every == 0 || j == t.iterations()) {
                run.out().printf(Locale.ROOT, "  iteration %,d/%,d  %,d games  %s%n", j, t.iterations(),
                        j * t.unitsPerIteration() * config.gamesPerUnit(), values(t, next));
            }
        }
    }

    /**
     * The units held are every iteration of the course and perhaps the start of the next (cut
     * short by Ctrl-C), whose games are kept and whose θ and signs are the same again; when they
     * end with an iteration, its counts are the course's.
     */
    private static void checkHeld(Tuning t, Course course, UnitRanges held, Tally tally, RunConfig config) {
        long done = held.end(config.from());
        int j = course.steps().size();
        boolean fits = held.isPrefixOf(config.from(), done) && done >= j * t.unitsPerIteration()
                && done <= Math.min(config.to(), (j + 1) * t.unitsPerIteration());
        if (fits && done == j * t.unitsPerIteration()) {
            fits = Arrays.equals(course.plusTotal(), t.plus(tally)) && Arrays.equals(course.minusTotal(), t.minus(tally));
        }
        if (!fits) {
            throw new UserError("the file's games (units " + held + ") and its course (" + j + " iterations) disagree");
        }
    }

    @Override
    public boolean sequential() {
        return true;
    }

    @Override
    public void checkShape(RunConfig c) {
        Tuning t = Tuning.of(c);
        Shape.lineups(c, lineups(c.players(), t.self()), "a " + c.players() + "-player tuning "
                + (t.self() ? "against itself" : "against an opponent"));
        Shape.pairing(c, "a tuning", Plan.Pairing.ROTATE);
        Shape.oneRuleSet(c, "a tuning");
        Shape.require(c.shardCount() == 1, "config.shard: a tuning is sequential and never sharded");
    }

    /** Its shape, its course recomputed from the start, and the games held agreeing with the course. */
    @Override
    public void checkStored(ResultFile file) {
        checkShape(file.config());
        Tuning t = Tuning.of(file.config());
        checkHeld(t, course(t, file.course()), file.units(), file.tally(), file.config());
    }

    private static long[] minus(long[] a, long[] b) {
        return new long[]{a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    /** The parameters' values at θ as the bot gets them: {@code c=0.8123 mast=0.471}. */
    static String values(Tuning t, double[] theta) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < theta.length; i++) {
            sb.append(i == 0 ? "" : " ").append(t.spsa().parameters().get(i).name()).append('=')
                    .append(t.bot().valueText(i, theta[i]));
        }
        return sb.toString();
    }

    /** The progress display's line: the iteration, θ and when the tuning will end at this pace. */
    private static String status(Tuning t, long j, double[] theta, long startIteration, long started) {
        String eta = "";
        if (j > startIteration) {
            double perIteration = (System.nanoTime() - started) / 1e9 / (j - startIteration);
            long s = Math.round(perIteration * (t.iterations() - j));
            eta = String.format(Locale.ROOT, "  tuning ends in %d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
        }
        return String.format(Locale.ROOT, "iteration %,d/%,d  %s%s", j + 1, t.iterations(), values(t, theta), eta);
    }

    // ================================================================== report

    /** A tuning's text reads its bots as specs of the bot tuned (θ's points), so it shows them as they were played. */
    @Override
    public RunConfig shown(RunConfig config) {
        return config;
    }

    @Override
    public Report report(RunConfig config, Tally tally) {
        return report(config, tally, null);
    }

    @Override
    public Report report(RunConfig config, Tally tally, JsonNode stored) {
        Tuning t = Tuning.of(config);
        Course course = course(t, stored);
        List<SpsaParameter> ps = t.spsa().parameters();
        double[] start = t.spsa().start();
        double[] theta = course.theta();
        String startSpec = t.bot().specAt(start);
        String tunedSpec = t.bot().specAt(theta);
        long games = course.steps().size() * t.unitsPerIteration() * config.gamesPerUnit();
        StringBuilder sb = new StringBuilder("\n");
        sb.append(String.format(Locale.ROOT, "tune: %,d of %,d iterations, %,d games%n", course.steps().size(),
                t.iterations(), games));
        int w = Math.max(9, ps.stream().mapToInt(p -> p.name().length()).max().orElse(9));
        sb.append(String.format(Locale.ROOT, "  %-" + w + "s %12s %12s  %-16s %s%n", "parameter", "start", "tuned", "range",
                "moved (share of the range)"));
        List<StudyStatistics.Tune.Value> values = new ArrayList<>();
        List<Long> path = pathIterations(course.steps().size());
        double largest = 0;
        for (int i = 0; i < ps.size(); i++) {
            SpsaParameter p = ps.get(i);
            double moved = p.moved(theta[i]);
            largest = Math.max(largest, Math.abs(moved));
            List<Double> thetas = new ArrayList<>();
            List<Double> cs = new ArrayList<>();
            for (long j : path) {
                thetas.add(j < course.steps().size() ? course.steps().get((int) j).theta()[i] : theta[i]);
                // the perturbation played from there: iteration j's (after the last, the last one's)
                long k = Math.min(j, t.iterations() - 1) * t.pairsPerIteration();
                cs.add(t.spsa().schedule().c(p, k));
            }
            values.add(new StudyStatistics.Tune.Value(p.name(), p.start(), theta[i], t.bot().valueText(i, theta[i]),
                    p.min(), p.max(), moved, p.integer(), thetas, cs));
            sb.append(String.format(Locale.ROOT, "  %-" + w + "s %12s %12s  %-16s %+.1f%%%n", p.name(),
                    t.bot().valueText(i, p.start()), t.bot().valueText(i, theta[i]),
                    num(p.min()) + ".." + num(p.max()), 100 * moved));
        }
        sb.append("  start: ").append(startSpec).append('\n');
        sb.append("  tuned: ").append(tunedSpec).append('\n');
        if (!course.steps().isEmpty() && largest < 0.05) {
            sb.append("  every parameter moved less than 5% of its range: the games did not tell the points apart "
                    + "(a flat optimum, or too few games: more iterations, a larger c_end or r_end)\n");
        }
        long[] plus = course.plusTotal();
        long[] minus = course.minusTotal();
        MatchStats plusStats = null;
        MatchStats minusStats = null;
        if (t.self()) {
            plusStats = MatchStats.of(tally.pair(0, 0, 1));
            sb.append(String.format(Locale.ROOT, "  the points head to head (every iteration): plus %d-%d-%d (W-D-L) "
                    + "against minus%n", plus[0], plus[1], plus[2]));
        } else {
            plusStats = MatchStats.of(tally.pair(0, 0, 2));
            minusStats = MatchStats.of(tally.pair(0, 1, 2));
            sb.append(String.format(Locale.ROOT, "  against %s (every iteration): plus %d-%d-%d, minus %d-%d-%d (W-D-L)%n",
                    t.opponent(), plus[0], plus[1], plus[2], minus[0], minus[1], minus[2]));
        }
        StudyStatistics.Tune.Confirmation confirmation = null;
        boolean better = false;
        if (course.confirm() != null) {
            ResultFile sprt = Results.parseFile(course.confirm().toString(), "course.confirm");
            if (!sprt.config().command().equals("sprt")) {
                throw new UserError("course.confirm: holds a '" + sprt.config().command() + "' result, not an sprt");
            }
            Report r = new SprtStudy().report(sprt.config(), sprt.tally());
            StudyStatistics.Sprt s = (StudyStatistics.Sprt) r.stats();
            better = s.sprt().decision() == SprtDecision.ACCEPT_H1;
            SprtParameters test = ((SprtStudy.Test) sprt.config().settings()).parameters();
            confirmation = new StudyStatistics.Tune.Confirmation(sprt.config().bots(), sprt.config().seed(), test.elo0(),
                    test.elo1(), s.sprt(), s.match());
            sb.append("\nconfirmation (sprt, master seed ").append(sprt.config().seed()).append("):")
                    .append(r.text().replaceFirst("^\n", "\n"));
        }
        sb.append('\n').append(verdict(t, config, course, better, tunedSpec, startSpec, pluginOptions(plugins,
                t.bot().definition(), t.opponent()))).append('\n');
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), new StudyStatistics.Tune(course.steps().size(), t.iterations(), games, values,
                startSpec, tunedSpec, t.self() ? null : t.opponent(), plusStats, minusStats, path, confirmation, better,
                StudyStatistics.forfeitsOf(tally, config.labels())));
    }

    /** The iterations after which θ's path is sampled: all of 0..played, or at most PATH_POINTS evenly spaced and the last. */
    static List<Long> pathIterations(long played) {
        long step = Math.max(1, (played + StudyStatistics.Tune.PATH_POINTS - 1) / StudyStatistics.Tune.PATH_POINTS);
        List<Long> at = new ArrayList<>();
        for (long j = 0; j < played; j += step) {
            at.add(j);
        }
        at.add(played);
        return at;
    }

    /** Whether the tuned bot is better, and how to find out when no test has said so yet. */
    private static String verdict(Tuning t, RunConfig c, Course course, boolean better, String tuned, String start,
                                  String plugins) {
        if (better) {
            return "better: the SPRT accepted H1, the tuned bot is stronger than the starting one";
        }
        if (course.confirm() != null) {
            return "not shown to be better: the SPRT did not accept H1";
        }
        String rules = (c.ruleSets().get(0).variant() == Rules.Variant.BASE ? ""
                : " --variant " + c.ruleSets().get(0).variant().jsonName())
                + (c.deck().name().equals(richelieu.engine.Deck.standard().name()) ? "" : " --deck FILE (the deck '"
                + c.deck().name() + "')");
        long seed = confirmSeed(c.seed());
        // Equal time per move for bots with a millis= budget the spec leaves open (a no-op for the others).
        if (!tuned.contains(richelieu.strategies.Bots.MOVE_TIME_PARAMETER + "=")) {
            rules += " --move-time " + DEFAULT_CONFIRM_MOVE_TIME;
        }
        String json = " --json confirm.json" + plugins;
        if (c.players() == 2) {
            return "not confirmed: the tuned bot counts as better only once an SPRT accepts H1 (--confirm runs it):\n"
                    + "  ./richelieu sprt 'tuned=" + tuned + "' 'start=" + start + "' --elo0 0 --elo1 30 --seed " + seed
                    + rules + json;
        }
        String a = "'tuned=" + tuned + "'";
        String b = "'start=" + start + "'";
        String options = " --players " + c.players() + " --pairs 1000" + rules;
        String jsonAab = " --json confirm-aab.json" + plugins;
        String jsonAbb = " --json confirm-abb.json" + plugins;
        String runs = c.players() == 3
                ? "  ./richelieu tournament " + a + " " + a + " " + b + options + " --seed " + seed + jsonAab + "\n"
                + "  ./richelieu tournament " + a + " " + b + " " + b + options + " --seed " + (seed + 1)
                + jsonAbb + "\n  ./richelieu ratings confirm-aab.json confirm-abb.json"
                : "  ./richelieu tournament " + a + " " + a + " " + b + " " + b + options + " --seed " + seed
                + json + "\n  ./richelieu ratings confirm.json";
        return "not confirmed: with " + c.players() + " players confirm with a tournament over every seat rotation "
                + "(the SPRT is for 2 players); better if the 95% interval of tuned's Elo over start lies above 0:\n" + runs;
    }

    /**
     * The {@code --plugin} options a printed command needs for these bot definitions (null ones
     * skipped): none when every bot is shipped; else each of {@code plugins}, or {@code --plugin
     * JAR} when they are unknown.
     */
    public static String pluginOptions(List<java.nio.file.Path> plugins, String... definitions) {
        boolean shipped = true;
        for (String d : definitions) {
            if (d != null) {
                String spec = d.substring(richelieu.strategies.SpecText.labelEnd(d) + 1).strip();
                shipped &= Bots.standard().factory(spec.split(":", 2)[0]) != null;
            }
        }
        if (shipped) {
            return "";
        }
        if (plugins == null || plugins.isEmpty()) {
            return " --plugin JAR";
        }
        StringBuilder sb = new StringBuilder();
        plugins.forEach(p -> sb.append(" --plugin ").append(richelieu.runner.report.Format.shellWord(p.toString())));
        return sb.toString();
    }

    /**
     * The tuned and the starting bot of a finished tuning run, for the confirming test; a one-line
     * error if the run has not finished.
     */
    public static String[] confirmBots(RunConfig config, JsonNode stored) {
        Tuning t = Tuning.of(config);
        Course course = course(t, stored);
        if (course.steps().size() < t.iterations()) {
            throw new UserError("the tuning has played " + course.steps().size() + " of its " + t.iterations()
                    + " iterations; resume it before confirming");
        }
        return new String[]{t.bot().specAt(course.theta()), t.bot().specAt(t.spsa().start())};
    }

    /** The report's last word: better (the SPRT accepted H1) or not, in one line. */
    public static String verdictLine(Report report) {
        StudyStatistics.Tune s = (StudyStatistics.Tune) report.stats();
        if (s.better()) {
            return "better: the SPRT accepted H1, " + s.tuned() + " is stronger than " + s.start();
        }
        if (s.confirm() == null) {
            return "not confirmed: no SPRT has tested " + s.tuned();
        }
        return s.confirm().sprt().decision() == SprtDecision.CONTINUE
                ? "not confirmed yet: the SPRT was stopped before it decided"
                : "not shown to be better: the SPRT accepted H0";
    }

    /** The master seed of the confirming test of a tuning run with master seed {@code seed}. */
    public static long confirmSeed(long seed) {
        return mix64(seed ^ CONFIRM_SALT) & Long.MAX_VALUE;
    }
}

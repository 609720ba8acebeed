package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Rules;
import richelieu.engine.json.Json;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.resultfile.UnitRanges;
import richelieu.runner.spsa.Perturbation;
import richelieu.runner.spsa.Spsa;
import richelieu.runner.spsa.SpsaCourse;
import richelieu.runner.spsa.SpsaParameter;
import richelieu.runner.spsa.SpsaSchedule;
import richelieu.runner.spsa.SpsaStep;
import richelieu.runner.spsa.TunedBot;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

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
 * from the start, so a file whose course does not follow from its games is refused
 * ({@link SpsaCourse}). The report is {@link TuneOutcome}.
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
    /** True when the command runs the confirming SPRT after the tuning ({@code --confirm}). */
    private final boolean confirming;

    /** The study as a result file is read again: plug-ins unknown. */
    public TuneStudy() {
        this(null, false);
    }

    /** The study run with these plug-in jars ({@code --plugin}), and then its SPRT when {@code confirming}. */
    public TuneStudy(List<java.nio.file.Path> plugins, boolean confirming) {
        this.plugins = plugins == null ? null : List.copyOf(plugins);
        this.confirming = confirming;
    }

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
                basics.seed(), deals, lineups, RunConfig.Pairing.ROTATE, range[0], range[1], 0, 1, design);
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
        StudySettings.StoredFields f = new StudySettings.StoredFields(settings);
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
                  long pairsPerIteration, int players) implements SpsaCourse.Tuning {

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
        @Override
        public double result(long[] plus, long[] minus) {
            if (self) {
                return plus[0] - plus[2];
            }
            return ((plus[0] - plus[2]) - (minus[0] - minus[2])) / (2.0 * (players - 1));
        }

        private static long[] counts(Tally.PairBlock b) {
            return new long[]{b.wins(), b.draws(), b.losses()};
        }
    }

    /** The course of a stored run, checked; a one-line error naming the field. */
    static SpsaCourse course(Tuning t, JsonNode course) {
        try {
            return SpsaCourse.read(t, course);
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

    static String num(double x) {
        if (x != 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e7)) {
            return String.format(Locale.ROOT, "%.3g", x);
        }
        return richelieu.strategies.StrategyFactory.Parameter.format(
                new java.math.BigDecimal(x).round(new java.math.MathContext(4)).doubleValue());
    }

    @Override
    public void executeUnits(RunConfig config, Tally tally, RunInProgress run) throws Exception {
        Tuning t = Tuning.of(config);
        SpsaCourse course = course(t, run.course());
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
    private static void checkHeld(Tuning t, SpsaCourse course, UnitRanges held, Tally tally, RunConfig config) {
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
        Shape.pairing(c, "a tuning", RunConfig.Pairing.ROTATE);
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
    public StudyOutcome report(RunConfig config, Tally tally) {
        return report(config, tally, null);
    }

    @Override
    public StudyOutcome report(RunConfig config, Tally tally, JsonNode stored) {
        return TuneOutcome.of(Tuning.of(config), config, tally, stored, plugins, confirming);
    }

    /**
     * The {@code --plugin} options a printed command needs for these bot definitions (null ones
     * skipped): none when every bot is shipped; else each of {@code plugins}, or {@code --plugin
     * JAR} when they are unknown.
     */
    public static String pluginOptions(List<java.nio.file.Path> plugins, String... definitions) {
        return TuneOutcome.pluginOptions(plugins, definitions);
    }

    /**
     * The tuned and the starting bot of a finished tuning run, for the confirming test; a one-line
     * error if the run has not finished.
     */
    public static String[] confirmBots(RunConfig config, JsonNode stored) {
        Tuning t = Tuning.of(config);
        SpsaCourse course = course(t, stored);
        if (course.steps().size() < t.iterations()) {
            throw new UserError("the tuning has played " + course.steps().size() + " of its " + t.iterations()
                    + " iterations; resume it before confirming");
        }
        return new String[]{t.bot().specAt(course.theta()), t.bot().specAt(t.spsa().start())};
    }

    /** The report's last word: better (the SPRT accepted H1) or not, in one line. */
    public static String verdictLine(StudyOutcome report) {
        return TuneOutcome.verdictLine(report);
    }

    /** The master seed of the confirming test of a tuning run with master seed {@code seed}. */
    public static long confirmSeed(long seed) {
        return DerivedSeeds.tuneConfirmation(seed);
    }
}

package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.SprtStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.EloModel;
import richelieu.runner.stats.Gsprt;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.stats.SprtParameters;
import richelieu.runner.stats.SprtResult;
import richelieu.strategies.Bots;

import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A sequential test of A against B: paired deals in batches until the generalized SPRT
 * (fishtest's LLR on pentanomial pair counts) accepts H0 (Elo = elo0) or H1 (Elo = elo1), or
 * the cap of games is reached. Decisions are taken only after whole batches of pairs, so the
 * result does not depend on the thread count, and a resumed test looks where an uninterrupted
 * one does.
 */
public final class SprtStudy implements Study<SprtStudy.Settings> {
    /**
     * Largest |Elo| (logistic: an expected score of 99.7%) and |nElo| a hypothesis may name; the
     * GSPRT computes on every outcome up to there (probed on one-sided pentanomial data up to
     * 3000 Elo and 200 nElo; CliLimitsTest checks the limits).
     */
    public static final double MAX_ELO = 1000;
    public static final double MAX_NELO = 150;

    /**
     * @param bots     A (the candidate) and B (the baseline)
     * @param elo0     H0: A is this many Elo stronger
     * @param elo1     H1: A is this many Elo stronger
     * @param alpha    false positive rate
     * @param beta     false negative rate
     * @param model    "logistic" (Elo) or "normalized" (nElo)
     * @param maxGames stop without a decision after this many games
     * @param batch    pairs per batch between two looks at the LLR
     * @param variant  the rules' variant
     */
    public record Settings(List<String> bots, double elo0, double elo1, double alpha, double beta, String model,
                           long maxGames, int batch, Rules.Variant variant) {
        public Settings {
            bots = List.copyOf(bots);
        }
    }

    /**
     * The stored settings of an SPRT: the test's design and its batch, as
     * {@code {"alpha": "0.05", "batch": "100", "beta": "0.05", "elo0": "0.0", "elo1": "10.0", "model": "LOGISTIC"}}.
     *
     * @param parameters the hypotheses, error rates and Elo model
     * @param batch      pairs per batch between two looks at the LLR
     */
    public record Test(SprtParameters parameters, int batch) implements StudySettings {
        @Override
        public SortedMap<String, String> toJson() {
            SortedMap<String, String> m = new TreeMap<>();
            m.put("elo0", Double.toString(parameters.elo0()));
            m.put("elo1", Double.toString(parameters.elo1()));
            m.put("alpha", Double.toString(parameters.alpha()));
            m.put("beta", Double.toString(parameters.beta()));
            m.put("model", parameters.model().name());
            m.put("batch", Integer.toString(batch));
            return m;
        }
    }

    /** It stops at the first look that decides, and the looks depend on the order of the games played. */
    @Override
    public boolean extendable() {
        return false;
    }

    /** Its deals are a cap: looks fall at whole batches whatever the cap, so a larger one only adds looks. */
    @Override
    public boolean cappedByDeals() {
        return true;
    }

    @Override
    public String name() {
        return "sprt";
    }

    /** Every setting checked as the command line checks it: a stored test is never one the command would refuse. */
    @Override
    public Test readSettings(JsonNode settings) {
        StudySettings.StoredFields f = new StudySettings.StoredFields(settings);
        f.checkOnly("elo0", "elo1", "alpha", "beta", "model", "batch");
        EloModel model = f.choice("model", EloModel.class);
        double max = model == EloModel.LOGISTIC ? MAX_ELO : MAX_NELO;
        double elo0 = f.number("elo0", -max, max);
        double elo1 = f.number("elo1", -max, max);
        if (!(elo1 > elo0)) {
            throw f.error("elo1", "must be greater than elo0 (" + elo0 + "), not " + elo1);
        }
        double alpha = f.number("alpha", 0, 0.5);
        double beta = f.number("beta", 0, 0.5);
        if (alpha == 0 || alpha == 0.5 || beta == 0 || beta == 0.5) {
            throw f.error(alpha == 0 || alpha == 0.5 ? "alpha" : "beta", "must be strictly between 0 and 0.5");
        }
        int batch = f.integer("batch", 1, Integer.MAX_VALUE);
        return new Test(new SprtParameters(elo0, elo1, alpha, beta, model), batch);
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        if (s.bots().size() != 2) {
            throw new UserError("sprt needs two bots: the candidate A and the baseline B");
        }
        if (basics.shardCount() > 1) {
            throw new UserError("sprt is sequential and cannot be sharded");
        }
        EloModel m = parseModel(s.model());
        if (!(s.alpha() > 0 && s.alpha() < 0.5) || !(s.beta() > 0 && s.beta() < 0.5)) {
            throw new UserError("--alpha and --beta must be between 0 and 0.5");
        }
        double max = m == EloModel.LOGISTIC ? MAX_ELO : MAX_NELO;
        if (!(Math.abs(s.elo0()) <= max && Math.abs(s.elo1()) <= max)) {
            // Beyond these the test's maximum-likelihood fit fails on one-sided data (all wins).
            throw new UserError("--elo0 and --elo1 must be between -" + (int) max + " and " + (int) max + " ("
                    + s.model() + " model), not " + s.elo0() + " and " + s.elo1());
        }
        if (!(s.elo1() > s.elo0())) {
            throw new UserError("--elo1 must be greater than --elo0");
        }
        if (s.maxGames() < 2 || s.batch() < 1) {
            throw new UserError("--max-games must be at least 2 and --batch at least 1");
        }
        if (s.maxGames() % 2 != 0) { // as match refuses --games 3: never silently one game fewer
            throw new UserError("--max-games must be a positive multiple of 2 (each deal is played 2 times)");
        }
        if (s.maxGames() > RunBasics.MAX_GAMES) {
            throw new UserError(String.format("--max-games must be at most %,d", RunBasics.MAX_GAMES));
        }
        List<String> labels = BotSpecs.definitions(registry, s.bots());
        long deals = s.maxGames() / 2;
        Rules rules = Rules.twoPlayer().withVariant(s.variant());
        return new RunConfig(name(), labels, List.of(rules), basics.deck(), basics.seed(), deals,
                Shape.HEAD_TO_HEAD, RunConfig.Pairing.ROTATE, 0, deals, 0, 1,
                new Test(new SprtParameters(s.elo0(), s.elo1(), s.alpha(), s.beta(), m), s.batch()));
    }

    @Override
    public void checkShape(RunConfig c) {
        Shape.lineups(c, Shape.HEAD_TO_HEAD, "an sprt");
        Shape.pairing(c, "an sprt", RunConfig.Pairing.ROTATE);
        Shape.oneRuleSet(c, "an sprt");
        Shape.require(c.players() == 2, "config.players: an sprt is for 2 players, not " + c.players());
        Shape.require(c.shardCount() == 1, "config.shard: an sprt is sequential and never sharded");
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        SprtParameters p = parameters(c);
        return new Settings(c.bots(), p.elo0(), p.elo1(), p.alpha(), p.beta(), p.model().name().toLowerCase(Locale.ROOT),
                c.deals() * 2, ((Test) c.settings()).batch(), c.ruleSets().get(0).variant());
    }

    private static EloModel parseModel(String s) {
        return switch (s) {
            case "logistic" -> EloModel.LOGISTIC;
            case "normalized" -> EloModel.NORMALIZED;
            default -> throw new UserError("--model must be logistic or normalized, not '" + s + "'");
        };
    }

    private static SprtParameters parameters(RunConfig c) {
        return ((Test) c.settings()).parameters();
    }

    /**
     * The test at the games of {@code t}. It decides only at a look — a whole number of batches,
     * or the cap — as the run looks: an LLR past a bound between two looks (a run interrupted
     * mid-batch) is no decision, so the report says what an uninterrupted run would say there,
     * and a resume plays on to the next look.
     */
    private static SprtResult test(RunConfig c, Tally t) {
        SprtResult r = rawTest(c, t);
        return r.decision() == SprtDecision.CONTINUE || atLook(c, t.units()) ? r
                : new SprtResult(r.llr(), r.lowerBound(), r.upperBound(), SprtDecision.CONTINUE);
    }

    private static SprtResult rawTest(RunConfig c, Tally t) {
        long[] p = t.pair(0, 0, 1).penta();
        return Gsprt.test(parameters(c), new PentanomialCounts(p[0], p[1], p[2], p[3], p[4]));
    }

    /** True if {@code units} pairs are a look of the test: whole batches, or all its pairs. */
    private static boolean atLook(RunConfig c, long units) {
        return units % ((Test) c.settings()).batch() == 0 || units >= c.to() - c.from();
    }

    @Override
    public String planText(RunConfig c, long units) {
        // The cap is not the plan: a sequential test stops as soon as it decides
        return String.format("sequential test: %s, until the test accepts H0 or H1; at most %,d games (%,d deals)",
                StudyRun.describePairing(c), units * c.gamesPerUnit(), units);
    }

    @Override
    public String headerDetails(RunConfig c) {
        SprtParameters p = parameters(c);
        return String.format(Locale.ROOT, "H0: Elo %s, H1: Elo %s (%s), alpha %s, beta %s; LLR bounds [%.3f, %.3f]; "
                        + "batches of %s pairs, at most %,d games",
                StatisticsText.elo(p.elo0()), StatisticsText.elo(p.elo1()), p.model().name().toLowerCase(Locale.ROOT), p.alpha(),
                p.beta(), p.lowerBound(), p.upperBound(), ((Test) c.settings()).batch(), c.deals() * 2);
    }

    @Override
    public void executeUnits(RunConfig config, Tally tally, RunInProgress run) throws Exception {
        long batchPairs = ((Test) config.settings()).batch();
        if (run.held().size() > 1) {
            throw new UserError("an SPRT result must hold a prefix of its units, not " + run.held());
        }
        long done = run.held().end(config.from());
        SprtResult r = test(config, tally);
        while (done < config.to() && r.decision() == SprtDecision.CONTINUE && !run.stopped()) {
            // Looks are taken at whole multiples of the batch, so a resumed run looks where an uninterrupted one does.
            long to = Math.min(config.to(), (done / batchPairs + 1) * batchPairs);
            long end = run.execute(done, to);
            done = end;
            if (end < to) {
                break; // interrupted mid-batch: the partial batch is not looked at
            }
            r = test(config, tally);
            Tally.PairBlock p = tally.pair(0, 0, 1);
            run.out().printf(Locale.ROOT, "  %,9d games  score %s  LLR %+.3f  [%.3f, %.3f]%s%n", p.games(),
                    StatisticsText.pct((p.wins() + p.draws() / 2.0) / p.games()), r.llr(), r.lowerBound(), r.upperBound(),
                    r.decision() == SprtDecision.CONTINUE ? "" : "  -> " + decisionText(r.decision()));
        }
    }

    private static String decisionText(SprtDecision d) {
        return switch (d) {
            case ACCEPT_H0 -> "H0 accepted";
            case ACCEPT_H1 -> "H1 accepted";
            case CONTINUE -> "no decision";
        };
    }

    public static final String EARLY_STOP_NOTE = "note: the test stopped as soon as the LLR crossed a bound, so the score, Elo, "
            + "intervals and LOS below (fixed-sample formulas) are biased away from the hypothesis that was rejected; "
            + "read the verdict, not them (fishtest reports a bias-adjusted Elo instead)";

    /**
     * The verdict in words: which of the two hypotheses the games favour, and the one bound that
     * accepting it supports. The GSPRT weighs elo0 against elo1; accepting H1 rules out "elo0 or
     * less" (at error rate α), accepting H0 rules out "elo1 or more" (at β). It does not show that
     * the accepted value itself holds: H0 of --elo0 -1000 --elo1 1000 says A is less than 1000
     * stronger, not that it is 1000 weaker.
     */
    public static String verdict(SprtDecision d, String a, String b, SprtParameters p) {
        String unit = p.model() == EloModel.NORMALIZED ? "nElo" : "Elo";
        return switch (d) {
            case ACCEPT_H1 -> "H1 accepted: the games favour " + a + " against " + b + " at " + StatisticsText.elo(p.elo1())
                    + " " + unit + " over " + StatisticsText.elo(p.elo0()) + " (" + beyond(a, b, p.elo0(), true, unit) + ")";
            case ACCEPT_H0 -> "H0 accepted: the games favour " + a + " against " + b + " at " + StatisticsText.elo(p.elo0())
                    + " " + unit + " over " + StatisticsText.elo(p.elo1()) + " (" + beyond(a, b, p.elo1(), false, unit) + ")";
            case CONTINUE -> "no decision yet (cap reached or interrupted)";
        };
    }

    /**
     * A's strength against B above ({@code above}) or below {@code bound}, in words: "a is stronger
     * than b", "a is less than 40.0 Elo weaker than b", "a is more than 10.0 Elo stronger than b".
     */
    private static String beyond(String a, String b, double bound, boolean above, String unit) {
        if (bound == 0) {
            return a + " is " + (above ? "stronger" : "weaker") + " than " + b;
        }
        String size = String.format(Locale.ROOT, "%.1f", Math.abs(bound));
        String side = bound > 0 ? "stronger" : "weaker";
        boolean more = above == bound > 0; // above a positive bound, or below a negative one
        return a + " is " + (more ? "more" : "less") + " than " + size + " " + unit + " " + side + " than " + b;
    }

    @Override
    public StudyOutcome report(RunConfig config, Tally tally) {
        SprtResult r = test(config, tally);
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        StringBuilder sb = new StringBuilder("\n");
        String answer = String.format(Locale.ROOT, "SPRT: %s; LLR %+.3f in [%.3f, %.3f]",
                verdict(r.decision(), a, b, parameters(config)), r.llr(), r.lowerBound(), r.upperBound());
        boolean stoppedEarly = r.decision() != SprtDecision.CONTINUE;
        if (stoppedEarly) {
            sb.append(EARLY_STOP_NOTE).append('\n');
        } else if (rawTest(config, tally).decision() != SprtDecision.CONTINUE) {
            sb.append(String.format(Locale.ROOT, "note: the LLR lies past a bound, but %,d pairs are no look of the test "
                    + "(it looks every %,d pairs): no decision until the next look (--resume plays on to it)%n",
                    tally.units(), ((Test) config.settings()).batch()));
        }
        // The fixed-sample statistics of "match" are biased when the test stopped early.
        StudyStatistics.Sprt stats = StudyStatistics.Sprt.of(new SprtStats(r.llr(), r.lowerBound(), r.upperBound(),
                r.decision(), stoppedEarly), tally, config.labels());
        sb.append(StatisticsText.pairText(a, b, stats.match()));
        StatisticsText.answerFirst(sb, answer);
        sb.append(StatisticsText.forfeitsText(tally, config.labels()));
        return new StudyOutcome(sb.toString(), stats);
    }
}

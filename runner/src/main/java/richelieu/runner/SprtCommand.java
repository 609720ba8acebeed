package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.results.SprtStats;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.stats.EloModel;
import richelieu.runner.stats.Gsprt;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.stats.SprtParameters;
import richelieu.runner.stats.SprtResult;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code richelieu sprt A B}: paired games until the GSPRT accepts H0 or H1. */
@Command(name = "sprt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sequential probability ratio test of A against B.", "Sequential test of A against B: plays paired deals in batches until the generalized SPRT "
                + "(fishtest's LLR on pentanomial pair counts) accepts H0 (Elo = elo0) or H1 (Elo = elo1), or "
                + "the --max-games cap is reached. Decisions are taken only after whole batches of pairs, so "
                + "the result does not depend on --threads.",
                "Example: ./richelieu sprt 'ismcts:iterations=2000' 'ismcts:iterations=1000' --elo0 0 --elo1 20 --seed 1"})
final class SprtCommand extends PlayCommand {
    @Parameters(arity = "0..2", paramLabel = "BOT", description = "A (the candidate) and B (the baseline).")
    List<String> bots = new ArrayList<>();

    /**
     * Largest |Elo| (logistic: an expected score of 99.7%) and |nElo| a hypothesis may name; the
     * GSPRT computes on every outcome up to there (probed on one-sided pentanomial data up to
     * 3000 Elo and 200 nElo; CliLimitsTest checks the limits).
     */
    static final double MAX_ELO = 1000;
    static final double MAX_NELO = 150;

    @Option(names = "--elo0", description = "H0: A is this many Elo stronger (default: ${DEFAULT-VALUE}).")
    double elo0 = 0;

    @Option(names = "--elo1", description = "H1: A is this many Elo stronger (default: ${DEFAULT-VALUE}).")
    double elo1 = 10;

    @Option(names = "--alpha", description = "False positive rate (default: ${DEFAULT-VALUE}).")
    double alpha = 0.05;

    @Option(names = "--beta", description = "False negative rate (default: ${DEFAULT-VALUE}).")
    double beta = 0.05;

    @Option(names = "--model", description = "logistic (Elo) or normalized (nElo) (default: ${DEFAULT-VALUE}).")
    String model = "logistic";

    @Option(names = "--max-games", description = "Stop without a decision after this many games (default: ${DEFAULT-VALUE}).")
    long maxGames = 100_000;

    @Option(names = "--batch", description = "Pairs per batch between two looks at the LLR (default: ${DEFAULT-VALUE}).")
    int batch = 100;

    @Override
    String command() {
        return "sprt";
    }

    @Override
    RunConfig newConfig(Bots registry, long seed) {
        if (bots.size() != 2) {
            throw new UserError("sprt needs two bots: the candidate A and the baseline B");
        }
        if (options.shard != null) {
            throw new UserError("sprt is sequential and cannot be sharded");
        }
        EloModel m = parseModel(model);
        if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) {
            throw new UserError("--alpha and --beta must be between 0 and 0.5");
        }
        double max = m == EloModel.LOGISTIC ? MAX_ELO : MAX_NELO;
        if (!(Math.abs(elo0) <= max && Math.abs(elo1) <= max)) {
            // Beyond these the test's maximum-likelihood fit fails on one-sided data (all wins).
            throw new UserError("--elo0 and --elo1 must be between -" + (int) max + " and " + (int) max + " ("
                    + model + " model), not " + elo0 + " and " + elo1);
        }
        if (!(elo1 > elo0)) {
            throw new UserError("--elo1 must be greater than --elo0");
        }
        if (maxGames < 2 || batch < 1) {
            throw new UserError("--max-games must be at least 2 and --batch at least 1");
        }
        if (maxGames > MAX_GAMES) {
            throw new UserError(String.format("--max-games must be at most %,d", MAX_GAMES));
        }
        List<String> labels = new ArrayList<>();
        for (String b : bots) {
            labels.add(Commands.parseBot(registry, b).definition());
        }
        long deals = maxGames / 2;
        Rules rules = Rules.twoPlayer().withVariant(options.variant());
        return new RunConfig(command(), labels, List.of(rules), deck(), seed, deals, List.<int[]>of(new int[]{0, 1}),
                Plan.Pairing.ROTATE, 0, deals, 0, 1, Map.of("elo0", Double.toString(elo0), "elo1", Double.toString(elo1),
                "alpha", Double.toString(alpha), "beta", Double.toString(beta), "model", m.name(), "batch",
                Integer.toString(batch)));
    }

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        SprtParameters p = parameters(file);
        elo0 = given("--elo0") ? elo0 : p.elo0();
        elo1 = given("--elo1") ? elo1 : p.elo1();
        alpha = given("--alpha") ? alpha : p.alpha();
        beta = given("--beta") ? beta : p.beta();
        model = given("--model") ? model : p.model().name().toLowerCase(Locale.ROOT);
        batch = given("--batch") ? batch : (int) setting(file, "batch");
        maxGames = given("--max-games") ? maxGames : file.deals() * 2;
    }

    private static EloModel parseModel(String s) {
        return switch (s) {
            case "logistic" -> EloModel.LOGISTIC;
            case "normalized" -> EloModel.NORMALIZED;
            default -> throw new UserError("--model must be logistic or normalized, not '" + s + "'");
        };
    }

    private static SprtParameters parameters(RunConfig c) {
        return new SprtParameters(Double.parseDouble(c.setting("elo0", "0")), Double.parseDouble(c.setting("elo1", "10")),
                Double.parseDouble(c.setting("alpha", "0.05")), Double.parseDouble(c.setting("beta", "0.05")),
                EloModel.valueOf(c.setting("model", "LOGISTIC")));
    }

    private static SprtResult test(RunConfig c, Tally t) {
        long[] p = t.pair(0, 0, 1).penta();
        return Gsprt.test(parameters(c), new PentanomialCounts(p[0], p[1], p[2], p[3], p[4]));
    }

    @Override
    String planText(RunConfig c, Plan plan, long units) {
        // The cap is not the plan: a sequential test stops as soon as it decides
        return String.format("sequential test: %s, until the test accepts H0 or H1; at most %,d games (%,d deals)",
                describePairing(c, plan), units * plan.gamesPerUnit(), units);
    }

    @Override
    String headerDetails(RunConfig c) {
        SprtParameters p = parameters(c);
        return String.format(Locale.ROOT, "H0: Elo %s, H1: Elo %s (%s), alpha %s, beta %s; LLR bounds [%.3f, %.3f]; "
                        + "batches of %s pairs, at most %,d games",
                Analysis.elo(p.elo0()), Analysis.elo(p.elo1()), p.model().name().toLowerCase(Locale.ROOT), p.alpha(),
                p.beta(), p.lowerBound(), p.upperBound(), c.setting("batch", "100"), c.deals() * 2);
    }

    @Override
    void play(RunConfig config, Plan plan, Tally tally, Run run) throws Exception {
        long batchPairs = (long) setting(config, "batch");
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
            System.out.printf(Locale.ROOT, "  %,9d games  score %s  LLR %+.3f  [%.3f, %.3f]%s%n", p.games(),
                    Analysis.pct((p.wins() + p.draws() / 2.0) / p.games()), r.llr(), r.lowerBound(), r.upperBound(),
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

    static final String EARLY_STOP_NOTE = "note: the test stopped as soon as the LLR crossed a bound, so the score, Elo, "
            + "intervals and LOS below (fixed-sample formulas) are biased away from the hypothesis that was rejected; "
            + "read the verdict, not them (fishtest reports a bias-adjusted Elo instead)";

    /**
     * The verdict in words, right for hypotheses of either sign: H1 says A's Elo against B is about
     * elo1 or more, H0 that it is about elo0 or less (elo0 &lt; elo1).
     */
    static String verdict(SprtDecision d, String a, String b, SprtParameters p) {
        return switch (d) {
            case ACCEPT_H1 -> "H1 accepted: " + a + " against " + b + " is about " + Analysis.elo(p.elo1())
                    + " Elo or more (" + relative(a, b, p.elo1(), "at most", "at least") + "), not "
                    + Analysis.elo(p.elo0()) + " or less";
            case ACCEPT_H0 -> "H0 accepted: " + a + " against " + b + " is about " + Analysis.elo(p.elo0())
                    + " Elo or less (" + relative(a, b, p.elo0(), "at least", "at most") + "), not "
                    + Analysis.elo(p.elo1()) + " or more";
            case CONTINUE -> "no decision yet (cap reached or interrupted)";
        };
    }

    /** "A at most 40 Elo weaker than B", "A at least 10 Elo stronger than B", "A at most as strong as B". */
    private static String relative(String a, String b, double elo, String weakerBound, String strongerBound) {
        if (elo == 0) {
            return a + " " + (strongerBound.equals("at least") ? "at least as strong as " : "at most as strong as ") + b;
        }
        String size = String.format(Locale.ROOT, "%.1f", Math.abs(elo));
        return elo < 0 ? a + " " + weakerBound + " " + size + " Elo weaker than " + b
                : a + " " + strongerBound + " " + size + " Elo stronger than " + b;
    }

    @Override
    Report report(RunConfig config, Tally tally) {
        SprtResult r = test(config, tally);
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        StringBuilder sb = new StringBuilder("\n");
        sb.append(String.format(Locale.ROOT, "SPRT: %s; LLR %+.3f in [%.3f, %.3f]%n",
                verdict(r.decision(), a, b, parameters(config)), r.llr(), r.lowerBound(), r.upperBound()));
        boolean stoppedEarly = r.decision() != SprtDecision.CONTINUE;
        if (stoppedEarly) {
            sb.append(EARLY_STOP_NOTE).append('\n');
        }
        // The fixed-sample statistics of "match" are biased when the test stopped early.
        StudyStatistics.Sprt stats = StudyStatistics.Sprt.of(new SprtStats(r.llr(), r.lowerBound(), r.upperBound(),
                r.decision(), stoppedEarly), tally, config.labels());
        sb.append(Analysis.pairText(a, b, stats.match()));
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }
}

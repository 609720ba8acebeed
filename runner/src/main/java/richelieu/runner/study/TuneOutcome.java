package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.spsa.SpsaCourse;
import richelieu.runner.spsa.SpsaParameter;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.stats.SprtParameters;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A tuning's report: the parameters at the start and tuned, θ's path, the points' games, the
 * confirming test when one ran, and the verdict with the commands that would confirm it.
 */
final class TuneOutcome {
    private TuneOutcome() {
    }

    /** The report of a tuning run, its course read from {@code stored} (null: none played yet). */
    static StudyOutcome of(TuneStudy.Tuning t, RunConfig config, Tally tally, JsonNode stored, List<java.nio.file.Path> plugins,
                     boolean confirming) {
        SpsaCourse course = TuneStudy.course(t, stored);
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
                    TuneStudy.num(p.min()) + ".." + TuneStudy.num(p.max()), 100 * moved));
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
            ResultFile sprt = ResultReader.parseFile(course.confirm().toString(), "course.confirm");
            if (!sprt.config().command().equals("sprt")) {
                throw new UserError("course.confirm: holds a '" + sprt.config().command() + "' result, not an sprt");
            }
            StudyOutcome r = new SprtStudy().report(sprt.config(), sprt.tally());
            StudyStatistics.Sprt s = (StudyStatistics.Sprt) r.stats();
            better = s.sprt().decision() == SprtDecision.ACCEPT_H1;
            SprtParameters test = ((SprtStudy.Test) sprt.config().settings()).parameters();
            confirmation = new StudyStatistics.Tune.Confirmation(sprt.config().bots(), sprt.config().seed(), test.elo0(),
                    test.elo1(), s.sprt(), s.match());
            sb.append("\nconfirmation (sprt, master seed ").append(sprt.config().seed()).append("):")
                    .append(r.text().replaceFirst("^\n", "\n"));
        }
        StatisticsText.answerFirst(sb, verdict(t, config, course, better, confirming, tunedSpec, startSpec, pluginOptions(plugins,
                t.bot().definition(), t.opponent())));
        sb.append(StatisticsText.forfeitsText(tally, config.labels()));
        return new StudyOutcome(sb.toString(), new StudyStatistics.Tune(course.steps().size(), t.iterations(), games, values,
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
    private static String verdict(TuneStudy.Tuning t, RunConfig c, SpsaCourse course, boolean better, boolean confirming,
                                  String tuned, String start, String plugins) {
        if (better) {
            return "better: the SPRT accepted H1, the tuned bot is stronger than the starting one";
        }
        if (course.confirm() != null) {
            return "not shown to be better: the SPRT did not accept H1";
        }
        if (confirming) { // this command's --confirm runs the test next: no command to type
            return "not confirmed yet: the confirming SPRT (tuned against start) runs now; its answer follows";
        }
        String rules = (c.ruleSets().get(0).variant() == Rules.Variant.BASE ? ""
                : " --variant " + c.ruleSets().get(0).variant().jsonName())
                + (c.deck().name().equals(richelieu.engine.Deck.standard().name()) ? "" : " --deck FILE (the deck '"
                + c.deck().name() + "')");
        long seed = TuneStudy.confirmSeed(c.seed());
        // Equal time per move for bots with a millis= budget the spec leaves open (a no-op for the others).
        if (!tuned.contains(richelieu.strategies.Bots.MOVE_TIME_PARAMETER + "=")) {
            rules += " --move-time " + TuneStudy.DEFAULT_CONFIRM_MOVE_TIME;
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
    static String pluginOptions(List<java.nio.file.Path> plugins, String... definitions) {
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
        plugins.forEach(p -> sb.append(" --plugin ").append(richelieu.runner.text.Format.shellWord(p.toString())));
        return sb.toString();
    }

    /** The report's last word: better (the SPRT accepted H1) or not, in one line. */
    static String verdictLine(StudyOutcome report) {
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
}

package richelieu.runner.report.readme;

import richelieu.runner.answers.Answers;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.resultfile.RunTimes;

import java.util.List;
import java.util.Map;

/**
 * results/README.md: the answers in plain words first — sentences generated from the typed
 * {@link Answers}, so that they stay true when the studies are rerun — then the numbers, what the
 * studies cost, the list of studies and of plots. Each section has its own small writer here; none
 * computes a statistic.
 */
public final class Readme {
    private Readme() {
    }

    /** A study as the README lists it. */
    public record ListedStudy(String id, String title, String question, String command, RunTimes times) {
    }

    /** What the README says about the report itself and where it was written. */
    public record Context(boolean quick, String machine, String date) {
    }

    /**
     * The README's text.
     *
     * @param studies         the complete studies, in the plan's order
     * @param inProgress      studies with a partial result file: id to "k of n games"
     * @param inProgressTimes their run times so far
     * @param plots           per study id (or {@code summaryKey}) the base names of its plots
     * @param distance        the distance study's result, or null (no such section)
     */
    public static String text(Answers answers, List<ListedStudy> studies, Map<String, String> inProgress,
                              Map<String, RunTimes> inProgressTimes, Map<String, List<String>> plots, String summaryKey,
                              Context context, DistanceResult distance) {
        StringBuilder md = new StringBuilder();
        boolean quick = context.quick();
        md.append("# Results").append(quick ? " (quick version: small samples, wide intervals)" : "").append("\n\n");
        md.append("Every number here comes from `./richelieu report").append(quick ? " --quick" : "")
                .append("`, which runs the studies of [`results/studies.json`](")
                .append(quick ? "../" : "").append("studies.json) with their fixed seeds; each study's page gives its exact "
                        + "command, seed, bot budgets, run time and full output. Intervals are 95%. Written on ")
                .append(context.machine()).append(", ").append(context.date()).append(".\n\n");
        if (answers.strongPlay() != null) {
            InBriefSection.write(md, answers.strongPlay(), answers.balance(), answers.convergence(), answers.ladder(),
                    distance, inProgress);
        }
        md.append("## The answers\n\n");
        for (String p : plots.getOrDefault(summaryKey, List.of())) {
            md.append("![").append(p).append("](").append(p).append(".png) ");
        }
        if (plots.containsKey(summaryKey)) {
            md.append("\n\n");
        }
        FirstPlayerSection.write(md, answers.firstPlayer());
        SeatOrderSection.write(md, answers.seatOrder());
        BalanceSection.write(md, answers.balance());
        SkillLuckSection.write(md, answers.skillLuck());
        LadderSection.write(md, answers.ladder());
        DistanceSection.write(md, distance);
        ConvergenceSection.write(md, answers.convergence(), distance);
        if (answers.decks() != null) {
            DeckSection.write(md, answers.decks(), quick);
        }
        CostSection.write(md, studies, inProgressTimes);
        md.append("## The studies\n\n| study | question | command |\n|---|---|---|\n");
        for (ListedStudy s : studies) {
            md.append("| [").append(s.title()).append("](").append(s.id()).append(".md) | ")
                    .append(s.question()).append(" | `").append(s.command().replace("|", "\\|")).append("` |\n");
        }
        md.append("\n## Plots\n\nEvery plot is also an SVG next to its PNG. Markers: estimates; lines: their intervals as they are, "
                + "asymmetric where the interval is (95%, except the equivalence chart's 90% intervals of the two one-sided "
                + "tests).\n\n");
        for (Map.Entry<String, List<String>> e : plots.entrySet()) {
            for (String p : e.getValue()) {
                md.append("- [").append(p).append("](").append(p).append(".png) ([SVG](").append(p).append(".svg))\n");
            }
        }
        return md.toString();
    }
}

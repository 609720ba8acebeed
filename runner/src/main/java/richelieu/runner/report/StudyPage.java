package richelieu.runner.report;

import richelieu.runner.report.readme.Readme;
import richelieu.runner.text.Format;

import java.util.List;

/** One study's page: its question, the exact command and seed, bots and budgets, deck, run time, plots and full text output. */
final class StudyPage {
    private StudyPage() {
    }

    static String text(ResultsPages.PlayedStudy r, List<String> plotFiles, Readme.Context context) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(r.study().title()).append("\n\n");
        if (!r.study().question().isEmpty()) {
            md.append("**Question.** ").append(r.study().question()).append("\n\n");
        }
        md.append("**Command** (master seed ").append(r.result().config().seed()).append("):\n\n```\n").append(r.command())
                .append("\n```\n\n");
        if (!r.study().note().isEmpty()) {
            md.append("**Note.** ").append(r.study().note()).append("\n\n");
        }
        md.append("**Bots and budgets:** ").append(Format.budgets(r.result().config().bots(), r.playedAs())).append("\n\n");
        md.append("**Deck:** ").append(Format.data(r.result().config().deck().name())).append(". Results do not depend on the machine or "
                + "on `--threads`; only the time does.\n\n");
        md.append(r.times().sentence()).append("\n\n");
        md.append(r.playedNow() ? "The report played this study's games on " + context.date() + ".\n\n"
                : "**Cached:** the result file is complete and its command unchanged, so `./richelieu report` rewrote this "
                        + "page from it on " + context.date() + " (" + context.machine() + ") without playing games (`--force` "
                        + "replays them).\n\n");
        for (String p : plotFiles) {
            md.append("![").append(p).append("](").append(p).append(".png)  \n");
            md.append("([SVG](").append(p).append(".svg))\n\n");
        }
        md.append("Raw counts and every statistic: [").append(r.study().id()).append(".json](").append(r.study().id())
                .append(".json).\n\n```text\n").append(r.text().strip()).append("\n```\n");
        return md.toString();
    }
}

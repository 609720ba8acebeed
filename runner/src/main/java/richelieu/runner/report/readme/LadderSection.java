package richelieu.runner.report.readme;

import richelieu.runner.answers.LadderAnswer;
import richelieu.runner.answers.Source;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.ScoreEstimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static richelieu.runner.text.Format.eloInterval;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.signed;

/** "Which bot is strongest, and by how much?": the ladder step by step, the budget match, the other matches. */
final class LadderSection {
    private LadderSection() {
    }

    static void write(StringBuilder md, LadderAnswer a) {
        if (a.ladder() == null) {
            return;
        }
        List<BotRating> ratings = a.ratings();
        if (ratings.isEmpty() && !a.notIdentified().isEmpty()) {
            md.append("### Which bot is strongest, and by how much?\n\n");
            md.append("The games do not identify ratings (" + a.notIdentified() + "): they order the bots but bound no Elo "
                    + "gap. Play more deals; the study page has the pairwise scores with their intervals.\n\n");
            return;
        }
        if (ratings.isEmpty()) {
            return;
        }
        md.append("### Which bot is strongest, and by how much?\n\n");
        BotRating top = ratings.get(0);
        if (!a.topIsClear()) {
            sharedTop(md, top, ratings.get(1), a.steps().get(0));
        } else {
            md.append(String.format(Locale.ROOT, "**%s** is the strongest bot of the ladder (Bradley–Terry rating %s Elo, "
                    + "interval %s, mean of all bots 0).", top.bot(), signed(top.elo(), 0), eloInterval(top.interval())));
            if (ratings.size() > 1) { // a clear top has met the runner-up
                LadderAnswer.Head head = a.steps().get(0);
                md.append(String.format(Locale.ROOT, " Head to head it scores %s %s against %s, the runner-up (%s Elo %s, "
                                + "pentanomial over %,d paired games).", pct(head.score()), pctInterval(head.lo(), head.hi()),
                        ratings.get(1).bot(), signed(head.elo(), 0), eloInterval(head.eloLo(), head.eloHi()), head.games()));
            }
        }
        if (!a.extensions().isEmpty()) {
            md.append(" The ratings pool the ladder's games with those of ").append(links(a.extensions()))
                    .append(", which add bots to it without replaying it: one Bradley–Terry fit over all their games, "
                            + "deals resampled whole.");
        }
        md.append(" Each step of the ladder, head to head over paired deals:\n\n");
        md.append("| rank | bot | Elo (Bradley–Terry) | score vs the next bot below | Elo vs the next bot below |\n|---|---|---|---|---|\n");
        for (int i = 0; i < ratings.size(); i++) {
            BotRating x = ratings.get(i);
            String vs = "";
            String eloVs = "";
            LadderAnswer.Head h = a.steps().get(i);
            if (h != null) {
                vs = pct(h.score()) + " " + pctInterval(h.lo(), h.hi()) + " vs " + h.b();
                eloVs = signed(h.elo(), 0) + " " + eloInterval(h.eloLo(), h.eloHi());
            }
            md.append(String.format(Locale.ROOT, "| %d | %s | %s %s | %s | %s |\n", i + 1, x.bot(), signed(x.elo(), 0),
                    eloInterval(x.interval()), vs, eloVs));
        }
        md.append("\n");
        budgetMatch(md, a.budgetMatch());
        otherMatches(md, a.otherMatches());
    }

    /**
     * The top two when their head to head does not put the first above the second: no "strongest"
     * is named (nor "equal": an interval that holds 50% shows no difference, it does not rule one out).
     */
    private static void sharedTop(StringBuilder md, BotRating top, BotRating second, LadderAnswer.Head head) {
        String ratingsText = String.format(Locale.ROOT, "Bradley–Terry ratings %s Elo %s and %s Elo %s, mean of all bots 0",
                signed(top.elo(), 0), eloInterval(top.interval()), signed(second.elo(), 0), eloInterval(second.interval()));
        if (head == null) {
            md.append(String.format(Locale.ROOT, "**%s** and **%s** lead the ladder (%s); they did not meet, so the games do "
                    + "not tell which is stronger.", top.bot(), second.bot(), ratingsText));
            return;
        }
        String headText = String.format(Locale.ROOT, "head to head %s scores %s %s against %s (%s Elo %s, pentanomial over "
                        + "%,d paired games)", top.bot(), pct(head.score()), pctInterval(head.lo(), head.hi()), second.bot(),
                signed(head.elo(), 0), eloInterval(head.eloLo(), head.eloHi()), head.games());
        if (head.hi() < 0.5) {
            md.append(String.format(Locale.ROOT, "**%s** and **%s** lead the ladder, each ahead by one measure: %s has the "
                    + "higher rating (%s), but %s.", top.bot(), second.bot(), top.bot(), ratingsText, headText));
        } else {
            md.append(String.format(Locale.ROOT, "**%s** and **%s** lead the ladder, and these games do not tell which is "
                    + "stronger (%s; %s).", top.bot(), second.bot(), ratingsText, headText));
        }
    }

    private static String links(List<Source> studies) {
        List<String> out = new ArrayList<>();
        for (Source s : studies) {
            out.add("[" + s.id() + "](" + s.id() + ".md)");
        }
        return String.join(", ", out);
    }

    /** The separate match of one bot at two budgets. */
    private static void budgetMatch(StringBuilder md, Source m) {
        if (m == null) {
            return;
        }
        List<String> bots = m.bots();
        MatchStats match = LadderAnswer.match(m);
        ScoreEstimate s = match.bestEstimate();
        double lo = s.scoreInterval().low();
        double hi = s.scoreInterval().high();
        String verdict = lo > 0.5 ? "**More iterations play measurably stronger:**"
                : hi < 0.5 ? "**More iterations play measurably weaker (!):**" : "**No measurable gain from more iterations:**";
        md.append(String.format(Locale.ROOT, "%s %s scores %s %s against %s (Elo %s %s, %,d games over paired deals).\n\n",
                verdict, bots.get(0), pct(s.score()), pctInterval(lo, hi), bots.get(1), signed(s.elo(), 0),
                eloInterval(s.eloInterval()), match.games()));
    }

    /** The other 2-player matches (one game per seat order of a deal), e.g. of a bot that is not on the ladder. */
    private static void otherMatches(StringBuilder md, List<Source> matches) {
        List<String> lines = new ArrayList<>();
        for (Source m : matches) {
            List<String> bots = m.bots();
            MatchStats match = LadderAnswer.match(m);
            ScoreEstimate s = match.bestEstimate();
            double lo = s.scoreInterval().low();
            double hi = s.scoreInterval().high();
            lines.add(String.format(Locale.ROOT, "- %s %s scores %s %s against %s (Elo %s %s, %,d games over paired deals): %s",
                    lo > 0.5 ? "**stronger:**" : hi < 0.5 ? "**weaker:**" : "**not separated at this sample:**", bots.get(0),
                    pct(s.score()), pctInterval(lo, hi), bots.get(1), signed(s.elo(), 0), eloInterval(s.eloInterval()),
                    match.games(), "[" + m.id() + "](" + m.id() + ".md)"));
        }
        if (!lines.isEmpty()) {
            md.append("Head-to-head matches beside the ladder:\n\n").append(String.join("\n", lines)).append("\n\n");
        }
    }
}

package richelieu.runner.report.readme;

import richelieu.runner.answers.FirstPlayerAnswer;
import richelieu.runner.stats.PValue;

import java.util.List;
import java.util.Locale;

import static richelieu.runner.text.Format.pValue;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.signed;

/** "Does the first player have an advantage? How big? Does it depend on skill?" */
final class FirstPlayerSection {
    private FirstPlayerSection() {
    }

    static void write(StringBuilder md, FirstPlayerAnswer a) {
        List<FirstPlayerAnswer.Bot> all = a.bots();
        if (all.isEmpty()) {
            return;
        }
        md.append("### Does the first player have an advantage? How big? Does it depend on skill?\n\n");
        String family = all.size() > 1 ? String.format(Locale.ROOT, " (exact binomial tests at 5%%, Holm-corrected over the %d bots)",
                all.size()) : " (exact binomial test at 5%)";
        StringBuilder list = new StringBuilder();
        for (FirstPlayerAnswer.Bot b : all) {
            list.append(list.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "**%s** %s %s of decisive games (%s pp)",
                    b.bot(), pct(b.share()), pctInterval(b.interval()), signed(b.pp(), 1)));
        }
        if (a.favourFirst() == all.size()) {
            md.append("**Yes.** In 2-player self-play the player who moves first (seat 0) wins more often for every bot studied"
                    + family + ": ");
        } else if (a.favourFirst() > 0 && a.favourSecond() == 0) {
            md.append(String.format(Locale.ROOT, "**Yes, a small one.** Seat 0 wins more often for %d of the %d bots studied%s; for "
                    + "the others the difference is not significant at their sample size. Seat 0's share of decisive 2-player "
                    + "self-play games: ", a.favourFirst(), all.size(), family));
        } else if (a.favourSecond() > 0) {
            md.append("**Not for every bot — for some the second player is favoured**" + family + ". Seat 0's share of decisive "
                    + "games: ");
        } else {
            md.append("**No measurable advantage**" + family + ". Seat 0's share of decisive games: ");
        }
        md.append(list).append(".\n\n");
        FirstPlayerAnswer.Homogeneity h = a.homogeneity();
        if (h != null) {
            double p = h.test().pValue();
            if (p < FirstPlayerAnswer.ALPHA) {
                md.append(String.format(Locale.ROOT, "**It depends on the players** (chi-square test that seat 0's share is the same "
                        + "for every bot: %s): it is largest for %s (%s pp) and smallest for %s (%s pp).", PValue.text(p, 3),
                        h.most().bot(), signed(h.most().pp(), 1), h.least().bot(), signed(h.least().pp(), 1)));
                switch (h.skill()) {
                    case SHRINKS -> md.append(" Ordered by playing strength (the ladder below) it shrinks steadily with skill.");
                    case DOES_NOT_SIMPLY_SHRINK -> md.append(String.format(Locale.ROOT, " It does not simply shrink with skill: in the "
                            + "order of playing strength (the ladder below) the strongest bot studied, %s, still gives seat 0 %s pp.",
                            a.strongest().bot(), signed(a.strongest().pp(), 1)));
                    case NOT_ALL_ON_THE_LADDER -> md.append(" Whether it shrinks with skill is not read off here: not every bot "
                            + "studied is on the ladder.");
                    case NO_LADDER -> {
                    }
                }
            } else {
                md.append(String.format(Locale.ROOT, "A dependence on the players is **not measurable** at these sample sizes "
                        + "(chi-square test that seat 0's share is the same for every bot: %s).", PValue.text(p, 3)));
            }
            md.append("\n\n");
        }
        md.append("| bot | games | seat 0 wins (decisive games) | exact binomial p | Holm-adjusted p | mean margin seat 0 − seat 1 |\n"
                + "|---|---|---|---|---|---|\n");
        for (FirstPlayerAnswer.Bot b : all) {
            double margin = b.margin() == null ? Double.NaN : b.margin().mean();
            double lo = b.margin() == null ? Double.NaN : b.margin().interval().low();
            double hi = b.margin() == null ? Double.NaN : b.margin().interval().high();
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s %s | %s | %s | %s [%s, %s] |\n", b.bot(), b.games(), pct(b.share()),
                    pctInterval(b.interval()), pValue(b.p()), pValue(b.pHolm()), signed(margin, 2), signed(lo, 2), signed(hi, 2)));
        }
        md.append("\n");
    }
}

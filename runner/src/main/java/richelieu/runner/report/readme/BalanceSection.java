package richelieu.runner.report.readme;

import richelieu.runner.answers.BalanceAnswer;
import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.stats.BalanceVerdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static richelieu.runner.text.Format.pValue;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.signed;
import static richelieu.runner.text.Format.verdictIntervals;

/** "Is the three-row variant better balanced?", then the compensation for the second player. */
final class BalanceSection {
    private BalanceSection() {
    }

    /** The family's margin in percentage points ("1.5"), or words for margins that differ between studies. */
    static String margin(BalanceAnswer a) {
        return Double.isNaN(a.margin()) ? "(each study's margin)" : BalanceStats.marginWords(a.margin());
    }

    /** Bot i's verdict in words, at its own study's margin. */
    static String words(BalanceAnswer a, int i) {
        return a.verdicts().get(i).kind().words(ownMargin(a, i));
    }

    /** Bot i's study's margin in percentage points ("1.5"). */
    private static String ownMargin(BalanceAnswer a, int i) {
        BalanceStats.Verdict own = a.bots().get(i).stats().verdict();
        return BalanceStats.marginWords(own == null ? a.margin() : own.margin());
    }

    static void write(StringBuilder md, BalanceAnswer a) {
        List<BalanceAnswer.Bot> all = a.bots();
        if (all.isEmpty()) {
            return;
        }
        md.append("### Is the three-row variant better balanced?\n\n");
        List<BalanceVerdict> verdicts = a.verdicts();
        String margin = margin(a);
        Map<BalanceVerdict.Kind, List<String>> byKind = new LinkedHashMap<>();
        Map<BalanceVerdict.Kind, String> kindWords = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byKind.computeIfAbsent(verdicts.get(i).kind(), k -> new ArrayList<>()).add(all.get(i).bot());
            kindWords.putIfAbsent(verdicts.get(i).kind(), words(a, i));
        }
        if (byKind.size() == 1) {
            md.append("**").append(switch (byKind.keySet().iterator().next()) {
                case EQUALLY_BALANCED -> "Equally balanced within ±" + margin + " pp, for every bot studied.";
                case MORE_BALANCED -> "Yes: more balanced, for every bot studied.";
                case LESS_BALANCED -> "No: less balanced, for every bot studied.";
                case DIFFERENT -> "Differently balanced (seat 0's score changes, across 50%), for every bot studied.";
                case INCONCLUSIVE -> "Inconclusive at this sample, for every bot studied.";
            }).append("** ");
        } else {
            List<String> parts = new ArrayList<>();
            byKind.forEach((k, bots) -> parts.add(kindWords.get(k) + " for " + String.join(", ", bots)));
            md.append("**It depends on the players:** ").append(String.join("; ", parts)).append(". ");
        }
        md.append(String.format(Locale.ROOT, "The measure is seat 0's score, base − three-row, paired by deal. \"Equally "
                + "balanced\" means that the two one-sided tests (TOST) reject a difference of ±%s pp or more, \"more/less "
                + "balanced\" that the paired t-test rejects no difference; each at 5%%, Holm-corrected over the %d bots. "
                + "Beside each verdict are the intervals that go with it: the difference's at 1 − 5%%/k and the TOST's at "
                + "1 − 10%%/k, k the number of bots still in Holm's family at the step that decided that test (k = %d, "
                + "Bonferroni's, for the smallest p): the difference interval leaves out 0 exactly when the verdict is "
                + "more or less balanced, the TOST interval lies inside the margin exactly when it is equally balanced. ",
                margin, a.family(), a.family()));
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < all.size(); i++) {
            BalanceAnswer.Bot b = all.get(i);
            list.append(list.length() == 0 ? "For" : "; for").append(String.format(Locale.ROOT,
                    " **%s** seat 0 scores %s in the base game and %s in the three-row variant, base − three-row %s pp "
                            + "(%,d deals): %s (%s)", b.bot(), pct(b.base().score()), pct(b.threeRow().score()),
                    signed(100 * b.difference(), 2), b.deals(), words(a, i), verdictIntervals(a.intervals(i), ownMargin(a, i))));
        }
        md.append(list).append(".");
        boolean bothFavourSeat0 = all.stream().allMatch(b -> b.base().seat0().scoreInterval().low() > 0.5
                && b.threeRow().seat0().scoreInterval().low() > 0.5);
        if (bothFavourSeat0) {
            md.append(" Both variants favour the first player.");
        }
        List<String> changes = new ArrayList<>();
        if (all.stream().allMatch(b -> b.threeRow().turns() < b.base().turns())) {
            changes.add("shorter games");
        }
        if (all.stream().allMatch(b -> b.threeRow().draws() < b.base().draws())) {
            changes.add("fewer draws");
        }
        if (all.stream().allMatch(b -> b.threeRow().marginSd() < b.base().marginSd())) {
            changes.add("a tighter spread of score margins");
        }
        double minFlip = all.stream().mapToDouble(BalanceAnswer.Bot::flipRate).min().orElse(0);
        changes.add(String.format(Locale.ROOT, "a different winner on at least %s of deals", pct(minFlip)));
        md.append(" What the three-row variant does change, for every bot here: ").append(String.join(", ", changes))
                .append(".\n\n");
        md.append("| bot | seat 0 score base | seat 0 score three-row | base − three-row | TOST p (Holm) | difference p (Holm) "
                + "| verdict (Holm) | the verdict's intervals (at the level of its Holm step) | winner changes | draws base / "
                + "three-row | game length base / three-row (turns) | margin sd base / three-row |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < all.size(); i++) {
            BalanceAnswer.Bot b = all.get(i);
            md.append(String.format(Locale.ROOT, "| %s | %s %s | %s %s | %s pp | %s | %s | %s | %s | %s | %s / %s | %.1f / %.1f "
                            + "| %.1f / %.1f |\n",
                    b.bot(), pct(b.base().score()), pctInterval(b.base().seat0().scoreInterval()), pct(b.threeRow().score()),
                    pctInterval(b.threeRow().seat0().scoreInterval()), signed(100 * b.difference(), 2),
                    pValue(verdicts.get(i).pEquivalence()), pValue(verdicts.get(i).pDifference()), words(a, i),
                    verdictIntervals(a.intervals(i), ownMargin(a, i)), pct(b.flipRate()),
                    pct(b.base().draws()), pct(b.threeRow().draws()), b.base().turns(), b.threeRow().turns(), b.base().marginSd(),
                    b.threeRow().marginSd()));
        }
        md.append("\n");
        CompensationSection.write(md, all);
    }

}

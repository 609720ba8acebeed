package richelieu.runner.report.readme;

import richelieu.runner.answers.SeatOrderAnswer;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.stats.PValue;
import richelieu.runner.stats.SeatHomogeneityChiSquare;

import java.util.Locale;
import java.util.Map;

import static richelieu.runner.text.Format.pValue;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;

/** "With 3 and 4 players, does the seat order matter?" */
final class SeatOrderSection {
    private SeatOrderSection() {
    }

    static void write(StringBuilder md, SeatOrderAnswer a) {
        if (a.rows().isEmpty()) {
            return;
        }
        md.append("### With 3 and 4 players, does the seat order matter?\n\n");
        md.append("| players | bot | games | share of the games won alone, by seat (simultaneous 95% intervals) "
                + "| chi-square p (equal seats) |\n|---|---|---|---|---|\n");
        for (SeatOrderAnswer.Row r : a.rows()) {
            if (r.shares() == null) {
                // a forfeit, not the seat, decided those games: no seat comparison
                md.append(String.format(Locale.ROOT, "| %d | %s | %,d | not compared: %,d forfeited games | n/a |\n",
                        r.players(), r.bot(), r.games(), r.forfeits()));
                continue;
            }
            StringBuilder seats = new StringBuilder();
            for (int s = 0; s < r.players(); s++) {
                SeatStats.SeatShare share = r.shares().get(s);
                seats.append(s == 0 ? "" : ", ").append("seat ").append(s).append(": ").append(pct(share.shareOfSoleWins()))
                        .append(' ').append(pctInterval(share.interval()));
            }
            md.append(String.format(Locale.ROOT, "| %d | %s | %,d | %s | %s |\n", r.players(), r.bot(), r.games(), seats,
                    pValue(r.p())));
        }
        md.append("\nThe chi-square test asks whether the games won alone are spread evenly over the seats; a tiny p means "
                + "the seat order matters (1/3 or 1/4 of them each would be fair; games won by several seats are left out). "
                + "Each game is a deal of its own here, so the games are independent, as the test assumes. The intervals are "
                + "Goodman's simultaneous intervals (Wilson at 95% ÷ seats): all seats' intervals of a row hold together with "
                + "probability at least 95%.\n\n");
        for (Map.Entry<Integer, SeatOrderAnswer.Across> e : a.acrossBots().entrySet()) {
            SeatHomogeneityChiSquare h = e.getValue().test();
            md.append(String.format(Locale.ROOT, "**Does the seat effect differ between the bots, with %d players?** %s "
                            + "(chi-square test of homogeneity of the winning seat across %s: %s, %d df%s).\n\n", e.getKey(),
                    Double.isNaN(h.pValue()) ? "Not testable with these games" : h.pValue() < 0.05 ? "**Yes.**"
                            : "Not measurably", String.join(", ", e.getValue().bots()), PValue.text(h.pValue(), 3),
                    h.degreesOfFreedom(), h.expectedCountsAdequate() ? "" : "; some expected counts are below 5, so the p-value "
                            + "is approximate"));
        }
        if (a.againstGreedy().isEmpty()) {
            return;
        }
        md.append("**Does each bot's seat effect differ from greedy's?** Chi-square tests of homogeneity of the winning "
                + "seat, one per bot and player count, Holm-corrected over the ").append(a.againstGreedy().size()).append(":\n\n");
        for (SeatOrderAnswer.Against x : a.againstGreedy()) {
            SeatHomogeneityChiSquare h = x.test();
            md.append(String.format(Locale.ROOT, "- %s vs greedy, %d players: %s (p = %s, Holm %s, %d df%s)%n", x.bot(), x.players(),
                    Double.isNaN(x.pHolm()) ? "not testable with these games" : x.pHolm() < 0.05 ? "**it differs**"
                            : "not measurably different at this sample", PValue.value(h.pValue(), 3), pValue(x.pHolm()),
                    h.degreesOfFreedom(), h.expectedCountsAdequate() ? "" : "; some expected counts below 5"));
        }
        md.append("\n");
    }
}

package richelieu.runner.report.readme;

import richelieu.runner.answers.BalanceAnswer;
import richelieu.runner.studystats.BalanceStats;

import java.util.List;
import java.util.Locale;

import static richelieu.runner.text.Format.bonus;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.signed;

/**
 * "A fair compensation for the second player": per bot and variant, the fair bonus for seat 1
 * with its interval and seat 0's score with it — the figures {@code balance} prints — and the curve
 * of seat 0's expected score by bonus.
 */
final class CompensationSection {
    private CompensationSection() {
    }

    static void write(StringBuilder md, List<BalanceAnswer.Bot> all) {
        List<BalanceStats.Compensation.CurvePoint> head = null;
        for (BalanceAnswer.Bot b : all) {
            if (b.base().compensation() != null) {
                head = b.base().compensation().curve();
                break;
            }
        }
        if (head == null) {
            return;
        }
        md.append("#### A fair compensation for the second player\n\n");
        md.append("What bonus for seat 1 makes the game fair, from the recorded score margins of the games above (no new "
                + "games): the bonus in half points that brings seat 0's expected score (win 1, tie ½) closest to 50%, with "
                + "its 95% interval (the distribution-free interval of the median margin, ±½ point), and seat 0's score with "
                + "it. A half-point bonus leaves no tie; at a whole point a margin equal to the bonus counts as a tie (the "
                + "game's tie-break on cards is not in the margins). Then seat 0's expected score for each bonus, with "
                + "pointwise 95% score intervals.\n\n| bot | variant | fair bonus for seat 1 | seat 0 scores with it |");
        for (BalanceStats.Compensation.CurvePoint p : head) {
            md.append(" b = ").append(bonus(p.bonus())).append(" |");
        }
        md.append("\n|---|---|---|---|").append("---|".repeat(head.size())).append("\n");
        for (BalanceAnswer.Bot b : all) {
            List<BalanceAnswer.Figures> figures = List.of(b.base(), b.threeRow());
            for (int v = 0; v < 2; v++) {
                BalanceStats.Compensation c = figures.get(v).compensation();
                if (c == null) {
                    continue;
                }
                md.append("| ").append(b.bot()).append(" | ").append(BalanceAnswer.VARIANTS.get(v)).append(" | ")
                        .append(fairBonus(c)).append(" | ").append(pct(c.seat0ScoreAfter())).append(" |");
                for (BalanceStats.Compensation.CurvePoint p : c.curve()) {
                    md.append(' ').append(pct(p.seat0Score())).append(' ').append(pctInterval(p.interval())).append(" |");
                }
                md.append("\n");
            }
        }
        md.append("\n");
    }

    /** "+0.5 [-0.5, +1.5]", or below 6 games "+7.0 (its 95% interval needs at least 6 games)". */
    static String fairBonus(BalanceStats.Compensation c) {
        return signed(c.points(), 1) + " " + (Double.isNaN(c.interval().low()) ? "(its 95% interval needs at least 6 games)"
                : String.format(Locale.ROOT, "[%s, %s]", signed(c.interval().low(), 1), signed(c.interval().high(), 1)));
    }
}

package richelieu.runner.report.readme;

import richelieu.runner.answers.SkillLuckAnswer;

import java.util.Locale;

import static richelieu.runner.text.Format.pValue;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.ppInterval;
import static richelieu.runner.text.Format.signed;

/** "Skill or luck: does the three-row variant change how often the stronger bot wins?" */
final class SkillLuckSection {
    private SkillLuckSection() {
    }

    static void write(StringBuilder md, SkillLuckAnswer a) {
        if (a.family() == 0) {
            return;
        }
        md.append("### Skill or luck: does the three-row variant change how often the stronger bot wins?\n\n");
        md.append("Each deal played under both variants with the same seats and bot random streams; the change of the "
                + "first bot's score is paired by deal (95% interval, paired t-test; Holm-corrected over the matches). A "
                + "variant that cuts the stronger bot's edge leaves more to luck.\n\n");
        md.append("| match | score base | score three-row | base − three-row (paired) | p (Holm) | reading | deals |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (SkillLuckAnswer.Match m : a.matches()) {
            md.append(String.format(Locale.ROOT, "| %s vs %s | %s | %s | %s pp %s | %s | %s | %,d |\n", m.a(), m.b(),
                    pct(m.base().score()), pct(m.threeRow().score()), signed(100 * m.change().firstBotScoreBaseMinusThreeRow(), 2),
                    ppInterval(m.change().interval()), pValue(m.pHolm()), m.reading().words(), m.change().deals()));
        }
        md.append("\n");
    }
}

package richelieu.runner.answers;

import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.Holm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Skill or luck: does the three-row variant change how often the stronger bot wins? Every match
 * played under both variants on the same deals ({@code match --both-variants}): the first bot's
 * score in each, the paired change (its study's {@link StudyStatistics.MatchVariants.Change}),
 * Holm-corrected over the matches, and what it means.
 *
 * @param matches the matches with a paired change, in the studies' order
 * @param family  the matches the correction is over (those without a change included, as NaN)
 */
public record SkillLuckAnswer(List<Match> matches, int family) {

    /** What a match's paired change says. */
    public enum Reading {
        NO_MEASURABLE_CHANGE("no measurable change at this sample"),
        CHANGES_NOT_AHEAD("the first bot's score changes (it is not ahead in both variants)"),
        MORE_LUCK("the three-row variant cuts the stronger bot's edge: more luck"),
        MORE_SKILL("the three-row variant widens the stronger bot's edge: more skill");

        private final String words;

        Reading(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** One match: its bots, the first bot's score per variant, the paired change with its Holm-adjusted p. */
    public record Match(Source from, String a, String b, MatchStats base, MatchStats threeRow,
                        StudyStatistics.MatchVariants.Change change, double pHolm, Reading reading) {
    }

    public static SkillLuckAnswer of(Collection<Source> sources) {
        List<Source> found = sources.stream().filter(r -> r.stats() instanceof StudyStatistics.MatchVariants).toList();
        double[] p = found.stream().mapToDouble(r -> {
            StudyStatistics.MatchVariants.Change c = ((StudyStatistics.MatchVariants) r.stats()).change();
            return c == null ? Double.NaN : c.p();
        }).toArray();
        double[] holm = Holm.adjust(p);
        List<Match> out = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            StudyStatistics.MatchVariants m = (StudyStatistics.MatchVariants) found.get(i).stats();
            List<String> bots = found.get(i).bots();
            List<MatchStats> v = new ArrayList<>(m.variants().values());
            StudyStatistics.MatchVariants.Change c = m.change();
            if (c == null || v.size() != 2) {
                continue;
            }
            boolean stronger = v.get(0).score() > 0.5 && v.get(1).score() > 0.5;
            Reading reading = !(holm[i] < 0.05) ? Reading.NO_MEASURABLE_CHANGE
                    : !stronger ? Reading.CHANGES_NOT_AHEAD
                    : c.firstBotScoreBaseMinusThreeRow() > 0 ? Reading.MORE_LUCK : Reading.MORE_SKILL;
            out.add(new Match(found.get(i), bots.get(0), bots.get(1), v.get(0), v.get(1), c, holm[i], reading));
        }
        return new SkillLuckAnswer(List.copyOf(out), found.size());
    }
}

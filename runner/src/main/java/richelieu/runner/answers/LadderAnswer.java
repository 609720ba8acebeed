package richelieu.runner.answers;

import richelieu.runner.studystats.BotRating;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.PooledRatings;
import richelieu.runner.studystats.ScoreEstimate;
import richelieu.runner.studystats.StudyStatistics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which bot is strongest, and by how much? The first 2-player tournament (the ladder): its
 * Bradley–Terry ratings, each step head to head against the next bot below; the first match of one
 * bot at two settings (e.g. ISMCTS at two budgets); and the other 2-player matches.
 *
 * <p>Studies that extend the ladder ({@link Source#extendsLadder}) add bots without replaying it:
 * their games and the ladder's are pooled into one rating list (as {@code richelieu ratings} pools
 * result files), which the report fits and passes in ({@link PooledRatings}); a bot's steps are then read
 * from whichever of these studies it met the next bot below in.
 *
 * @param ladder         the ladder's study, or null without one
 * @param extensions     the studies whose games join the ladder's ratings (empty: the ladder's own fit)
 * @param ratings        best first; empty when the ladder has none
 * @param notIdentified  why the games do not identify ratings, or ""
 * @param steps          per rating, the head to head against the next bot below (null for the last, or where they did not meet)
 * @param budgetMatch    the match of one bot at two settings, or null
 * @param otherMatches   the other matches with statistics, in the studies' order
 */
public record LadderAnswer(Source ladder, List<Source> extensions, List<BotRating> ratings, String notIdentified,
                           List<Head> steps, Source budgetMatch, List<Source> otherMatches) {

    /** a's result against b: score and Elo with their intervals (pentanomial when the games came in pairs). */
    public record Head(String a, String b, double score, double lo, double hi, double elo, double eloLo, double eloHi,
                       long games) {
    }

    /** The ladder: the first 2-player tournament that does not extend another; null if none. */
    public static Source ladderOf(Collection<Source> sources) {
        return sources.stream().filter(r -> r.is("tournament", 2) && !r.extendsLadder()).findFirst().orElse(null);
    }

    /** The studies that extend the ladder, in the plan's order (none without a ladder). */
    public static List<Source> extensionsOf(Collection<Source> sources) {
        return ladderOf(sources) == null ? List.of() : sources.stream().filter(Source::extendsLadder).toList();
    }

    /** The ladder with its own ratings (extensions are then left out). */
    public static LadderAnswer of(Collection<Source> sources) {
        return of(sources, null);
    }

    /** The ladder with the pooled ratings of it and its extensions, or, if {@code pooled} is null, its own. */
    public static LadderAnswer of(Collection<Source> sources, PooledRatings pooled) {
        Source ladder = ladderOf(sources);
        List<Source> extensions = pooled == null ? List.of() : extensionsOf(sources);
        List<BotRating> ratings;
        String notIdentified;
        if (pooled != null && ladder != null) {
            ratings = pooled.ratings();
            notIdentified = pooled.notIdentified();
        } else {
            ratings = ladder != null && ladder.stats() instanceof StudyStatistics.Tournament t
                    && t.ratings() != null ? t.ratings() : List.of();
            notIdentified = ladder != null && ladder.stats() instanceof StudyStatistics.Tournament t
                    && t.ratingsNotIdentified() != null ? t.ratingsNotIdentified() : "";
        }
        List<Source> met = played(ladder, extensions);
        List<Head> steps = new ArrayList<>();
        for (int i = 0; i < ratings.size(); i++) {
            steps.add(i + 1 < ratings.size() ? pairwise(met, ratings.get(i).bot(), ratings.get(i + 1).bot()) : null);
        }
        Source budget = sources.stream().filter(r -> r.is("match", 2) && r.bots().stream()
                .map(b -> b.split(":", 2)[0]).distinct().count() == 1).findFirst().orElse(null);
        List<Source> others = new ArrayList<>();
        for (Source m : sources) {
            if (m != budget && m.is("match", 2) && m.stats() instanceof StudyStatistics.Match stats && stats.match() != null) {
                others.add(m);
            }
        }
        return new LadderAnswer(ladder, extensions, ratings, notIdentified, java.util.Collections.unmodifiableList(steps),
                budget != null && budget.stats() instanceof StudyStatistics.Match s && s.match() != null ? budget : null,
                List.copyOf(others));
    }

    /**
     * Whether the games put the top bot above the runner-up: its head-to-head score's interval
     * lies above 50% (a lone rated bot is the top trivially). Bradley–Terry orders every bot, but a
     * rating ahead by less than the noise does not make a bot the stronger one.
     */
    public boolean topIsClear() {
        if (ratings.size() < 2) {
            return true;
        }
        Head h = steps.get(0);
        return h != null && h.lo() > 0.5;
    }

    /** The ladder's rating of each bot (empty without a ladder). */
    public Map<String, Double> elo() {
        Map<String, Double> elo = new LinkedHashMap<>();
        for (BotRating x : ratings) {
            elo.put(x.bot(), x.elo());
        }
        return elo;
    }

    /** A bot's rating on the ladder, or null. */
    public BotRating rating(String bot) {
        return ratings.stream().filter(x -> x.bot().equals(bot)).findFirst().orElse(null);
    }

    /**
     * a's result against b from the pairwise list of the ladder, or else of the first extension they
     * met in (pentanomial if present); null if they did not meet.
     */
    public Head head(String a, String b) {
        return pairwise(played(ladder, extensions), a, b);
    }

    /** The studies whose games the ratings are from: the ladder first. */
    private static List<Source> played(Source ladder, List<Source> extensions) {
        List<Source> all = new ArrayList<>();
        if (ladder != null) {
            all.add(ladder);
        }
        all.addAll(extensions);
        return all;
    }

    /** The match of a match study: its first bot against its second. */
    public static MatchStats match(Source m) {
        return ((StudyStatistics.Match) m.stats()).match();
    }

    private static Head pairwise(List<Source> studies, String a, String b) {
        for (Source r : studies) {
            Head h = pairwise(r, a, b);
            if (h != null) {
                return h;
            }
        }
        return null;
    }

    private static Head pairwise(Source r, String a, String b) {
        List<MatchStats> pairwise = r != null && r.stats() instanceof StudyStatistics.Tournament t && t.pairwise() != null
                ? t.pairwise() : r != null && r.stats() instanceof StudyStatistics.Match m && m.match() != null
                ? List.of(m.match()) : List.of();
        for (MatchStats p : pairwise) {
            boolean forward = a.equals(p.a()) && b.equals(p.b());
            boolean backward = b.equals(p.a()) && a.equals(p.b());
            if (!forward && !backward) {
                continue;
            }
            ScoreEstimate s = p.bestEstimate();
            double score = s.score();
            double lo = s.scoreInterval().low();
            double hi = s.scoreInterval().high();
            double elo = s.elo();
            double eloLo = s.eloInterval().low();
            double eloHi = s.eloInterval().high();
            if (backward) {
                return new Head(a, b, 1 - score, 1 - hi, 1 - lo, -elo, -eloHi, -eloLo, p.games());
            }
            return new Head(a, b, score, lo, hi, elo, eloLo, eloHi, p.games());
        }
        return null;
    }
}

package richelieu.runner.report.readme;

import richelieu.runner.answers.BalanceAnswer;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.distance.PairedComparison;
import richelieu.runner.answers.ConvergenceAnswer;
import richelieu.runner.answers.FirstPlayerAnswer;
import richelieu.runner.answers.LadderAnswer;
import richelieu.runner.answers.SeatOrderAnswer;
import richelieu.runner.answers.StrongPlayAnswer;
import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.PValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static richelieu.runner.text.Format.budgets;
import static richelieu.runner.text.Format.eloInterval;
import static richelieu.runner.text.Format.pValue;
import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.signed;
import static richelieu.runner.text.Format.verdictIntervals;

/**
 * "In brief: strong play": the three answers for the strong bot in plain words, each with its
 * interval, sample size and exact command — the first player's edge, the seat order with 3 and 4
 * players, and the three-row verdict (the strong bot's test alone: it is the question asked in
 * advance) — and
 * whether the answers move with playing strength (the convergence section's verdict), and how
 * close to perfect play the strongest bot the distance study measured is.
 */
final class InBriefSection {
    private InBriefSection() {
    }

    static void write(StringBuilder md, StrongPlayAnswer a, BalanceAnswer balance, ConvergenceAnswer convergence,
                      LadderAnswer ladder, DistanceResult distance, Map<String, String> inProgress) {
        md.append("## In brief: strong play\n\n");
        String budget = budgets(List.of(a.bot()));
        md.append("The strong bot: ").append(budget, 0, budget.length() - 1).append(". ").append(place(a)).append("\n\n");
        md.append("1. *Does the first player have an advantage?* ").append(a.firstPlayer() != null
                ? from(a, a.firstPlayer().bot()) + first(a.firstPlayer())
                : "Not measured yet (no complete 2-player first-player study of these bots).").append("\n");
        List<String> multi = new ArrayList<>();
        for (SeatOrderAnswer.Row r : a.seatOrder()) {
            multi.add(seatOrder(r, r.bot().equals(a.bot()) ? "" : " (`" + r.bot() + "`)"));
        }
        md.append("2. *With 3 and 4 players, does the seat order matter?* ").append(multi.isEmpty()
                ? "Not measured yet (no complete 3- or 4-player study of these bots)." : String.join("; ", multi) + ".")
                .append("\n");
        md.append("3. *Is the three-row variant better balanced?* ").append(a.balance() != null
                ? from(a, a.balance().bot()) + balance(a.balance(), a.verdict(), balance.family())
                : "Not measured yet (no complete balance study of these bots).").append("\n");
        String converges = ConvergenceSection.brief(convergence);
        md.append("4. *Does the answer converge as play gets stronger?* ").append(converges != null ? converges
                : "Not measured yet (no bot rated on the ladder has a 2-player first-player or balance study).")
                .append(" (*Does the answer converge as play gets stronger?* below.)\n");
        md.append("5. *How close to perfect play is the strongest bot?* ").append(perfectPlay(ladder == null ? List.of() : ladder.ratings(), distance))
                .append("\n\n");
        if (!inProgress.isEmpty()) {
            List<String> parts = new ArrayList<>();
            inProgress.forEach((id, status) -> parts.add("`" + id + "` " + status));
            md.append("*In progress* (partial result files; `./richelieu report` resumes them): ")
                    .append(String.join(", ", parts)).append(".\n\n");
        }
        md.append("\"Equally balanced\" is claimed only when the equivalence test (TOST) rejects a difference of ±")
                .append(BalanceSection.margin(balance)).append(" pp; \"inconclusive\" means the sample can tell neither. The "
                        + "sections below give every bot and the other questions.\n\n");
    }

    /**
     * The distance study's answer for the strongest bot on the ladder that it measured (saying so
     * when that is not the ladder's top): its share of decisions that give away game value and its
     * mean points lost, with their intervals, and what the paired tests on the same positions say
     * of it against the bot that gives value away least often.
     */
    static String perfectPlay(List<BotRating> ratings, DistanceResult distance) {
        if (distance == null) {
            return "Not measured yet (no distance study in results/distance/).";
        }
        BotRating measured = ratings.stream().filter(r -> distance.bots().contains(r.bot()))
                .min(java.util.Comparator.comparingInt(BotRating::rank)).orElse(null);
        if (measured == null) {
            return "Not measured yet (the distance study measured none of the ladder's bots).";
        }
        BotRating top = ratings.stream().min(java.util.Comparator.comparingInt(BotRating::rank)).orElseThrow();
        String bot = measured.bot();
        DistanceResult.Cell c = distance.cell(bot, DistanceResult.ALL);
        if (c.decisions() == 0) {
            return "Not measured yet (the distance study holds no decision of `" + bot + "`).";
        }
        List<Integer> cards = distance.cards().stream().sorted().toList();
        String who = top.bot().equals(bot) ? "`" + bot + "`, the strongest on the ladder,"
                : String.format(Locale.ROOT, "`%s` (rank %d of %d on the ladder; the strongest, %s, was not measured)", bot,
                measured.rank(), ratings.size(), top.bot());
        int fewest = cards.get(0);
        int most = cards.get(cards.size() - 1);
        String table = fewest == most ? fewest + " cards" : fewest + " to " + most + " cards";
        String positions = c.decisions() == 1 ? "1 position" : String.format(Locale.ROOT, "%,d positions", c.decisions());
        return String.format(Locale.ROOT, "%s gives away game value in %s of its decisions with %s on the table and "
                        + "loses %s points per decision, against the exact solver of the open game (%s)%s. (*How far is "
                        + "each bot from perfect play?* below.)", who, DistanceResult.share(c), table,
                DistanceResult.points(c), positions, paired(distance.pairs(), bot));
    }

    /** What the paired tests say of {@code bot} against the bot that gives away value least often: "; ...", or "". */
    private static String paired(List<PairedComparison> pairs, String bot) {
        if (pairs.isEmpty()) {
            return "";
        }
        String leader = pairs.get(0).leader();
        if (leader.equals(bot)) {
            List<String> level = pairs.stream().filter(p -> !p.leaderBetter()).map(PairedComparison::other).toList();
            return level.isEmpty() ? "; paired on the same positions, it gives away value less often than every other "
                    + "bot measured"
                    : "; paired on the same positions, no bot measured gives away value less often, and " + level.size()
                    + (level.size() == 1 ? " is" : " are") + " not told apart from it (" + String.join(", ", level) + ")";
        }
        PairedComparison own = pairs.stream().filter(p -> p.other().equals(bot)).findFirst().orElseThrow();
        return own.leaderBetter() ? "; paired on the same positions, " + leader + " gives away value less often"
                : "; paired on the same positions, it is not told apart from " + leader + ", which gives away value least "
                + "often in this sample";
    }

    /**
     * Where the strong bot stands: its rank on the ladder when it is rated there (and the top bot if
     * that is another), else a pointer to the head-to-head matches.
     */
    private static String place(StrongPlayAnswer a) {
        BotRating own = a.rating();
        if (own == null) {
            return "How it fares against the other bots: the head-to-head matches under *Which bot is strongest* below.";
        }
        String place = String.format(Locale.ROOT, "On the ladder it ranks %d of %d (Bradley–Terry %s Elo %s)", own.rank(),
                a.ladderSize(), signed(own.elo(), 0), eloInterval(own.interval()));
        BotRating top = a.top();
        BotRating shared = a.sharedTop();
        if (shared != null) {
            String other = top.bot().equals(a.bot()) ? shared.bot() : shared.bot().equals(a.bot()) ? top.bot() : null;
            if (other != null) {
                return place + ": it shares the top there with " + other + ", which these games do not tell apart from it.";
            }
            return place + String.format(Locale.ROOT, "; %s (%s Elo %s) and %s (%s Elo %s) share the top there, which "
                            + "these games do not tell apart. The studies keep the strong bot they were run with; *Which bot "
                            + "is strongest* below has every step.", top.bot(), signed(top.elo(), 0), eloInterval(top.interval()),
                    shared.bot(), signed(shared.elo(), 0), eloInterval(shared.interval()));
        }
        if (top.bot().equals(a.bot())) {
            return place + ": it is the strongest bot there.";
        }
        LadderAnswer.Head head = a.topVsBot();
        // the same bot with other settings (a larger budget, say): the answers are still this bot's, and say so
        boolean sameBot = top.bot().split(":", 2)[0].equals(a.bot().split(":", 2)[0]);
        return place + String.format(Locale.ROOT, "; the strongest there is %s%s (%s Elo %s%s). %s; *Which bot is "
                        + "strongest* below has every step.", top.bot(), sameBot ? ", the same bot with other settings" : "",
                signed(top.elo(), 0), eloInterval(top.interval()), head == null ? ""
                        : String.format(Locale.ROOT, "; head to head it scores %s %s against %s", pct(head.score()),
                                pctInterval(head.lo(), head.hi()), own.bot()),
                sameBot ? "The answers here are " + a.bot() + "'s, at the budget its studies could afford"
                        : "The studies keep the strong bot they were run with");
    }

    /**
     * Where a 2-player answer comes from another strong bot than the lead (whose study is not
     * complete), says which and where it stands; else nothing.
     */
    private static String from(StrongPlayAnswer a, String bot) {
        if (bot.equals(a.bot())) {
            return "";
        }
        BotRating r = a.ratings().get(bot);
        return String.format(Locale.ROOT, "From `%s`%s, as %s has no complete study of this yet: ", bot, r == null ? ""
                : String.format(Locale.ROOT, " (rank %d of %d on the ladder)", r.rank(), a.ladderSize()), a.bot());
    }

    private static String first(FirstPlayerAnswer.Bot a) {
        String verdict = a.interval().low() > 0.5 ? "**Yes, the first player has an edge:**"
                : a.interval().high() < 0.5 ? "**No, the second player has the edge:**"
                : "**No measurable edge for either player:**";
        return String.format(Locale.ROOT, "%s seat 0 wins %s %s of decisive 2-player games (%s pp; %,d games, %,d decisive; "
                        + "exact binomial test %s). Command: `%s`", verdict, pct(a.share()), pctInterval(a.interval()),
                signed(a.pp(), 1), a.games(), a.decisive(), PValue.text(a.p(), 3), a.from().command());
    }

    /** @param who after "with N players": the bot when it is not the lead bot, else empty */
    private static String seatOrder(SeatOrderAnswer.Row r, String who) {
        if (r.shares() == null) {
            return String.format(Locale.ROOT, "with %d players%s not compared (%,d of %,d games forfeited). Command: `%s`",
                    r.players(), who, r.forfeits(), r.games(), r.from().command());
        }
        StringBuilder seats = new StringBuilder();
        for (int s = 0; s < r.players(); s++) {
            SeatStats.SeatShare share = r.shares().get(s);
            seats.append(s == 0 ? "" : ", ").append("seat ").append(s).append(' ').append(pct(share.shareOfSoleWins()))
                    .append(' ').append(pctInterval(share.interval()));
        }
        double p = r.p();
        return String.format(Locale.ROOT, "with %d players%s %s: share of the games won alone: %s (fair: %s each; "
                        + "simultaneous 95%% intervals; chi-square test of equal seats %s; %,d games). Command: `%s`",
                r.players(), who, p < 0.05 ? "**the seat order matters**" : "**no measurable seat effect**", seats,
                pct(1.0 / r.players()), PValue.text(p, 3), r.games(), r.from().command());
    }

    private static String balance(BalanceAnswer.Bot b, BalanceVerdict v, int family) {
        BalanceStats.Verdict own = b.stats().verdict();
        String margin = own == null ? BalanceStats.marginWords(BalanceStats.DEFAULT_MARGIN) : BalanceStats.marginWords(own.margin());
        String words = v.kind().words(margin);
        // Both tests can reject: a difference shown to exist and shown to be smaller than the margin.
        boolean small = v.kind() != BalanceVerdict.Kind.EQUALLY_BALANCED && v.kind() != BalanceVerdict.Kind.INCONCLUSIVE
                && v.pEquivalence() < BalanceStats.ALPHA;
        words += small ? ", by less than ±" + margin + " pp (the equivalence test rejects a difference that large)" : "";
        return String.format(Locale.ROOT, "**%s:** seat 0 scores %s in the base game and %s in the three-row variant, "
                        + "base − three-row %s pp (%s; TOST p %s, difference p %s; %,d deals, each played under both rule "
                        + "sets). This bot was named in advance (`strongBot` in results/studies.json), so this is one test at "
                        + "5%%%s. Command: `%s`",
                Character.toUpperCase(words.charAt(0)) + words.substring(1), pct(b.base().score()), pct(b.threeRow().score()),
                signed(100 * b.difference(), 2), verdictIntervals(v.intervals(b.differences(), BalanceStats.ALPHA), margin),
                pValue(v.pEquivalence()), pValue(v.pDifference()), b.deals(), family < 2 ? ""
                        : String.format(Locale.ROOT, ", not corrected for the %d bots of the table below (there the same bot's "
                        + "verdict is Holm-corrected over them)", family), b.from().command());
    }
}

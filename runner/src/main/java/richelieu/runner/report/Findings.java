package richelieu.runner.report;

import richelieu.engine.Deck;
import richelieu.runner.play.Histogram;
import richelieu.runner.play.Tally;
import richelieu.runner.results.BalanceStats;
import richelieu.runner.results.BotRating;
import richelieu.runner.results.MatchStats;
import richelieu.runner.results.MeanStats;
import richelieu.runner.results.ScoreEstimate;
import richelieu.runner.results.SeatStats;
import richelieu.runner.results.StoredResult;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.CompensationCurve;
import richelieu.runner.stats.Holm;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.runner.stats.PairedEquivalence;
import richelieu.runner.stats.SeatHomogeneityTest;
import richelieu.runner.stats.SeatWinTest;
import richelieu.runner.stats.SimultaneousProportions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns the studies' result files into results/: one Markdown page per study (command, seed,
 * machine, date, plots, the full text output) and results/README.md, which answers the
 * questions in plain words first — sentences generated from the numbers, so that they stay true
 * when the studies are rerun — and gives the numbers after.
 */
public final class Findings {
    /** A study's result: its config entry, the exact command, the result file and the text output. */
    public record Run(StudyPlan.Study study, String command, StoredResult result, String text, RunTimes times,
                      boolean playedNow) {
        /** A run without recorded run times, not played by this report. */
        public Run(StudyPlan.Study study, String command, StoredResult result, String text) {
            this(study, command, result, text, new RunTimes(List.of()), false);
        }

        StudyStatistics stats() {
            return result.statistics();
        }

        long seed() {
            return result.config().seed();
        }

        String deck() {
            return result.config().deck().name();
        }

        /** The deck's short name: its name up to the first space or colon ("standard", "flat"). */
        String deckLabel() {
            return deckLabel(result.config().deck());
        }

        static String deckLabel(Deck deck) {
            String name = deck.name();
            int end = name.length();
            for (char c : new char[]{' ', ':'}) {
                int i = name.indexOf(c);
                end = i >= 0 ? Math.min(end, i) : end;
            }
            return name.substring(0, end);
        }

        boolean standardDeck() {
            return result.config().deck().cards().equals(Deck.standard().cards());
        }

        boolean is(String command, int players) {
            return result.command().equals(command) && result.players() == players;
        }
    }

    private final Map<StudyPlan.Study, Run> runs;
    private final Path dir;
    private final boolean quick;
    private final String machine;
    private final String date;
    private final List<Path> written = new ArrayList<>();

    /** Studies with a partial result file: id to "k of n games", and their run times so far. */
    private final Map<String, String> inProgress = new LinkedHashMap<>();
    private final Map<String, RunTimes> inProgressTimes = new LinkedHashMap<>();

    /** Notes a study whose result file is partial (not in the answers; in the status and the costs). */
    public Findings inProgress(String id, String status, RunTimes times) {
        inProgress.put(id, status);
        inProgressTimes.put(id, times);
        return this;
    }

    /** The bot the README's opening answers are about (the study plan's "strongBot"); null: no such section. */
    private final String strongBot;

    public Findings(Map<StudyPlan.Study, Run> runs, Path dir, boolean quick, String machine, String date) {
        this(runs, dir, quick, machine, date, null);
    }

    public Findings(Map<StudyPlan.Study, Run> runs, Path dir, boolean quick, String machine, String date, String strongBot) {
        this.strongBot = strongBot;
        this.runs = runs;
        this.dir = dir;
        this.quick = quick;
        this.machine = machine;
        this.date = date;
    }

    // The studies each answer reads are picked by their kind and config, in the order of the study plan.

    /** 2-player first-player results on the standard deck: the seat advantage of every bot studied. */
    static List<Run> selfPlaySeatRuns(Collection<Run> runs) {
        return runs.stream().filter(r -> r.is("first-player", 2) && r.standardDeck()).toList();
    }

    /** Balance results on the standard deck. */
    static List<Run> balanceRuns(Collection<Run> runs) {
        return runs.stream().filter(r -> r.is("balance", 2) && r.standardDeck()).toList();
    }

    /** The first 2-player tournament: the ladder. */
    private Run ladder() {
        return runs.values().stream().filter(r -> r.is("tournament", 2)).findFirst().orElse(null);
    }

    /** The first match of one bot at two settings (e.g. ISMCTS at two budgets). */
    private Run budgetMatch() {
        return runs.values().stream().filter(r -> r.is("match", 2) && r.result().config().labels().stream()
                .map(b -> b.split(":", 2)[0]).distinct().count() == 1).findFirst().orElse(null);
    }

    /**
     * A kind of 2-player study by deck short name (decks in order of first appearance), with only
     * the bots studied on more than one deck: what can show whether a conclusion depends on the deck.
     */
    static <T> Map<String, List<T>> byDeck(Collection<Run> runs, String command, Function<Run, List<T>> of,
                                          Function<T, String> bot) {
        Map<String, List<T>> all = new LinkedHashMap<>();
        Map<String, Set<String>> decksOf = new LinkedHashMap<>();
        for (Run r : runs) {
            if (r.is(command, 2)) {
                for (T x : of.apply(r)) {
                    all.computeIfAbsent(r.deckLabel(), k -> new ArrayList<>()).add(x);
                    decksOf.computeIfAbsent(bot.apply(x), k -> new LinkedHashSet<>()).add(r.deckLabel());
                }
            }
        }
        Map<String, List<T>> out = new LinkedHashMap<>();
        all.forEach((deck, xs) -> {
            List<T> several = xs.stream().filter(x -> decksOf.get(bot.apply(x)).size() > 1).toList();
            if (!several.isEmpty()) {
                out.put(deck, several);
            }
        });
        return out;
    }

    /** Writes everything; returns the files written. */
    public List<Path> write() throws IOException {
        Map<String, List<String>> plots = Plots.draw(runs, dir, written);
        for (Run r : runs.values()) {
            writeStudy(r, plots.getOrDefault(r.study().id(), List.of()));
        }
        writeReadme(plots);
        return written;
    }

    // ================================================================== per study

    private void writeStudy(Run r, List<String> plotFiles) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(r.study().title()).append("\n\n");
        if (!r.study().question().isEmpty()) {
            md.append("**Question.** ").append(r.study().question()).append("\n\n");
        }
        md.append("**Command** (master seed ").append(r.seed()).append("):\n\n```\n").append(r.command()).append("\n```\n\n");
        if (!r.study().note().isEmpty()) {
            md.append("**Note.** ").append(r.study().note()).append("\n\n");
        }
        md.append("**Bots and budgets:** ").append(budgets(r.result().config().labels())).append("\n\n");
        md.append("**Deck:** ").append(r.deck()).append(". Results do not depend on the machine or on `--threads`; only "
                + "the time does.\n\n");
        md.append(r.times().sentence()).append("\n\n");
        md.append(r.playedNow() ? "The report played this study's games on " + date + ".\n\n"
                : "**Cached:** the result file is complete and its command unchanged, so `./richelieu report` rewrote this "
                        + "page from it on " + date + " (" + machine + ") without playing games (`--force` replays them).\n\n");
        for (String p : plotFiles) {
            md.append("![").append(p).append("](").append(p).append(".png)  \n");
            md.append("([SVG](").append(p).append(".svg))\n\n");
        }
        md.append("Raw counts and every statistic: [").append(r.study().id()).append(".json](").append(r.study().id())
                .append(".json).\n\n```text\n").append(r.text().strip()).append("\n```\n");
        Path f = dir.resolve(r.study().id() + ".md");
        Files.writeString(f, md.toString());
        written.add(f);
    }

    /**
     * The bots with their per-decision budgets, read from their specs: an iteration budget is
     * reproducible by seed, a time budget is not; a bot without either has no search budget.
     */
    static String budgets(List<String> labels) {
        List<String> out = new ArrayList<>();
        for (String label : labels) {
            java.util.regex.Matcher it = java.util.regex.Pattern.compile("(?:^|[:,])iterations=(\\d+)").matcher(label);
            java.util.regex.Matcher ms = java.util.regex.Pattern.compile("(?:^|[:,])millis=(\\d+)").matcher(label);
            String budget = it.find() ? String.format(Locale.ROOT, "%,d search iterations per decision, whatever the time "
                    + "(reproducible by seed)", Long.parseLong(it.group(1)))
                    : ms.find() ? ms.group(1) + " ms of wall-clock time per decision (not reproducible)"
                    : "no search budget (a fixed rule, the same at any speed)";
            out.add("`" + label + "`: " + budget);
        }
        return String.join("; ", out) + ".";
    }

    // ================================================================== README

    private void writeReadme(Map<String, List<String>> plots) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Results").append(quick ? " (quick version: small samples, wide intervals)" : "").append("\n\n");
        md.append("Every number here comes from `./richelieu report").append(quick ? " --quick" : "")
                .append("`, which runs the studies of [`results/studies.json`](")
                .append(quick ? "../" : "").append("studies.json) with their fixed seeds; each study's page gives its exact "
                        + "command, seed, bot budgets, run time and full output. Intervals are 95%. Written on ")
                .append(machine).append(", ").append(date).append(".\n\n");
        inBrief(md);
        md.append("## The answers\n\n");
        for (String p : plots.getOrDefault(Plots.SUMMARY, List.of())) {
            md.append("![").append(p).append("](").append(p).append(".png) ");
        }
        if (plots.containsKey(Plots.SUMMARY)) {
            md.append("\n\n");
        }
        firstPlayerAnswer(md);
        multiPlayerAnswer(md);
        balanceAnswer(md);
        skillLuckAnswer(md);
        ladderAnswer(md);
        deckAnswer(md);
        runTimes(md);
        md.append("## The studies\n\n| study | question | command |\n|---|---|---|\n");
        for (Run r : runs.values()) {
            md.append("| [").append(r.study().title()).append("](").append(r.study().id()).append(".md) | ")
                    .append(r.study().question()).append(" | `").append(r.command().replace("|", "\\|")).append("` |\n");
        }
        md.append("\n## Plots\n\nEvery plot is also an SVG next to its PNG. Markers: estimates; lines: their intervals as they are, "
                + "asymmetric where the interval is (95%, except the equivalence chart's 90% intervals of the two one-sided "
                + "tests).\n\n");
        for (Map.Entry<String, List<String>> e : plots.entrySet()) {
            for (String p : e.getValue()) {
                md.append("- [").append(p).append("](").append(p).append(".png) ([SVG](").append(p).append(".svg))\n");
            }
        }
        Path f = dir.resolve("README.md");
        Files.writeString(f, md.toString());
        written.add(f);
    }

    // ------------------------------------------------------------------ in brief

    /**
     * The three answers for the strong bot in plain words, each with its interval, sample size and
     * exact command: the first player's edge, the seat order with 3 and 4 players, and the
     * three-row verdict (with the same Holm family as the balance section below).
     */
    private void inBrief(StringBuilder md) {
        if (strongBot == null) {
            return;
        }
        md.append("## In brief: strong play\n\n");
        String budget = budgets(List.of(strongBot));
        md.append("The strong bot: ").append(budget, 0, budget.length() - 1).append(". ").append(strongBotPlace())
                .append("\n\n");
        // 1. first player, 2 players, standard deck
        String first = null;
        for (Run r : selfPlaySeatRuns(runs.values())) {
            for (SelfPlaySeat a : seatAdvantages(r)) {
                if (a.bot().equals(strongBot)) {
                    String verdict = a.lo() > 0.5 ? "**Yes, the first player has an edge:**"
                            : a.hi() < 0.5 ? "**No, the second player has the edge:**"
                            : "**No measurable edge for either player:**";
                    first = String.format(Locale.ROOT, "%s seat 0 wins %s %s of decisive 2-player games (%s pp; %,d games, "
                                    + "%,d decisive; exact binomial test %s). Command: `%s`", verdict, pct(a.rate()),
                            pctInterval(a.lo(), a.hi()), signed(a.pp(), 1), a.games(), a.decisive(),
                            PValue.text(a.p(), 3), r.command());
                }
            }
        }
        md.append("1. *Does the first player have an advantage?* ").append(first != null ? first
                : "Not measured yet (no complete 2-player first-player study of this bot).").append("\n");
        // 2. seat order with 3 and 4 players
        List<String> multi = new ArrayList<>();
        for (Run r : runs.values()) {
            int b = r.result().config().labels().indexOf(strongBot);
            if (b < 0 || !r.result().command().equals("first-player") || r.result().players() < 3 || !r.standardDeck()) {
                continue;
            }
            int players = r.result().players();
            Tally.SeatBlock block = r.result().tally().seat(0, b);
            long[] sole = new long[players];
            for (int s = 0; s < players; s++) {
                sole[s] = block.soleWins(s);
            }
            List<Interval> ci = SimultaneousProportions.goodman(sole, block.games(), 0.95);
            StringBuilder seats = new StringBuilder();
            for (int s = 0; s < players; s++) {
                seats.append(s == 0 ? "" : ", ").append("seat ").append(s).append(' ')
                        .append(pct(block.games() == 0 ? Double.NaN : sole[s] / (double) block.games())).append(' ')
                        .append(pctInterval(ci.get(s).low(), ci.get(s).high()));
            }
            double p = SeatWinTest.equalWinRates(sole).pValue();
            multi.add(String.format(Locale.ROOT, "with %d players %s: sole wins per game: %s (fair: %s each; simultaneous 95%% "
                            + "intervals; chi-square test of equal seats %s; %,d games). Command: `%s`", players,
                    block.forfeits() > 0 ? "not compared (forfeits)" : p < 0.05 ? "**the seat order matters**"
                            : "**no measurable seat effect**", seats, pct(1.0 / players), PValue.text(p, 3), block.games(),
                    r.command()));
        }
        md.append("2. *With 3 and 4 players, does the seat order matter?* ").append(multi.isEmpty()
                ? "Not measured yet (no complete 3- or 4-player study of this bot)." : String.join("; ", multi) + ".")
                .append("\n");
        // 3. three-row balance
        List<Balance> all = new ArrayList<>();
        List<Run> from = new ArrayList<>();
        for (Run r : balanceRuns(runs.values())) {
            for (Balance b : balances(r)) {
                all.add(b);
                from.add(r);
            }
        }
        String balance = null;
        List<BalanceVerdict> verdicts = balanceVerdicts(all);
        String margin = String.format(Locale.ROOT, "%.1f", 100 * BALANCE_MARGIN);
        for (int i = 0; i < all.size(); i++) {
            Balance b = all.get(i);
            if (!b.bot().equals(strongBot)) {
                continue;
            }
            BalanceVerdict v = verdicts.get(i);
            Interval tost = b.test().equivalenceInterval();
            balance = String.format(Locale.ROOT, "**%s.** Seat 0 scores %s in the base game and %s in the three-row variant; "
                            + "the paired difference base − three-row is %s pp %s (90%% interval %s against the margin ±%s pp; "
                            + "TOST p %s, difference p %s, both Holm-corrected over the %d bots studied; %,d deals, each "
                            + "played under both rule sets). Command: `%s`",
                    capitalized(v.kind().words(margin)), pct(b.base().score()), pct(b.three().score()),
                    signed(100 * b.diff(), 2), ppInterval(100 * b.diffLo(), 100 * b.diffHi()),
                    ppInterval(100 * tost.low(), 100 * tost.high()), margin, pValue(v.pEquivalence()),
                    pValue(v.pDifference()), all.size(), b.test().n(), from.get(i).command());
        }
        md.append("3. *Is the three-row variant better balanced?* ").append(balance != null ? balance
                : "Not measured yet (no complete balance study of this bot).").append("\n\n");
        if (!inProgress.isEmpty()) {
            List<String> parts = new ArrayList<>();
            inProgress.forEach((id, status) -> parts.add("`" + id + "` " + status));
            md.append("*In progress* (partial result files; `./richelieu report` resumes them): ")
                    .append(String.join(", ", parts)).append(".\n\n");
        }
        md.append("\"Equally balanced\" is claimed only when the equivalence test (TOST) rejects a difference of ±")
                .append(margin).append(" pp; \"inconclusive\" means the sample can tell neither. The sections below give "
                        + "every bot and the other questions.\n\n");
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The balance verdicts of a family of bots: TOST and the paired t-test, each Holm-corrected over the family. */
    private static List<BalanceVerdict> balanceVerdicts(List<Balance> all) {
        return BalanceVerdict.holm(all.stream().map(Balance::test).toList(),
                all.stream().mapToDouble(b -> b.base().score()).toArray(),
                all.stream().mapToDouble(b -> b.three().score()).toArray(), 0.05);
    }

    /** The CPU time of the studies whose run times are recorded, and which have none. */
    private void runTimes(StringBuilder md) {
        double cpu = 0;
        double wall = 0;
        List<String> timed = new ArrayList<>();
        List<String> untimed = new ArrayList<>();
        for (Run r : runs.values()) {
            if (r.times().runs().isEmpty()) {
                untimed.add(r.study().id());
            } else {
                cpu += r.times().cpuSeconds();
                wall += r.times().wallSeconds();
                timed.add(r.study().id() + " " + RunTimes.duration(r.times().cpuSeconds()));
            }
        }
        double partialCpu = 0;
        List<String> partial = new ArrayList<>();
        for (Map.Entry<String, RunTimes> e : inProgressTimes.entrySet()) {
            if (!e.getValue().runs().isEmpty()) {
                partialCpu += e.getValue().cpuSeconds();
                wall += e.getValue().wallSeconds();
                partial.add(e.getKey() + " " + RunTimes.duration(e.getValue().cpuSeconds()) + " so far");
            }
        }
        if (timed.isEmpty() && partial.isEmpty()) {
            return;
        }
        timed.addAll(partial);
        cpu += partialCpu;
        md.append("## What the studies cost\n\n");
        md.append(String.format(Locale.ROOT, "The studies with recorded run times took **%s of CPU** (user + sys, all "
                + "threads) in all, %s of wall time: %s.", RunTimes.duration(cpu), RunTimes.duration(wall),
                String.join(", ", timed)));
        if (!untimed.isEmpty()) {
            md.append(" No run time is recorded for ").append(String.join(", ", untimed))
                    .append(" (played before the report kept run times).");
        }
        md.append(" Each study page gives its own.\n\n");
    }

    // ------------------------------------------------------------------ first player

    private record SelfPlaySeat(String bot, double rate, double lo, double hi, double p, long decisive, long games,
                                double margin, double marginLo, double marginHi) {
        double pp() {
            return 100 * (rate - 0.5);
        }

    }

    /** Seat 0's advantage per bot of a 2-player first-player result. */
    private static List<SelfPlaySeat> seatAdvantages(Run r) {
        List<SelfPlaySeat> out = new ArrayList<>();
        if (!(r.stats() instanceof StudyStatistics.FirstPlayer f) || f.bots() == null) {
            return out;
        }
        for (Map.Entry<String, SeatStats> e : f.bots().entrySet()) {
            SeatStats b = e.getValue();
            SeatStats.Seat0 s0 = b.seat0();
            if (s0 == null) {
                continue; // not a 2-player game-level result
            }
            MeanStats m = b.margin();
            out.add(new SelfPlaySeat(e.getKey(), s0.winRateDecisive(), s0.winRateDecisiveInterval().low(),
                    s0.winRateDecisiveInterval().high(), s0.exactBinomialP(), b.decisive(), b.games(),
                    m == null ? Double.NaN : m.mean(), m == null ? Double.NaN : m.interval().low(),
                    m == null ? Double.NaN : m.interval().high()));
        }
        return out;
    }

    private void firstPlayerAnswer(StringBuilder md) {
        List<SelfPlaySeat> all = new ArrayList<>();
        selfPlaySeatRuns(runs.values()).forEach(r -> all.addAll(seatAdvantages(r)));
        if (all.isEmpty()) {
            return;
        }
        Map<String, Double> strength = ladderElo();
        all.sort(Comparator.comparingDouble(a -> strength.getOrDefault(a.bot(), 0.0)));
        md.append("### Does the first player have an advantage? How big? Does it depend on skill?\n\n");
        // One conclusion from one exact binomial test per bot: Holm-corrected over the family.
        double[] holm = Holm.adjust(all.stream().mapToDouble(SelfPlaySeat::p).toArray());
        long significant = 0;
        long against = 0;
        for (int i = 0; i < all.size(); i++) {
            if (holm[i] < 0.05) {
                if (all.get(i).rate() > 0.5) {
                    significant++;
                } else if (all.get(i).rate() < 0.5) {
                    against++;
                }
            }
        }
        String family = all.size() > 1 ? String.format(Locale.ROOT, " (exact binomial tests at 5%%, Holm-corrected over the %d bots)",
                all.size()) : " (exact binomial test at 5%)";
        StringBuilder list = new StringBuilder();
        for (SelfPlaySeat a : all) {
            list.append(list.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "**%s** %s %s of decisive games (%s pp)",
                    a.bot(), pct(a.rate()), pctInterval(a.lo(), a.hi()), signed(a.pp(), 1)));
        }
        if (significant == all.size()) {
            md.append("**Yes.** In 2-player self-play the player who moves first (seat 0) wins more often for every bot studied"
                    + family + ": ");
        } else if (significant > 0 && against == 0) {
            md.append(String.format(Locale.ROOT, "**Yes, a small one.** Seat 0 wins more often for %d of the %d bots studied%s; for "
                    + "the others the difference is not significant at their sample size. Seat 0's share of decisive 2-player "
                    + "self-play games: ", significant, all.size(), family));
        } else if (against > 0) {
            md.append("**Not for every bot — for some the second player is favoured**" + family + ". Seat 0's share of decisive "
                    + "games: ");
        } else {
            md.append("**No measurable advantage**" + family + ". Seat 0's share of decisive games: ");
        }
        md.append(list).append(".\n\n");
        if (all.size() > 1) {
            // Does the advantage depend on the bot? Chi-square test of homogeneity of seat 0's share across bots.
            long[][] table = new long[all.size()][2];
            for (int i = 0; i < all.size(); i++) {
                SelfPlaySeat a = all.get(i);
                table[i][0] = Math.round(a.rate() * a.decisive());
                table[i][1] = a.decisive() - table[i][0];
            }
            double p = new org.apache.commons.math3.stat.inference.ChiSquareTest().chiSquareTest(table);
            SelfPlaySeat most = all.stream().max(Comparator.comparingDouble(SelfPlaySeat::pp)).orElseThrow();
            SelfPlaySeat least = all.stream().min(Comparator.comparingDouble(SelfPlaySeat::pp)).orElseThrow();
            if (p < 0.05) {
                md.append(String.format(Locale.ROOT, "**It depends on the players** (chi-square test that seat 0's share is the same "
                        + "for every bot: %s): it is largest for %s (%s pp) and smallest for %s (%s pp).", PValue.text(p, 3),
                        most.bot(), signed(most.pp(), 1), least.bot(), signed(least.pp(), 1)));
                // The order of strength is the ladder's: only when every bot here is on it.
                if (!strength.isEmpty() && all.stream().allMatch(a -> strength.containsKey(a.bot()))) {
                    boolean shrinking = true;
                    for (int i = 1; i < all.size(); i++) {
                        shrinking &= all.get(i).pp() < all.get(i - 1).pp();
                    }
                    SelfPlaySeat strongest = all.get(all.size() - 1);
                    md.append(shrinking ? " Ordered by playing strength (the ladder below) it shrinks steadily with skill."
                            : String.format(Locale.ROOT, " It does not simply shrink with skill: in the order of playing strength "
                                    + "(the ladder below) the strongest bot studied, %s, still gives seat 0 %s pp.", strongest.bot(),
                            signed(strongest.pp(), 1)));
                } else if (!strength.isEmpty()) {
                    md.append(" Whether it shrinks with skill is not read off here: not every bot studied is on the ladder.");
                }
            } else {
                md.append(String.format(Locale.ROOT, "A dependence on the players is **not measurable** at these sample sizes "
                        + "(chi-square test that seat 0's share is the same for every bot: %s).", PValue.text(p, 3)));
            }
            md.append("\n\n");
        }
        md.append("| bot | games | seat 0 wins (decisive games) | exact binomial p | Holm-adjusted p | mean margin seat 0 − seat 1 |\n"
                + "|---|---|---|---|---|---|\n");
        for (int i = 0; i < all.size(); i++) {
            SelfPlaySeat a = all.get(i);
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s %s | %s | %s | %s [%s, %s] |\n", a.bot(), a.games(), pct(a.rate()),
                    pctInterval(a.lo(), a.hi()), pValue(a.p()), pValue(holm[i]), signed(a.margin(), 2), signed(a.marginLo(), 2),
                    signed(a.marginHi(), 2)));
        }
        md.append("\n");
    }

    // ------------------------------------------------------------------ 3-4 players

    private void multiPlayerAnswer(StringBuilder md) {
        // sole wins by seat per bot, by player count: for the test whether the seat effect differs between bots
        Map<Integer, Map<String, long[]>> soleWins = new java.util.TreeMap<>();
        boolean header = false;
        for (Run r : runs.values()) {
            if (!r.result().command().equals("first-player") || r.result().players() < 3 || !r.standardDeck()) {
                continue;
            }
            if (!header) {
                md.append("### With 3 and 4 players, does the seat order matter?\n\n");
                md.append("| players | bot | games | win rate by seat (sole wins per game, simultaneous 95% intervals) "
                        + "| chi-square p (equal seats) |\n|---|---|---|---|---|\n");
                header = true;
            }
            int players = r.result().players();
            List<String> labels = r.result().config().labels();
            for (int b = 0; b < labels.size(); b++) {
                Tally.SeatBlock block = r.result().tally().seat(0, b);
                if (block.forfeits() > 0) {
                    // a forfeit, not the seat, decided those games: no seat comparison
                    md.append(String.format(Locale.ROOT, "| %d | %s | %,d | not compared: %,d forfeited games | n/a |\n",
                            players, labels.get(b), block.games(), block.forfeits()));
                    continue;
                }
                long[] sole = new long[players];
                for (int s = 0; s < players; s++) {
                    sole[s] = block.soleWins(s);
                }
                long games = block.games();
                List<Interval> ci = SimultaneousProportions.goodman(sole, games, 0.95);
                StringBuilder seats = new StringBuilder();
                for (int s = 0; s < players; s++) {
                    seats.append(s == 0 ? "" : ", ").append("seat ").append(s).append(": ")
                            .append(pct(games == 0 ? Double.NaN : sole[s] / (double) games)).append(' ')
                            .append(pctInterval(ci.get(s).low(), ci.get(s).high()));
                }
                md.append(String.format(Locale.ROOT, "| %d | %s | %,d | %s | %s |\n", players, labels.get(b), games, seats,
                        pValue(SeatWinTest.equalWinRates(sole).pValue())));
                soleWins.computeIfAbsent(players, k -> new LinkedHashMap<>()).put(labels.get(b), sole);
            }
        }
        if (!header) {
            return;
        }
        md.append("\nThe chi-square test asks whether sole wins are spread evenly over the seats; a tiny p means the "
                + "seat order matters (1/3 or 1/4 of the games each would be fair; shared wins are not counted). Each game "
                + "is a deal of its own here, so the games are independent, as the test assumes. The intervals are Goodman's simultaneous intervals (Wilson at 95% ÷ seats): all seats' intervals of a row "
                + "hold together with probability at least 95%.\n\n");
        for (Map.Entry<Integer, Map<String, long[]>> e : soleWins.entrySet()) {
            if (e.getValue().size() < 2) {
                continue;
            }
            List<String> bots = new ArrayList<>(e.getValue().keySet());
            SeatHomogeneityTest h = SeatHomogeneityTest.of(e.getValue().values().toArray(new long[0][]));
            md.append(String.format(Locale.ROOT, "**Does the seat effect differ between the bots, with %d players?** %s "
                            + "(chi-square test of homogeneity of the winning seat across %s: %s, %d df%s).\n\n", e.getKey(),
                    Double.isNaN(h.pValue()) ? "Not testable with these games" : h.pValue() < 0.05 ? "**Yes.**"
                            : "Not measurably", String.join(", ", bots), PValue.text(h.pValue(), 3), h.degreesOfFreedom(),
                    h.expectedCountsAdequate() ? "" : "; some expected counts are below 5, so the p-value is approximate"));
        }
        againstGreedy(md, soleWins);
    }

    /**
     * Each bot's seat effect against greedy's, the reference of the cheap studies: one homogeneity
     * test per bot and player count, Holm-corrected over all of them.
     */
    private static void againstGreedy(StringBuilder md, Map<Integer, Map<String, long[]>> soleWins) {
        List<String> names = new ArrayList<>();
        List<SeatHomogeneityTest> tests = new ArrayList<>();
        for (Map.Entry<Integer, Map<String, long[]>> e : soleWins.entrySet()) {
            long[] greedy = e.getValue().get("greedy");
            if (greedy == null) {
                continue;
            }
            for (Map.Entry<String, long[]> b : e.getValue().entrySet()) {
                if (!b.getKey().equals("greedy") && e.getValue().size() > 2) {
                    names.add(b.getKey() + " vs greedy, " + e.getKey() + " players");
                    tests.add(SeatHomogeneityTest.of(new long[][]{b.getValue(), greedy}));
                }
            }
        }
        if (tests.isEmpty()) {
            return;
        }
        double[] holm = Holm.adjust(tests.stream().mapToDouble(SeatHomogeneityTest::pValue).toArray());
        md.append("**Does each bot's seat effect differ from greedy's?** Chi-square tests of homogeneity of the winning "
                + "seat, one per bot and player count, Holm-corrected over the ").append(tests.size()).append(":\n\n");
        for (int i = 0; i < tests.size(); i++) {
            SeatHomogeneityTest h = tests.get(i);
            md.append(String.format(Locale.ROOT, "- %s: %s (p = %s, Holm %s, %d df%s)%n", names.get(i),
                    Double.isNaN(holm[i]) ? "not testable with these games" : holm[i] < 0.05 ? "**it differs**"
                            : "not measurably different at this sample", PValue.value(h.pValue(), 3), pValue(holm[i]),
                    h.degreesOfFreedom(), h.expectedCountsAdequate() ? "" : "; some expected counts below 5"));
        }
        md.append("\n");
    }

    // ------------------------------------------------------------------ skill or luck

    /** Matches played under both variants on the same deals: does the variant change the stronger bot's edge? */
    private void skillLuckAnswer(StringBuilder md) {
        List<Run> found = runs.values().stream().filter(r -> r.stats() instanceof StudyStatistics.MatchVariants).toList();
        if (found.isEmpty()) {
            return;
        }
        md.append("### Skill or luck: does the three-row variant change how often the stronger bot wins?\n\n");
        md.append("Each deal played under both variants with the same seats and bot random streams; the change of the "
                + "first bot's score is paired by deal (95% interval, paired t-test; Holm-corrected over the matches). A "
                + "variant that cuts the stronger bot's edge leaves more to luck.\n\n");
        md.append("| match | score base | score three-row | base − three-row (paired) | p (Holm) | reading | deals |\n"
                + "|---|---|---|---|---|---|---|\n");
        double[] p = found.stream().mapToDouble(r -> {
            StudyStatistics.MatchVariants.Change c = ((StudyStatistics.MatchVariants) r.stats()).change();
            return c == null ? Double.NaN : c.p();
        }).toArray();
        double[] holm = Holm.adjust(p);
        for (int i = 0; i < found.size(); i++) {
            StudyStatistics.MatchVariants m = (StudyStatistics.MatchVariants) found.get(i).stats();
            List<String> bots = found.get(i).result().config().labels();
            List<MatchStats> v = new ArrayList<>(m.variants().values());
            StudyStatistics.MatchVariants.Change c = m.change();
            if (c == null || v.size() != 2) {
                continue;
            }
            boolean stronger = v.get(0).score() > 0.5 && v.get(1).score() > 0.5;
            String reading = !(holm[i] < 0.05) ? "no measurable change at this sample"
                    : !stronger ? "the first bot's score changes (it is not ahead in both variants)"
                    : c.firstBotScoreBaseMinusThreeRow() > 0 ? "the three-row variant cuts the stronger bot's edge: more luck"
                    : "the three-row variant widens the stronger bot's edge: more skill";
            md.append(String.format(Locale.ROOT, "| %s vs %s | %s | %s | %s pp %s | %s | %s | %,d |\n", bots.get(0), bots.get(1),
                    pct(v.get(0).score()), pct(v.get(1).score()), signed(100 * c.firstBotScoreBaseMinusThreeRow(), 2),
                    ppInterval(100 * c.interval().low(), 100 * c.interval().high()), pValue(holm[i]), reading, c.deals()));
        }
        md.append("\n");
    }

    // ------------------------------------------------------------------ three-row

    /**
     * One rule variant's figures for a bot: seat 0's score with its interval, the draw rate, the
     * compensation for seat 1 (points), the mean game length and the spread of score margins.
     */
    private record VariantFigures(double score, double lo, double hi, double draws, double compensation, double turns,
                                  double marginSd) {
        static VariantFigures of(BalanceStats.VariantStats v) {
            SeatStats s = v.seats();
            SeatStats.Seat0 s0 = s.seat0Figures();
            return new VariantFigures(s0.score(), s0.scoreInterval().low(), s0.scoreInterval().high(),
                    v.drawRate(), v.compensation() == null ? Double.NaN : v.compensation().points(),
                    s.turns() == null ? Double.NaN : s.turns().mean(), s.margin() == null ? Double.NaN : s.margin().sd());
        }
    }

    /**
     * A bot's balance result: each variant, and seat 0's score base − three-row paired by deal with
     * its interval, and the share of deals whose winner changes.
     */
    private record Balance(String bot, VariantFigures base, VariantFigures three, double diff, double diffLo, double diffHi,
                           double flip, PairedEquivalence test, CompensationCurve baseCurve, CompensationCurve threeCurve) {
    }

    /** The margin of the balance verdicts: ±1.5 percentage points of seat 0's score. */
    static final double BALANCE_MARGIN = 0.015;

    /** The largest bonus for seat 1 of the compensation curves. */
    static final int MAX_BONUS = 5;

    private static List<Balance> balances(Run r) {
        List<Balance> out = new ArrayList<>();
        if (!(r.stats() instanceof StudyStatistics.Balance b) || b.bots() == null) {
            return out;
        }
        List<String> labels = r.result().config().labels();
        Tally t = r.result().tally();
        for (Map.Entry<String, BalanceStats> e : b.bots().entrySet()) {
            BalanceStats.Difference d = e.getValue().difference();
            int lineup = labels.indexOf(e.getKey());
            // TOST and the compensation curves come from the raw counts, so files written before them have them too
            out.add(new Balance(e.getKey(), VariantFigures.of(e.getValue().base()), VariantFigures.of(e.getValue().threeRow()),
                    d == null ? Double.NaN : d.seat0ScoreBaseMinusThreeRow(), d == null ? Double.NaN : d.interval().low(),
                    d == null ? Double.NaN : d.interval().high(), d == null ? Double.NaN : d.flipRate(),
                    balanceTest(t, lineup), compensationCurve(t.seat(0, lineup).marginHistogram()),
                    compensationCurve(t.seat(1, lineup).marginHistogram())));
        }
        return out;
    }

    /**
     * TOST at ±{@link #BALANCE_MARGIN} and the paired t-test of seat 0's score base − three-row,
     * from the tally's pair-level sums of a lineup (d in half-points: the score difference is d / 2).
     */
    static PairedEquivalence balanceTest(Tally t, int lineup) {
        return PairedEquivalence.of(BalanceStats.seat0ScoreDifference(t, lineup), BALANCE_MARGIN, 0.05);
    }

    /** Seat 0's expected score with a bonus of 0..{@link #MAX_BONUS} points for seat 1, from a margin histogram. */
    static CompensationCurve compensationCurve(Histogram h) {
        int[] range = h.range();
        if (range == null) {
            return CompensationCurve.of(new int[0], new long[0], MAX_BONUS, 0.95);
        }
        int[] values = new int[range[1] - range[0] + 1];
        long[] counts = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = range[0] + i;
            counts[i] = h.count(values[i]);
        }
        return CompensationCurve.of(values, counts, MAX_BONUS, 0.95);
    }

    private void balanceAnswer(StringBuilder md) {
        List<Balance> all = new ArrayList<>();
        balanceRuns(runs.values()).forEach(r -> all.addAll(balances(r)));
        if (all.isEmpty()) {
            return;
        }
        md.append("### Is the three-row variant better balanced?\n\n");
        List<BalanceVerdict> verdicts = balanceVerdicts(all);
        String margin = String.format(Locale.ROOT, "%.1f", 100 * BALANCE_MARGIN);
        Map<BalanceVerdict.Kind, List<String>> byKind = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byKind.computeIfAbsent(verdicts.get(i).kind(), k -> new ArrayList<>()).add(all.get(i).bot());
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
            byKind.forEach((k, bots) -> parts.add(k.words(margin) + " for " + String.join(", ", bots)));
            md.append("**It depends on the players:** ").append(String.join("; ", parts)).append(". ");
        }
        md.append(String.format(Locale.ROOT, "The measure is seat 0's score, base − three-row, paired by deal. \"Equally "
                + "balanced\" means that the two one-sided tests (TOST) reject a difference of ±%s pp or more, \"more/less "
                + "balanced\" that the paired t-test rejects no difference; each at 5%%, Holm-corrected over the %d bots. ",
                margin, all.size()));
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < all.size(); i++) {
            Balance b = all.get(i);
            list.append(list.length() == 0 ? "For" : "; for").append(String.format(Locale.ROOT,
                    " **%s** seat 0 scores %s in the base game and %s in the three-row variant (paired difference %s pp %s, "
                            + "%,d deals): %s", b.bot(), pct(b.base().score()), pct(b.three().score()), signed(100 * b.diff(), 2),
                    ppInterval(100 * b.diffLo(), 100 * b.diffHi()), b.test().n(), verdicts.get(i).kind().words(margin)));
        }
        md.append(list).append(".");
        boolean bothFavourSeat0 = all.stream().allMatch(b -> b.base().lo() > 0.5 && b.three().lo() > 0.5);
        if (bothFavourSeat0) {
            md.append(" Both variants favour the first player.");
        }
        List<String> changes = new ArrayList<>();
        if (all.stream().allMatch(b -> b.three().turns() < b.base().turns())) {
            changes.add("shorter games");
        }
        if (all.stream().allMatch(b -> b.three().draws() < b.base().draws())) {
            changes.add("fewer draws");
        }
        if (all.stream().allMatch(b -> b.three().marginSd() < b.base().marginSd())) {
            changes.add("a tighter spread of score margins");
        }
        double minFlip = all.stream().mapToDouble(Balance::flip).min().orElse(0);
        changes.add(String.format(Locale.ROOT, "a different winner on at least %s of deals", pct(minFlip)));
        md.append(" What the three-row variant does change, for every bot here: ").append(String.join(", ", changes))
                .append(".\n\n");
        md.append("| bot | seat 0 score base | seat 0 score three-row | base − three-row (paired, 95%) | 90% interval (TOST) "
                + "| TOST p (Holm) | difference p (Holm) | verdict | winner changes | draws base / three-row | "
                + "game length base / three-row (turns) | margin sd base / three-row |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < all.size(); i++) {
            Balance b = all.get(i);
            Interval tost = b.test().equivalenceInterval();
            md.append(String.format(Locale.ROOT, "| %s | %s %s | %s %s | %s pp %s | %s | %s | %s | %s | %s | %s / %s | %.1f / %.1f "
                            + "| %.1f / %.1f |\n",
                    b.bot(), pct(b.base().score()), pctInterval(b.base().lo(), b.base().hi()), pct(b.three().score()),
                    pctInterval(b.three().lo(), b.three().hi()), signed(100 * b.diff(), 2), ppInterval(100 * b.diffLo(), 100 * b.diffHi()),
                    ppInterval(100 * tost.low(), 100 * tost.high()), pValue(verdicts.get(i).pEquivalence()),
                    pValue(verdicts.get(i).pDifference()), verdicts.get(i).kind().words(margin), pct(b.flip()),
                    pct(b.base().draws()), pct(b.three().draws()), b.base().turns(), b.three().turns(), b.base().marginSd(),
                    b.three().marginSd()));
        }
        md.append("\n");
        compensationAnswer(md, all);
    }

    /** Seat 0's expected score with a bonus for seat 1, per bot and variant, and the fairest bonus. */
    private static void compensationAnswer(StringBuilder md, List<Balance> all) {
        md.append("#### A fair compensation for the second player\n\n");
        md.append("Seat 0's expected score (win 1, tie ½) if seat 1 gets a bonus of b points, from the recorded score "
                + "margins of the games above (no new games); a margin equal to the bonus counts as a tie (the game's "
                + "tie-break on cards is not in the margins). Pointwise 95% score intervals. The fairest bonus is the one "
                + "whose expected score is closest to 50%.\n\n| bot | variant |");
        for (int bonus = 0; bonus <= MAX_BONUS; bonus++) {
            md.append(" b = ").append(bonus).append(" |");
        }
        md.append(" fairest bonus |\n|---|---|").append("---|".repeat(MAX_BONUS + 2)).append("\n");
        for (Balance b : all) {
            for (CompensationCurve c : List.of(b.baseCurve(), b.threeCurve())) {
                md.append("| ").append(b.bot()).append(" | ").append(c == b.baseCurve() ? "base" : "three-row").append(" |");
                for (CompensationCurve.Point p : c.points()) {
                    md.append(' ').append(pct(p.score())).append(' ')
                            .append(pctInterval(p.interval().low(), p.interval().high())).append(" |");
                }
                String fair = c.fairest() < 0 ? "n/a" : c.fairest() + " (" + pct(c.points().get(c.fairest()).score())
                        + (c.points().get(c.fairest()).includesHalf() ? ", 50% inside its interval" : "") + ")";
                md.append(' ').append(fair).append(" |\n");
            }
        }
        md.append("\n");
    }

    // ------------------------------------------------------------------ ladder

    /** The tournament's ratings, best first; empty without them. */
    private static List<BotRating> ratings(Run ladder) {
        return ladder != null && ladder.stats() instanceof StudyStatistics.Tournament t && t.ratings() != null
                ? t.ratings() : List.of();
    }

    private Map<String, Double> ladderElo() {
        Map<String, Double> elo = new LinkedHashMap<>();
        for (BotRating x : ratings(ladder())) {
            elo.put(x.bot(), x.elo());
        }
        return elo;
    }

    /**
     * Where the strong bot stands: its rank on the ladder when it is rated there (and the top bot if
     * that is another), else a pointer to the head-to-head matches.
     */
    private String strongBotPlace() {
        Run ladder = ladder();
        List<BotRating> ratings = ratings(ladder);
        BotRating own = ratings.stream().filter(x -> x.bot().equals(strongBot)).findFirst().orElse(null);
        if (own == null) {
            return "How it fares against the other bots: the head-to-head matches under *Which bot is strongest* below.";
        }
        String place = String.format(Locale.ROOT, "On the ladder it ranks %d of %d (Bradley–Terry %s Elo %s)", own.rank(),
                ratings.size(), signed(own.elo(), 0), eloInterval(own.interval()));
        BotRating top = ratings.get(0);
        if (top.bot().equals(strongBot)) {
            return place + ": it is the strongest bot there.";
        }
        Head head = pairwise(ladder, top.bot(), own.bot());
        return place + String.format(Locale.ROOT, "; the strongest there is %s (%s Elo %s%s). The studies keep the strong "
                        + "bot they were run with; *Which bot is strongest* below has every step.", top.bot(),
                signed(top.elo(), 0), eloInterval(top.interval()), head == null ? ""
                        : String.format(Locale.ROOT, "; head to head it scores %s %s against %s", pct(head.score),
                                pctInterval(head.lo, head.hi), own.bot()));
    }

    private void ladderAnswer(StringBuilder md) {
        Run r = ladder();
        if (r == null) {
            return;
        }
        List<BotRating> ratings = ratings(r);
        String notIdentified = r.stats() instanceof StudyStatistics.Tournament t && t.ratingsNotIdentified() != null
                ? t.ratingsNotIdentified() : "";
        if (ratings.isEmpty() && !notIdentified.isEmpty()) {
            md.append("### Which bot is strongest, and by how much?\n\n");
            md.append("The games do not identify ratings (" + notIdentified + "): they order the bots but bound no Elo "
                    + "gap. Play more deals; the study page has the pairwise scores with their intervals.\n\n");
            return;
        }
        if (ratings.isEmpty()) {
            return;
        }
        md.append("### Which bot is strongest, and by how much?\n\n");
        BotRating top = ratings.get(0);
        md.append(String.format(Locale.ROOT, "**%s** is the strongest bot of the ladder (Bradley–Terry rating %s Elo, "
                + "interval %s, mean of all bots 0).", top.bot(), signed(top.elo(), 0), eloInterval(top.interval())));
        if (ratings.size() > 1) {
            BotRating second = ratings.get(1);
            Head head = pairwise(r, top.bot(), second.bot());
            if (head != null) {
                md.append(String.format(Locale.ROOT, " Head to head it scores %s %s against %s, the runner-up (%s Elo %s, "
                                + "pentanomial over %,d paired games).", pct(head.score), pctInterval(head.lo, head.hi),
                        second.bot(), signed(head.elo, 0), eloInterval(head.eloLo, head.eloHi), head.games));
            }
        }
        md.append(" Each step of the ladder, head to head over paired deals:\n\n");
        md.append("| rank | bot | Elo (Bradley–Terry) | score vs the next bot below | Elo vs the next bot below |\n|---|---|---|---|---|\n");
        for (int i = 0; i < ratings.size(); i++) {
            BotRating x = ratings.get(i);
            String vs = "";
            String eloVs = "";
            if (i + 1 < ratings.size()) {
                Head h = pairwise(r, x.bot(), ratings.get(i + 1).bot());
                if (h != null) {
                    vs = pct(h.score) + " " + pctInterval(h.lo, h.hi) + " vs " + ratings.get(i + 1).bot();
                    eloVs = signed(h.elo, 0) + " " + eloInterval(h.eloLo, h.eloHi);
                }
            }
            md.append(String.format(Locale.ROOT, "| %d | %s | %s %s | %s | %s |\n", i + 1, x.bot(), signed(x.elo(), 0),
                    eloInterval(x.interval()), vs, eloVs));
        }
        md.append("\n");
        iterationsAnswer(md);
        otherMatches(md);
    }

    /** The other 2-player matches (one game per seat order of a deal), e.g. of a bot that is not on the ladder. */
    private void otherMatches(StringBuilder md) {
        Run budget = budgetMatch();
        List<String> lines = new ArrayList<>();
        for (Run m : runs.values()) {
            if (m == budget || !m.is("match", 2) || !(m.stats() instanceof StudyStatistics.Match stats) || stats.match() == null) {
                continue;
            }
            List<String> bots = m.result().config().labels();
            ScoreEstimate s = stats.match().bestEstimate();
            double lo = s.scoreInterval().low();
            double hi = s.scoreInterval().high();
            lines.add(String.format(Locale.ROOT, "- %s %s scores %s %s against %s (Elo %s %s, %,d games over paired deals): %s",
                    lo > 0.5 ? "**stronger:**" : hi < 0.5 ? "**weaker:**" : "**not separated at this sample:**", bots.get(0), pct(s.score()), pctInterval(lo, hi), bots.get(1), signed(s.elo(), 0),
                    eloInterval(s.eloInterval()), stats.match().games(), "[" + m.study().id() + "](" + m.study().id() + ".md)"));
        }
        if (!lines.isEmpty()) {
            md.append("Head-to-head matches beside the ladder:\n\n").append(String.join("\n", lines)).append("\n\n");
        }
    }

    /** The separate match of ISMCTS at two budgets. */
    private void iterationsAnswer(StringBuilder md) {
        Run m = budgetMatch();
        if (m == null || !(m.stats() instanceof StudyStatistics.Match stats) || stats.match() == null) {
            return;
        }
        List<String> bots = m.result().config().labels();
        MatchStats match = stats.match();
        ScoreEstimate s = match.bestEstimate();
        double lo = s.scoreInterval().low();
        double hi = s.scoreInterval().high();
        String verdict = lo > 0.5 ? "**More iterations play measurably stronger:**"
                : hi < 0.5 ? "**More iterations play measurably weaker (!):**" : "**No measurable gain from more iterations:**";
        md.append(String.format(Locale.ROOT, "%s %s scores %s %s against %s (Elo %s %s, %,d games over paired deals).\n\n",
                verdict, bots.get(0), pct(s.score()), pctInterval(lo, hi), bots.get(1), signed(s.elo(), 0),
                eloInterval(s.eloInterval()), match.games()));
    }

    private record Head(double score, double lo, double hi, double elo, double eloLo, double eloHi, long games) {
    }

    /** a's result against b from the tournament's pairwise list (pentanomial if present). */
    private static Head pairwise(Run r, String a, String b) {
        List<MatchStats> pairwise = r.stats() instanceof StudyStatistics.Tournament t && t.pairwise() != null
                ? t.pairwise() : List.of();
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
                return new Head(1 - score, 1 - hi, 1 - lo, -elo, -eloHi, -eloLo, p.games());
            }
            return new Head(score, lo, hi, elo, eloLo, eloHi, p.games());
        }
        return null;
    }

    // ------------------------------------------------------------------ decks

    private void deckAnswer(StringBuilder md) {
        Map<String, List<SelfPlaySeat>> fp = byDeck(runs.values(), "first-player", Findings::seatAdvantages, SelfPlaySeat::bot);
        Map<String, List<Balance>> bal = byDeck(runs.values(), "balance", Findings::balances, Balance::bot);
        Map<String, Map<String, SelfPlaySeat>> byBot = new LinkedHashMap<>();
        fp.forEach((deck, seats) -> seats.forEach(a -> byBot.computeIfAbsent(a.bot(), k -> new LinkedHashMap<>()).put(deck, a)));
        if (byBot.values().stream().noneMatch(m -> m.size() > 1)) {
            return;
        }
        md.append("### Do the conclusions depend on the reconstructed deck?\n\n");
        md.append("The real card list is not in the rule texts; the default deck is a reconstruction. Two other decks "
                + "satisfy every stated fact too ([`decks/`](").append(quick ? "../" : "").append("decks/)): *flat* (10 doubles, "
                + "11 plain cards, middle regions at 6 shields) and *doubles-heavy* (20 doubles, 1 plain card).\n\n");
        double maxMove = 0;
        md.append("| bot | deck | seat 0 wins (decisive) | base − three-row seat 0 score (paired) |\n|---|---|---|---|\n");
        for (Map.Entry<String, Map<String, SelfPlaySeat>> e : byBot.entrySet()) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (Map.Entry<String, SelfPlaySeat> d : e.getValue().entrySet()) {
                SelfPlaySeat a = d.getValue();
                min = Math.min(min, a.pp());
                max = Math.max(max, a.pp());
                String balanceText = "";
                for (Balance x : bal.getOrDefault(d.getKey(), List.of())) {
                    if (x.bot().equals(e.getKey())) {
                        balanceText = signed(100 * x.diff(), 2) + " pp " + ppInterval(100 * x.diffLo(), 100 * x.diffHi());
                    }
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | %s %s | %s |\n", e.getKey(), d.getKey(), pct(a.rate()),
                        pctInterval(a.lo(), a.hi()), balanceText));
            }
            maxMove = Math.max(maxMove, max - min);
        }
        md.append(String.format(Locale.ROOT, "\nAcross the three decks the first player's edge moves by at most %.1f percentage "
                + "points for the same bot", maxMove));
        // One conclusion from one exact binomial test per bot and deck: Holm-corrected over all of them.
        List<SelfPlaySeat> tests = new ArrayList<>();
        byBot.values().forEach(m -> tests.addAll(m.values()));
        double[] holm = Holm.adjust(tests.stream().mapToDouble(SelfPlaySeat::p).toArray());
        boolean allSignificant = true;
        for (double p : holm) {
            allSignificant &= p < 0.05;
        }
        boolean sameSign = allSignificant && byBot.values().stream().allMatch(m -> m.values().stream().allMatch(a -> a.rate() > 0.5)
                || m.values().stream().allMatch(a -> a.rate() < 0.5));
        md.append(String.format(Locale.ROOT, sameSign
                ? "; on every deck the first player's edge keeps its sign and is significant (exact binomial tests at 5%%, "
                        + "Holm-corrected over the %d bot-deck pairs).%n%n"
                : "; its sign or significance (exact binomial tests at 5%%, Holm-corrected over the %d bot-deck pairs) is not "
                        + "the same on every deck (see the table).%n%n", tests.size()));
    }

    // ------------------------------------------------------------------ formatting

    static String pct(double x) {
        return Format.pct(x);
    }

    static String pctInterval(double lo, double hi) {
        return String.format(Locale.ROOT, "[%.1f, %.1f]", 100 * lo, 100 * hi);
    }

    static String ppInterval(double lo, double hi) {
        return String.format(Locale.ROOT, "[%s, %s]", signed(lo, 2), signed(hi, 2));
    }

    static String signed(double x, int decimals) {
        if (Double.isNaN(x)) {
            return "n/a";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+." + decimals + "f", x);
    }

    static String eloInterval(Interval i) {
        return eloInterval(i.low(), i.high());
    }

    static String eloInterval(double lo, double hi) {
        return "[" + signed(lo, 0) + ", " + signed(hi, 0) + "]";
    }

    static String pValue(double p) {
        return PValue.value(p, 3);
    }
}

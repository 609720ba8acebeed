package richelieu.runner.distance;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.runner.stats.Proportions;
import richelieu.runner.text.Format;
import richelieu.strategies.BotSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

/**
 * The distance study's result: the sampled positions with every bot's choice (the raw data), and
 * computed once from them, per bot and number of cards, the two measures with their 95%
 * intervals ({@link Cell}); rendered as the statistics of its result file, as text and as the Markdown
 * page. The positions are the measures of the study's units ({@link DistanceUnits}).
 *
 * @param command the command line that made it ("" when not told)
 * @param bots    the bots measured (their labels), in order
 * @param lineup  the two bots whose games give the positions
 * @param cards   the numbers of cards on the table sampled
 * @param missing per number of cards, the games that had no decision point there
 * @param deeper  the deeper companions' results ({@link DistanceFiles#COMPANIONS}), in order; none: empty
 * @param planned the lineup games its run was asked for: more than {@code games} when it was
 *                stopped before the end (a partial result, which {@code --resume} continues)
 */
public record DistanceResult(String command, long seed, String rules, String deck, List<String> bots, List<String> lineup,
                             int games, List<Integer> cards, List<Integer> missing,
                             List<DistanceStudy.Position> positions, List<Cell> cells, List<Companion> deeper,
                             int planned) {
    /** {@link Cell#cards} of the cells that pool every number of cards. */
    public static final int ALL = 0;
    static final double CONFIDENCE = 0.95;

    /** A deeper companion: a run of the same lineup games at more cards, in its own folder beside the study's. */
    public record Companion(String folder, DistanceResult result) {
    }

    /**
     * One bot at one number of cards ({@link #ALL}: pooled).
     *
     * @param decisions decision points measured
     * @param givesAway of them, those where the bot's action gives away game value
     * @param share     givesAway / decisions, with its Wilson interval
     * @param pointsLost the mean points lost against the best action, with its interval ({@link BoundedMean}:
     *                  Student t, or exact from the bounds when every decision lost the same)
     * @param bound     the largest loss possible at any of these positions (best minus worst action), the
     *                  upper bound of {@code pointsLost}'s values
     * @param measured  decisions whose points lost were measured: those at numbers of cards solved
     *                  exactly, not outcome-only ({@code pointsLost} and {@code optimal} count only them)
     * @param optimal   decisions on a best action (no point lost)
     * @param critical  decisions where some action gives away game value (the only ones where the bot can)
     * @param criticalShare givesAway / critical, with its Wilson interval
     */
    public record Cell(String bot, int cards, long decisions, long givesAway, double share, Interval shareInterval,
                       double pointsLost, Interval pointsLostInterval, int bound, long measured, long optimal, long critical,
                       double criticalShare, Interval criticalInterval) {
    }

    /**
     * The result of a run's measured units ({@code tally.measures}, by unit; see {@link DistanceUnits}),
     * its statistics computed from them: {@code bots} the measured bots' labels, {@code lineup} the
     * lineup's, {@code outcomeOnly} the numbers of cards measured by win/draw/loss alone. A bad
     * measure is an {@link IllegalArgumentException} naming the field.
     */
    public static DistanceResult of(long seed, String rules, String deck, List<String> bots, List<String> lineup,
                                    List<Integer> cards, List<Integer> outcomeOnly, SortedMap<Long, String> measures) {
        List<DistanceStudy.Unit> units = new ArrayList<>();
        for (Map.Entry<Long, String> e : measures.entrySet()) {
            units.add(DistanceUnits.read(e.getKey(), e.getValue(), bots.size(), cards, outcomeOnly));
        }
        return of(seed, rules, deck, bots, lineup, measures.size(), cards, units);
    }

    static DistanceResult of(DistanceStudy.Settings s, List<DistanceStudy.Unit> units) {
        return of(s.seed(), s.rules().describe(), s.deck().name(), s.bots().stream().map(BotSpec::label).toList(),
                s.lineup().stream().map(BotSpec::label).toList(), s.games(), s.cards(), units);
    }

    static DistanceResult of(long seed, String rules, String deck, List<String> bots, List<String> lineup,
                                     int games, List<Integer> cards, List<DistanceStudy.Unit> units) {
        List<DistanceStudy.Position> positions = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int c : cards) {
            missing.add(0);
        }
        for (DistanceStudy.Unit u : units) {
            positions.addAll(u.positions());
            for (int c : u.missing()) {
                int i = cards.indexOf(c);
                missing.set(i, missing.get(i) + 1);
            }
        }
        // positions by number of cards, then game (units come in game order)
        List<DistanceStudy.Position> ordered = new ArrayList<>();
        for (int c : cards) {
            for (DistanceStudy.Position p : positions) {
                if (p.cards() == c) {
                    ordered.add(p);
                }
            }
        }
        return of(seed, rules, deck, bots, lineup, games, cards, missing, ordered);
    }

    /** The result of these positions, its statistics computed from them. */
    public static DistanceResult of(long seed, String rules, String deck, List<String> bots, List<String> lineup, int games,
                             List<Integer> cards, List<Integer> missing, List<DistanceStudy.Position> positions) {
        List<Cell> cells = new ArrayList<>();
        for (int b = 0; b < bots.size(); b++) {
            for (int c : cards) {
                cells.add(cell(bots.get(b), b, c, positions));
            }
            cells.add(cell(bots.get(b), b, ALL, positions));
        }
        return new DistanceResult("", seed, rules, deck, List.copyOf(bots), List.copyOf(lineup), games,
                List.copyOf(cards), List.copyOf(missing), List.copyOf(positions), cells, List.of(), games);
    }

    private static Cell cell(String bot, int b, int cards, List<DistanceStudy.Position> positions) {
        long n = 0;
        long measured = 0;
        long away = 0;
        long sum = 0;
        long squares = 0;
        long optimal = 0;
        long critical = 0;
        int bound = 0;
        for (DistanceStudy.Position p : positions) {
            if (cards != ALL && p.cards() != cards) {
                continue;
            }
            DistanceStudy.Choice c = p.choices().get(b);
            n++;
            away += c.outcome() < p.outcome() ? 1 : 0;
            critical += p.worstOutcome() < p.outcome() ? 1 : 0;
            if (p.exact()) {
                long lost = p.best() - c.margin();
                measured++;
                sum += lost;
                squares += lost * lost;
                optimal += lost == 0 ? 1 : 0;
                bound = Math.max(bound, p.best() - p.worst());
            }
        }
        Interval share = n == 0 ? Interval.UNDEFINED : Proportions.wilson(away, n, CONFIDENCE);
        // every loss lies in [0, bound]; a bound of 0 (no position with a worse action) still needs a range
        BoundedMean lost = BoundedMean.fromSums(measured, sum, squares, 1, 0, Math.max(1, bound));
        return new Cell(bot, cards, n, away, n == 0 ? Double.NaN : (double) away / n, share,
                measured == 0 ? Double.NaN : lost.mean(), measured == 0 ? Interval.UNDEFINED : lost.interval(CONFIDENCE),
                bound, measured, optimal, critical, critical == 0 ? Double.NaN : (double) away / critical,
                critical == 0 ? Interval.UNDEFINED : Proportions.wilson(away, critical, CONFIDENCE));
    }

    /** The same result, made by {@code command}. */
    public DistanceResult withCommand(String command) {
        return new DistanceResult(command, seed, rules, deck, bots, lineup, games, cards, missing, positions, cells, deeper,
                planned);
    }

    /** The same result, its run asked for {@code planned} lineup games. */
    public DistanceResult withPlanned(int planned) {
        return new DistanceResult(command, seed, rules, deck, bots, lineup, games, cards, missing, positions, cells, deeper,
                planned);
    }

    /**
     * "" for a finished run; for a partial one, a sentence that says so and how to continue it
     * ({@code file}: where its result lies, as the reader would type it).
     */
    public String partialNote(String file) {
        if (games >= planned) {
            return "";
        }
        return String.format(Locale.ROOT, "**Partial result**: %,d of the %,d lineup games its run was asked for (stopped "
                + "to meet a deadline); every figure here is over those %,d games. `./richelieu distance --resume %s` "
                + "continues it.", games, planned, games, file);
    }

    /** The same result with its deeper companions (runs at more cards, in the order of their numbers of cards). */
    public DistanceResult withDeeper(List<Companion> deeper) {
        return new DistanceResult(command, seed, rules, deck, bots, lineup, games, cards, missing, positions, cells,
                List.copyOf(deeper), planned);
    }

    /** The lineup games the positions at {@code cards} come from: the companion's that measured there, else this run's. */
    private int gamesAt(int cards) {
        for (Companion c : deeper) {
            if (c.result().cards.contains(cards)) {
                return c.result().games;
            }
        }
        return games;
    }

    /** The cell of a bot and number of cards. */
    public Cell cell(String bot, int cards) {
        for (Cell c : cells) {
            if (c.bot().equals(bot) && c.cards() == cards) {
                return c;
            }
        }
        throw new IllegalArgumentException("no cell for " + bot + " at " + cards + " cards");
    }

    /**
     * The bot that gives away value least often against each other bot, paired on the same
     * positions (all numbers of cards pooled); empty with one bot or no position.
     */
    public List<PairedComparison> pairs() {
        return PairedComparison.of(bots, positions);
    }

    /** Positions sampled with {@code cards} on the table ({@link #ALL}: all). */
    public long positionsWith(int cards) {
        return positions.stream().filter(p -> cards == ALL || p.cards() == cards).count();
    }

    // ------------------------------------------------------------------ JSON

    /** The statistics, a cell a line: per bot, each number of cards then all pooled. */
    public ArrayNode statisticsJson() {
        ArrayNode stats = ResultFile.MAPPER.createArrayNode();
        for (Cell cell : cells) {
            ObjectNode n = stats.addObject();
            n.put("bot", cell.bot());
            n.put("cards", cell.cards() == ALL ? "all" : Integer.toString(cell.cards()));
            n.put("decisions", cell.decisions());
            n.put("givesAway", cell.givesAway());
            putNumber(n, "givesAwayShare", cell.share());
            putNumber(n, "givesAwayLow", cell.shareInterval().low());
            putNumber(n, "givesAwayHigh", cell.shareInterval().high());
            putNumber(n, "pointsLost", cell.pointsLost());
            putNumber(n, "pointsLostLow", cell.pointsLostInterval().low());
            putNumber(n, "pointsLostHigh", cell.pointsLostInterval().high());
            n.put("lossBound", cell.bound());
            n.put("pointsMeasured", cell.measured());
            n.put("optimal", cell.optimal());
            n.put("critical", cell.critical());
            putNumber(n, "criticalShare", cell.criticalShare());
            putNumber(n, "criticalLow", cell.criticalInterval().low());
            putNumber(n, "criticalHigh", cell.criticalInterval().high());
        }
        return stats;
    }

    /** The paired comparisons ({@link #pairs()}), one object each. */
    public ArrayNode pairsJson() {
        ArrayNode out = ResultFile.MAPPER.createArrayNode();
        for (PairedComparison c : pairs()) {
            ObjectNode n = out.addObject();
            n.put("leader", c.leader());
            n.put("bot", c.other());
            n.put("positions", c.positions());
            n.put("onlyLeaderGivesAway", c.onlyLeader());
            n.put("onlyBotGivesAway", c.onlyOther());
            putP(n, "mcnemarP", c.p());
            putP(n, "holmP", c.holm());
            putNumber(n, "shareDifference", c.shareDifference());
            putNumber(n, "shareDifferenceLow", c.shareInterval().low());
            putNumber(n, "shareDifferenceHigh", c.shareInterval().high());
            putNumber(n, "shareDifferenceConfidence", c.shareConfidence());
            putNumber(n, "pointsDifference", c.pointsDifference());
            putNumber(n, "pointsDifferenceLow", c.pointsInterval().low());
            putNumber(n, "pointsDifferenceHigh", c.pointsInterval().high());
        }
        return out;
    }

    /** A p-value as computed (rounding would turn a small one into 0), below {@link PValue#FLOOR} the floor. */
    private static void putP(ObjectNode n, String name, double p) {
        n.put(name, p < PValue.FLOOR ? PValue.FLOOR : p);
    }

    private static void putNumber(ObjectNode n, String name, double x) {
        if (Double.isNaN(x)) {
            n.putNull(name);
        } else {
            n.put(name, Math.round(x * 1e6) / 1e6);
        }
    }

    // ------------------------------------------------------------------ text

    /** A share with its interval, or "–" without decisions: "12.5% [8.1, 18.7]". */
    public static String share(Cell c) {
        return c.decisions() == 0 ? "–" : Format.pct(c.share()) + " " + Format.pctInterval(c.shareInterval());
    }

    /** The share among the decisions where value can be given away, or "–" where it cannot. */
    static String criticalShare(Cell c) {
        return c.critical() == 0 ? "–" : Format.pct(c.criticalShare()) + " " + Format.pctInterval(c.criticalInterval());
    }

    /**
     * Mean points lost with its interval, "–" without decisions, or "not measured" where only
     * win/draw/loss was solved: "0.41 [0.22, 0.60]".
     */
    public static String points(Cell c) {
        if (c.decisions() > 0 && c.measured() == 0) {
            return "not measured";
        }
        return c.decisions() == 0 ? "–" : String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", c.pointsLost(),
                c.pointsLostInterval().low(), c.pointsLostInterval().high());
    }

    /** The two tables (Markdown), bots as rows, numbers of cards as columns. */
    public String tables() {
        StringBuilder md = new StringBuilder();
        md.append("**Decisions that give away game value** (a won position played into a draw or a loss, a drawn one "
                + "into a loss; share of decisions, 95% Wilson interval):\n\n");
        table(md, DistanceResult::share);
        md.append("\nThe same, **among the decisions where some action gives away game value** (elsewhere every action "
                + "keeps the outcome: at most positions with few cards left the outcome is settled):\n\n");
        table(md, DistanceResult::criticalShare);
        List<Integer> outcomeOnly = outcomeOnlyCards();
        if (outcomeOnly.equals(cards)) {
            md.append(String.format(Locale.ROOT, "\nPoints lost are not measured here: at %s cards only each action's "
                    + "win/draw/loss was solved (its exact margin costs a minute or more per position there).\n\n%s\n",
                    joinedCards(cards), positionsLine()));
            return md.toString();
        }
        md.append("\n**Mean points lost per decision** against the open solver's best action (the final margin "
                + "under best play after the best action minus after the bot's; 95% interval)");
        if (!outcomeOnly.isEmpty()) {
            md.append(String.format(Locale.ROOT, "; not measured at %s cards, where only each action's win/draw/loss "
                    + "was solved (its margin costs a minute or more per position there), so the \"all\" column pools "
                    + "only the numbers of cards solved exactly", joinedCards(outcomeOnly)));
        }
        md.append(":\n\n");
        table(md, DistanceResult::points);
        md.append("\n").append(positionsLine()).append("\n");
        return md.toString();
    }

    /** A table of one measure: a row per bot, a column per number of cards, then all pooled. */
    void table(StringBuilder md, java.util.function.Function<Cell, String> measure) {
        table(md, measure, null);
    }

    /**
     * As {@link #table(StringBuilder, java.util.function.Function)}, at the numbers of cards
     * {@code shown} and without the pooled column (null: every number of cards and the pooled column).
     */
    void table(StringBuilder md, java.util.function.Function<Cell, String> measure, List<Integer> shown) {
        boolean withAll = shown == null;
        List<Integer> columns = withAll ? cards : shown;
        List<Integer> wdl = outcomeOnlyCards();
        md.append("| bot |");
        for (int c : columns) {
            md.append(' ').append(c).append(wdl.contains(c) && !wdl.equals(cards) ? " cards (W/D/L) |" : " cards |");
        }
        md.append(withAll ? " all |\n|---|" : "\n|---|");
        md.append("---:|".repeat(columns.size() + (withAll ? 1 : 0))).append('\n');
        for (String bot : bots) {
            md.append("| ").append(bot).append(" |");
            for (int c : columns) {
                md.append(' ').append(measure.apply(cell(bot, c))).append(" |");
            }
            md.append(withAll ? " " + measure.apply(cell(bot, ALL)) + " |\n" : "\n");
        }
    }

    /** The numbers of cards at which only win/draw/loss was solved (those with a position not solved exactly). */
    public List<Integer> outcomeOnlyCards() {
        return cards.stream().filter(c -> positions.stream().anyMatch(p -> p.cards() == c && !p.exact())).toList();
    }

    /** "14 and 16", "12, 14 and 16". */
    static String joinedCards(List<Integer> cards) {
        List<String> words = cards.stream().map(String::valueOf).toList();
        return words.size() == 1 ? words.get(0)
                : String.join(", ", words.subList(0, words.size() - 1)) + " and " + words.get(words.size() - 1);
    }

    /** Where the positions come from and how many there are, per number of cards. */
    public String positionsLine() {
        List<String> parts = new ArrayList<>();
        // a joined result's numbers of cards come from runs of different sizes: each says its own
        boolean oneSize = cards.stream().allMatch(c -> gamesAt(c) == games);
        for (int i = 0; i < cards.size(); i++) {
            int c = cards.get(i);
            long n = positionsWith(c);
            long canLose = positions.stream().filter(p -> p.cards() == c && p.worstOutcome() < p.outcome()).count();
            boolean wdl = positions.stream().anyMatch(p -> p.cards() == c && !p.exact());
            parts.add(String.format(Locale.ROOT, "%d cards%s: %,d%s (in %,d of them some action gives away value%s)", c,
                    wdl ? " (win/draw/loss only)" : "", n, oneSize ? "" : String.format(Locale.ROOT, " from %,d games",
                            gamesAt(c)),
                    canLose, missing.get(i) == 0 ? "" : String.format(Locale.ROOT, "; %,d games had no decision there",
                            missing.get(i))));
        }
        return String.format(Locale.ROOT, "Positions: one decision point per game and number of cards on the table, drawn "
                        + "uniformly among those with a choice, from %s games of %s vs %s (%s, %s deck, seed %d): %s.",
                oneSize ? String.format(Locale.ROOT, "%,d", games) : "the first", lineup.get(0), lineup.get(1), rules, deck, seed, String.join("; ", parts));
    }

    /** A share difference in percentage points with one decimal and its interval: "+0.8 pp [-0.2, +1.9]". */
    static String shareDifference(PairedComparison c) {
        return Format.signed(100 * c.shareDifference(), 1) + " pp " + signedInterval(c.shareInterval(), 100, 1);
    }

    /** A points-lost difference with two decimals and its interval: "-0.32 [-0.45, -0.19]". */
    static String pointsDifference(PairedComparison c) {
        if (Double.isNaN(c.pointsDifference())) {
            return "not measured";
        }
        return Format.signed(c.pointsDifference(), 2) + " " + signedInterval(c.pointsInterval(), 1, 2);
    }

    private static String signedInterval(Interval i, double scale, int decimals) {
        return Double.isNaN(i.low()) ? "[n/a]" : "[" + Format.signed(scale * i.low(), decimals) + ", "
                + Format.signed(scale * i.high(), decimals) + "]";
    }

    /** A confidence as a percentage, without a trailing ".0": "95%", "99.5%", "99.4%". */
    static String confidence(double c) {
        String s = String.format(Locale.ROOT, "%.1f", 100 * c);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }

    /**
     * What the paired tests support about who gives away game value least often, in one or two
     * sentences: "X gives away game value least often" only when X does so less often than each
     * other bot on the same positions (exact McNemar, Holm over the comparisons); else the bots it
     * is not told apart from, with the differences their intervals leave possible. Empty without
     * a comparison.
     */
    public String pairedVerdict() {
        List<PairedComparison> pairs = pairs();
        if (pairs.isEmpty()) {
            return "";
        }
        String leader = pairs.get(0).leader();
        String family = String.format(Locale.ROOT, "exact McNemar tests on the %,d positions every bot decided, Holm-corrected "
                + "over the %d comparisons", pairs.get(0).positions(), pairs.size());
        List<PairedComparison> apart = pairs.stream().filter(PairedComparison::leaderBetter).toList();
        List<PairedComparison> level = pairs.stream().filter(c -> !c.leaderBetter()).toList();
        if (level.isEmpty()) {
            return String.format(Locale.ROOT, "%s gives away game value least often: on the same positions it gives it "
                    + "away less often than each of the %d other bots (%s).", leader, pairs.size(), family);
        }
        List<String> tied = new ArrayList<>();
        for (PairedComparison c : level) {
            tied.add(String.format(Locale.ROOT, "%s (%s; only it gives away value in %,d decisions, only %s in %,d; "
                    + "Holm-adjusted %s%s)", c.other(), shareDifference(c), c.onlyOther(), leader, c.onlyLeader(),
                    PValue.text(c.holm(), 3), resolving(c)));
        }
        // a bot that gave value away as often as the leader shares the lead: "least often" would be false even here
        List<String> equal = pairs.stream().filter(c -> c.onlyLeader() == c.onlyOther()).map(PairedComparison::other)
                .toList();
        String lead = equal.isEmpty() ? leader + " gives away game value least often in this sample, but"
                : leader + " gives away game value as seldom as " + String.join(", ", equal) + " in this sample, and";
        String out = String.format(Locale.ROOT, "%s on the same positions it is not told apart from %s (%s): %s. Each "
                        + "difference is that bot's share minus %s's, with the interval that goes with its verdict: "
                        + "differences beyond it are excluded.", lead,
                level.size() == 1 ? "1 other bot" : level.size() + " other bots", family, String.join("; ", tied), leader);
        if (!apart.isEmpty()) {
            out += " It gives away value less often than " + String.join(", ", apart.stream()
                    .map(PairedComparison::other).toList()) + ".";
        }
        return out;
    }

    /**
     * What a tie leaves open, for the sentence of a comparison not told apart: the largest
     * difference the sample still allows (its interval's far end, beyond which differences are
     * excluded), and about how many positions would tell the observed difference apart
     * ({@link PairedComparison#positionsToResolve}, 80% power at the level of its Holm step).
     */
    static String resolving(PairedComparison c) {
        double far = Math.abs(c.shareInterval().low()) > Math.abs(c.shareInterval().high()) ? c.shareInterval().low()
                : c.shareInterval().high();
        String out = Double.isNaN(far) ? "" : "; a difference beyond " + Format.signed(100 * far, 1) + " pp is excluded";
        double need = c.positionsToResolve(1 - c.shareConfidence(), RESOLVING_POWER);
        if (Double.isFinite(need) && need > c.positions()) {
            out += String.format(Locale.ROOT, ", and about %,d positions would resolve one of %s pp at this rate of "
                    + "disagreement", (long) need, Format.signed(100 * c.shareDifference(), 1));
        }
        return out;
    }

    /** The power at which {@link #resolving} sizes a sample. */
    static final double RESOLVING_POWER = 0.8;

    /**
     * Points lost against shares, in one or two sentences: the bot that loses the fewest points
     * per decision, and, when it is not the one that gives away value least often, their paired
     * difference (95%, a description: no verdict drawn). Empty without a comparison.
     */
    public String pointsVerdict() {
        List<PairedComparison> pairs = pairs();
        if (pairs.isEmpty()) {
            return "";
        }
        String leader = pairs.get(0).leader();
        Cell own = cell(leader, ALL);
        if (own.measured() == 0) {
            return "Points lost are not measured here: only each action's win/draw/loss was solved.";
        }
        Cell fewest = own;
        for (String b : bots) {
            Cell c = cell(b, ALL);
            if (c.pointsLost() < fewest.pointsLost()) {
                fewest = c;
            }
        }
        if (fewest == own) {
            return String.format(Locale.ROOT, "%s also loses the fewest points per decision, %s.", leader, points(own));
        }
        String other = fewest.bot();
        PairedComparison pair = pairs.stream().filter(c -> c.other().equals(other)).findFirst().orElseThrow();
        return String.format(Locale.ROOT, "Points lost rank the bots otherwise: %s loses %s points per decision, %s the "
                        + "fewest, %s; on the same positions %s minus %s is %s points per decision (95%%, not corrected "
                        + "for the comparisons).", leader, points(own), other, points(fewest), other, leader,
                pointsDifference(pair));
    }

    /** The paired comparisons as a Markdown table, with its caption; empty without a comparison. */
    public String pairedTable() {
        List<PairedComparison> pairs = pairs();
        if (pairs.isEmpty()) {
            return "";
        }
        String leader = pairs.get(0).leader();
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "**Paired on the same positions**: %s, which gives away game value least "
                + "often, against each other bot (all numbers of cards pooled, %,d positions). Two bots differ only "
                + "where one gives away value and the other does not; the exact McNemar test asks whether those "
                + "decisions split evenly, and its p-values are Holm-adjusted over the %d comparisons. The share "
                + "difference (the bot's share minus %s's, in percentage points) has the interval that goes with its "
                + "verdict: the exact (Clopper–Pearson) interval of how those decisions split, at confidence 1 − 5%%/k "
                + "(k the Holm step that decided the test), scaled to all the positions, so it leaves 0 out exactly when "
                + "the verdict says the two differ; the points-lost difference (the "
                + "bot's mean minus %s's, over the positions solved exactly) has its 95%% interval, not corrected.\n\n", leader, pairs.get(0).positions(),
                pairs.size(), leader, leader));
        md.append("| bot | only ").append(leader).append(" gives away value | only the bot gives away value | exact "
                + "McNemar p | Holm-adjusted p | verdict | share difference (confidence) | points-lost difference (95%) |\n");
        md.append("|---|---:|---:|---:|---:|---|---:|---:|\n");
        for (PairedComparison c : pairs) {
            md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %s | %s | %s | %s (%s) | %s |\n", c.other(),
                    c.onlyLeader(), c.onlyOther(), PValue.value(c.p(), 3), PValue.value(c.holm(), 3),
                    c.leaderBetter() ? leader + " less often" : "not told apart", shareDifference(c),
                    confidence(c.shareConfidence()), pointsDifference(c)));
        }
        return md.toString();
    }

    /**
     * What the paired tests say, as the page and the README give it: the verdicts in words, shares
     * against points lost, and the table. Empty without a comparison.
     */
    public String paired() {
        String table = pairedTable();
        if (table.isEmpty()) {
            return "";
        }
        return "**Which bot is closest?** " + pairedVerdict() + " " + pointsVerdict() + " The two measures answer "
                + "different questions: the share counts how often a decision changes the outcome under best play (a win "
                + "into a draw or a loss, a draw into a loss), points lost count how much final margin each decision "
                + "costs, outcome changed or not. A bot that keeps the outcome but gives up margin it does not try to "
                + "keep (`pimc` ranks actions by wins and draws) can lead on the first and not on the second.\n\n" + table;
    }

    /** The plain-text report (what the command prints): the answer first, then the tables it rests on. */
    public String text() {
        String verdict = (pairedVerdict() + " " + pointsVerdict()).trim();
        return "Distance from perfect play (the exact solver of the open game)\n\n" + answer() + "\n\n"
                + (verdict.isEmpty() ? "" : verdict + "\n\n") + tables() + (pairs().isEmpty() ? "" : "\n" + pairedTable());
    }

    /**
     * The answer to "how close to perfect play?": each bot's share of decisions that give away game
     * value and its mean points lost, all numbers of cards pooled, fewest given away first. The order
     * alone claims nothing: what the paired tests support is {@link #pairedVerdict()}.
     */
    public String answer() {
        List<Cell> pooled = new ArrayList<>();
        for (String bot : bots) {
            pooled.add(cell(bot, ALL));
        }
        pooled.sort(Comparator.comparingDouble(c -> c.decisions() == 0 ? Double.POSITIVE_INFINITY : c.share()));
        List<String> parts = new ArrayList<>();
        for (Cell c : pooled) {
            parts.add(c.bot() + " gives away game value in " + share(c) + " of its decisions" + (c.measured() == 0
                    ? " (points lost not measured)" : ", losing " + points(c) + " points per decision"));
        }
        return "how close to perfect play are the bots? " + String.join("; ", parts) + " (all numbers of cards pooled, "
                + "95% intervals)";
    }
}

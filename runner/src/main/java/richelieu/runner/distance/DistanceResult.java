package richelieu.runner.distance;

import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;
import richelieu.engine.record.GameRecord;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.Proportions;
import richelieu.runner.text.Format;
import richelieu.strategies.BotSpec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The distance study's result: the sampled positions with every bot's choice (the raw data), and
 * computed once from them, per bot and number of cards, the two measures with their 95%
 * intervals ({@link Cell}); rendered as JSON, text and the Markdown page.
 *
 * @param format  {@value #FORMAT}
 * @param command the command line that made it ("" when not told)
 * @param bots    the bots measured (their labels), in order
 * @param lineup  the two bots whose games give the positions
 * @param cards   the numbers of cards on the table sampled
 * @param missing per number of cards, the games that had no decision point there
 * @param records the lineup's games (line g is game g)
 */
public record DistanceResult(String format, String command, long seed, String rules, String deck, List<String> bots, List<String> lineup,
                             int games, List<Integer> cards, List<Integer> missing,
                             List<DistanceStudy.Position> positions, List<Cell> cells, List<GameRecord> records) {
    public static final String FORMAT = "richelieu-distance/1";
    /** {@link Cell#cards} of the cells that pool every number of cards. */
    public static final int ALL = 0;
    static final double CONFIDENCE = 0.95;

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
     * @param optimal   decisions on a best action (no point lost)
     * @param critical  decisions where some action gives away game value (the only ones where the bot can)
     * @param criticalShare givesAway / critical, with its Wilson interval
     */
    public record Cell(String bot, int cards, long decisions, long givesAway, double share, Interval shareInterval,
                       double pointsLost, Interval pointsLostInterval, int bound, long optimal, long critical,
                       double criticalShare, Interval criticalInterval) {
    }

    static DistanceResult of(DistanceStudy.Settings s, List<DistanceStudy.Unit> units) {
        List<DistanceStudy.Position> positions = new ArrayList<>();
        List<GameRecord> records = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int c : s.cards()) {
            missing.add(0);
        }
        for (DistanceStudy.Unit u : units) {
            records.add(u.record());
            positions.addAll(u.positions());
            for (int c : u.missing()) {
                int i = s.cards().indexOf(c);
                missing.set(i, missing.get(i) + 1);
            }
        }
        // positions by number of cards, then game (units come in game order)
        List<DistanceStudy.Position> ordered = new ArrayList<>();
        for (int c : s.cards()) {
            for (DistanceStudy.Position p : positions) {
                if (p.cards() == c) {
                    ordered.add(p);
                }
            }
        }
        return of(s.seed(), s.rules().describe(), s.deck().name(), s.bots().stream().map(BotSpec::label).toList(),
                s.lineup().stream().map(BotSpec::label).toList(), s.games(), s.cards(), missing, ordered, records);
    }

    /** The result of these positions, its statistics computed from them. */
    static DistanceResult of(long seed, String rules, String deck, List<String> bots, List<String> lineup, int games,
                             List<Integer> cards, List<Integer> missing, List<DistanceStudy.Position> positions,
                             List<GameRecord> records) {
        List<Cell> cells = new ArrayList<>();
        for (int b = 0; b < bots.size(); b++) {
            for (int c : cards) {
                cells.add(cell(bots.get(b), b, c, positions));
            }
            cells.add(cell(bots.get(b), b, ALL, positions));
        }
        return new DistanceResult(FORMAT, "", seed, rules, deck, List.copyOf(bots), List.copyOf(lineup), games,
                List.copyOf(cards), List.copyOf(missing), List.copyOf(positions), cells, List.copyOf(records));
    }

    private static Cell cell(String bot, int b, int cards, List<DistanceStudy.Position> positions) {
        long n = 0;
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
            long lost = p.best() - c.margin();
            n++;
            away += c.outcome() < p.outcome() ? 1 : 0;
            sum += lost;
            squares += lost * lost;
            optimal += lost == 0 ? 1 : 0;
            critical += p.worstOutcome() < p.outcome() ? 1 : 0;
            bound = Math.max(bound, p.best() - p.worst());
        }
        Interval share = n == 0 ? Interval.UNDEFINED : Proportions.wilson(away, n, CONFIDENCE);
        // every loss lies in [0, bound]; a bound of 0 (no position with a worse action) still needs a range
        BoundedMean lost = BoundedMean.fromSums(n, sum, squares, 1, 0, Math.max(1, bound));
        return new Cell(bot, cards, n, away, n == 0 ? Double.NaN : (double) away / n, share, lost.mean(),
                lost.interval(CONFIDENCE), bound, optimal, critical, critical == 0 ? Double.NaN : (double) away / critical,
                critical == 0 ? Interval.UNDEFINED : Proportions.wilson(away, critical, CONFIDENCE));
    }

    /** The same result, made by {@code command}. */
    public DistanceResult withCommand(String command) {
        return new DistanceResult(format, command, seed, rules, deck, bots, lineup, games, cards, missing, positions, cells,
                records);
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

    /** Positions sampled with {@code cards} on the table ({@link #ALL}: all). */
    public long positionsWith(int cards) {
        return positions.stream().filter(p -> cards == ALL || p.cards() == cards).count();
    }

    // ------------------------------------------------------------------ JSON

    /** The result as JSON (every position with every bot's choice, then the statistics; the records apart). */
    public String toJson() {
        ObjectNode root = ResultFile.MAPPER.createObjectNode();
        root.put("format", format);
        root.put("command", command);
        root.put("seed", seed);
        root.put("rules", rules);
        root.put("deck", deck);
        ArrayNode b = root.putArray("bots");
        bots.forEach(b::add);
        ArrayNode l = root.putArray("lineup");
        lineup.forEach(l::add);
        root.put("games", games);
        ArrayNode c = root.putArray("cards");
        cards.forEach(c::add);
        ArrayNode m = root.putArray("missing");
        missing.forEach(m::add);
        ArrayNode stats = root.putArray("statistics");
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
            n.put("optimal", cell.optimal());
            n.put("critical", cell.critical());
            putNumber(n, "criticalShare", cell.criticalShare());
            putNumber(n, "criticalLow", cell.criticalInterval().low());
            putNumber(n, "criticalHigh", cell.criticalInterval().high());
        }
        ArrayNode ps = root.putArray("positions");
        for (DistanceStudy.Position p : positions) {
            ObjectNode n = ps.addObject();
            n.put("game", p.game());
            n.put("step", p.step());
            n.put("cards", p.cards());
            n.put("seat", p.seat());
            n.put("legal", p.legal());
            n.put("best", p.best());
            n.put("worst", p.worst());
            n.put("outcome", p.outcome());
            n.put("worstOutcome", p.worstOutcome());
            ArrayNode ch = n.putArray("choices");
            for (DistanceStudy.Choice x : p.choices()) {
                ArrayNode a = ch.addArray();
                a.add(x.action());
                a.add(x.margin());
                a.add(x.outcome());
            }
        }
        try {
            // objects one field a line, arrays on one line: a position is a few lines, not fifty
            return ResultFile.MAPPER.writer(new DefaultPrettyPrinter()
                    .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance)).writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void putNumber(ObjectNode n, String name, double x) {
        if (Double.isNaN(x)) {
            n.putNull(name);
        } else {
            n.put(name, Math.round(x * 1e6) / 1e6);
        }
    }

    /** The lineup's games as a records file ({@code replay}, {@code view}, {@code solve} read it). */
    public String recordsText() {
        StringBuilder sb = new StringBuilder();
        for (GameRecord r : records) {
            sb.append(r.toJson()).append('\n');
        }
        return sb.toString();
    }

    /**
     * A result file written by {@link #toJson}: its positions, the statistics computed again from
     * them (the file's own statistics block is what this computes; a test holds the committed file
     * to it), without the lineup's records. A bad file is one line naming the field.
     */
    public static DistanceResult read(Path file) {
        try {
            JsonNode root = Json.readTree(Json.readFile(file, Json.MAX_DOCUMENT_BYTES));
            if (!FORMAT.equals(root.path("format").asText())) {
                throw new IllegalArgumentException("\"format\" must be " + FORMAT);
            }
            List<String> bots = texts(root, "bots");
            List<Integer> cards = new ArrayList<>();
            for (JsonNode c : Json.arrayValue(root.get("cards"), "\"cards\"", 1, DistanceStudy.MAX_CARDS)) {
                cards.add(Json.intValue(c, "\"cards\"", 1, DistanceStudy.MAX_CARDS));
            }
            List<Integer> missing = new ArrayList<>();
            for (JsonNode c : Json.arrayValue(root.get("missing"), "\"missing\"", cards.size(), cards.size())) {
                missing.add(Json.intValue(c, "\"missing\"", 0, Integer.MAX_VALUE));
            }
            List<DistanceStudy.Position> positions = new ArrayList<>();
            for (JsonNode p : Json.arrayValue(root.get("positions"), "\"positions\"", 0, Integer.MAX_VALUE)) {
                List<DistanceStudy.Choice> choices = new ArrayList<>();
                for (JsonNode ch : Json.arrayValue(p.get("choices"), "\"choices\"", bots.size(), bots.size())) {
                    Json.arrayValue(ch, "a choice", 3, 3);
                    choices.add(new DistanceStudy.Choice(Json.textValue(ch.get(0), "a choice's action"),
                            Json.intValue(ch.get(1), "a choice's margin", -1000, 1000),
                            Json.intValue(ch.get(2), "a choice's outcome", -1, 1)));
                }
                int best = Json.intField(p, "best", -1000, 1000);
                for (DistanceStudy.Choice ch : choices) {
                    if (ch.margin() > best) {
                        throw new IllegalArgumentException("a choice's margin exceeds its position's best");
                    }
                }
                int c = Json.intField(p, "cards", 1, DistanceStudy.MAX_CARDS);
                if (!cards.contains(c)) {
                    throw new IllegalArgumentException("a position has " + c + " cards, not one of \"cards\"");
                }
                positions.add(new DistanceStudy.Position(Json.intField(p, "game", 0, Integer.MAX_VALUE),
                        Json.intField(p, "step", 0, 100_000), c, Json.intField(p, "seat", 0, 1),
                        Json.intField(p, "legal", 2, 10_000), best, Json.intField(p, "worst", -1000, best),
                        Json.intField(p, "outcome", -1, 1), Json.intField(p, "worstOutcome", -1, 1), choices));
            }
            String command = root.has("command") ? Json.text(root, "command") : "";
            return of(Json.longInteger(root, "seed"), Json.text(root, "rules"), Json.text(root, "deck"), bots,
                    texts(root, "lineup"), Json.intField(root, "games", 0, Integer.MAX_VALUE), cards, missing, positions,
                    List.of()).withCommand(command);
        } catch (IOException e) {
            throw new UserError(file + ": cannot read it (" + Json.reason(e) + ")");
        } catch (Json.BadJson | IllegalArgumentException e) {
            throw new UserError(file + ": not a distance result (" + e.getMessage() + ")");
        }
    }

    private static List<String> texts(JsonNode root, String field) {
        List<String> out = new ArrayList<>();
        for (JsonNode b : Json.arrayValue(root.get(field), "\"" + field + "\"", 1, 10_000)) {
            out.add(Json.textValue(b, "\"" + field + "\""));
        }
        return out;
    }

    // ------------------------------------------------------------------ text

    /** A share with its interval, or "–" without decisions: "12.5% [8.1, 18.7]". */
    static String share(Cell c) {
        return c.decisions() == 0 ? "–" : Format.pct(c.share()) + " " + Format.pctInterval(c.shareInterval());
    }

    /** The share among the decisions where value can be given away, or "–" where it cannot. */
    static String criticalShare(Cell c) {
        return c.critical() == 0 ? "–" : Format.pct(c.criticalShare()) + " " + Format.pctInterval(c.criticalInterval());
    }

    /** Mean points lost with its interval, or "–": "0.41 [0.22, 0.60]". */
    static String points(Cell c) {
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
        md.append("\n**Mean points lost per decision** against the open solver's best action (the final margin "
                + "under best play after the best action minus after the bot's; 95% interval):\n\n");
        table(md, DistanceResult::points);
        md.append("\n").append(positionsLine()).append("\n");
        return md.toString();
    }

    /** A table of one measure: a row per bot, a column per number of cards, then all pooled. */
    private void table(StringBuilder md, java.util.function.Function<Cell, String> measure) {
        md.append("| bot |");
        for (int c : cards) {
            md.append(' ').append(c).append(" cards |");
        }
        md.append(" all |\n|---|");
        md.append("---:|".repeat(cards.size() + 1)).append('\n');
        for (String bot : bots) {
            md.append("| ").append(bot).append(" |");
            for (int c : cards) {
                md.append(' ').append(measure.apply(cell(bot, c))).append(" |");
            }
            md.append(' ').append(measure.apply(cell(bot, ALL))).append(" |\n");
        }
    }

    /** Where the positions come from and how many there are, per number of cards. */
    public String positionsLine() {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < cards.size(); i++) {
            int c = cards.get(i);
            long n = positionsWith(c);
            long canLose = positions.stream().filter(p -> p.cards() == c && p.worstOutcome() < p.outcome()).count();
            parts.add(String.format(Locale.ROOT, "%d cards: %,d (in %,d of them some action gives away value%s)", c, n,
                    canLose, missing.get(i) == 0 ? "" : String.format(Locale.ROOT, "; %,d games had no decision there",
                            missing.get(i))));
        }
        return String.format(Locale.ROOT, "Positions: one decision point per game and number of cards on the table, drawn "
                        + "uniformly among those with a choice, from %,d games of %s vs %s (%s, %s deck, seed %d): %s.",
                games, lineup.get(0), lineup.get(1), rules, deck, seed, String.join("; ", parts));
    }

    /** The plain-text report (what the command prints): the answer first, then the tables it rests on. */
    public String text() {
        return "Distance from perfect play (the exact solver of the open game)\n\n" + answer() + "\n\n" + tables();
    }

    /**
     * The answer to "how close to perfect play?": each bot's share of decisions that give away game
     * value and its mean points lost, all numbers of cards pooled, fewest given away first. The order
     * alone claims nothing: two bots whose intervals overlap are not told apart.
     */
    public String answer() {
        List<Cell> pooled = new ArrayList<>();
        for (String bot : bots) {
            pooled.add(cell(bot, ALL));
        }
        pooled.sort(Comparator.comparingDouble(c -> c.decisions() == 0 ? Double.POSITIVE_INFINITY : c.share()));
        List<String> parts = new ArrayList<>();
        for (Cell c : pooled) {
            parts.add(c.bot() + " gives away game value in " + share(c) + " of its decisions, losing " + points(c)
                    + " points per decision");
        }
        return "how close to perfect play are the bots? " + String.join("; ", parts) + " (all numbers of cards pooled, "
                + "95% intervals; bots whose intervals overlap are not told apart)";
    }
}

package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.engine.json.Json;
import richelieu.engine.record.GameJson;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything that determines a run's games, as stored in its result file: the command, bots,
 * rules, deck, master seed, deals, lineups, pairing, the unit range of this shard, and the
 * study's own settings (typed by the study kind). Threads are deliberately absent: they never
 * change a result.
 *
 * <p>What a run plays is a pure function of these. The run is cut into <em>units</em>,
 * numbered 0…{@link #units()}−1: unit {@code u} plays deal {@code u / lineups} with lineup
 * {@code u % lineups}, once per rule set and seat rotation. So every lineup meets the same
 * deals, paired games of a unit share their deal, and a unit is the grain of sharding,
 * resuming and ordering. The bots that play them are a {@link Plan}'s.
 *
 * @param bots     the bots' specs as the user typed them (lineups refer to them by index)
 * @param ruleSets one rule set, or several played on the same deals (e.g. base vs three-row)
 * @param lineups  bot index per seat, one array per lineup
 * @param pairing  how seats rotate over a deal
 */
public record RunConfig(String command, List<String> bots, List<Rules> ruleSets, Deck deck, long seed, long deals,
                        List<int[]> lineups, Pairing pairing, long from, long to, int shardIndex, int shardCount,
                        StudySettings settings) {

    /** How a lineup's seats are used across a deal. */
    public enum Pairing {
        /** Every cyclic rotation of the lineup plays the deal (2 players: the deal twice, seats swapped). */
        ROTATE,
        /** The deal is played once, the lineup rotated by the deal's number (seats alternate across deals). */
        ALTERNATE,
        /** The deal is played once with the lineup as given (self-play studies). */
        FIXED
    }

    public RunConfig {
        bots = List.copyOf(bots);
        ruleSets = List.copyOf(ruleSets);
        lineups = List.copyOf(lineups);
        Objects.requireNonNull(settings, "settings");
        int players = ruleSets.get(0).players();
        for (Rules r : ruleSets) {
            if (r.players() != players) {
                throw new IllegalArgumentException("all rule sets of a run have the same player count");
            }
        }
        for (int[] l : lineups) {
            if (l.length != players) {
                throw new IllegalArgumentException("a lineup seats " + players + " bots");
            }
        }
    }

    /** The names shown in tables, charts and statistics: each bot's label (see SpecText#labelOf). */
    public List<String> labels() {
        return bots.stream().map(richelieu.strategies.SpecText::labelOf).toList();
    }

    /**
     * This run as every output shows it: each bot under its shipped name ({@link Bots#shippedName}:
     * {@code ismcts2:mast=0.5} is shown as {@code ismcts-mast}), this config itself when no bot has
     * another name. Bots that are different specs stay apart: where two would show the same name,
     * both keep their own. The result file keeps the bots as they were played.
     */
    public RunConfig shown() {
        List<String> names = new ArrayList<>();
        for (String b : bots) {
            names.add(Shipped.BOTS.shippedName(b));
        }
        for (int i = 0; i < names.size(); i++) {
            for (int j = 0; j < names.size(); j++) {
                if (!bots.get(i).equals(bots.get(j)) && names.get(i).equals(names.get(j))) {
                    names.set(i, bots.get(i));
                }
            }
        }
        return names.equals(bots) ? this : withBots(names);
    }

    /** The shipped bots, which name what every output shows (loaded once; they never change). */
    private static final class Shipped {
        static final Bots BOTS = Bots.standard();
    }

    public long units() {
        return deals * lineups.size();
    }

    /** Players per game. */
    public int players() {
        return ruleSets.get(0).players();
    }

    /** Seat rotations played per rule set in a unit. */
    public int rotations() {
        return pairing == Pairing.ROTATE ? players() : 1;
    }

    /** Games per unit: each rule set, in every seat rotation the pairing plays. */
    public int gamesPerUnit() {
        return ruleSets.size() * rotations();
    }

    /** Games of the whole run (every shard). */
    public long games() {
        return units() * gamesPerUnit();
    }

    public long dealOf(long unit) {
        return unit / lineups.size();
    }

    public int lineupOf(long unit) {
        return (int) (unit % lineups.size());
    }

    /** The seats of game {@code game} of a unit: the lineup rotated left by the rotation. */
    public int[] seatBots(long unit, int game) {
        int[] lineup = lineups.get(lineupOf(unit));
        int k = lineup.length;
        int rot = switch (pairing) {
            case ROTATE -> game % rotations();
            case ALTERNATE -> (int) (dealOf(unit) % k);
            case FIXED -> 0;
        };
        int[] seats = new int[k];
        for (int s = 0; s < k; s++) {
            seats[s] = lineup[(s + rot) % k];
        }
        return seats;
    }

    /** Rule set index of game {@code game} of a unit. */
    public int ruleSetOf(int game) {
        return game / rotations();
    }

    /** The same run with other bots (as many; e.g. a tuner's points of one iteration). */
    public RunConfig withBots(List<String> bots) {
        return new RunConfig(command, bots, ruleSets, deck, seed, deals, lineups, pairing, from, to, shardIndex,
                shardCount, settings);
    }

    /**
     * This whole run made {@code deals} deals long: the same units first, then the new ones (unit u
     * plays deal u / lineups whatever the run's size).
     *
     * @throws IllegalArgumentException, one line, if this is a shard, or has more deals
     */
    public RunConfig extendedTo(long deals) {
        if (shardCount != 1 || from != 0 || to != units()) {
            throw new IllegalArgumentException("it holds units " + from + ".." + (to - 1) + " (shard " + (shardIndex + 1) + "/"
                    + shardCount + "), not a whole run; merge its shards first");
        }
        if (deals < this.deals) {
            throw new IllegalArgumentException("it holds a run of " + this.deals + " deals, which can be extended, not cut, to "
                    + deals);
        }
        if (deals > MAX_UNITS / lineups.size()) {
            throw new IllegalArgumentException(deals + " deals x " + lineups.size() + " lineups is more than " + MAX_UNITS
                    + " units");
        }
        return new RunConfig(command, bots, ruleSets, deck, seed, deals, lineups, pairing, 0, deals * lineups.size(), 0, 1,
                settings);
    }

    /** This run with its bots made by {@code registry} (each spec parsed: a refused one throws). */
    public Plan plan(Bots registry) {
        return Plan.of(this, registry, settings.toJson());
    }

    /** True if two configs describe parts of the same run (they may differ in shard and range only). */
    public boolean sameRunAs(RunConfig o) {
        return difference(o, false) == null;
    }

    /**
     * The first way this config ("the command line") differs from {@code o} ("the file"), as
     * a phrase naming both values, or null if they describe the same run (with {@code range}:
     * also the same shard and unit range).
     */
    public String difference(RunConfig o, boolean range) {
        if (!command.equals(o.command)) {
            return "command: " + command + " vs " + o.command;
        }
        if (!bots.equals(o.bots)) {
            return "bots: " + String.join(", ", bots) + " on the command line, " + String.join(", ", o.bots) + " in the file";
        }
        if (!ruleSets.equals(o.ruleSets)) {
            return "rules: " + ruleSets + " vs " + o.ruleSets;
        }
        if (!deck.cards().equals(o.deck.cards())) {
            return "deck: " + deck.name() + " vs " + o.deck.name() + " (the cards differ)";
        }
        if (seed != o.seed) {
            return "seed: " + seed + " vs " + o.seed;
        }
        if (deals != o.deals) {
            return "deals: " + deals + " vs " + o.deals;
        }
        if (pairing != o.pairing) {
            return "pairing: " + pairing + " vs " + o.pairing;
        }
        if (!settings.equals(o.settings)) {
            return "settings: " + settings.toJson() + " vs " + o.settings.toJson();
        }
        if (lineups.size() != o.lineups.size()) {
            return "lineups: " + lineups.size() + " vs " + o.lineups.size() + " (players differ)";
        }
        for (int i = 0; i < lineups.size(); i++) {
            if (!java.util.Arrays.equals(lineups.get(i), o.lineups.get(i))) {
                return "lineup " + i + ": " + java.util.Arrays.toString(lineups.get(i)) + " vs "
                        + java.util.Arrays.toString(o.lineups.get(i));
            }
        }
        if (range && (from != o.from || to != o.to)) {
            return "shard: units " + from + ".." + (to - 1) + " vs " + o.from + ".." + (o.to - 1);
        }
        return null;
    }

    // ------------------------------------------------------------------ JSON

    public ObjectNode toJson(ObjectMapper m) {
        ObjectNode n = m.createObjectNode();
        n.put("command", command);
        ArrayNode b = n.putArray("bots");
        bots.forEach(b::add);
        n.put("players", ruleSets.get(0).players());
        ArrayNode rs = n.putArray("rules");
        for (Rules r : ruleSets) {
            rs.add(GameJson.rulesNode(r));
        }
        n.set("deck", deckJson(m, deck));
        n.put("seed", seed);
        n.put("deals", deals);
        ArrayNode ls = n.putArray("lineups");
        for (int[] l : lineups) {
            ArrayNode a = ls.addArray();
            for (int x : l) {
                a.add(x);
            }
        }
        n.put("pairing", pairing.name().toLowerCase(java.util.Locale.ROOT));
        n.put("units", units());
        ObjectNode sh = n.putObject("shard");
        sh.put("index", shardIndex);
        sh.put("count", shardCount);
        sh.put("from", from);
        sh.put("to", to);
        ObjectNode s = n.putObject("settings");
        settings.toJson().forEach(s::put);
        return n;
    }

    /** The most units a run may have: far beyond any real run, and small enough that no count overflows. */
    public static final long MAX_UNITS = 1L << 48;

    /**
     * Reads a configuration, checking every field (types, ranges, lineup indices, the shard
     * range, the study's settings by {@code settings}); a problem is an
     * {@link IllegalArgumentException} naming the field.
     */
    public static RunConfig fromJson(JsonNode n, StudySettings.Reader settings) {
        Json.objectValue(n, "config");
        String command = Json.textValue(n.get("command"), "config.command");
        List<String> bots = new ArrayList<>();
        JsonNode b = Json.arrayValue(n.get("bots"), "config.bots", 1, 1024);
        for (int i = 0; i < b.size(); i++) {
            bots.add(Json.textValue(b.get(i), "config.bots[" + i + "]"));
        }
        int players = (int) Json.longValue(n.get("players"), "config.players", 2, 4);
        List<Rules> rules = new ArrayList<>();
        JsonNode rs = Json.arrayValue(n.get("rules"), "config.rules", 1, 16);
        for (int i = 0; i < rs.size(); i++) {
            Rules r;
            try {
                r = GameJson.readRules(Json.objectValue(rs.get(i), "config.rules[" + i + "]"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("config.rules[" + i + "]: " + e.getMessage(), e);
            }
            if (r.players() != players) {
                throw new IllegalArgumentException("config.rules[" + i + "]: " + r.players() + " players, not " + players);
            }
            rules.add(r);
        }
        Deck deck = Deck.parse(Json.objectValue(n.get("deck"), "config.deck").toString());
        long seed = Json.longValue(n.get("seed"), "config.seed", Long.MIN_VALUE, Long.MAX_VALUE);
        long deals = Json.longValue(n.get("deals"), "config.deals", 1, MAX_UNITS);
        List<int[]> lineups = new ArrayList<>();
        JsonNode ls = Json.arrayValue(n.get("lineups"), "config.lineups", 1, 1 << 20);
        for (int i = 0; i < ls.size(); i++) {
            JsonNode l = Json.arrayValue(ls.get(i), "config.lineups[" + i + "]", players, players);
            int[] a = new int[players];
            for (int s = 0; s < players; s++) {
                a[s] = (int) Json.longValue(l.get(s), "config.lineups[" + i + "][" + s + "]", 0, bots.size() - 1);
            }
            lineups.add(a);
        }
        if (deals > MAX_UNITS / lineups.size()) {
            throw new IllegalArgumentException("config.deals: " + deals + " deals x " + lineups.size()
                    + " lineups is more than " + MAX_UNITS + " units");
        }
        long units = deals * lineups.size();
        if (n.has("units")) {
            Json.longValue(n.get("units"), "config.units", units, units);
        }
        String pairingText = Json.textValue(n.get("pairing"), "config.pairing");
        Pairing pairing = null;
        for (Pairing p : Pairing.values()) {
            if (p.name().toLowerCase(java.util.Locale.ROOT).equals(pairingText)) {
                pairing = p;
            }
        }
        if (pairing == null) {
            throw new IllegalArgumentException("config.pairing: must be rotate, alternate or fixed, not '" + pairingText + "'");
        }
        JsonNode sh = Json.objectValue(n.get("shard"), "config.shard");
        int count = (int) Json.longValue(sh.get("count"), "config.shard.count", 1, Integer.MAX_VALUE);
        int index = (int) Json.longValue(sh.get("index"), "config.shard.index", 0, count - 1);
        long from = Json.longValue(sh.get("from"), "config.shard.from", 0, units);
        long to = Json.longValue(sh.get("to"), "config.shard.to", from, units);
        StudySettings studySettings = settings.read(command, n.get("settings"));
        return new RunConfig(command, bots, rules, deck, seed, deals, lineups, pairing, from, to, index, count,
                studySettings);
    }

    /**
     * The plan of a stored configuration, its bots named by {@code registry}: all that a machine
     * playing its units needs. The study's settings, which never change a game, are not typed here
     * (that is the study's, a layer above); a study that measures its units gets them as stored
     * ({@link UnitMeasure.Provider#open}).
     */
    public static Plan planOf(JsonNode config, Bots registry) {
        java.util.SortedMap<String, String> stored = new java.util.TreeMap<>();
        JsonNode s = config.get("settings");
        if (s != null && s.isObject()) {
            s.fields().forEachRemaining(e -> stored.put(e.getKey(), e.getValue().asText()));
        }
        return Plan.of(fromJson(config, (command, settings) -> StudySettings.NONE), registry, stored);
    }

    static JsonNode deckJson(ObjectMapper m, Deck d) {
        try {
            return m.readTree(d.toJson());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

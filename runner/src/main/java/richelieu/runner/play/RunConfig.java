package richelieu.runner.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.engine.record.Json;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that determines a run's games, as stored in its result file: the command, bots,
 * rules, deck, master seed, deals, lineups, pairing, the unit range of this shard, and
 * command-specific settings. Threads are deliberately absent: they never change a result.
 */
public record RunConfig(String command, List<String> bots, List<Rules> ruleSets, Deck deck, long seed, long deals,
                        List<int[]> lineups, Plan.Pairing pairing, long from, long to, int shardIndex, int shardCount,
                        Map<String, String> settings) {

    public RunConfig {
        bots = List.copyOf(bots);
        ruleSets = List.copyOf(ruleSets);
        lineups = List.copyOf(lineups);
        settings = Map.copyOf(settings);
    }

    /** The names shown in tables, charts and statistics: each bot's label (see BotSpec#labelOf). */
    public List<String> labels() {
        return bots.stream().map(richelieu.strategies.BotSpec::labelOf).toList();
    }

    public long units() {
        return deals * lineups.size();
    }

    /** Resolves the bot labels with the registry and builds the plan. */
    public Plan plan(Bots registry) {
        List<BotSpec> specs = new ArrayList<>();
        for (String b : bots) {
            specs.add(registry.parse(b));
        }
        return new Plan(specs, ruleSets, deck, seed, deals, lineups, pairing);
    }

    /** True if two configs describe parts of the same run (they may differ in shard and range only). */
    public boolean sameRunAs(RunConfig o) {
        if (!command.equals(o.command) || !bots.equals(o.bots) || !ruleSets.equals(o.ruleSets)
                || !deck.cards().equals(o.deck.cards()) || seed != o.seed || deals != o.deals
                || pairing != o.pairing || !settings.equals(o.settings) || lineups.size() != o.lineups.size()) {
            return false;
        }
        for (int i = 0; i < lineups.size(); i++) {
            if (!java.util.Arrays.equals(lineups.get(i), o.lineups.get(i))) {
                return false;
            }
        }
        return true;
    }

    public String setting(String key, String fallback) {
        return settings.getOrDefault(key, fallback);
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
            rs.add(Json.rulesNode(r));
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
        new java.util.TreeMap<>(settings).forEach(s::put);
        return n;
    }

    public static RunConfig fromJson(JsonNode n) {
        List<String> bots = new ArrayList<>();
        n.get("bots").forEach(x -> bots.add(x.asText()));
        List<Rules> rules = new ArrayList<>();
        n.get("rules").forEach(x -> rules.add(Json.readRules(x)));
        Deck deck = Deck.parse(n.get("deck").toString());
        List<int[]> lineups = new ArrayList<>();
        for (JsonNode l : n.get("lineups")) {
            int[] a = new int[l.size()];
            for (int i = 0; i < a.length; i++) {
                a[i] = l.get(i).asInt();
            }
            lineups.add(a);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        n.get("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
        JsonNode sh = n.get("shard");
        return new RunConfig(n.get("command").asText(), bots, rules, deck, n.get("seed").asLong(), n.get("deals").asLong(),
                lineups, Plan.Pairing.valueOf(n.get("pairing").asText().toUpperCase(java.util.Locale.ROOT)),
                sh.get("from").asLong(), sh.get("to").asLong(), sh.get("index").asInt(), sh.get("count").asInt(), settings);
    }

    static JsonNode deckJson(ObjectMapper m, Deck d) {
        try {
            return m.readTree(d.toJson());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

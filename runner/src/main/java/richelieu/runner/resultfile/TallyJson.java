package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;

import static richelieu.runner.resultfile.TallySchema.count;

/**
 * A {@link Tally}'s JSON form in a result file ({@code "tally": {…}}): its shape, then each block
 * in a fixed order, each block's counters written and read by {@link TallySchema.Block}. Reading
 * checks the shape and every counter; whether the counts agree with each other is
 * {@link TallyChecks}.
 */
final class TallyJson {
    private TallyJson() {
    }

    /** The tally's JSON form (its counters as {@link TallySchema} declares them). */
    static ObjectNode write(Tally t, ObjectMapper m) {
        ObjectNode n = m.createObjectNode();
        n.put("players", t.players);
        n.put("bots", t.bots);
        n.put("ruleSets", t.ruleSets);
        n.put("lineups", t.lineups);
        n.put("units", t.units);
        n.put("games", t.games);
        ArrayNode seats = n.putArray("seat");
        for (int v = 0; v < t.ruleSets; v++) {
            ArrayNode row = seats.addArray();
            for (int l = 0; l < t.lineups; l++) {
                row.add(t.seat[v][l].toJson(m));
            }
        }
        ArrayNode pairs = n.putArray("pairs");
        for (int v = 0; v < t.ruleSets; v++) {
            for (int i = 0; i < t.bots; i++) {
                for (int j = i + 1; j < t.bots; j++) {
                    pairs.add(t.pair[v][i][j].toJson(m).put("ruleSet", v).put("a", i).put("b", j));
                }
            }
        }
        ArrayNode bs = n.putArray("botStats");
        for (int b = 0; b < t.bots; b++) {
            bs.add(t.bot[b].toJson(m));
        }
        ArrayNode fl = n.putArray("flips");
        for (int l = 0; l < t.lineups; l++) {
            fl.add(t.flip[l].toJson(m));
        }
        if (t.deals != null) {
            ArrayNode d = n.putArray("dealOutcomes");
            for (int v = 0; v < t.ruleSets; v++) {
                ArrayNode row = d.addArray();
                for (int l = 0; l < t.lineups; l++) {
                    t.deals[v][l].writeJson(row.addObject());
                }
            }
        }
        if (!t.measures.isEmpty()) {
            // each unit's measure after its unit number, in unit order
            ArrayNode ms = n.putArray("measures");
            for (var e : t.measures.entrySet()) {
                ObjectNode o = ms.addObject();
                o.put("unit", e.getKey());
                o.setAll(measureTree(e.getValue()));
            }
        }
        return n;
    }

    /**
     * Reads a tally, checking every field (shape, types, ranges); a problem is an
     * {@link IllegalArgumentException} naming the field, e.g. {@code tally.seat[0][1].games}.
     */
    static Tally read(JsonNode n) {
        Json.objectValue(n, "tally");
        Tally t = new Tally(size(n, "players", 2, 4), size(n, "bots", 1, 1024), size(n, "ruleSets", 1, 16),
                size(n, "lineups", 1, 1 << 20));
        t.units = count(n.get("units"), "tally.units", false);
        t.games = count(n.get("games"), "tally.games", false);
        JsonNode seats = array(n.get("seat"), "tally.seat", t.ruleSets);
        for (int v = 0; v < t.ruleSets; v++) {
            JsonNode row = array(seats.get(v), "tally.seat[" + v + "]", t.lineups);
            for (int l = 0; l < t.lineups; l++) {
                t.seat[v][l].readJson(row.get(l), "tally.seat[" + v + "][" + l + "]");
            }
        }
        JsonNode pairs = array(n.get("pairs"), "tally.pairs", t.ruleSets * t.bots * (t.bots - 1) / 2);
        boolean[][][] seen = new boolean[t.ruleSets][t.bots][t.bots];
        for (int k = 0; k < pairs.size(); k++) {
            JsonNode p = pairs.get(k);
            String path = "tally.pairs[" + k + "]";
            int v = index(p.get("ruleSet"), path + ".ruleSet", t.ruleSets);
            int a = index(p.get("a"), path + ".a", t.bots);
            int b = index(p.get("b"), path + ".b", t.bots);
            if (a >= b || seen[v][a][b]) {
                throw new IllegalArgumentException(path + ": bots a < b, each pair once");
            }
            seen[v][a][b] = true;
            t.pair[v][a][b].readJson(p, path);
        }
        JsonNode bs = array(n.get("botStats"), "tally.botStats", t.bots);
        for (int b = 0; b < t.bots; b++) {
            t.bot[b].readJson(bs.get(b), "tally.botStats[" + b + "]");
        }
        JsonNode fl = array(n.get("flips"), "tally.flips", t.lineups);
        for (int l = 0; l < t.lineups; l++) {
            t.flip[l].readJson(fl.get(l), "tally.flips[" + l + "]");
        }
        // absent in older files: the ratings then fall back to pairwise games
        if (t.deals != null && n.has("dealOutcomes")) {
            JsonNode d = array(n.get("dealOutcomes"), "tally.dealOutcomes", t.ruleSets);
            for (int v = 0; v < t.ruleSets; v++) {
                JsonNode row = array(d.get(v), "tally.dealOutcomes[" + v + "]", t.lineups);
                for (int l = 0; l < t.lineups; l++) {
                    t.deals[v][l] = DealOutcomes.fromJson(row.get(l), "tally.dealOutcomes[" + v + "][" + l + "]", t.players);
                }
            }
        }
        if (n.has("measures")) {
            JsonNode ms = Json.arrayValue(n.get("measures"), "tally.measures", 1, Integer.MAX_VALUE);
            for (int k = 0; k < ms.size(); k++) {
                String path = "tally.measures[" + k + "]";
                ObjectNode o = Json.objectValue(ms.get(k), path).deepCopy();
                long unit = Json.longValue(o.remove("unit"), path + ".unit", 0, RunConfig.MAX_UNITS - 1);
                if (t.measures.put(unit, o.toString()) != null || t.measures.lastKey() != unit) {
                    throw new IllegalArgumentException(path + ".unit: " + unit + " follows a unit as large (the units "
                            + "measured come each once, in order)");
                }
            }
        }
        return t;
    }

    /** A measure's tree: an object, as its study made it. */
    private static ObjectNode measureTree(String measure) {
        try {
            return (ObjectNode) Json.readTree(measure);
        } catch (Json.BadJson | ClassCastException e) {
            throw new IllegalStateException("a unit's measure is not a JSON object: " + Json.brief(measure), e);
        }
    }

    private static int size(JsonNode n, String key, int min, int max) {
        return (int) Json.longValue(n.get(key), "tally." + key, min, max);
    }

    private static int index(JsonNode x, String path, int bound) {
        return (int) Json.longValue(x, path, 0, bound - 1);
    }

    private static JsonNode array(JsonNode x, String path, int size) {
        return Json.arrayValue(x, path, size, size);
    }
}

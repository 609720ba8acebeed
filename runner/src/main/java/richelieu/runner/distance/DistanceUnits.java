package richelieu.runner.distance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;
import richelieu.runner.resultfile.ResultFile;

import java.util.ArrayList;
import java.util.List;

/**
 * A measured unit of the distance study as its result file keeps it ({@code tally.measures}): the
 * unit's positions, each with every bot's choice, and the numbers of cards at which its game had
 * no decision point:
 * <pre>
 * {"positions": [{"game": g, "step": k, "cards": c, "seat": s, "legal": n, "best": m, "worst": m,
 *                 "outcome": o, "worstOutcome": o, "choices": [[action, margin, outcome], …]}, …],
 *  "missing": [c, …]}
 * </pre>
 * At an outcome-only number of cards only win/draw/loss was solved: the position has no
 * {@code best} and {@code worst}, and each choice is {@code [action, outcome]}.
 */
final class DistanceUnits {
    private DistanceUnits() {
    }

    /** The unit as compact JSON. */
    static String toJson(DistanceStudy.Unit unit) {
        ObjectNode root = ResultFile.MAPPER.createObjectNode();
        ArrayNode ps = root.putArray("positions");
        for (DistanceStudy.Position p : unit.positions()) {
            ObjectNode n = ps.addObject();
            n.put("game", p.game());
            n.put("step", p.step());
            n.put("cards", p.cards());
            n.put("seat", p.seat());
            n.put("legal", p.legal());
            if (p.exact()) {
                n.put("best", p.best());
                n.put("worst", p.worst());
            }
            n.put("outcome", p.outcome());
            n.put("worstOutcome", p.worstOutcome());
            ArrayNode ch = n.putArray("choices");
            for (DistanceStudy.Choice x : p.choices()) {
                ArrayNode a = ch.addArray();
                a.add(x.action());
                if (p.exact()) {
                    a.add(x.margin());
                }
                a.add(x.outcome());
            }
        }
        ArrayNode m = root.putArray("missing");
        unit.missing().forEach(m::add);
        return root.toString();
    }

    /**
     * Unit {@code unit}'s stored measure: a choice per bot of {@code bots} at every position, its
     * numbers of cards among {@code cards}, each once, those of {@code outcomeOnly} without margins.
     * A bad one is an {@link IllegalArgumentException} naming the field.
     */
    static DistanceStudy.Unit read(long unit, String measure, int bots, List<Integer> cards, List<Integer> outcomeOnly) {
        String at = "tally.measures (unit " + unit + ")";
        JsonNode root;
        try {
            root = Json.objectValue(Json.readTree(measure), at);
        } catch (Json.BadJson e) {
            throw new IllegalArgumentException(at + ": " + e.getMessage());
        }
        List<DistanceStudy.Position> positions = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        for (JsonNode p : Json.arrayValue(root.get("positions"), at + ".positions", 0, cards.size())) {
            int c = Json.intField(p, "cards", 1, DistanceStudy.MAX_OUTCOME_CARDS);
            if (!cards.contains(c) || seen.contains(c)) {
                throw new IllegalArgumentException(at + ": a position has " + c + " cards, not one of config.settings.cards "
                        + "not yet measured in its unit");
            }
            seen.add(c);
            boolean exact = !outcomeOnly.contains(c);
            List<DistanceStudy.Choice> choices = new ArrayList<>();
            for (JsonNode ch : Json.arrayValue(p.get("choices"), at + ".choices", bots, bots)) {
                // outcome-only: [action, outcome]; exact: [action, margin, outcome]
                int size = exact ? 3 : 2;
                Json.arrayValue(ch, exact ? "a choice" : "a choice at an outcome-only number of cards", size, size);
                choices.add(new DistanceStudy.Choice(Json.textValue(ch.get(0), "a choice's action"),
                        exact ? Json.intValue(ch.get(1), "a choice's margin", -1000, 1000) : 0,
                        Json.intValue(ch.get(size - 1), "a choice's outcome", -1, 1)));
            }
            int best = exact ? Json.intField(p, "best", -1000, 1000) : 0;
            for (DistanceStudy.Choice ch : choices) {
                if (ch.margin() > best) {
                    throw new IllegalArgumentException(at + ": a choice's margin exceeds its position's best");
                }
            }
            int game = Json.intField(p, "game", 0, Integer.MAX_VALUE);
            if (game != unit) {
                throw new IllegalArgumentException(at + ": a position of game " + game + ", not of its unit's game");
            }
            positions.add(new DistanceStudy.Position(game, Json.intField(p, "step", 0, 100_000), c,
                    Json.intField(p, "seat", 0, 1), Json.intField(p, "legal", 2, 10_000), best,
                    exact ? Json.intField(p, "worst", -1000, best) : 0, Json.intField(p, "outcome", -1, 1),
                    Json.intField(p, "worstOutcome", -1, 1), choices, exact));
        }
        List<Integer> missing = new ArrayList<>();
        for (JsonNode c : Json.arrayValue(root.get("missing"), at + ".missing", 0, cards.size())) {
            int n = Json.intValue(c, at + ".missing", 1, DistanceStudy.MAX_OUTCOME_CARDS);
            if (!cards.contains(n) || seen.contains(n)) {
                throw new IllegalArgumentException(at + ".missing: " + n + " cards is not one of config.settings.cards "
                        + "without a position in its unit");
            }
            seen.add(n);
            missing.add(n);
        }
        if (seen.size() != cards.size()) {
            throw new IllegalArgumentException(at + ": a position or a missing entry for every number of cards");
        }
        return new DistanceStudy.Unit(null, positions, missing);
    }
}

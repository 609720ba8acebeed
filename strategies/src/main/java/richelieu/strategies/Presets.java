package richelieu.strategies;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Strategy;
import richelieu.engine.json.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The shipped presets, read from one table ({@code presets.json} beside this class): a base bot
 * with the values tuned for a player count, named {@code BASE-Np}, or {@code FAMILY-VARIANT-Np}
 * when its values also turn on an improvement its base's name does not say (docs/bots.md, "Bot
 * names"), with the result file, seed and games that chose each value. Values are data: a preset is
 * its base bot's factory with other defaults, never a subclass holding numbers; what a preset
 * is worth is measured in results/, and no description here claims it.
 */
public final class Presets {
    private static final String RESOURCE = "presets.json";
    private static volatile List<Preset> table;

    private Presets() {
    }

    /**
     * Where one tuning run chose some of a preset's values.
     *
     * @param file   the result file, from the repository's root ({@code results/tune-….json})
     * @param seed   its master seed
     * @param games  the games it played
     * @param values the parameters whose values it chose
     */
    public record ChosenBy(String file, long seed, long games, List<String> values) {
    }

    /**
     * One row of the table.
     *
     * @param name        the name a spec uses
     * @param base        the base bot whose factory plays it
     * @param players     the player count its values were tuned for
     * @param values      the tuned values, by parameter name (the base bot's defaults otherwise)
     * @param chosenBy    the runs that chose the values
     * @param confirmedBy the result files that measured them on fresh games (results/tune.md reads them)
     * @param how         how the values were tuned, in a few words
     * @param variant     the improvement its values turn on that its base's name does not say (the
     *                    {@code -VARIANT} of its name, one of its values), or null
     * @param kept        an older name, kept so that earlier results replay
     * @param sameAs      for a kept name: the shipped preset it plays, or null when it has values of its own
     */
    public record Preset(String name, String base, int players, Map<String, String> values, List<ChosenBy> chosenBy,
                         List<String> confirmedBy, String how, String variant, boolean kept, String sameAs) {
    }

    /** The rows of the table, in its order (a kept name that is another preset carries that preset's values). */
    public static List<Preset> table() {
        List<Preset> t = table;
        if (t == null) {
            try (InputStream in = Presets.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the presets table " + RESOURCE + " is missing from the class path");
                }
                t = read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            table = t;
        }
        return t;
    }

    /** The row of a name, or an {@link IllegalArgumentException}. */
    public static Preset named(String name) {
        for (Preset p : table()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no preset " + name);
    }

    /** The table of a JSON text; a malformed row is an {@link IllegalStateException} naming it (the table ships with the jar). */
    static List<Preset> read(String json) {
        JsonNode root;
        try {
            root = Json.readTree(json);
        } catch (Json.BadJson e) {
            throw new IllegalStateException("the presets table is not JSON: " + e.getMessage());
        }
        Map<String, Preset> byName = new LinkedHashMap<>();
        for (JsonNode row : Json.arrayValue(root.path("presets"), "presets", 1, 1000)) {
            String name = Json.text(row, "name");
            boolean kept = row.path("kept").asBoolean(false);
            Preset p;
            if (row.has("sameAs")) {
                Preset same = byName.get(Json.text(row, "sameAs"));
                if (same == null || same.kept()) {
                    throw new IllegalStateException("preset " + name + ": sameAs names no shipped preset above it");
                }
                p = new Preset(name, same.base(), same.players(), same.values(), same.chosenBy(), same.confirmedBy(),
                        same.how(), same.variant(), kept, same.name());
            } else {
                Map<String, String> values = new LinkedHashMap<>();
                row.path("values").fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
                List<ChosenBy> chosen = new ArrayList<>();
                for (JsonNode c : row.path("chosenBy")) {
                    List<String> names = new ArrayList<>();
                    c.path("values").forEach(v -> names.add(v.asText()));
                    chosen.add(new ChosenBy(Json.text(c, "file"), c.path("seed").asLong(), c.path("games").asLong(),
                            List.copyOf(names)));
                }
                List<String> confirmed = new ArrayList<>();
                row.path("confirmedBy").forEach(v -> confirmed.add(v.asText()));
                p = new Preset(name, Json.text(row, "base"), Json.intField(row, "players", 2, 4),
                        Collections.unmodifiableMap(values), List.copyOf(chosen), List.copyOf(confirmed),
                        Json.text(row, "how"), row.has("variant") ? Json.text(row, "variant") : null, kept, null);
            }
            if (byName.put(name, p) != null) {
                throw new IllegalStateException("preset " + name + " is in the table twice");
            }
        }
        return List.copyOf(byName.values());
    }

    /**
     * The factory of each preset over the factories of its base bots, in table order; a preset whose
     * base is missing or whose value its base does not accept is an {@link IllegalStateException}.
     */
    static List<PresetFactory> factories(Map<String, StrategyFactory> bases) {
        List<PresetFactory> out = new ArrayList<>();
        for (Preset p : table()) {
            StrategyFactory base = bases.get(p.base());
            if (base == null || base.takesRawArgument()) {
                throw new IllegalStateException("preset " + p.name() + ": no base bot '" + p.base() + "' with parameters");
            }
            out.add(p.kept() ? new Kept(p, base) : new PresetFactory(p, base));
        }
        return out;
    }

    /** A preset's factory: its base bot's, with the preset's values as defaults. */
    static class PresetFactory implements StrategyFactory {
        final Preset preset;
        private final StrategyFactory base;
        private final List<Parameter> parameters;

        PresetFactory(Preset preset, StrategyFactory base) {
            this.preset = preset;
            this.base = base;
            List<Parameter> ps = new ArrayList<>();
            for (Parameter q : base.parameters()) {
                String v = preset.values().get(q.name());
                try {
                    ps.add(v == null ? q : q.withDefault(v));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException("preset " + preset.name() + ": " + e.getMessage());
                }
            }
            for (String name : preset.values().keySet()) {
                if (base.parameters().stream().noneMatch(q -> q.name().equals(name))) {
                    throw new IllegalStateException("preset " + preset.name() + ": " + preset.base() + " has no parameter "
                            + name);
                }
            }
            this.parameters = List.copyOf(ps);
        }

        @Override
        public String name() {
            return preset.name();
        }

        @Override
        public String description() {
            List<String> runs = new ArrayList<>();
            for (ChosenBy c : preset.chosenBy()) {
                runs.add(String.format(Locale.ROOT, "%s (seed %d, %,d games)", c.file(), c.seed(), c.games()));
            }
            return preset.base() + " with " + String.join(", ", preset.values().keySet()) + " tuned for "
                    + preset.players() + " players (" + preset.how() + "; chosen in " + String.join(" and ", runs)
                    + "; measured in results/tune.md)";
        }

        @Override
        public List<Parameter> parameters() {
            return parameters;
        }

        /** The bot this preset gives other defaults. */
        StrategyFactory base() {
            return base;
        }

        @Override
        public Strategy create(BotParams params) {
            return base.create(params);
        }

        @Override
        public boolean isDeterministic(BotParams params) {
            return base.isDeterministic(params);
        }

        @Override
        public void checkStarts(BotParams params, Strategy.GameStart start) {
            base.checkStarts(params, start);
        }
    }

    /** A preset kept under an older name: the shipped preset it is, or values of its own that none replaced. */
    static final class Kept extends PresetFactory implements OldName {
        Kept(Preset preset, StrategyFactory base) {
            super(preset, base);
        }

        @Override
        public String description() {
            return preset.sameAs() != null
                    ? "the older name of " + preset.sameAs() + " (the same bot), kept so that earlier results replay"
                    : super.description() + "; kept so that earlier results replay";
        }

        @Override
        public String shippedSpec(Map<String, String> given) {
            return preset.sameAs() == null ? null : SpecText.write(preset.sameAs(), given);
        }
    }
}

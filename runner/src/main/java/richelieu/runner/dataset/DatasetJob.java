package richelieu.runner.dataset;

import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link DatasetStudy} as plain serializable data, so that another machine (a Spark executor,
 * {@link RemoteChunks}) computes its chunks: the settings with the bots as their definitions
 * (which parse back to the same bots, a {@code --move-time} included), the plug-in jars that
 * define them and the move timeout of out-of-process bots, the deck as its JSON.
 *
 * @param lineup            each seat's bot, {@link BotSpec#definition()}
 * @param plugins           plug-in jars or folders ({@link Bots#plugins}); on an executor, its copies of them
 * @param moveTimeoutMillis per-move limit of {@code exec:} bots
 * @param variant           {@link Rules.Variant#jsonName()}
 * @param deckJson          {@link Deck#toJson()}
 */
public record DatasetJob(List<String> lineup, List<String> plugins, long moveTimeoutMillis, int players, String variant,
                         String deckJson, int games, int chunkGames, int perGame, int solveCards, int siblings, int cutoffs,
                         long seed) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * The studies of the latest jobs this JVM computed chunks of: an executor parses the bots
     * (and loads their plug-ins, which the JIT then compiles) once per job, not once per chunk.
     */
    private static final Map<DatasetJob, DatasetStudy> STUDIES = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<DatasetJob, DatasetStudy> eldest) {
            return size() > 4;
        }
    };

    public DatasetJob {
        lineup = List.copyOf(lineup);
        plugins = List.copyOf(plugins);
    }

    /** The job of {@code s}, its bots made by a registry with these plug-ins and move timeout. */
    public static DatasetJob of(DatasetStudy.Settings s, List<Path> plugins, long moveTimeoutMillis) {
        return new DatasetJob(s.lineup().stream().map(BotSpec::definition).toList(),
                plugins.stream().map(p -> p.toAbsolutePath().toString()).toList(), moveTimeoutMillis,
                s.rules().players(), s.rules().variant().jsonName(), s.deck().toJson(), s.games(), s.chunkGames(),
                s.perGame(), s.solveCards(), s.siblings(), s.cutoffs(), s.seed());
    }

    /** The same job with other plug-in paths (an executor's copies of the jars, found by their names). */
    public DatasetJob withPlugins(List<String> paths) {
        return new DatasetJob(lineup, paths, moveTimeoutMillis, players, variant, deckJson, games, chunkGames, perGame,
                solveCards, siblings, cutoffs, seed);
    }

    /** The study's settings, rebuilt: loads the plug-ins and parses the bots. */
    public DatasetStudy.Settings settings() {
        Bots registry;
        List<BotSpec> bots = new ArrayList<>();
        try {
            registry = Bots.withPlugins(plugins.stream().map(Path::of).toList()).withMoveTimeout(moveTimeoutMillis);
            for (String b : lineup) {
                bots.add(registry.parse(b));
            }
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        return new DatasetStudy.Settings(bots, games, chunkGames, perGame, solveCards, siblings, seed,
                Rules.standard(players).withVariant(Rules.Variant.parse(variant)), Deck.parse(deckJson), cutoffs);
    }

    /** The bytes of chunk {@code c}'s file, as the local runner writes them ({@link DatasetStudy#chunkBytes}). */
    public byte[] chunkBytes(int c) throws IOException {
        DatasetStudy study;
        synchronized (STUDIES) {
            study = STUDIES.computeIfAbsent(this, j -> new DatasetStudy(j.settings()));
        }
        return study.chunkBytes(c);
    }
}

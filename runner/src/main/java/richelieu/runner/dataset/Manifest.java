package richelieu.runner.dataset;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code dataset.json}, a data set folder's description: what its chunks hold and the settings
 * that made them. A run into a folder that has one must have the same settings but the number of
 * games (more games add chunks, the ones there are kept).
 *
 * @param format       {@link #FORMAT}
 * @param features     the feature layout ({@code seat-features N}, as a weights file names it)
 * @param featureCount floats per row
 * @param siblings     random turns added per solvable turn start (0 in a file written before there were any)
 * @param cutoffs      search cut-offs kept per decision instead of turn starts (0: none, as in a file written
 *                     before there were any)
 * @param chunks       chunk files {@code chunk-00000.npz …} that make the data set
 * @param command      the command that makes it (again)
 */
public record Manifest(String format, String features, int featureCount, int players, String variant, String deck,
                       List<String> lineup, int games, int chunkGames, int chunks, int perGame, int solveCards, int siblings, int cutoffs,
                       long seed, String command) {
    public static final String FILE = "dataset.json";
    public static final String FORMAT = "richelieu-dataset 1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The same settings but for the number of games (and so chunks and command). */
    public boolean sameSettings(Manifest o) {
        return format.equals(o.format) && features.equals(o.features) && featureCount == o.featureCount
                && players == o.players && variant.equals(o.variant) && deck.equals(o.deck) && lineup.equals(o.lineup)
                && chunkGames == o.chunkGames && perGame == o.perGame && solveCards == o.solveCards && siblings == o.siblings
                && cutoffs == o.cutoffs
                && seed == o.seed;
    }

    public static Manifest read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Manifest.class);
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, JSON.writeValueAsString(this) + "\n");
    }
}

package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Deals of one 3-4 player lineup (every seat rotation of a deal played), counted by outcome, so
 * that a bootstrap can resample whole deals: the games of a deal share its cards and are not
 * independent.
 *
 * <p>A deal's outcome is, for each {@linkplain #meetings(int[]) meeting} m (two lineup positions
 * with different bots), the half-points of the first position's bot against the second over the
 * k rotations (win 2, draw 1, loss 0 per game; 0..2k), packed as {@code Σ_m h_m · (2k+1)^m}. Only
 * outcomes that occur are stored: at most 7³ = 343 keys with 3 players, and no more than the deals
 * with 4.
 */
public final class DealOutcomes implements java.io.Serializable {
    private final TreeMap<Long, Long> counts = new TreeMap<>();

    /** Pairs of lineup positions {s, t}, s &lt; t, whose bots differ, in order: the meetings of a deal. */
    public static List<int[]> meetings(int[] lineup) {
        List<int[]> m = new ArrayList<>();
        for (int s = 0; s < lineup.length; s++) {
            for (int t = s + 1; t < lineup.length; t++) {
                if (lineup[s] != lineup[t]) {
                    m.add(new int[]{s, t});
                }
            }
        }
        return m;
    }

    /** The half-points of each meeting packed in {@code key}, for a lineup of {@code players}. */
    public static int[] unpack(long key, int meetings, int players) {
        int base = 2 * players + 1;
        int[] h = new int[meetings];
        for (int m = 0; m < meetings; m++) {
            h[m] = (int) (key % base);
            key /= base;
        }
        return h;
    }

    /**
     * Adds a deal from its k rotation games, game r having the lineup rotated left by r (as
     * {@link RunConfig#seatBots}): lineup position p sits in seat (p − r) mod k.
     */
    void add(List<GameOutcome> rotations, List<int[]> meetings) {
        int k = rotations.size();
        long key = 0;
        long scale = 1;
        for (int[] m : meetings) {
            int h = 0;
            for (int r = 0; r < k; r++) {
                int cmp = rotations.get(r).compare(Math.floorMod(m[0] - r, k), Math.floorMod(m[1] - r, k));
                h += cmp > 0 ? 2 : cmp == 0 ? 1 : 0;
            }
            key += h * scale;
            scale *= 2L * k + 1;
        }
        counts.merge(key, 1L, Long::sum);
    }

    void merge(DealOutcomes o) {
        o.counts.forEach((key, n) -> counts.merge(key, n, Long::sum));
    }

    /** Deals by packed outcome, in key order. */
    public Map<Long, Long> counts() {
        return java.util.Collections.unmodifiableMap(counts);
    }

    void writeJson(ObjectNode into) {
        counts.forEach((key, n) -> into.put(Long.toString(key), n));
    }

    /** Reads outcomes written by {@link #writeJson}, checked: keys are packed outcomes, values counts. */
    static DealOutcomes fromJson(JsonNode n, String path, int players) {
        Json.objectValue(n, path);
        long bound = (long) Math.pow(2 * players + 1, players * (players - 1) / 2);
        DealOutcomes d = new DealOutcomes();
        n.fields().forEachRemaining(e -> {
            long key = TallySchema.integerKey(e.getKey(), path, "outcome", 0, bound - 1);
            d.counts.merge(key, Json.longValue(e.getValue(), path + "." + e.getKey(), 0, Long.MAX_VALUE), Long::sum);
        });
        return d;
    }
}

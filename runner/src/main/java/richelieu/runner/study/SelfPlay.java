package richelieu.runner.study;

import richelieu.runner.UserError;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The bots and lineups of a self-play study (first-player, balance): each bot in every seat. */
final class SelfPlay {
    /** The bots of a self-play study named without bots. */
    static final List<String> DEFAULT_BOTS = List.of("random", "greedy", "heuristic");

    private SelfPlay() {
    }

    /** The bots' definitions (the defaults when none is named); a bot named twice is refused. */
    static List<String> labels(Bots registry, List<String> bots) {
        List<String> labels = new ArrayList<>();
        for (String b : bots.isEmpty() ? DEFAULT_BOTS : bots) {
            String label = BotSpecs.parse(registry, b).definition();
            if (labels.contains(label)) {
                throw new UserError("bot '" + label + "' is named twice");
            }
            labels.add(label);
        }
        return labels;
    }

    /** One lineup per bot: the bot in every seat. */
    static List<int[]> lineups(int bots, int players) {
        List<int[]> lineups = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            int[] l = new int[players];
            Arrays.fill(l, b);
            lineups.add(l);
        }
        return lineups;
    }
}

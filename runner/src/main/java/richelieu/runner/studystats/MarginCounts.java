package richelieu.runner.studystats;

import richelieu.runner.UserError;
import richelieu.runner.resultfile.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Counts of score margins (margin → games) of one lineup under one rule set: {@code what} the
 * margin is, "seat 0 − seat 1" (a bot in self-play) or "a − b" (two bots, a's point of view).
 */
public record MarginCounts(String lineup, String ruleSet, String what, NavigableMap<Integer, Long> counts) {
    public long total() {
        long n = 0;
        for (long c : counts.values()) {
            n += c;
        }
        return n;
    }

    /**
     * Score-margin histograms of a 2-player result, per rule set and lineup, from the tally. A
     * lineup of one bot in both seats (first-player, balance) gives seat 0 − seat 1; a lineup of two
     * bots gives the first bot's margin over the second, whichever seat it sat in: their seat
     * margins would mix both bots in both seats (two humps). Files written before the bots'
     * margins were counted keep seat 0 − seat 1, and say so.
     */
    public static List<MarginCounts> of(StoredResult result) {
        if (result.players() != 2) {
            throw new UserError("score margins (seat 0 − seat 1) exist for 2 players only; this "
                    + result.command() + " result has " + result.players());
        }
        List<String> bots = result.config().labels();
        List<String> ruleSets = result.ruleSetNames();
        List<MarginCounts> out = new ArrayList<>();
        for (int l = 0; l < result.config().lineups().size(); l++) {
            int[] seats = result.config().lineups().get(l);
            String lineup = lineupName(seats, bots);
            for (int v = 0; v < ruleSets.size(); v++) {
                Histogram h = result.tally().seat(v, l).marginHistogram();
                String what = "seat 0 − seat 1";
                if (seats[0] != seats[1]) {
                    Histogram byBot = result.tally().pair(v, seats[0], seats[1]).marginHistogram();
                    if (byBot.total() > 0 || h.total() == 0) {
                        h = byBot;
                        what = bots.get(seats[0]) + " − " + bots.get(seats[1]);
                        lineup = what;
                    }
                }
                out.add(new MarginCounts(lineup, ruleSets.get(v), what, counts(h)));
            }
        }
        return out;
    }

    private static NavigableMap<Integer, Long> counts(Histogram h) {
        NavigableMap<Integer, Long> counts = new TreeMap<>();
        int[] range = h.range();
        for (int x = range == null ? 1 : range[0]; range != null && x <= range[1]; x++) {
            if (h.count(x) != 0) {
                counts.put(x, h.count(x));
            }
        }
        return counts;
    }

    private static String lineupName(int[] lineup, List<String> bots) {
        List<String> names = new ArrayList<>();
        for (int b : lineup) {
            names.add(b >= 0 && b < bots.size() ? bots.get(b) : "bot " + b);
        }
        if (!names.isEmpty() && names.stream().allMatch(names.get(0)::equals)) {
            return names.get(0);
        }
        return String.join(" vs ", names);
    }
}

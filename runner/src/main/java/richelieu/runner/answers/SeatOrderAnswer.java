package richelieu.runner.answers;

import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.Holm;
import richelieu.runner.stats.SeatHomogeneityChiSquare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * With 3 and 4 players, does the seat order matter? Per bot studied in self-play on the standard
 * deck: each seat's share of the games won alone with Goodman's simultaneous 95% intervals and the
 * chi-square test of equal seats (from its study's {@link SeatStats}); per player count, whether the
 * seat effect differs between the bots (chi-square test of homogeneity), and each bot's against
 * greedy's, the reference of the cheap studies (Holm over those comparisons).
 *
 * @param rows         every bot of every 3- and 4-player first-player study, in the studies' order
 * @param acrossBots   per player count with at least two bots compared: the homogeneity test over all of them
 * @param againstGreedy each bot against greedy, per player count with a third bot, Holm-corrected over all
 */
public record SeatOrderAnswer(List<Row> rows, Map<Integer, Across> acrossBots, List<Against> againstGreedy) {

    /**
     * One bot with k players.
     *
     * @param seats null when a game was forfeited (a forfeit, not the seat, decided it): no comparison
     */
    public record Row(Source from, int players, String bot, long games, long forfeits, long[] soleWins, SeatStats seats) {
        /** Each seat's share of the games won alone with its simultaneous interval (null with forfeits). */
        public List<SeatStats.SeatShare> shares() {
            return seats == null ? null : seats.winRate();
        }

        /** The chi-square test of equal seats (NaN with forfeits). */
        public double p() {
            return seats == null || seats.chiSquare() == null ? Double.NaN : seats.chiSquare().p();
        }
    }

    /** The test of homogeneity of the winning seat across the bots compared with k players. */
    public record Across(List<String> bots, SeatHomogeneityChiSquare test) {
    }

    /** One bot's seat effect against greedy's with k players, and its Holm-adjusted p. */
    public record Against(String bot, int players, SeatHomogeneityChiSquare test, double pHolm) {
    }

    public static SeatOrderAnswer of(Collection<Source> sources) {
        List<Row> rows = new ArrayList<>();
        Map<Integer, Map<String, long[]>> soleWins = new TreeMap<>();
        for (Source r : sources) {
            if (!r.result().command().equals("first-player") || r.players() < 3 || !r.standardDeck()
                    || !(r.stats() instanceof StudyStatistics.FirstPlayer f) || f.bots() == null) {
                continue;
            }
            for (String bot : r.bots()) {
                SeatStats s = f.bots().get(bot);
                if (s == null) {
                    continue;
                }
                boolean compared = s.forfeits() == 0 && s.winRate() != null;
                rows.add(new Row(r, r.players(), bot, s.games(), s.forfeits(), s.soleWins(), compared ? s : null));
                if (compared) {
                    soleWins.computeIfAbsent(r.players(), k -> new LinkedHashMap<>()).put(bot, s.soleWins());
                }
            }
        }
        Map<Integer, Across> across = new LinkedHashMap<>();
        soleWins.forEach((players, bots) -> {
            if (bots.size() >= 2) {
                across.put(players, new Across(List.copyOf(bots.keySet()), SeatHomogeneityChiSquare.of(bots.values().toArray(new long[0][]))));
            }
        });
        List<String> names = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        List<SeatHomogeneityChiSquare> tests = new ArrayList<>();
        soleWins.forEach((players, bots) -> {
            long[] greedy = bots.get("greedy");
            if (greedy == null) {
                return;
            }
            for (Map.Entry<String, long[]> b : bots.entrySet()) {
                if (!b.getKey().equals("greedy") && bots.size() > 2) {
                    names.add(b.getKey());
                    counts.add(players);
                    tests.add(SeatHomogeneityChiSquare.of(new long[][]{b.getValue(), greedy}));
                }
            }
        });
        double[] holm = Holm.adjust(tests.stream().mapToDouble(SeatHomogeneityChiSquare::pValue).toArray());
        List<Against> against = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            against.add(new Against(names.get(i), counts.get(i), tests.get(i), holm[i]));
        }
        return new SeatOrderAnswer(List.copyOf(rows), across, List.copyOf(against));
    }
}

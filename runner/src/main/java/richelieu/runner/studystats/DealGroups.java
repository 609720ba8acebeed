package richelieu.runner.studystats;

import richelieu.runner.resultfile.DealOutcomes;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.stats.PentanomialCounts;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's games as the data of a Bradley-Terry fit, deal by deal: the unit the bootstrap
 * resamples whole (the ratings of {@code tournament} and of {@code ratings} alike).
 */
public final class DealGroups {
    private DealGroups() {
    }

    /**
     * The data of the ratings, deal by deal: with 2 players each pair of games (the pentanomial), or
     * each game of an unpaired match;
     * with 3-4 players each deal with all its rotations (every two bots at the table meet k times
     * per deal, each game counted once). Result files written before deal outcomes were counted
     * fall back to pairwise games resampled one by one.
     */
    public static List<BradleyTerry.DealGroup> of(RunConfig config, Tally tally, int n, int k) {
        List<BradleyTerry.DealGroup> groups = new ArrayList<>();
        if (k == 2) {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    Tally.PairBlock p = tally.pair(0, i, j);
                    if (p.pairs() > 0) {
                        groups.add(BradleyTerry.DealGroup.of(new BradleyTerry.Matchup(i, j, PentanomialCounts.of(p.penta()))));
                    } else if (p.games() > 0) {
                        groups.add(singleGames(i, j, p)); // an unpaired match: each game is a deal of its own
                    }
                }
            }
            return groups;
        }
        if (areDeals(config, tally, k)) {
            for (int l = 0; l < config.lineups().size(); l++) {
                int[] lineup = config.lineups().get(l);
                List<int[]> meetings = DealOutcomes.meetings(lineup);
                List<BradleyTerry.Meeting> m = new ArrayList<>();
                for (int[] st : meetings) {
                    m.add(new BradleyTerry.Meeting(lineup[st[0]], lineup[st[1]], k));
                }
                List<BradleyTerry.Outcome> outcomes = new ArrayList<>();
                tally.deals(0, l).counts().forEach((key, deals) ->
                        outcomes.add(new BradleyTerry.Outcome(deals, DealOutcomes.unpack(key, meetings.size(), k))));
                if (!m.isEmpty()) {
                    groups.add(new BradleyTerry.DealGroup(m, outcomes));
                }
            }
            return groups;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Tally.PairBlock p = tally.pair(0, i, j);
                if (p.games() > 0) {
                    groups.add(singleGames(i, j, p));
                }
            }
        }
        return groups;
    }

    /** The games of bots i and j as deals of one game each (i's side). */
    private static BradleyTerry.DealGroup singleGames(int i, int j, Tally.PairBlock p) {
        return new BradleyTerry.DealGroup(List.of(new BradleyTerry.Meeting(i, j, 1)), List.of(
                new BradleyTerry.Outcome(p.losses(), new int[]{0}), new BradleyTerry.Outcome(p.draws(), new int[]{1}),
                new BradleyTerry.Outcome(p.wins(), new int[]{2})));
    }

    /** True if the tally holds every deal's outcome (always with 2 players: the pairs). */
    public static boolean areDeals(RunConfig config, Tally tally, int k) {
        if (k == 2) {
            return true;
        }
        for (int l = 0; l < config.lineups().size(); l++) {
            long deals = 0;
            for (long d : tally.deals(0, l).counts().values()) {
                deals += d;
            }
            if (k * deals != tally.seat(0, l).games() && !DealOutcomes.meetings(config.lineups().get(l)).isEmpty()) {
                return false;
            }
        }
        return true;
    }

}

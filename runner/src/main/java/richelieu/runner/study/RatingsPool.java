package richelieu.runner.study;

import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.DealGroups;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.text.Format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pairwise results of several result files pooled for one rating list (as Ordo or BayesElo
 * pool cutechess's game files): match, tournament and sprt results of the same rules and deck, no
 * game counted twice (a copy or a shard of a run also given whole), bots matched by their label
 * across files. Holds the deal groups of the tournament's fit ({@link DealGroups}) in one bot
 * numbering, and each bot's games and score for a list that is not identified.
 *
 * @param files              the result files, as given
 * @param rules              their rules
 * @param deckName           their deck's name, as data
 * @param names              the bots' labels, in the order first met
 * @param groups             the deal groups, in that numbering
 * @param pairings           the pairs of bots that met (lower index in the high half)
 * @param meetingsAndPoints2 per bot: its meetings with other bots, and twice its points in them
 * @param games              per bot: its games at a table with another bot, each once
 * @param perCommand         the files of each study kind
 * @param allDeals           whether every file had deal outcomes (else single games of some)
 */
public record RatingsPool(List<Path> files, Rules rules, String deckName, List<String> names,
                          List<BradleyTerry.DealGroup> groups, Set<Long> pairings, Map<Integer, long[]> meetingsAndPoints2,
                          Map<Integer, Long> games, Map<String, Long> perCommand, boolean allDeals) {
    private static final Set<String> PAIRWISE = Set.of("match", "tournament", "sprt");

    /** Reads and pools {@code files}; a file that cannot join the others is a one-line {@link UserError}. */
    public static RatingsPool read(List<Path> files) {
        Map<Path, ResultFile> read = new LinkedHashMap<>();
        List<StoredResult> results = new ArrayList<>();
        for (Path f : files) {
            ResultFile r = ResultReader.readFile(f);
            // the same games under another name (a copy, a link, a shard of a run also given whole) count once
            read.forEach((g, earlier) -> {
                if (earlier.config().sameRunAs(r.config())) {
                    try {
                        earlier.units().union(r.units());
                    } catch (IllegalArgumentException overlap) {
                        throw new UserError(f + " holds games that " + g + " holds too (the same run, "
                                + overlap.getMessage() + "); each game may be counted once");
                    }
                }
            });
            read.put(f, r);
            results.add(new StoredResult(r.config(), r.tally(), null));
        }
        return of(files, results);
    }

    /**
     * Pools results already read, one per name in {@code files} (the report pools the ladder's
     * studies this way); a result that cannot join the others is a one-line {@link UserError}.
     */
    public static RatingsPool of(List<Path> files, List<StoredResult> results) {
        Rules rules = null;
        List<richelieu.engine.Card> deck = null;
        String deckName = null;
        Path first = null;
        List<String> names = new ArrayList<>();
        List<BradleyTerry.DealGroup> groups = new ArrayList<>();
        Set<Long> pairings = new HashSet<>();
        Map<Integer, long[]> meetingsAndPoints2 = new HashMap<>(); // per bot: meetings, twice its points in them
        Map<Integer, Long> games = new HashMap<>(); // per bot: games at a table with another bot, each once
        Map<String, Long> perCommand = new LinkedHashMap<>();
        boolean allDeals = true;
        for (int file = 0; file < files.size(); file++) {
            Path f = files.get(file);
            StoredResult r = results.get(file);
            String cmd = r.config().command();
            if (!PAIRWISE.contains(cmd)) {
                throw new UserError(f + ": a " + cmd + " result has no games between different bots; ratings reads "
                        + "match, tournament and sprt results");
            }
            Rules fr = r.config().ruleSets().get(0);
            if (rules == null) {
                rules = fr;
                deck = r.config().deck().cards();
                deckName = Format.data(r.config().deck().name());
                first = f;
            } else if (!rules.equals(fr)) {
                throw new UserError(f + " was played under other rules (" + fr.describe() + ") than " + first + " ("
                        + rules.describe() + "); ratings pools only results of the same rules");
            } else if (!deck.equals(r.config().deck().cards())) {
                throw new UserError(f + " was played with another deck (" + Format.data(r.config().deck().name()) + ") than " + first
                        + " (" + deckName + "); ratings pools only results of the same deck");
            }
            perCommand.merge(cmd, 1L, Long::sum);
            List<String> bots = r.config().shown().labels(); // one bot under one name, whatever spec each file has
            int[] global = new int[bots.size()];
            for (int i = 0; i < bots.size(); i++) {
                int g = names.indexOf(bots.get(i));
                if (g < 0) {
                    g = names.size();
                    names.add(bots.get(i));
                }
                global[i] = g;
            }
            Tally t = r.tally();
            int k = fr.players();
            // The tournament's own data: whole deals (game pairs; with 3-4 players all meetings of a deal).
            for (BradleyTerry.DealGroup g : DealGroups.of(r.config(), t, bots.size(), k)) {
                BradleyTerry.DealGroup m = relabel(g, global);
                if (m != null) {
                    groups.add(m);
                }
            }
            allDeals &= DealGroups.areDeals(r.config(), t, k);
            // A game of 3-4 players is a meeting with each other bot at the table, but one game of each.
            for (int l = 0; l < r.config().lineups().size(); l++) {
                Set<Integer> table = new HashSet<>();
                for (int b : r.config().lineups().get(l)) {
                    table.add(global[b]);
                }
                if (table.size() > 1) {
                    for (int b : table) {
                        games.merge(b, t.seat(0, l).games(), Long::sum);
                    }
                }
            }
            for (int i = 0; i < bots.size(); i++) {
                for (int j = i + 1; j < bots.size(); j++) {
                    Tally.PairBlock p = t.pair(0, i, j);
                    if (p.games() == 0 || global[i] == global[j]) {
                        continue;
                    }
                    pairings.add(((long) Math.min(global[i], global[j]) << 32) | Math.max(global[i], global[j]));
                    long[] a = meetingsAndPoints2.computeIfAbsent(global[i], x -> new long[2]);
                    long[] b = meetingsAndPoints2.computeIfAbsent(global[j], x -> new long[2]);
                    a[0] += p.games();
                    b[0] += p.games();
                    a[1] += 2 * p.wins() + p.draws();
                    b[1] += 2 * p.losses() + p.draws();
                }
            }
        }
        if (pairings.isEmpty()) {
            throw new UserError("no games between different bots in these files");
        }
        return new RatingsPool(files, rules, deckName, names, groups, pairings, meetingsAndPoints2, games, perCommand,
                allDeals);
    }

    /**
     * A file's deal group in the pooled list's bot numbering. Meetings of two seats with the same
     * label (one bot twice at a table) say nothing about ratings and are left out; null if none is left.
     */
    static BradleyTerry.DealGroup relabel(BradleyTerry.DealGroup g, int[] global) {
        List<BradleyTerry.Meeting> meetings = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        for (int m = 0; m < g.meetings().size(); m++) {
            BradleyTerry.Meeting x = g.meetings().get(m);
            int a = global[x.playerA()];
            int b = global[x.playerB()];
            if (a != b) {
                meetings.add(new BradleyTerry.Meeting(a, b, x.games()));
                kept.add(m);
            }
        }
        if (meetings.isEmpty()) {
            return null;
        }
        List<BradleyTerry.Outcome> outcomes = new ArrayList<>();
        for (BradleyTerry.Outcome o : g.outcomes()) {
            int[] h = new int[kept.size()];
            for (int i = 0; i < h.length; i++) {
                h[i] = o.halfPointsOfA()[kept.get(i)];
            }
            outcomes.add(new BradleyTerry.Outcome(o.deals(), h));
        }
        return new BradleyTerry.DealGroup(meetings, outcomes);
    }
}

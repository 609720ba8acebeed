package richelieu.runner.answers;

import richelieu.engine.Deck;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.studystats.StudyStatistics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A study's result as the answers read it: its id (the page an answer links to), the exact command
 * that reproduces it, and its config with its typed statistics.
 *
 * @param extendsLadder its games join the ladder's rating list (the study plan's {@code "extendsLadder"})
 */
public record Source(String id, String command, StoredResult result, boolean extendsLadder) {

    public Source(String id, String command, StoredResult result) {
        this(id, command, result, false);
    }

    public StudyStatistics stats() {
        return result.statistics();
    }

    /** The bots' labels, in the config's order. */
    public List<String> bots() {
        return result.config().labels();
    }

    public int players() {
        return result.players();
    }

    /** The deck's short name: its name up to the first space or colon ("standard", "flat"). */
    public String deckLabel() {
        String name = result.config().deck().name();
        int end = name.length();
        for (char c : new char[]{' ', ':'}) {
            int i = name.indexOf(c);
            end = i >= 0 ? Math.min(end, i) : end;
        }
        return name.substring(0, end);
    }

    /** True if the study played the standard deck's cards (whatever its name). */
    public boolean standardDeck() {
        return result.config().deck().cards().equals(Deck.standard().cards());
    }

    /** True if the study is of this kind ({@code config.command}) with this many players. */
    public boolean is(String command, int players) {
        return result.command().equals(command) && result.players() == players;
    }

    // The studies each answer reads are picked by their kind and config, in the order given.

    /** 2-player first-player results on the standard deck: the seat advantage of every bot studied. */
    public static List<Source> selfPlaySeats(Collection<Source> sources) {
        return sources.stream().filter(r -> r.is("first-player", 2) && r.standardDeck()).toList();
    }

    /** Balance results on the standard deck. */
    public static List<Source> balances(Collection<Source> sources) {
        return sources.stream().filter(r -> r.is("balance", 2) && r.standardDeck()).toList();
    }

    /**
     * A kind of 2-player study by deck short name (decks in order of first appearance), with only
     * the bots studied on more than one deck: what can show whether a conclusion depends on the deck.
     */
    public static <T> Map<String, List<T>> byDeck(Collection<Source> sources, String command, Function<Source, List<T>> of,
                                                 Function<T, String> bot) {
        Map<String, List<T>> all = new LinkedHashMap<>();
        Map<String, Set<String>> decksOf = new LinkedHashMap<>();
        for (Source r : sources) {
            if (r.is(command, 2)) {
                for (T x : of.apply(r)) {
                    all.computeIfAbsent(r.deckLabel(), k -> new ArrayList<>()).add(x);
                    decksOf.computeIfAbsent(bot.apply(x), k -> new LinkedHashSet<>()).add(r.deckLabel());
                }
            }
        }
        Map<String, List<T>> out = new LinkedHashMap<>();
        all.forEach((deck, xs) -> {
            List<T> several = xs.stream().filter(x -> decksOf.get(bot.apply(x)).size() > 1).toList();
            if (!several.isEmpty()) {
                out.put(deck, several);
            }
        });
        return out;
    }
}

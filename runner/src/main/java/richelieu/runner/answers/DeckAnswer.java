package richelieu.runner.answers;

import richelieu.runner.stats.Holm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Do the conclusions depend on the reconstructed deck? For every bot whose first-player advantage
 * was studied on more than one deck: seat 0's share per deck (and the paired balance difference
 * where a balance study of the same bot and deck exists), how far the edge moves across decks, and
 * whether its sign and significance hold on every deck (exact binomial tests, Holm-corrected over
 * the bot-deck pairs).
 *
 * @param byBot     bot → deck short name → its figures, bots and decks in order of first appearance
 * @param maxMove   the largest spread of one bot's edge across decks, in percentage points
 * @param tests     the bot-deck pairs the correction is over
 * @param sameSign  true if every bot-deck pair is significant (Holm) and each bot's edge keeps its sign
 */
public record DeckAnswer(Map<String, Map<String, Deck>> byBot, double maxMove, int tests, boolean sameSign) {

    /** One bot on one deck: its seat advantage, and its balance study's bot on that deck if any. */
    public record Deck(FirstPlayerAnswer.Bot seat, BalanceAnswer.Bot balance) {
    }

    /** Null when no bot was studied on two decks. */
    public static DeckAnswer of(Collection<Source> sources) {
        Map<String, List<FirstPlayerAnswer.Bot>> fp = Source.byDeck(sources, "first-player", FirstPlayerAnswer::of,
                FirstPlayerAnswer.Bot::bot);
        Map<String, List<BalanceAnswer.Bot>> bal = Source.byDeck(sources, "balance", BalanceAnswer::of, BalanceAnswer.Bot::bot);
        Map<String, Map<String, Deck>> byBot = new LinkedHashMap<>();
        fp.forEach((deck, seats) -> seats.forEach(a -> {
            BalanceAnswer.Bot balance = null;
            for (BalanceAnswer.Bot x : bal.getOrDefault(deck, List.of())) {
                if (x.bot().equals(a.bot())) {
                    balance = x;
                }
            }
            byBot.computeIfAbsent(a.bot(), k -> new LinkedHashMap<>()).put(deck, new Deck(a, balance));
        }));
        if (byBot.values().stream().noneMatch(m -> m.size() > 1)) {
            return null;
        }
        double maxMove = 0;
        List<FirstPlayerAnswer.Bot> tests = new ArrayList<>();
        for (Map<String, Deck> decks : byBot.values()) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (Deck d : decks.values()) {
                min = Math.min(min, d.seat().pp());
                max = Math.max(max, d.seat().pp());
                tests.add(d.seat());
            }
            maxMove = Math.max(maxMove, max - min);
        }
        // One conclusion from one exact binomial test per bot and deck: Holm-corrected over all of them.
        double[] holm = Holm.adjust(tests.stream().mapToDouble(FirstPlayerAnswer.Bot::p).toArray());
        boolean allSignificant = true;
        for (double p : holm) {
            allSignificant &= p < FirstPlayerAnswer.ALPHA;
        }
        boolean sameSign = allSignificant && byBot.values().stream().allMatch(m -> m.values().stream().allMatch(d -> d.seat().share() > 0.5)
                || m.values().stream().allMatch(d -> d.seat().share() < 0.5));
        return new DeckAnswer(byBot, maxMove, tests.size(), sameSign);
    }
}

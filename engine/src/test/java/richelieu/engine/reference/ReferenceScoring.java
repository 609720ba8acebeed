package richelieu.engine.reference;

import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Symbol;

import java.util.ArrayList;
import java.util.List;

/**
 * R18–R24 written out with loops over card lists, for the naive reference model. Hands are lists
 * of deck indices (not positions), so the rulebooks' worked examples (docs/rules.md) can be checked without
 * playing a game to reach them.
 */
public final class ReferenceScoring {
    /** Shield token ids are the region ids 0–8; symbol tokens are 9 + symbol id (R3, docs/engine.md). */
    private static final int FIRST_SYMBOL_TOKEN = 9;

    private ReferenceScoring() {
    }

    /** R18 / R22: a player's count for a region: shields on their cards of it plus 1 for its shield token. */
    public static int regionCount(Deck deck, List<Integer> hand, List<Integer> tokens, Region region) {
        int count = 0;
        for (int card : hand) {
            Card c = deck.card(card);
            if (c.region() == region) {
                count += c.shields();
            }
        }
        if (tokens.contains(region.ordinal())) {
            count += 1;
        }
        return count;
    }

    /** R19 / R22: a player's count for a symbol: their cards showing it plus 1 for its token. */
    public static int symbolCount(Deck deck, List<Integer> hand, List<Integer> tokens, Symbol symbol) {
        int count = 0;
        for (int card : hand) {
            if (deck.card(card).symbol() == symbol) {
                count++;
            }
        }
        if (tokens.contains(FIRST_SYMBOL_TOKEN + symbol.ordinal())) {
            count += 1;
        }
        return count;
    }

    /** Number of cards in the hand belonging to the region (a token alone does not count, R18). */
    public static int regionCards(Deck deck, List<Integer> hand, Region region) {
        int n = 0;
        for (int card : hand) {
            if (deck.card(card).region() == region) {
                n++;
            }
        }
        return n;
    }

    /** Number of cards in the hand showing the symbol. */
    public static int symbolCards(Deck deck, List<Integer> hand, Symbol symbol) {
        int n = 0;
        for (int card : hand) {
            if (deck.card(card).symbol() == symbol) {
                n++;
            }
        }
        return n;
    }

    /**
     * Points each player gets from counts of one region or symbol, majority part only:
     * STRICT (R18/R19): a unique highest count scores itself, a tie for the highest scores nothing;
     * SHARED (R22): every player with the highest count scores it, a count of 0 scores nothing.
     */
    public static int[] majorityPoints(Rules rules, int[] counts) {
        int best = 0;
        for (int c : counts) {
            best = Math.max(best, c);
        }
        int holders = 0;
        for (int c : counts) {
            if (c == best) {
                holders++;
            }
        }
        int[] points = new int[counts.length];
        if (best == 0) {
            return points; // R22: a count of 0 scores nothing (and under R18 all-zero is a tie)
        }
        for (int p = 0; p < counts.length; p++) {
            if (counts[p] != best) {
                continue;
            }
            if (rules.majority() == Rules.Majority.STRICT && holders > 1) {
                continue; // R18/R19: on a tie nobody scores
            }
            points[p] = best;
        }
        return points;
    }

    /** Everything one region gives each player: the majority points plus R18's penalty or R23's bonus. */
    public static int[] regionPoints(Rules rules, Deck deck, List<List<Integer>> hands, List<List<Integer>> tokens,
                                     Region region) {
        int n = hands.size();
        int[] counts = new int[n];
        for (int p = 0; p < n; p++) {
            counts[p] = regionCount(deck, hands.get(p), tokens.get(p), region);
        }
        int[] points = majorityPoints(rules, counts);
        for (int p = 0; p < n; p++) {
            if (regionCards(deck, hands.get(p), region) == 0) {
                points[p] += rules.absentRegionPoints(); // R18: no card of the region (token alone does not help)
            } else {
                points[p] += rules.presentRegionPoints(); // R23: 2 points for every region held
            }
        }
        return points;
    }

    /** Everything one symbol gives each player: the majority points plus R19's penalty. */
    public static int[] symbolPoints(Rules rules, Deck deck, List<List<Integer>> hands, List<List<Integer>> tokens,
                                     Symbol symbol) {
        int n = hands.size();
        int[] counts = new int[n];
        for (int p = 0; p < n; p++) {
            counts[p] = symbolCount(deck, hands.get(p), tokens.get(p), symbol);
        }
        int[] points = majorityPoints(rules, counts);
        for (int p = 0; p < n; p++) {
            if (symbolCards(deck, hands.get(p), symbol) == 0) {
                points[p] += rules.absentSymbolPoints(); // R19: no card showing the symbol (R23: 0 with 3-4)
            }
        }
        return points;
    }

    /** R18–R24: the total of every player, hands as deck indices, tokens as token ids. */
    public static int[] scores(Rules rules, Deck deck, List<List<Integer>> hands, List<List<Integer>> tokens) {
        int n = hands.size();
        int[] total = new int[n];
        for (Region r : Region.values()) {
            int[] pts = regionPoints(rules, deck, hands, tokens, r);
            for (int p = 0; p < n; p++) {
                total[p] += pts[p];
            }
        }
        for (Symbol s : Symbol.values()) {
            int[] pts = symbolPoints(rules, deck, hands, tokens, s);
            for (int p = 0; p < n; p++) {
                total[p] += pts[p];
            }
        }
        return total;
    }

    /**
     * R20 / R24: the highest total wins; among equal totals the player with fewer cards wins (if
     * {@code fewerCardsWinTies}); whoever is still level shares the win (a draw).
     */
    public static List<Integer> winners(Rules rules, int[] scores, int[] cardCounts) {
        int best = Integer.MIN_VALUE;
        for (int s : scores) {
            best = Math.max(best, s);
        }
        List<Integer> top = new ArrayList<>();
        for (int p = 0; p < scores.length; p++) {
            if (scores[p] == best) {
                top.add(p);
            }
        }
        if (!rules.fewerCardsWinTies()) {
            return top;
        }
        int fewest = Integer.MAX_VALUE;
        for (int p : top) {
            fewest = Math.min(fewest, cardCounts[p]);
        }
        List<Integer> winners = new ArrayList<>();
        for (int p : top) {
            if (cardCounts[p] == fewest) {
                winners.add(p);
            }
        }
        return winners;
    }
}

package richelieu.strategies.multi;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;
import richelieu.strategies.HeuristicStrategy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pruned searches against plain ones written here from their definitions: paranoid
 * alpha-beta with the table and ordering must give exactly plain paranoid minimax's value, and
 * max-n with shallow pruning exactly plain max-n's, for every root action of small positions
 * (few cards left) of random games with 3 and 4 players, in both variants.
 */
class MultiSearchTest {
    static Stream<Rules> rules() {
        return Stream.of(Rules.standard(3), Rules.standard(4), Rules.standard(3).withVariant(Rules.Variant.THREE_ROW),
                Rules.standard(4).withVariant(Rules.Variant.THREE_ROW));
    }

    private static SeatShares shares() {
        return new SeatShares(new HeuristicStrategy(), 10);
    }

    /** Positions of random games once at most {@code cards} cards are left, each a full state (every token known). */
    private static List<GameState> positions(Rules rules, int games, int cards, long seed) {
        List<GameState> out = new ArrayList<>();
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < games; g++) {
            GameState s = new GameState(rules, Deal.generate(Deck.standard(), SplitMix.mix64(seed + g)));
            SplittableRandom rng = new SplittableRandom(seed * 31 + g);
            while (!s.isOver()) {
                int n = s.legalActions(buf);
                if (n > 1 && Long.bitCount(s.table()) <= cards && rng.nextInt(3) == 0) {
                    out.add(s.copy());
                }
                s.play(buf[rng.nextInt(n)]);
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("rules")
    void paranoid_alphaBetaWithTableAndOrdering_equalsPlainMinimax(Rules rules) {
        SeatShares shares = shares();
        MultiSearch pruned = new MultiSearch(MultiSearch.Rule.PARANOID, shares, 12, 0);
        int compared = 0;
        for (int depth = 1; depth <= 3; depth++) {
            for (GameState s : positions(rules, 6, depth == 3 ? 6 : 9, 40 + depth)) {
                int me = s.toMove();
                int[] actions = legal(s);
                pruned.newDecision();
                for (int a : actions) {
                    pruned.load(s, me);
                    int expected = plainParanoid(after(s, a), me, depthAfter(s, after(s, a), depth), shares);
                    assertEquals(expected, pruned.valueAfter(a, depth), rules + ", depth " + depth + ", "
                            + Action.toString(a) + " at turn " + s.turn());
                    compared++;
                }
            }
        }
        assertTrue(compared > 100, compared + " actions compared");
    }

    /**
     * With marker steps cut to their best choices, the set searched at a node depends on the
     * position alone, so alpha-beta with the table still gives exactly the minimax value of the
     * cut tree.
     */
    @ParameterizedTest
    @MethodSource("rules")
    void paranoid_markerStepsCut_alphaBetaEqualsMinimaxOfTheCutTree(Rules rules) {
        SeatShares shares = shares();
        MultiSearch pruned = new MultiSearch(MultiSearch.Rule.PARANOID, shares, 12, 2);
        MultiSearch plain = new MultiSearch(MultiSearch.Rule.PARANOID, shares, 12, 2, false, true);
        int compared = 0;
        for (GameState s : positions(rules, 4, 14, 90)) {
            int me = s.toMove();
            pruned.newDecision();
            for (int a : legal(s)) {
                pruned.load(s, me);
                plain.load(s, me);
                assertEquals(plain.valueAfter(a, 2), pruned.valueAfter(a, 2), rules + ", " + Action.toString(a));
                compared++;
            }
        }
        assertTrue(compared > 50, compared + " actions compared");
    }

    @ParameterizedTest
    @MethodSource("rules")
    void maxn_shallowPruning_equalsPlainMaxn(Rules rules) {
        SeatShares shares = shares();
        // the same legal order as the plain search, so that ties between equal shares go the same way
        MultiSearch pruned = new MultiSearch(MultiSearch.Rule.MAXN, shares, 12, 0, true, false);
        int compared = 0;
        int pruning = 0;
        for (int depth = 1; depth <= 3; depth++) {
            // (shallow pruning needs a seat sure of most of the win: near the end, where games finish)
            for (GameState s : positions(rules, 6, depth == 3 ? 4 : 9, 70 + depth)) {
                int me = s.toMove();
                for (int a : legal(s)) {
                    pruned.load(s, me);
                    long before = pruned.nodes();
                    nodesOfPlain = 0;
                    int[] expected = plainMaxn(after(s, a), depthAfter(s, after(s, a), depth), shares);
                    int got = pruned.valueAfter(a, depth);
                    assertEquals(expected[me], got, rules + ", depth " + depth + ", " + Action.toString(a));
                    compared++;
                    pruning += pruned.nodes() - before < nodesOfPlain ? 1 : 0;
                }
            }
        }
        assertTrue(compared > 100, compared + " actions compared");
        assertTrue(pruning > 0, "shallow pruning never cut anything");
    }

    // ------------------------------------------------------------------ the plain searches

    /** Positions the last plain max-n visited. */
    private static int nodesOfPlain;

    private static int[] legal(GameState s) {
        int[] buf = new int[Action.MAX_LEGAL];
        return Arrays.copyOf(buf, s.legalActions(buf));
    }

    private static GameState after(GameState s, int a) {
        GameState c = s.copy();
        c.play(a);
        return c;
    }

    /** Depth counts turn starts: it goes down when a turn ends. */
    private static int depthAfter(GameState parent, GameState child, int depth) {
        return child.turn() != parent.turn() ? depth - 1 : depth;
    }

    /** Paranoid minimax from its definition: {@code me} maximises its share, every other seat minimises it. */
    private static int plainParanoid(GameState s, int me, int depth, SeatShares shares) {
        if (depth == 0 || s.isOver()) {
            int[] v = new int[4];
            shares.shares(s, v);
            return v[me];
        }
        boolean max = s.toMove() == me;
        int best = max ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int a : legal(s)) {
            GameState c = after(s, a);
            int v = plainParanoid(c, me, depthAfter(s, c, depth), shares);
            best = max ? Math.max(best, v) : Math.min(best, v);
        }
        return best;
    }

    /** Max-n from its definition: the seat to move takes the first action of the largest share for itself. */
    private static int[] plainMaxn(GameState s, int depth, SeatShares shares) {
        nodesOfPlain++;
        if (depth == 0 || s.isOver()) {
            int[] v = new int[4];
            shares.shares(s, v);
            return v;
        }
        int me = s.toMove();
        int[] best = null;
        for (int a : legal(s)) {
            GameState c = after(s, a);
            int[] v = plainMaxn(c, depthAfter(s, c, depth), shares);
            if (best == null || v[me] > best[me]) {
                best = v;
            }
        }
        return best;
    }
}

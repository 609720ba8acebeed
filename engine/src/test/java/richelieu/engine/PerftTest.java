package richelieu.engine;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import richelieu.engine.reference.ReferenceGame;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Perft: exact leaf counts of the tree of legal decision sequences to a fixed depth from seeded
 * deals (game-over nodes are leaves). The numbers were produced by the reference model
 * ({@link Perft#main}); the bitboard engine must reproduce them exactly, and so must the reference
 * (so that a change to either is noticed). On a mismatch both models' "divide" (leaves per first
 * action) is printed.
 */
@Tag("slow")
class PerftTest {
    static final int NEAR_END = -1;

    /**
     * A perft root: the deal of {@code seed}, then {@code prefix} decisions chosen uniformly at
     * random (stream {@code seed}) from the reference's legal set — or, with {@code prefix = NEAR_END},
     * random decisions until a take decision with one empty row and at most five cards in the two
     * smallest other rows (so that the three-row end lies inside the perft horizon).
     * {@code expected[d - 1]} is the leaf count at depth d.
     */
    record Position(String name, Rules rules, long seed, int prefix, int depth, long[] expected) {
        ReferenceGame reference() {
            return line().reference;
        }

        Line line() {
            Deal deal = Deal.generate(Deck.standard(), seed);
            Line l = new Line(new GameState(rules, deal), ModelPair.reference(rules, deal));
            SplittableRandom rng = new SplittableRandom(seed);
            int steps = 0;
            while (prefix == NEAR_END ? !nearEnd(l.reference) : steps < prefix) {
                if (l.reference.isOver()) {
                    throw new IllegalStateException(name + ": the line reached the end of the game");
                }
                List<Integer> legal = l.reference.legalActions();
                int a = legal.get(rng.nextInt(legal.size()));
                l.reference.apply(a);
                l.engine.apply(a);
                steps++;
            }
            return l;
        }
    }

    record Line(GameState engine, ReferenceGame reference) {
    }

    private static boolean nearEnd(ReferenceGame g) {
        if (g.phase() != Phase.TAKE_FIRST) {
            return false;
        }
        List<Integer> sizes = new ArrayList<>(List.of(0, 0, 0, 0));
        for (int p : g.table()) {
            sizes.set(p / Layout.COLS, sizes.get(p / Layout.COLS) + 1);
        }
        Collections.sort(sizes);
        return sizes.get(0) == 0 && sizes.get(1) > 0 && sizes.get(1) + sizes.get(2) <= 5;
    }

    private static final Rules TWO = Rules.standard(2);

    static final List<Position> POSITIONS = List.of(
            new Position("2p base seed 1", TWO, 1, 0, 5,
                    new long[]{8, 384, 3072, 109530, 926868}),
            new Position("2p base seed 2 after 20 decisions", TWO, 2, 20, 5,
                    new long[]{8, 357, 3179, 121971, 1214375}),
            new Position("2p base seed 3 after 40 decisions", TWO, 3, 40, 5,
                    new long[]{51, 408, 5340, 47074, 807186}),
            new Position("3p base seed 4", Rules.standard(3), 4, 0, 5,
                    new long[]{8, 384, 3072, 111740, 946201}),
            new Position("4p base seed 5", Rules.standard(4), 5, 0, 5,
                    new long[]{8, 384, 3072, 107602, 919973}),
            new Position("2p three-row seed 6 near the end", TWO.withVariant(Rules.Variant.THREE_ROW),
                    6, NEAR_END, 8, new long[]{5, 29, 157, 759, 3848, 17265, 73471, 299964}),
            new Position("3p late returns, freed not payable, seed 7 after 90 decisions",
                    Rules.standard(3).withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING)
                            .withFreedMarkersPayable(false), 7, 90, 7,
                    new long[]{6, 10, 30, 90, 278, 595, 1037}),
            new Position("2p base seed 8 after 60 decisions", TWO, 8, 60, 5,
                    new long[]{29, 232, 4216, 34086, 506325}),
            new Position("4p three-row seed 9 after 80 decisions",
                    Rules.standard(4).withVariant(Rules.Variant.THREE_ROW), 9, 80, 5,
                    new long[]{9, 24, 96, 923, 3842}));

    @Test
    void perft_seededDeals_engineAndReferenceMatchPinnedCounts() {
        List<String> failures = new ArrayList<>();
        for (Position pos : POSITIONS) {
            Line line = pos.line();
            int[] buf = new int[Action.MAX_LEGAL];
            assertEquals(ModelPair.Snapshot.of(line.reference()), ModelPair.Snapshot.of(line.engine(), buf),
                    pos.name() + ": the models disagree at the perft root");
            for (int d = 1; d <= pos.depth(); d++) {
                long expected = pos.expected()[d - 1];
                long ref = Perft.reference(line.reference(), d);
                long eng = Perft.engine(line.engine(), d);
                if (ref != expected || eng != expected) {
                    failures.add(pos.name() + " depth " + d + ": expected " + expected + ", reference " + ref
                            + ", engine " + eng);
                    printDivide(pos.name(), line, d);
                    break;
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void perft_threeRowNearEnd_treeContainsGameOverLeaves_R17() {
        Position pos = POSITIONS.get(5);
        long over = Perft.referenceGameOverLeaves(pos.reference(), pos.depth());
        assertTrue(over > 0 && over < pos.expected()[pos.depth() - 1], "game-over leaves " + over);
    }

    private static void printDivide(String name, Line line, int depth) {
        Map<String, Long> ref = Perft.referenceDivide(line.reference(), depth);
        Map<String, Long> eng = Perft.engineDivide(line.engine(), depth);
        System.out.println("divide of " + name + " at depth " + depth + " (action: reference / engine)");
        TreeSet<String> keys = new TreeSet<>(ref.keySet());
        keys.addAll(eng.keySet());
        for (String k : keys) {
            Long r = ref.get(k);
            Long e = eng.get(k);
            System.out.println("  " + k + ": " + r + " / " + e + (Objects.equals(r, e) ? "" : "   <-- differs"));
        }
    }
}

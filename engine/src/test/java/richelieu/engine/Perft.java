package richelieu.engine;

import richelieu.engine.reference.ReferenceGame;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Perft: the number of leaves of the tree of legal decision sequences of a given depth (a
 * game-over node is a leaf at any depth), on both models. {@link #main} prints the numbers that
 * {@link PerftTest} pins, computed with the reference model.
 */
final class Perft {
    private Perft() {
    }

    static long reference(ReferenceGame g, int depth) {
        if (g.isOver() || depth == 0) {
            return 1;
        }
        List<Integer> legal = g.legalActions();
        if (depth == 1) {
            return legal.size();
        }
        long n = 0;
        for (int a : legal) {
            ReferenceGame child = g.copy();
            child.apply(a);
            n += reference(child, depth - 1);
        }
        return n;
    }

    /** How many leaves of the depth-{@code depth} tree are game-over nodes. */
    static long referenceGameOverLeaves(ReferenceGame g, int depth) {
        if (g.isOver()) {
            return 1;
        }
        if (depth == 0) {
            return 0;
        }
        long n = 0;
        for (int a : g.legalActions()) {
            ReferenceGame child = g.copy();
            child.apply(a);
            n += referenceGameOverLeaves(child, depth - 1);
        }
        return n;
    }

    static Map<String, Long> referenceDivide(ReferenceGame g, int depth) {
        Map<String, Long> out = new TreeMap<>();
        for (int a : g.legalActions()) {
            ReferenceGame child = g.copy();
            child.apply(a);
            out.put(a + " " + Action.toString(a), reference(child, depth - 1));
        }
        return out;
    }

    /** Bitboard perft with one preallocated state and action buffer per ply (no allocation in the walk). */
    static final class Engine {
        private final GameState[] states;
        private final int[][] bufs;

        Engine(GameState root, int depth) {
            states = new GameState[depth + 1];
            bufs = new int[depth + 1][Action.MAX_LEGAL];
            states[depth] = root.copy();
            for (int d = 0; d < depth; d++) {
                states[d] = root.copy();
            }
        }

        long count(int depth) {
            GameState s = states[depth];
            if (s.isOver() || depth == 0) {
                return 1;
            }
            int[] buf = bufs[depth];
            int n = s.legalActions(buf);
            if (depth == 1) {
                return n;
            }
            long total = 0;
            GameState child = states[depth - 1];
            for (int i = 0; i < n; i++) {
                child.copyFrom(s);
                child.play(buf[i]);
                total += count(depth - 1);
            }
            return total;
        }
    }

    static long engine(GameState root, int depth) {
        return new Engine(root, depth).count(depth);
    }

    static Map<String, Long> engineDivide(GameState root, int depth) {
        Map<String, Long> out = new TreeMap<>();
        int[] buf = new int[Action.MAX_LEGAL];
        int n = root.legalActions(buf);
        for (int i = 0; i < n; i++) {
            GameState child = root.copy();
            child.apply(buf[i]);
            out.put(buf[i] + " " + Action.toString(buf[i]), engine(child, depth - 1));
        }
        return out;
    }

    /** Prints the reference perft numbers of every {@link PerftTest} position. */
    public static void main(String[] args) {
        for (PerftTest.Position pos : PerftTest.POSITIONS) {
            ReferenceGame g = pos.reference();
            StringBuilder sb = new StringBuilder(pos.name()).append(":");
            long t0 = System.nanoTime();
            for (int d = 1; d <= pos.depth(); d++) {
                sb.append(' ').append(reference(g, d)).append("L");
            }
            sb.append("   (").append((System.nanoTime() - t0) / 1_000_000).append(" ms)");
            System.out.println(sb);
        }
    }
}

package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import richelieu.engine.Action;
import richelieu.engine.GameState;

import java.util.SplittableRandom;

/**
 * The state primitives: applying one action ({@link GameState#play}), copying a state
 * ({@link GameState#copyFrom}) and final scoring ({@link GameState#scores}), all on 2-player
 * positions from seeded games. Targets: apply and scoring at most 20 ns, 0 B/op.
 */
public class StateBench extends JmhDefaults {

    /**
     * Apply: a state cannot be un-played, so instead of re-copying before each action (which
     * would measure copy + apply) this replays 64 recorded random games action by action. Each
     * op is one {@code play}; at a game's end the next game's start is copied in, about once
     * every 60 ops (amortised, well under 1 ns). The action mix is that of real games.
     */
    @State(Scope.Thread)
    public static class Replay {
        private static final int GAMES = 64; // power of two
        private GameState[] starts;
        private GameState[] work;
        private int[] actions;
        private int[] gameEnd;
        private int game;
        private int k;
        private int end;
        private GameState cur;

        @Setup
        public void setup() {
            starts = Positions.of(Positions.Kind.START, 2, 0xA991L);
            starts = java.util.Arrays.copyOf(starts, GAMES);
            work = new GameState[GAMES];
            gameEnd = new int[GAMES];
            int[] seq = new int[GAMES * 200];
            int[] buf = new int[Action.MAX_LEGAL];
            SplittableRandom rng = new SplittableRandom(7);
            int len = 0;
            for (int g = 0; g < GAMES; g++) {
                GameState s = starts[g].copy();
                while (!s.isOver()) {
                    int n = s.legalActions(buf);
                    int a = n == 1 ? buf[0] : buf[rng.nextInt(n)];
                    if (len == seq.length) {
                        seq = java.util.Arrays.copyOf(seq, len * 2);
                    }
                    seq[len++] = a;
                    s.play(a);
                }
                gameEnd[g] = len;
                work[g] = starts[g].copy();
            }
            actions = java.util.Arrays.copyOf(seq, len);
            game = 0;
            k = 0;
            end = gameEnd[0];
            cur = work[0];
        }

        void nextGame() {
            int g = (game + 1) & (GAMES - 1);
            game = g;
            k = g == 0 ? 0 : gameEnd[g - 1];
            end = gameEnd[g];
            cur = work[g];
            cur.copyFrom(starts[g]);
        }
    }

    /** Pairs of states of the same game: copy source i into target i. */
    @State(Scope.Thread)
    public static class Pairs {
        private GameState[] src;
        private GameState[] dst;
        private int i;

        @Setup
        public void setup() {
            src = Positions.of(Positions.Kind.DECISION, 2, 0xC097L);
            dst = new GameState[src.length];
            for (int j = 0; j < src.length; j++) {
                dst[j] = src[j].copy();
            }
        }
    }

    /** Finished games, scored. */
    @State(Scope.Thread)
    public static class Finals {
        private GameState[] states;
        private int[] out;
        private int i;

        @Setup
        public void setup() {
            states = Positions.of(Positions.Kind.FINAL, 2, 0x5C0EL);
            out = new int[4];
        }
    }

    @Benchmark
    public int apply(Replay r) {
        GameState s = r.cur;
        int k = r.k;
        s.play(r.actions[k]);
        r.k = ++k;
        if (k == r.end) {
            r.nextGame();
        }
        return k;
    }

    @Benchmark
    public void copy(Pairs p) {
        int j = p.i++ & Positions.MASK;
        p.dst[j].copyFrom(p.src[j]);
    }

    @Benchmark
    public int scores(Finals f) {
        f.states[f.i++ & Positions.MASK].scores(f.out);
        return f.out[0];
    }
}

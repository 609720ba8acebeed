package richelieu.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fused random playout ({@link GameState#randomStep}, {@link FusedPlayout}) plays
 * exactly the games of the plain loop legalActions → buf[rng.nextInt(n)] → play: the same action
 * at every step, the same state after it, the same rng draws. The fused ε-greedy playout
 * ({@link Playouts#epsilonGreedyToEnd}) likewise plays the moves of its policy stepped on the
 * written-out legal sets.
 */
class PlayoutsTest {
    private static int plainStep(GameState s, SplittableRandom rng, int[] buf) {
        int n = s.legalActions(buf);
        int a = n == 1 ? buf[0] : buf[rng.nextInt(n)];
        s.play(a);
        return a;
    }

    /** Plays {@code s} to its end the plain way; returns what it played, as text. */
    private static List<String> plainToEnd(GameState s, SplittableRandom rng, int[] buf) {
        List<String> played = new ArrayList<>();
        while (!s.isOver()) {
            played.add(Action.toString(plainStep(s, rng, buf)));
        }
        return played;
    }

    /** The first {@code steps} actions of a fused playout's trace, as text. */
    private static List<String> actions(int[] trace, int steps) {
        List<String> played = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            played.add(Action.toString(trace[i]));
        }
        return played;
    }

    /** Plays one position to the end the plain way and the fused way, asserting on the way that they agree. */
    interface BothWays {
        void play(GameState plain, SplittableRandom plainRng, GameState fused, SplittableRandom fusedRng);
    }

    /** A playout from a position, as the list of what it played. */
    interface Line {
        List<String> play(GameState s, SplittableRandom rng);
    }

    /**
     * From every position of one random game: plays to the end both ways with equal streams, then
     * compares the final states and the draws.
     *
     * @return the positions compared
     */
    private static long fromEveryPosition(Rules rules, long dealSeed, long lineSeed, BothWays bothWays) {
        int[] buf = new int[Action.MAX_LEGAL];
        GameState line = new GameState(rules, Deal.generate(Deck.standard(), dealSeed));
        SplittableRandom lineRng = new SplittableRandom(lineSeed);
        long positions = 0;
        while (!line.isOver()) {
            long seed = lineRng.nextLong();
            GameState p = line.copy();
            GameState f = line.copy();
            SplittableRandom plainRng = new SplittableRandom(seed);
            SplittableRandom fusedRng = new SplittableRandom(seed);
            bothWays.play(p, plainRng, f, fusedRng);
            assertSameState(p, f);
            assertEquals(plainRng.nextLong(), fusedRng.nextLong(), "rng streams diverged");
            positions++;
            plainStep(line, lineRng, buf);
        }
        return positions;
    }

    /** {@link #fromEveryPosition(Rules, long, long, BothWays)}, comparing the moves the two lines play. */
    private static long fromEveryPosition(Rules rules, long dealSeed, long lineSeed, Line plain, Line fused,
                                          String what) {
        return fromEveryPosition(rules, dealSeed, lineSeed, (p, plainRng, f, fusedRng) -> {
            int turn = p.turn();
            assertEquals(plain.play(p, plainRng), fused.play(f, fusedRng), what + ", from turn " + turn);
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void randomStep_fromEveryPositionOfRandomGames_matchesPlainLoopStepForStep(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        BothWays stepForStep = (plain, plainRng, fused, fusedRng) -> {
            for (int step = 0; !plain.isOver(); step++) {
                int a = plainStep(plain, plainRng, buf);
                int b = fused.randomStep(fusedRng);
                assertEquals(Action.toString(a), Action.toString(b), "step " + step);
                assertEquals(a, b);
                assertSameState(plain, fused);
            }
            assertEquals(true, fused.isOver());
        };
        long positions = 0;
        int ri = name.hashCode();
        for (int g = 0; g < 40; g++) {
            positions += fromEveryPosition(rules, 1000L * g + ri, g, stepForStep);
        }
        assertEquals(true, positions > 1_000, "positions tried: " + positions);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void playRandomToEnd_fromEveryPositionOfRandomGames_playsThePlainLoopsActions(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[1000];
        Line plain = (s, rng) -> plainToEnd(s, rng, buf);
        Line fused = (s, rng) -> actions(trace, s.playRandomToEnd(rng, trace));
        long positions = 0;
        int ri = name.hashCode();
        for (int g = 0; g < 60; g++) {
            positions += fromEveryPosition(rules, 7000L * g + ri, g + 100L * ri, plain, fused,
                    rules.describe() + ", game " + g);
        }
        assertEquals(true, positions > 2_000, "positions tried: " + positions);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void randomToEnd_manyGames_sameFinalStateStepsAndDraws(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < 300; g++) {
            Deal deal = Deal.generate(Deck.standard(), g);
            GameState plain = new GameState(rules, deal);
            GameState fused = new GameState(rules, deal);
            SplittableRandom plainRng = new SplittableRandom(g * 31L);
            SplittableRandom fusedRng = new SplittableRandom(g * 31L);
            int steps = plainToEnd(plain, plainRng, buf).size();
            assertEquals(steps, Playouts.randomToEnd(fused, fusedRng, buf));
            assertSameState(plain, fused);
            assertEquals(plainRng.nextInt(), fusedRng.nextInt());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void playRandomToEnd_fromViewStatesWithUnknownTokens_playsThePlainLoopsActions(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[1000];
        int ri = name.hashCode();
        for (int g = 0; g < 40; g++) {
            GameState s = new GameState(rules, Deal.generate(Deck.standard(), 500L * g + ri));
            SplittableRandom rng = new SplittableRandom(g);
            for (int i = 0; i < 4 * g % 70 && !s.isOver(); i++) {
                plainStep(s, rng, buf);
            }
            if (s.isOver()) {
                continue;
            }
            GameState view = s.observe(s.toMove()).newState();
            s.observe(s.toMove()).toViewState(view); // other seats' tokens are UNKNOWN
            GameState plain = view.copy();
            GameState fused = view.copy();
            SplittableRandom plainRng = new SplittableRandom(g * 7L);
            SplittableRandom fusedRng = new SplittableRandom(g * 7L);
            assertEquals(plainToEnd(plain, plainRng, buf), actions(trace, fused.playRandomToEnd(fusedRng, trace)),
                    rules.describe() + ", game " + g);
            assertSameState(plain, fused);
        }
    }

    // ------------------------------------------------------------ the ε-greedy playout

    /**
     * The ε-greedy policy as {@link Playouts#epsilonGreedyToEnd} defines it, on the written-out
     * legal set: in a greedy phase the explore draw, the index draw (none when n = 1), then the
     * k-th action or the first action of maximal value found going round the set from k; in
     * another phase the index draw and the k-th action. Returns seat << 16 | action.
     */
    private static int greedyReferenceStep(GameState s, SplittableRandom rng, double epsilon, double[] values,
                                           EnumSet<Phase> greedy, int[] buf) {
        int seat = s.toMove();
        boolean explore = !greedy.contains(s.phase()) || rng.nextDouble() < epsilon;
        int n = s.legalActions(buf);
        int k = n == 1 ? 0 : rng.nextInt(n);
        int a = explore ? buf[k] : firstMaxFrom(buf, n, k, values, seat << 10);
        s.play(a);
        return seat << 16 | a;
    }

    /** The first action of maximal value going round {@code set} from index k. */
    private static int firstMaxFrom(int[] set, int n, int k, double[] values, int base) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, values[base | Playouts.valueIndex(0, set[i])]);
        }
        for (int j = 0; ; j++) {
            int a = set[(k + j) % n];
            if (values[base | Playouts.valueIndex(0, a)] == max) {
                return a;
            }
        }
    }

    /**
     * Value tables: all equal (every choice a tie), four levels (many ties), continuous, and of
     * both signs with ±0 and infinities (ties of 0.0 and −0.0).
     */
    private static double[] valueTable(int kind, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[Playouts.VALUE_TABLE_SIZE];
        double[] special = {0.0, -0.0, 1.5, -1.5, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < v.length; i++) {
            v[i] = kind == 0 ? 0.5 : kind == 1 ? r.nextInt(4) / 4.0 : kind == 2 ? r.nextDouble()
                    : r.nextInt(3) == 0 ? special[r.nextInt(special.length)] : r.nextDouble() - 0.5;
        }
        return v;
    }

    /** The first {@code steps} moves recorded by an ε-greedy playout, as seat and action text. */
    private static List<String> seatsAndActions(int[] moves, int steps) {
        List<String> played = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            played.add(Playouts.seatOf(moves[i]) + " " + Action.toString(Playouts.actionOf(moves[i])));
        }
        return played;
    }

    /** The values as the playouts read them. */
    private static long[] keysOf(double[] values) {
        long[] keys = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            keys[i] = Playouts.orderKey(values[i]);
        }
        return keys;
    }

    @Test
    void order_randomAndSpecialDoubles_comparesAsTheDoublesDo() {
        double[] special = {0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1, -1, 0.5};
        SplittableRandom r = new SplittableRandom(8);
        for (int i = 0; i < 100_000; i++) {
            double a = i < 121 ? special[i % 11] : (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(40) - 20);
            double b = i < 121 ? special[i / 11] : r.nextInt(5) == 0 ? a : (r.nextDouble() - 0.5) * 1e3;
            assertEquals(Double.compare(a + 0.0, b + 0.0) < 0, LegalSets.order(a) < LegalSets.order(b), a + " < " + b);
            assertEquals(a == b, LegalSets.order(a) == LegalSets.order(b), a + " == " + b);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void epsilonGreedyToEnd_fromEveryPositionOfRandomGames_playsTheReferencePolicysMoves(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] moves = new int[Playouts.MAX_STEPS];
        double[] epsilons = {0, 0.5, 1, 0.2};
        List<EnumSet<Phase>> phaseSets = List.of(EnumSet.range(Phase.RETURNS, Phase.MARKER),
                EnumSet.of(Phase.TAKE_FIRST, Phase.TAKE_SECOND), EnumSet.of(Phase.MARKER, Phase.PAY),
                EnumSet.of(Phase.RETURNS, Phase.LATE_RETURNS, Phase.TAKE_SECOND));
        long positions = 0;
        int ri = name.hashCode();
        for (int g = 0; g < 24; g++) {
            double epsilon = epsilons[g % epsilons.length];
            double[] values = valueTable(g % 4, g + ri);
            long[] keys = keysOf(values);
            EnumSet<Phase> greedy = phaseSets.get(g / 4 % phaseSets.size());
            int mask = Playouts.phaseMask(greedy.toArray(new Phase[0]));
            Line reference = (s, rng) -> {
                List<String> played = new ArrayList<>();
                while (!s.isOver()) {
                    int m = greedyReferenceStep(s, rng, epsilon, values, greedy, buf);
                    played.add(Playouts.seatOf(m) + " " + Action.toString(Playouts.actionOf(m)));
                }
                return played;
            };
            Line fused = (s, rng) -> seatsAndActions(moves, Playouts.epsilonGreedyToEnd(s, rng, epsilon, keys, mask, buf, moves));
            positions += fromEveryPosition(rules, 3000L * g + ri, g + 10L * ri, reference, fused,
                    rules.describe() + ", game " + g + ", ε " + epsilon + ", greedy in " + greedy);
        }
        assertEquals(true, positions > 800, "positions tried: " + positions);
        assertEquals(Playouts.ALL_PHASES, Playouts.phaseMask(phaseSets.get(0).toArray(new Phase[0])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void epsilonGreedyTurns_fromEveryPositionOfRandomGames_stopsWhereTheReferencePolicyStops(String name,
                                                                                          Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] moves = new int[Playouts.MAX_STEPS];
        EnumSet<Phase> greedy = EnumSet.range(Phase.RETURNS, Phase.MARKER);
        int mask = Playouts.phaseMask(greedy.toArray(new Phase[0]));
        long positions = 0;
        int ri = name.hashCode();
        for (int g = 0; g < 12; g++) {
            double epsilon = g % 3 * 0.5;
            double[] values = valueTable(g % 4, g + ri);
            long[] keys = keysOf(values);
            int turns = 1 + g % 3;
            Line reference = (s, rng) -> {
                List<String> played = new ArrayList<>();
                for (int left = turns; !s.isOver() && left > 0; ) {
                    int me = s.toMove();
                    int m = greedyReferenceStep(s, rng, epsilon, values, greedy, buf);
                    played.add(Playouts.seatOf(m) + " " + Action.toString(Playouts.actionOf(m)));
                    left -= s.toMove() != me ? 1 : 0;
                }
                return played;
            };
            Line fused = (s, rng) -> seatsAndActions(moves, Playouts.epsilonGreedyTurns(s, rng, epsilon, keys, mask, buf, moves, turns));
            positions += fromEveryPosition(rules, 5000L * g + ri, g + 20L * ri, reference, fused,
                    rules.describe() + ", game " + g + ", ε " + epsilon + ", turns " + turns);
        }
        assertEquals(true, positions > 400, "positions tried: " + positions);
    }

    /**
     * {@link LegalSets#firstBest} read off every shape (MOVE with one to three sources) equals the
     * scan of the set written out by {@link LegalSets#kth}, from every start index.
     */
    @Test
    void firstBest_everyShapeAndStart_matchesTheScanOfTheWrittenSet() {
        SplittableRandom rng = new SplittableRandom(11);
        int[] set = new int[Action.MAX_LEGAL];
        int moveSets = 0;
        for (int i = 0; i < 30_000; i++) {
            double[] values = valueTable(i % 4, i);
            long[] keys = keysOf(values);
            int base = rng.nextInt(4) << 10;
            long few = randomMask(rng, 1 + rng.nextInt(8));
            long many = randomMask(rng, rng.nextInt(46));
            long froms = randomMask(rng, rng.nextInt(4));
            int[] shapes = {LegalSets.returns(0), LegalSets.returns(few), LegalSets.takeFirst(few),
                    LegalSets.pay(0), LegalSets.pay(1), LegalSets.TAKE_SECOND, LegalSets.LATE_RETURNS,
                    LegalSets.marker(1), LegalSets.marker(0)};
            int shape = shapes[i % shapes.length];
            int block = shape >>> 4 & 15;
            long targets = block == Action.T_PLACE || block == Action.T_MOVE ? many : few;
            int n = LegalSets.count(shape, targets, froms);
            if (n == 0) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                set[k] = LegalSets.kth(shape, targets, froms, k);
            }
            moveSets += block == Action.T_MOVE && Long.bitCount(froms) > 1 ? 1 : 0;
            for (int k = 0; k < n; k++) {
                assertEquals(Action.toString(firstMaxFrom(set, n, k, values, base)),
                        Action.toString(LegalSets.firstBest(shape, targets, froms, k, keys, base)),
                        "shape " + Integer.toHexString(shape) + " targets " + Long.toHexString(targets)
                                + " froms " + Long.toHexString(froms) + " start " + k);
            }
        }
        assertEquals(true, moveSets > 1_000, "MOVE sets with several sources: " + moveSets);
    }

    /** A mask of {@code bits} distinct random table positions. */
    private static long randomMask(SplittableRandom rng, int bits) {
        long m = 0;
        while (Long.bitCount(m) < bits) {
            m |= 1L << rng.nextInt(Layout.POSITIONS);
        }
        return m;
    }

    @Test
    void select_everyRankOfRandomMasks_matchesClearingLowestBits() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            long x = rng.nextLong() & (i % 3 == 0 ? Layout.ALL : -1L) & (i % 5 == 0 ? rng.nextLong() : -1L)
                    & (i % 2 == 0 ? rng.nextLong() & rng.nextLong() : -1L);
            long m = x;
            for (int k = 0; m != 0; k++, m &= m - 1) {
                assertEquals(Long.numberOfTrailingZeros(m), LegalSets.select(x, k), "x=" + Long.toHexString(x) + " k=" + k);
                if (Long.bitCount(x) <= 8) {
                    assertEquals(Long.numberOfTrailingZeros(m), LegalSets.selectFew(x, k), "few x=" + Long.toHexString(x));
                }
            }
        }
    }

    @Test
    void nextInt_everyBoundAndManyDraws_matchesSplittableRandom() {
        for (int bound = 2; bound < 256; bound++) {
            SplittableRandom a = new SplittableRandom(bound);
            SplittableRandom b = new SplittableRandom(bound);
            for (int i = 0; i < 20_000; i++) {
                assertEquals(a.nextInt(bound), FusedPlayout.nextInt(b, bound));
            }
            assertEquals(a.nextLong(), b.nextLong());
        }
    }

    @Test
    void remainder_boundaryAndRandomNumerators_equalsIntegerRemainder() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int d = 2; d < 256; d++) {
            int[] us = {0, 1, d - 1, d, d + 1, Integer.MAX_VALUE, Integer.MAX_VALUE - 1,
                    Integer.MAX_VALUE / d * d, Integer.MAX_VALUE / d * d - 1};
            for (int u : us) {
                assertEquals(u % d, FusedPlayout.remainder(u, d), "u=" + u + " d=" + d);
            }
            for (int i = 0; i < 200_000; i++) {
                int u = rng.nextInt() >>> 1;
                assertEquals(u % d, FusedPlayout.remainder(u, d), "u=" + u + " d=" + d);
            }
        }
    }

    /** Every field of GameState and its superclasses, looked up once. */
    private static final java.util.List<java.lang.reflect.Field> FIELDS = new ArrayList<>();

    static {
        for (Class<?> c = GameState.class; c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    FIELDS.add(f);
                }
            }
        }
    }

    /** Every field, public and hidden, by reflection: a field added later is compared too. */
    static void assertSameState(GameState a, GameState b) {
        try {
            for (java.lang.reflect.Field f : FIELDS) {
                if (!java.util.Objects.deepEquals(f.get(a), f.get(b))) {
                    Invariants.assertDeepEquals(a, b, "state"); // names the field
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}

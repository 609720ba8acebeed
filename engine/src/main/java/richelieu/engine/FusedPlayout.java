package richelieu.engine;

import java.util.SplittableRandom;

import static richelieu.engine.GameState.GAME_OVER;
import static richelieu.engine.GameState.RETURNS;
import static richelieu.engine.GameState.TAKE_FIRST;

/**
 * The fused random playout (random games, ISMCTS rollouts, the driver when every seat is a
 * uniform random bot): per decision it counts the legal set, draws the index exactly as
 * {@code rng.nextInt(n)} would (by a multiply, not a division), picks the index-th action and
 * applies it, whole turns at a time with the table and the mover's markers in locals. The legal
 * sets are {@link LegalSets}' shapes over {@link RuleFacts}' masks, the same the plain step
 * uses, so it plays exactly the game of the plain {@code legalActions}/{@code nextInt}/{@code
 * play} loop ({@code PlayoutsTest} compares the actions, states and draws from every position of
 * hundreds of games, under every rule variant; {@code GoldenGamesTest} pins them).
 * PlayoutBench.randomGame: 4.4 µs plain, about 1.9 µs fused.
 *
 * <p>The same loop plays the <em>ε-greedy</em> policy on a per-seat action-value table, the
 * values as order keys ({@link Playouts#epsilonGreedyToEnd}: a search's rollout policy, whatever
 * fills the table)
 * when {@code values} is not null: at every decision, forced ones included, a draw
 * {@code rng.nextDouble() < ε} says
 * explore; then an index k is drawn as above; exploring plays the k-th action, else the action
 * of highest value, the first such in the cyclic order from k ({@link LegalSets#firstBest}, read
 * straight off the shape). That is exactly the plain step {@link #epsilonGreedyStep} (the
 * legal set written out and scanned), which {@code PlayoutsTest} checks it against; with
 * {@code values} null the loop does what it always did.
 */
final class FusedPlayout {
    private FusedPlayout() {
    }

    /**
     * Plays the rest of the game as uniformly random bots would, seat p drawing from
     * {@code rngBySeat[p]} (or every seat from {@code rng} when {@code rngBySeat} is null):
     * exactly the games of {@link GameState#playUniform} step by step.
     *
     * @param trace null, or receives the actions played (room for every step)
     * @return the number of actions played
     */
    static int toEnd(GameState s, SplittableRandom[] rngBySeat, SplittableRandom rng, int[] trace) {
        return toEnd(s, rngBySeat, rng, trace, 0, null, 0, null);
    }

    /**
     * {@link #toEnd(GameState, SplittableRandom[], SplittableRandom, int[])}, or with
     * {@code values} the ε-greedy policy on them at the decisions of the phases in
     * {@code greedyPhases} (uniform at the others), every seat drawing from {@code rng}: exactly
     * the games of {@link #epsilonGreedyStep} step by step. Then {@code trace} receives
     * {@code seat << 16 | action} per step.
     *
     * @param values       null (uniform), or the action values as order keys
     *                     ({@link Playouts#orderKey}), by {@link Playouts#valueIndex}
     * @param greedyPhases bit i set: ε-greedy at the decisions of phase ordinal i
     * @param buf          with {@code values}: room for a legal set (steps before a turn start)
     */
    static int toEnd(GameState s, SplittableRandom[] rngBySeat, SplittableRandom rng, int[] trace,
                     double epsilon, long[] values, int greedyPhases, int[] buf) {
        assert values == null || rngBySeat == null : "the ε-greedy playout draws from one stream";
        int steps = 0;
        // Finish the turn in progress step by step (search starts playouts anywhere), then play
        // whole turns in the fused loop. LATE_RETURNS rules always go step by step.
        while (s.phase != GAME_OVER
                && (s.lateReturns || s.taken != 0 || (s.phase != RETURNS && s.phase != TAKE_FIRST))) {
            int me = s.toMove;
            int a = values == null ? s.randomStep(rngBySeat == null ? rng : rngBySeat[me])
                    : epsilonGreedyStep(s, rng, epsilon, values, greedyPhases, buf);
            if (trace != null) {
                trace[steps] = values == null ? a : me << 16 | a;
            }
            steps++;
        }
        return s.phase == GAME_OVER ? steps
                : turns(s, rngBySeat, rng, trace, steps, epsilon, values, greedyPhases);
    }

    /**
     * One step of the ε-greedy policy on the plain state: outside {@code greedyPhases}, or
     * exploring ({@code rng.nextDouble() < epsilon}), as {@link GameState#randomStep}; else write
     * the legal set out and play the action of highest value, the first such in the cyclic order
     * from index {@code rng.nextInt(n)} (no draw when n = 1).
     */
    static int epsilonGreedyStep(GameState s, SplittableRandom rng, double epsilon, long[] values,
                                 int greedyPhases, int[] buf) {
        if ((greedyPhases >>> s.phase & 1) == 0 || rng.nextDouble() < epsilon) {
            return s.randomStep(rng);
        }
        int n = s.legalActions(buf);
        int a = buf[0];
        if (n > 1) {
            int base = s.toMove << 10;
            int i = nextInt(rng, n);
            a = buf[i];
            long best = values[base | LegalSets.valueKey(a)];
            for (int j = 1; j < n; j++) {
                i = i + 1 == n ? 0 : i + 1;
                long v = values[base | LegalSets.valueKey(buf[i])];
                if (v > best) {
                    best = v;
                    a = buf[i];
                }
            }
        }
        s.play(a);
        return a;
    }

    /**
     * One decision of the fused loop over the legal set {@code (shape, targets, froms)}: uniform
     * when {@code values} is null (one draw, none when the set has one action), else ε-greedy
     * on {@code values[base | ...]} (the explore draw, then the same index draw).
     */
    private static int choose(int shape, long targets, long froms, SplittableRandom rng, double epsilon,
                              long[] values, int base) {
        if (values == null) {
            return LegalSets.kth(shape, targets, froms, draw(rng, LegalSets.count(shape, targets, froms)));
        }
        boolean explore = rng.nextDouble() < epsilon;
        int k = draw(rng, LegalSets.count(shape, targets, froms));
        return explore ? LegalSets.kth(shape, targets, froms, k)
                : LegalSets.firstBest(shape, targets, froms, k, values, base);
    }

    /** A draw of an index below n like {@code rng.nextInt(n)}, and none when n = 1. */
    static int draw(SplittableRandom rng, int n) {
        return n == 1 ? 0 : nextInt(rng, n);
    }

    /**
     * Whole turns from the start of a turn (phase RETURNS or TAKE_FIRST, nothing taken yet), with
     * the table, the markers and the mover's markers and reserve in locals, written back at the
     * end of each turn and of the game; the phase field is kept only at turn starts. Not for
     * LATE_RETURNS rules.
     */
    private static int turns(GameState s, SplittableRandom[] rngBySeat, SplittableRandom oneRng, int[] trace,
                             int steps, double epsilon, long[] values, int greedyPhases) {
        // The values each decision point chooses by: null (uniform) outside the greedy phases.
        final long[] returnsValues = (greedyPhases >>> RETURNS & 1) != 0 ? values : null;
        final long[] firstValues = (greedyPhases >>> TAKE_FIRST & 1) != 0 ? values : null;
        final long[] payValues = (greedyPhases >>> GameState.PAY & 1) != 0 ? values : null;
        final long[] secondValues = (greedyPhases >>> GameState.TAKE_SECOND & 1) != 0 ? values : null;
        final long[] markerValues = (greedyPhases >>> GameState.MARKER & 1) != 0 ? values : null;
        // Only what the take and marker decisions chain on lives in locals (table, markers,
        // the mover's markers and reserve); hands, tokens and boxed counts are updated in place,
        // which keeps C2 from spilling (about 170 register spills with everything in locals).
        final long[] markers = s.markers;
        final int[] reserve = s.reserve;
        final int[] held = s.held;
        final int[] boxed = s.boxed;
        final long[] hand = s.hand;
        final long[] secondMask = s.layout.secondMask;
        final boolean freedPayable = s.freedPayable;
        final long placeTokens = s.placeTokens;
        final int players = s.players;
        long table = s.table;
        long marked = s.marked;
        long tokenPlaces = s.tokenPlaces;
        int me = s.toMove;
        int turn = s.turn;
        long ends = Layout.ends(table); // kept up to date row by row as cards leave (R9)
        while (true) {
            // ---- one turn of player me, drawing from its stream
            final SplittableRandom rng = rngBySeat == null ? oneRng : rngBySeat[me];
            final int base = me << 10; // the mover's values
            final int tag = values == null ? 0 : me << 16; // the mover in the trace (informed)
            long myMk = markers[me];
            int rsv = reserve[me];
            int freedT = 0; // own markers freed by R10 this turn
            if (s.phase == RETURNS) {
                while (true) { // R8
                    long c = RuleFacts.takeable(ends, marked, myMk,
                            RuleFacts.canPay(RuleFacts.payableReserve(rsv, freedT, freedPayable), myMk));
                    int shape = LegalSets.returns(c);
                    int a = choose(shape, 0, 0, rng, epsilon, returnsValues, base);
                    if (trace != null) {
                        trace[steps] = tag | a;
                    }
                    steps++;
                    if (a == Action.END_RETURNS) {
                        break;
                    }
                    int h = RuleFacts.heldAfterReturn(held[me]);
                    held[me] = h;
                    int bx = --boxed[me];
                    rsv++;
                    s.usedReturns[me]++;
                    s.returnsThisTurn++;
                    if (!RuleFacts.returnStep(h, bx)) {
                        break;
                    }
                }
            }
            // ---- TAKE_FIRST (R9, R14)
            long c = RuleFacts.takeable(ends, marked, myMk,
                    RuleFacts.canPay(RuleFacts.payableReserve(rsv, freedT, freedPayable), myMk));
            boolean markerStep = false;
            if (c == 0) {
                // R14: pass; it reveals that no held token is a return token.
                if (firstValues != null) {
                    rng.nextDouble(); // the explore draw of a forced step
                }
                if (trace != null) {
                    trace[steps] = tag | Action.PASS;
                }
                steps++;
                s.nonReturnAtLeast[me] = s.tokenCount(me);
            } else {
                boolean second = false;
                while (true) { // the first card, then possibly a second one
                    int shape = second ? LegalSets.TAKE_SECOND : LegalSets.takeFirst(c);
                    int a = choose(shape, c, 0, rng, epsilon, second ? secondValues : firstValues, base);
                    if (trace != null) {
                        trace[steps] = tag | a;
                    }
                    steps++;
                    if (a == Action.STOP) {
                        break;
                    }
                    int p = Action.position(a);
                    if (second) {
                        s.taken = 2;
                    } else {
                        s.first = p;
                        s.taken = 1;
                    }
                    long bit = 1L << p;
                    table &= ~bit;
                    long rowMask = Layout.rowMaskOf(p);
                    long row = table & rowMask;
                    ends = ends & ~rowMask | (row & -row) | Long.highestOneBit(row);
                    hand[me] |= bit;
                    held[me] += RuleFacts.tokenGain(tokenPlaces, placeTokens, p); // R13
                    tokenPlaces &= ~bit;
                    int own = RuleFacts.ownFreed(myMk, p); // R10: back to the reserve
                    boolean opponent = RuleFacts.opponentMarked(marked, myMk, bit);
                    myMk &= ~bit;
                    marked &= ~bit;
                    rsv += own;
                    freedT += own;
                    if (opponent) { // R11: back to its owner, then PAY
                        // (markers[me] is stale, but it never holds this card: its marker left
                        // only with its card or by paying, which unmarks it)
                        int owner = RuleFacts.markerOwner(markers, bit);
                        markers[owner] &= ~bit;
                        reserve[owner]++;
                        int payShape = LegalSets.pay(RuleFacts.payableReserve(rsv, freedT, freedPayable));
                        int pa = choose(payShape, myMk, 0, rng, epsilon, payValues, base);
                        if (trace != null) {
                            trace[steps] = tag | pa;
                        }
                        steps++;
                        if (pa == Action.PAY_RESERVE) {
                            rsv--;
                        } else {
                            long q = 1L << Action.position(pa);
                            myMk &= ~q;
                            marked &= ~q;
                        }
                        boxed[me]++;
                    }
                    if (second) {
                        break;
                    }
                    // R9: a second one-shield card of the same region, if any is takeable
                    c = RuleFacts.takeable(RuleFacts.secondEnds(ends, secondMask[p], turn), marked, myMk,
                            RuleFacts.canPay(RuleFacts.payableReserve(rsv, freedT, freedPayable), myMk));
                    if (c == 0) {
                        break;
                    }
                    second = true;
                }
                // ---- end of the take step (R17)
                if (RuleFacts.gameOver(table, s.threeRow)) {
                    markers[me] = myMk;
                    reserve[me] = rsv;
                    s.table = table;
                    s.marked = marked;
                    s.tokenPlaces = tokenPlaces;
                    s.toMove = me;
                    s.phase = GAME_OVER;
                    s.turn = turn + 1;
                    s.freed = freedT;
                    return steps;
                }
                markerStep = true;
            }
            if (markerStep) {
                // ---- MARKER (R15, R21)
                long free = table & ~marked;
                if (RuleFacts.markerStep(free, rsv, myMk, s.maxOnTable)) {
                    int shape = LegalSets.marker(rsv);
                    int a = choose(shape, free, myMk, rng, epsilon, markerValues, base);
                    if (trace != null) {
                        trace[steps] = tag | a;
                    }
                    steps++;
                    if (a != Action.SKIP) {
                        long to = 1L << Action.position(a);
                        if (rsv > 0) { // PLACE
                            myMk |= to;
                            marked |= to;
                            rsv--;
                        } else { // MOVE
                            long from = 1L << Action.from(a);
                            myMk = myMk & ~from | to;
                            marked = marked & ~from | to;
                        }
                    }
                }
            }
            // ---- end of turn: write the mover back, next seat (R7), start its turn (R8)
            assert rsv + Long.bitCount(myMk) + boxed[me] == Rules.MARKERS : "R4: three markers per player";
            assert (myMk & ~marked) == 0 && (myMk & ~table) == 0 : "own markers lie on marked table cards";
            assert (hand[me] & table) == 0 : "a taken card is off the table";
            markers[me] = myMk;
            reserve[me] = rsv;
            turn++;
            me = me + 1 == players ? 0 : me + 1;
            s.phase = RuleFacts.returnStep(held[me], boxed[me]) ? RETURNS : TAKE_FIRST;
            s.returnsThisTurn = 0;
        }
    }

    // ------------------------------------------------------------ the draw

    /** MAGIC[d], SHIFT[d]: floor(u / d) = (u * MAGIC[d]) >>> SHIFT[d] for 0 <= u < 2^31, 2 <= d < 256. */
    private static final long[] MAGIC = new long[256];
    private static final byte[] SHIFT = new byte[256];

    static {
        for (int d = 2; d < 256; d++) {
            // Granlund & Montgomery's round-up method for 31-bit numerators: l = ceil(log2 d),
            // m = ceil(2^(31+l) / d) < 2^32 + 1, so u * m < 2^64 and the quotient is exact.
            int l = 32 - Integer.numberOfLeadingZeros(d - 1);
            MAGIC[d] = ((1L << (31 + l)) + d - 1) / d;
            SHIFT[d] = (byte) (31 + l);
        }
    }

    /**
     * Exactly {@code rng.nextInt(bound)} for 2 <= bound < 256 (JDK 17's
     * {@code RandomSupport.boundedNextInt}: a power of two masks the low bits, any other bound
     * takes {@code (r >>> 1) % bound} and rejects the top partial range), with the division done
     * by a multiply: the same draws, the same results ({@code PlayoutsTest}), without the idiv
     * latency on the playout's critical path.
     */
    static int nextInt(SplittableRandom rng, int bound) {
        int r = rng.nextInt();
        int m = bound - 1;
        int u = r >>> 1;
        int q = remainder(u, bound);
        int pow2 = ((bound & m) - 1) >> 31; // -1 iff bound is a power of two
        if (((u + m - q) & ~pow2) >= 0) {   // accepted, or a power of two (no rejection)
            return (r & m & pow2) | (q & ~pow2);
        }
        // Rejected (probability below bound / 2^31): continue as the JDK does.
        while (true) {
            u = rng.nextInt() >>> 1;
            q = remainder(u, bound);
            if (u + m - q >= 0) {
                return q;
            }
        }
    }

    /** {@code u % d} for 0 <= u < 2^31 and 2 <= d < 256, by a multiply. */
    static int remainder(int u, int d) {
        return u - (int) ((u * MAGIC[d]) >>> SHIFT[d]) * d;
    }
}

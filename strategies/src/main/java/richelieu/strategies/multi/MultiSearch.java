package richelieu.strategies.multi;

import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Phase;
import richelieu.engine.SplitMix;
import richelieu.engine.solver.Analyst;
import richelieu.engine.solver.BoundTable;
import richelieu.engine.solver.RootValues;

import java.util.Arrays;

/**
 * A depth-limited search of the open (determinized) game with any number of players, over the
 * real decision points — returns, takes, payments, marker — as the two-player solver searches
 * them, leaves judged by {@link SeatShares}. Two rules for what the other seats do:
 *
 * <ul>
 * <li><b>Paranoid</b> (Sturtevant &amp; Korf 2000): every other seat plays to minimise the root
 * seat's share, which makes the game two-player zero-sum, so alpha-beta applies: fail-soft, with
 * the solver's table ({@link BoundTable}: bounds and best action by key), the table's action
 * first and the history heuristic after it (the solver's ordering, without its bound-midpoint
 * term, which has no cheap multi-player counterpart).</li>
 * <li><b>Max-n</b> (Luckhardt &amp; Irani 1986): every seat maximises its own share. Only shallow
 * pruning (Korf 1991) is sound: shares are non-negative and add up to at most
 * {@link SeatShares#WHOLE}, so once a seat holds x here, the seat above it can get at most
 * {@code WHOLE − x} from this node, and the node is cut off when that is no better than what the
 * seat above already has. The table keeps only best actions here, for ordering.</li>
 * </ul>
 *
 * Depth counts turn starts, as the solver's: depth 1 searches the rest of the current turn and
 * judges the position where the next turn starts; depth 2 adds the next player's whole turn, and
 * so on. So a leaf always falls at the start of a turn, where judgements compare like with like.
 * A forced decision (one legal action) is no node of its own.
 *
 * <p>Positions are copied to the next ply ({@link GameState#copyFrom}, a handful of words) and
 * keyed by a hash of the fields that decide the rest of the game, salted with the sample's token
 * deal and the root seat: one table serves every sample of a decision. Including the turn count
 * in the key makes a position's remaining depth the same on every path of one search, so the
 * table's cut-offs give exactly the values of a plain search to the same depth (the tests
 * compare them). Nothing is allocated per node. Not thread-safe.
 */
final class MultiSearch {
    /** What the other seats are assumed to do. */
    enum Rule { PARANOID, MAXN }

    /** The deepest search, in turn starts. */
    static final int MAX_DEPTH = 6;
    /** A turn has at most 11 decisions (3 return steps, 2 takes, 2 payments, 3 late returns, a marker). */
    private static final int MAX_PLIES = 12 * MAX_DEPTH + 2;
    private static final int NONE = -1;
    private static final int INFINITY = SeatShares.WHOLE + 1;

    private final Rule rule;
    private final SeatShares shares;
    private final BoundTable table;
    private final int markerMoves;
    private final double[] markerValue = new double[Layout.POSITIONS];
    /** Off only in tests: plain minimax / max-n, every action in legal order. */
    private final boolean pruning;
    private final boolean ordering;
    private final GameState[] stack = new GameState[MAX_PLIES + 1];
    private final int[][] moves = new int[MAX_PLIES][Action.MAX_LEGAL];
    private final int[][] order = new int[MAX_PLIES][Action.MAX_LEGAL];
    /** Each ply's value: every seat's share (max-n's vector; paranoid reads the root's). */
    private final int[][] values = new int[MAX_PLIES + 1][4];
    private final int[] history = new int[4 << 16];
    private int root;
    private int players;
    private long salt;
    private long nodes;
    private long deadline;
    private BudgetClock clock = BudgetClock.WALL;
    private boolean stopped;

    /**
     * @param tableBits   the table holds 2^tableBits entries of 16 bytes
     * @param markerMoves if &gt; 0: below the root, a marker step searches only its this many
     *                    most valuable choices by the judge's marker values (forward pruning);
     *                    0: all
     */
    MultiSearch(Rule rule, SeatShares shares, int tableBits, int markerMoves) {
        this(rule, shares, tableBits, markerMoves, true, true);
    }

    /** A search with pruning (alpha-beta or shallow) and move ordering each on or off (tests). */
    MultiSearch(Rule rule, SeatShares shares, int tableBits, int markerMoves, boolean pruning, boolean ordering) {
        this.rule = rule;
        this.shares = shares;
        this.table = BoundTable.create(tableBits);
        this.markerMoves = markerMoves;
        this.pruning = pruning;
        this.ordering = ordering;
    }

    /** A new decision: older table entries are the first to be replaced, the history starts afresh. */
    void newDecision() {
        table.newGeneration();
        Arrays.fill(history, 0);
    }

    /** Positions visited since the search was made. */
    long nodes() {
        return nodes;
    }

    /**
     * Searches stop at {@code time} on {@code clock} (0: never): a search that runs past it
     * returns at once with a meaningless value, {@link #stopped} true, and stores nothing it has
     * not finished. The clock is read every 256 positions.
     */
    void setDeadline(long time, BudgetClock clock) {
        this.deadline = time;
        this.clock = clock;
        this.stopped = false;
    }

    /** True if a search stopped at the deadline (its value is meaningless). */
    boolean stopped() {
        return stopped;
    }

    /**
     * Makes {@code s} (a full or determinized state: every token known) the position to search,
     * from the side of {@code rootSeat} (the seat whose share paranoid maximises).
     */
    void load(GameState s, int rootSeat) {
        if (stack[0] == null || stack[0].layout() != s.layout() || !stack[0].rules().equals(s.rules())) {
            for (int i = 0; i < stack.length; i++) {
                stack[i] = s.copy();
            }
        }
        stack[0].copyFrom(s);
        root = rootSeat;
        players = s.players();
        long h = SplitMix.mix64(0x5A17L + rootSeat);
        for (int place = 0; place < Layout.TOKEN_PLACES; place++) {
            if ((s.tokenPlaces() >>> Layout.placePosition(place) & 1) != 0) {
                h = SplitMix.mix64(h ^ (long) s.placeToken(place) << 4 * place);
            }
        }
        salt = h;
    }

    /**
     * The root seat's share of the win after {@code action} (legal in the loaded position),
     * searched across {@code depth} turn starts from the loaded position (1: to the end of the
     * current turn), under the search's rule.
     */
    int valueAfter(int action, int depth) {
        GameState c = stack[1];
        c.copyFrom(stack[0]);
        c.play(action);
        int d = depthAfter(0, depth);
        if (rule == Rule.PARANOID) {
            return paranoid(1, -INFINITY, INFINITY, d);
        }
        maxn(1, d, NONE, 0);
        return values[1][root];
    }

    /**
     * This search as an {@link Analyst} (the one loop over token deals asks it): every action of
     * a deal valued by {@link #valueAfter} at {@code depth}, as the share of {@code rootSeat}.
     */
    Analyst analyst(int rootSeat, int depth) {
        return (deal, out, deadline, clock) -> {
            setDeadline(deadline, clock);
            load(deal, rootSeat);
            for (int i = 0; i < out.size(); i++) {
                int v = valueAfter(out.action(i), depth);
                if (stopped) {
                    break;
                }
                out.set(i, v);
            }
            setDeadline(0, clock);
        };
    }

    /**
     * Writes ply's legal actions and returns how many; a forced action (the only one) is played
     * at once into the next ply, as it is no decision.
     */
    private int expand(int ply) {
        GameState s = stack[ply];
        int[] mv = moves[ply];
        int n = s.legalActions(mv);
        if (n == 1) {
            GameState c = stack[ply + 1];
            c.copyFrom(s);
            c.play(mv[0]);
        }
        return n;
    }

    private int depthAfter(int ply, int depth) {
        return stack[ply + 1].turn() != stack[ply].turn() ? depth - 1 : depth;
    }

    private boolean outOfTime() {
        if ((++nodes & 255) == 0 && deadline != 0 && clock.now() - deadline > 0) {
            stopped = true;
        }
        return stopped;
    }

    // =================================================================== paranoid

    /** Fail-soft alpha-beta: the root seat maximises its share, every other seat minimises it. */
    private int paranoid(int ply, int alpha, int beta, int depth) {
        if (outOfTime()) {
            return 0;
        }
        GameState s = stack[ply];
        if (depth == 0 || s.isOver()) {
            shares.shares(s, values[ply]);
            return values[ply][root];
        }
        int n = expand(ply);
        if (n == 1) {
            return paranoid(ply + 1, alpha, beta, depthAfter(ply, depth));
        }
        GameState c = stack[ply + 1];
        long key = 0;
        int ttMove = 0;
        int lo = -INFINITY;
        int hi = INFINITY;
        if (pruning) {
            key = key(s);
            long entry = table.probe(key);
            if (entry != 0) {
                ttMove = BoundTable.move(entry);
                if (BoundTable.depth(entry) >= depth) {
                    int v = BoundTable.cut(entry, alpha, beta);
                    if (v != BoundTable.NO_CUT) {
                        return v;
                    }
                    lo = Math.max(lo, BoundTable.lower(entry));
                    hi = Math.min(hi, BoundTable.upper(entry));
                }
            }
        }
        int me = s.toMove();
        int limit = order(ply, s, n, ttMove, me);
        boolean max = me == root;
        int a0 = alpha;
        int b0 = beta;
        int best = max ? -INFINITY : INFINITY;
        int bestMove = 0;
        for (int i = 0; i < limit; i++) {
            int a = next(ply, i, n);
            c.copyFrom(s);
            c.play(a);
            int v = paranoid(ply + 1, alpha, beta, depthAfter(ply, depth));
            if (stopped) {
                return 0;
            }
            if (max ? v > best : v < best) {
                best = v;
                bestMove = a;
                if (max) {
                    alpha = Math.max(alpha, v);
                } else {
                    beta = Math.min(beta, v);
                }
            }
            if (pruning && alpha >= beta) {
                reward(me, a, s);
                break;
            }
        }
        if (pruning) {
            // a bound the table gave for this node limits what it is worth
            best = Math.max(lo, Math.min(hi, best));
            int bound = best <= a0 ? BoundTable.UPPER : best >= b0 ? BoundTable.LOWER
                    : BoundTable.BOTH;
            table.store(key, best, bound, depth, bestMove);
        }
        return best;
    }

    // =================================================================== max-n

    /**
     * Max-n: the seat to move takes the action whose value gives it the largest share (the first
     * such in search order); the node's value, every seat's share, is left in {@code values[ply]}.
     *
     * @param parentSeat the seat that chooses among this node and its siblings, or {@link #NONE}
     * @param parentBest the largest share {@code parentSeat} has found among those siblings so far
     */
    private void maxn(int ply, int depth, int parentSeat, int parentBest) {
        if (outOfTime()) {
            return;
        }
        GameState s = stack[ply];
        int[] out = values[ply];
        if (depth == 0 || s.isOver()) {
            shares.shares(s, out);
            return;
        }
        int n = expand(ply);
        if (n == 1) {
            // a forced action is no choice: its node stands in this one's place under the same parent
            maxn(ply + 1, depthAfter(ply, depth), parentSeat, parentBest);
            System.arraycopy(values[ply + 1], 0, out, 0, players);
            return;
        }
        long key = 0;
        int ttMove = 0;
        if (ordering) {
            key = key(s);
            long entry = table.probe(key);
            ttMove = entry != 0 ? BoundTable.move(entry) : 0;
        }
        int me = s.toMove();
        int limit = order(ply, s, n, ttMove, me);
        GameState c = stack[ply + 1];
        int best = -1;
        int bestMove = 0;
        for (int i = 0; i < limit; i++) {
            int a = next(ply, i, n);
            c.copyFrom(s);
            c.play(a);
            maxn(ply + 1, depthAfter(ply, depth), me, best);
            if (stopped) {
                return;
            }
            int v = values[ply + 1][me];
            if (v > best) {
                best = v;
                bestMove = a;
                System.arraycopy(values[ply + 1], 0, out, 0, players);
                // shallow pruning: the parent's seat can get at most WHOLE - best here, and it
                // takes a sibling only if strictly better for it, so no finer value is needed
                if (pruning && parentSeat != NONE && parentSeat != me && SeatShares.WHOLE - best <= parentBest) {
                    reward(me, a, s);
                    break;
                }
            }
        }
        if (ordering) {
            // for the next depth's ordering only: max-n values are vectors, the table keeps none
            table.store(key, 0, BoundTable.BOTH, 0, bestMove);
        }
    }

    // =================================================================== ordering

    /**
     * Sets up the order of ply's {@code n} actions and returns how many to search. A marker step
     * is ordered by the judge's marker values (a placement by its card's, a move by the gain, a
     * skip at 0), which is the judgement of each choice itself, and with {@code markerMoves} cut
     * to the best ones; other decisions put the table's action first, then the history's.
     */
    private int order(int ply, GameState s, int n, int ttMove, int me) {
        if (!ordering) {
            return n;
        }
        int[] mv = moves[ply];
        int[] o = order[ply];
        if (s.phase() == Phase.MARKER) {
            double[] mvalue = markerValue;
            shares.markerValues(s, mvalue);
            for (int i = 0; i < n; i++) {
                int a = mv[i];
                int type = Action.type(a);
                double v = type == Action.T_PLACE ? mvalue[Action.position(a)]
                        : type == Action.T_MOVE ? mvalue[Action.position(a)] - mvalue[Action.from(a)] : 0;
                o[i] = (int) Math.round(v * 4096);
            }
            // the set searched depends on the position alone, never on the table or the history
            return markerMoves > 0 ? Math.min(n, markerMoves) : n;
        }
        int hb = me << 16;
        for (int i = 0; i < n; i++) {
            int a = mv[i];
            o[i] = a == ttMove ? Integer.MAX_VALUE : history[hb | a];
        }
        return n;
    }

    /** The i-th action to search: by selection of the best-ordered action left (cut-offs usually come early). */
    private int next(int ply, int i, int n) {
        int[] mv = moves[ply];
        if (!ordering) {
            return mv[i];
        }
        int[] o = order[ply];
        int k = i;
        for (int j = i + 1; j < n; j++) {
            if (o[j] > o[k]) {
                k = j;
            }
        }
        int a = mv[k];
        mv[k] = mv[i];
        mv[i] = a;
        int t = o[k];
        o[k] = o[i];
        o[i] = t;
        return a;
    }

    /** The history heuristic: an action that cut off gains more the more cards are left (the bigger the subtree). */
    private void reward(int me, int a, GameState s) {
        if (!ordering) {
            return;
        }
        int bonus = Long.bitCount(s.table()) + 1;
        int i = me << 16 | a;
        history[i] = Math.min(history[i] + bonus * bonus, 1 << 24);
    }

    // =================================================================== key

    /** A hash of every field that decides the rest of the game, salted with the sample and the root seat. */
    private long key(GameState s) {
        long misc = s.phase().ordinal() | (long) s.toMove() << 3 | (long) s.turn() << 5
                | (long) s.takenThisTurn() << 16 | (long) (s.firstTaken() + 1) << 18
                | (long) s.freedThisTurn() << 25 | (long) s.returnsThisTurn() << 28;
        long k = SplitMix.mix64(salt ^ s.table());
        k = SplitMix.mix64(k ^ misc);
        for (int p = 0; p < players; p++) {
            k = SplitMix.mix64(k + s.hand(p));
            k = SplitMix.mix64(k ^ s.markers(p));
            k = SplitMix.mix64(k + (s.reserve(p) | s.boxed(p) << 2 | s.heldTokens(p) << 4 | s.usedReturns(p) << 20));
        }
        return k;
    }
}

package richelieu.engine.solver;

import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;

/**
 * The exact solver of the open two-player game: the value of a position under best play for
 * both seats, and the value of each action.
 *
 * <h2>Values</h2>
 * A final position is worth {@code SCALE * (score0 - score1) + (cards1 - cards0)} to seat 0
 * ({@link OpenGame#value}): the score margin first, then R20's tie-break (fewer cards win), so
 * the sign of the minimax value is the outcome — win, draw or loss — and the value divided by
 * {@link OpenGame#SCALE} (rounded) is the margin under best play. One minimax serves both:
 * minimax commutes with the monotone map to the sign, and the lexicographic order keeps the
 * margin's maximum in the first place.
 *
 * <h2>Search</h2>
 * Alpha-beta (fail-soft) over the real decision points — returns, takes, payments, marker — of
 * {@link OpenGame}, seat 0 maximising, seat 1 minimising, with:
 * <ul>
 * <li>a {@link TranspositionTable} keyed by the incremental Zobrist key, storing bounds and the
 * best action; with {@link Techniques#partition}, positions that differ only in category counts
 * that can no longer change the rest of the game share an entry, which holds the value to come
 * relative to the value as it stands (bridge solvers' partition search; {@link OpenGame#key});
 * with {@link Techniques#etc}, the children's entries are looked up before any is searched
 * (enhanced transposition cut-offs);</li>
 * <li>principal variation search ({@link Techniques#pvs}): the first action with the window,
 * the others with null windows that only ask whether they beat it;</li>
 * <li>sound bounds at every node, as bridge solvers' quick tricks: seat 0 can do no better than
 * taking every card left, and no worse than getting none ({@link OpenGame#upperBound}), which
 * cuts whole subtrees near the end and decides many null-window searches outright; with
 * {@link Techniques#quick}, tightened by the cards each seat must still take, and with
 * {@link Techniques#pairs} by the turns' shape (two cards only from a pair of one-shield cards of
 * one region, none in the marker step) and in the tie-break too;</li>
 * <li>move ordering: the table's action first, then the history heuristic (actions that caused
 * cut-offs, per seat); with {@link Techniques#sibling}, at a marker step the reply that refuted
 * the placement searched before;</li>
 * <li>with {@link Techniques#idle}, one marker decision in place of all once markers can no
 * longer keep either seat from a card ({@link OpenGame#markersIdle}), and such positions keyed
 * without their markers;</li>
 * <li>null windows for win / draw / loss ({@link #outcome}), which cut far more than a full
 * window;</li>
 * <li>a depth-limited mode with an {@link Evaluation} at the horizon, and iterative deepening,
 * for positions too big to solve. Depth counts turns, so the horizon always falls at the start of
 * a turn, where an evaluation compares like with like.</li>
 * </ul>
 * The hot loop allocates nothing: the positions live on {@link OpenGame}'s ply stack, the action
 * lists (with each child's bounds and key once the ordering has computed them, so that its search
 * does not compute them again) in arrays per solver.
 *
 * <p>Not thread-safe; one solver per thread. The table is reused across searches of the same
 * deal (different token assignments have different keys).
 */
public final class Solver {
    /** Bigger than any value. */
    public static final int INFINITY = 32_000;
    /** The depth of an exact search (no horizon). */
    public static final int UNLIMITED = TranspositionTable.EXACT;

    private final OpenGame game;
    private final TranspositionTable table;
    private final int[] moves;
    private final int[] order;
    /**
     * Per action of {@link #moves}: its child's {@link OpenGame#bounds} and key as the ordering
     * computed them ({@link #UNKNOWN}: not computed), so that the child's search does not compute
     * them again (the bounds were a fifth of the search's time, computed twice for every child
     * searched).
     */
    private final long[] childBounds;
    private final long[] childKeys;
    private final int[] history = new int[2 << 16];
    /**
     * Per ply: the action the last search at that ply found best, or cut with from the table
     * (0: none, as after a cut by the bounds), for {@link Techniques#sibling}.
     */
    private final int[] lastBest;
    private final int maxPlies;
    private Evaluation evaluation = Evaluation.STANDING;
    private long nodes;
    /** Results that are not exact: horizon evaluations and table entries of depth-limited searches. */
    private long inexact;
    /** The time on {@link #clock} after which a search stops, or 0 for none. */
    private long deadline;
    private BudgetClock clock = BudgetClock.WALL;
    private boolean stopped;

    private final boolean pvs;
    private final boolean partition;
    private final boolean etc;
    private final boolean sure;
    private final boolean idle;
    private final boolean sibling;
    /**
     * Enhanced transposition cut-offs only where at least this many cards are on the table: a
     * probe per child costs a likely cache miss, which pays only over subtrees big enough
     * (at 11 cards: 8% fewer nodes and no more CPU time than without; from every node, 25%
     * fewer nodes but 8% more CPU time; FrontierAB).
     */
    private static final int ETC_CARDS = 7;

    /**
     * @param tableBits the transposition table holds 2^tableBits entries of 16 bytes (20: 16 MB)
     */
    public Solver(Rules rules, Layout layout, int tableBits) {
        this(rules, layout, tableBits, Techniques.ALL);
    }

    /**
     * @param tableBits  the transposition table holds 2^tableBits entries of 16 bytes (20: 16 MB)
     * @param techniques which of the search's techniques to use
     */
    public Solver(Rules rules, Layout layout, int tableBits, Techniques techniques) {
        this.maxPlies = 250;
        this.pvs = techniques.pvs();
        this.partition = techniques.partition();
        this.etc = techniques.etc();
        this.sure = techniques.sure();
        this.idle = techniques.idle();
        this.sibling = techniques.sibling();
        this.game = new OpenGame(rules, layout, maxPlies, partition, techniques.quick(), techniques.pairs(), idle);
        this.table = new TranspositionTable(tableBits);
        this.moves = new int[(maxPlies + 1) * Action.MAX_LEGAL];
        this.order = new int[(maxPlies + 1) * Action.MAX_LEGAL];
        this.childBounds = new long[(maxPlies + 1) * Action.MAX_LEGAL];
        this.childKeys = new long[(maxPlies + 1) * Action.MAX_LEGAL];
        this.lastBest = new int[maxPlies + 2];
    }

    /** The table (the root search reads the entries of the root's children). */
    TranspositionTable table() {
        return table;
    }

    /** The game the solver searches (its ply 0 is the loaded position). */
    public OpenGame game() {
        return game;
    }

    /**
     * The evaluation a depth-limited search uses at its horizon (a new one empties the table, whose
     * depth-limited entries hold for the old). With the {@code partition}
     * technique only {@link Evaluation#STANDING}: positions of one key share their table entries
     * as changes of value to come, which another evaluation need not respect.
     */
    public void setEvaluation(Evaluation evaluation) {
        if (partition && evaluation != Evaluation.STANDING) {
            throw new IllegalStateException("a solver with the partition technique evaluates horizons by the score as "
                    + "it stands only");
        }
        if (evaluation != this.evaluation && nodes > 0) {
            // depth-limited entries hold for the evaluation that made them
            table.clear();
        }
        this.evaluation = evaluation;
    }

    /** Loads the position to search (a full or determinized state: every token known). */
    public void load(GameState s) {
        game.load(s);
        table.newGeneration();
    }

    /** Forgets everything learnt (the table and the history). */
    public void clear() {
        table.clear();
        java.util.Arrays.fill(history, 0);
    }

    /** Positions visited since the solver was made. */
    public long nodes() {
        return nodes;
    }

    /**
     * Searches from now on stop at {@code time} on {@code clock} (0: never): a search that runs
     * past it returns at once with a meaningless value and {@link #stopped} true, and stores
     * nothing it has not finished. The clock is read every 1,024 positions (about 0.3 ms).
     */
    public void setDeadline(long time, BudgetClock clock) {
        this.deadline = time;
        this.clock = clock;
        this.stopped = false;
    }

    /** True if a search stopped at the deadline (its value is meaningless). */
    public boolean stopped() {
        return stopped;
    }

    /**
     * A count that grows whenever a search uses a result that is not exact (an evaluation at a
     * horizon, a depth-limited table entry): a search that leaves it unchanged was exact.
     */
    public long inexact() {
        return inexact;
    }

    // =================================================================== root queries

    /** The exact value of the loaded position. */
    public int solve() {
        return search(0, -INFINITY, INFINITY, UNLIMITED);
    }

    /**
     * The exact value of the loaded position by MTD(f) (Plaat et al. 1996): null-window searches
     * that close in on the value from {@code guess}, each reusing the table of the last.
     */
    public int solveMtdf(int guess) {
        int lower = -INFINITY;
        int upper = INFINITY;
        int g = guess;
        while (lower < upper) {
            int beta = g == lower ? g + 1 : g;
            g = search(0, beta - 1, beta, UNLIMITED);
            if (g < beta) {
                upper = g;
            } else {
                lower = g;
            }
        }
        return g;
    }

    /**
     * The exact value of the loaded position by iterative deepening: depth-limited searches of
     * growing depth fill the table with best actions, which order the next, until a search
     * needs no horizon.
     */
    public int solveIteratively(int step) {
        for (int depth = step; ; depth += step) {
            long before = inexact;
            int v = search(0, -INFINITY, INFINITY, Math.min(depth, UNLIMITED - 1));
            if (inexact == before) {
                return v;
            }
            if (depth >= UNLIMITED - 1) {
                return solve();
            }
        }
    }

    /** The exact outcome of the loaded position for seat 0: 1 win, 0 draw, -1 loss (R20). */
    public int outcome() {
        return outcomeAt(0);
    }

    /** The legal actions of the loaded position, ascending; returns how many. */
    public int rootActions(int[] buf) {
        return game.legal(0, buf, 0);
    }

    /** The exact value after {@code action} (legal in the loaded position). */
    public int valueAfter(int action) {
        game.play(0, action);
        return search(1, -INFINITY, INFINITY, UNLIMITED);
    }

    /** The exact outcome for seat 0 after {@code action}: 1, 0 or -1. */
    public int outcomeAfter(int action) {
        game.play(0, action);
        return outcomeAt(1);
    }

    /**
     * Alpha-beta on the loaded position with the window (alpha, beta) across {@code depth} turn
     * starts ({@link #UNLIMITED}: exact): depth 1 searches the rest of the current turn and
     * evaluates the position where the next turn starts, depth 2 the next turn too, and so on. Fail-soft: a value {@code <= alpha} is an upper bound, one
     * {@code >= beta} a lower bound, one between them exact.
     */
    public int search(int alpha, int beta, int depth) {
        return search(0, alpha, beta, depth);
    }

    /**
     * The same for the position after {@code action} (legal in the loaded position): depth 1
     * searches on from there to the next turn's start. So after an action that ends the turn the
     * next player's whole turn is searched (the reply to it), and after one that does not, the
     * rest of the mover's own turn.
     */
    public int searchAfter(int action, int alpha, int beta, int depth) {
        game.play(0, action);
        return search(1, alpha, beta, depth);
    }

    /**
     * The value after {@code action} at the end of the mover's turn: the rest of the turn
     * searched, the position where the next turn starts evaluated (the greedy whole-turn choice).
     */
    public int searchToTurnEnd(int action) {
        game.play(0, action);
        int depth = game.toMove(1) != game.toMove(0) || game.isOver(1) ? 0 : 1;
        return search(1, -INFINITY, INFINITY, depth);
    }

    /**
     * The analysis call: the value of every action of {@code out} at the decision point
     * {@code s} (a full or determinized state, not over; the actions legal there), from the side
     * of the seat to move, under a deadline. Actions not valued when the deadline struck are left
     * unfinished in {@code out}; any deadline set before is cleared.
     *
     * <p>The table is kept from call to call: its keys are whole positions (or, with the
     * partition technique, what decides the rest of the game, the entries holding the value to
     * come, which does not depend on how the position was reached), so an exact entry is true
     * wherever its key comes up again in positions of this layout and rules. Entries of
     * depth-limited searches carry their depth, are used only where that depth suffices (a
     * depth counts the turns still to search, the same from whichever root) and hold for the
     * horizon's evaluation that made them: a new one ({@link #setEvaluation}) empties the table.
     *
     * @param deadline the time on {@code clock} to stop at, or 0: none
     */
    public void analyse(GameState s, Query query, long deadline, BudgetClock clock, RootValues out) {
        RootSearch.analyse(this, s, query, deadline, clock, out);
    }

    /** This solver as an {@link Analyst} asking {@code query} of every action. */
    public Analyst analyst(Query query) {
        return (deal, out, deadline, clock) -> analyse(deal, query, deadline, clock, out);
    }

    private int outcomeAt(int ply) {
        if (search(ply, 0, 1, UNLIMITED) >= 1) {
            return 1;
        }
        return search(ply, -1, 0, UNLIMITED) <= -1 ? -1 : 0;
    }

    // =================================================================== the search

    /**
     * Plays {@code a} at {@code ply} and returns a guess (times two) of the child's value from its
     * bounds, which it keeps at {@code childBounds[at]} for the child's search: their midpoint,
     * or with {@link Techniques#sure} seven eighths the bound the mover ({@code max}: seat 0) is
     * sure of and an eighth the other. The sure bound ordered better (at 11 cards 0.92 of the
     * nodes of the midpoint on the positions it was chosen on, 0.87 on 12 others; the bound the
     * mover can at best reach, 2.2 times the nodes): a sure bound that is high is a line already
     * good, a high best case is often only a wide one.
     */
    private int guessChild(int ply, int a, int at, boolean max) {
        game.play(ply, a);
        long bb = game.bounds(ply + 1);
        childBounds[at] = bb;
        int hi = (int) (bb >> 32);
        int lo = (int) bb;
        if (!sure) {
            return hi + lo;
        }
        return max ? 2 * lo + (hi - lo) / 4 : 2 * hi - (hi - lo) / 4;
    }

    /** Depth counts turns: it goes down when the turn passes to the other seat. */
    private int depthAfter(int ply, int depth) {
        if (depth == UNLIMITED) {
            return UNLIMITED;
        }
        return game.toMove(ply + 1) != game.toMove(ply) ? depth - 1 : depth;
    }

    /**
     * Marks a child's bounds or key as not computed by the ordering. Should a real key or bounds
     * equal it, they are only computed again.
     */
    private static final long UNKNOWN = Long.MIN_VALUE;

    int search(int ply, int alpha, int beta, int depth) {
        return search(ply, alpha, beta, depth, UNKNOWN, UNKNOWN, 0);
    }

    /**
     * @param knownBounds the position's {@link OpenGame#bounds} if the parent computed them, else
     *                    {@link #UNKNOWN}
     * @param knownKey    its {@link OpenGame#key} if the parent computed it, else {@link #UNKNOWN}
     * @param hintMove    an action to try first after the table's ({@link Techniques#sibling}), or 0
     */
    private int search(int ply, int alpha, int beta, int depth, long knownBounds, long knownKey, int hintMove) {
        lastBest[ply] = 0;
        if ((++nodes & 1023) == 0 && deadline != 0 && clock.now() - deadline > 0) {
            stopped = true;
        }
        if (stopped) {
            return 0;
        }
        OpenGame g = game;
        if (g.isOver(ply)) {
            return g.value(ply);
        }
        long bounds = knownBounds != UNKNOWN ? knownBounds : g.bounds(ply);
        int hi = (int) (bounds >> 32);
        if (hi <= alpha) {
            return hi;
        }
        int lo = (int) bounds;
        if (lo >= beta) {
            return lo;
        }
        if (depth <= 0) {
            inexact++;
            return Math.max(lo, Math.min(hi, evaluation.evaluate(g, ply)));
        }
        if (ply >= maxPlies) {
            throw new IllegalStateException("the search went " + maxPlies + " decisions deep");
        }
        int base = ply * Action.MAX_LEGAL;
        if (idle && depth == UNLIMITED && g.markerDecision(ply) && g.markersIdle(ply)) {
            // every marker decision here is worth the same: the last legal one (no placement, no
            // return token) stands for all, as a forced action (no table entry)
            int n = g.legal(ply, moves, base);
            g.play(ply, moves[base + n - 1]);
            int v = search(ply + 1, alpha, beta, UNLIMITED, UNKNOWN, UNKNOWN, hintMove);
            lastBest[ply] = lastBest[ply + 1];
            return v;
        }
        long key = knownKey != UNKNOWN ? knownKey : g.key(ply);
        long entry = table.probe(key);
        // a partition's entries hold the change of value to come (positions of one key differ by
        // their value as it stands)
        int offset = partition ? g.value(ply) : 0;
        int ttMove = 0;
        long inexact0 = inexact;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            int entryDepth = TranspositionTable.depth(entry);
            if (entryDepth >= depth) {
                if (entryDepth < UNLIMITED) {
                    inexact++; // whether it cuts or narrows, the result leans on it
                }
                int v = TranspositionTable.cut(entry, offset, alpha, beta);
                if (v != TranspositionTable.NO_CUT) {
                    lastBest[ply] = ttMove;
                    return v;
                }
                // bounds that do not cut still narrow what this node can be worth
                lo = Math.max(lo, TranspositionTable.lower(entry) + offset);
                hi = Math.min(hi, TranspositionTable.upper(entry) + offset);
            }
        }
        int n = g.legal(ply, moves, base);
        if (n == 1) {
            // a forced action is no decision: no table entry
            g.play(ply, moves[base]);
            int v = search(ply + 1, alpha, beta, depthAfter(ply, depth), UNKNOWN, UNKNOWN, hintMove);
            lastBest[ply] = lastBest[ply + 1];
            return v;
        }
        int me = g.toMove(ply);
        int[] h = history;
        int hb = me << 16;
        int side = me == 0 ? 1 : -1;
        boolean max = me == 0;
        boolean etcHere = etc && Long.bitCount(g.table(ply)) >= ETC_CARDS;
        // Without enhanced transposition cut-offs here, the table's action is searched first
        // whatever the others are worth, and it usually cuts: the others' bounds are then
        // computed only if it does not (a play and a bound per child saved). Their history
        // scores are taken now, before its search changes them, so the order is the same.
        boolean lazy = !etcHere && ttMove != 0 && ActionOrder.contains(moves, base, n, ttMove);
        for (int i = 0; i < n; i++) {
            // the table's action first; then the child whose bounds promise the most to the
            // mover (guessChild; 38% fewer nodes than history alone at 10 cards, for a play and
            // a bound per child), the history breaking ties
            int a = moves[base + i];
            childKeys[base + i] = UNKNOWN;
            childBounds[base + i] = UNKNOWN;
            if (a == ttMove) {
                order[base + i] = Integer.MAX_VALUE;
                continue;
            }
            if (a == hintMove) {
                order[base + i] = Integer.MAX_VALUE - 1;
                continue;
            }
            order[base + i] = h[hb + a] >> 6;
            if (lazy) {
                continue;
            }
            int guess = guessChild(ply, a, base + i, max);
            if (etcHere && !g.isOver(ply + 1)) {
                // enhanced transposition cut-off: a child the table knows enough of may decide
                // this node before any search, or at least order it by what it is worth
                long childKey = g.key(ply + 1);
                childKeys[base + i] = childKey;
                long child = table.probe(childKey);
                if (child != 0) {
                    int cOffset = partition ? g.value(ply + 1) : 0;
                    guess = 2 * (TranspositionTable.guess(child) + cOffset);
                    int cLower = TranspositionTable.lower(child) + cOffset;
                    int cUpper = TranspositionTable.upper(child) + cOffset;
                    // (the depth a child needs depends on whether its action ended the turn)
                    if (TranspositionTable.depth(child) >= depthAfter(ply, depth)) {
                        if (max && cLower > lo) {
                            if (TranspositionTable.depth(child) < UNLIMITED) {
                                inexact++;
                            }
                            lo = cLower;
                            if (lo >= beta) {
                                return lo;
                            }
                        } else if (!max && cUpper < hi) {
                            if (TranspositionTable.depth(child) < UNLIMITED) {
                                inexact++;
                            }
                            hi = cUpper;
                            if (hi <= alpha) {
                                return hi;
                            }
                        }
                    }
                }
            }
            order[base + i] += side * guess;
        }
        int a0 = alpha;
        int b0 = beta;
        // a marker step's placements differ in one marker: the reply that refuted one is tried
        // first against the next (at every node, as killer moves, it paid nothing)
        boolean hinting = sibling && g.phase(ply) == OpenWords.MARKER;
        int refutation = 0;
        int best = max ? -INFINITY : INFINITY;
        int bestMove = 0;
        for (int i = 0; i < n; i++) {
            ActionOrder.selectBest(moves, order, childBounds, childKeys, base + i, base + n);
            int a = moves[base + i];
            long cb = childBounds[base + i];
            long ck = childKeys[base + i];

            g.play(ply, a);
            int childDepth = depthAfter(ply, depth);
            int v;
            if (pvs && i > 0 && beta - alpha > 1) {
                if (max) {
                    v = search(ply + 1, alpha, alpha + 1, childDepth, cb, ck, refutation);
                    if (v > alpha && v < beta && !stopped) {
                        v = search(ply + 1, v, beta, childDepth, cb, ck, refutation);
                    }
                } else {
                    v = search(ply + 1, beta - 1, beta, childDepth, cb, ck, refutation);
                    if (v < beta && v > alpha && !stopped) {
                        v = search(ply + 1, alpha, v, childDepth, cb, ck, refutation);
                    }
                }
            } else {
                v = search(ply + 1, alpha, beta, childDepth, cb, ck, refutation);
            }
            if (hinting && lastBest[ply + 1] != 0) {
                refutation = lastBest[ply + 1];
            }
            if (stopped) {
                return 0;
            }
            if (max) {
                if (v > best) {
                    best = v;
                    bestMove = a;
                    if (v > alpha) {
                        alpha = v;
                    }
                }
            } else if (v < best) {
                best = v;
                bestMove = a;
                if (v < beta) {
                    beta = v;
                }
            }
            if (alpha >= beta) {
                int bonus = Long.bitCount(g.table(ply)) + 1;
                h[hb + a] = Math.min(h[hb + a] + bonus * bonus, 1 << 24);
                break;
            }
            if (lazy && i == 0) {
                // the table's action did not cut: order the rest as the eager loop would have
                for (int j = 1; j < n; j++) {
                    if (moves[base + j] != hintMove) {
                        order[base + j] += side * guessChild(ply, moves[base + j], base + j, max);
                    }
                }
            }
        }
        // a bound found at this node (table, quick bounds) limits what it is worth
        best = Math.max(lo, Math.min(hi, best));
        int bound = best <= a0 ? TranspositionTable.UPPER : best >= b0 ? TranspositionTable.LOWER
                : TranspositionTable.BOTH;
        // a subtree searched without a horizon or an inexact entry is solved, whatever the depth asked
        table.store(key, best - offset, bound, inexact == inexact0 ? UNLIMITED : depth, bestMove);
        lastBest[ply] = bestMove;
        return best;
    }
}

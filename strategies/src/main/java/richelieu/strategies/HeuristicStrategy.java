package richelieu.strategies;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;

import java.util.SplittableRandom;

/**
 * {@code heuristic}: a hand-written player that plays the way a good human does. It looks at
 * every way to finish its turn (like {@code greedy}), assumes the next player answers with the
 * card(s) that hurt it most, and judges the position after that answer with these rules:
 *
 * <ol>
 * <li><b>Fight for majorities that are still open.</b> For each region and symbol it compares
 * its count with the strongest opponent's and with what is still on the table. A majority that
 * is already safe (the lead exceeds everything left) or already lost is worth its outcome and
 * no more, so it stops pouring cards into it; an open one is worth its likely points (the
 * larger count plus {@code stakeLeft} = ½ of what is left) times an estimated chance of winning
 * it, {@code 0.5 + leadWeight · lead / (left + 1)} with {@code leadWeight} = ½, kept within
 * [{@code minChance}, 1 − {@code minChance}] = [0.02, 0.98].</li>
 * <li><b>Avoid the −5 penalties</b> (2 players). Holding no card of a region or symbol costs
 * 5 × the risk of ending that way, a risk that rises as that region's cards leave the table
 * ({@code absentDecay}^cards left, 0.7). The same count for the opponent makes it deny the last
 * cards of a region the opponent lacks. With 3–4 players, the +2 per region held plays this
 * role.</li>
 * <li><b>Markers are a currency.</b> Each marker in reserve or on the table is worth
 * {@code marker} = 1.5 points, a boxed one nothing. So it pays for an opponent-marked card only
 * when the card is worth more than the marker, uses a return token whenever one of its markers
 * is boxed, and values the opponent's boxed markers too.</li>
 * <li><b>Reserve and deny with markers.</b> A marker is placed where it matters: on a card that
 * is important to it or to an opponent (an open majority: {@code openSpot} = 1 per shield; a
 * region someone still lacks: {@code lackSpot} = 5 spread over its cards left), each marked
 * card adding {@code markSpot} = 0.3 × its importance; the assumed reply makes it avoid
 * uncovering a good card for the opponent and prefer marking cards near the ends.</li>
 * <li>On equal totals fewer cards win, so each card costs a hair ({@code cardCost} = 0.05).</li>
 * </ol>
 * At the end of the game the evaluation is the exact score difference plus {@code winBonus} = 50
 * for a win (minus it for a loss). Ties are broken with the bot's own random stream.
 *
 * <p>Every weight and threshold above is a parameter of the {@code heuristic} factory
 * ({@link Weights}); the defaults are the hand-set values it has always played with.
 */
public final class HeuristicStrategy implements Strategy {
    /**
     * The weights and thresholds of the evaluation (see the class comment for where each acts).
     *
     * @param marker      points per marker in reserve or on the table (a boxed one: none)
     * @param cardCost    points each card held costs (fewer cards break ties)
     * @param markSpot    points per unit of importance of a card one's marker lies on
     * @param openSpot    importance per shield (per card for a symbol) of a card of an open majority
     * @param lackSpot    importance spread over the cards left of a region or symbol someone lacks
     * @param absentDecay the risk of ending without a region or symbol is absentDecay^(its cards left)
     * @param stakeLeft   the share of what is left on the table counted in an open majority's stake
     * @param leadWeight  an open majority's win chance is 0.5 + leadWeight · lead / (left + 1)
     * @param minChance   that chance is kept within [minChance, 1 − minChance]; beyond, a majority
     *                    is decided and its cards no longer matter to markers
     * @param winBonus    at the end: points added for a win, taken for a loss (0 for a shared win)
     */
    public record Weights(double marker, double cardCost, double markSpot, double openSpot, double lackSpot,
                          double absentDecay, double stakeLeft, double leadWeight, double minChance,
                          double winBonus) {
        /** The hand-set weights, the {@code heuristic} bot's defaults. */
        public static final Weights DEFAULT = new Weights(1.5, 0.05, 0.3, 1, 5, 0.7, 0.5, 0.5, 0.02, 50);
    }

    private final Weights w;
    private final String name;
    private final TurnSearch search = new TurnSearch();
    private final TurnSearch.Evaluation evaluation = this::evaluateWithReply;
    /** The killer reply: the first and second take that were most harmful at the last evaluation. */
    private int killerFirst = NONE;
    private int killerSecond = NONE;
    private static final int NONE = Integer.MIN_VALUE;
    private static final int NO_SECOND = -1;
    /** absentDecay^k for k cards left: the same doubles as Math.pow, looked up (evaluate's hottest call). */
    private final double[] absentRisk = new double[Layout.POSITIONS + 1];
    private final GameState[] reply = new GameState[4];
    private final int[][] replyBuf = new int[3][Action.MAX_LEGAL];
    private final int[] scores = new int[4];
    private final double[] importance = new double[Layout.POSITIONS];
    private final double[] value = new double[4];
    private SplittableRandom rng;
    /** The layout the scratch states were made for (observation objects may be reused across games). */
    private Layout gameLayout;
    private Rules gameRules;

    /** The hand-set bot. */
    public HeuristicStrategy() {
        this(Weights.DEFAULT, "heuristic");
    }

    public HeuristicStrategy(Weights weights, String name) {
        this.w = weights;
        this.name = name;
        for (int k = 0; k <= Layout.POSITIONS; k++) {
            absentRisk[k] = Math.pow(w.absentDecay(), k);
        }
    }

    @Override
    public String name() {
        return name;
    }

    /** The weights this bot judges positions with. */
    public Weights weights() {
        return w;
    }

    @Override
    public void gameStarted(GameStart start) {
        rng = start.random();
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        if (gameLayout != observation.layout() || gameRules != observation.rules()) {
            for (int i = 0; i < reply.length; i++) {
                reply[i] = observation.newState();
            }
            gameLayout = observation.layout();
            gameRules = observation.rules();
        }
        GameState root = search.root(observation);
        observation.toViewState(root);
        return search.bestFirstAction(evaluation, rng);
    }

    /**
     * The position after my turn, judged after the next player's most harmful take: the minimum
     * of {@link #evaluate} over every reply (a first card, then a second card or stop). Once one
     * reply puts the position below {@code bound} it is not looked at further: the value returned
     * is then below {@code bound} too, which {@link TurnSearch.Evaluation} allows, so the moves are
     * the same with far fewer evaluations. The reply that was most harmful last time (a killer
     * move) is tried first: for the next way to end the turn it usually is again.
     */
    double evaluateWithReply(GameState after, int me, double bound) {
        if (after.isOver()) {
            return terminal(after, me);
        }
        GameState r = reply[0];
        r.copyFrom(after);
        // The next player's return step cannot exist in a view state (their tokens are unknown).
        while (r.phase() == Phase.RETURNS || r.phase() == Phase.LATE_RETURNS) {
            r.play(Action.END_RETURNS);
        }
        if (r.toMove() == me || r.phase() != Phase.TAKE_FIRST) {
            return evaluate(after, me);
        }
        int[] buf = replyBuf[0];
        int n = r.legalActions(buf);
        if (n == 1 && buf[0] == Action.PASS) {
            return evaluate(after, me);
        }
        // The minimum over the same replies in any order is the same double (no NaN arises).
        double worst = Double.POSITIVE_INFINITY;
        int kf = killerFirst;
        int ks = killerSecond;
        boolean counted = false;
        if (contains(buf, n, kf)) {
            double v = replyValue(r, kf, ks, me);
            if (!Double.isNaN(v)) {
                counted = true;
                worst = v;
                if (worst < bound) {
                    return worst;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            int first = buf[i];
            GameState a = reply[1];
            a.copyFrom(r);
            takeAndPay(a, first);
            if (a.phase() == Phase.TAKE_SECOND) {
                int[] b2 = replyBuf[1];
                int m = a.legalActions(b2);
                for (int j = 0; j < m; j++) {
                    if (counted && first == kf && b2[j] == ks) {
                        continue;
                    }
                    GameState b = reply[2];
                    b.copyFrom(a);
                    takeAndPay(b, b2[j]);
                    double v = b.isOver() ? terminal(b, me) : evaluate(b, me);
                    if (v < worst) {
                        worst = v;
                        killerFirst = first;
                        killerSecond = b2[j];
                        if (worst < bound) {
                            return worst;
                        }
                    }
                }
            } else if (!(counted && first == kf && ks == NO_SECOND)) {
                double v = a.isOver() ? terminal(a, me) : evaluate(a, me);
                if (v < worst) {
                    worst = v;
                    killerFirst = first;
                    killerSecond = NO_SECOND;
                    if (worst < bound) {
                        return worst;
                    }
                }
            }
        }
        return worst;
    }

    /** The value of the reply {@code first} then {@code second} ({@link #NO_SECOND}: none), or NaN if it is not a reply here. */
    private double replyValue(GameState r, int first, int second, int me) {
        GameState a = reply[1];
        a.copyFrom(r);
        takeAndPay(a, first);
        if (a.phase() == Phase.TAKE_SECOND) {
            int[] b2 = replyBuf[1];
            if (second == NO_SECOND || !contains(b2, a.legalActions(b2), second)) {
                return Double.NaN;
            }
            GameState b = reply[2];
            b.copyFrom(a);
            takeAndPay(b, second);
            return b.isOver() ? terminal(b, me) : evaluate(b, me);
        }
        if (second != NO_SECOND) {
            return Double.NaN;
        }
        return a.isOver() ? terminal(a, me) : evaluate(a, me);
    }

    private static boolean contains(int[] actions, int n, int action) {
        for (int i = 0; i < n; i++) {
            if (actions[i] == action) {
                return true;
            }
        }
        return false;
    }

    /** Plays a take (or STOP) and, if it must pay, the cheapest payment: reserve first. */
    private static void takeAndPay(GameState s, int action) {
        s.play(action);
        if (s.phase() == Phase.PAY) {
            s.play(s.reserve(s.toMove()) > 0 ? Action.PAY_RESERVE : Action.payMarker(
                    Long.numberOfTrailingZeros(s.markers(s.toMove()))));
        }
    }

    private double terminal(GameState s, int me) {
        s.scores(scores);
        int winners = s.winners(scores);
        int bestOpp = Integer.MIN_VALUE;
        for (int p = 0; p < s.players(); p++) {
            if (p != me) {
                bestOpp = Math.max(bestOpp, scores[p]);
            }
        }
        double bonus = (winners >>> me & 1) == 0 ? -w.winBonus() : Integer.bitCount(winners) == 1 ? w.winBonus() : 0;
        return scores[me] - bestOpp + bonus;
    }

    /** Static judgement of a position from {@code me}'s view: my value minus the strongest opponent's. */
    public double evaluate(GameState s, int me) {
        double[] value = this.value;
        seatValues(s, value);
        double bestOpp = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < s.players(); p++) {
            if (p != me) {
                bestOpp = Math.max(bestOpp, value[p]);
            }
        }
        return value[me] - bestOpp;
    }

    /**
     * How much each table card matters to whoever holds a marker on it, in {@code s}: a marker on
     * card p adds {@code markSpot} × {@code out[p]} to its owner's value ({@link #seatValues}), and
     * nothing else in the judgement depends on where markers lie (0 off the table).
     */
    public void cardImportance(GameState s, double[] out) {
        seatValues(s, value);
        System.arraycopy(importance, 0, out, 0, Layout.POSITIONS);
    }

    /**
     * Every seat's value of the position, in points, into {@code value[0 .. players)}: the terms
     * of the class comment, before {@link #evaluate} compares them (the vector a multi-player
     * search judges leaves by).
     */
    public void seatValues(GameState s, double[] value) {
        int players = s.players();
        Rules rules = s.rules();
        boolean penalties = rules.absentRegionPoints() < 0;
        java.util.Arrays.fill(value, 0, players, 0);
        java.util.Arrays.fill(importance, 0);
        Layout layout = s.layout();
        long table = s.table();
        for (int c = 0; c < Evaluations.CATEGORIES; c++) {
            boolean region = c < Region.COUNT;
            long mask = Evaluations.categoryMask(layout, c);
            int cardsLeft = Long.bitCount(table & mask);
            int left = Evaluations.onTable(s, c);
            int best = 0;
            int second = 0;
            int[] counts = scores; // reuse as scratch
            for (int p = 0; p < players; p++) {
                counts[p] = Evaluations.count(s, p, c);
            }
            for (int p = 0; p < players; p++) {
                int x = counts[p];
                if (x > best) {
                    second = best;
                    best = x;
                } else if (x > second) {
                    second = x;
                }
            }
            boolean open = false;
            for (int p = 0; p < players; p++) {
                int mine = counts[p];
                int rival = mine == best ? second : best;
                double pWin = winChance(mine - rival, left, rules.majority() == Rules.Majority.SHARED,
                        w.leadWeight(), w.minChance());
                if (pWin > w.minChance() && pWin < 1 - w.minChance()) {
                    open = true;
                }
                double stake = Math.max(mine, rival) + left * w.stakeLeft();
                value[p] += pWin * stake;
                boolean hasCard = (s.hand(p) & mask) != 0;
                double risk = hasCard ? 0 : absentRisk[cardsLeft];
                if (penalties) {
                    value[p] += (region ? rules.absentRegionPoints() : rules.absentSymbolPoints()) * risk;
                } else if (region) {
                    value[p] += rules.presentRegionPoints() * (1 - risk);
                }
                if (!hasCard && cardsLeft > 0) {
                    // a card of a region someone lacks matters to them (and to whoever denies it)
                    for (long m = table & mask; m != 0; m &= m - 1) {
                        importance[Long.numberOfTrailingZeros(m)] += w.lackSpot() / cardsLeft;
                    }
                }
            }
            if (open) {
                for (long m = table & mask; m != 0; m &= m - 1) {
                    int pos = Long.numberOfTrailingZeros(m);
                    importance[pos] += w.openSpot() * (region && layout.isDouble(pos) ? 2 : 1);
                }
            }
        }
        for (int p = 0; p < players; p++) {
            value[p] += w.marker() * (Rules.MARKERS - s.boxed(p)) - w.cardCost() * s.cardCount(p);
            for (long m = s.markers(p); m != 0; m &= m - 1) {
                value[p] += w.markSpot() * importance[Long.numberOfTrailingZeros(m)];
            }
        }
    }

    /** What {@link #decidedChance} returns when the lead alone does not decide the majority. */
    static final double UNDECIDED = -1;

    /**
     * The chance to hold the majority when the lead {@code d} alone decides it — it exceeds what
     * is {@code left}, or nothing is left (a tie then counts when {@code sharedCounts}) — else
     * {@link #UNDECIDED}.
     */
    static double decidedChance(int d, int left, boolean sharedCounts) {
        if (d > left) {
            return 1;
        }
        if (-d > left) {
            return 0;
        }
        if (left == 0) {
            return d > 0 ? 1 : d == 0 && sharedCounts ? 1 : 0;
        }
        return UNDECIDED;
    }

    /**
     * Chance to hold the (strict or shared) majority at the end with lead {@code d} and
     * {@code left} still on the table: certain when the lead exceeds what is left, otherwise
     * linear in the lead relative to what is left ({@code 0.5 + leadWeight · d / (left + 1)}),
     * within [{@code minChance}, 1 − {@code minChance}].
     */
    static double winChance(int d, int left, boolean sharedCounts, double leadWeight, double minChance) {
        double decided = decidedChance(d, left, sharedCounts);
        if (decided != UNDECIDED) {
            return decided;
        }
        // leadWeight · d / (left + 1), not d / (2 (left + 1)): with leadWeight = 0.5 both are the
        // same double (a product or quotient by a power of two is exact), so the same games
        double p = 0.5 + leadWeight * d / (left + 1);
        return Math.max(minChance, Math.min(1 - minChance, p));
    }
}

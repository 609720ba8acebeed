package richelieu.strategies.ismcts;

import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.LinearWeights;
import richelieu.engine.GameState;
import richelieu.strategies.learned.LearnedEvaluation;

import java.util.function.IntFunction;

/**
 * What an iteration's end is worth to each seat: its share of the win (1 for a win, 1/k for a
 * win shared by k seats, 0 for a loss), blended with the score margin when {@code marginWeight}
 * &gt; 0: {@code (1 − w)·share + w·(0.5 + 0.5·tanh(margin / marginScale))}, margin = own score −
 * best other score. A win by 20 and a win by 1 are then no longer the same signal, which
 * separates moves in positions that random rollouts decide mostly one way.
 */
final class RolloutReward {
    /** The default score margin at which the margin term is 0.5 + 0.5·tanh(1) ≈ 0.88. */
    static final double MARGIN_SCALE = 10;

    private final double marginWeight;
    private final double marginScale;
    private final int[] scores = new int[4];
    /** Judges a position a rollout stopped in before the end (null: rollouts always finish). */
    private final HeuristicStrategy judge;
    /** The multipliers of {@code judge}'s terms in 2-player games ({@link LinearWeights#HAND}: its own judgement). */
    private final LinearWeights multipliers;
    private final double evalScale;
    /** Makes the learned evaluation for a player count, which judges instead of {@code judge} (null: {@code judge} does). */
    private final IntFunction<LearnedEvaluation> learnedFor;
    /**
     * The learned evaluations of the game's player count, made at the first cut-off: one for 2
     * players (the searching seat's view, the other seat's value its negation), one per seat for
     * 3 or 4 (each seat's value from its own view; each its own accumulator, as a seat's
     * successive cut-offs share most features).
     */
    private LearnedEvaluation[] learned;
    /** The searching seat, whose view the learned evaluation takes ({@link #searching}). */
    private int view;

    RolloutReward(double marginWeight, double marginScale) {
        this(marginWeight, marginScale, (HeuristicStrategy) null, 1);
    }

    /**
     * Cut-short rollouts judged by the learned evaluation, from the searching seat's view: that
     * seat's own tokens are known to it for real, while the others' in a determinization are only
     * a guess, which the network, reading what the seat may know, averages over rather than
     * trusting one draw.
     *
     * @param evalScale points of predicted final margin that make a win 1 / (1 + e^-1) ≈ 73% likely
     */
    RolloutReward(double marginWeight, double marginScale, LearnedEvaluation learned, double evalScale) {
        this(marginWeight, marginScale, null, LinearWeights.HAND, players -> {
            if (players != 2) {
                throw new IllegalStateException("this learned evaluation judges 2-player games only, this game has "
                        + players + " players");
            }
            return learned;
        }, evalScale);
    }

    /**
     * Cut-short rollouts judged by a learned evaluation that {@code learnedFor} makes for the
     * game's player count ({@link LearnedEvaluation#shipped}). With 2 players from the searching
     * seat's view, as above; with 3 or 4 each seat's value from that seat's view of the
     * determinization, as {@code eval=heuristic} judges every seat from the whole state.
     */
    RolloutReward(double marginWeight, double marginScale, IntFunction<LearnedEvaluation> learnedFor, double evalScale) {
        this(marginWeight, marginScale, null, LinearWeights.HAND, learnedFor, evalScale);
    }

    /** The seat the search decides for (its positions are judged from its view), at a root within any gate. */
    void searching(int seat) {
        searching(seat, 0);
    }

    /**
     * The seat the search decides for, and the cards on the table at its root: a 2-player learned
     * evaluation gated by cards ({@link LearnedEvaluation#correctCards}) corrects the judgement of
     * a decision's cut-offs only when the root is within its gate, so that every cut-off of one
     * search has the same judge. Gated by the cut-off's own cards instead, the lines that remove
     * more cards would cross into another judge with another bias than the lines beside them (on
     * pimc's own cut-offs heuristic-2p's judgement is about 1.6 points pessimistic for the
     * searching seat at 12 cards, the net unbiased), and the search would favour them for it.
     */
    void searching(int seat, int rootCards) {
        view = seat;
        this.rootCards = rootCards;
    }

    /** The cards on the table at the search's root ({@link #searching(int, int)}). */
    private int rootCards;

    /**
     * @param judge     the evaluation of an unfinished position ({@link HeuristicStrategy#evaluate}:
     *                  points, own value minus the best other's)
     * @param evalScale points of that evaluation that make a win 1 / (1 + e^-1) ≈ 73% likely
     */
    RolloutReward(double marginWeight, double marginScale, HeuristicStrategy judge, double evalScale) {
        this(marginWeight, marginScale, judge, LinearWeights.HAND, null, evalScale);
    }

    /** As above, {@code judge}'s terms re-weighted by {@code multipliers} (2 players: {@code eval=linear}). */
    RolloutReward(double marginWeight, double marginScale, HeuristicStrategy judge, LinearWeights multipliers,
                  double evalScale) {
        this(marginWeight, marginScale, judge, multipliers, null, evalScale);
    }

    /** At most one of {@code judge} and {@code learned}: the one that judges a cut-short rollout. */
    private RolloutReward(double marginWeight, double marginScale, HeuristicStrategy judge, LinearWeights multipliers,
                          IntFunction<LearnedEvaluation> learnedFor, double evalScale) {
        this.marginWeight = marginWeight;
        this.marginScale = marginScale;
        this.judge = judge;
        this.multipliers = multipliers;
        this.learnedFor = learnedFor;
        this.evalScale = evalScale;
    }

    /** Writes each seat's reward for the finished game {@code s} into {@code result}. */
    void score(GameState s, double[] result) {
        if (!s.isOver()) {
            judge(s, result);
            return;
        }
        int[] scores = this.scores;
        s.scores(scores);
        int w = s.winners(scores);
        double share = 1.0 / Integer.bitCount(w);
        int players = s.players();
        for (int p = 0; p < players; p++) {
            result[p] = (w >>> p & 1) != 0 ? share : 0;
        }
        if (marginWeight > 0) {
            for (int p = 0; p < players; p++) {
                int other = Integer.MIN_VALUE;
                for (int q = 0; q < players; q++) {
                    if (q != p) {
                        other = Math.max(other, scores[q]);
                    }
                }
                double squashed = 0.5 + 0.5 * Math.tanh((scores[p] - other) / marginScale);
                result[p] = (1 - marginWeight) * result[p] + marginWeight * squashed;
            }
        }
    }

    /**
     * An unfinished position: each seat's win chance from the evaluation by a logistic curve,
     * blended with the squashed evaluation as the margin term.
     */
    private void judge(GameState s, double[] result) {
        int players = s.players();
        if (learnedFor != null) {
            if (learned == null || learned.length != (players == 2 ? 1 : players)) {
                learned = new LearnedEvaluation[players == 2 ? 1 : players];
                for (int k = 0; k < learned.length; k++) {
                    learned[k] = learnedFor.apply(players);
                }
            }
            if (players == 2) {
                double e = rootCards > learned[0].correctCards() ? learned[0].judgement(s, view) : learned[0].value(s, view);
                double first = view == 0 ? e : -e;
                result[0] = judged(first);
                result[1] = judged(-first);
                return;
            }
            for (int p = 0; p < players; p++) {
                result[p] = judged(learned[p].value(s, p));
            }
            return;
        }
        if (players == 2) {
            // the same judgement from the state's lanes, in a fraction of the time
            if (twoPlayer == null || twoPlayer.layout() != s.layout() || !twoPlayer.rules().equals(s.rules())) {
                twoPlayer = new HeuristicEvaluation(judge.weights(), multipliers, s.rules(), s.layout());
            }
            double e = twoPlayer.difference(s);
            result[0] = judged(e);
            result[1] = judged(-e);
            return;
        }
        for (int p = 0; p < players; p++) {
            result[p] = judged(judge.evaluate(s, p));
        }
    }

    /** A seat's reward for the evaluation {@code e} of its position: win chance by a logistic curve, blended with the squashed evaluation. */
    private double judged(double e) {
        double win = 1 / (1 + Math.exp(-e / evalScale));
        return (1 - marginWeight) * win + marginWeight * (0.5 + 0.5 * Math.tanh(e / marginScale));
    }

    private HeuristicEvaluation twoPlayer;
}

package richelieu.runner.dataset;

import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.ForwardingStrategy;
import richelieu.strategies.ismcts.IsmctsStrategy;
import richelieu.strategies.pimc.PimcStrategy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The positions a game's searches judge at their cut-offs, drawn sparsely: per decision of a
 * seat, up to {@code perDecision} of the unfinished positions with at most {@code maxCards} cards
 * on the table that the search's cut-short rollouts stopped in, uniformly over every one it
 * judged (reservoir sampling), each copied with the searching seat. Those are what a cut-off's
 * evaluation is asked: determinizations (the other seat's tokens guessed) after the rollout's
 * turns, from the tree a real search grew. The bots are watched, not changed: the same game is
 * played as without the sampler.
 */
final class CutoffSampler {
    /**
     * One recorded position.
     *
     * @param state    a copy of the determinization the search judged
     * @param seat     the searching seat (the view the search judges from)
     * @param decision   the decision's number in the game (both seats, from 0), shared by its cut-offs
     * @param rootAction the root action of the search iteration that reached it (-1: none)
     */
    record Cutoff(GameState state, int seat, int decision, int rootAction) {
    }

    private final int perDecision;
    private final int maxCards;
    private final SplittableRandom rng;
    private final List<Cutoff> cutoffs = new ArrayList<>();
    private final GameState[] reservoir;
    private final int[] rootActions;
    private int seen;
    private int decision;
    private int searching = -1;

    CutoffSampler(int perDecision, int maxCards, SplittableRandom rng) {
        this.perDecision = perDecision;
        this.maxCards = maxCards;
        this.rng = rng;
        this.reservoir = new GameState[perDecision];
        this.rootActions = new int[perDecision];
    }

    /** The recorded positions, in the order of the game's decisions. */
    List<Cutoff> cutoffs() {
        return cutoffs;
    }

    /**
     * Seat {@code seat}'s bot, watched: its cut-offs are offered to the sampler during its
     * decisions ({@code LineupGame.play}'s {@code seated}).
     *
     * @throws IllegalArgumentException if the bot is not a search with cut-offs
     */
    Strategy seat(int seat, Strategy bot) {
        check(bot);
        if (bot instanceof PimcStrategy pimc) {
            pimc.recordCutoffs(this::offer);
        } else {
            ((IsmctsStrategy) bot).recordCutoffs(this::offer);
        }
        return new Watched(seat, bot);
    }

    /** @throws IllegalArgumentException if {@code bot} is not a search whose cut-offs can be recorded */
    static void check(Strategy bot) {
        if (!(bot instanceof PimcStrategy) && !(bot instanceof IsmctsStrategy)) {
            throw new IllegalArgumentException(bot.name() + " is not a search whose cut-offs can be recorded (pimc, or "
                    + "ismcts-mast with rollout=cutoff)");
        }
    }

    private void offer(GameState s, int rootAction) {
        if (searching < 0 || Long.bitCount(s.table()) > maxCards) {
            return;
        }
        int n = seen++;
        int slot = n < perDecision ? n : rng.nextInt(n + 1);
        if (slot < perDecision) {
            reservoir[slot] = s.copy();
            rootActions[slot] = rootAction;
        }
    }

    private void begin(int seat) {
        searching = seat;
        seen = 0;
    }

    private void end() {
        for (int k = 0; k < Math.min(seen, perDecision); k++) {
            cutoffs.add(new Cutoff(reservoir[k], searching, decision, rootActions[k]));
            reservoir[k] = null;
        }
        decision++;
        searching = -1;
    }

    /** A bot whose decisions open and close the sampler's reservoir; otherwise the bot itself. */
    private final class Watched extends ForwardingStrategy {
        private final int seat;

        Watched(int seat, Strategy bot) {
            super(bot);
            this.seat = seat;
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            begin(seat);
            try {
                return inner.chooseAction(observation, legal);
            } finally {
                end();
            }
        }
    }
}

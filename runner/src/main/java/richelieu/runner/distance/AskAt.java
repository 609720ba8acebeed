package richelieu.runner.distance;

import richelieu.engine.Deal;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;

import java.util.SplittableRandom;

/**
 * A bot asked one decision of a game already played, as it would meet it in play: the game is
 * driven again through {@link Game} (the driver of every game of the lab) along its recorded
 * actions, the bot sitting in the mover's seat from the deal on — started, told every public
 * action — and at the chosen step asked through {@link Strategy#chooseAction} with its seat's
 * {@link Observation}; it never sees the hidden tokens.
 *
 * <p>The bot makes none of the recorded line's earlier decisions of its seat (they are played
 * for it), so a bot that keeps a search tree from one decision to the next starts this one
 * with none: the decision is the bot's first of the game.
 */
final class AskAt {
    private AskAt() {
    }

    /**
     * The bot's action at step {@code step} (the actions played before it) of the line
     * {@code actions} of {@code deal}; the mover there must have a choice.
     */
    static int ask(Rules rules, Deal deal, int[] actions, int step, int seat, Strategy bot, SplittableRandom random) {
        Game game = new Game();
        Seat[] seats = new Seat[rules.players()];
        for (int p = 0; p < seats.length; p++) {
            seats[p] = new Seat(game, actions, p == seat ? bot : null, step);
        }
        SplittableRandom[] rngs = new SplittableRandom[seats.length];
        for (int p = 0; p < rngs.length; p++) {
            rngs[p] = p == seat ? random : new SplittableRandom(0);
        }
        GameResult result = game.play(rules, deal, seats, rngs);
        if (result.isForfeit()) {
            throw new IllegalStateException("replaying the line for " + bot.name() + " failed: " + result.failure());
        }
        if (seats[seat].chosen == Seat.NONE) {
            throw new IllegalStateException("step " + step + " is no decision of seat " + seat);
        }
        return seats[seat].chosen;
    }

    /** A seat that plays the recorded line, and at {@code step} asks its bot (the answer kept, the line played). */
    private static final class Seat implements Strategy {
        static final int NONE = Integer.MIN_VALUE;
        private final Game game;
        private final int[] actions;
        private final Strategy bot;
        private final int step;
        int chosen = NONE;

        Seat(Game game, int[] actions, Strategy bot, int step) {
            this.game = game;
            this.actions = actions;
            this.bot = bot;
            this.step = step;
        }

        @Override
        public String name() {
            return bot == null ? "recorded line" : bot.name();
        }

        @Override
        public void gameStarted(GameStart start) {
            if (bot != null) {
                bot.gameStarted(start);
            }
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            int k = game.actionCount();
            if (bot != null && k == step) {
                chosen = bot.chooseAction(observation, legal);
                if (!legal.contains(chosen)) {
                    throw new IllegalStateException(bot.name() + " chose an illegal action at step " + step);
                }
            }
            return actions[k];
        }

        @Override
        public void actionPlayed(int seat, int action) {
            if (bot != null) {
                bot.actionPlayed(seat, action);
            }
        }

        @Override
        public void gameEnded(GameResult result) {
            if (bot != null) {
                bot.gameEnded(result);
            }
        }
    }
}

package richelieu.engine;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Plays one game between strategies: asks each seat's bot at its decision points, tells every
 * bot the public actions, and turns a bot failure into a forfeit instead of an exception.
 *
 * <p>Reusable: one instance per thread plays any number of games (it keeps its buffers). Not
 * thread-safe.
 */
public final class Game {
    /** Which strategy classes override {@link Strategy#actionPlayed} (only those are told). */
    private static final ClassValue<Boolean> LISTENS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            try {
                return c.getMethod("actionPlayed", int.class, int.class).getDeclaringClass() != Strategy.class;
            } catch (NoSuchMethodException e) {
                return Boolean.TRUE;
            }
        }
    };

    private final LegalActions legal = new LegalActions();
    private Observation[] observations;
    private Rules observationRules;
    /**
     * Every action of the game. A game has at most about 2,200 actions (at most 48 turns that
     * take cards, at most players − 1 passes between two takes, at most 11 actions per turn), so
     * this never grows; the fused path writes into it directly.
     */
    private int[] log = new int[4096];
    private int logSize;
    private GameState last;

    /**
     * Plays a game to the end.
     *
     * @param bots one strategy per seat
     * @param rngs one random stream per seat, handed to the bots
     */
    public GameResult play(Rules rules, Deal deal, Strategy[] bots, SplittableRandom[] rngs) {
        int players = rules.players();
        if (bots.length != players || rngs.length != players) {
            throw new IllegalArgumentException(players + " players need " + players + " bots and random streams");
        }
        GameState state = new GameState(rules, deal);
        last = state;
        logSize = 0;
        if (observationRules != rules) {
            observations = new Observation[players];
            for (int p = 0; p < players; p++) {
                observations[p] = new Observation(rules, deal.layout(), p);
            }
            observationRules = rules;
        }
        Observation[] obs = observations;
        boolean[] listens = new boolean[players];
        boolean[] reads = new boolean[players];
        boolean[] uniform = new boolean[players];
        boolean anyListens = false;
        for (int p = 0; p < players; p++) {
            obs[p].rebind(deal.layout());
            listens[p] = LISTENS.get(bots[p].getClass());
            reads[p] = bots[p].readsObservation();
            uniform[p] = bots[p].isUniformRandom();
            anyListens |= listens[p];
        }
        for (int p = 0; p < players; p++) {
            try {
                bots[p].gameStarted(new Strategy.GameStart(p, rules, deal.layout(), rngs[p]));
            } catch (RuntimeException e) {
                return forfeit(state, bots, p, e);
            }
        }
        boolean allUniform = !anyListens;
        for (boolean u : uniform) {
            allUniform &= u;
        }
        if (allUniform) {
            // Every seat is a uniform random bot: the engine's fused loop plays the same games.
            logSize = state.playUniformToEnd(rngs, log);
            assert state.isOver() : "the fused loop plays to the end of the game";
        }
        LegalActions legal = this.legal;
        while (!state.isOver()) {
            int seat = state.toMove();
            int action;
            if (uniform[seat]) {
                // The bot's own policy on its own stream, drawn in the engine (same games).
                action = state.playUniform(rngs[seat]);
                GameResult failed = logAndTell(action, seat, bots, listens, anyListens, state);
                if (failed != null) {
                    return failed;
                }
                continue;
            }
            legal.fill(state);
            assert legal.size() > 0 : "R17: every decision point before the end has a legal action";
            if (legal.size() == 1) {
                action = legal.get(0);
            } else {
                if (reads[seat]) {
                    state.observe(seat, obs[seat]);
                }
                try {
                    action = bots[seat].chooseAction(obs[seat], legal);
                } catch (RuntimeException e) {
                    return forfeit(state, bots, seat, e);
                }
                if (!legal.contains(action)) {
                    String why = state.whyIllegal(action);
                    return forfeit(state, bots, seat, new BotFailure(BotFailure.Reason.ILLEGAL,
                            bots[seat].name() + " chose " + Action.toString(action) + ": "
                                    + (why != null ? why : "not in the legal set")));
                }
            }
            state.play(action);
            GameResult failed = logAndTell(action, seat, bots, listens, anyListens, state);
            if (failed != null) {
                return failed;
            }
        }
        int[] scores = new int[players];
        state.scores(scores);
        GameResult result = new GameResult(scores, cards(state), state.winners(scores), state.turn(), -1, null);
        assert result.winners() != 0 : "R20, R24: someone wins every finished game";
        assert Arrays.stream(result.cards()).sum() + Long.bitCount(state.table()) == Layout.POSITIONS
                : "every card is in a hand or (R17 three-row) still on the table";
        GameResult told = result;
        for (int p = 0; p < players; p++) {
            try {
                bots[p].gameEnded(told);
            } catch (RuntimeException e) {
                // The game is complete; a bot failing to take note of the result changes nothing.
                result = result.withFailure(bots[p].name() + " failed in gameEnded: " + e);
            }
        }
        return result;
    }

    /** Logs the action and tells the listening bots; returns the forfeit of a bot that failed, or null. */
    private GameResult logAndTell(int action, int seat, Strategy[] bots, boolean[] listens, boolean anyListens,
                                  GameState state) {
        if (logSize == log.length) {
            log = Arrays.copyOf(log, logSize * 2);
        }
        log[logSize++] = action;
        if (anyListens && Action.isPublic(action)) {
            for (int p = 0; p < listens.length; p++) {
                if (listens[p]) {
                    try {
                        bots[p].actionPlayed(seat, action);
                    } catch (RuntimeException e) {
                        return forfeit(state, bots, p, e);
                    }
                }
            }
        }
        return null;
    }

    private GameResult forfeit(GameState state, Strategy[] bots, int seat, RuntimeException e) {
        BotFailure.Reason reason = e instanceof BotFailure f ? f.reason() : BotFailure.Reason.CRASH;
        String failure = "seat " + seat + " (" + bots[seat].name() + ") forfeits, " + reason.jsonName() + ": "
                + (e instanceof BotFailure ? e.getMessage() : e.toString());
        int players = state.players();
        int[] scores = new int[players];
        state.scores(scores);
        int winners = ((1 << players) - 1) & ~(1 << seat);
        GameResult result = new GameResult(scores, cards(state), winners, state.turn(), seat, reason, failure);
        for (int p = 0; p < players; p++) {
            if (p != seat) {
                try {
                    bots[p].gameEnded(result);
                } catch (RuntimeException ignored) {
                    // already forfeited by another seat; nothing more to record
                }
            }
        }
        return result;
    }

    private static int[] cards(GameState s) {
        int[] c = new int[s.players()];
        for (int p = 0; p < c.length; p++) {
            c[p] = s.cardCount(p);
        }
        return c;
    }

    /** Every action of the last game, in order (END_RETURNS included). */
    public int[] lastActions() {
        return Arrays.copyOf(log, logSize);
    }

    /** The final state of the last game (owned by this object; copy it to keep it). */
    public GameState lastState() {
        return last;
    }
}

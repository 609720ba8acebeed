package richelieu.engine;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The game driver: plays one game between bots and agents, asking each seat at its decision
 * points, telling the bots the public actions, and turning a bot failure into a forfeit instead
 * of an exception. Every game of the lab is played here: the runner's matches, the
 * {@code play} command, the Python environments.
 *
 * <p>A seat is played by a <em>bot</em> (a {@link Strategy}, asked through
 * {@link Strategy#chooseAction}) or, when its entry in {@code bots} is null, by an <em>agent</em>
 * whose actions come from outside, one call at a time. {@link #start} deals and plays until an
 * agent has a decision (or the game is over) and returns that agent's seat (or -1);
 * {@link #act} plays the agent's action and everything up to the next agent decision. Between
 * the calls {@link #legal()} holds the agent's legal set and {@link #observe} what a seat may
 * know. {@link #play} is the whole game with a bot in every seat: {@link #start} with no agent.
 *
 * <p>Fast paths, each playing the very same games with less work: a decision point with a single
 * legal action is played without asking (agents too, unless made with {@code askForced}); a
 * uniform random bot ({@link Strategy#isUniformRandom}) draws inside the engine
 * ({@link GameState#playUniform}) without a legal set; when every seat is such a bot and none
 * listens to actions, the fused loop plays the whole game ({@link GameState#playUniformToEnd});
 * observations are refreshed only for bots that read them.
 *
 * <p>Reusable: one instance plays any number of games (it keeps its buffers; starting a game
 * abandons one still going, without telling its bots). Not thread-safe.
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
    private static final int MAX_SEATS = 4;

    private final boolean askForced;
    private final LegalActions legal = new LegalActions();
    private Observation[] observations;
    private Rules observationRules;
    /**
     * Every action of the game: about 150 in a typical game, at most about 2,200 (at most 48
     * turns that take cards, at most players − 1 passes between two takes, at most 11 actions
     * per turn). It starts small, as many drivers live side by side in a vector environment and
     * a small footprint keeps them in cache; the fused path, which writes into it directly, first
     * makes room for the longest game.
     */
    private int[] log = new int[256];
    private static final int LONGEST_GAME = 4096;
    private int logSize;
    private GameState state;

    // the game being played: its seats (null bot: an agent), and what the driver knows of each bot
    private final Strategy[] bots = new Strategy[MAX_SEATS];
    private final SplittableRandom[] rngs = new SplittableRandom[MAX_SEATS];
    private final boolean[] listens = new boolean[MAX_SEATS];
    private final boolean[] reads = new boolean[MAX_SEATS];
    private final boolean[] uniform = new boolean[MAX_SEATS];
    private boolean anyListens;
    /** The agent whose decision the game waits for, or -1. */
    private int agentToMove = -1;
    private GameResult result;

    /** A driver that plays forced decisions (a single legal action) of agents without asking them. */
    public Game() {
        this(false);
    }

    /**
     * @param askForced true to stop at an agent's decision points with a single legal action too
     *                  (bots are never asked about those)
     */
    public Game(boolean askForced) {
        this.askForced = askForced;
    }

    /**
     * Plays a game to the end.
     *
     * @param bots one strategy per seat
     * @param rngs one random stream per seat, handed to the bots
     */
    public GameResult play(Rules rules, Deal deal, Strategy[] bots, SplittableRandom[] rngs) {
        for (Strategy b : bots) {
            if (b == null) {
                throw new IllegalArgumentException("play needs a bot in every seat (start takes agents)");
            }
        }
        start(rules, deal, bots, rngs);
        return result;
    }

    /**
     * Starts a game and plays it until an agent has a decision.
     *
     * @param bots one strategy per seat, or null for an agent's seat
     * @param rngs one random stream per seat, handed to the bots (an agent's entry is unused)
     * @return the seat of the agent to move, or -1 if the game ended first
     */
    public int start(Rules rules, Deal deal, Strategy[] bots, SplittableRandom[] rngs) {
        return start(rules, deal, bots, rngs, NO_ACTIONS);
    }

    private static final int[] NO_ACTIONS = new int[0];

    /**
     * Starts a game at a given position: {@link #start}, where the game's first actions are
     * {@code prefix} as given (the bots are told the public ones, as in any game, but not asked),
     * then plays until an agent has a decision. A search or a learner starts from a recorded
     * position this way; the bots meet the position as if they had played it.
     *
     * @param prefix engine actions from the deal, each legal where it is played, the game not over
     *               before the last one (check them first: a bad prefix fails half-way)
     * @throws IllegalArgumentException for an action that is not legal where it comes
     */
    public int start(Rules rules, Deal deal, Strategy[] bots, SplittableRandom[] rngs, int[] prefix) {
        int players = rules.players();
        if (bots.length != players || rngs.length != players) {
            throw new IllegalArgumentException(players + " players need " + players + " bots and random streams");
        }
        GameState state = new GameState(rules, deal);
        this.state = state;
        logSize = 0;
        result = null;
        agentToMove = -1;
        if (observationRules != rules) {
            observations = new Observation[players];
            for (int p = 0; p < players; p++) {
                observations[p] = new Observation(rules, deal.layout(), p);
            }
            observationRules = rules;
        }
        boolean agents = false;
        boolean allUniform = true;
        anyListens = false;
        for (int p = 0; p < players; p++) {
            observations[p].rebind(deal.layout());
            Strategy b = bots[p];
            this.bots[p] = b;
            this.rngs[p] = rngs[p];
            listens[p] = b != null && LISTENS.get(b.getClass());
            reads[p] = b != null && b.readsObservation();
            uniform[p] = b != null && b.isUniformRandom();
            anyListens |= listens[p];
            agents |= b == null;
            allUniform &= uniform[p];
        }
        for (int p = 0; p < players; p++) {
            if (bots[p] == null) {
                continue;
            }
            try {
                bots[p].gameStarted(new Strategy.GameStart(p, rules, deal.layout(), rngs[p]));
            } catch (RuntimeException e) {
                forfeit(p, e);
                return -1;
            }
        }
        for (int i = 0; i < prefix.length; i++) {
            int action = prefix[i];
            if (state.isOver()) {
                throw new IllegalArgumentException("action " + i + " comes after the end of the game");
            }
            String why = state.whyIllegal(action);
            if (why != null) {
                throw new IllegalArgumentException("action " + i + " (" + Action.toString(action) + ") is not legal: " + why);
            }
            int seat = state.toMove();
            state.play(action);
            if (!logAndTell(action, seat)) {
                return -1;
            }
        }
        if (prefix.length == 0 && allUniform && !anyListens) {
            // Every seat is a uniform random bot: the engine's fused loop plays the same games.
            if (log.length < LONGEST_GAME) {
                log = new int[LONGEST_GAME];
            }
            logSize = state.playUniformToEnd(rngs, log);
            assert state.isOver() : "the fused loop plays to the end of the game";
        }
        return advance();
    }

    /**
     * The agent to move plays {@code action}; then everything up to the next agent decision is
     * played (forced actions, the bots' moves).
     *
     * @return the seat of the agent to move next, or -1 once the game is over
     * @throws IllegalActionException when the action is not legal here (its message names the
     *                                rule); the game is unchanged
     * @throws IllegalStateException  when no agent is to move (the game is over or not started)
     */
    public int act(int action) {
        int seat = agentToMove;
        if (seat < 0) {
            throw new IllegalStateException(state == null ? "no game: call start first" : "the game is over");
        }
        if (!legal.contains(action)) {
            String why = state.whyIllegal(action);
            throw new IllegalActionException(action, why != null ? why : "not in the legal set");
        }
        agentToMove = -1;
        state.play(action);
        if (!logAndTell(action, seat)) {
            return -1;
        }
        return advance();
    }

    /**
     * The agent to move gives up the game (as the runner treats a bot's illegal answer): it loses,
     * every other seat shares the win.
     *
     * @param reason why, in one line (the result's failure says "seat S (agent) forfeits, …: reason")
     * @return -1: the game is over
     * @throws IllegalStateException when no agent is to move
     */
    public int forfeitAgent(BotFailure.Reason reason, String why) {
        int seat = agentToMove;
        if (seat < 0) {
            throw new IllegalStateException(state == null ? "no game: call start first" : "the game is over");
        }
        agentToMove = -1;
        forfeit(seat, new BotFailure(reason, why));
        return -1;
    }

    /** Plays forced actions and bots' moves until an agent has a decision or the game ends; returns that agent or -1. */
    private int advance() {
        GameState state = this.state;
        LegalActions legal = this.legal;
        while (!state.isOver()) {
            int seat = state.toMove();
            Strategy bot = bots[seat];
            int action;
            if (uniform[seat]) {
                // The bot's own policy on its own stream, drawn in the engine (same games).
                action = state.playUniform(rngs[seat]);
                if (!logAndTell(action, seat)) {
                    return -1;
                }
                continue;
            }
            legal.fill(state);
            assert legal.size() > 0 : "R17: every decision point before the end has a legal action";
            if (legal.size() == 1 && (bot != null || !askForced)) {
                action = legal.get(0);
            } else if (bot == null) {
                agentToMove = seat;
                return seat;
            } else {
                if (reads[seat]) {
                    state.observe(seat, observations[seat]);
                }
                try {
                    action = bot.chooseAction(observations[seat], legal);
                } catch (RuntimeException e) {
                    forfeit(seat, e);
                    return -1;
                }
                if (!legal.contains(action)) {
                    String why = state.whyIllegal(action);
                    forfeit(seat, new BotFailure(BotFailure.Reason.ILLEGAL, bot.name() + " chose "
                            + Action.toString(action) + ": " + (why != null ? why : "not in the legal set")));
                    return -1;
                }
            }
            state.play(action);
            if (!logAndTell(action, seat)) {
                return -1;
            }
        }
        finish();
        return -1;
    }

    private void finish() {
        GameState state = this.state;
        int players = state.players();
        int[] scores = new int[players];
        state.scores(scores);
        GameResult r = new GameResult(scores, cards(state), state.winners(scores), state.turn(), -1, null);
        assert r.winners() != 0 : "R20, R24: someone wins every finished game";
        assert Arrays.stream(r.cards()).sum() + Long.bitCount(state.table()) == Layout.POSITIONS
                : "every card is in a hand or (R17 three-row) still on the table";
        GameResult told = r;
        for (int p = 0; p < players; p++) {
            if (bots[p] == null) {
                continue;
            }
            try {
                bots[p].gameEnded(told);
            } catch (RuntimeException e) {
                // The game is complete; a bot failing to take note of the result changes nothing.
                r = r.withFailure(bots[p].name() + " failed in gameEnded: " + e);
            }
        }
        result = r;
    }

    /** Logs the action and tells the listening bots; false if one failed (the game is then forfeited). */
    private boolean logAndTell(int action, int seat) {
        if (logSize == log.length) {
            log = Arrays.copyOf(log, logSize * 2);
        }
        log[logSize++] = action;
        if (anyListens && Action.isPublic(action)) {
            for (int p = 0; p < state.players(); p++) {
                if (listens[p]) {
                    try {
                        bots[p].actionPlayed(seat, action);
                    } catch (RuntimeException e) {
                        forfeit(p, e);
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The failing seat loses, every other seat shares the win; the bots still in the game are told. */
    private void forfeit(int seat, RuntimeException e) {
        GameState state = this.state;
        BotFailure.Reason reason = e instanceof BotFailure f ? f.reason() : BotFailure.Reason.CRASH;
        String who = bots[seat] != null ? bots[seat].name() : "agent";
        String failure = "seat " + seat + " (" + who + ") forfeits, " + reason.jsonName() + ": "
                + (e instanceof BotFailure ? e.getMessage() : e.toString());
        int players = state.players();
        int[] scores = new int[players];
        state.scores(scores);
        int winners = ((1 << players) - 1) & ~(1 << seat);
        GameResult r = new GameResult(scores, cards(state), winners, state.turn(), seat, reason, failure);
        result = r;
        for (int p = 0; p < players; p++) {
            if (p != seat && bots[p] != null) {
                try {
                    bots[p].gameEnded(r);
                } catch (RuntimeException ignored) {
                    // already forfeited by another seat; nothing more to record
                }
            }
        }
    }

    private static int[] cards(GameState s) {
        int[] c = new int[s.players()];
        for (int p = 0; p < c.length; p++) {
            c[p] = s.cardCount(p);
        }
        return c;
    }

    /**
     * Makes this driver an exact copy of {@code o}'s game (its state, actions, result and the
     * agent to move), allocating nothing once its log is large enough. Only between drivers
     * whose every seat is an agent: a bot's own memory cannot be copied.
     *
     * @throws IllegalStateException when either driver has a bot seat, or {@code o} has no game
     */
    public void copyFrom(Game o) {
        if (o.state == null) {
            throw new IllegalStateException("no game to copy: call start first");
        }
        for (int p = 0; p < MAX_SEATS; p++) {
            if (bots[p] != null || o.bots[p] != null) {
                throw new IllegalStateException("only games whose every seat is an agent are copied (a bot's memory is its own)");
            }
        }
        if (state == null || state.rules() != o.state.rules() || state.layout() != o.state.layout()) {
            state = o.state.copy();
        } else {
            state.copyFrom(o.state);
        }
        if (log.length < o.logSize) {
            log = new int[Math.max(o.logSize, o.log.length)];
        }
        System.arraycopy(o.log, 0, log, 0, o.logSize);
        logSize = o.logSize;
        result = o.result;
        agentToMove = o.agentToMove;
        anyListens = false;
        if (observationRules != o.observationRules) {
            Rules rules = o.state.rules();
            observations = new Observation[rules.players()];
            for (int p = 0; p < observations.length; p++) {
                observations[p] = new Observation(rules, o.state.layout(), p);
            }
            observationRules = rules;
        } else {
            for (Observation ob : observations) {
                ob.rebind(o.state.layout());
            }
        }
        for (int p = 0; p < MAX_SEATS; p++) {
            rngs[p] = o.rngs[p];
            listens[p] = false;
            reads[p] = false;
            uniform[p] = false;
        }
        if (agentToMove >= 0) {
            legal.copyFrom(o.legal);
        }
    }

    /**
     * Replaces the state of the game going on by {@code s} (the same game: rules, layout and
     * actions so far; other hidden tokens, e.g. a determinization of a seat's observation), then
     * plays until an agent has a decision.
     *
     * @return the seat of the agent to move, or -1 if the game ended first
     */
    public int replaceState(GameState s) {
        if (state == null) {
            throw new IllegalStateException("no game: call start first");
        }
        state.copyFrom(s);
        agentToMove = -1;
        result = null;
        return advance();
    }

    // =================================================================== between the calls

    /** True if this driver stops at an agent's decision points with a single legal action too. */
    public boolean asksForced() {
        return askForced;
    }

    /** The seat of the agent whose decision the game waits for, or -1 (over, or not started). */
    public int agentToMove() {
        return agentToMove;
    }

    /**
     * The legal set of the agent to move (owned by this driver, refilled as the game goes on;
     * meaningful only while {@link #agentToMove} is a seat).
     */
    public LegalActions legal() {
        return legal;
    }

    /**
     * What {@code seat} may know now (R25, R26): this driver's observation object of that seat,
     * refreshed (the one its bot is handed; overwritten as the game goes on).
     */
    public Observation observe(int seat) {
        if (state == null) {
            throw new IllegalStateException("no game: call start first");
        }
        if (seat < 0 || seat >= state.players()) {
            throw new IllegalArgumentException("no seat " + seat + " with " + state.players() + " players");
        }
        Observation o = observations[seat];
        state.observe(seat, o);
        return o;
    }

    /** The result of the game, or null while it goes on. */
    public GameResult result() {
        return result;
    }

    /** How many actions the game has had so far (END_RETURNS included). */
    public int actionCount() {
        return logSize;
    }

    /** The {@code i}-th action of the game, {@code 0 <= i <} {@link #actionCount()}. */
    public int action(int i) {
        if (i < 0 || i >= logSize) {
            throw new IndexOutOfBoundsException(i + " is not below " + logSize);
        }
        return log[i];
    }

    /** Every action of the game (the last one, or the one going on), in order (END_RETURNS included). */
    public int[] lastActions() {
        return Arrays.copyOf(log, logSize);
    }

    /**
     * The state of the game going on, or of the last one at its end: owned by this driver
     * (hidden tokens included: never hand it to a bot); copy it to keep it.
     */
    public GameState lastState() {
        return state;
    }
}

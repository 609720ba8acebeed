package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Observation;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * One game of the engine, stepped from outside: the Java half of the single Python environments
 * ({@code python/}, through JPype). Each seat is either an <em>agent</em> (the caller chooses
 * its actions by {@link ActionIndex}) or a bot of any spec the runner accepts; the engine's game
 * driver plays the game, asking the bots as in every match ({@link EnvGame}).
 *
 * <h2>One crossing per step</h2>
 * A call from Python into the JVM costs microseconds, so {@link #step} does a whole step in one
 * call: it plays the agent's action, then every decision that needs no agent (single legal
 * actions, which the driver never asks about either, and the bots' moves), and writes the
 * result into one direct buffer that Python reads through numpy views without copying. The
 * buffer's fields ({@link #fields}: their names, dtypes, offsets) are these, the common ones laid
 * out and written by {@link EnvRows} for the batched environment too:
 * <pre>
 * mover        the seat whose decision it is, or -1 once the game is over
 * seat         the seat whose observation is in the buffer
 * legal_count  how many legal actions the mover has (0 once the game is over)
 * played       engine actions played by the last call (the agent's, forced ones, the bots')
 * winners      the seats sharing the win, as a bit mask (0 while the game goes on)
 * forfeit      the seat that forfeited the game, or -1
 * turn         completed turns
 * scores       per seat (final once the game is over)
 * seat_rewards per seat, once the game is over ({@link Reward})
 * legal        the mover's legal actions as indices, in ascending packed order: a random agent
 *              need not scan the mask
 * observation  float32: the vector of seat {@code seat} ({@link ObservationVector})
 * action_mask  int8 over {@link ActionIndex}: 1 = legal; all 0 for a seat not to move
 * </pre>
 * Nothing is allocated per step.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class EnvCore implements AutoCloseable {
    private final int players;
    private final EnvGame env;
    private final ObservationVector vector;
    private final Fields fields;
    private final EnvRows rows;
    private final int moverAt;
    private final int playedAt;
    private final int turnAt;

    private final int[] legal = new int[Action.MAX_LEGAL];
    private final float[] seatRewards = new float[4];
    private ByteBuffer buffer;
    private int played;

    /**
     * @param players   2, 3 or 4
     * @param variant   "base" or "three-row" (R17)
     * @param deckFile  a deck file, or null for the standard deck
     * @param seatBots  per seat, a bot spec (e.g. "ismcts2:mast=0.5", "exec:python3 bot.py") or
     *                  null for an agent's seat
     * @param plugins   plug-in jars or folders the bot specs may name (only these are loaded)
     * @param askForced true to ask the agents at decision points with one legal action too
     * @param reward    "win" or "margin" ({@link Reward})
     * @throws IllegalArgumentException with a one-line message for any bad argument
     */
    public EnvCore(int players, String variant, String deckFile, String[] seatBots, String[] plugins,
                   boolean askForced, String reward) {
        EnvSetup setup = new EnvSetup(players, variant, deckFile, plugins);
        Reward rewardKind = Reward.parse(reward);
        this.players = players;
        this.env = new EnvGame(setup, setup.seating(seatBots), askForced);
        this.vector = new ObservationVector(players, ObservationVector.Dtype.FLOAT32);
        Fields f = new Fields(1);
        moverAt = f.add("mover", "int32", 4, 1);
        playedAt = f.add("played", "int32", 4, 1);
        turnAt = f.add("turn", "int32", 4, 1);
        EnvRows.addCommon(f, players, vector);
        this.rows = new EnvRows(f, players, vector, rewardKind);
        this.fields = f;
    }

    /** The layout of the buffer {@link #attach} takes. */
    public Fields fields() {
        return fields;
    }

    /** The buffer to write into: direct, of {@link Fields#bytes} bytes, zeroed (Python's numpy memory). */
    public void attach(ByteBuffer buffer) {
        this.buffer = fields.check(buffer);
        rows.forget();
    }

    public int players() {
        return players;
    }

    /** The label of each seat's player: "agent", or the bot's spec ({@code NAME=SPEC} when labelled). */
    public String[] labels() {
        return env.seating().labels();
    }

    // =================================================================== the game

    /**
     * Starts game {@code game} of master seed {@code master} ({@link EnvGame}) and plays until an
     * agent has a decision; returns that agent's seat, or -1 if the game ended first.
     */
    public int reset(long master, long game) {
        requireAttached();
        env.start(master, game);
        return started();
    }

    /** Starts the next game of the same master seed (game 0 of the default master seed at first). */
    public int resetNext() {
        requireAttached();
        env.startNext();
        return started();
    }

    /** Starts a game on a given deal; the bots get the given random streams (one per seat). */
    public int reset(Deal d, SplittableRandom[] rngs) {
        requireAttached();
        env.start(d, rngs);
        return started();
    }

    private int started() {
        rows.showLayout(buffer, 0, env.deal().layout());
        played = env.game().actionCount();
        return publish();
    }

    // =================================================================== states you can hold

    /** The game's state as bytes ({@link EnvState}): restored exactly by {@link #restoreState}. */
    public byte[] saveState() {
        requireStarted();
        return env.save();
    }

    /**
     * Restores a state {@link #saveState} made (here or in an environment made alike); returns
     * the agent to move or -1.
     *
     * @throws IllegalArgumentException one line naming the blob; the game is then unchanged
     */
    public int restoreState(byte[] blob) {
        requireAttached();
        env.restore(blob);
        return started();
    }

    /** Starts step {@code step} of a {@code richelieu-record/1} line (see {@link EnvGame#startRecord}). */
    public int resetRecord(String line, int step) {
        requireAttached();
        env.startRecord(line, step);
        return started();
    }

    /** Starts game 0 of master seed {@code master} and plays the agents' action indices given. */
    public int resetActions(long master, int[] indices) {
        requireAttached();
        env.startActions(master, indices);
        return started();
    }

    /** Draws the hidden tokens anew, consistently with what {@code seat} knows, seeded (see {@link EnvGame#determinize}). */
    public int determinize(int seat, long seed) {
        requireStarted();
        env.determinize(seat, seed);
        played = 0;
        return publish();
    }

    /** The master seed of the game being played. */
    public long master() {
        return env.master();
    }

    /** The number of the game being played within its master seed, or -1 for a deal given by hand. */
    public long gameNumber() {
        return env.number();
    }

    /**
     * Plays the action {@code index} ({@link ActionIndex}) for the agent to move, then everything
     * up to the next agent decision; returns that agent's seat, or -1 once the game is over.
     *
     * @throws IllegalArgumentException (one line, naming the rule) when the action is not legal
     *                                  here; the game is unchanged
     * @throws IllegalStateException    when the game is over or not started
     */
    public int step(int index) {
        requireAgentToMove();
        if (!env.isLegal(index)) {
            throw new IllegalArgumentException(env.whyIllegal(index));
        }
        int before = env.game().actionCount();
        EnvRows.step(env, index, null);
        played = env.game().actionCount() - before;
        return publish();
    }

    /**
     * The agent to move gives up the game (e.g. after an illegal action, as the runner treats a
     * bot's illegal answer): every other seat shares the win. Returns -1.
     */
    public int forfeitAgent(String why) {
        requireAgentToMove();
        played = 0;
        env.forfeit(why);
        return publish();
    }

    /** Writes what {@code seat} may know into the buffer's observation, and its mask (all 0 unless it is to move). */
    public void observe(int seat) {
        if (seat < 0 || seat >= players) {
            throw new IllegalArgumentException("no seat " + seat + " with " + players + " players");
        }
        requireStarted();
        writeObservation(seat);
    }

    /** Writes every field for the position now, with the observation of the seat to move (or seat 0 at the end). */
    private int publish() {
        ByteBuffer b = buffer;
        int mover = env.agentToMove();
        b.putInt(moverAt, mover);
        b.putInt(playedAt, played);
        b.putInt(turnAt, env.game().lastState().turn());
        rows.writeOutcome(b, 0, env.game().result(), seatRewards);
        writeObservation(mover < 0 ? 0 : mover);
        return mover;
    }

    private void writeObservation(int seat) {
        rows.showSeat(buffer, 0, env, seat);
    }

    private void requireAttached() {
        if (buffer == null) {
            throw new IllegalStateException("no buffer: call attach first");
        }
    }

    private void requireStarted() {
        requireAttached();
        if (!env.started()) {
            throw new IllegalStateException("no game: call reset first");
        }
    }

    private void requireAgentToMove() {
        requireStarted();
        if (env.agentToMove() < 0) {
            throw new IllegalStateException("the game is over: call reset for a new one");
        }
    }

    // =================================================================== for people and tests

    /** The legal actions of the seat to move, as indices in ascending packed order (empty once over). */
    public int[] legalIndices() {
        requireStarted();
        return java.util.Arrays.copyOf(legal, env.legalIndices(legal));
    }

    /** Every engine action of the game so far (packed, forced and private ones included). */
    public int[] actions() {
        return env.game().lastActions();
    }

    /** The result of the finished game, or null while it goes on. */
    public GameResult result() {
        return env.game().result();
    }

    /** The deal being played. */
    public Deal deal() {
        requireStarted();
        return env.deal();
    }

    /** A copy of the full state (hidden tokens included): for tests and tools, never for agents. */
    public GameState fullState() {
        requireStarted();
        return env.game().lastState().copy();
    }

    /**
     * The board as {@code ./richelieu play} draws it ({@link richelieu.engine.text.BoardText}):
     * the rows and every seat as {@code viewer} may know them (-1: everything), the seat to move
     * and its phase; at the end, the whole board and the score by category.
     */
    public String render(int viewer, boolean colour) {
        requireStarted();
        return env.render(viewer, colour);
    }

    /** The board as {@code viewer} may know it (-1: everything), as numbers for pictures ({@link EnvGame#board}). */
    public int[] board(int viewer) {
        requireStarted();
        return env.board(viewer);
    }

    /** The token on each of the eight token places, -1 for a place whose card is taken (hidden: never for agents). */
    public int[] placeTokens() {
        requireStarted();
        GameState s = env.game().lastState();
        int[] out = new int[richelieu.engine.Layout.TOKEN_PLACES];
        for (int i = 0; i < out.length; i++) {
            out[i] = (s.tokenPlaces() >>> richelieu.engine.Layout.placePosition(i) & 1) != 0 ? s.placeToken(i) : -1;
        }
        return out;
    }

    /**
     * The finished game as a {@code richelieu-record/1} line (for {@code ./richelieu replay} and
     * {@code view}); agents' seats are labelled {@code agentLabel}.
     */
    public String recordJson(String agentLabel) {
        requireStarted();
        return env.recordJson(agentLabel);
    }

    /** Releases the bots (an exec bot's process ends). */
    @Override
    public void close() {
        env.close();
    }
}

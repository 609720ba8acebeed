package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.BotFailure;
import richelieu.engine.Deal;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.engine.record.GameRecord;
import richelieu.engine.text.BoardText;
import richelieu.engine.text.ScoreBreakdown;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One game of the engine, stepped from outside: the Java half of the Python environments
 * ({@code python/}, through JPype). Each seat is either an <em>agent</em> (the caller chooses
 * its actions by {@link ActionIndex}) or a bot of any spec the runner accepts; the engine's game
 * driver ({@link Game}) plays the game, asking the bots as in every match.
 *
 * <h2>One crossing per step</h2>
 * A call from Python into the JVM costs about 2 µs, so {@link #step} does a whole step in one
 * call: it plays the agent's action, then every decision that needs no agent (single legal
 * actions, which the driver never asks about either, and the bots' moves), and writes the
 * result into one direct buffer that Python reads as numpy arrays without copying:
 * <pre>
 * bytes 0–31    int32[8]  header: H_MOVER … H_TURN (see the constants)
 * bytes 32–47   int32[4]  scores per seat (final once the game is over)
 * bytes 48–687  int32[160] the mover's legal actions as indices, in ascending packed order
 *                          (header[H_LEGAL] of them): a random agent need not scan the mask
 * bytes 688–     float32[] the observation vector of seat header[H_OBSERVED] ({@link ObservationVector})
 * then          int8[]    the action mask over {@link ActionIndex} (1 = legal; all 0 for a seat not to move)
 * </pre>
 * Nothing is allocated per step.
 *
 * <h2>Seeds</h2>
 * {@link #reset(long, long) reset(master, k)} deals deal k of the master seed and gives seat s's
 * bot the stream of the first game of unit k: the deal and the bots' moves of game k of
 * {@code ./richelieu first-player BOT --seed master} (and, for k = 0, of {@code ./richelieu play
 * BOT --seed master}), whatever the agents play instead of BOT.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class EnvCore implements AutoCloseable {
    /** Header: the seat whose decision it is, or -1 once the game is over. */
    public static final int H_MOVER = 0;
    /** Header: the seat whose observation is in the buffer. */
    public static final int H_OBSERVED = 1;
    /** Header: how many legal actions the mover has (0 once the game is over). */
    public static final int H_LEGAL = 2;
    /** Header: engine actions played by the last call (the agent's, forced ones, the bots'). */
    public static final int H_PLAYED = 3;
    /** Header: the seats sharing the win, as a bit mask (0 while the game goes on). */
    public static final int H_WINNERS = 4;
    /** Header: the seat that forfeited the game, or -1. */
    public static final int H_FORFEIT = 5;
    /** Header: completed turns. */
    public static final int H_TURN = 6;
    public static final int HEADER_INTS = 8;
    public static final int SCORES_AT = HEADER_INTS * 4;
    public static final int LEGAL_AT = SCORES_AT + 4 * 4;
    public static final int OBSERVATION_AT = LEGAL_AT + 4 * Action.MAX_LEGAL;

    private final EnvSetup setup;
    private final int players;
    private final Game game;
    private final Strategy[] bots;

    private final IntBuffer header;
    private final IntBuffer legalIndices;
    private final FloatBuffer observation;
    private final ByteBuffer mask;
    private final ObservationVector vector;
    private final byte[] maskBytes = new byte[ActionIndex.COUNT];

    private Deal deal;
    private int played;

    /**
     * @param players   2, 3 or 4
     * @param variant   "base" or "three-row" (R17)
     * @param deckFile  a deck file, or null for the standard deck
     * @param seatBots  per seat, a bot spec (e.g. "ismcts2:mast=0.5", "exec:python3 bot.py") or
     *                  null for an agent's seat
     * @param plugins   plug-in jars or folders the bot specs may name (only these are loaded)
     * @param askForced true to ask the agents at decision points with one legal action too
     * @param buffer    a direct buffer of at least {@link #bufferBytes(int)} bytes
     * @throws IllegalArgumentException with a one-line message for any bad argument
     */
    public EnvCore(int players, String variant, String deckFile, String[] seatBots, String[] plugins,
                   boolean askForced, ByteBuffer buffer) {
        this.setup = new EnvSetup(players, variant, deckFile, seatBots, plugins);
        this.players = players;
        this.game = new Game(askForced);
        this.vector = new ObservationVector(players);
        if (!buffer.isDirect() || buffer.capacity() < bufferBytes(players)) {
            throw new IllegalArgumentException("the buffer must be direct, of at least " + bufferBytes(players) + " bytes");
        }
        ByteBuffer b = buffer.order(ByteOrder.nativeOrder());
        this.header = b.duplicate().order(ByteOrder.nativeOrder()).position(0).limit(SCORES_AT + 16)
                .slice().order(ByteOrder.nativeOrder()).asIntBuffer();
        this.legalIndices = b.duplicate().position(LEGAL_AT).limit(OBSERVATION_AT)
                .slice().order(ByteOrder.nativeOrder()).asIntBuffer();
        int obsBytes = 4 * vector.size();
        this.observation = b.duplicate().position(OBSERVATION_AT).limit(OBSERVATION_AT + obsBytes)
                .slice().order(ByteOrder.nativeOrder()).asFloatBuffer();
        this.mask = b.duplicate().position(OBSERVATION_AT + obsBytes)
                .limit(OBSERVATION_AT + obsBytes + ActionIndex.COUNT).slice();
        this.bots = setup.newBots();
    }

    /** Bytes of the shared buffer for P players. */
    public static int bufferBytes(int players) {
        return OBSERVATION_AT + 4 * ObservationVector.size(players) + ActionIndex.COUNT;
    }

    public int players() {
        return players;
    }

    public int observationSize() {
        return vector.size();
    }

    public float[] observationHigh() {
        return vector.high();
    }

    /** The label of each seat's player: "agent", or the bot's spec ({@code NAME=SPEC} when labelled). */
    public String[] labels() {
        return setup.labels();
    }

    // =================================================================== the game

    /**
     * Starts game {@code game} of master seed {@code master} (see the class comment) and plays
     * until an agent has a decision; returns that agent's seat, or -1 if the game ended first.
     */
    public int reset(long master, long game) {
        if (game < 0) {
            throw new IllegalArgumentException("game must be at least 0, not " + game);
        }
        return reset(Seeds.deal(setup.deck(), master, game), Seeds.botStreams(master, game, 0, players));
    }

    /** Starts a game on a given deal; the bots get the given random streams (one per seat). */
    public int reset(Deal d, SplittableRandom[] rngs) {
        if (d.layout().deck() != setup.deck() && !d.layout().deck().cards().equals(setup.deck().cards())) {
            throw new IllegalArgumentException("the deal is of another deck");
        }
        // A game abandoned by this reset is not told to the bots: each starts afresh with
        // gameStarted (an exec bot whose game never ended restarts its process).
        deal = d;
        game.start(setup.rules(), d, bots, rngs);
        played = game.actionCount();
        return publish();
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
        int action = ActionIndex.action(index);
        if (action < 0) {
            throw new IllegalArgumentException("action " + index + " is not in the action space (0 to "
                    + (ActionIndex.COUNT - 1) + ", and no move of a marker onto its own card)");
        }
        if (!game.legal().contains(action)) {
            GameState state = game.lastState();
            String why = state.whyIllegal(action);
            throw new IllegalArgumentException("action " + index + " (" + Action.toString(action) + ") is not legal for seat "
                    + state.toMove() + " at " + phaseName() + ": " + (why != null ? why : "not in the legal set")
                    + "; legal: " + legalText());
        }
        int before = game.actionCount();
        game.act(action);
        played = game.actionCount() - before;
        return publish();
    }

    /**
     * The agent to move gives up the game (e.g. after an illegal action, as the runner treats a
     * bot's illegal answer): every other seat shares the win. Returns -1.
     */
    public int forfeitAgent(String why) {
        requireAgentToMove();
        played = 0;
        game.forfeitAgent(BotFailure.Reason.ILLEGAL, why);
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

    /** Writes the header, the scores and the observation of the seat to move (or seat 0 at the end). */
    private int publish() {
        GameResult result = game.result();
        int mover = game.agentToMove();
        LegalActions legal = game.legal();
        int legalCount = mover >= 0 ? legal.size() : 0;
        header.put(H_MOVER, mover);
        header.put(H_LEGAL, legalCount);
        header.put(H_PLAYED, played);
        header.put(H_WINNERS, result == null ? 0 : result.winners());
        header.put(H_FORFEIT, result == null ? -1 : result.forfeitSeat());
        header.put(H_TURN, game.lastState().turn());
        for (int i = 0; i < legalCount; i++) {
            legalIndices.put(i, ActionIndex.of(legal.get(i)));
        }
        if (result != null) {
            for (int p = 0; p < players; p++) {
                header.put(HEADER_INTS + p, result.scores()[p]);
            }
        }
        writeObservation(mover < 0 ? 0 : mover);
        return mover;
    }

    private void writeObservation(int seat) {
        Observation o = game.observe(seat);
        observation.put(0, vector.write(o));
        header.put(H_OBSERVED, seat);
        byte[] m = maskBytes;
        boolean moves = game.agentToMove() == seat;
        LegalActions legal = game.legal();
        int n = moves ? legal.size() : 0;
        for (int i = 0; i < n; i++) {
            m[ActionIndex.of(legal.get(i))] = 1;
        }
        mask.put(0, m);
        for (int i = 0; i < n; i++) {
            m[ActionIndex.of(legal.get(i))] = 0;
        }
    }

    private void requireStarted() {
        if (deal == null) {
            throw new IllegalStateException("no game: call reset first");
        }
    }

    private void requireAgentToMove() {
        requireStarted();
        if (game.agentToMove() < 0) {
            throw new IllegalStateException("the game is over: call reset for a new one");
        }
    }

    private String phaseName() {
        return game.lastState().phase().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private String legalText() {
        LegalActions legal = game.legal();
        int n = legal.size();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int a = legal.get(i);
            sb.append(i == 0 ? "" : ", ").append(ActionIndex.of(a)).append(' ').append(Action.toString(a));
            if (i == 11 && n > 13) {
                sb.append(", … (").append(n - 12).append(" more)");
                break;
            }
        }
        return sb.toString();
    }

    // =================================================================== for people and tests

    /** The legal actions of the seat to move, as indices in ascending packed order (empty once over). */
    public int[] legalIndices() {
        requireStarted();
        int n = game.agentToMove() >= 0 ? game.legal().size() : 0;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = ActionIndex.of(game.legal().get(i));
        }
        return out;
    }

    /** Every engine action of the game so far (packed, forced and private ones included). */
    public int[] actions() {
        return game.lastActions();
    }

    /** The result of the finished game, or null while it goes on. */
    public GameResult result() {
        return game.result();
    }

    /** The deal being played. */
    public Deal deal() {
        requireStarted();
        return deal;
    }

    /** A copy of the full state (hidden tokens included): for tests and tools, never for agents. */
    public GameState fullState() {
        requireStarted();
        return game.lastState().copy();
    }

    /**
     * The board as {@code ./richelieu play} draws it ({@link BoardText}): the rows and every
     * seat as {@code viewer} may know them (-1: everything), the seat to move and its phase; at
     * the end, the whole board and the score by category.
     */
    public String render(int viewer, boolean colour) {
        requireStarted();
        if (viewer < -1 || viewer >= players) {
            throw new IllegalArgumentException("no seat " + viewer + " with " + players + " players");
        }
        List<String> names = List.of(setup.labels());
        GameState state = game.lastState();
        GameResult result = game.result();
        StringBuilder sb = new StringBuilder();
        if (result != null) {
            sb.append("=== game over ===\n");
            sb.append(BoardText.rows(state, -1, colour));
            sb.append(BoardText.seats(state, -1, colour, names, true));
            if (result.isForfeit()) {
                sb.append('\n').append(result.failure()).append('\n');
            } else {
                sb.append("\nscore by category (every token revealed):\n");
                sb.append(BoardText.breakdown(ScoreBreakdown.of(state)));
            }
            return sb.toString();
        }
        GameState shown = state;
        Phase phase = state.phase();
        if (viewer >= 0) {
            Observation o = game.observe(viewer);
            shown = o.newState();
            o.toViewState(shown); // exactly what this seat may know (R25, R26)
            phase = o.phase();
        }
        sb.append(BoardText.rows(shown, viewer, colour));
        sb.append(BoardText.seats(shown, viewer, colour, names, false));
        sb.append("turn ").append(state.turn()).append(", seat ").append(state.toMove()).append(" to move (")
                .append(phase.name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(")\n");
        return sb.toString();
    }

    /**
     * The finished game as a {@code richelieu-record/1} line (for {@code ./richelieu replay} and
     * {@code view}); agents' seats are labelled {@code agentLabel}.
     */
    public String recordJson(String agentLabel) {
        GameResult result = game.result();
        if (result == null) {
            throw new IllegalStateException("the game is not over: a record is made of a finished game");
        }
        List<String> names = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            names.add(setup.recordLabel(p, agentLabel));
        }
        return GameRecord.fromActions(setup.rules(), deal, names, actions(), result).toJson();
    }

    /** Releases the bots (an exec bot's process ends). */
    @Override
    public void close() {
        EnvSetup.close(bots);
    }
}

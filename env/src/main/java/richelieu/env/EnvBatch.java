package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.GameResult;
import richelieu.engine.IllegalActionException;
import richelieu.engine.Layout;
import richelieu.engine.Seeds;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Many games stepped together: the Java half of the Python vector environment
 * ({@code richelieu.vector_env}, a Gymnasium {@code VectorEnv}). One call steps every game:
 * each plays its agent's action (read from the buffer) and everything up to its next agent
 * decision, and writes its observation, action mask, legal actions, reward and flags straight
 * into the numpy arrays Python reads, so a batch of N games costs one crossing into the JVM,
 * not N. The games may be spread over a few threads ({@link Crew}); each game is stepped by one
 * thread, so the results do not depend on their number.
 *
 * <p>Each game has its agents (seats whose actions come from the batch: one seat against bots,
 * or every seat in self-play) and bots in the other seats ({@link EnvSetup.Seating}). The
 * observation of game i is that of its agent to move ({@code seat[i]}); once the game is over,
 * that of the agent that acted last ({@code actor[i]}), which gets {@code reward[i]}; every
 * seat's reward is in {@code seat_rewards}.
 *
 * <h2>Autoreset (Gymnasium 1.x)</h2>
 * <ul>
 * <li>next-step: the step that ends a game returns its last observation with the reward and
 * {@code terminated}; the next step ignores that game's action, starts its next game and
 * returns the first observation with reward 0 and {@code terminated} false;</li>
 * <li>same-step: the step that ends a game starts the next at once: it returns the new game's
 * first observation with the ended game's reward and {@code terminated}, the last observation
 * of the ended game in {@code final_observation};</li>
 * <li>disabled: an ended game waits for {@link #reset} of its row.</li>
 * </ul>
 * A game's next game is the next deal of its master seed ({@link EnvGame}).
 *
 * <p>The buffer's fields (see {@link #fields}) are laid out by {@link BatchOptions#layout}; those
 * the single environment has too are written, as there, by {@link EnvRows}, with the same step.
 * Not thread-safe: one caller at a time.
 */
public final class EnvBatch implements AutoCloseable {
    /** Gymnasium's autoreset modes, by the names of {@code gymnasium.vector.AutoresetMode}. */
    public enum Autoreset {
        NEXT_STEP("NextStep"), SAME_STEP("SameStep"), DISABLED("Disabled");

        private final String gymName;

        Autoreset(String gymName) {
            this.gymName = gymName;
        }

        /** "NextStep", "SameStep" or "Disabled", or a one-line IllegalArgumentException naming {@code autoreset_mode}. */
        public static Autoreset parse(String name) {
            for (Autoreset a : values()) {
                if (a.gymName.equals(name)) {
                    return a;
                }
            }
            throw new IllegalArgumentException("autoreset_mode must be NextStep, SameStep or Disabled, not " + name);
        }
    }

    private final int n;
    private final int players;
    private final EnvGame[] games;
    private final Autoreset autoreset;
    private final boolean illegalRaises;
    private final int rowBytes;
    private final Crew crew;
    private final Crew.Work stepRange = this::stepRange;
    private final Fields fields;
    private final EnvRows rows;
    private final int actorAt;
    private final int rewardAt;
    private final int terminatedAt;
    private final int truncatedAt;
    private final int failureAt;
    private final int masterAt;
    private final int gameAt;
    private final int actionAt;
    private final int resetAt;
    private final int finalAt;

    /** Per game (next-step): the game ended at the last step, and this step starts the next. */
    private final boolean[] pending;
    /** Per game: the failure text of the game that ended at the last step (a forfeit, a bot failing at the end), or null. */
    private final String[] endedFailure;
    /** Per thread part ({@link Crew.Work}'s part): scratch for the seats' rewards. */
    private final float[][] rewards;
    private ByteBuffer buffer;
    /** During a step: per game, the action sent where it was outside the action space (see {@link #step(String[])}), or null. */
    private String[] sent;
    /** A game that could not be started (a bot failed before an agent's first move), reported after the batch. */
    private volatile String failedStart;

    /**
     * @param options  everything but who sits where ({@link BatchOptions})
     * @param seatBots row-major, numEnvs × players: per game and seat a bot spec, or null for an agent's seat
     * @throws IllegalArgumentException with a one-line message for any bad argument
     */
    public EnvBatch(BatchOptions options, String[] seatBots) {
        int numEnvs = options.numEnvs();
        int players = options.players();
        EnvSetup setup = new EnvSetup(players, options.variant(), options.deckFile(), options.plugins());
        if (seatBots.length != (long) numEnvs * players) {
            throw new IllegalArgumentException(numEnvs + " games of " + players + " players need " + (long) numEnvs * players
                    + " seats, not " + seatBots.length);
        }
        this.n = numEnvs;
        this.players = players;
        this.autoreset = options.autoreset();
        this.illegalRaises = options.illegalRaises();
        ObservationVector vector = options.vector();
        this.rowBytes = vector.bytes();
        Fields f = options.layout();
        options.checkAllocatable(f, BatchOptions.freeHeap());
        this.rows = new EnvRows(f, players, vector, options.reward());
        actorAt = f.offset("actor");
        rewardAt = f.offset("reward");
        terminatedAt = f.offset("terminated");
        truncatedAt = f.offset("truncated");
        failureAt = f.offset("failure");
        masterAt = f.offset("master");
        gameAt = f.offset("game");
        actionAt = f.offset("action");
        resetAt = f.offset("reset_mask");
        finalAt = f.offset("final_observation");
        this.fields = f;
        this.games = new EnvGame[numEnvs];
        Map<List<String>, EnvSetup.Seating> seatings = new HashMap<>();
        boolean anyAgent = true;
        for (int i = 0; i < numEnvs; i++) {
            List<String> row = Arrays.asList(Arrays.copyOfRange(seatBots, i * players, (i + 1) * players));
            EnvSetup.Seating seating = seatings.get(row);
            if (seating == null) {
                seating = setup.seating(row.toArray(new String[0]));
                seatings.put(row, seating);
                boolean agent = false;
                for (int p = 0; p < players; p++) {
                    agent |= seating.isAgent(p);
                }
                anyAgent &= agent;
            }
            games[i] = new EnvGame(setup, seating, options.askForced());
        }
        if (!anyAgent) {
            throw new IllegalArgumentException("every game needs an agent's seat (null among its bot specs)");
        }
        this.pending = new boolean[numEnvs];
        this.endedFailure = new String[numEnvs];
        this.rewards = new float[options.threads()][4];
        this.crew = new Crew(options.threads(), "richelieu-env");
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

    public int numEnvs() {
        return n;
    }

    public int players() {
        return players;
    }

    /** The label of each seat's player in game {@code i}: "agent", or the bot's spec. */
    public String[] labels(int i) {
        return games[check(i)].seating().labels();
    }

    /** The number of threads stepping the games. */
    public int threads() {
        return crew.threads();
    }

    // =================================================================== reset and step

    /**
     * Starts a game in every row whose {@code reset_mask} is set: game 0 of {@code masters[i]}
     * where {@code seeded[i]}, else the next game of the row's master seed. Writes every field
     * of those rows (reward 0, not terminated).
     */
    public void reset(long[] masters, boolean[] seeded) {
        requireAttached();
        if (masters.length != n || seeded.length != n) {
            throw new IllegalArgumentException("reset needs " + n + " seeds, not " + masters.length);
        }
        failedStart = null;
        crew.run(n, (part, from, to) -> {
            ByteBuffer b = buffer;
            for (int i = from; i < to; i++) {
                if (b.get(resetAt + i) != 0) {
                    pending[i] = false;
                    EnvGame g = games[i];
                    if (seeded[i]) {
                        g.start(masters[i], 0);
                    } else {
                        g.startNext();
                    }
                    started(i);
                }
            }
        });
        reportFailedStart();
    }

    /**
     * Steps every game with the action in its row of {@code action} (ignored in a row whose game
     * ended at the last step in next-step mode: that row starts its next game).
     *
     * @throws IllegalArgumentException when an action is illegal and illegal actions raise (no game moved)
     * @throws IllegalStateException    when a game waits for its reset (autoreset disabled; no game moved)
     */
    public void step() {
        step(null);
    }

    /**
     * {@link #step()}, with what was sent in rows whose action did not fit the action field: the
     * caller writes -1 there (outside the action space) and the value itself here, so the forfeit
     * or the error names it.
     *
     * @param sent per game, the action sent as text where it was outside the action space, else
     *             null; or null for none
     */
    public void step(String[] sent) {
        requireAttached();
        if (sent != null && sent.length != n) {
            throw new IllegalArgumentException("step needs " + n + " sent actions, not " + sent.length);
        }
        ByteBuffer b = buffer;
        for (int i = 0; i < n; i++) {
            if (pending[i]) {
                continue;
            }
            EnvGame g = games[i];
            if (g.agentToMove() < 0) {
                throw new IllegalStateException(g.started() ? "environment " + i + "'s game is over: reset it first"
                        + " (autoreset is disabled)" : "no game: call reset first");
            }
            int index = b.getInt(actionAt + 4 * i);
            if (illegalRaises && !g.isLegal(index)) {
                throw new IllegalArgumentException("environment " + i + ": " + g.whyIllegal(index, sentOf(sent, i)));
            }
        }
        failedStart = null;
        this.sent = sent; // published to the crew's threads by its run
        try {
            crew.run(n, stepRange);
        } finally {
            this.sent = null;
        }
        reportFailedStart();
    }

    private static String sentOf(String[] sent, int i) {
        return sent == null ? null : sent[i];
    }

    private void stepRange(int part, int from, int to) {
        ByteBuffer b = buffer;
        String[] sent = this.sent;
        float[] seatRewards = rewards[part];
        for (int i = from; i < to; i++) {
            EnvGame g = games[i];
            if (pending[i]) {
                pending[i] = false;
                g.startNext();
                started(i);
                continue;
            }
            if (b.get(terminatedAt + i) != 0) {
                clearEnd(i); // same-step: the game that ended at the last step was replaced at once
            }
            int actor = EnvRows.step(g, b.getInt(actionAt + 4 * i), sentOf(sent, i));
            GameResult result = g.game().result();
            b.putInt(actorAt + 4 * i, actor);
            if (result == null) {
                rows.showSeat(b, i, g, g.agentToMove());
                continue;
            }
            // the game is over: its reward, scores and last observation (the actor's)
            rows.writeOutcome(b, i, result, seatRewards);
            b.put(terminatedAt + i, (byte) 1);
            b.putFloat(rewardAt + 4 * i, seatRewards[actor]);
            endedFailure[i] = result.failure();
            b.put(failureAt + i, (byte) (result.failure() != null ? 1 : 0));
            rows.showSeat(b, i, g, actor);
            switch (autoreset) {
                case SAME_STEP -> {
                    b.put(finalAt + i * rowBytes, b, rows.observationAt(i), rowBytes);
                    g.startNext();
                    writeStart(i);
                }
                case NEXT_STEP -> pending[i] = true;
                default -> {
                }
            }
        }
    }

    /** Row i after its game started: every field, reward 0, not terminated. */
    private void started(int i) {
        clearEnd(i);
        buffer.putInt(actorAt + 4 * i, -1);
        writeStart(i);
    }

    /** Row i's fields of an ended game back to those of a game going on: scores, rewards, flags 0. */
    private void clearEnd(int i) {
        ByteBuffer b = buffer;
        b.put(terminatedAt + i, (byte) 0);
        b.putFloat(rewardAt + 4 * i, 0);
        rows.writeOutcome(b, i, null, null);
        b.put(failureAt + i, (byte) 0);
        endedFailure[i] = null;
    }

    /** The first observation of row i's new game (its deal's planes too), and its seeds. */
    private void writeStart(int i) {
        ByteBuffer b = buffer;
        EnvGame g = games[i];
        b.putLong(masterAt + 8 * i, g.master());
        b.putLong(gameAt + 8 * i, g.number());
        rows.showLayout(b, i, g.deal().layout());
        int mover = g.agentToMove();
        if (mover < 0 && failedStart == null) {
            GameResult r = g.game().result();
            failedStart = "environment " + i + ": its game " + g.number() + " of master seed " + g.master()
                    + " ended before an agent's first move" + (r != null && r.failure() != null ? ": " + r.failure() : "");
        }
        rows.showSeat(b, i, g, mover < 0 ? 0 : mover);
    }

    private void reportFailedStart() {
        String f = failedStart;
        if (f != null) {
            failedStart = null;
            throw new IllegalStateException(f);
        }
    }

    private void requireAttached() {
        if (buffer == null) {
            throw new IllegalStateException("no buffer: call attach first");
        }
    }

    private int check(int i) {
        if (i < 0 || i >= n) {
            throw new IllegalArgumentException("no environment " + i + " of " + n);
        }
        return i;
    }

    // =================================================================== states you can hold

    /** Game i's state as bytes ({@link EnvState}). */
    public byte[] saveState(int i) {
        return games[check(i)].save();
    }

    /** Restores game i from bytes {@link #saveState} made; on a bad blob (one line naming it) the game is unchanged. */
    public void restoreState(int i, byte[] blob) {
        requireAttached();
        games[check(i)].restore(blob);
        restored(i);
    }

    /** Starts step {@code step} of a record in game i ({@link EnvGame#startRecord}); on a refusal the game is unchanged. */
    public void resetRecord(int i, String line, int step) {
        requireAttached();
        games[check(i)].startRecord(line, step);
        restored(i);
    }

    /** Starts game 0 of {@code master} in game i and plays the agents' action indices ({@link EnvGame#startActions}). */
    public void resetActions(int i, long master, int[] indices) {
        requireAttached();
        games[check(i)].startActions(master, indices);
        restored(i);
    }

    /**
     * Starts in game i the game {@code rotation} of unit {@code unit} of a run of master seed
     * {@code master}, as the runner plays it: deal {@code unit}, and the bots' random streams of
     * that game of the unit (rotation 0 is game {@code unit} of the master seed, as a reset
     * reaches it; rotation 1 is the same deal with the seats swapped in a match). How an
     * evaluation plays a match's games in any row. A game of rotation 1 or more runs on streams
     * no seed of a saved state names, so it cannot be saved. On a refusal the game is unchanged.
     */
    public void startRunGame(int i, long master, long unit, int rotation) {
        requireAttached();
        if (unit < 0 || rotation < 0) {
            throw new IllegalArgumentException("unit and rotation must be at least 0, not " + unit + " and " + rotation);
        }
        EnvGame g = games[check(i)];
        if (rotation == 0) {
            g.start(master, unit);
        } else {
            g.start(Seeds.deal(g.setup().deck(), master, unit), Seeds.botStreams(master, unit, rotation, players));
        }
        restored(i);
    }

    /** Draws game i's hidden tokens anew as {@code seat} may know them, seeded ({@link EnvGame#determinize}). */
    public void determinize(int i, int seat, long seed) {
        requireAttached();
        games[check(i)].determinize(seat, seed);
        restored(i);
    }

    /** Every game's state as bytes, in one call. */
    public byte[][] saveStates() {
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = games[i].save();
        }
        return out;
    }

    /** Restores every game from {@link #saveStates}' bytes, in one call; all blobs are checked before any game changes. */
    public void restoreStates(byte[][] blobs) {
        requireAttached();
        if (blobs.length != n) {
            throw new IllegalArgumentException("blobs must hold " + n + " states, one per game, not " + blobs.length);
        }
        for (int i = 0; i < n; i++) {
            try {
                EnvState.parse(blobs[i], games[i].setup(), games[i].agentMask());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("blobs[" + i + "]: " + e.getMessage());
            }
        }
        for (int i = 0; i < n; i++) {
            games[i].restore(blobs[i]);
            restored(i);
        }
    }

    /**
     * Every game's state held in the JVM: the fast form of {@link #saveStates}, for a search that
     * restores many times. A game whose every seat is an agent is copied as it is; one with bots
     * is held as bytes and replayed when restored (a bot's memory cannot be copied).
     */
    public Snapshot snapshot() {
        Snapshot s = new Snapshot(this);
        snapshotInto(s);
        return s;
    }

    /** {@link #snapshot} into one made before (of this batch): allocates nothing for agents-only games. */
    public void snapshotInto(Snapshot s) {
        if (s.owner != this) {
            throw new IllegalArgumentException("snapshot is of another vector environment");
        }
        for (int i = 0; i < n; i++) {
            EnvGame g = games[i];
            if (!g.started()) {
                throw new IllegalStateException("no game: call reset first");
            }
            if (g.agentsOnly()) {
                if (s.games[i] == null) {
                    s.games[i] = g.sibling();
                }
                s.games[i].copyFrom(g);
            } else {
                s.blobs[i] = g.save();
            }
            s.pending[i] = pending[i];
        }
    }

    /** Restores every game from {@code s} (a {@link #snapshot} of this batch), in one call. */
    public void restore(Snapshot s) {
        requireAttached();
        if (s.owner != this) {
            // its games are copied as they are, rules and all: only into the batch they came from
            throw new IllegalArgumentException("snapshot is of another vector environment (between environments, "
                    + "use save_states and restore_states)");
        }
        crew.run(n, (part, from, to) -> {
            for (int i = from; i < to; i++) {
                if (s.games[i] != null && games[i].agentsOnly()) {
                    games[i].copyFrom(s.games[i]);
                } else {
                    games[i].restore(s.blobs[i]);
                }
                restored(i);
                pending[i] = s.pending[i];
            }
        });
    }

    /** Every game's state, held in the JVM ({@link #snapshot}). */
    public static final class Snapshot {
        private final EnvBatch owner;
        private final EnvGame[] games;
        private final byte[][] blobs;
        private final boolean[] pending;

        private Snapshot(EnvBatch owner) {
            this.owner = owner;
            this.games = new EnvGame[owner.n];
            this.blobs = new byte[owner.n][];
            this.pending = new boolean[owner.n];
        }
    }

    /** Row i after its game was restored: every field, as after the step that reached that state. */
    private void restored(int i) {
        ByteBuffer b = buffer;
        EnvGame g = games[i];
        pending[i] = false;
        clearEnd(i);
        b.putInt(actorAt + 4 * i, -1);
        b.putLong(masterAt + 8 * i, g.master());
        b.putLong(gameAt + 8 * i, g.number());
        rows.showLayout(b, i, g.deal().layout());
        int mover = g.agentToMove();
        rows.showSeat(b, i, g, mover < 0 ? 0 : mover);
        GameResult result = g.game().result();
        if (result != null) {
            rows.writeOutcome(b, i, result, new float[players]);
            b.put(terminatedAt + i, (byte) 1);
            pending[i] = autoreset == Autoreset.NEXT_STEP;
        }
    }

    // =================================================================== for people and tests

    /** The per-thread reward scratch rows (tests check that no two threads share one). */
    float[][] rewardRows() {
        return rewards;
    }

    /**
     * Why the game of row i that ended at the last step was forfeited, or what a bot failed at in
     * its end ({@code failure} set), or null.
     */
    public String failureText(int i) {
        return endedFailure[check(i)];
    }

    /** The board of game i as {@code ./richelieu play} draws it, as {@code viewer} may know it (-1: everything). */
    public String render(int i, int viewer, boolean colour) {
        return games[check(i)].render(viewer, colour);
    }

    /** Game i's finished game as a {@code richelieu-record/1} line; agents' seats are labelled {@code agentLabel}. */
    public String recordJson(int i, String agentLabel) {
        return games[check(i)].recordJson(agentLabel);
    }

    /** A copy of game i's full state (hidden tokens included): for the solver and tests, never for agents. */
    public richelieu.engine.GameState fullState(int i) {
        EnvGame g = games[check(i)];
        if (!g.started()) {
            throw new IllegalStateException("no game: call reset first");
        }
        return g.game().lastState().copy();
    }

    /** Every engine action of game i so far (packed, forced and private ones included). */
    public int[] actions(int i) {
        return games[check(i)].game().lastActions();
    }

    /** Releases the bots (exec bots' processes end) and the threads. */
    @Override
    public void close() {
        crew.close();
        for (EnvGame g : games) {
            g.close();
        }
    }
}

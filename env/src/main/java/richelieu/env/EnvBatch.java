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
 * <p>The buffer's fields (see {@link #fields}) are laid out here only. Not thread-safe: one
 * caller at a time.
 */
public final class EnvBatch implements AutoCloseable {
    /** Gymnasium's autoreset modes, by the names of {@code gymnasium.vector.AutoresetMode}. */
    public enum Autoreset {
        NEXT_STEP("NextStep"), SAME_STEP("SameStep"), DISABLED("Disabled");

        private final String gymName;

        Autoreset(String gymName) {
            this.gymName = gymName;
        }

        static Autoreset parse(String name) {
            for (Autoreset a : values()) {
                if (a.gymName.equals(name)) {
                    return a;
                }
            }
            throw new IllegalArgumentException("autoreset_mode must be NextStep, SameStep or Disabled, not " + name);
        }
    }

    private static final int MASK = ActionIndex.COUNT;
    private static final int MAX_LEGAL = Action.MAX_LEGAL;

    private final int n;
    private final int players;
    private final EnvGame[] games;
    private final Reward reward;
    private final Autoreset autoreset;
    private final boolean illegalRaises;
    private final ObservationVector vector;
    private final int rowBytes;
    private final Crew crew;
    private final Crew.Work stepRange = this::stepRange;
    private final Fields fields;
    private final int observationAt;
    private final int maskAt;
    private final int legalAt;
    private final int legalCountAt;
    private final int seatAt;
    private final int actorAt;
    private final int rewardAt;
    private final int seatRewardsAt;
    private final int terminatedAt;
    private final int truncatedAt;
    private final int scoresAt;
    private final int winnersAt;
    private final int forfeitAt;
    private final int failureAt;
    private final int masterAt;
    private final int gameAt;
    private final int actionAt;
    private final int resetAt;
    private final int finalAt;

    /** Per game: the masks of the observation planes in its row ({@link ObservationVector#CACHED} each). */
    private final long[] planes;
    /** Per game: the layout whose planes its row shows. */
    private final Layout[] shownLayout;
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
     * @param numEnvs     the number of games
     * @param players     2, 3 or 4
     * @param variant     "base" or "three-row" (R17)
     * @param deckFile    a deck file, or null for the standard deck
     * @param seatBots    row-major, numEnvs × players: per game and seat a bot spec, or null for an agent's seat
     * @param plugins     plug-in jars or folders the bot specs may name (only these are loaded)
     * @param askForced   true to ask the agents at decision points with one legal action too
     * @param reward      "win" or "margin" ({@link Reward})
     * @param dtype       the observation's "float32" or "uint8"
     * @param autoreset   "NextStep", "SameStep" or "Disabled"
     * @param threads     threads that step the games (1: the calling thread only)
     * @param illegalRaises true: an illegal action fails the whole step before any game moves;
     *                    false: it forfeits its game (as the runner treats a bot's illegal answer)
     * @throws IllegalArgumentException with a one-line message for any bad argument
     */
    public EnvBatch(int numEnvs, int players, String variant, String deckFile, String[] seatBots, String[] plugins,
                    boolean askForced, String reward, String dtype, String autoreset, int threads,
                    boolean illegalRaises) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("num_envs must be at least 1, not " + numEnvs);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("threads must be between 1 and 256, not " + threads);
        }
        EnvSetup setup = new EnvSetup(players, variant, deckFile, plugins);
        if (seatBots.length != (long) numEnvs * players) {
            throw new IllegalArgumentException(numEnvs + " games of " + players + " players need " + (long) numEnvs * players
                    + " seats, not " + seatBots.length);
        }
        this.n = numEnvs;
        this.players = players;
        this.reward = Reward.parse(reward);
        this.autoreset = Autoreset.parse(autoreset);
        this.illegalRaises = illegalRaises;
        this.vector = new ObservationVector(players, ObservationVector.Dtype.parse(dtype));
        this.rowBytes = vector.bytes();
        Fields f = layout(numEnvs, players, vector, this.autoreset);
        checkAllocatable(numEnvs, players, f, freeHeap());
        observationAt = f.offset("observation");
        maskAt = f.offset("action_mask");
        legalAt = f.offset("legal");
        legalCountAt = f.offset("legal_count");
        seatAt = f.offset("seat");
        actorAt = f.offset("actor");
        rewardAt = f.offset("reward");
        seatRewardsAt = f.offset("seat_rewards");
        terminatedAt = f.offset("terminated");
        truncatedAt = f.offset("truncated");
        scoresAt = f.offset("scores");
        winnersAt = f.offset("winners");
        forfeitAt = f.offset("forfeit");
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
            games[i] = new EnvGame(setup, seating, askForced);
        }
        if (!anyAgent) {
            throw new IllegalArgumentException("every game needs an agent's seat (null among its bot specs)");
        }
        this.planes = new long[numEnvs * ObservationVector.CACHED];
        this.shownLayout = new Layout[numEnvs];
        this.pending = new boolean[numEnvs];
        this.endedFailure = new String[numEnvs];
        this.rewards = new float[threads][4];
        this.crew = new Crew(threads, "richelieu-env");
    }

    /**
     * Java heap one game of the batch holds once started (its state, driver and observation cache;
     * measured at 6.4 KB with 2 players and 7.6 KB with 4 after a reset, more as its history grows);
     * the bots' own memory comes on top.
     */
    static final long HEAP_PER_GAME = 8 * 1024;

    /** The fields of a batch: the one place their order, dtypes and widths are written. */
    private static Fields layout(int numEnvs, int players, ObservationVector vector, Autoreset autoreset) {
        Fields f = new Fields(numEnvs);
        f.add("observation", vector.dtype().numpyName(), vector.dtype().bytes(), vector.size());
        f.add("action_mask", "int8", 1, MASK);
        f.add("legal", "int32", 4, MAX_LEGAL);
        f.add("legal_count", "int32", 4, 1);
        f.add("seat", "int32", 4, 1);
        f.add("actor", "int32", 4, 1);
        f.add("reward", "float32", 4, 1);
        f.add("seat_rewards", "float32", 4, players);
        f.add("terminated", "bool", 1, 1);
        f.add("truncated", "bool", 1, 1);
        f.add("scores", "int32", 4, players);
        f.add("winners", "int32", 4, 1);
        f.add("forfeit", "int32", 4, 1);
        f.add("failure", "bool", 1, 1);
        f.add("master", "int64", 8, 1);
        f.add("game", "int64", 8, 1);
        f.add("action", "int32", 4, 1);
        f.add("reset_mask", "bool", 1, 1);
        f.add("final_observation", vector.dtype().numpyName(), vector.dtype().bytes(),
                autoreset == Autoreset.SAME_STEP ? vector.size() : 0);
        return f;
    }

    /**
     * Refuses, with one line naming {@code num_envs}, a batch that cannot be allocated, before
     * anything is made (Python asks this first, before it builds the per-game arguments).
     *
     * @throws IllegalArgumentException for a batch too large, or a bad argument
     */
    public static void checkAllocatable(int numEnvs, int players, String dtype, String autoreset) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("num_envs must be at least 1, not " + numEnvs);
        }
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("players must be 2, 3 or 4, not " + players);
        }
        ObservationVector vector = new ObservationVector(players, ObservationVector.Dtype.parse(dtype));
        checkAllocatable(numEnvs, players, layout(numEnvs, players, vector, Autoreset.parse(autoreset)), freeHeap());
    }

    /** The heap this JVM can still give: its maximum less what is in use now. */
    static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Refuses, before any game or array is made, a batch whose shared arrays do not fit one buffer
     * or whose games do not fit {@code freeHeap}: such a batch would otherwise fill the memory for
     * minutes and then fail far from its cause.
     */
    static void checkAllocatable(int numEnvs, int players, Fields f, long freeHeap) {
        if (!f.fits()) {
            long perGame = Math.max(1, f.totalBytes() / numEnvs);
            throw new IllegalArgumentException("num_envs=" + numEnvs + " is too many: the shared arrays would take "
                    + f.totalBytes() / (1024 * 1024) + " MiB, more than the 2 GiB one buffer holds (at most "
                    + Fields.MAX_BYTES / perGame + " games of " + players + " players with this observation_dtype"
                    + " and autoreset_mode)");
        }
        long heap = (long) numEnvs * HEAP_PER_GAME;
        if (heap > freeHeap) {
            throw new IllegalArgumentException("num_envs=" + numEnvs + " is too many: its games would need about "
                    + heap / (1024 * 1024) + " MiB of Java heap, more than the " + Math.max(0, freeHeap) / (1024 * 1024)
                    + " MiB this JVM has free (at most " + Math.max(0, freeHeap) / HEAP_PER_GAME
                    + " games here; the JVM's maximum heap is set with -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx8g)");
        }
    }

    /** The layout of the buffer {@link #attach} takes. */
    public Fields fields() {
        return fields;
    }

    /** The buffer to write into: direct, of {@link Fields#bytes} bytes, zeroed (Python's numpy memory). */
    public void attach(ByteBuffer buffer) {
        this.buffer = fields.check(buffer);
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
            int actor = g.agentToMove();
            int index = b.getInt(actionAt + 4 * i);
            try {
                g.act(index); // the driver checks the action (one lookup in its legal set)
            } catch (IllegalActionException e) {
                g.forfeit(g.whyIllegal(index, sentOf(sent, i))); // the game is as it was: forfeit it, as the runner does
            }
            GameResult result = g.game().result();
            if (result == null) {
                b.putInt(actorAt + 4 * i, actor);
                publish(i, g.agentToMove());
                continue;
            }
            // the game is over: its reward, scores and last observation (the actor's)
            reward.of(result, seatRewards);
            b.put(terminatedAt + i, (byte) 1);
            b.putFloat(rewardAt + 4 * i, seatRewards[actor]);
            for (int p = 0; p < players; p++) {
                b.putFloat(seatRewardsAt + 4 * (i * players + p), seatRewards[p]);
                b.putInt(scoresAt + 4 * (i * players + p), result.scores()[p]);
            }
            b.putInt(winnersAt + 4 * i, result.winners());
            b.putInt(forfeitAt + 4 * i, result.forfeitSeat());
            endedFailure[i] = result.failure();
            b.put(failureAt + i, (byte) (result.failure() != null ? 1 : 0));
            b.putInt(actorAt + 4 * i, actor);
            publish(i, actor);
            switch (autoreset) {
                case SAME_STEP -> {
                    b.put(finalAt + i * rowBytes, b, observationAt + i * rowBytes, rowBytes);
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
        clearSeatRewards(i);
        b.putInt(winnersAt + 4 * i, 0);
        b.putInt(forfeitAt + 4 * i, -1);
        b.put(failureAt + i, (byte) 0);
        endedFailure[i] = null;
        for (int p = 0; p < players; p++) {
            b.putInt(scoresAt + 4 * (i * players + p), 0);
        }
    }

    /** The first observation of row i's new game (its deal's planes too), and its seeds. */
    private void writeStart(int i) {
        ByteBuffer b = buffer;
        EnvGame g = games[i];
        b.putLong(masterAt + 8 * i, g.master());
        b.putLong(gameAt + 8 * i, g.number());
        showLayout(i, g.deal().layout());
        int mover = g.agentToMove();
        if (mover < 0 && failedStart == null) {
            GameResult r = g.game().result();
            failedStart = "environment " + i + ": its game " + g.number() + " of master seed " + g.master()
                    + " ended before an agent's first move" + (r != null && r.failure() != null ? ": " + r.failure() : "");
        }
        publish(i, mover < 0 ? 0 : mover);
    }

    /**
     * Writes the planes of {@code layout} into row i, unless they are there already: a search
     * restores the same deal many times, and the observation's plane cache then stays valid, so
     * only the planes that differ are written again.
     */
    private void showLayout(int i, Layout layout) {
        if (shownLayout[i] != layout) {
            vector.writeLayout(layout, buffer, observationAt + i * rowBytes, planes, i * ObservationVector.CACHED);
            shownLayout[i] = layout;
        }
    }

    private void reportFailedStart() {
        String f = failedStart;
        if (f != null) {
            failedStart = null;
            throw new IllegalStateException(f);
        }
    }

    private void clearSeatRewards(int i) {
        for (int p = 0; p < players; p++) {
            buffer.putFloat(seatRewardsAt + 4 * (i * players + p), 0);
        }
    }

    /**
     * Writes row i's observation (of {@code seat}), mask and legal actions (those of the agent to
     * move, none once over). The mask bytes set are those of the row's legal list, so they are
     * cleared from it (Python's views of both are read-only).
     */
    private void publish(int i, int seat) {
        ByteBuffer b = buffer;
        EnvGame g = games[i];
        b.putInt(seatAt + 4 * i, seat);
        vector.write(g.game().observe(seat), b, observationAt + i * rowBytes, planes, i * ObservationVector.CACHED);
        int mask = maskAt + i * MASK;
        int legalRow = legalAt + 4 * i * MAX_LEGAL;
        int shown = b.getInt(legalCountAt + 4 * i);
        for (int k = 0; k < shown; k++) {
            b.put(mask + b.getInt(legalRow + 4 * k), (byte) 0);
        }
        int count = 0;
        if (g.agentToMove() >= 0) {
            var legal = g.game().legal();
            count = legal.size();
            for (int k = 0; k < count; k++) {
                int index = ActionIndex.of(legal.get(k));
                b.put(mask + index, (byte) 1);
                b.putInt(legalRow + 4 * k, index);
            }
        }
        b.putInt(legalCountAt + 4 * i, count);
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
        showLayout(i, g.deal().layout());
        int mover = g.agentToMove();
        publish(i, mover < 0 ? 0 : mover);
        GameResult result = g.game().result();
        if (result != null) {
            float[] seatRewards = new float[players];
            reward.of(result, seatRewards);
            b.put(terminatedAt + i, (byte) 1);
            for (int p = 0; p < players; p++) {
                b.putFloat(seatRewardsAt + 4 * (i * players + p), seatRewards[p]);
                b.putInt(scoresAt + 4 * (i * players + p), result.scores()[p]);
            }
            b.putInt(winnersAt + 4 * i, result.winners());
            b.putInt(forfeitAt + 4 * i, result.forfeitSeat());
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

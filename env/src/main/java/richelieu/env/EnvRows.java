package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.GameResult;
import richelieu.engine.IllegalActionException;
import richelieu.engine.Layout;

import java.nio.ByteBuffer;

/**
 * The step and what it writes, for both environment cores: {@link EnvCore} has one row,
 * {@link EnvBatch} one per game, and both lay out these fields under the same names — the seat
 * whose observation a row shows ({@code seat}), that {@code observation}, the {@code legal}
 * actions and {@code legal_count} of the agent to move, its {@code action_mask}, and once the game
 * is over each seat's reward ({@code seat_rewards}, {@link Reward}), the {@code scores}, the
 * {@code winners} and the {@code forfeit} seat. Written in one place, the single and the batched
 * environment cannot drift apart (their tests compare them byte for byte).
 *
 * <p>Each row keeps what makes the next write cheap: the observation planes' cache, the layout
 * whose planes it shows (a search restores the same deal many times), and whether its action
 * mask is set (only the bytes set are cleared). Rows are written by one thread each.
 */
final class EnvRows {
    static final int MASK = ActionIndex.COUNT;
    static final int MAX_LEGAL = Action.MAX_LEGAL;

    private final int players;
    private final ObservationVector vector;
    private final Reward reward;
    private final int rowBytes;
    private final int seatAt;
    private final int observationAt;
    private final int actionMaskAt;
    private final int legalAt;
    private final int legalCountAt;
    private final int seatRewardsAt;
    private final int scoresAt;
    private final int winnersAt;
    private final int forfeitAt;
    /** Per row: the masks of the observation planes in it ({@link ObservationVector#CACHED} each). */
    private final long[] planes;
    /** Per row: the layout whose planes it shows, or null. */
    private final Layout[] shownLayout;
    /** Per row: its action mask is set, at the indices of its legal list (else it is all 0). */
    private final boolean[] maskShown;

    /** The rows of the layout {@code f} ({@link Fields#rows} of them), with its common fields. */
    EnvRows(Fields f, int players, ObservationVector vector, Reward reward) {
        this.players = players;
        this.vector = vector;
        this.reward = reward;
        this.rowBytes = vector.bytes();
        seatAt = f.offset("seat");
        observationAt = f.offset("observation");
        actionMaskAt = f.offset("action_mask");
        legalAt = f.offset("legal");
        legalCountAt = f.offset("legal_count");
        seatRewardsAt = f.offset("seat_rewards");
        scoresAt = f.offset("scores");
        winnersAt = f.offset("winners");
        forfeitAt = f.offset("forfeit");
        int rows = f.rows();
        planes = new long[rows * ObservationVector.CACHED];
        shownLayout = new Layout[rows];
        maskShown = new boolean[rows];
    }

    /** The common fields, in the order both layouts give them (each core adds its own around them). */
    static void addCommon(Fields f, int players, ObservationVector vector) {
        f.add("observation", vector.dtype().numpyName(), vector.dtype().bytes(), vector.size());
        f.add("action_mask", "int8", 1, MASK);
        f.add("legal", "int32", 4, MAX_LEGAL);
        f.add("legal_count", "int32", 4, 1);
        f.add("seat", "int32", 4, 1);
        f.add("seat_rewards", "float32", 4, players);
        f.add("scores", "int32", 4, players);
        f.add("winners", "int32", 4, 1);
        f.add("forfeit", "int32", 4, 1);
    }

    /** A new buffer: nothing of the old one is shown in it. */
    void forget() {
        java.util.Arrays.fill(shownLayout, null);
        java.util.Arrays.fill(maskShown, false);
    }

    /**
     * The step: the agent to move plays {@code index}, then everything up to the next agent
     * decision; an illegal action forfeits the game, as the runner treats a bot's illegal answer
     * ({@code sent}, when given, names an action the caller could not hold in its field). Returns
     * the seat that acted.
     */
    static int step(EnvGame g, int index, String sent) {
        int actor = g.agentToMove();
        try {
            g.act(index); // the driver checks the action (one lookup in its legal set)
        } catch (IllegalActionException e) {
            g.forfeit(g.whyIllegal(index, sent)); // the game is as it was: forfeit it
        }
        return actor;
    }

    /** The byte offset of row i's observation (the same-step autoreset copies it). */
    int observationAt(int i) {
        return observationAt + i * rowBytes;
    }

    /** Row i's seat (the seat whose observation it shows), or -1 before anything was written. */
    int seat(ByteBuffer b, int i) {
        return b.getInt(seatAt + 4 * i);
    }

    /**
     * Writes the planes of {@code layout} into row i, unless they are there already: a search
     * restores the same deal many times, and the observation's plane cache then stays valid, so
     * only the planes that differ are written again.
     */
    void showLayout(ByteBuffer b, int i, Layout layout) {
        if (shownLayout[i] != layout) {
            vector.writeLayout(layout, b, observationAt(i), planes, i * ObservationVector.CACHED);
            shownLayout[i] = layout;
        }
    }

    /**
     * Row i shows {@code seat}'s observation of game {@code g}, the legal actions of the agent to
     * move (none once the game is over) and, when {@code seat} is that agent, its action mask. The
     * mask bytes set are those of the row's legal list, so they are cleared from it (Python's
     * views of both are read-only).
     */
    void showSeat(ByteBuffer b, int i, EnvGame g, int seat) {
        b.putInt(seatAt + 4 * i, seat);
        vector.write(g.game().observe(seat), b, observationAt(i), planes, i * ObservationVector.CACHED);
        int mask = actionMaskAt + i * MASK;
        int legalRow = legalAt + 4 * i * MAX_LEGAL;
        if (maskShown[i]) {
            int shown = b.getInt(legalCountAt + 4 * i);
            for (int k = 0; k < shown; k++) {
                b.put(mask + b.getInt(legalRow + 4 * k), (byte) 0);
            }
        }
        int mover = g.agentToMove();
        int count = 0;
        if (mover >= 0) {
            var legal = g.game().legal();
            count = legal.size();
            for (int k = 0; k < count; k++) {
                b.putInt(legalRow + 4 * k, ActionIndex.of(legal.get(k)));
            }
        }
        b.putInt(legalCountAt + 4 * i, count);
        maskShown[i] = seat == mover && count > 0;
        if (maskShown[i]) {
            for (int k = 0; k < count; k++) {
                b.put(mask + b.getInt(legalRow + 4 * k), (byte) 1);
            }
        }
    }

    /**
     * Row i's outcome: once {@code result} is there each seat's reward into {@code seatRewards}
     * (scratch of at least {@code players}, owned by the calling thread) and the row, with the
     * scores, winners and forfeit seat; while the game goes on ({@code result} null) rewards and
     * scores 0, no winners, no forfeit (-1).
     */
    void writeOutcome(ByteBuffer b, int i, GameResult result, float[] seatRewards) {
        if (result != null) {
            reward.of(result, seatRewards);
        }
        for (int p = 0; p < players; p++) {
            b.putFloat(seatRewardsAt + 4 * (i * players + p), result == null ? 0 : seatRewards[p]);
            b.putInt(scoresAt + 4 * (i * players + p), result == null ? 0 : result.scores()[p]);
        }
        b.putInt(winnersAt + 4 * i, result == null ? 0 : result.winners());
        b.putInt(forfeitAt + 4 * i, result == null ? -1 : result.forfeitSeat());
    }
}

package richelieu.runner.dataset;

import java.io.IOException;
import java.util.Arrays;

/**
 * A chunk's rows as growing primitive columns ({@link DatasetStudy}'s), written as one {@code .npz}.
 */
final class ChunkRows {
    private final int width;
    private float[] features = new float[0];
    private short[] margin = new short[0];
    private byte[] outcome = new byte[0];
    private byte[] solved = new byte[0];
    private short[] solverMargin = new short[0];
    private byte[] solverOutcome = new byte[0];
    private int[] game = new int[0];
    private short[] step = new short[0];
    private byte[] seat = new byte[0];
    private byte[] cards = new byte[0];
    private int[] group = new int[0];
    private float[] heuristic = new float[0];
    /** A cut-off row's root action (the first action of the search iteration that reached it), else −1. */
    private int[] rootAction = new int[0];
    /** heuristic-2p's terms per row (2 players; none with more). */
    private final int termWidth;
    private float[] terms = new float[0];
    private int n;

    ChunkRows(int width, int termWidth) {
        this.width = width;
        this.termWidth = termWidth;
    }

    int size() {
        return n;
    }

    void add(float[] x, float[] terms, int margin, int outcome, boolean solved, int solverMargin, int solverOutcome, int game,
             int step, int seat, int cards, int group, float heuristic) {
        add(x, terms, margin, outcome, solved, solverMargin, solverOutcome, game, step, seat, cards, group, heuristic, -1);
    }

    void add(float[] x, float[] terms, int margin, int outcome, boolean solved, int solverMargin, int solverOutcome, int game,
             int step, int seat, int cards, int group, float heuristic, int rootAction) {
        if (n == this.game.length) {
            int cap = Math.max(64, 2 * n);
            features = Arrays.copyOf(features, cap * width);
            this.margin = Arrays.copyOf(this.margin, cap);
            this.outcome = Arrays.copyOf(this.outcome, cap);
            this.solved = Arrays.copyOf(this.solved, cap);
            this.solverMargin = Arrays.copyOf(this.solverMargin, cap);
            this.solverOutcome = Arrays.copyOf(this.solverOutcome, cap);
            this.game = Arrays.copyOf(this.game, cap);
            this.step = Arrays.copyOf(this.step, cap);
            this.seat = Arrays.copyOf(this.seat, cap);
            this.cards = Arrays.copyOf(this.cards, cap);
            this.group = Arrays.copyOf(this.group, cap);
            this.heuristic = Arrays.copyOf(this.heuristic, cap);
            this.rootAction = Arrays.copyOf(this.rootAction, cap);
            this.terms = Arrays.copyOf(this.terms, cap * termWidth);
        }
        System.arraycopy(x, 0, features, n * width, width);
        if (termWidth > 0) {
            System.arraycopy(terms, 0, this.terms, n * termWidth, termWidth);
        }
        this.margin[n] = (short) margin;
        this.outcome[n] = (byte) outcome;
        this.solved[n] = (byte) (solved ? 1 : 0);
        this.solverMargin[n] = (short) solverMargin;
        this.solverOutcome[n] = (byte) solverOutcome;
        this.game[n] = game;
        this.step[n] = (short) step;
        this.seat[n] = (byte) seat;
        this.cards[n] = (byte) cards;
        this.group[n] = group;
        this.heuristic[n] = heuristic;
        this.rootAction[n] = rootAction;
        n++;
    }

    float feature(int row, int k) {
        return features[row * width + k];
    }

    int margin(int row) {
        return margin[row];
    }

    int outcome(int row) {
        return outcome[row];
    }

    boolean solved(int row) {
        return solved[row] != 0;
    }

    int solverMargin(int row) {
        return solverMargin[row];
    }

    int game(int row) {
        return game[row];
    }

    int step(int row) {
        return step[row];
    }

    int cards(int row) {
        return cards[row];
    }

    int seat(int row) {
        return seat[row];
    }

    int group(int row) {
        return group[row];
    }

    float heuristic(int row) {
        return heuristic[row];
    }

    int rootAction(int row) {
        return rootAction[row];
    }

    float term(int row, int k) {
        return terms[row * termWidth + k];
    }

    void writeTo(Npz npz) throws IOException {
        npz.floats("features", features, n, width);
        npz.shorts("margin", margin, n);
        npz.bytes("outcome", outcome, n);
        npz.bytes("solved", solved, n);
        npz.shorts("solver_margin", solverMargin, n);
        npz.bytes("solver_outcome", solverOutcome, n);
        npz.ints("game", game, n);
        npz.shorts("step", step, n);
        npz.bytes("seat", seat, n);
        npz.bytes("cards", cards, n);
        npz.ints("group", group, n);
        npz.floats("heuristic", heuristic, n);
        npz.ints("root_action", rootAction, n);
        if (termWidth > 0) {
            npz.floats("heuristic_terms", terms, n, termWidth);
        }
    }
}

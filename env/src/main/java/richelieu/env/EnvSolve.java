package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.runner.solve.PositionValues;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The exact solver for the Python package ({@code richelieu.solve}): the values of every legal
 * action of many two-player positions in one call, on a few threads, by the very calls
 * {@code ./richelieu solve} makes ({@link PositionValues#open} with the true tokens,
 * {@link PositionValues#sampled} over token deals drawn from what the seat to move knows), so
 * the numbers are the command's.
 *
 * <p>Each position is solved on its own (its own solver and table, as the command does), by
 * whichever thread takes it next, and its answer is written at its index: the answers, positions
 * visited included, are the same at any number of threads. Only a deadline makes them depend on
 * the machine: each position gets {@code seconds} from when its thread starts it, and one cut
 * short says so ({@link Results#stopped}).
 *
 * <p>The answers come back as flat primitive arrays (one crossing, read by numpy without a copy
 * per value): position i's actions are at {@code [start[i], start[i + 1])}, best first, as the
 * command lists them. Every figure is from the side of the seat to move.
 */
public final class EnvSolve {
    private EnvSolve() {
    }

    /**
     * What {@link #solve} found.
     *
     * @param start     n + 1 offsets: position i's actions are at {@code [start[i], start[i + 1])}
     * @param mover     per position, the seat to move (whose side every figure is from)
     * @param value     per position (open), its exact value in {@link richelieu.engine.solver.OpenGame} units
     * @param stopped   per position, true if the deadline cut it short (open: no actions then;
     *                  sampled: the deals finished before it)
     * @param visited   per position, the positions the solver visited
     * @param deals     per position (sampled), the token deals solved
     * @param action    per action, its index in the action space ({@link ActionIndex})
     * @param exact     per action (open), its exact value
     * @param margin    per action (open), the final score margin under best play after it
     * @param wins      per action (sampled), the deals it wins
     * @param draws     per action (sampled), the deals it draws
     * @param losses    per action (sampled), the deals it loses
     * @param marginSum per action (sampled), its margins summed over the deals
     * @param best      per action, true for the best and those as good (the command's {@code *})
     */
    public record Results(int[] start, int[] mover, int[] value, boolean[] stopped, long[] visited, int[] deals,
                          int[] action, int[] exact, int[] margin, int[] wins, int[] draws, int[] losses,
                          long[] marginSum, boolean[] best) {
    }

    /** Why the solver cannot take {@code s}, in a few words, or null if it can. */
    public static String unfit(GameState s) {
        int players = s.rules().players();
        if (players != 2) {
            return "a " + players + "-player game: the exact solver plays 2-player games only";
        }
        if (!s.layout().hasScoringLanes()) {
            return "its deck has a region or symbol with more than 14 shields or cards, beyond the exact solver's counters";
        }
        if (s.isOver()) {
            return "the game is over: nothing to solve";
        }
        return null;
    }

    /**
     * The position a saved state ({@link EnvState}, {@code save_state} in Python) holds, of any
     * environment's game with the standard deck or {@code deckFile}'s: its deal, its actions played
     * as they are and its determinizations where they were made. The bots that played some of
     * its moves are not needed: their moves are in the blob.
     *
     * @throws IllegalArgumentException one line starting "blob" saying what is wrong with it
     */
    public static GameState stateOf(byte[] blob, String deckFile) {
        // the rules come from the blob itself; bytes that are no saved state get parse's message
        int players = blob != null && blob.length > 10 && blob[8] >= 2 && blob[8] <= 4 ? blob[8] : 2;
        int variant = blob != null && blob.length > 10 && blob[9] >= 0 && blob[9] < Rules.Variant.values().length
                ? blob[9] : 0;
        EnvSetup setup = new EnvSetup(players, Rules.Variant.values()[variant].jsonName(), deckFile, new String[0]);
        EnvState saved = EnvState.parse(blob, setup, blob.length > 10 ? blob[10] : 0);
        try {
            return replay(setup.rules(), saved);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) { // a seat or an action out of range that the checksum let through
            throw new IllegalArgumentException("blob is damaged (" + e.getMessage() + ")");
        }
    }

    private static GameState replay(Rules rules, EnvState saved) {
        GameState s = new GameState(rules, saved.deal());
        int[] actions = saved.actions();
        List<long[]> dets = saved.determinizations();
        int d = 0;
        for (int i = 0; ; i++) {
            for (; d < dets.size() && dets.get(d)[0] == i; d++) { // as EnvGame#determinize drew it
                Observation o = s.observe((int) dets.get(d)[1]);
                s = o.newState();
                o.determinize(new SplittableRandom(dets.get(d)[2]), s);
            }
            if (i == actions.length) {
                break;
            }
            String why = s.isOver() ? "it comes after the end of the game" : s.whyIllegal(actions[i]);
            if (why != null) {
                throw new IllegalArgumentException("blob is damaged: action " + i + " (" + Action.toString(actions[i])
                        + ") is not legal: " + why);
            }
            s.apply(actions[i]);
        }
        if (d < dets.size()) {
            throw new IllegalArgumentException("blob is damaged (a determinization after its last action)");
        }
        return s;
    }

    /** The full state of each of {@code rows} of a vector environment (hidden tokens included). */
    public static GameState[] states(EnvBatch batch, int[] rows) {
        GameState[] out = new GameState[rows.length];
        for (int k = 0; k < rows.length; k++) {
            out[k] = batch.fullState(rows[k]);
        }
        return out;
    }

    /**
     * Solves every state: {@code open}, each action's exact value with the true tokens; else per
     * action its wins, draws, losses and summed margin over {@code samples} token deals drawn, as
     * {@code ./richelieu solve --seed seed} draws them, from what the seat to move knows.
     *
     * @param seconds the time each position may take (from its start), as {@code --max-seconds}
     * @param threads threads solving (1: the calling thread only)
     * @throws IllegalArgumentException one line naming the first state the solver cannot take
     *                                  ("states[i]: ...") or a bad number, before anything is solved
     */
    public static Results solve(GameState[] states, boolean open, int samples, long seed, double seconds, int threads) {
        for (int i = 0; i < states.length; i++) {
            String why = unfit(states[i]);
            if (why != null) {
                throw new IllegalArgumentException("states[" + i + "]: " + why);
            }
        }
        if (!open && (samples < 1 || samples > 1_000_000)) {
            throw new IllegalArgumentException("samples must be between 1 and 1000000, not " + samples);
        }
        if (!(seconds >= 0.001 && seconds <= 86_400)) {
            throw new IllegalArgumentException("deadline must be between 0.001 and 86400 seconds, not " + seconds);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("threads must be between 1 and 256, not " + threads);
        }
        int n = states.length;
        Object[] answers = new Object[n];
        long budget = (long) (seconds * 1e9);
        AtomicInteger next = new AtomicInteger();
        // Positions differ in cost by orders of magnitude, so threads take them one at a time
        // rather than in fixed ranges; each answer lands at its own index either way.
        Runnable work = () -> {
            for (int i; (i = next.getAndIncrement()) < n; ) {
                long deadline = System.nanoTime() + budget;
                answers[i] = open ? PositionValues.open(states[i], deadline)
                        : PositionValues.sampled(states[i], samples, seed, deadline);
            }
        };
        run(work, Math.min(threads, Math.max(1, n)));
        return collect(states, answers, open);
    }

    private static void run(Runnable work, int threads) {
        Thread[] helpers = new Thread[threads - 1];
        Throwable[] failure = new Throwable[1];
        for (int k = 0; k < helpers.length; k++) {
            helpers[k] = new Thread(work, "richelieu-solve-" + (k + 1));
            helpers[k].setDaemon(true);
            helpers[k].setUncaughtExceptionHandler((t, e) -> {
                synchronized (failure) {
                    failure[0] = e;
                }
            });
            helpers[k].start();
        }
        try {
            work.run();
        } catch (RuntimeException | Error e) { // reported once the helpers are done, as theirs are
            synchronized (failure) {
                failure[0] = e;
            }
        }
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while solving");
            }
        }
        synchronized (failure) {
            if (failure[0] instanceof RuntimeException r) {
                throw r;
            }
            if (failure[0] instanceof Error e) {
                throw e;
            }
        }
    }

    private static Results collect(GameState[] states, Object[] answers, boolean open) {
        int n = states.length;
        int[] start = new int[n + 1];
        for (int i = 0; i < n; i++) {
            start[i + 1] = start[i] + (answers[i] instanceof PositionValues.Open o ? o.actions().size()
                    : answers[i] instanceof PositionValues.Sampled s ? s.actions().size() : 0);
        }
        int m = start[n];
        Results r = new Results(start, new int[n], new int[n], new boolean[n], new long[n], new int[n], new int[m],
                new int[m], new int[m], new int[m], new int[m], new int[m], new long[m], new boolean[m]);
        for (int i = 0; i < n; i++) {
            r.mover()[i] = states[i].toMove();
            int at = start[i];
            if (answers[i] == null) { // open, past the deadline: PositionValues answers nothing
                r.stopped()[i] = true;
            } else if (answers[i] instanceof PositionValues.Open o) {
                r.value()[i] = o.value();
                r.visited()[i] = o.positions();
                for (PositionValues.Exact e : o.actions()) {
                    r.action()[at] = ActionIndex.of(e.action());
                    r.exact()[at] = e.value();
                    r.margin()[at] = e.margin();
                    r.best()[at] = e.value() == o.value();
                    at++;
                }
            } else {
                PositionValues.Sampled s = (PositionValues.Sampled) answers[i];
                r.stopped()[i] = s.stopped();
                r.visited()[i] = s.positions();
                r.deals()[i] = s.deals();
                List<PositionValues.ActionTally> tallies = s.actions();
                PositionValues.ActionTally first = tallies.get(0);
                for (PositionValues.ActionTally t : tallies) {
                    r.action()[at] = ActionIndex.of(t.action());
                    r.wins()[at] = t.wins();
                    r.draws()[at] = t.draws();
                    r.losses()[at] = t.losses();
                    r.marginSum()[at] = t.marginSum();
                    // ranks with the first, as solve marks its best (*): the same points
                    // (win 2, draw 1) and the same summed margin
                    r.best()[at] = s.deals() > 0 && 2 * t.wins() + t.draws() == 2 * first.wins() + first.draws()
                            && t.marginSum() == first.marginSum();
                    at++;
                }
            }
        }
        return r;
    }
}

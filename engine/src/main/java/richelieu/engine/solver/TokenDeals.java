package richelieu.engine.solver;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Observation;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The one loop over token deals: deal the hidden tokens in ways consistent with what the seat to
 * move has seen ({@link Observation#determinize}, from seeded streams: the same streams give the
 * same deals), value every action in each deal with an {@link Analyst}, and add up each action
 * over the deals finished ({@link DealTally}), within a deadline. {@code pimc}, the multi-player
 * searches, {@code solve} and the distance study all sample through it.
 *
 * <p>Deals are numbered from 0 within a decision ({@link #newDecision}) and drawn the first time
 * one is asked for, in order; with {@code keep} they are kept, so that several samplings of one
 * decision (iterative deepening) see the same deals. A deal the deadline strikes in is dropped:
 * the tally holds whole deals only, and says how many actions of the dropped one were
 * unfinished. Not thread-safe; one per thread.
 */
public final class TokenDeals {
    /** Where deal {@code d} of a decision draws its tokens from. */
    @FunctionalInterface
    public interface Stream {
        SplittableRandom of(int deal);
    }

    private final RootValues values = new RootValues();
    private Observation seen;
    private Stream stream;
    private boolean keep;
    private GameState[] kept = new GameState[0];
    private GameState scratch;
    private int drawn;

    /**
     * A new decision of the seat that observes {@code seen}: no deal drawn yet.
     *
     * @param keep keep the deals drawn, to sample them again; otherwise each is drawn once, in
     *             order, into one reused state
     */
    public void newDecision(Observation seen, Stream stream, boolean keep) {
        if (scratch == null || scratch.layout() != seen.layout() || !scratch.rules().equals(seen.rules())) {
            scratch = seen.newState();
            kept = new GameState[0];
        }
        this.seen = seen;
        this.stream = stream;
        this.keep = keep;
        drawn = 0;
    }

    /** Deal {@code d} of this decision: drawn now if it is the next one, else kept from before. */
    private GameState deal(int d) {
        if (d < drawn) {
            if (!keep) {
                throw new IllegalStateException("deal " + d + " asked again, but deals are not kept");
            }
            return kept[d];
        }
        if (d != drawn) {
            throw new IllegalStateException("deal " + d + " asked before deal " + drawn);
        }
        GameState into = scratch;
        if (keep) {
            if (d >= kept.length) {
                kept = Arrays.copyOf(kept, Math.max(8, 2 * kept.length));
            }
            if (kept[d] == null) {
                kept[d] = seen.newState();
            }
            into = kept[d];
        }
        seen.determinize(stream.of(d), into);
        drawn++;
        return into;
    }

    /**
     * Values the first {@code n} actions of {@code legal} in deals {@code first},
     * {@code first + 1}, … — at most {@code count} of them — with {@code analyst}, and puts the
     * sums over the deals finished in {@code tally} (reset first). Stops before a deal once
     * {@code deadline} has passed (the first deal always starts), and at a deal the analyst
     * leaves unfinished, which is dropped.
     *
     * @param firstDeadline the first deal's deadline on {@code clock}, 0: none (it always completes)
     * @param deadline      the other deals' deadline on {@code clock}, 0: none
     * @return the deals finished
     */
    public int sample(Analyst analyst, int[] legal, int n, int first, int count, long firstDeadline, long deadline,
                      BudgetClock clock, DealTally tally) {
        tally.reset(legal, n, count);
        values.setActions(legal, n);
        for (int k = 0; k < count; k++) {
            if (k > 0 && deadline != 0 && clock.now() - deadline >= 0) {
                break;
            }
            analyst.analyse(deal(first + k), values, k == 0 ? firstDeadline : deadline, clock);
            int unfinished = values.unfinished();
            if (unfinished > 0) {
                tally.cutShort(unfinished);
                break;
            }
            tally.add(values);
        }
        return tally.deals();
    }
}

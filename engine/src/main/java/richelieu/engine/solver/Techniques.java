package richelieu.engine.solver;

/**
 * The techniques of the exact solver ({@link Solver}) beyond plain alpha-beta with a table,
 * each of which may be turned off (to measure what it buys, and to test that it changes no
 * value).
 *
 * @param pvs       principal variation search: after the first action, null windows that
 *                  only ask whether an action beats the best so far, a full search only
 *                  where it does
 * @param partition positions keyed by what decides the rest of the game
 *                  ({@link OpenGame#key}); the table then holds the change of value to come
 * @param etc       enhanced transposition cut-offs: before searching, each child's table
 *                  entry may decide the node (a child's bound beyond the window) and orders
 *                  the children by what they are worth
 * @param quick     quick bounds ({@link OpenGame#bounds}, base game): the bounds also count
 *                  the cards each seat must still take, so a seat cannot be given every
 *                  card left
 * @param pairs     with {@code quick}: a seat takes two cards in a turn only with a pair of
 *                  one-shield cards of one region left on the table, and nothing in its
 *                  marker step, so the other must take more ({@link OpenGame#bounds})
 * @param sure      children ordered by the bound the mover is sure of (mostly) rather than
 *                  by their bounds' midpoint
 * @param idle      once markers can no longer keep a seat from a card
 *                  ({@link OpenGame#markersIdle}), an exact search plays one marker decision
 *                  (no placement, no return token, the last payment) in place of all: they
 *                  are worth the same; and such positions are keyed without their markers
 * @param sibling   at a marker step, each placement's search tries first the reply that
 *                  refuted the placement searched before it: the two positions differ in
 *                  one marker, so one reply often refutes both
 */
public record Techniques(boolean pvs, boolean partition, boolean etc, boolean quick, boolean pairs,
                         boolean sure, boolean idle, boolean sibling) {
    /** Every technique: the fastest. */
    public static final Techniques ALL = new Techniques(true, true, true, true, true, true, true, true);
    /** None: alpha-beta with the table, bounds and move ordering only. */
    public static final Techniques NONE = new Techniques(false, false, false, false, false, false, false, false);

    /** The first four techniques, without the later ones. */
    public Techniques(boolean pvs, boolean partition, boolean etc, boolean quick) {
        this(pvs, partition, etc, quick, false, false, false, false);
    }

    /** The first six techniques, without the later ones. */
    public Techniques(boolean pvs, boolean partition, boolean etc, boolean quick, boolean pairs, boolean sure) {
        this(pvs, partition, etc, quick, pairs, sure, false, false);
    }
}

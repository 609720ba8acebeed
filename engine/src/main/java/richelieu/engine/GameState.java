package richelieu.engine;

import java.util.SplittableRandom;

/**
 * The full state of one game of Richelieu as a handful of primitive words: the bitboard engine.
 *
 * <h2>Design</h2>
 * <ul>
 * <li><b>Positions, not cards.</b> Bit {@code p} of a mask is table position {@code row*12+col}
 * ({@link Layout}); cards never move on the table, so the table, every hand and every player's
 * markers are position masks, a row is a contiguous 12-bit range, and its ends are its lowest
 * and highest set bit. Scores are {@code Long.bitCount} over the layout's precomputed region,
 * symbol and double-shield masks.</li>
 * <li><b>Small decision points.</b> A turn is a sequence of decisions (return tokens, first card,
 * payment, second card, marker) each with a small legal set, written as packed {@code int}s
 * ({@link Action}) into a caller-owned buffer in ascending order. {@link #legalActions} and
 * {@link #play} allocate nothing. The exact contract is {@code docs/engine.md}.</li>
 * <li><b>Cheap copies.</b> Apart from the two immutable references (rules, layout) the state is
 * a few longs and ints plus six tiny primitive arrays; {@link #copyFrom} is a handful of
 * array copies (see StateBench in the benchmarks module).</li>
 * <li><b>Hidden information stays here.</b> Token identities live only in this class; bots see
 * an {@link Observation}, never a GameState they were not given by determinization.</li>
 * <li><b>Checked and unchecked application.</b> {@link #apply} validates and throws
 * {@link IllegalActionException} naming the rule, leaving the state unchanged; {@link #play}
 * trusts an action produced by {@link #legalActions} (playouts, search).</li>
 * <li><b>Fused random playouts.</b> {@link Playouts#randomToEnd} (random games, ISMCTS rollouts)
 * does not write legal sets out: per decision it counts the legal set, draws the index exactly as
 * {@code rng.nextInt(n)} would (by a multiply, not a division), picks the index-th set bit with a
 * branch-free select and applies the action, whole turns at a time with the table and the mover's
 * markers in locals. It plays exactly the game of the plain legalActions/nextInt/play loop
 * ({@code PlayoutsTest} compares the actions, states and draws from every position of hundreds
 * of games, under every rule variant). PlayoutBench.randomGame: 4.5 µs plain, about 1.6 µs fused.</li>
 * <li><b>Scoring by lanes.</b> With 2 players {@link Scoring} counts all 12 categories of a hand at
 * once in 5-bit lanes from per-layout nibble tables and settles every majority with one SWAR
 * compare (StateBench.scores: 87 ns with per-category loops, about 19 ns).</li>
 * </ul>
 *
 * <p>Not thread-safe; one state per thread.
 */
public final class GameState {
    private static final Phase[] PHASES = Phase.values();
    static final int RETURNS = Phase.RETURNS.ordinal();
    static final int TAKE_FIRST = Phase.TAKE_FIRST.ordinal();
    static final int PAY = Phase.PAY.ordinal();
    static final int TAKE_SECOND = Phase.TAKE_SECOND.ordinal();
    static final int LATE_RETURNS = Phase.LATE_RETURNS.ordinal();
    static final int MARKER = Phase.MARKER.ordinal();
    static final int GAME_OVER = Phase.GAME_OVER.ordinal();

    /** held[] keeps the ids of known tokens in bits 0–13 and a count of UNKNOWN tokens from here. */
    static final int UNKNOWN_SHIFT = 16;
    private static final int KNOWN_MASK = Token.ALL_MASK;

    final Rules rules;
    final Layout layout;
    final int players;
    // rule parameters hoisted for the hot path
    private final int maxOnTable;
    private final boolean freedPayable;
    private final boolean threeRow;
    private final boolean lateReturns;

    // ---- public state (R25)
    long table;              // positions with a card
    long marked;             // positions with any marker
    long tokenPlaces;        // positions still carrying a token
    final long[] hand;       // cards taken, per player
    final long[] markers;    // positions carrying the player's marker
    final int[] reserve;     // markers in reserve (R4)
    final int[] boxed;       // markers in the box (R11, R12)
    final int[] usedReturns; // return tokens used (public, R8)
    final int[] nonReturnAtLeast; // this many held tokens are known not to be returns (a pass reveals it)
    int toMove;
    int phase;
    int turn;                // completed turns, passes included
    int taken;               // cards taken this turn (0–2)
    int first;               // position of the first card taken this turn, or -1
    int freed;               // own markers freed by R10 this turn
    int returnsThisTurn;     // return tokens used this turn

    // ---- hidden state (R26)
    long placeTokens;        // 4-bit token id per token place (Token.UNKNOWN in view states)
    final int[] held;        // token ids held per player (bits 0–13) + unknown count << UNKNOWN_SHIFT

    /** A new game: the deal's layout and tokens, seat 0 to move (R5–R7). */
    public GameState(Rules rules, Deal deal) {
        this(rules, deal.layout());
        if (deal.layout().deck().cards().size() != Deck.SIZE) {
            throw new IllegalArgumentException("deck must have 48 cards");
        }
        long pt = 0;
        for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
            pt |= (long) deal.placeToken(i) << (4 * i);
        }
        placeTokens = pt;
        table = Layout.ALL;
        tokenPlaces = Layout.TOKEN_PLACE_MASK;
        for (int p = 0; p < players; p++) {
            reserve[p] = Rules.MARKERS;
        }
        toMove = 0;
        startTurn();
    }

    /** An empty state for {@link #copyFrom} or determinization targets. */
    GameState(Rules rules, Layout layout) {
        this.rules = rules;
        this.layout = layout;
        this.players = rules.players();
        this.maxOnTable = rules.maxMarkersOnTable();
        this.freedPayable = rules.freedMarkersPayable();
        this.threeRow = rules.variant() == Rules.Variant.THREE_ROW;
        this.lateReturns = rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING;
        this.hand = new long[players];
        this.markers = new long[players];
        this.reserve = new int[players];
        this.boxed = new int[players];
        this.usedReturns = new int[players];
        this.nonReturnAtLeast = new int[players];
        this.held = new int[players];
        this.first = -1;
        this.phase = GAME_OVER;
    }

    /** An independent copy. */
    public GameState copy() {
        GameState s = new GameState(rules, layout);
        s.copyFrom(this);
        return s;
    }

    /** Overwrites this state with {@code o}, which must have the same rules and layout. Allocates nothing. */
    public void copyFrom(GameState o) {
        if (o.layout != layout || o.rules != rules) {
            if (!o.rules.equals(rules) || o.layout != layout) {
                throw new IllegalArgumentException("copyFrom needs a state of the same game (rules and layout)");
            }
        }
        table = o.table;
        marked = o.marked;
        tokenPlaces = o.tokenPlaces;
        placeTokens = o.placeTokens;
        toMove = o.toMove;
        phase = o.phase;
        turn = o.turn;
        taken = o.taken;
        first = o.first;
        freed = o.freed;
        returnsThisTurn = o.returnsThisTurn;
        // One loop over 2-4 seats beats seven System.arraycopy calls of 2-4 elements
        // (StateBench.copy: 33 ns with arraycopy).
        for (int p = 0; p < players; p++) {
            hand[p] = o.hand[p];
            markers[p] = o.markers[p];
            reserve[p] = o.reserve[p];
            boxed[p] = o.boxed[p];
            usedReturns[p] = o.usedReturns[p];
            nonReturnAtLeast[p] = o.nonReturnAtLeast[p];
            held[p] = o.held[p];
        }
    }

    // =================================================================== queries

    public Rules rules() {
        return rules;
    }

    public Layout layout() {
        return layout;
    }

    public int players() {
        return players;
    }

    public Phase phase() {
        return PHASES[phase];
    }

    /** The seat whose decision it is (the last mover once the game is over). */
    public int toMove() {
        return toMove;
    }

    public boolean isOver() {
        return phase == GAME_OVER;
    }

    /** Completed turns, passes included. Turn 0 is seat 0's first turn. */
    public int turn() {
        return turn;
    }

    /** Positions with a card on the table. */
    public long table() {
        return table;
    }

    /** Cards taken by a player, as a position mask. */
    public long hand(int player) {
        return hand[player];
    }

    /** Number of cards a player has taken. */
    public int cardCount(int player) {
        return Long.bitCount(hand[player]);
    }

    /** Positions carrying the player's markers. */
    public long markers(int player) {
        return markers[player];
    }

    public int reserve(int player) {
        return reserve[player];
    }

    public int boxed(int player) {
        return boxed[player];
    }

    public int usedReturns(int player) {
        return usedReturns[player];
    }

    /** Positions that still carry a (face-down) token. */
    public long tokenPlaces() {
        return tokenPlaces;
    }

    /** Cards taken so far this turn (0–2). */
    public int takenThisTurn() {
        return taken;
    }

    /** Position of the first card taken this turn, or -1. */
    public int firstTaken() {
        return first;
    }

    /** Return tokens used so far this turn. */
    public int returnsThisTurn() {
        return returnsThisTurn;
    }

    /** Hidden (R26): the ids of the tokens a player holds, as a mask over token ids. */
    public int heldTokens(int player) {
        return held[player] & KNOWN_MASK;
    }

    /** How many tokens a player holds (public, R25). */
    public int tokenCount(int player) {
        return Integer.bitCount(held[player] & KNOWN_MASK) + (held[player] >>> UNKNOWN_SHIFT);
    }

    /** Hidden (R26): the token id on a token place, or Token.UNKNOWN in a view state. Meaningful
     * only while the place's card is on the table. */
    public int placeToken(int place) {
        return (int) (placeTokens >>> (4 * place)) & 15;
    }

    // =================================================================== turn flow

    void startTurn() {
        taken = 0;
        first = -1;
        freed = 0;
        returnsThisTurn = 0;
        int me = toMove;
        // R8: the return step exists only when a return token could do something.
        phase = (held[me] & Token.RETURN_MASK) != 0 && boxed[me] > 0 ? RETURNS : TAKE_FIRST;
    }

    private void endTurn() {
        turn++;
        int next = toMove + 1;
        toMove = next == players ? 0 : next;
        startTurn();
    }

    /** After the take step: end of game (R17), late returns (R8 choice) or the marker step (R15). */
    private void endTake() {
        long t = table;
        if (t == 0 || (threeRow && Layout.emptyRows(t) >= 3)) {
            phase = GAME_OVER;
            turn++;
            return;
        }
        int me = toMove;
        if (lateReturns && (held[me] & Token.RETURN_MASK) != 0 && boxed[me] > 0) {
            phase = LATE_RETURNS;
            return;
        }
        enterMarker();
    }

    private void enterMarker() {
        if (hasMarkerOption(toMove)) {
            phase = MARKER;
        } else {
            endTurn();
        }
    }

    private boolean hasMarkerOption(int me) {
        if ((table & ~marked) == 0) {
            return false;
        }
        if (reserve[me] > 0) {
            return Long.bitCount(markers[me]) < maxOnTable; // R21 cap
        }
        return markers[me] != 0;
    }

    private void afterFirst() {
        // R9: no second card on the game's first turn or after a double-shield card.
        if (turn != 0 && (layout.doubleMask >>> first & 1) == 0 && secondCandidates() != 0) {
            phase = TAKE_SECOND;
        } else {
            endTake();
        }
    }

    /** Can the player to move pay for an opponent-marked card now (R11)? */
    private boolean canPay(int me) {
        return payableReserve(me) > 0 || markers[me] != 0;
    }

    private int payableReserve(int me) {
        return freedPayable ? reserve[me] : reserve[me] - freed;
    }

    /** End cards the player may take: unmarked, own marker, or opponent's marker if payable. */
    private long takeable(long ends, int me) {
        long opp = marked & ~markers[me];
        return canPay(me) ? ends : ends & ~opp;
    }

    private long firstCandidates() {
        return takeable(Layout.ends(table), toMove);
    }

    private long secondCandidates() {
        int region = layout.regionAt(first);
        return takeable(Layout.ends(table) & layout.regionSingleMask[region], toMove);
    }

    // =================================================================== legal actions

    /**
     * Writes the legal actions of the current decision point into {@code buf} in ascending
     * order and returns how many there are (0 only when the game is over).
     * {@code buf} needs room for {@link Action#MAX_LEGAL}.
     */
    public int legalActions(int[] buf) {
        int me = toMove;
        switch (phase) {
            case 0: { // RETURNS
                int n = 0;
                buf[n++] = Action.USE_RETURN; // the phase is open only while it is usable
                if (firstCandidates() != 0) {
                    buf[n++] = Action.END_RETURNS;
                }
                return n;
            }
            case 1: { // TAKE_FIRST
                long c = firstCandidates();
                if (c == 0) {
                    buf[0] = Action.PASS;
                    return 1;
                }
                return writeAll(buf, 0, Action.T_TAKE << 12, c);
            }
            case 2: { // PAY
                int n = 0;
                if (payableReserve(me) > 0) {
                    buf[n++] = Action.PAY_RESERVE;
                }
                return writeAll(buf, n, Action.T_PAY_MARKER << 12, markers[me]);
            }
            case 3: { // TAKE_SECOND
                int n = writeAll(buf, 0, Action.T_TAKE << 12, secondCandidates());
                buf[n++] = Action.STOP;
                return n;
            }
            case 4: // LATE_RETURNS
                buf[0] = Action.USE_RETURN;
                buf[1] = Action.END_RETURNS;
                return 2;
            case 5: { // MARKER
                long free = table & ~marked;
                int n;
                if (reserve[me] > 0) {
                    n = writeAll(buf, 0, Action.T_PLACE << 12, free);
                } else {
                    // MOVE(f, t), f-major: the targets once for the first own marker, then each
                    // further marker's block as that block plus the difference of the from fields.
                    long from = markers[me];
                    if (from == 0) {
                        n = 0;
                    } else {
                        int f0 = Long.numberOfTrailingZeros(from);
                        int f = writeAll(buf, 0, Action.T_MOVE << 12 | f0 << 6, free);
                        n = f;
                        for (from &= from - 1; from != 0; from &= from - 1) {
                            int delta = (Long.numberOfTrailingZeros(from) - f0) << 6;
                            for (int j = 0; j < f; j++) {
                                buf[n + j] = buf[j] + delta;
                            }
                            n += f;
                        }
                    }
                }
                buf[n++] = Action.SKIP;
                return n;
            }
            default:
                return 0;
        }
    }

    private static int writeAll(int[] buf, int n, int base, long mask) {
        // A counted loop (trip count = bitCount), so C2 hoists the range check and unrolls it
        // (MARKER_PLACE: 26 -> 20 ns against a while (m != 0) loop, LegalActionsBench; two
        // interleaved chains over the row halves measured slower).
        int count = Long.bitCount(mask);
        long m = mask;
        for (int i = 0; i < count; i++) {
            buf[n + i] = base | Long.numberOfTrailingZeros(m);
            m &= m - 1;
        }
        return n + count;
    }

    /** Number of legal actions at the current decision point. Allocates nothing. */
    public int legalCount() {
        int me = toMove;
        switch (phase) {
            case 0:
                return firstCandidates() != 0 ? 2 : 1;
            case 1: {
                int c = Long.bitCount(firstCandidates());
                return c == 0 ? 1 : c;
            }
            case 2:
                return (payableReserve(me) > 0 ? 1 : 0) + Long.bitCount(markers[me]);
            case 3:
                return Long.bitCount(secondCandidates()) + 1;
            case 4:
                return 2;
            case 5: {
                int free = Long.bitCount(table & ~marked);
                return (reserve[me] > 0 ? free : free * Long.bitCount(markers[me])) + 1;
            }
            default:
                return 0;
        }
    }

    /** True if {@code action} is legal at the current decision point. */
    public boolean isLegal(int action) {
        return whyIllegal(action) == null;
    }

    /**
     * Null if the action is legal here, else a one-line reason starting with the rule it breaks.
     */
    public String whyIllegal(int action) {
        if (!Action.isWellFormed(action)) {
            return "not an action: " + action;
        }
        int me = toMove;
        int type = Action.type(action);
        int p = Action.position(action);
        long bit = 1L << p;
        switch (phase) {
            case 0: // RETURNS
                if (type == Action.T_USE_RETURN) {
                    return null;
                }
                if (type == Action.T_END_RETURNS) {
                    return firstCandidates() != 0 ? null
                            : "R14: no card can be taken without a return token, and a take is compulsory (R9): use a return token";
                }
                return "R8: the turn starts with the return-token step: use a return token or end the step";
            case 1: { // TAKE_FIRST
                long c = firstCandidates();
                if (type == Action.T_PASS) {
                    return c == 0 ? null : "R14: a player who can take a card may not pass (R9: take at least one card)";
                }
                if (type != Action.T_TAKE) {
                    return c == 0 ? "R14: no card can be taken: the player must pass"
                            : "R9: the player must take a card now (" + Action.typeName(action) + " is not possible here)";
                }
                return whyNotTakeable(p, bit, me, c);
            }
            case 2: // PAY
                if (type == Action.T_PAY_RESERVE) {
                    if (payableReserve(me) > 0) {
                        return null;
                    }
                    return reserve[me] > 0 ? "R11: markers freed by R10 this turn cannot pay under these rules"
                            : "R11: no marker in reserve to pay with";
                }
                if (type == Action.T_PAY_MARKER) {
                    return (markers[me] & bit) != 0 ? null
                            : "R11: no own marker on " + Layout.positionName(p) + " to pay with";
                }
                return "R11: the card taken carried an opponent's marker: pay one of your markers into the box first";
            case 3: { // TAKE_SECOND
                if (type == Action.T_STOP) {
                    return null;
                }
                if (type != Action.T_TAKE) {
                    return "R9: take a second card or stop (" + Action.typeName(action) + " is not possible here)";
                }
                if ((table & bit) != 0 && (Layout.ends(table) & bit) != 0) {
                    Card a = layout.card(first);
                    Card b = layout.card(p);
                    if (a.region() != b.region()) {
                        return "R9: two cards taken together must be of the same region (" + a.region() + " and " + b.region() + ")";
                    }
                    if (b.isDouble()) {
                        return "R9: two cards taken together show at most 2 shields; " + Layout.positionName(p) + " has 2";
                    }
                }
                return whyNotTakeable(p, bit, me, secondCandidates());
            }
            case 4: // LATE_RETURNS
                return type == Action.T_USE_RETURN || type == Action.T_END_RETURNS ? null
                        : "R8: use a return token or end the return step before the marker step";
            case 5: { // MARKER
                if (type == Action.T_SKIP) {
                    return null;
                }
                if (type == Action.T_PLACE) {
                    if (reserve[me] == 0) {
                        return "R15: no marker in reserve to place (move one instead)";
                    }
                    if (Long.bitCount(markers[me]) >= maxOnTable) {
                        return "R21: at most " + maxOnTable + " of a player's markers may be on the table";
                    }
                    return whyNotFree(p, bit);
                }
                if (type == Action.T_MOVE) {
                    if (reserve[me] > 0) {
                        return "R15: a marker may be moved only when the reserve is empty";
                    }
                    int from = Action.from(action);
                    if ((markers[me] >>> from & 1) == 0) {
                        return "R15: no own marker on " + Layout.positionName(from) + " to move";
                    }
                    return whyNotFree(p, bit);
                }
                return "R15: place or move a marker, or skip (" + Action.typeName(action) + " is not possible here)";
            }
            default:
                return "R17: the game is over";
        }
    }

    private String whyNotTakeable(int p, long bit, int me, long candidates) {
        if ((candidates & bit) != 0) {
            return null;
        }
        if ((table & bit) == 0) {
            return "R9: there is no card on " + Layout.positionName(p);
        }
        if ((Layout.ends(table) & bit) == 0) {
            return "R9: " + Layout.positionName(p) + " is not at the left or right end of its row";
        }
        if ((marked & ~markers[me] & bit) != 0 && !canPay(me)) {
            return "R11: " + Layout.positionName(p) + " carries an opponent's marker and all your markers are boxed";
        }
        return "R9: " + Layout.positionName(p) + " cannot be taken now";
    }

    private String whyNotFree(int p, long bit) {
        if ((table & bit) == 0) {
            return "R15: there is no card on " + Layout.positionName(p);
        }
        if ((marked & bit) != 0) {
            return "R15: " + Layout.positionName(p) + " already carries a marker";
        }
        return null;
    }

    // =================================================================== applying actions

    /**
     * Applies a legal action; an illegal one throws {@link IllegalActionException} whose message
     * names the rule, and leaves the state unchanged.
     */
    public void apply(int action) {
        String why = whyIllegal(action);
        if (why != null) {
            throw new IllegalActionException(action, why);
        }
        play(action);
    }

    /**
     * Applies an action from {@link #legalActions} without checking it (the fast path for
     * playouts and search). Anything else corrupts the state.
     */
    public void play(int action) {
        int me = toMove;
        switch (action >>> 12) {
            case Action.T_USE_RETURN:
                useReturn(me);
                return;
            case Action.T_END_RETURNS:
                closeReturns();
                return;
            case Action.T_TAKE:
                take(me, action & 63);
                return;
            case Action.T_STOP:
                endTake();
                return;
            case Action.T_PAY_RESERVE:
                payReserve(me);
                return;
            case Action.T_PAY_MARKER:
                payMarker(me, action & 63);
                return;
            case Action.T_PLACE:
                place(me, action & 63);
                return;
            case Action.T_MOVE:
                move(me, action >>> 6 & 63, action & 63);
                return;
            case Action.T_SKIP:
                endTurn();
                return;
            case Action.T_PASS:
                pass(me);
                return;
            default:
                throw new IllegalActionException(action, "not an action: " + action);
        }
    }

    private void useReturn(int me) {
        // R8: discard a return token (the lower id); one boxed marker back to reserve.
        int h = held[me];
        held[me] = h & ~((h & Token.RETURN_MASK) & -(h & Token.RETURN_MASK));
        boxed[me]--;
        reserve[me]++;
        usedReturns[me]++;
        returnsThisTurn++;
        if ((held[me] & Token.RETURN_MASK) == 0 || boxed[me] == 0) {
            closeReturns();
        }
    }

    private void payReserve(int me) {
        reserve[me]--;
        boxed[me]++;
        afterPay();
    }

    private void payMarker(int me, int p) {
        long bit = 1L << p;
        markers[me] &= ~bit;
        marked &= ~bit;
        boxed[me]++;
        afterPay();
    }

    private void place(int me, int p) {
        long bit = 1L << p;
        markers[me] |= bit;
        marked |= bit;
        reserve[me]--;
        endTurn();
    }

    private void move(int me, int f, int t) {
        long from = 1L << f;
        long to = 1L << t;
        markers[me] = markers[me] & ~from | to;
        marked = marked & ~from | to;
        endTurn();
    }

    private void pass(int me) {
        // R14. A pass reveals that no held token is a return token (else R8 would apply).
        nonReturnAtLeast[me] = tokenCount(me);
        endTurn();
    }

    // =================================================================== random playouts

    /**
     * Plays uniformly random legal actions until the game is over and returns how many: exactly
     * the game of the plain loop {@code n = legalActions(buf); play(n == 1 ? buf[0] :
     * buf[rng.nextInt(n)])} (same draws from {@code rng}, same actions, same final state;
     * {@code PlayoutsTest} compares the action sequences), without writing legal sets out.
     *
     * @param trace null, or receives the actions played (room for every step)
     */
    int playRandomToEnd(SplittableRandom rng, int[] trace) {
        SplittableRandom[] one = oneRng;
        for (int p = 0; p < players; p++) {
            one[p] = rng;
        }
        return playUniformToEnd(one, trace);
    }

    /** Scratch for {@link #playRandomToEnd}: the single stream for every seat (no allocation). */
    private final SplittableRandom[] oneRng = new SplittableRandom[4];

    /**
     * Plays the rest of the game as uniformly random bots would, each seat drawing from its own
     * stream: exactly the games of {@link #playUniform} with {@code rngBySeat[toMove()]} at every
     * step (same draws per stream, same actions), by the fused whole-turn loop. This is what the
     * game driver runs when every seat is a uniform random bot.
     *
     * @param trace null, or receives the actions played (room for every step)
     * @return the number of actions played
     */
    public int playUniformToEnd(SplittableRandom[] rngBySeat, int[] trace) {
        int steps = 0;
        // Finish the turn in progress step by step (search starts playouts anywhere), then play
        // whole turns in the fused loop. LATE_RETURNS rules always go step by step.
        while (phase != GAME_OVER && (lateReturns || taken != 0 || (phase != RETURNS && phase != TAKE_FIRST))) {
            int a = randomStep(rngBySeat[toMove]);
            if (trace != null) {
                trace[steps] = a;
            }
            steps++;
        }
        return phase == GAME_OVER ? steps : randomTurns(rngBySeat, trace, steps);
    }

    /**
     * The fused playout from the start of a turn (phase RETURNS or TAKE_FIRST, nothing taken yet):
     * the decisions of {@link #randomStep} for whole turns, with the table, the markers and the
     * mover's markers and reserve in locals, written back at the end of each turn and of the
     * game; the phase field is kept only at turn starts. Not for LATE_RETURNS rules. Every draw
     * and every action is the one the plain loop makes.
     */
    private int randomTurns(SplittableRandom[] rngBySeat, int[] trace, int steps) {
        // Only what the take and marker decisions chain on lives in locals (table, markers,
        // the mover's markers and reserve); hands, tokens and boxed counts are updated in place,
        // which keeps C2 from spilling (about 170 register spills with everything in locals).
        final long[] markers = this.markers;
        final int[] reserve = this.reserve;
        long table = this.table;
        long marked = this.marked;
        long tokenPlaces = this.tokenPlaces;
        int me = toMove;
        int turn = this.turn;
        long ends = Layout.ends(table); // kept up to date row by row as cards leave (R9)
        while (true) {
            // ---- one turn of player me, drawing from its stream
            final SplittableRandom rng = rngBySeat[me];
            long myMk = markers[me];
            int rsv = reserve[me];
            int freedT = 0; // own markers freed by R10 this turn
            if (phase == RETURNS) {
                while (true) { // R8: USE_RETURN, then END_RETURNS if a take is possible
                    boolean canPay = rsv > 0 || myMk != 0;
                    long c = canPay ? ends : ends & ~(marked & ~myMk);
                    if (c != 0 && nextInt(rng, 2) == 1) {
                        if (trace != null) {
                            trace[steps] = Action.END_RETURNS;
                        }
                        steps++;
                        break;
                    }
                    if (trace != null) {
                        trace[steps] = Action.USE_RETURN;
                    }
                    steps++;
                    int h = held[me] & ~((held[me] & Token.RETURN_MASK) & -(held[me] & Token.RETURN_MASK));
                    held[me] = h;
                    int bx = --boxed[me];
                    rsv++;
                    usedReturns[me]++;
                    returnsThisTurn++;
                    if ((h & Token.RETURN_MASK) == 0 || bx == 0) {
                        break;
                    }
                }
            }
            // ---- TAKE_FIRST (R9, R14)
            long c;
            {
                boolean canPay = (freedPayable ? rsv : rsv - freedT) > 0 || myMk != 0;
                c = canPay ? ends : ends & ~(marked & ~myMk);
            }
            boolean markerStep = false;
            if (c == 0) {
                // R14: pass; it reveals that no held token is a return token.
                if (trace != null) {
                    trace[steps] = Action.PASS;
                }
                steps++;
                nonReturnAtLeast[me] = tokenCount(me);
            } else {
                boolean second = false;
                while (true) { // the first card, then possibly a second one
                    int n = Long.bitCount(c);
                    int p;
                    if (second) {
                        int k = nextInt(rng, n + 1); // TAKE(p) ascending, then STOP
                        if (k == n) {
                            if (trace != null) {
                                trace[steps] = Action.STOP;
                            }
                            steps++;
                            break;
                        }
                        p = selectFew(c, k);
                        this.taken = 2;
                    } else {
                        p = selectFew(c, n == 1 ? 0 : nextInt(rng, n));
                        this.first = p;
                        this.taken = 1;
                    }
                    if (trace != null) {
                        trace[steps] = Action.T_TAKE << 12 | p;
                    }
                    steps++;
                    long bit = 1L << p;
                    table &= ~bit;
                    long rowMask = Layout.rowMaskOf(p);
                    long row = table & rowMask;
                    ends = ends & ~rowMask | (row & -row) | Long.highestOneBit(row);
                    hand[me] |= bit;
                    // R13 without a branch: a token id t counts as bit t, UNKNOWN (15) in the
                    // count at bit 16 = 15 + 1; off token places isToken = 0 masks the garbage.
                    int isToken = (int) (tokenPlaces >>> p) & 1;
                    tokenPlaces &= ~bit;
                    int t = (int) (placeTokens >>> (4 * Layout.placeOf(p))) & 15;
                    held[me] += isToken << (t + ((t + 1) >>> 4));
                    // R10 without a branch: an own marker goes back to the reserve
                    long opponentMarker = marked & ~myMk & bit;
                    int own = (int) (myMk >>> p) & 1;
                    myMk &= ~bit;
                    marked &= ~bit;
                    rsv += own;
                    freedT += own;
                    if (opponentMarker != 0) { // R11: back to its owner, then PAY
                        int owner = me == 0 ? 1 : 0;
                        while ((markers[owner] & bit) == 0) {
                            owner = owner + 1 == me ? owner + 2 : owner + 1;
                        }
                        markers[owner] &= ~bit;
                        reserve[owner]++;
                        int r = (freedPayable ? rsv : rsv - freedT) > 0 ? 1 : 0;
                        int np = r + Long.bitCount(myMk);
                        int k = np == 1 ? 0 : nextInt(rng, np);
                        if (k < r) {
                            if (trace != null) {
                                trace[steps] = Action.PAY_RESERVE;
                            }
                            rsv--;
                        } else {
                            int q = selectFew(myMk, k - r);
                            if (trace != null) {
                                trace[steps] = Action.T_PAY_MARKER << 12 | q;
                            }
                            myMk &= ~(1L << q);
                            marked &= ~(1L << q);
                        }
                        steps++;
                        boxed[me]++;
                    }
                    if (second || turn == 0) {
                        break;
                    }
                    // R9: a second one-shield card of the same region, if any is takeable
                    // (secondMask is 0 after a double-shield card)
                    long seconds = ends & layout.secondMask[p];
                    boolean canPay = (freedPayable ? rsv : rsv - freedT) > 0 || myMk != 0;
                    c = canPay ? seconds : seconds & ~(marked & ~myMk);
                    if (c == 0) {
                        break;
                    }
                    second = true;
                }
                // ---- end of the take step (R17)
                if (table == 0 || (threeRow && Layout.emptyRows(table) >= 3)) {
                    markers[me] = myMk;
                    reserve[me] = rsv;
                    this.table = table;
                    this.marked = marked;
                    this.tokenPlaces = tokenPlaces;
                    this.toMove = me;
                    this.phase = GAME_OVER;
                    this.turn = turn + 1;
                    this.freed = freedT;
                    return steps;
                }
                markerStep = true;
            }
            if (markerStep) {
                // ---- MARKER (R15, R21): PLACE(t) or MOVE(f, t) ascending, then SKIP
                long free = table & ~marked;
                if (free != 0) {
                    int f = Long.bitCount(free);
                    if (rsv > 0) {
                        if (Long.bitCount(myMk) < maxOnTable) {
                            int k = nextInt(rng, f + 1);
                            if (k == f) {
                                if (trace != null) {
                                    trace[steps] = Action.SKIP;
                                }
                            } else {
                                int to = select(free, k);
                                if (trace != null) {
                                    trace[steps] = Action.T_PLACE << 12 | to;
                                }
                                myMk |= 1L << to;
                                marked |= 1L << to;
                                rsv--;
                            }
                            steps++;
                        }
                    } else if (myMk != 0) {
                        int n = f * Long.bitCount(myMk) + 1;
                        int k = nextInt(rng, n);
                        if (k == n - 1) {
                            if (trace != null) {
                                trace[steps] = Action.SKIP;
                            }
                        } else {
                            // k = fromIndex * f + toIndex with fromIndex < 3, without a loop
                            int ge1 = k >= f ? 1 : 0;
                            int ge2 = k >= 2 * f ? 1 : 0;
                            int fromIndex = ge1 + ge2;
                            k -= f & -ge1;
                            k -= f & -ge2;
                            int from = selectFew(myMk, fromIndex);
                            int to = select(free, k);
                            if (trace != null) {
                                trace[steps] = Action.T_MOVE << 12 | from << 6 | to;
                            }
                            myMk = myMk & ~(1L << from) | 1L << to;
                            marked = marked & ~(1L << from) | 1L << to;
                        }
                        steps++;
                    }
                }
            }
            // ---- end of turn: write the mover back, next seat (R7), start its turn (R8)
            markers[me] = myMk;
            reserve[me] = rsv;
            turn++;
            me = me + 1 == players ? 0 : me + 1;
            phase = (held[me] & Token.RETURN_MASK) != 0 && boxed[me] > 0 ? RETURNS : TAKE_FIRST;
            returnsThisTurn = 0;
        }
    }

    /**
     * Plays one uniformly random legal action and returns it: exactly
     * {@code n = legalActions(buf); play(n == 1 ? buf[0] : buf[rng.nextInt(n)])} — the same draw
     * from {@code rng} (none when n = 1), the same action — without writing the legal set out.
     * The game must not be over.
     */
    public int playUniform(SplittableRandom rng) {
        if (phase == GAME_OVER) {
            throw new IllegalActionException(0, "R17: the game is over");
        }
        return randomStep(rng);
    }

    /**
     * One step of {@link #playRandomToEnd}: counts the legal set of the current decision point,
     * draws an index k like {@code rng.nextInt(n)} (nothing when n = 1), finds the k-th action of
     * the ascending order {@link #legalActions} writes, plays it and returns it.
     */
    int randomStep(SplittableRandom rng) {
        int me = toMove;
        switch (phase) {
            case 0: { // RETURNS: USE_RETURN, then END_RETURNS if a take is possible
                if (firstCandidates() != 0 && rng.nextInt(2) == 1) {
                    closeReturns();
                    return Action.END_RETURNS;
                }
                useReturn(me);
                return Action.USE_RETURN;
            }
            case 1: { // TAKE_FIRST: TAKE(p) ascending, or PASS alone
                long c = firstCandidates();
                if (c == 0) {
                    pass(me);
                    return Action.PASS;
                }
                int n = Long.bitCount(c);
                int p = select(c, n == 1 ? 0 : rng.nextInt(n));
                take(me, p);
                return Action.T_TAKE << 12 | p;
            }
            case 2: { // PAY: PAY_RESERVE if payable, then PAY_MARKER(p) ascending
                int r = payableReserve(me) > 0 ? 1 : 0;
                long mk = markers[me];
                int n = r + Long.bitCount(mk);
                int k = n == 1 ? 0 : rng.nextInt(n);
                if (k < r) {
                    payReserve(me);
                    return Action.PAY_RESERVE;
                }
                int p = select(mk, k - r);
                payMarker(me, p);
                return Action.T_PAY_MARKER << 12 | p;
            }
            case 3: { // TAKE_SECOND: TAKE(p) ascending, then STOP
                long c = secondCandidates();
                int n = Long.bitCount(c) + 1;
                int k = n == 1 ? 0 : rng.nextInt(n);
                if (k == n - 1) {
                    endTake();
                    return Action.STOP;
                }
                int p = select(c, k);
                take(me, p);
                return Action.T_TAKE << 12 | p;
            }
            case 4: // LATE_RETURNS: USE_RETURN, END_RETURNS
                if (rng.nextInt(2) == 1) {
                    closeReturns();
                    return Action.END_RETURNS;
                }
                useReturn(me);
                return Action.USE_RETURN;
            case 5: { // MARKER: PLACE(t) or MOVE(f, t) ascending, then SKIP
                long free = table & ~marked;
                int f = Long.bitCount(free);
                if (reserve[me] > 0) {
                    int n = f + 1;
                    int k = n == 1 ? 0 : rng.nextInt(n);
                    if (k == f) {
                        endTurn();
                        return Action.SKIP;
                    }
                    int t = select(free, k);
                    place(me, t);
                    return Action.T_PLACE << 12 | t;
                }
                long mk = markers[me];
                int n = f * Long.bitCount(mk) + 1;
                int k = n == 1 ? 0 : rng.nextInt(n);
                if (k == n - 1) {
                    endTurn();
                    return Action.SKIP;
                }
                int fromIndex = 0; // k = fromIndex * f + toIndex, fromIndex < 3
                while (k >= f) {
                    k -= f;
                    fromIndex++;
                }
                int from = select(mk, fromIndex);
                int t = select(free, k);
                move(me, from, t);
                return Action.T_MOVE << 12 | from << 6 | t;
            }
            default:
                throw new IllegalStateException("the game is over");
        }
    }

    private static final long ONES_STEP_4 = 0x1111111111111111L;
    private static final long ONES_STEP_8 = 0x0101010101010101L;
    private static final long MSBS_STEP_8 = 0x80L * ONES_STEP_8;
    /** SELECT_IN_BYTE[b | r << 8]: position of the r-th (0-based) set bit of byte b. */
    private static final byte[] SELECT_IN_BYTE = new byte[8 * 256];

    static {
        for (int b = 0; b < 256; b++) {
            int r = 0;
            for (int bit = 0; bit < 8; bit++) {
                if ((b >>> bit & 1) != 0) {
                    SELECT_IN_BYTE[b | r++ << 8] = (byte) bit;
                }
            }
        }
    }

    /**
     * {@link #select} for a mask with at most eight set bits (row ends, a player's markers).
     */
    /** MAGIC[d], SHIFT[d]: floor(u / d) = (u * MAGIC[d]) >>> SHIFT[d] for 0 <= u < 2^31, 2 <= d < 256. */
    private static final long[] MAGIC = new long[256];
    private static final byte[] SHIFT = new byte[256];

    static {
        for (int d = 2; d < 256; d++) {
            // Granlund & Montgomery's round-up method for 31-bit numerators: l = ceil(log2 d),
            // m = ceil(2^(31+l) / d) < 2^32 + 1, so u * m < 2^64 and the quotient is exact.
            int l = 32 - Integer.numberOfLeadingZeros(d - 1);
            MAGIC[d] = ((1L << (31 + l)) + d - 1) / d;
            SHIFT[d] = (byte) (31 + l);
        }
    }

    /**
     * Exactly {@code rng.nextInt(bound)} for 2 <= bound < 256 (JDK 17's
     * {@code RandomSupport.boundedNextInt}: a power of two masks the low bits, any other bound
     * takes {@code (r >>> 1) % bound} and rejects the top partial range), with the division done
     * by a multiply: the same draws, the same results ({@code PlayoutsTest}), without the idiv
     * latency on the playout's critical path.
     */
    static int nextInt(SplittableRandom rng, int bound) {
        int r = rng.nextInt();
        int m = bound - 1;
        int u = r >>> 1;
        int q = remainder(u, bound);
        int pow2 = ((bound & m) - 1) >> 31; // -1 iff bound is a power of two
        if (((u + m - q) & ~pow2) >= 0) {   // accepted, or a power of two (no rejection)
            return (r & m & pow2) | (q & ~pow2);
        }
        // Rejected (probability below bound / 2^31): continue as the JDK does.
        while (true) {
            u = rng.nextInt() >>> 1;
            q = remainder(u, bound);
            if (u + m - q >= 0) {
                return q;
            }
        }
    }

    /** {@code u % d} for 0 <= u < 2^31 and 2 <= d < 256, by a multiply. */
    static int remainder(int u, int d) {
        return u - (int) ((u * MAGIC[d]) >>> SHIFT[d]) * d;
    }

    static int selectFew(long x, int k) {
        // All eight candidate positions packed a byte each, computed in parallel with the draw
        // that picks k; then one shift. tzcnt(0) = 64 fills unused bytes harmlessly.
        long m = x;
        long packed = Long.numberOfTrailingZeros(m);
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 8;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 16;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 24;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 32;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 40;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 48;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 56;
        return (int) (packed >>> (k << 3)) & 0xFF;
    }

    /**
     * The position of the k-th (0-based) set bit of {@code x}, which has more than k. Branch-free
     * broadword select (Vigna, "Broadword implementation of rank/select queries", 2008, as in
     * dsiutils {@code Fast.select}): byte-wise prefix popcounts, a SWAR compare to find the byte,
     * then a table lookup inside it.
     */
    static int select(long x, int k) {
        long byteSums = x - ((x & 0xAL * ONES_STEP_4) >>> 1);
        byteSums = (byteSums & 3 * ONES_STEP_4) + ((byteSums >>> 2) & 3 * ONES_STEP_4);
        byteSums = (byteSums + (byteSums >>> 4)) & 0x0F * ONES_STEP_8;
        byteSums *= ONES_STEP_8; // byte i: set bits in bytes 0..i
        long kStep8 = k * ONES_STEP_8;
        int byteOffset = Long.bitCount(((kStep8 | MSBS_STEP_8) - byteSums) & MSBS_STEP_8) << 3;
        int byteRank = k - (int) ((byteSums << 8) >>> byteOffset & 0xFF);
        return byteOffset + SELECT_IN_BYTE[(int) (x >>> byteOffset & 0xFF) | byteRank << 8];
    }

    private void closeReturns() {
        if (phase == RETURNS) {
            phase = TAKE_FIRST;
        } else {
            enterMarker();
        }
    }

    private void take(int me, int p) {
        long bit = 1L << p;
        table &= ~bit;
        hand[me] |= bit;
        taken++;
        if (taken == 1) {
            first = p;
        }
        if ((tokenPlaces & bit) != 0) {
            // R13: the token goes to the taker, face down.
            tokenPlaces &= ~bit;
            int t = (int) (placeTokens >>> (4 * Layout.placeOf(p))) & 15;
            held[me] += t == Token.UNKNOWN ? 1 << UNKNOWN_SHIFT : 1 << t;
        }
        if ((marked & bit) != 0) {
            marked &= ~bit;
            if ((markers[me] & bit) != 0) {
                // R10: own marker back to reserve.
                markers[me] &= ~bit;
                reserve[me]++;
                freed++;
            } else {
                // R11: the opponent's marker goes back to its owner; the taker pays next.
                int owner = 0;
                while ((markers[owner] & bit) == 0) {
                    owner++;
                }
                markers[owner] &= ~bit;
                reserve[owner]++;
                phase = PAY;
                return;
            }
        }
        if (taken == 1) {
            afterFirst();
        } else {
            endTake();
        }
    }

    private void afterPay() {
        if (taken == 1) {
            afterFirst();
        } else {
            endTake();
        }
    }

    // =================================================================== scoring

    /**
     * R18–R24: every seat's score if the game ended now (the final scores once it is over).
     * Tokens of unknown identity (view states) count for nothing.
     */
    public void scores(int[] out) {
        Scoring.score(rules, layout, hand, held, players, out);
    }

    /** Seats sharing the win (R20, R24) as a bit mask; meaningful once the game is over. */
    public int winners() {
        int[] s = new int[players];
        scores(s);
        return Scoring.winners(rules, s, hand, players);
    }

    /** Writes the winners given precomputed scores (avoids recomputing). */
    public int winners(int[] scores) {
        return Scoring.winners(rules, scores, hand, players);
    }

    // =================================================================== observations

    /** What {@code seat} may know now (R25, R26), as a new object. */
    public Observation observe(int seat) {
        Observation o = new Observation(rules, layout, seat);
        observe(seat, o);
        return o;
    }

    /** Refreshes {@code into} (which must be for this game and seat) with what its seat may know now. */
    public void observe(int seat, Observation into) {
        into.fillFrom(this, seat);
    }

    @Override
    public String toString() {
        return TextRender.render(this, -1);
    }
}

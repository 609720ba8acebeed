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
 * <li><b>Each rule fact once.</b> Which cards are takeable, what a taken token or marker does,
 * when the game ends, when a return or marker step exists: each is one small static function
 * in {@link RuleFacts}; each decision point's legal set is one shape in {@link LegalSets}. The
 * plain step here, the legal sets and the fused playout all call them (C2 inlines them).</li>
 * <li><b>Fused random playouts.</b> {@link FusedPlayout} (random games, ISMCTS rollouts) does not
 * write legal sets out: per decision it counts the legal set, draws the index exactly as
 * {@code rng.nextInt(n)} would (by a multiply, not a division), picks the index-th action and
 * applies it, whole turns at a time with the table and the mover's markers in locals. It plays
 * exactly the game of the plain legalActions/nextInt/play loop ({@code PlayoutsTest} compares
 * the actions, states and draws from every position of hundreds of games, under every rule
 * variant). PlayoutBench.randomGame: 4.5 µs plain, about 1.9 µs fused.</li>
 * <li><b>Scoring by lanes.</b> With 2 players {@link Scoring} counts all 12 categories of a hand at
 * once in 5-bit lanes from per-layout nibble tables and settles every majority with one SWAR
 * compare (StateBench.scores: 87 ns with per-category loops, about 19 ns).</li>
 * </ul>
 *
 * <p>Not thread-safe; one state per thread.
 */
public final class GameState extends PublicState {
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
    // rule parameters hoisted for the hot path
    final int maxOnTable;
    final boolean freedPayable;
    final boolean threeRow;
    final boolean lateReturns;

    // ---- public state (R25): the fields of PublicState
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
        super(rules.players());
        this.rules = rules;
        this.layout = layout;
        this.maxOnTable = rules.maxMarkersOnTable();
        this.freedPayable = rules.freedMarkersPayable();
        this.threeRow = rules.variant() == Rules.Variant.THREE_ROW;
        this.lateReturns = rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING;
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
        copyPublicFrom(o);
        placeTokens = o.placeTokens;
        for (int p = 0; p < players; p++) {
            held[p] = o.held[p];
        }
    }

    // =================================================================== queries

    /** The rules of this game. */
    public Rules rules() {
        return rules;
    }

    /** The public layout: which card lies where. */
    public Layout layout() {
        return layout;
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
        phase = RuleFacts.returnStep(held[me], boxed[me]) ? RETURNS : TAKE_FIRST; // R8
    }

    private void endTurn() {
        turn++;
        int next = toMove + 1;
        toMove = next == players ? 0 : next;
        startTurn();
    }

    /** After the take step: end of game (R17), late returns (R8 choice) or the marker step (R15). */
    private void endTake() {
        if (RuleFacts.gameOver(table, threeRow)) {
            phase = GAME_OVER;
            turn++;
            return;
        }
        int me = toMove;
        if (lateReturns && RuleFacts.returnStep(held[me], boxed[me])) {
            phase = LATE_RETURNS;
            return;
        }
        enterMarker();
    }

    private void enterMarker() {
        int me = toMove;
        if (RuleFacts.markerStep(table & ~marked, reserve[me], markers[me], maxOnTable)) {
            phase = MARKER;
        } else {
            endTurn();
        }
    }

    private void afterFirst() {
        if (secondCandidates() != 0) {
            phase = TAKE_SECOND;
        } else {
            endTake();
        }
    }

    private int payableReserve(int me) {
        return RuleFacts.payableReserve(reserve[me], freed, freedPayable);
    }

    /** Can the player to move pay for an opponent-marked card now (R11)? */
    private boolean canPay(int me) {
        return RuleFacts.canPay(payableReserve(me), markers[me]);
    }

    private long firstCandidates() {
        int me = toMove;
        return RuleFacts.takeable(Layout.ends(table), marked, markers[me], canPay(me));
    }

    private long secondCandidates() {
        int me = toMove;
        return RuleFacts.takeable(RuleFacts.secondEnds(Layout.ends(table), layout.secondMask[first], turn), marked,
                markers[me], canPay(me));
    }

    // =================================================================== legal actions

    /**
     * The one legal-set mapping of the plain state: hands the current decision point's set
     * ({@link LegalSets}: a shape per phase over {@link RuleFacts}' masks; MOVE's sources are the
     * mover's markers) to the consumer {@code op}: count it, draw from it, or look an action up.
     *
     * @param action {@link LegalSets#CONTAINS}: the well-formed action to look up;
     *               {@link LegalSets#KTH}: the index
     * @param rng    {@link LegalSets#DRAW}: the stream to draw from
     */
    int legal(int op, int action, SplittableRandom rng) {
        int me = toMove;
        long own = markers[me];
        switch (phase) {
            case 0: // RETURNS
                return LegalSets.consume(op, LegalSets.returns(firstCandidates()), 0, own, action, rng);
            case 1: { // TAKE_FIRST
                long c = firstCandidates();
                return LegalSets.consume(op, LegalSets.takeFirst(c), c, own, action, rng);
            }
            case 2: // PAY
                return LegalSets.consume(op, LegalSets.pay(payableReserve(me)), own, own, action, rng);
            case 3: // TAKE_SECOND
                return LegalSets.consume(op, LegalSets.TAKE_SECOND, secondCandidates(), own, action, rng);
            case 4: // LATE_RETURNS
                return LegalSets.consume(op, LegalSets.LATE_RETURNS, 0, own, action, rng);
            case 5: // MARKER
                return LegalSets.consume(op, LegalSets.marker(reserve[me]), table & ~marked, own, action, rng);
            default:
                return LegalSets.consume(op, LegalSets.NONE, 0, own, action, rng);
        }
    }

    /**
     * Writes the legal actions of the current decision point into {@code buf} in ascending
     * order and returns how many there are (0 only when the game is over).
     * {@code buf} needs room for {@link Action#MAX_LEGAL}. The same sets as {@link #legal}, by
     * {@link LegalSets}' writers (the hot path of search).
     */
    public int legalActions(int[] buf) {
        int me = toMove;
        switch (phase) {
            case 0: // RETURNS
                return LegalSets.writeReturns(buf, firstCandidates());
            case 1: // TAKE_FIRST
                return LegalSets.writeTakeFirst(buf, firstCandidates());
            case 2: // PAY
                return LegalSets.writePay(buf, payableReserve(me), markers[me]);
            case 3: // TAKE_SECOND
                return LegalSets.writeTakeSecond(buf, secondCandidates());
            case 4: // LATE_RETURNS
                return LegalSets.writeLateReturns(buf);
            case 5: // MARKER
                return LegalSets.writeMarker(buf, reserve[me], table & ~marked, markers[me]);
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
     * Legality is membership of the generated set; the reasons only explain.
     */
    public String whyIllegal(int action) {
        if (!Action.isWellFormed(action)) {
            return "not an action: " + action;
        }
        if (legal(LegalSets.CONTAINS, action, null) != 0) {
            return null;
        }
        return whyNot(action);
    }

    /** Why a well-formed action outside the legal set is illegal. */
    private String whyNot(int action) {
        int me = toMove;
        int type = Action.type(action);
        int p = Action.position(action);
        long bit = 1L << p;
        switch (phase) {
            case 0: // RETURNS
                if (type == Action.T_END_RETURNS) {
                    return "R14: no card can be taken without a return token, and a take is compulsory (R9): use a return token";
                }
                return "R8: the turn starts with the return-token step: use a return token or end the step";
            case 1: { // TAKE_FIRST
                long c = firstCandidates();
                if (type == Action.T_PASS) {
                    return "R14: a player who can take a card may not pass (R9: take at least one card)";
                }
                if (type != Action.T_TAKE) {
                    return c == 0 ? "R14: no card can be taken: the player must pass"
                            : "R9: the player must take a card now (" + Action.typeName(action) + " is not possible here)";
                }
                return whyNotTakeable(p, bit, me);
            }
            case 2: // PAY
                if (type == Action.T_PAY_RESERVE) {
                    return reserve[me] > 0 ? "R11: markers freed by R10 this turn cannot pay under these rules"
                            : "R11: no marker in reserve to pay with";
                }
                if (type == Action.T_PAY_MARKER) {
                    return "R11: no own marker on " + Layout.positionName(p) + " to pay with";
                }
                return "R11: the card taken carried an opponent's marker: pay one of your markers into the box first";
            case 3: { // TAKE_SECOND
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
                return whyNotTakeable(p, bit, me);
            }
            case 4: // LATE_RETURNS
                return "R8: use a return token or end the return step before the marker step";
            case 5: { // MARKER
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

    private String whyNotTakeable(int p, long bit, int me) {
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
        return "R15: " + Layout.positionName(p) + " already carries a marker";
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
                take(me, Action.position(action));
                return;
            case Action.T_STOP:
                endTake();
                return;
            case Action.T_PAY_RESERVE:
                payReserve(me);
                return;
            case Action.T_PAY_MARKER:
                payMarker(me, Action.position(action));
                return;
            case Action.T_PLACE:
                place(me, Action.position(action));
                return;
            case Action.T_MOVE:
                move(me, Action.from(action), Action.position(action));
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
        held[me] = RuleFacts.heldAfterReturn(held[me]);
        boxed[me]--;
        reserve[me]++;
        usedReturns[me]++;
        returnsThisTurn++;
        if (!RuleFacts.returnStep(held[me], boxed[me])) {
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
     * buf[rng.nextInt(n)])} (same draws from {@code rng}, same actions, same final state), by
     * {@link FusedPlayout}.
     *
     * @param trace null, or receives the actions played (room for every step)
     */
    int playRandomToEnd(SplittableRandom rng, int[] trace) {
        return FusedPlayout.toEnd(this, null, rng, trace);
    }

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
        return FusedPlayout.toEnd(this, rngBySeat, null, trace);
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
     * One uniformly random step: counts the legal set of the current decision point, draws an
     * index k like {@code rng.nextInt(n)} (nothing when n = 1), plays the k-th action of the
     * ascending order {@link #legalActions} writes and returns it.
     */
    int randomStep(SplittableRandom rng) {
        int a = legal(LegalSets.DRAW, 0, rng);
        play(a);
        return a;
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
        held[me] += RuleFacts.tokenGain(tokenPlaces, placeTokens, p); // R13: face down to the taker
        tokenPlaces &= ~bit;
        int own = RuleFacts.ownFreed(markers[me], p); // R10: own marker back to the reserve
        boolean opponent = RuleFacts.opponentMarked(marked, markers[me], bit);
        markers[me] &= ~bit;
        marked &= ~bit;
        reserve[me] += own;
        freed += own;
        if (opponent) {
            // R11: the opponent's marker goes back to its owner; the taker pays next.
            int owner = RuleFacts.markerOwner(markers, bit);
            markers[owner] &= ~bit;
            reserve[owner]++;
            phase = PAY;
            return;
        }
        afterPay();
    }

    /** After a take (and its payment, R11): the second card (R9) or the end of the take step. */
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

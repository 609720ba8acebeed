package richelieu.engine.solver;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Phase;
import richelieu.engine.RuleFacts;
import richelieu.engine.Rules;
import richelieu.engine.Scoring;
import richelieu.engine.SplitMix;
import richelieu.engine.Token;

import static richelieu.engine.solver.OpenWords.*;

/**
 * The open two-player game — every token's identity known — as eight words per ply, for search.
 *
 * <p>A position is copied to the next ply and changed there ("copy-make"): undoing a move is
 * looking one ply down, and eight words copy faster than any undo record could be written. The
 * rules are {@link GameState}'s, decision point by decision point, through the same
 * {@link RuleFacts} (the differential test plays both side by side); what differs is only what
 * the state keeps:
 * <ul>
 * <li>Seat 1's hand is the cards neither on the table nor in seat 0's hand.</li>
 * <li>Tokens are fixed to their cards: a card's scoring lanes ({@link Scoring}) include the token
 * it carries, so each seat's 12 category counts are kept as lanes updated by one add per card,
 * and the final score is one SWAR compare ({@link Scoring#laneTotals}). Return tokens are a
 * count per seat; which of the two is held never matters.</li>
 * <li>A 64-bit Zobrist key kept incrementally over takes and markers, mixed with the small
 * fields (reserve, box, return tokens, phase, …) when the table is probed.</li>
 * </ul>
 * This class keeps the positions and makes moves on them; how a position is packed is
 * {@link OpenWords}, its legal actions are {@link OpenMoves}' and its worth {@link OpenScore}'s.
 * Not thread-safe; one per search.
 */
public final class OpenGame {
    /** The value scale: a final position is worth {@code SCALE * (score0 - score1) + (cards1 - cards0)}. */
    public static final int SCALE = 128;

    final Rules rules;
    final Layout layout;
    private final boolean threeRow;
    private final boolean lateReturns;
    private final int maxOnTable;
    private final int[] categories = new int[Layout.POSITIONS]; // card-only category bits

    // per deal (set by load): what each card on the table adds, its token included
    private final long[] lanesOf = new long[Layout.POSITIONS];
    private final int[] returnOf = new int[Layout.POSITIONS];
    private final long[] cardKey = new long[2 * Layout.POSITIONS];
    private final long[] markKey = new long[2 * Layout.POSITIONS];
    /** Per deal: a take's key change, the card's and its token's (from the table to the taker). */
    private final long[] takeKey = new long[2 * Layout.POSITIONS];

    final long[] st;
    private final int maxPlies;
    private final boolean partition;
    private final boolean idleKeys;
    private final OpenMoves moves;
    private final OpenScore score;
    private final IdleMarkers idle;

    /**
     * @param maxPlies decision points a search may go down from the loaded position (a whole game
     *                 has fewer than 200)
     */
    public OpenGame(Rules rules, Layout layout, int maxPlies) {
        this(rules, layout, maxPlies, false);
    }

    /**
     * @param maxPlies  decision points a search may go down from the loaded position
     * @param partition key positions by what decides the rest of the game only
     *                  ({@link #key}): values of positions are then comparable through their
     *                  keys only as changes from the value as it stands
     */
    public OpenGame(Rules rules, Layout layout, int maxPlies, boolean partition) {
        this(rules, layout, maxPlies, partition, false);
    }

    /**
     * @param maxPlies    decision points a search may go down from the loaded position
     * @param partition   key positions by what decides the rest of the game only
     * @param quickBounds tighten {@link #bounds} by the cards each seat must still take (base game)
     */
    public OpenGame(Rules rules, Layout layout, int maxPlies, boolean partition, boolean quickBounds) {
        this(rules, layout, maxPlies, partition, quickBounds, false);
    }

    /**
     * @param maxPlies    decision points a search may go down from the loaded position
     * @param partition   key positions by what decides the rest of the game only
     * @param quickBounds tighten {@link #bounds} by the cards each seat must still take (base game)
     * @param pairs       with {@code quickBounds}, count those cards knowing that a turn takes two
     *                    only with a pair of one-shield cards of one region, and that a turn's
     *                    marker step takes none
     */
    public OpenGame(Rules rules, Layout layout, int maxPlies, boolean partition, boolean quickBounds, boolean pairs) {
        this(rules, layout, maxPlies, partition, quickBounds, pairs, false);
    }

    /**
     * @param maxPlies    decision points a search may go down from the loaded position
     * @param partition   key positions by what decides the rest of the game only
     * @param quickBounds tighten {@link #bounds} by the cards each seat must still take (base game)
     * @param pairs       with {@code quickBounds}, count the turns' shape too
     * @param idleKeys    once markers can no longer keep a seat from a card ({@link #markersIdle}),
     *                    key positions without them ({@link #key})
     */
    public OpenGame(Rules rules, Layout layout, int maxPlies, boolean partition, boolean quickBounds, boolean pairs,
                    boolean idleKeys) {
        if (rules.players() != 2) {
            throw new IllegalArgumentException("the open-game solver plays 2 players, not " + rules.players());
        }
        if (!layout.hasScoringLanes()) {
            throw new IllegalArgumentException("the open-game solver needs a deck whose counts fit 4 bits (at most "
                    + "14 shields in a region, 14 cards of a symbol)");
        }
        this.rules = rules;
        this.layout = layout;
        this.threeRow = rules.variant() == Rules.Variant.THREE_ROW;
        this.lateReturns = rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING;
        this.maxOnTable = rules.maxMarkersOnTable();
        this.maxPlies = maxPlies;
        this.partition = partition;
        this.idleKeys = idleKeys;
        this.st = new long[(maxPlies + 1) * WORDS];
        this.moves = new OpenMoves(rules, layout, st);
        this.score = new OpenScore(rules, layout, st, quickBounds, pairs);
        this.idle = new IdleMarkers(rules, st, markKey);
        for (int p = 0; p < Layout.POSITIONS; p++) {
            int sym = layout.symbolAt(p);
            categories[p] = 1 << layout.regionAt(p) | (sym >= 0 ? 1 << (Token.FIRST_SYMBOL + sym) : 0);
        }
        long z = 0x5EED_0F_0BE5L;
        for (int i = 0; i < cardKey.length; i++) {
            cardKey[i] = SplitMix.mix64(z += SplitMix.GOLDEN_GAMMA);
            markKey[i] = SplitMix.mix64(z += SplitMix.GOLDEN_GAMMA);
        }
    }

    /** How many plies below the loaded position the stack holds. */
    public int maxPlies() {
        return maxPlies;
    }

    // =================================================================== loading

    /**
     * Makes {@code s} the position at ply 0. Every token must be known: on the table and in both
     * hands (a full state, or a determinized one; not a view state).
     *
     * <p>The key covers where every scoring token is (on which table card, in which hand), so one
     * transposition table serves searches of several token assignments (the samples of a bot).
     */
    public void load(GameState s) {
        if (!s.rules().equals(rules) || s.layout() != layout) {
            throw new IllegalArgumentException("the state belongs to another game");
        }
        long table = s.table();
        long key = 0;
        long total = 0;
        for (int p = 0; p < Layout.POSITIONS; p++) {
            long lanes = layout.cardLanes(p);
            int ret = 0;
            takeKey[p] = cardKey[p];
            takeKey[Layout.POSITIONS + p] = cardKey[Layout.POSITIONS + p];
            int place = Layout.placeOf(p);
            if (place >= 0 && (s.tokenPlaces() >>> p & 1) != 0) {
                int t = s.placeToken(place);
                if (t == Token.UNKNOWN) {
                    throw new IllegalArgumentException("the token on " + Layout.positionName(p) + " is unknown: solve "
                            + "a full or determinized state");
                }
                if (Token.isReturn(t)) {
                    ret = 1;
                } else {
                    lanes += Scoring.tokenLanes(1 << t);
                }
                // (the two return tokens are alike: one key for either)
                long onTable = tokenKey(Math.min(t, Token.RETURN_A), p);
                key ^= onTable;
                for (int seat = 0; seat < 2; seat++) {
                    cardKeyWithToken(seat, p, onTable ^ (Token.isReturn(t) || partition ? 0 : tokenKey(t, 64 + seat)));
                }
            }
            if (partition) {
                // a take only removes the card from the table (seat 0's card key stands for it there):
                // which seat took it shows in the counts the key adds
                takeKey[Layout.POSITIONS + p] ^= cardKey[Layout.POSITIONS + p] ^ cardKey[p];
                if ((table >>> p & 1) != 0) {
                    key ^= cardKey[p];
                }
            }
            lanesOf[p] = lanes;
            returnOf[p] = ret;
            if ((table >>> p & 1) != 0) {
                total += lanes;
            }
        }
        int b = 0;
        long misc = 0;
        for (int seat = 0; seat < 2; seat++) {
            long hand = s.hand(seat);
            int held = s.heldTokens(seat);
            if (Integer.bitCount(held) != s.tokenCount(seat)) {
                throw new IllegalArgumentException("seat " + seat + "'s tokens are unknown: solve a full or determinized "
                        + "state");
            }
            for (int m = held & ~Token.RETURN_MASK; m != 0 && !partition; m &= m - 1) {
                key ^= tokenKey(Integer.numberOfTrailingZeros(m), 64 + seat);
            }
            long lanes = Scoring.cardLanes(layout, hand) + Scoring.tokenLanes(held);
            st[b + LANES0 + seat] = lanes;
            total += lanes;
            st[b + MK0 + seat] = s.markers(seat);
            for (long m = hand; m != 0 && !partition; m &= m - 1) {
                key ^= cardKey[seat * Layout.POSITIONS + Long.numberOfTrailingZeros(m)];
            }
            for (long m = s.markers(seat); m != 0; m &= m - 1) {
                key ^= markKey[seat * Layout.POSITIONS + Long.numberOfTrailingZeros(m)];
            }
            int pres = 0;
            for (long m = hand; m != 0; m &= m - 1) {
                pres |= categories[Long.numberOfTrailingZeros(m)];
            }
            int shift = 8 * seat;
            misc |= (long) s.reserve(seat) << (shift + RES) | (long) s.boxed(seat) << (shift + BOX)
                    | (long) Integer.bitCount(held & Token.RETURN_MASK) << (shift + RET)
                    | (long) pres << (PRES + 12 * seat);
        }
        int phase = s.phase().ordinal();
        misc |= (long) s.toMove() << TO_MOVE | (long) phase << PHASE | (s.turn() == 0 ? 1L << TURN0 : 0);
        if (phase == PAY || phase == TAKE_SECOND) {
            // (after the take step they no longer matter, and endTake clears them)
            misc |= (long) s.takenThisTurn() << TAKEN | (long) s.firstTaken() << FIRST
                    | (long) s.freedThisTurn() << FREED;
        }
        score.deal(total, lanesOf);
        st[b + TABLE] = table;
        st[b + HAND0] = s.hand(0);
        st[b + KEY] = key;
        st[b + MISC] = misc;
    }

    private void cardKeyWithToken(int seat, int p, long tokenMove) {
        takeKey[seat * Layout.POSITIONS + p] = cardKey[seat * Layout.POSITIONS + p] ^ tokenMove;
    }

    /** The key of token {@code t} at {@code where}: a table position, or 64 + the seat holding it. */
    private static long tokenKey(int t, int where) {
        return SplitMix.mix64(0x70C3_0000L | (long) t << 8 | where);
    }

    // =================================================================== queries

    /**
     * A measure of how much of the game is left, for deciding when the solver is within reach:
     * the cards on the table, in both variants. In the three-row variant (R17) the game may end
     * sooner, but not surely: a player may take from any row end, the fullest row included, so
     * every card on the table may still be taken and the game tree is as deep as in the base
     * game. (Counting the three-row variant's cards without its fullest row, as once done, let
     * the solver start with 20 cards on the table, where one decision took minutes.)
     */
    public static int cardsToPlay(long table) {
        return Long.bitCount(table);
    }

    /** True once the game is over at this ply. */
    public boolean isOver(int ply) {
        return phase(ply) == GAME_OVER;
    }

    /** The seat to move at this ply. */
    public int toMove(int ply) {
        return OpenWords.toMove(st[ply * WORDS + MISC]);
    }

    /** The decision point at this ply ({@link Phase} ordinal). */
    public int phase(int ply) {
        return OpenWords.phase(st[ply * WORDS + MISC]);
    }

    /** The cards on the table at this ply. */
    public long table(int ply) {
        return st[ply * WORDS + TABLE];
    }

    /** A seat's cards at this ply. */
    public long hand(int ply, int seat) {
        long h0 = st[ply * WORDS + HAND0];
        return seat == 0 ? h0 : Layout.ALL & ~st[ply * WORDS + TABLE] & ~h0;
    }

    /** A seat's markers at this ply. */
    public long markers(int ply, int seat) {
        return st[ply * WORDS + MK0 + seat];
    }

    /** Markers in a seat's reserve at this ply. */
    public int reserve(int ply, int seat) {
        return field(st[ply * WORDS + MISC], 8 * seat + RES);
    }

    /** Markers a seat has boxed at this ply. */
    public int boxed(int ply, int seat) {
        return field(st[ply * WORDS + MISC], 8 * seat + BOX);
    }

    /**
     * A seat's 12 category counts at this ply, tokens included, as 5-bit lanes (regions 0–8, then
     * the symbols; {@link Scoring}).
     */
    public long counts(int ply, int seat) {
        return st[ply * WORDS + LANES0 + seat];
    }

    /** The categories (bit c as in {@link #counts}) a seat holds a card of at this ply. */
    public int categoriesHeld(int ply, int seat) {
        return OpenWords.categoriesHeld(st[ply * WORDS + MISC], seat);
    }

    /** Return tokens a seat holds at this ply. */
    public int returnTokens(int ply, int seat) {
        return field(st[ply * WORDS + MISC], 8 * seat + RET);
    }

    /**
     * The position's key: every field that decides the rest of the game, and the loaded token
     * assignment. With {@code partition}, the seats' cards only through what of their category
     * counts still matters ({@link OpenScore#partitionHash}): positions with the same key then
     * have the same future but not the same value as it stands, and a search compares them by
     * the change to come ({@link #value} subtracted).
     */
    public long key(int ply) {
        int b = ply * WORDS;
        long k;
        if (idleKeys && idle.test(b)) {
            k = idle.key(b);
        } else {
            k = st[b + KEY] ^ SplitMix.mix64(st[b + MISC] & STATE_BITS);
        }
        return partition ? k ^ score.partitionHash(b) : k;
    }

    /** True if {@link #key} keys positions by their future only (see the constructor). */
    public boolean partitioned() {
        return partition;
    }

    /** Both seats' scores as they stand: seat 0's in the high 32 bits, seat 1's in the low. */
    public long scores(int ply) {
        return score.scores(ply * WORDS);
    }

    /**
     * The value of the position as it stands, from seat 0's side: {@link #SCALE} times the score
     * margin plus the card-count tie-break (R20). Exact once the game is over.
     */
    public int value(int ply) {
        return score.value(ply * WORDS);
    }

    /**
     * Bounds on the value of every continuation: seat 0 can do no better than taking every card
     * left, nor worse than getting none of them. Every category's margin and every presence
     * bonus only grows with seat 0's cards (R18–R20, monotone in each count), so the scores with
     * all cards given to one seat bound the outcome; the tie-break is bounded the other way
     * (fewer cards are better). Valid in the three-row variant too, where some cards go to
     * nobody (R17). With quick bounds (base game), each seat also takes at least its fewest
     * possible cards of those left, which costs the other at least their cheapest counts
     * ({@link OpenScore}).
     *
     * @return the upper bound in the high 32 bits, the lower bound in the low 32 bits (as an int)
     */
    public long bounds(int ply) {
        return score.bounds(ply * WORDS);
    }

    /** The upper half of {@link #bounds}. */
    public int upperBound(int ply) {
        return (int) (bounds(ply) >> 32);
    }

    /** The lower half of {@link #bounds}. */
    public int lowerBound(int ply) {
        return (int) bounds(ply);
    }

    /**
     * True if the decision at this ply is about markers only — return tokens, a payment, the
     * marker step — and not which cards to take.
     */
    public boolean markerDecision(int ply) {
        int phase = phase(ply);
        return phase != TAKE_FIRST && phase != TAKE_SECOND && phase != GAME_OVER;
    }

    /**
     * True if markers can no longer keep either seat from any card in any continuation: then the
     * value does not depend on any marker decision, and searching one of them is enough
     * ({@link IdleMarkers}).
     */
    public boolean markersIdle(int ply) {
        return idle.test(ply * WORDS);
    }

    // =================================================================== legal actions

    /**
     * Writes the legal actions at this ply into {@code buf} from {@code off}, in the ascending
     * order of {@link GameState#legalActions}, and returns how many (0 once the game is over).
     */
    public int legal(int ply, int[] buf, int off) {
        return moves.legal(ply * WORDS, buf, off);
    }

    // =================================================================== playing

    /**
     * Writes the position after {@code action} (legal at {@code ply}) at {@code ply + 1}. Checks
     * nothing: an action not from {@link #legal} corrupts the position.
     */
    public void play(int ply, int action) {
        long[] s = st;
        int b = ply * WORDS;
        int c = b + WORDS;
        s[c] = s[b];
        s[c + 1] = s[b + 1];
        s[c + 2] = s[b + 2];
        s[c + 3] = s[b + 3];
        s[c + 4] = s[b + 4];
        s[c + 5] = s[b + 5];
        s[c + 6] = s[b + 6];
        long misc = s[b + MISC];
        int me = OpenWords.toMove(misc);
        int shift = 8 * me;
        switch (action >>> 12) {
            case Action.T_USE_RETURN: {
                // R8: a return token brings one boxed marker back to the reserve.
                misc += (1L << (shift + RES)) - (1L << (shift + BOX)) - (1L << (shift + RET));
                if (!RuleFacts.returnStep(field(misc, shift + RET) != 0 ? Token.RETURN_MASK : 0, field(misc, shift + BOX))) {
                    misc = closeReturns(c, misc, me);
                }
                break;
            }
            case Action.T_END_RETURNS:
                misc = closeReturns(c, misc, me);
                break;
            case Action.T_TAKE:
                misc = take(c, misc, me, Action.position(action));
                break;
            case Action.T_STOP:
                misc = endTake(c, misc, me);
                break;
            case Action.T_PAY_RESERVE:
                misc += (1L << (shift + BOX)) - (1L << (shift + RES));
                misc = afterPay(c, misc, me);
                break;
            case Action.T_PAY_MARKER: {
                int q = Action.position(action);
                s[c + MK0 + me] &= ~(1L << q);
                s[c + KEY] ^= markKey[me * Layout.POSITIONS + q];
                misc += 1L << (shift + BOX);
                misc = afterPay(c, misc, me);
                break;
            }
            case Action.T_PLACE: {
                int p = Action.position(action);
                s[c + MK0 + me] |= 1L << p;
                s[c + KEY] ^= markKey[me * Layout.POSITIONS + p];
                misc = endTurn(c, misc - (1L << (shift + RES)), me);
                break;
            }
            case Action.T_MOVE: {
                int f = Action.from(action);
                int t = Action.position(action);
                s[c + MK0 + me] = s[c + MK0 + me] & ~(1L << f) | 1L << t;
                s[c + KEY] ^= markKey[me * Layout.POSITIONS + f] ^ markKey[me * Layout.POSITIONS + t];
                misc = endTurn(c, misc, me);
                break;
            }
            case Action.T_SKIP:
            case Action.T_PASS: // R14: nothing else happens (what a pass reveals is known here anyway)
                misc = endTurn(c, misc, me);
                break;
            default:
                throw new IllegalArgumentException("not an action: " + action);
        }
        s[c + MISC] = misc;
    }

    private long take(int c, long misc, int me, int p) {
        long[] s = st;
        long bit = 1L << p;
        int shift = 8 * me;
        s[c + TABLE] &= ~bit;
        if (me == 0) {
            s[c + HAND0] |= bit;
        }
        s[c + LANES0 + me] += lanesOf[p]; // R13: its token goes to the taker
        s[c + KEY] ^= takeKey[me * Layout.POSITIONS + p];
        misc |= (long) categories[p] << (PRES + 12 * me);
        misc += (long) returnOf[p] << (shift + RET);
        long taken = (misc >>> TAKEN & 3) + 1;
        misc = misc & ~(3L << TAKEN) | taken << TAKEN;
        if (taken == 1) {
            misc = misc & ~(63L << FIRST) | (long) p << FIRST;
        }
        long own = s[c + MK0 + me];
        if ((own & bit) != 0) {
            // R10: the own marker goes back to the reserve.
            s[c + MK0 + me] = own & ~bit;
            s[c + KEY] ^= markKey[me * Layout.POSITIONS + p];
            misc += (1L << (shift + RES)) + (1L << FREED);
        } else if ((s[c + MK0 + 1 - me] & bit) != 0) {
            // R11: the opponent's marker goes back to its owner; the taker pays next.
            int o = 1 - me;
            s[c + MK0 + o] &= ~bit;
            s[c + KEY] ^= markKey[o * Layout.POSITIONS + p];
            misc += 1L << (8 * o + RES);
            return withPhase(misc, PAY);
        }
        return afterPay(c, misc, me);
    }

    private long afterPay(int c, long misc, int me) {
        if ((misc >>> TAKEN & 3) == 1) {
            return moves.secondTakes(c, misc, me) != 0 ? withPhase(misc, TAKE_SECOND) : endTake(c, misc, me);
        }
        return endTake(c, misc, me);
    }

    private long endTake(int c, long misc, int me) {
        // the take step is over: which cards it took and freed no longer matters (more transpositions)
        misc &= ~(3L << TAKEN | 63L << FIRST | 3L << FREED);
        if (RuleFacts.gameOver(st[c + TABLE], threeRow)) {
            return withPhase(misc & ~(1L << TURN0), GAME_OVER);
        }
        if (lateReturns && returnStep(misc, me)) {
            return withPhase(misc, LATE_RETURNS);
        }
        return enterMarker(c, misc, me);
    }

    private long closeReturns(int c, long misc, int me) {
        return OpenWords.phase(misc) == RETURNS ? withPhase(misc, TAKE_FIRST) : enterMarker(c, misc, me);
    }

    private long enterMarker(int c, long misc, int me) {
        long free = st[c + TABLE] & ~(st[c + MK0] | st[c + MK0 + 1]);
        if (RuleFacts.markerStep(free, field(misc, 8 * me + RES), st[c + MK0 + me], maxOnTable)) {
            return withPhase(misc, MARKER);
        }
        return endTurn(c, misc, me);
    }

    private long endTurn(int c, long misc, int me) {
        int next = 1 - me;
        // the next turn starts: nothing taken, nothing freed, no longer the game's first turn
        misc &= ~(1L << TURN0 | 1L << TO_MOVE | 3L << TAKEN | 63L << FIRST | 3L << FREED);
        misc |= (long) next << TO_MOVE;
        return withPhase(misc, returnStep(misc, next) ? RETURNS : TAKE_FIRST); // R8
    }

    private static boolean returnStep(long misc, int seat) {
        return RuleFacts.returnStep(field(misc, 8 * seat + RET) != 0 ? Token.RETURN_MASK : 0, field(misc, 8 * seat + BOX));
    }
}

package richelieu.engine;

import java.util.SplittableRandom;

/**
 * What one seat may know (R25, R26): the table, every marker, everyone's cards, reserve, boxed
 * and token counts, the used return tokens, which table cards still carry a token, and the
 * identities of this seat's own tokens. Nothing else is stored here, so nothing else can be
 * reached from it — not through getters, not by reflection on its fields.
 *
 * <p>The engine refreshes an observation in place ({@link GameState#observe(int, Observation)}),
 * and the game driver reuses one object per seat from game to game (a layout per game, same
 * rules): a bot may keep it, but should read it only when asked to act, and must not use the
 * object's identity to tell games apart (compare {@link #layout()} instead).
 *
 * <p>Bots that search need full states. {@link #determinize} samples one consistent with this
 * observation (ISMCTS calls it once per iteration; it allocates nothing); {@link #toViewState}
 * builds the state as this seat sees it, with unknown tokens marked {@link Token#UNKNOWN} (they
 * score nothing and are never return tokens).
 *
 * <p>When it is another seat's turn, the phase shown is the public one: a private return-token
 * step ({@link Phase#RETURNS}, {@link Phase#LATE_RETURNS}) is shown as the step after it
 * ({@link Phase#TAKE_FIRST}, {@link Phase#MARKER}), since whether it exists depends on hidden
 * tokens.
 */
public final class Observation extends PublicState {
    private final Rules rules;
    private Layout layout;
    private final int seat;

    // ---- the public state (R25): the fields of PublicState; and what this seat knows besides:
    private final int[] tokenCount; // tokens held per player (their identities are private)
    private int ownTokens;          // this seat's own token ids (R13)

    /** Scratch space for determinization: tokens being dealt (no hidden data survives a call). */
    private final int[] scratch = new int[Token.COUNT];

    /**
     * An empty observation of {@code seat} in a game of these rules and layout;
     * {@link GameState#observe(int, Observation)} fills it.
     */
    public Observation(Rules rules, Layout layout, int seat) {
        super(rules.players());
        if (seat < 0 || seat >= rules.players()) {
            throw new IllegalArgumentException("seat " + seat + " does not exist with " + rules.players() + " players");
        }
        this.rules = rules;
        this.layout = layout;
        this.seat = seat;
        tokenCount = new int[players];
    }

    /** Re-targets this observation at another deal of the same rules (the driver reuses observations). */
    void rebind(Layout layout) {
        this.layout = layout;
    }

    void fillFrom(GameState s, int viewer) {
        if (viewer != seat || s.layout != layout || s.players != players) {
            throw new IllegalArgumentException("observation is for seat " + seat + " of another game");
        }
        copyPublicFrom(s);
        for (int p = 0; p < players; p++) {
            tokenCount[p] = s.tokenCount(p);
        }
        ownTokens = s.held[seat] & Token.ALL_MASK;
        if (toMove != seat) {
            // R26: whether a return step exists depends on the mover's hidden tokens.
            if (phase == GameState.RETURNS) {
                phase = GameState.TAKE_FIRST;
            } else if (phase == GameState.LATE_RETURNS) {
                phase = GameState.MARKER;
            }
        }
    }

    // =================================================================== what the seat knows

    /** The rules of this game. */
    public Rules rules() {
        return rules;
    }

    /** The public layout: which card lies where (R5). */
    public Layout layout() {
        return layout;
    }

    /** The seat this observation belongs to. */
    public int seat() {
        return seat;
    }

    /** How many tokens a player holds (their identities are private). */
    public int tokenCount(int player) {
        return tokenCount[player];
    }

    /** This seat's own tokens, as a mask over token ids (R13). */
    public int ownTokens() {
        return ownTokens;
    }

    // =================================================================== states for search

    /** A blank state of this game, to be filled by {@link #determinize} or {@link #toViewState}. */
    public GameState newState() {
        return new GameState(rules, layout);
    }

    /** The state as this seat sees it: unknown tokens are {@link Token#UNKNOWN}. */
    public void toViewState(GameState out) {
        copyPublicInto(out);
        long pt = 0;
        for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
            pt |= (long) Token.UNKNOWN << (4 * i);
        }
        out.placeTokens = pt;
        for (int p = 0; p < players; p++) {
            out.held[p] = p == seat ? ownTokens : tokenCount[p] << GameState.UNKNOWN_SHIFT;
        }
    }

    /**
     * Samples a full state consistent with this observation, uniformly over the assignments of
     * unseen tokens that fit everything this seat has seen: every token except this seat's own
     * and the used return tokens is dealt to the token places still on the table, the other
     * players' holdings (their sizes are public) and the six box slots, except that tokens a
     * player is known to have held at a pass are never return tokens. Allocates nothing.
     */
    public void determinize(SplittableRandom rng, GameState out) {
        copyPublicInto(out);
        int own = ownTokens;
        int used = 0;
        for (int p = 0; p < players; p++) {
            used += usedReturns[p];
        }
        int returnsLeft = 2 - Integer.bitCount(own & Token.RETURN_MASK) - used;
        int returnIds = Token.RETURN_MASK & ~own;
        int return1 = Integer.numberOfTrailingZeros(returnIds); // goes to slot r1
        int return2 = 31 - Integer.numberOfLeadingZeros(returnIds); // goes to slot r2

        // Unseen non-return tokens, uniformly shuffled.
        int[] pool = scratch;
        int n = 0;
        for (int m = Token.ALL_MASK & ~Token.RETURN_MASK & ~own; m != 0; m &= m - 1) {
            pool[n++] = Integer.numberOfTrailingZeros(m);
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }

        // Slots that may hold a return token: other players' unconstrained tokens, table places, box.
        int free = Long.bitCount(tokenPlaces) + Deal.BOX_TOKENS;
        for (int p = 0; p < players; p++) {
            if (p != seat) {
                free += tokenCount[p] - Math.min(nonReturnAtLeast[p], tokenCount[p]);
            }
        }
        int r1 = -1;
        int r2 = -1;
        if (returnsLeft >= 1) {
            r1 = rng.nextInt(free);
        }
        if (returnsLeft >= 2) {
            r2 = rng.nextInt(free - 1);
            if (r2 >= r1) {
                r2++;
            }
        }

        int next = 0; // next pool token
        int slot = 0; // index among free slots
        for (int p = 0; p < players; p++) {
            if (p == seat) {
                out.held[p] = own;
                continue;
            }
            int k = Math.min(nonReturnAtLeast[p], tokenCount[p]);
            int h = 0;
            for (int j = 0; j < k; j++) {
                h |= 1 << pool[next++];
            }
            for (int j = k; j < tokenCount[p]; j++, slot++) {
                if (slot == r1) {
                    h |= 1 << return1;
                } else if (slot == r2) {
                    h |= 1 << return2;
                } else {
                    h |= 1 << pool[next++];
                }
            }
            out.held[p] = h;
        }
        long pt = 0;
        for (int place = 0; place < Layout.TOKEN_PLACES; place++) {
            if ((tokenPlaces >>> Layout.placePosition(place) & 1) == 0) {
                continue;
            }
            int id = slot == r1 ? return1 : slot == r2 ? return2 : pool[next++];
            slot++;
            pt |= (long) id << (4 * place);
        }
        out.placeTokens = pt;
        // The remaining pool tokens (and any return slot beyond) are the six in the box.
    }

    private void copyPublicInto(GameState out) {
        if (out.layout != layout || !out.rules.equals(rules)) {
            throw new IllegalArgumentException("target state belongs to another game");
        }
        out.copyPublicFrom(this);
    }
}

package richelieu.benchmarks;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Phase;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Benchmark inputs: positions taken from seeded random-vs-random games, so every run of every
 * benchmark sees the same positions. For each kind of decision point, one position is picked
 * uniformly from each game's positions of that kind, until {@link #COUNT} are collected: a spread
 * over early, middle and late game rather than many near-identical neighbours.
 *
 * <p>Fresh deals ({@link Kind#START}) are {@link #COUNT} different deals. Every other kind comes
 * from games on {@link #DEALS} deals (game g plays deal {@code g & (DEALS - 1)}, each game with
 * its own random moves), sharing one {@code Layout} object per deal, as all the states of one
 * search or one game do. With 1024 layouts (about 1 KB of tables each, over the L2 cache) the
 * small benchmarks would mostly time cache misses on layout tables that real use keeps hot.
 */
public final class Positions {
    /** Positions per kind: a power of two, so a benchmark indexes {@code i++ & MASK}. */
    public static final int COUNT = 1024;
    public static final int MASK = COUNT - 1;
    public static final Deck DECK = Deck.standard();
    /** Deals behind the decision-point positions (a power of two). */
    public static final int DEALS = 16;

    /** The kinds of position a benchmark can ask for. */
    public enum Kind {
        /** A fresh deal, seat 0 to move (random games start here). */
        START,
        /** R8: the return-token step at the start of a turn. */
        RETURNS,
        /** R9/R14: the first card of a turn (PASS included when nothing can be taken). */
        TAKE_FIRST,
        /** R11: paying for an opponent-marked card. */
        PAY,
        /** R9: a second card of the same region, or STOP. */
        TAKE_SECOND,
        /** R15: placing a marker from the reserve. */
        MARKER_PLACE,
        /** R15: moving a marker (the reserve is empty). */
        MARKER_MOVE,
        /** Any decision point with a real choice (more than one legal action). */
        DECISION,
        /** The game is over (final scoring). */
        FINAL
    }

    private Positions() {
    }

    /** The deal of game {@code g} of a seeded series: deal g of master seed {@code seed}, as every command deals it. */
    public static Deal deal(long seed, int g) {
        return Seeds.deal(DECK, seed, g);
    }

    public static Rules rules(int players) {
        return Rules.standard(players);
    }

    /** {@link #COUNT} independent copies of positions of one kind, from seeded games. */
    public static GameState[] of(Kind kind, int players, long seed) {
        Rules rules = rules(players);
        GameState[] out = new GameState[COUNT];
        SplittableRandom pick = new SplittableRandom(seed ^ 0x5DEECE66DL);
        SplittableRandom play = new SplittableRandom(seed);
        int[] buf = new int[Action.MAX_LEGAL];
        List<GameState> candidates = new ArrayList<>();
        int filled = 0;
        Deal[] deals = new Deal[DEALS];
        for (int d = 0; d < DEALS; d++) {
            deals[d] = deal(seed, d);
        }
        for (int g = 0; filled < COUNT; g++) {
            if (g > 1_000_000) {
                throw new IllegalStateException("too few " + kind + " positions in a million games");
            }
            GameState s = new GameState(rules, kind == Kind.START ? deal(seed, g) : deals[g & (DEALS - 1)]);
            if (kind == Kind.START) {
                out[filled++] = s;
                continue;
            }
            candidates.clear();
            while (true) {
                int n = s.legalActions(buf);
                if (matches(kind, s, n)) {
                    candidates.add(s.copy());
                }
                if (s.isOver()) {
                    break;
                }
                s.play(n == 1 ? buf[0] : buf[play.nextInt(n)]);
            }
            if (!candidates.isEmpty()) {
                out[filled++] = candidates.get(pick.nextInt(candidates.size()));
            }
        }
        // Copy them once more, in order, so each state and its small arrays sit together and
        // the 1024 states are contiguous, as a search's few live states would be, instead of
        // scattered among the garbage of a million-step generation.
        for (int j = 0; j < COUNT; j++) {
            out[j] = out[j].copy();
        }
        return out;
    }

    private static boolean matches(Kind kind, GameState s, int legal) {
        Phase ph = s.phase();
        switch (kind) {
            case RETURNS: return ph == Phase.RETURNS;
            case TAKE_FIRST: return ph == Phase.TAKE_FIRST;
            case PAY: return ph == Phase.PAY;
            case TAKE_SECOND: return ph == Phase.TAKE_SECOND;
            case MARKER_PLACE: return ph == Phase.MARKER && s.reserve(s.toMove()) > 0;
            case MARKER_MOVE: return ph == Phase.MARKER && s.reserve(s.toMove()) == 0;
            case DECISION: return !s.isOver() && legal > 1;
            case FINAL: return s.isOver();
            default: throw new IllegalArgumentException(kind.toString());
        }
    }
}

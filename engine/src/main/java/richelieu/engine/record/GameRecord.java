package richelieu.engine.record;

import richelieu.engine.Action;
import richelieu.engine.Card;
import richelieu.engine.Deal;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Phase;
import richelieu.engine.Rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One finished game in the {@code richelieu-record/1} format, one JSON object per line:
 * <pre>
 * {"format":"richelieu-record/1","players":2,"variant":"base","seed":123,
 *  "deck":[{"region":"Bourgogne","shields":1,"symbol":"sword"}, … 48 cards],
 *  "rows":[[card indices of row 0, left to right], … 4 rows of 12],
 *  "tokens":{"&lt;card index&gt;":"Bourgogne"|…|"sword"|"cross"|"tower"|"return", … the 8 placed},
 *  "seats":["random","greedy"],
 *  "turns":[{"seat":0,"returns":0,"take":[c1] or [c1,c2],"pay":["reserve" or a card index, …],
 *            "marker":{"place":c} or {"move":[from,to]} or null} or {"seat":1,"pass":true}, …],
 *  "scores":[s0,s1],"cards":[n0,n1],"winner":0|1|null}
 * </pre>
 * Card indices are positions in {@code deck}. {@code pay} has one entry per opponent-marked card
 * taken, in the order of {@code take}. With 3–4 players {@code "winners":[…]} replaces
 * {@code "winner"}. Two optional keys appear only when needed: {@code "rules"} when a rule
 * parameter differs from docs/rules.md's decision (with {@code "lateReturns"} in a turn under the
 * late return timing), and {@code "forfeit":{"seat":s,"reason":"timeout"}} when a bot forfeited.
 *
 * <p>{@link #replay()} plays the record back through the engine and checks every step and the
 * final scores.
 */
public final class GameRecord {
    public static final String FORMAT = "richelieu-record/1";

    /** One turn. Card indices refer to the deck; {@code pay} entries are a card index or -1 for the reserve. */
    public record Turn(int seat, boolean pass, int returns, int lateReturns, int[] take, int[] pay,
                       int markerFrom, int markerTo) {
        /** A turn without a marker has markerTo = -1; a placement has markerFrom = -1. */
        public boolean hasMarker() {
            return markerTo >= 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Turn t && t.seat == seat && t.pass == pass && t.returns == returns
                    && t.lateReturns == lateReturns && Arrays.equals(t.take, take) && Arrays.equals(t.pay, pay)
                    && t.markerFrom == markerFrom && t.markerTo == markerTo;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(take) * 31 + seat;
        }
    }

    private final Rules rules;
    private final Deal deal;
    private final List<String> seats;
    private final List<Turn> turns;
    private final GameResult result;

    public GameRecord(Rules rules, Deal deal, List<String> seats, List<Turn> turns, GameResult result) {
        this.rules = rules;
        this.deal = deal;
        this.seats = List.copyOf(seats);
        this.turns = List.copyOf(turns);
        this.result = result;
    }

    public Rules rules() {
        return rules;
    }

    public Deal deal() {
        return deal;
    }

    public List<String> seats() {
        return seats;
    }

    public List<Turn> turns() {
        return turns;
    }

    public GameResult result() {
        return result;
    }

    // =================================================================== building from a game

    /**
     * Builds the record of a game from its full action sequence (as kept by
     * {@link richelieu.engine.Game#lastActions()}).
     */
    public static GameRecord fromActions(Rules rules, Deal deal, List<String> seats, int[] actions, GameResult result) {
        GameState s = new GameState(rules, deal);
        Layout layout = deal.layout();
        List<Turn> turns = new ArrayList<>();
        TurnBuilder tb = null;
        for (int a : actions) {
            if (tb == null) {
                tb = new TurnBuilder(s.toMove());
            }
            boolean late = s.phase() == Phase.LATE_RETURNS;
            s.apply(a);
            switch (Action.type(a)) {
                case Action.T_PASS -> tb.pass = true;
                case Action.T_USE_RETURN -> {
                    if (late) {
                        tb.lateReturns++;
                    } else {
                        tb.returns++;
                    }
                }
                case Action.T_TAKE -> tb.take.add(layout.cardAt(Action.position(a)));
                case Action.T_PAY_RESERVE -> tb.pay.add(-1);
                case Action.T_PAY_MARKER -> tb.pay.add(layout.cardAt(Action.position(a)));
                case Action.T_PLACE -> tb.markerTo = layout.cardAt(Action.position(a));
                case Action.T_MOVE -> {
                    tb.markerFrom = layout.cardAt(Action.from(a));
                    tb.markerTo = layout.cardAt(Action.position(a));
                }
                default -> {
                    // END_RETURNS, STOP and SKIP are implied by the turn's shape
                }
            }
            if (s.isOver() || s.turn() != turns.size()) { // the turn counter moved on: the turn ended
                turns.add(tb.build());
                tb = null;
            }
        }
        if (tb != null) {
            turns.add(tb.build()); // a forfeited game can end mid-turn
        }
        return new GameRecord(rules, deal, seats, turns, result);
    }

    private static final class TurnBuilder {
        final int seat;
        boolean pass;
        int returns;
        int lateReturns;
        final List<Integer> take = new ArrayList<>(2);
        final List<Integer> pay = new ArrayList<>(2);
        int markerFrom = -1;
        int markerTo = -1;

        TurnBuilder(int seat) {
            this.seat = seat;
        }

        Turn build() {
            return new Turn(seat, pass, returns, lateReturns, take.stream().mapToInt(Integer::intValue).toArray(),
                    pay.stream().mapToInt(Integer::intValue).toArray(), markerFrom, markerTo);
        }
    }

    /** The record as one line of JSON (no trailing newline). */
    public String toJson() {
        return RecordWriter.toJson(this);
    }

    /** Longest record line read: a whole game is about 10 KB. */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /**
     * Parses one record line; a malformed record throws {@link RecordException} with one clear
     * line. Every number must be a JSON integer in its range (a card index 0-47, a seat of the
     * game, a count of return tokens 0-8): not a string, a fraction or a number that does not fit.
     */
    public static GameRecord parse(String line) {
        return RecordReader.parse(line);
    }

    /**
     * Converts one recorded turn into engine actions, applying them to {@code state} (which must
     * be at the start of that turn). Returns the actions applied.
     */
    public static int[] applyTurn(GameState state, Turn t) {
        return RecordReplay.applyTurn(state, t);
    }

    /**
     * Every engine action of the game, in order (step K of {@code view} and {@code solve} is the
     * position after the first K), after checking the record replays (unless it ended by a
     * forfeit, whose last position need not be an end).
     *
     * @throws RecordException when a step is illegal or the result does not match
     */
    public int[] actions() {
        return RecordReplay.actions(this);
    }

    /**
     * Plays the whole record through the engine and checks that every step is legal, that
     * turns follow the engine's turn order, and that the final scores, card counts and winners
     * match. Returns the final state.
     */
    public GameState replay() {
        return RecordReplay.replay(this);
    }
}

package richelieu.engine.record;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.IllegalActionException;
import richelieu.engine.Layout;
import richelieu.engine.Phase;
import richelieu.engine.Rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Plays a {@link GameRecord} back through the engine: its turns as engine actions, every step checked. */
final class RecordReplay {
    private RecordReplay() {
    }

    /**
     * Converts one recorded turn into engine actions, applying them to {@code state} (which must
     * be at the start of that turn). Returns the actions applied.
     */
    static int[] applyTurn(GameState state, GameRecord.Turn t) {
        Layout layout = state.layout();
        List<Integer> applied = new ArrayList<>();
        if (state.toMove() != t.seat()) {
            throw new RecordException("turn " + state.turn() + ": seat " + t.seat() + " moves, but it is seat "
                    + state.toMove() + "'s turn (R7)");
        }
        if (t.pass()) {
            step(state, Action.PASS, applied);
            return toArray(applied);
        }
        for (int i = 0; i < t.returns(); i++) {
            step(state, Action.USE_RETURN, applied);
        }
        if (state.phase() == Phase.RETURNS) {
            step(state, Action.END_RETURNS, applied);
        }
        int payIndex = 0;
        for (int i = 0; i < t.take().length; i++) {
            int card = t.take()[i];
            if (card < 0 || card >= Layout.POSITIONS) {
                throw new RecordException("turn " + state.turn() + ": no card " + card);
            }
            step(state, Action.take(layout.positionOf(card)), applied);
            if (state.phase() == Phase.PAY) {
                if (payIndex >= t.pay().length) {
                    throw new RecordException("turn " + state.turn() + ": card " + card
                            + " carried an opponent's marker but \"pay\" has no entry for it (R11)");
                }
                int pay = t.pay()[payIndex++];
                step(state, pay < 0 ? Action.PAY_RESERVE : Action.payMarker(layout.positionOf(pay)), applied);
            }
        }
        if (payIndex != t.pay().length) {
            throw new RecordException("turn " + state.turn() + ": \"pay\" lists more payments than opponent-marked cards taken");
        }
        if (state.phase() == Phase.TAKE_SECOND) {
            step(state, Action.STOP, applied);
        }
        if (state.phase() == Phase.LATE_RETURNS) {
            for (int i = 0; i < t.lateReturns(); i++) {
                step(state, Action.USE_RETURN, applied);
            }
            if (state.phase() == Phase.LATE_RETURNS) {
                step(state, Action.END_RETURNS, applied);
            }
        }
        if (t.hasMarker()) {
            int to = layout.positionOf(t.markerTo());
            step(state, t.markerFrom() < 0 ? Action.place(to) : Action.move(layout.positionOf(t.markerFrom()), to), applied);
        } else if (state.phase() == Phase.MARKER) {
            step(state, Action.SKIP, applied);
        }
        return toArray(applied);
    }

    private static void step(GameState state, int action, List<Integer> applied) {
        try {
            state.apply(action);
        } catch (IllegalActionException e) {
            throw new RecordException("turn " + state.turn() + " (seat " + state.toMove() + "): "
                    + Action.toString(action) + " is illegal: " + e.getMessage());
        }
        applied.add(action);
    }

    private static int[] toArray(List<Integer> l) {
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Every engine action of the game, in order (step K of {@code view} and {@code solve} is the
     * position after the first K), after checking the record replays (unless it ended by a
     * forfeit, whose last position need not be an end).
     *
     * @throws RecordException when a step is illegal or the result does not match
     */
    static int[] actions(GameRecord r) {
        Rules rules = r.rules();
        Deal deal = r.deal();
        GameResult result = r.result();
        if (!result.isForfeit()) {
            replay(r); // every step legal, the final scores as recorded
        }
        GameState driver = new GameState(rules, deal);
        int[] all = new int[0];
        for (GameRecord.Turn t : r.turns()) {
            int[] a = applyTurn(driver, t);
            int n = all.length;
            all = java.util.Arrays.copyOf(all, n + a.length);
            System.arraycopy(a, 0, all, n, a.length);
        }
        return all;
    }

    /**
     * Plays the whole record through the engine and checks that every step is legal, that
     * turns follow the engine's turn order, and that the final scores, card counts and winners
     * match. Returns the final state.
     */
    static GameState replay(GameRecord r) {
        Rules rules = r.rules();
        GameResult result = r.result();
        GameState s = new GameState(rules, r.deal());
        for (GameRecord.Turn t : r.turns()) {
            if (s.isOver()) {
                throw new RecordException("turn " + s.turn() + ": the game is already over (R17)");
            }
            int before = s.turn();
            applyTurn(s, t);
            if (!s.isOver() && s.turn() == before && !result.isForfeit()) {
                throw new RecordException("turn " + before + ": the recorded turn ends before the engine's turn does");
            }
        }
        if (result.isForfeit()) {
            return s;
        }
        if (!s.isOver()) {
            throw new RecordException("the record ends before the game does");
        }
        int[] scores = new int[rules.players()];
        s.scores(scores);
        if (!Arrays.equals(scores, result.scores())) {
            throw new RecordException("replayed scores " + Arrays.toString(scores) + " differ from recorded "
                    + Arrays.toString(result.scores()));
        }
        for (int p = 0; p < rules.players(); p++) {
            if (s.cardCount(p) != result.cards()[p]) {
                throw new RecordException("replayed card count of seat " + p + " differs from the record");
            }
        }
        if (s.winners(scores) != result.winners()) {
            throw new RecordException("replayed winners differ from the record");
        }
        return s;
    }
}

package richelieu.engine.reference;

import richelieu.engine.Action;
import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.IllegalActionException;
import richelieu.engine.Phase;
import richelieu.engine.Rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The naive reference model: Richelieu written straight from {@code docs/rules.md} and the
 * decision-point contract of {@code docs/engine.md}, with plain lists, maps and loops. It is slow on
 * purpose and shares no logic with the bitboard engine ({@code GameState}, {@code Layout}); the
 * differential and perft tests run both side by side, so a bug must be made twice, the same way,
 * to go unnoticed.
 *
 * <p>State: the cards left in each row (positions, ascending), each player's taken positions, a map
 * position → owner for the markers on the table, a map position → token id for the tokens still on
 * the table, each player's held token ids, and reserve / boxed / used-return counters. Within a
 * turn it remembers the first card taken, how many cards were taken and how many of the player's
 * own markers R10 freed (for R11's [choice] {@code freedMarkersPayable}).
 *
 * <p>Choices the rules leave open and this model fixes (see the report / docs/engine.md):
 * USE_RETURN discards the lowest-numbered return token held (12 before 13; the two are
 * indistinguishable); at GAME_OVER the final turn counts as completed ({@link #turn()} grows by one)
 * and {@link #toMove()} stays with the player who ended the game; in the three-row variant the cards
 * and tokens of the last row stay where they lie (out of the game, R17) and are still reported by
 * {@link #table()} and {@link #tokenPlaces()}.
 */
public final class ReferenceGame {
    public static final int ROWS = 4;
    public static final int COLS = 12;
    public static final int POSITIONS = ROWS * COLS;
    /** R6: the eight token places, two per row, at most one per column (docs/engine.md order). */
    public static final int[] TOKEN_PLACES = {4, 7, 15, 20, 26, 33, 37, 46};
    private static final int RETURN_A = 12;
    private static final int RETURN_B = 13;
    private static final int TOKENS = 14;

    private final Rules rules;
    private final Deck deck;
    private final int[] cardAtPosition;

    private final List<List<Integer>> rows = new ArrayList<>();
    private final List<List<Integer>> hands = new ArrayList<>();
    private final Map<Integer, Integer> markerOwner = new TreeMap<>();
    private final Map<Integer, Integer> tokenOn = new TreeMap<>();
    private final List<List<Integer>> held = new ArrayList<>();
    private final int[] reserve;
    private final int[] boxed;
    private final int[] usedReturns;

    private Phase phase;
    private int toMove;
    private int turn;

    // the turn in progress
    private int firstTaken = -1;
    private int takenThisTurn;
    private int freedThisTurn;

    public ReferenceGame(Rules rules, Deck deck, int[] cardAtPosition, int[] placeTokens) {
        if (cardAtPosition.length != POSITIONS) {
            throw new IllegalArgumentException("R5: a layout has " + POSITIONS + " cards");
        }
        List<Integer> seenCards = new ArrayList<>();
        for (int c : cardAtPosition) {
            if (c < 0 || c >= deck.cards().size() || seenCards.contains(c)) {
                throw new IllegalArgumentException("R5: the layout must use every deck card once, bad card " + c);
            }
            seenCards.add(c);
        }
        if (placeTokens.length != TOKEN_PLACES.length) {
            throw new IllegalArgumentException("R6: eight tokens are placed");
        }
        List<Integer> seenTokens = new ArrayList<>();
        for (int t : placeTokens) {
            if (t < 0 || t >= TOKENS || seenTokens.contains(t)) {
                throw new IllegalArgumentException("R6: placed tokens must be distinct token ids, bad token " + t);
            }
            seenTokens.add(t);
        }
        this.rules = rules;
        this.deck = deck;
        this.cardAtPosition = cardAtPosition.clone();
        // R5: four rows of twelve, every card on the table
        for (int r = 0; r < ROWS; r++) {
            List<Integer> row = new ArrayList<>();
            for (int c = 0; c < COLS; c++) {
                row.add(r * COLS + c);
            }
            rows.add(row);
        }
        // R6: eight tokens face down on the fixed places, the other six in the box (not modelled)
        for (int i = 0; i < TOKEN_PLACES.length; i++) {
            tokenOn.put(TOKEN_PLACES[i], placeTokens[i]);
        }
        int n = rules.players();
        reserve = new int[n];
        boxed = new int[n];
        usedReturns = new int[n];
        for (int p = 0; p < n; p++) {
            hands.add(new ArrayList<>());
            held.add(new ArrayList<>());
            reserve[p] = Rules.MARKERS; // R4 / R21: three markers each, all in the reserve
        }
        toMove = 0; // R7: seat 0 starts
        turn = 0;
        startTurn();
    }

    private ReferenceGame(ReferenceGame o) {
        rules = o.rules;
        deck = o.deck;
        cardAtPosition = o.cardAtPosition;
        for (List<Integer> r : o.rows) {
            rows.add(new ArrayList<>(r));
        }
        for (List<Integer> h : o.hands) {
            hands.add(new ArrayList<>(h));
        }
        for (List<Integer> h : o.held) {
            held.add(new ArrayList<>(h));
        }
        markerOwner.putAll(o.markerOwner);
        tokenOn.putAll(o.tokenOn);
        reserve = o.reserve.clone();
        boxed = o.boxed.clone();
        usedReturns = o.usedReturns.clone();
        phase = o.phase;
        toMove = o.toMove;
        turn = o.turn;
        firstTaken = o.firstTaken;
        takenThisTurn = o.takenThisTurn;
        freedThisTurn = o.freedThisTurn;
    }

    public ReferenceGame copy() {
        return new ReferenceGame(this);
    }

    // ------------------------------------------------------------------ queries

    public Rules rules() {
        return rules;
    }

    public Phase phase() {
        return phase;
    }

    public int toMove() {
        return toMove;
    }

    public boolean isOver() {
        return phase == Phase.GAME_OVER;
    }

    /** Completed turns, passes included. */
    public int turn() {
        return turn;
    }

    /** Positions still on the table, ascending. */
    public List<Integer> table() {
        List<Integer> all = new ArrayList<>();
        for (List<Integer> row : rows) {
            all.addAll(row);
        }
        Collections.sort(all);
        return all;
    }

    public List<Integer> hand(int p) {
        List<Integer> h = new ArrayList<>(hands.get(p));
        Collections.sort(h);
        return h;
    }

    public List<Integer> markers(int p) {
        List<Integer> m = new ArrayList<>();
        for (Map.Entry<Integer, Integer> e : markerOwner.entrySet()) {
            if (e.getValue() == p) {
                m.add(e.getKey());
            }
        }
        return m; // TreeMap: ascending
    }

    /** The owner of the marker on a table position, or -1. */
    public int markerOwner(int position) {
        Integer o = markerOwner.get(position);
        return o == null ? -1 : o;
    }

    public int reserve(int p) {
        return reserve[p];
    }

    public int boxed(int p) {
        return boxed[p];
    }

    public int usedReturns(int p) {
        return usedReturns[p];
    }

    public List<Integer> heldTokens(int p) {
        List<Integer> t = new ArrayList<>(held.get(p));
        Collections.sort(t);
        return t;
    }

    public List<Integer> tokenPlaces() {
        return new ArrayList<>(tokenOn.keySet()); // TreeMap: ascending
    }

    /** The deck index of the card at a position (the layout never changes). */
    public int cardAt(int position) {
        return cardAtPosition[position];
    }

    public Card card(int position) {
        return deck.card(cardAtPosition[position]);
    }

    /** R18–R24: each seat's score if the game ended now (the final scores once it is over). */
    public int[] scores() {
        return ReferenceScoring.scores(rules, deck, handsAsDeckIndices(), held);
    }

    /** R20 / R24: the seats sharing the win (meaningful once the game is over), ascending. */
    public List<Integer> winners() {
        int[] counts = new int[rules.players()];
        for (int p = 0; p < counts.length; p++) {
            counts[p] = hands.get(p).size();
        }
        return ReferenceScoring.winners(rules, scores(), counts);
    }

    private List<List<Integer>> handsAsDeckIndices() {
        List<List<Integer>> out = new ArrayList<>();
        for (List<Integer> h : hands) {
            List<Integer> cards = new ArrayList<>();
            for (int pos : h) {
                cards.add(cardAtPosition[pos]);
            }
            out.add(cards);
        }
        return out;
    }

    // ------------------------------------------------------------------ rule helpers

    private static int rowOf(int position) {
        return position / COLS;
    }

    private boolean onTable(int position) {
        return rows.get(rowOf(position)).contains(position);
    }

    /** R9: the leftmost and rightmost card left in every row (one card when only one is left). */
    private List<Integer> ends() {
        List<Integer> ends = new ArrayList<>();
        for (List<Integer> row : rows) {
            if (row.isEmpty()) {
                continue;
            }
            ends.add(row.get(0));
            if (row.size() > 1) {
                ends.add(row.get(row.size() - 1));
            }
        }
        Collections.sort(ends);
        return ends;
    }

    private int markersOnTable(int p) {
        return markers(p).size();
    }

    private boolean holdsReturn(int p) {
        return held.get(p).contains(RETURN_A) || held.get(p).contains(RETURN_B);
    }

    /** R8: a return token is only of use with a boxed marker to bring back. */
    private boolean canUseReturn(int p) {
        return holdsReturn(p) && boxed[p] > 0;
    }

    /**
     * R11: the reserve markers that may pay. With [choice] freedMarkersPayable = false a marker
     * that R10 freed earlier in this turn may not pay.
     */
    private int payableReserve(int p) {
        if (rules.freedMarkersPayable()) {
            return reserve[p];
        }
        return reserve[p] - freedThisTurn;
    }

    /** R11: the taker pays from the reserve or with an own marker on a table card. */
    private boolean canPay(int p) {
        return payableReserve(p) > 0 || markersOnTable(p) > 0;
    }

    /** R10/R11: a card may be taken if it is unmarked, carries the taker's marker, or they can pay. */
    private boolean markerAllowsTake(int position, int p) {
        Integer owner = markerOwner.get(position);
        if (owner == null || owner == p) {
            return true;
        }
        return canPay(p); // R11: a player whose markers are all boxed cannot take it
    }

    private List<Integer> firstTakes() {
        List<Integer> takes = new ArrayList<>();
        for (int e : ends()) {
            if (markerAllowsTake(e, toMove)) {
                takes.add(Action.take(e));
            }
        }
        return takes;
    }

    /** R9: a second card: an end card of the first card's region, both one-shield cards. */
    private List<Integer> secondTakes() {
        List<Integer> takes = new ArrayList<>();
        Card first = card(firstTaken);
        if (first.shields() != 1) {
            return takes;
        }
        for (int e : ends()) {
            Card c = card(e);
            if (c.region() == first.region() && c.shields() == 1 && markerAllowsTake(e, toMove)) {
                takes.add(Action.take(e));
            }
        }
        return takes;
    }

    private boolean gameEndReached() {
        int emptyRows = 0;
        for (List<Integer> row : rows) {
            if (row.isEmpty()) {
                emptyRows++;
            }
        }
        if (emptyRows == ROWS) {
            return true; // R17: the table is empty
        }
        // R17 three-row variant: ends in the turn the third of the four rows became empty
        return rules.variant() == Rules.Variant.THREE_ROW && emptyRows >= 3;
    }

    // ------------------------------------------------------------------ legal actions

    /** The legal actions at the current decision point, ascending. */
    public List<Integer> legalActions() {
        List<Integer> legal = new ArrayList<>();
        int p = toMove;
        switch (phase) {
            case RETURNS:
                if (canUseReturn(p)) {
                    legal.add(Action.USE_RETURN);
                }
                // R9 + R14: declining is only allowed when a take is possible without the token
                if (!firstTakes().isEmpty()) {
                    legal.add(Action.END_RETURNS);
                }
                break;
            case TAKE_FIRST:
                legal.addAll(firstTakes());
                if (legal.isEmpty()) {
                    legal.add(Action.PASS); // R14: no legal take, skip the turn
                }
                break;
            case PAY:
                if (payableReserve(p) > 0) {
                    legal.add(Action.PAY_RESERVE);
                }
                for (int q : markers(p)) {
                    legal.add(Action.payMarker(q));
                }
                break;
            case TAKE_SECOND:
                legal.addAll(secondTakes());
                legal.add(Action.STOP);
                break;
            case LATE_RETURNS:
                legal.add(Action.USE_RETURN);
                legal.add(Action.END_RETURNS);
                break;
            case MARKER:
                legal.addAll(markerChoices(p));
                legal.add(Action.SKIP);
                break;
            case GAME_OVER:
            default:
                break;
        }
        Collections.sort(legal);
        return legal;
    }

    /** R15 / R21: placements, or moves when the reserve is empty (SKIP not included). */
    private List<Integer> markerChoices(int p) {
        List<Integer> choices = new ArrayList<>();
        List<Integer> free = new ArrayList<>();
        for (int pos : table()) {
            if (!markerOwner.containsKey(pos)) {
                free.add(pos);
            }
        }
        if (free.isEmpty()) {
            return choices;
        }
        List<Integer> mine = markers(p);
        if (reserve[p] > 0) {
            // R21: at most maxMarkersOnTable of one's markers on the table (2 with 4 players)
            if (mine.size() < rules.maxMarkersOnTable()) {
                for (int t : free) {
                    choices.add(Action.place(t));
                }
            }
        } else {
            // R15: with an empty reserve a marker on the table may move instead
            for (int f : mine) {
                for (int t : free) {
                    choices.add(Action.move(f, t));
                }
            }
        }
        return choices;
    }

    // ------------------------------------------------------------------ applying actions

    /** Applies a legal action; an illegal one throws {@link IllegalActionException} and changes nothing. */
    public void apply(int action) {
        if (!legalActions().contains(action)) {
            throw new IllegalActionException(action, whyIllegal(action));
        }
        int p = toMove;
        switch (Action.type(action)) {
            case Action.T_USE_RETURN:
                useReturn(p);
                if (!canUseReturn(p)) {
                    if (phase == Phase.RETURNS) {
                        phase = Phase.TAKE_FIRST;
                    } else {
                        markerStep();
                    }
                }
                break;
            case Action.T_END_RETURNS:
                if (phase == Phase.RETURNS) {
                    phase = Phase.TAKE_FIRST;
                } else {
                    markerStep();
                }
                break;
            case Action.T_TAKE:
                take(p, Action.position(action));
                break;
            case Action.T_STOP:
                endTakeStep();
                break;
            case Action.T_PAY_RESERVE:
                // R11: a reserve marker goes into the box
                reserve[p]--;
                boxed[p]++;
                afterTake();
                break;
            case Action.T_PAY_MARKER:
                // R11: an own marker on a table card goes into the box
                markerOwner.remove(Action.position(action));
                boxed[p]++;
                afterTake();
                break;
            case Action.T_PLACE:
                // R15: a reserve marker onto an unmarked table card
                reserve[p]--;
                markerOwner.put(Action.position(action), p);
                endTurn();
                break;
            case Action.T_MOVE:
                // R15: (empty reserve) move an own marker to an unmarked table card
                markerOwner.remove(Action.from(action));
                markerOwner.put(Action.position(action), p);
                endTurn();
                break;
            case Action.T_SKIP:
            case Action.T_PASS:
                endTurn(); // R15: no marker this turn / R14: the whole turn is skipped
                break;
            default:
                throw new IllegalStateException("unreachable: " + action);
        }
    }

    /** R8: discard a return token, one boxed marker back to the reserve. */
    private void useReturn(int p) {
        List<Integer> tokens = held.get(p);
        int used = tokens.contains(RETURN_A) ? RETURN_A : RETURN_B;
        tokens.remove(Integer.valueOf(used));
        usedReturns[p]++;
        boxed[p]--;
        reserve[p]++;
    }

    private void take(int p, int position) {
        // R9: the card leaves its row for the taker's cards (R16: public)
        rows.get(rowOf(position)).remove(Integer.valueOf(position));
        hands.get(p).add(position);
        takenThisTurn++;
        if (takenThisTurn == 1) {
            firstTaken = position;
        }
        // R13: a token on the card goes to the taker
        Integer token = tokenOn.remove(position);
        if (token != null) {
            held.get(p).add(token);
        }
        Integer owner = markerOwner.remove(position);
        if (owner == null) {
            afterTake();
        } else if (owner == p) {
            // R10: the own marker returns to the reserve
            reserve[p]++;
            freedThisTurn++;
            afterTake();
        } else {
            // R11: the opponent's marker returns to its owner; the taker pays next
            reserve[owner]++;
            phase = Phase.PAY;
        }
    }

    /** After a take (and its payment, if any): a second card, or the end of the take step. */
    private void afterTake() {
        boolean firstTurnOfGame = turn == 0; // R9: seat 0's very first turn takes exactly one card
        if (takenThisTurn == 1 && !firstTurnOfGame && !secondTakes().isEmpty()) {
            phase = Phase.TAKE_SECOND;
        } else {
            endTakeStep();
        }
    }

    private void endTakeStep() {
        if (gameEndReached()) {
            // R17: the rest of the turn would change nothing; it counts as completed
            phase = Phase.GAME_OVER;
            turn++;
            return;
        }
        if (rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING && canUseReturn(toMove)) {
            phase = Phase.LATE_RETURNS; // R8 [choice: timing]
            return;
        }
        markerStep();
    }

    private void markerStep() {
        // R15: entered only when there is a real placement or move to choose
        if (!markerChoices(toMove).isEmpty()) {
            phase = Phase.MARKER;
        } else {
            endTurn();
        }
    }

    private void endTurn() {
        turn++;
        toMove = (toMove + 1) % rules.players(); // R7: seat order
        startTurn();
    }

    private void startTurn() {
        firstTaken = -1;
        takenThisTurn = 0;
        freedThisTurn = 0;
        // R8: the returns decision point exists only with a return token and a boxed marker
        phase = canUseReturn(toMove) ? Phase.RETURNS : Phase.TAKE_FIRST;
    }

    // ------------------------------------------------------------------ messages

    private String whyIllegal(int action) {
        if (phase == Phase.GAME_OVER) {
            return "R17: the game is over";
        }
        if (!Action.isWellFormed(action)) {
            return "R9: " + action + " is not an action";
        }
        int p = toMove;
        String name = Action.toString(action);
        switch (Action.type(action)) {
            case Action.T_USE_RETURN:
                if (phase != Phase.RETURNS && phase != Phase.LATE_RETURNS) {
                    boolean late = rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING;
                    return "R8: return tokens are used only at the start of a turn" + (late ? " or after taking" : "");
                }
                return "R8: no return token with a boxed marker to bring back";
            case Action.T_END_RETURNS:
                if (phase != Phase.RETURNS && phase != Phase.LATE_RETURNS) {
                    return "R8: not at the return-token decision";
                }
                return "R14: no card can be taken without using a return token";
            case Action.T_TAKE: {
                int pos = Action.position(action);
                if (phase != Phase.TAKE_FIRST && phase != Phase.TAKE_SECOND) {
                    return "R9: no card may be taken now (" + phase + ")";
                }
                if (!onTable(pos)) {
                    return "R9: " + name + ": no card there";
                }
                if (!ends().contains(pos)) {
                    return "R9: " + name + ": only the end cards of a row may be taken";
                }
                if (phase == Phase.TAKE_SECOND) {
                    Card first = card(firstTaken);
                    Card c = card(pos);
                    if (c.region() != first.region() || c.shields() != 1) {
                        return "R9: " + name + ": two cards must be one-shield cards of one region";
                    }
                }
                return "R11: " + name + ": the card carries an opponent's marker and no marker can pay";
            }
            case Action.T_STOP:
                return "R9: stopping after one card only applies to the second take";
            case Action.T_PAY_RESERVE:
                if (phase != Phase.PAY) {
                    return "R11: nothing to pay for";
                }
                return "R11: no payable marker in the reserve";
            case Action.T_PAY_MARKER:
                if (phase != Phase.PAY) {
                    return "R11: nothing to pay for";
                }
                return "R11: " + name + ": no own marker on that card";
            case Action.T_PLACE:
                if (phase != Phase.MARKER) {
                    return "R15: a marker is placed only after taking";
                }
                if (reserve[p] == 0) {
                    return "R15: the reserve is empty";
                }
                if (markersOnTable(p) >= rules.maxMarkersOnTable()) {
                    return "R21: at most " + rules.maxMarkersOnTable() + " markers on the table";
                }
                return "R15: " + name + ": not an unmarked table card";
            case Action.T_MOVE:
                if (phase != Phase.MARKER) {
                    return "R15: a marker is moved only after taking";
                }
                if (reserve[p] > 0) {
                    return "R15: a marker may be moved only when the reserve is empty";
                }
                return "R15: " + name + ": must move an own marker to an unmarked table card";
            case Action.T_SKIP:
                return "R15: skipping applies only to the marker step";
            case Action.T_PASS:
                return "R14: a player who can take a card must take";
            default:
                return "R9: unknown action " + action;
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append("turn ").append(turn).append(", seat ").append(toMove).append(" to move, ").append(phase)
                .append('\n');
        for (List<Integer> row : rows) {
            for (int pos : row) {
                sb.append(pos).append(':').append(card(pos));
                Integer o = markerOwner.get(pos);
                if (o != null) {
                    sb.append(" [m").append(o).append(']');
                }
                if (tokenOn.containsKey(pos)) {
                    sb.append(" (t)");
                }
                sb.append("; ");
            }
            sb.append('\n');
        }
        for (int p = 0; p < rules.players(); p++) {
            sb.append("seat ").append(p).append(": cards ").append(hand(p)).append(" tokens ").append(heldTokens(p))
                    .append(" reserve ").append(reserve[p]).append(" boxed ").append(boxed[p])
                    .append(" used returns ").append(usedReturns[p]).append('\n');
        }
        return sb.toString();
    }
}

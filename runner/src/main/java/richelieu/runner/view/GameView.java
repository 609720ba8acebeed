package richelieu.runner.view;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import richelieu.engine.Action;
import richelieu.engine.Card;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Observation;
import richelieu.engine.Region;
import richelieu.engine.TextRender;
import richelieu.engine.Token;
import richelieu.engine.record.GameRecord;
import richelieu.engine.text.ActionText;
import richelieu.engine.text.ScoreBreakdown;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Every position of a recorded game as a person (or the browser page of {@code view}) needs it:
 * one {@link Step} per engine action, computed by replaying the record through the engine.
 * With a viewer seat, each step is built from the engine's {@link Observation} of that seat
 * ({@link Observation#toViewState}), so the hidden information shown is exactly what the engine
 * lets that seat see (R25, R26); another seat's private END_RETURNS is not a step of its own.
 *
 * @param title   e.g. "game 3 of games.jsonl"
 * @param rules   {@link richelieu.engine.Rules#describe()}
 * @param seats   the bot of each seat
 * @param viewer  the seat whose knowledge is shown, or -1 for everything
 * @param deck    the 48 cards (indices as in the record)
 * @param layout  the card index at each table position (row-major, 4 rows of 12)
 * @param steps   step 0 is the deal; then one per action
 * @param result  the recorded outcome, e.g. "seat 0 wins 31 to 12"
 * @param finalScore the final breakdown with every token revealed, or null for a forfeited game
 */
public record GameView(String title, String rules, List<String> seats, int viewer, List<CardView> deck, int[] layout,
                       List<Step> steps, String result, ScoreBreakdown finalScore) {

    /** One card: region id (R2 order), region name, shields, symbol or null, and its text code (Bou2, BreS). */
    public record CardView(int region, String regionName, int shields, String symbol, String code) {
    }

    /**
     * One position.
     *
     * @param turn     the turn this action belongs to (completed turns before it)
     * @param seat     the seat that acted, or -1 for the deal
     * @param text     what happened, in words
     * @param onTable  per table position: a card still lies there
     * @param tokens   per table position: null (no token), "?" (face down, unknown to the viewer) or the token's short name
     * @param markers  per table position: the seat whose marker lies there, or -1
     * @param players  each seat's holdings
     * @param score    the score so far (counting only tokens the viewer knows)
     * @param changed  table positions the action touched (taken card, marker placed or moved)
     * @param toMove   the seat to move next, or -1 when the game is over
     */
    public record Step(int turn, int seat, String text, boolean[] onTable, String[] tokens, int[] markers,
                       List<SeatView> players, ScoreBreakdown score, int[] changed, int toMove) {
    }

    /**
     * One seat at one position.
     *
     * @param cards       card indices taken, in region order (R16: public)
     * @param reserve     markers in reserve
     * @param table       markers on the table
     * @param boxed       boxed markers (R12)
     * @param tokenCount  tokens held (public, R25)
     * @param tokens      short names of the tokens held, or null when the viewer cannot see them (R26)
     * @param usedReturns return tokens used (public, R8)
     */
    public record SeatView(int[] cards, int reserve, int table, int boxed, int tokenCount, List<String> tokens,
                           int usedReturns) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Replays {@code rec} (checking every step) and collects its positions as {@code viewer} saw them. */
    public static GameView of(GameRecord rec, String title, int viewer) {
        Layout layout = rec.deal().layout();
        List<CardView> deck = new ArrayList<>();
        for (Card c : layout.deck().cards()) {
            deck.add(new CardView(c.region().ordinal(), c.region().displayName(), c.shields(),
                    c.symbol() == null ? null : c.symbol().jsonName(), TextRender.cardCode(c)));
        }
        int[] cardAt = new int[Layout.POSITIONS];
        for (int p = 0; p < Layout.POSITIONS; p++) {
            cardAt[p] = layout.cardAt(p);
        }
        GameState driver = new GameState(rec.rules(), rec.deal()); // whole turns, as recorded
        GameState s = new GameState(rec.rules(), rec.deal());      // one action at a time
        List<Step> steps = new ArrayList<>();
        steps.add(step(s, viewer, -1, "the deal: " + rec.rules().describe(), new int[0]));
        for (GameRecord.Turn t : rec.turns()) {
            int[] actions = GameRecord.applyTurn(driver, t);
            for (int a : actions) {
                int seat = s.toMove();
                int turn = s.turn();
                String text = ActionText.describe(layout, a) + ActionText.takenToken(s, a, viewer, seat);
                s.apply(a);
                if (!Action.isPublic(a) && viewer >= 0 && viewer != seat) {
                    continue; // R26: declining a return token is private
                }
                int[] changed = switch (Action.type(a)) {
                    case Action.T_TAKE, Action.T_PLACE, Action.T_PAY_MARKER -> new int[]{Action.position(a)};
                    case Action.T_MOVE -> new int[]{Action.from(a), Action.position(a)};
                    default -> new int[0];
                };
                steps.add(step(s, viewer, seat, text, changed, turn));
            }
        }
        String result;
        ScoreBreakdown fin = null;
        if (rec.result().isForfeit()) {
            result = "seat " + rec.result().forfeitSeat() + " forfeited (" + rec.result().forfeit().jsonName() + ")";
        } else {
            rec.replay(); // the engine agrees with the record's scores
            fin = ScoreBreakdown.of(s);
            result = resultText(rec);
        }
        return new GameView(title, rec.rules().describe(), rec.seats(), viewer, deck, cardAt, steps, result, fin);
    }

    private static String resultText(GameRecord rec) {
        int[] sc = rec.result().scores();
        StringBuilder who = new StringBuilder();
        for (int p = 0; p < sc.length; p++) {
            if (rec.result().isWinner(p)) {
                who.append(who.length() == 0 ? "" : " and ").append("seat ").append(p);
            }
        }
        StringBuilder scores = new StringBuilder();
        for (int p = 0; p < sc.length; p++) {
            scores.append(p == 0 ? "" : " : ").append(sc[p]);
        }
        return (rec.result().isShared() ? "shared win: " : "winner: ") + who + " (scores " + scores + ")";
    }

    private static Step step(GameState s, int viewer, int seat, String text, int[] changed) {
        return step(s, viewer, seat, text, changed, s.turn());
    }

    private static Step step(GameState real, int viewer, int seat, String text, int[] changed, int turn) {
        GameState s = real;
        if (viewer >= 0) {
            Observation obs = real.observe(viewer);
            s = obs.newState();
            obs.toViewState(s); // unknown tokens are Token.UNKNOWN: exactly the engine's hidden information
        }
        int players = s.players();
        boolean[] onTable = new boolean[Layout.POSITIONS];
        String[] tokens = new String[Layout.POSITIONS];
        int[] markers = new int[Layout.POSITIONS];
        for (int p = 0; p < Layout.POSITIONS; p++) {
            long bit = 1L << p;
            onTable[p] = (s.table() & bit) != 0;
            if (onTable[p] && (s.tokenPlaces() & bit) != 0) {
                tokens[p] = Token.shortName(s.placeToken(Layout.placeOf(p)));
            }
            markers[p] = -1;
            for (int q = 0; q < players; q++) {
                if ((s.markers(q) & bit) != 0) {
                    markers[p] = q;
                }
            }
        }
        List<SeatView> seats = new ArrayList<>();
        int[] known = new int[players];
        for (int q = 0; q < players; q++) {
            known[q] = s.heldTokens(q);
            List<String> names = null;
            if (viewer < 0 || viewer == q) {
                names = new ArrayList<>();
                for (int m = known[q]; m != 0; m &= m - 1) {
                    names.add(Token.shortName(Integer.numberOfTrailingZeros(m)));
                }
            }
            seats.add(new SeatView(hand(s.layout(), s.hand(q)), s.reserve(q), Long.bitCount(s.markers(q)), s.boxed(q),
                    s.tokenCount(q), names, s.usedReturns(q)));
        }
        ScoreBreakdown score = viewer < 0 ? ScoreBreakdown.of(s) : ScoreBreakdown.of(s, known);
        return new Step(turn, seat, text, onTable, tokens, markers, seats, score, changed, s.isOver() ? -1 : s.toMove());
    }

    /** Card indices of a hand, grouped by region in R2 order. */
    private static int[] hand(Layout layout, long hand) {
        int[] out = new int[Long.bitCount(hand)];
        int i = 0;
        for (int r = 0; r < Region.COUNT; r++) {
            for (long m = hand & layout.regionMask(r); m != 0; m &= m - 1) {
                out[i++] = layout.cardAt(Long.numberOfTrailingZeros(m));
            }
        }
        return out;
    }

    /** The page: the template from the jar with this view inlined as JSON (no network needed). */
    public String toHtml() {
        String template;
        try (InputStream in = GameView.class.getResourceAsStream("game.html")) {
            if (in == null) {
                throw new IllegalStateException("game.html template missing from the jar");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String json;
        try {
            json = MAPPER.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        // Inside <script> the HTML parser still looks for "</script", and "<!--" followed by "<script"
        // puts it in its "script data double escaped" state, which swallows the closing tag: no "<"
        // of the data may reach it. "<", ">" and "&" occur only inside JSON strings, where \\u003c
        // and the like mean the same. U+2028/9 are escaped for old JavaScript parsers.
        json = json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        return template.replace("/*GAME_DATA*/null", json).replace("{{TITLE}}", escapeHtml(title));
    }

    private static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

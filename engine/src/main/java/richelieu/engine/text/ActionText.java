package richelieu.engine.text;

import richelieu.engine.Action;
import richelieu.engine.Card;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.TextRender;
import richelieu.engine.Token;

/** Plain-language text for one action, shared by {@code view}, {@code play} and {@code replay}. */
public final class ActionText {
    private ActionText() {
    }

    /** A card with its place, e.g. "BouS at r1c11". */
    public static String cardAt(Layout layout, int position) {
        return TextRender.cardCode(layout.card(position)) + " at " + Layout.positionName(position);
    }

    /** A card in words, e.g. "Bourgogne, 1 shield, sword". */
    public static String cardWords(Card c) {
        return c.region().displayName() + ", " + (c.isDouble() ? "2 shields" : "1 shield")
                + (c.symbol() == null ? "" : ", " + c.symbol().jsonName());
    }

    /** What an action does, e.g. "takes BouS at r1c11", "places a marker on Cha2 at r2c5". */
    public static String describe(Layout layout, int action) {
        return switch (Action.type(action)) {
            case Action.T_USE_RETURN -> "uses a return token: a boxed marker goes back to the reserve (R8)";
            case Action.T_END_RETURNS -> "uses no (more) return tokens (R8)";
            case Action.T_TAKE -> "takes " + cardAt(layout, Action.position(action));
            case Action.T_STOP -> "takes no second card";
            case Action.T_PAY_RESERVE -> "pays a marker from the reserve into the box (R11)";
            case Action.T_PAY_MARKER -> "pays its marker on " + cardAt(layout, Action.position(action))
                    + " into the box (R11)";
            case Action.T_PLACE -> "places a marker on " + cardAt(layout, Action.position(action)) + " (R15)";
            case Action.T_MOVE -> "moves a marker from " + cardAt(layout, Action.from(action)) + " to "
                    + cardAt(layout, Action.position(action)) + " (R15)";
            case Action.T_SKIP -> "places no marker";
            case Action.T_PASS -> "passes: no legal take (R14)";
            default -> Action.toString(action);
        };
    }

    /**
     * What a take picks up besides the card (R13), to append to {@link #describe}: " and its
     * token Swd (R13)" when {@code viewer} may know it (everything: -1, or the taker), " and its
     * face-down token (R13)" otherwise, "" when the card carries none. Call it before applying.
     */
    public static String takenToken(GameState before, int action, int viewer, int taker) {
        if (Action.type(action) != Action.T_TAKE || (before.tokenPlaces() >>> Action.position(action) & 1) == 0) {
            return "";
        }
        int place = Layout.placeOf(Action.position(action));
        return viewer < 0 || viewer == taker ? " and its token " + Token.shortName(before.placeToken(place)) + " (R13)"
                : " and its face-down token (R13)";
    }
}

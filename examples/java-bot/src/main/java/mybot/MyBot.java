package mybot;

import richelieu.engine.Action;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Region;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.util.List;

/**
 * The bot to edit: at each decision it plays the legal action of highest {@link #value}, the
 * first one on ties. It sees only its {@link Observation} (what its seat may know) and the legal
 * actions; positions and packed actions are explained in docs/bots.md.
 */
public final class MyBot implements Strategy {
    private final double markerCost;

    MyBot(double markerCost) {
        this.markerCost = markerCost;
    }

    @Override
    public String name() {
        return "mybot";
    }

    @Override
    public int chooseAction(Observation obs, LegalActions legal) {
        int best = legal.get(0);
        double bestValue = value(obs, best);
        for (int i = 1; i < legal.size(); i++) {
            int action = legal.get(i);
            double v = value(obs, action);
            if (v > bestValue) {
                best = action;
                bestValue = v;
            }
        }
        return best;
    }

    /** How much this bot likes an action right now. */
    private double value(Observation obs, int action) {
        Layout layout = obs.layout();
        int me = obs.seat();
        int p = Action.position(action);
        switch (Action.type(action)) {
            case Action.T_TAKE:
                int region = layout.regionAt(p);
                int symbol = layout.symbolAt(p);
                double v = layout.isDouble(p) ? 2 : 1;                                  // its shields (R18)
                v += symbol >= 0 ? 0.5 : 0;                                             // a symbol (R19)
                v += layout.shields(obs.hand(me), region) == 0 ? 3 : 0;                 // first of its region: no -5
                v += symbol >= 0 && (obs.hand(me) & layout.symbolMask(symbol)) == 0 ? 3 : 0; // first of its symbol
                v += (obs.tokenPlaces() >>> p & 1) != 0 ? 0.5 : 0;                      // a face-down token (R13)
                v += decided(obs, region) ? -1.5 : leads(obs, p) ? 1 : 0;               // settled, or takes the lead
                boolean opponentsMarker = ((obs.marked() & ~obs.markers(me)) >>> p & 1) != 0;
                return opponentsMarker ? v - markerCost : v;                             // it costs a marker (R11)
            case Action.T_USE_RETURN:
            case Action.T_PAY_RESERVE:
                return 1;                                   // markers back; pay from the reserve
            case Action.T_PLACE:
            case Action.T_MOVE:                             // a marker on a row end costs its taker a marker (R11)
                return (Layout.ends(obs.table()) >>> p & 1) != 0 ? 1 : -1;
            default:
                return 0;                                   // stop, skip, end-returns, pay-marker
        }
    }

    /** True if some player holds more than half of the region's shields: its majority is settled (R18). */
    private static boolean decided(Observation obs, int region) {
        Layout layout = obs.layout();
        int total = layout.deck().regionShields(Region.of(region)) + 1;   // the cards' shields and the token
        for (int p = 0; p < obs.players(); p++) {
            if (2 * layout.shields(obs.hand(p), region) > total) {
                return true;
            }
        }
        return false;
    }

    /** True if taking the card at {@code p} gives this seat the most shields of its region. */
    private static boolean leads(Observation obs, int p) {
        Layout layout = obs.layout();
        int region = layout.regionAt(p);
        int mine = layout.shields(obs.hand(obs.seat()), region) + (layout.isDouble(p) ? 2 : 1);
        for (int q = 0; q < obs.players(); q++) {
            if (q != obs.seat() && layout.shields(obs.hand(q), region) >= mine) {
                return false;
            }
        }
        return true;
    }

    /** Makes the bot for specs like {@code mybot} or {@code mybot:markerCost=2} (listed in META-INF/services). */
    public static final class Factory implements StrategyFactory {
        @Override
        public String name() {
            return "mybot";
        }

        @Override
        public String description() {
            return "template bot: the legal action of highest value (shields, new regions and symbols, majorities)";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(Parameter.real("markerCost", 1.0, 0, 100, "value lost by taking a card that costs a marker"));
        }

        @Override
        public Strategy create(BotParams params) {
            return new MyBot(params.getDouble("markerCost"));   // checked against the declared range
        }
    }
}

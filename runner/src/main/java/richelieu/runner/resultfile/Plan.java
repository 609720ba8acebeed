package richelieu.runner.resultfile;

import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.strategies.BotSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run plays, as a pure function of its parameters. The run is cut into <em>units</em>,
 * numbered 0…{@link #units()}−1: unit {@code u} plays deal {@code u / lineups} with lineup
 * {@code u % lineups}, once per rule set and seat rotation. So every lineup meets the same
 * deals, paired games of a unit share their deal, and a unit is the grain of sharding,
 * resuming and ordering.
 *
 * @param bots     the bots taking part (lineups refer to them by index)
 * @param ruleSets one rule set, or several played on the same deals (e.g. base vs three-row)
 * @param deck     the deck
 * @param seed     the master seed
 * @param deals    how many deals
 * @param lineups  bot index per seat, one array per lineup
 * @param pairing  how seats rotate over a deal
 */
public record Plan(List<BotSpec> bots, List<Rules> ruleSets, Deck deck, long seed, long deals,
                   List<int[]> lineups, Pairing pairing) {

    /** How a lineup's seats are used across a deal. */
    public enum Pairing {
        /** Every cyclic rotation of the lineup plays the deal (2 players: the deal twice, seats swapped). */
        ROTATE,
        /** The deal is played once, the lineup rotated by the deal's number (seats alternate across deals). */
        ALTERNATE,
        /** The deal is played once with the lineup as given (self-play studies). */
        FIXED
    }

    public Plan {
        bots = List.copyOf(bots);
        ruleSets = List.copyOf(ruleSets);
        lineups = List.copyOf(lineups);
        int players = ruleSets.get(0).players();
        for (Rules r : ruleSets) {
            if (r.players() != players) {
                throw new IllegalArgumentException("all rule sets of a plan have the same player count");
            }
        }
        for (int[] l : lineups) {
            if (l.length != players) {
                throw new IllegalArgumentException("a lineup seats " + players + " bots");
            }
        }
    }

    public int players() {
        return ruleSets.get(0).players();
    }

    public long units() {
        return deals * lineups.size();
    }

    /** Seat rotations played per rule set in a unit. */
    public int rotations() {
        return pairing == Pairing.ROTATE ? players() : 1;
    }

    public int gamesPerUnit() {
        return ruleSets.size() * rotations();
    }

    public long games() {
        return units() * gamesPerUnit();
    }

    public long dealOf(long unit) {
        return unit / lineups.size();
    }

    public int lineupOf(long unit) {
        return (int) (unit % lineups.size());
    }

    /** The seats of game {@code game} of a unit: the lineup rotated left by the rotation. */
    public int[] seatBots(long unit, int game) {
        int[] lineup = lineups.get(lineupOf(unit));
        int k = lineup.length;
        int rot = switch (pairing) {
            case ROTATE -> game % rotations();
            case ALTERNATE -> (int) (dealOf(unit) % k);
            case FIXED -> 0;
        };
        int[] seats = new int[k];
        for (int s = 0; s < k; s++) {
            seats[s] = lineup[(s + rot) % k];
        }
        return seats;
    }

    /** Rule set index of game {@code game} of a unit. */
    public int ruleSetOf(int game) {
        return game / rotations();
    }

    /** The bot labels, in order. */
    public List<String> botLabels() {
        List<String> l = new ArrayList<>();
        for (BotSpec b : bots) {
            l.add(b.label());
        }
        return l;
    }
}

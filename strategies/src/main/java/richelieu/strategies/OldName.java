package richelieu.strategies;

import java.util.Map;

/**
 * A bot kept under an older name so that the specs of earlier results replay; {@code ./richelieu
 * bots} lists it apart from the shipped bots, and every output shows it under its shipped name
 * ({@link Bots#shippedName}).
 */
public interface OldName {
    /**
     * The spec of a shipped bot that plays exactly the games this bot plays with the values
     * {@code given} (a golden-game test proves each), or null when no shipped name does.
     */
    String shippedSpec(Map<String, String> given);
}

package richelieu.engine;

import richelieu.engine.json.Json;

/** R2: the nine regions in scoring and display order. {@link #ordinal()} is the region's id. */
public enum Region {
    /** Bourgogne, 10 shields in the standard deck. */
    BOURGOGNE("Bourgogne", "Bou"),
    /** Bretagne, 9 shields. */
    BRETAGNE("Bretagne", "Bre"),
    /** Champagne, 9 shields. */
    CHAMPAGNE("Champagne", "Cha"),
    /** Normandie, 8 shields. */
    NORMANDIE("Normandie", "Nor"),
    /** Languedoc, 8 shields. */
    LANGUEDOC("Languedoc", "Lan"),
    /** Provence, 7 shields. */
    PROVENCE("Provence", "Pro"),
    /** Anjou, 5 shields. */
    ANJOU("Anjou", "Anj"),
    /** Bourbon, 5 shields. */
    BOURBON("Bourbon", "Bbn"),
    /** Auvergne, 5 shields. */
    AUVERGNE("Auvergne", "Auv");

    /** The number of regions. */
    public static final int COUNT = 9;
    private static final Region[] VALUES = values();

    private final String displayName;
    private final String abbreviation;

    Region(String displayName, String abbreviation) {
        this.displayName = displayName;
        this.abbreviation = abbreviation;
    }

    /** Unique 3-letter abbreviation for text renders (Bourbon is "Bbn", Bourgogne "Bou"). */
    public String abbreviation() {
        return abbreviation;
    }

    /** The name as the rule texts and deck files spell it, e.g. "Bourgogne". */
    public String displayName() {
        return displayName;
    }

    /** The region with this id (its ordinal). */
    public static Region of(int id) {
        return VALUES[id];
    }

    /**
     * Parses the full name deck files and records spell ("Bourgogne"; not an abbreviation such as
     * "Bou"); returns null when it names no region.
     */
    public static Region parse(String name) {
        return Json.named(VALUES, Region::displayName, name);
    }

    @Override
    public String toString() {
        return displayName;
    }
}

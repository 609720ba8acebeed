package richelieu.engine;

/** R2: the nine regions in scoring and display order. {@link #ordinal()} is the region's id. */
public enum Region {
    BOURGOGNE("Bourgogne", "Bou"),
    BRETAGNE("Bretagne", "Bre"),
    CHAMPAGNE("Champagne", "Cha"),
    NORMANDIE("Normandie", "Nor"),
    LANGUEDOC("Languedoc", "Lan"),
    PROVENCE("Provence", "Pro"),
    ANJOU("Anjou", "Anj"),
    BOURBON("Bourbon", "Bbn"),
    AUVERGNE("Auvergne", "Auv");

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

    public static Region of(int id) {
        return VALUES[id];
    }

    /** Parses a deck-file name ("Bourgogne", "Bou"); returns null when it names no region. */
    public static Region parse(String name) {
        for (Region r : VALUES) {
            if (r.displayName.equals(name)) {
                return r;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return displayName;
    }
}

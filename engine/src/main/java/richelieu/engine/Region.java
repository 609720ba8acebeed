package richelieu.engine;

/** R2: the nine regions in scoring and display order. {@link #ordinal()} is the region's id. */
public enum Region {
    BOURGOGNE("Bourgogne"),
    BRETAGNE("Bretagne"),
    CHAMPAGNE("Champagne"),
    NORMANDIE("Normandie"),
    LANGUEDOC("Languedoc"),
    PROVENCE("Provence"),
    ANJOU("Anjou"),
    BOURBON("Bourbon"),
    AUVERGNE("Auvergne");

    public static final int COUNT = 9;
    private static final Region[] VALUES = values();

    private final String displayName;

    Region(String displayName) {
        this.displayName = displayName;
    }

    /** The name as the rule texts and deck files spell it, e.g. "Bourgogne". */
    public String displayName() {
        return displayName;
    }

    public static Region of(int id) {
        return VALUES[id];
    }

    /** Parses a deck-file name ("Bourgogne"); returns null when it names no region. */
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

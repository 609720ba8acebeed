package richelieu.runner.distance;

/**
 * The distance study's files, named once for the command that writes them, the report that reads
 * them and the README section that links them: its folder under {@code results/} and, inside any
 * folder it is written to, the result, the lineup's games, the page and its two charts.
 */
public final class DistanceFiles {
    /** The study's folder under results/. */
    public static final String FOLDER = "distance";
    public static final String JSON = "distance.json";
    public static final String PAGE = "distance.md";
    public static final String RECORDS = "distance-games.jsonl";
    /** The charts' base names (PNG and SVG each). */
    public static final String SHARE_CHART = "distance-gives-away";
    public static final String POINTS_CHART = "distance-points-lost";

    private DistanceFiles() {
    }
}

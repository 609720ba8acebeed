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
    /**
     * The folder, inside the study's, of its deeper companion: a run of the same lineup games at
     * numbers of cards beyond the exact solver's reach, measured by win/draw/loss alone, whose
     * share table the page and the README section show beside the main result's.
     */
    public static final String DEEP = "deep";
    /**
     * The folder, inside the study's, of a second companion at still more cards (16, win/draw/loss
     * only), a run of its own so that the first one's result stays as it was run.
     */
    public static final String DEEP16 = "deep16";
    /** The companions' folders, in the order of their numbers of cards. */
    public static final java.util.List<String> COMPANIONS = java.util.List.of(DEEP, DEEP16);

    private DistanceFiles() {
    }
}

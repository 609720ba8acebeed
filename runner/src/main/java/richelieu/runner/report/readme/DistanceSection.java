package richelieu.runner.report.readme;

import richelieu.runner.distance.DistancePage;
import richelieu.runner.distance.DistanceResult;

/**
 * "How far is each bot from perfect play?": the distance study's two tables and its chart, from
 * its result file in {@value #FOLDER}/ (written by {@code ./richelieu distance --out}, not by the
 * report: its unit is a position, not a game).
 */
public final class DistanceSection {
    /** The study's folder under results/. */
    public static final String FOLDER = "distance";

    private DistanceSection() {
    }

    public static void write(StringBuilder md, DistanceResult r) {
        if (r == null) {
            return;
        }
        md.append("### How far is each bot from perfect play?\n\n");
        md.append("At positions of real games, every bot decided with what its seat knows, and the exact solver of the "
                + "open game (every token known) valued every legal action. The solver sees the hidden tokens, so these "
                + "figures include the price of not knowing them; for `pimc` within its exact reach they are that price. "
                + "The study, its command and every position: [").append(FOLDER).append('/').append(DistancePage.PAGE)
                .append("](").append(FOLDER).append('/').append(DistancePage.PAGE).append("); how it works: "
                        + "[docs/perfect-play.md](../docs/perfect-play.md).\n\n");
        md.append(r.tables()).append('\n');
        md.append("![share of decisions that give away game value](").append(FOLDER).append('/')
                .append(DistancePage.SHARE_CHART).append(".png)\n\n");
    }
}

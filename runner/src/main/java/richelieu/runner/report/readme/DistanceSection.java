package richelieu.runner.report.readme;

import richelieu.runner.distance.DistanceCompanions;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.distance.DistanceFiles;

/**
 * "How far is each bot from perfect play?": the distance study's two tables and its chart, from
 * its result file in {@code results/distance/} (written by {@code ./richelieu distance --out}, not by the
 * report: its unit is a position, not a game).
 */
public final class DistanceSection {
    private static final String FOLDER = DistanceFiles.FOLDER;

    private DistanceSection() {
    }

    public static void write(StringBuilder md, DistanceResult r) {
        if (r == null) {
            return;
        }
        md.append("### How far is each bot from perfect play?\n\n");
        md.append("At positions of real games, every bot decided with what its seat knows, and the exact solver of the "
                + "open game (every token known) valued every legal action. The solver sees the hidden tokens, so these "
                + "figures include the price of not knowing them. `pimc` at 8 cards or fewer solves 20 token deals its seat "
                + "cannot tell apart exactly and plays the action with the most wins: there its share of decisions that give "
                + "away value is that price (its points lost also count margin it does not try to keep). "
                + "The study, its command and every position: [").append(FOLDER).append('/').append(DistanceFiles.PAGE)
                .append("](").append(FOLDER).append('/').append(DistanceFiles.PAGE).append("); how it works: "
                        + "[docs/perfect-play.md](../docs/perfect-play.md).\n\n");
        String byCards = DistanceCompanions.byCardsSection(r, FOLDER + "/");
        if (!byCards.isEmpty()) { // the whole span first; the study's own tables and its companions' follow
            md.append(byCards).append('\n');
        }
        md.append(r.tables()).append('\n');
        String paired = r.paired();
        if (!paired.isEmpty()) {
            md.append(paired).append('\n');
        }
        String deeper = DistanceCompanions.deeperSection(r, FOLDER + "/");
        if (!deeper.isEmpty()) {
            md.append(deeper).append('\n');
        }
        md.append("![share of decisions that give away game value](").append(FOLDER).append('/')
                .append(DistanceFiles.SHARE_CHART).append(".png) ![mean points lost per decision](").append(FOLDER)
                .append('/').append(DistanceFiles.POINTS_CHART).append(".png)\n\n");
    }
}

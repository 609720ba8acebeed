package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.report.chart.ChartData.PairScores;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The pairwise score matrix of a round robin: row's score against column, in percent. */
final class PairwiseChart {
    private PairwiseChart() {
    }

    /** Rows and columns in {@code order} (bots missing from it follow in the file's order), the first on top. */
    static void draw(PairScores scores, List<String> order, String context, Path base) {
        Charts.requireFonts();
        List<String> bots = new ArrayList<>();
        for (String b : order) {
            if (scores.bots().contains(b) && !bots.contains(b)) {
                bots.add(b);
            }
        }
        for (String b : scores.bots()) {
            if (!bots.contains(b)) {
                bots.add(b);
            }
        }
        int n = bots.size();
        if (n < 2) {
            throw new UserError("the pairwise chart needs at least 2 bots");
        }
        double[][] cells = new double[n][n];
        boolean any = false;
        List<String> desc = new ArrayList<>();
        desc.add("Score of the row's bot against the column's bot (win 1, draw ½), over all games they met in.");
        for (int r = 0; r < n; r++) {
            int i = scores.bots().indexOf(bots.get(r));
            for (int c = 0; c < n; c++) {
                int j = scores.bots().indexOf(bots.get(c));
                double s = scores.score()[i][j];
                // rounded half-up to 0.1% here, as the text report does
                cells[r][c] = i == j || Double.isNaN(s) ? Double.NaN : Math.round(s * 1000) / 1000.0;
                any |= !Double.isNaN(cells[r][c]);
                if (i != j && scores.games()[i][j] > 0) {
                    desc.add(String.format(Locale.ROOT, "%s vs %s: %.1f%% of %d games", bots.get(r), bots.get(c),
                            100 * s, scores.games()[i][j]));
                }
            }
        }
        Charts.addContext(desc, context);
        if (!any) {
            throw new UserError("the pairwise chart has no games between different bots to show");
        }
        HeatMapFigure f = new HeatMapFigure(Charts.withContext("Pairwise score, row against column", context),
                "opponent (column, numbered as the rows); cell: row's score, win 1 draw ½ (blue: above 50%, red: below)",
                "bot (row)", bots, cells);
        Charts.write(f, base, desc);
    }
}

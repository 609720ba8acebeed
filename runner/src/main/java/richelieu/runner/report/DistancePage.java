package richelieu.runner.report;

import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceCompanions;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.report.chart.BotOrder;
import richelieu.runner.report.chart.Charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Writes the study's page and its charts in its folder ({@link DistanceFiles}), beside the run's result and games. */
public final class DistancePage {
    private DistancePage() {
    }

    /** Writes the page and its charts (the result and the lineup's games are the run's files). */
    public static void write(DistanceResult r, Path dir) throws IOException {
        charts(r, dir, BotOrder.asMet(r.bots()));
        Files.writeString(dir.resolve(DistanceFiles.PAGE), page(r, dir));
    }

    /** Writes the two charts, the bots in {@code order} and its looks; returns the files written. */
    public static List<Path> charts(DistanceResult r, Path dir, BotOrder order) {
        Charts.allOrNothing(() -> {
            // with its deeper companions, the charts span every number of cards measured
            DistanceResult all = DistanceCompanions.joined(r);
            Charts.distanceShare(all, order, dir.resolve(DistanceFiles.SHARE_CHART));
            Charts.distancePoints(all, order, dir.resolve(DistanceFiles.POINTS_CHART));
        });
        List<Path> written = new ArrayList<>();
        for (String chart : List.of(DistanceFiles.SHARE_CHART, DistanceFiles.POINTS_CHART)) {
            written.add(dir.resolve(chart + ".png"));
            written.add(dir.resolve(chart + ".svg"));
        }
        return written;
    }

    /** The result file of a page written in {@code dir}, as typed from the project's folder when it is under it. */
    private static String resultPath(Path dir) {
        Path file = dir.resolve(DistanceFiles.JSON).toAbsolutePath().normalize();
        Path home = Path.of("").toAbsolutePath();
        return (file.startsWith(home) ? home.relativize(file) : file) + " --out " + (file.startsWith(home)
                ? home.relativize(file.getParent()) : file.getParent());
    }

    static String page(DistanceResult r, Path dir) {
        StringBuilder md = new StringBuilder();
        md.append("# Every bot's distance from perfect play\n\n");
        md.append("How far is each bot from perfect play? At positions sampled from real games, every bot decides "
                + "with what its seat knows, and the exact solver of the open game (every token's identity known) values "
                + "every legal action. How the study works and how to read it: [docs/perfect-play.md](../../docs/perfect-play.md).\n\n");
        md.append("```\n").append(r.command()).append("\n```\n\n");
        String partial = r.partialNote(resultPath(dir));
        if (!partial.isEmpty()) {
            md.append(partial).append("\n\n");
        }
        md.append(String.format(Locale.ROOT, "Seed %d; %s; %s deck. The lineup's games are [%s](%s) (game g is line g: "
                        + "`./richelieu solve %s --game G --step K --open` shows any position below).%n%n", r.seed(), r.rules(),
                r.deck(), DistanceFiles.RECORDS, DistanceFiles.RECORDS, DistanceFiles.RECORDS));
        md.append(r.tables()).append("\n");
        String paired = r.paired();
        if (!paired.isEmpty()) {
            md.append(paired).append("\n");
        }
        String byCards = DistanceCompanions.byCardsSection(r, "");
        if (!byCards.isEmpty()) {
            md.append(byCards).append("\n");
        }
        String deeper = DistanceCompanions.deeperSection(r, "");
        if (!deeper.isEmpty()) {
            md.append(deeper).append("\n");
        }
        md.append("![share of decisions that give away game value](").append(DistanceFiles.SHARE_CHART).append(".png)\n\n");
        md.append("![mean points lost per decision](").append(DistanceFiles.POINTS_CHART).append(".png)\n\n");
        md.append("## Reading it\n\n");
        md.append("- A decision point is one action: a turn of returns, takes, payments and a marker is several.\n");
        md.append("- The solver sees the tokens the bot cannot see. Even a perfect player of the real game, which hides "
                + "them, would lose some value here: the figures are the distance from the open game's perfect play, and "
                + "include the price of not knowing the tokens. For `pimc` within its exact reach (`exact=8`: at most 8 "
                + "cards to play) every decision is the best over 20 token deals its seat cannot tell apart, each solved "
                + "exactly: its distance there is that price (with 20 deals' sampling; it ranks actions by wins and draws, "
                + "not by margin, so its points lost also count margin it does not try to keep).\n");
        md.append("- The share of decisions that give away value counts only a change of the outcome under best play; "
                + "points lost count every point of margin. The interval of the share is Wilson's; that of the mean points "
                + "lost is Student t's, cut to [0, the largest loss possible at these positions], and exact from that "
                + "bound when every decision lost the same (e.g. none: then it still says how small the mean must be).\n");
        md.append("- Every bot meets the same positions with the same random stream, and decides afresh: it was told "
                + "every action of the game before, but made none of its seat's earlier decisions, so a bot that reuses "
                + "its search tree starts this decision without one.\n");
        md.append("\nThe positions, each bot's action there and its value are in [").append(DistanceFiles.JSON).append("](").append(DistanceFiles.JSON)
                .append(").\n");
        return md.toString();
    }
}

package richelieu.runner.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's plots: every study's own charts ({@link Charts#all}), and three that combine
 * studies: seat advantage of all bots, base vs three-row of all bots, and seat advantage per
 * deck. Returns, per study id (or "summary"), the base names of its plots (without .png/.svg).
 */
final class Plots {
    static final String SUMMARY = "summary";

    private Plots() {
    }

    static Map<String, List<String>> draw(Map<StudyPlan.Study, Findings.Run> runs, Path dir, List<Path> written) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        Map<String, JsonNode> byId = new LinkedHashMap<>();
        for (Findings.Run r : runs.values()) {
            byId.put(r.study().id(), r.result());
            String command = ChartData.command(r.result());
            if (!command.equals("tournament") && !command.equals("first-player") && !command.equals("balance")) {
                continue; // a match has no charts of its own
            }
            List<String> names = new ArrayList<>();
            for (Path base : Charts.all(r.result(), dir, r.study().id())) {
                names.add(base.getFileName().toString());
                record(written, base);
            }
            out.put(r.study().id(), names);
        }
        List<String> summary = new ArrayList<>();
        // Seat advantage of every bot studied in 2-player self-play on the standard deck.
        List<ChartData.BotEstimate> bots = new ArrayList<>();
        for (String id : List.of("first-player", "first-player-strong")) {
            if (byId.containsKey(id)) {
                bots.addAll(ChartData.seatAdvantage(id, byId.get(id)).bots());
            }
        }
        if (!bots.isEmpty()) {
            Path base = dir.resolve("seat-advantage-all-bots");
            Charts.seatAdvantage(List.of(new ChartData.SeatAdvantage("standard deck", bots)), base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // Base vs three-row for every bot.
        List<ChartData.BotEstimates> variants = new ArrayList<>();
        List<String> variantNames = null;
        long deals = 0;
        for (String id : List.of("balance", "balance-strong")) {
            if (byId.containsKey(id)) {
                ChartData.VariantScores v = ChartData.variantScores(byId.get(id));
                variants.addAll(v.bots());
                variantNames = v.variants();
                deals = deals == 0 ? v.dealsPerBot() : Math.min(deals, v.dealsPerBot());
            }
        }
        if (!variants.isEmpty()) {
            Path base = dir.resolve("base-vs-three-row-all-bots");
            Charts.variants(new ChartData.VariantScores(variantNames, deals, variants), "all bots, self-play", base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // Seat advantage per deck.
        List<ChartData.SeatAdvantage> decks = new ArrayList<>();
        String[][] deckStudies = {{"standard deck", "first-player"}, {"flat deck", "deck-flat-first-player"},
                {"doubles-heavy deck", "deck-doubles-first-player"}};
        for (String[] d : deckStudies) {
            if (byId.containsKey(d[1])) {
                decks.add(ChartData.seatAdvantage(d[0], byId.get(d[1])));
            }
        }
        if (decks.size() > 1) {
            Path base = dir.resolve("seat-advantage-by-deck");
            Charts.seatAdvantage(decks, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        if (!summary.isEmpty()) {
            out.put(SUMMARY, summary);
        }
        return out;
    }

    private static void record(List<Path> written, Path base) {
        written.add(base.resolveSibling(base.getFileName() + ".png"));
        written.add(base.resolveSibling(base.getFileName() + ".svg"));
    }
}

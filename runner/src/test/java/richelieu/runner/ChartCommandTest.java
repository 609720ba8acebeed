package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code richelieu chart}: files named after the result, --compare, one-line errors. */
class ChartCommandTest {
    @TempDir
    Path dir;

    private Path copy(String sample, String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = ChartCommandTest.class.getResourceAsStream("/samples/" + sample + ".json")) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void chart_tournamentAndBalance_writesEachChartBesideTheFile() throws Exception {
        Path t = copy("tournament", "ladder.json");
        Path b = copy("balance", "bal.json");
        Cli c = Cli.run("chart", t.toString(), b.toString());
        assertEquals(0, c.exit, c.toString());
        for (String name : new String[]{"ladder-ratings", "ladder-pairwise", "bal-variants", "bal-margins"}) {
            assertTrue(Files.size(dir.resolve(name + ".png")) > 0, name);
            assertTrue(Files.size(dir.resolve(name + ".svg")) > 0, name);
            assertTrue(c.out.contains("wrote " + dir.resolve(name) + ".png, .svg"), c.toString());
        }
    }

    @Test
    void chart_compareTwoFirstPlayerFiles_oneSeriesPerFile() throws Exception {
        Path a = copy("first-player", "deckA.json");
        Path b = copy("first-player", "deckB.json");
        Path out = dir.resolve("charts");
        Cli c = Cli.run("chart", a.toString(), b.toString(), "--out", out.toString(), "--compare", "decks");
        assertEquals(0, c.exit, c.toString());
        String svg = Files.readString(out.resolve("decks.svg"), StandardCharsets.UTF_8);
        assertTrue(svg.contains("series: deckA; deckB"), "same deck in both: labelled by file name");
        assertTrue(Files.exists(out.resolve("deckA-seat-advantage.png")));
        assertTrue(Files.exists(out.resolve("deckB-margins.svg")));
    }

    @Test
    void chart_compareNameWithAFolder_refused_nothingWrittenOutsideOut() throws Exception {
        // Before: --compare ../x wrote x.png and x.svg beside --out, outside it.
        Path a = copy("first-player", "deckA.json");
        Path out = dir.resolve("charts");
        for (String name : new String[]{"../escaped", dir.resolve("abs").toString(), ".."}) {
            Cli.refused("--compare '" + name + "': give a file name without a folder", "chart", a.toString(), "--out",
                    out.toString(), "--compare", name);
        }
        assertTrue(Files.notExists(dir.resolve("escaped.png")) && Files.notExists(dir.resolve("abs.png")));
        assertTrue(Files.notExists(out), "nothing written");
    }

    @Test
    void chart_compareWithABalanceFile_errorBeforeAnyChartIsWritten() throws Exception {
        Path a = copy("first-player", "fp.json");
        Path b = copy("balance", "bal.json");
        Cli c = Cli.run("chart", a.toString(), b.toString(), "--compare", "cmp");
        assertEquals(2, c.exit, c.toString());
        assertEquals("richelieu: " + b + ": the seat advantage chart needs a first-player result, not a balance result",
                c.err.strip());
        assertTrue(Files.notExists(dir.resolve("fp-seat-advantage.png")), "nothing written");
    }

    @Test
    void chart_matchResult_drawsItsMargins_otherCommandsOneLineErrorAndExit2() throws Exception {
        Path m = copy("match", "m.json");
        Cli c = Cli.run("chart", m.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(Files.exists(dir.resolve("m-margins.png")), c.toString());
        Path s = ResultFiles.resourceIn("golden/sprt/result.json", dir);
        Cli e = Cli.run("chart", s.toString());
        assertEquals(2, e.exit, e.toString());
        assertEquals("richelieu: " + s + ": no charts for a sprt result (charts exist for tournament, match, first-player, "
                + "balance and tune results)", e.err.strip(), e.toString());
    }

    @Test
    void chart_match_marginOfTheFirstBotOverTheSecond_notSeatMarginsOfBoth() throws Exception {
        // Before, a match's margin chart showed seat 0 − seat 1 over games with either bot in seat 0: two humps.
        Path m = dir.resolve("gr.json");
        Cli run = Cli.run("match", "greedy", "random", "--pairs", "20", "--seed", "3", "--json", m.toString(), "--no-progress");
        assertEquals(0, run.exit, run.toString());
        Cli c = Cli.run("chart", m.toString());
        assertEquals(0, c.exit, c.toString());
        String svg = Files.readString(dir.resolve("gr-margins.svg"), StandardCharsets.UTF_8);
        assertTrue(svg.contains("x axis: score margin, greedy − random (points"), svg.substring(0, 600));
        assertTrue(svg.contains("series: greedy − random (40 games)"), svg.substring(0, 600));
    }

    @Test
    void chart_notAResultFile_oneLineErrorAndExit2() throws Exception {
        Path f = dir.resolve("x.json");
        Files.writeString(f, "{\"format\": \"other\"}");
        Cli c = Cli.run("chart", f.toString());
        assertEquals(2, c.exit, c.toString());
        assertEquals("richelieu: result file " + f + ": not a richelieu-result/1 file", c.err.strip());
    }

    @Test
    void chart_oneFileWithoutCharts_nothingWrittenAndTheFileNamed() throws Exception {
        // Before: a.json's charts were written, then "no charts for a sprt result" and exit 2.
        Path a = copy("first-player", "a.json");
        Path sprt = dir.resolve("sprt.json");
        Files.writeString(sprt, ResultFiles.resource("golden/sprt/result.json").toString());
        Path out = dir.resolve("charts");
        Cli c = Cli.run("chart", a.toString(), sprt.toString(), "--out", out.toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains(sprt + ": no charts for a sprt result"), c.toString());
        assertTrue(!Files.exists(out) || Files.list(out).findAny().isEmpty(), "nothing written: " + c);
        assertTrue(!c.out.contains("wrote"), c.toString());
    }
}

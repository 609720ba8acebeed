package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceCompanions;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.report.readme.DistanceSection;
import richelieu.runner.study.PerfectPlayStudy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistanceCommandTest {
    /** A small, cheap run: two measured bots, the lineup's games between them, two numbers of cards. */
    private static final List<String> SMALL = List.of("distance", "greedy", "random", "--lineup", "random,greedy",
            "--cards", "4,6", "--seed", "5", "--no-progress");

    private static String[] small(String... more) {
        List<String> args = new ArrayList<>(SMALL);
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    @Test
    void distance_badInput_oneLineExit2() throws IOException {
        Cli.refused("--cards", "distance", "greedy", "--cards", "13");
        Cli.refused("--cards", "distance", "greedy", "--cards", "4,4");
        Cli.refused("--outcome-only 14", "distance", "greedy", "--cards", "4,14");
        Cli.refused("--outcome-only: 6 is not one of --cards", "distance", "greedy", "--cards", "4", "--outcome-only", "6");
        Cli.refused("--cards: 18 is not between 1 and 16", "distance", "greedy", "--cards", "18", "--outcome-only", "18");
        Cli.refused("--outcome-only must name each number of cards once", "distance", "greedy", "--cards", "14",
                "--outcome-only", "14,14");
        Cli.refused("--lineup", "distance", "greedy", "--lineup", "greedy");
        Cli.refused("--games", "distance", "greedy", "--games", "0");
        Cli.refused("--games must be an even number", "distance", "greedy", "--games", "3");
        Cli.refused("nosuchbot", "distance", "nosuchbot", "--games", "2");
        Cli.refused("named twice", "distance", "greedy", "greedy", "--games", "2");
        Path dir = Files.createTempDirectory("distance-bad");
        Cli.refused("--out", "distance", "--from", dir.resolve("x.json").toString());
        Cli.refused("no such file", "distance", "--from", dir.resolve("x.json").toString(), "--out", dir.toString());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"richelieu-distance/1\", \"bots\": []}");
        Cli.refused("not a richelieu-result/1 file", "distance", "--from", bad.toString(), "--out", dir.toString());
        Path match = dir.resolve("match.json");
        Cli.ok("match", "random", "greedy", "--pairs", "1", "--threads", "1", "--no-progress", "--json", match.toString());
        Cli.refused("not a distance run", "distance", "--from", match.toString(), "--out", dir.toString());
    }

    @Test
    void distance_out_thenFrom_writesTheSamePage(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Cli c = Cli.ok(small("--games", "2", "--threads", "1", "--out", a.toString()));
        assertTrue(c.out.contains("| greedy |"), c::toString);
        for (String f : new String[]{"distance.json", "distance.md", "distance-games.jsonl", "distance-gives-away.png",
                "distance-points-lost.svg"}) {
            assertTrue(Files.exists(a.resolve(f)), f);
        }
        assertEquals(2, Files.readAllLines(a.resolve("distance-games.jsonl")).size());
        Path b = dir.resolve("b");
        Cli.ok("distance", "--from", a.resolve("distance.json").toString(), "--out", b.toString());
        assertEquals(Files.readString(a.resolve("distance.md")), Files.readString(b.resolve("distance.md")));
        assertFalse(Files.exists(b.resolve("distance.json")), "--from writes the page, not the result");
        assertTrue(Files.readString(a.resolve("distance.md")).contains("--seed 5"));
    }

    @Test
    void distance_sameBytes_atOneAndTwoThreads_andInterruptedThenResumed(@TempDir Path dir) throws IOException {
        Path one = dir.resolve("one.json");
        Path two = dir.resolve("two.json");
        Cli.ok(small("--games", "6", "--threads", "1", "--json", one.toString()));
        Cli.ok(small("--games", "6", "--threads", "2", "--json", two.toString()));
        assertEquals(Files.readString(one), Files.readString(two));
        assertTrue(Files.readString(one).contains("\"measures\""), "the positions are in the result file");

        Path part = dir.resolve("part.json");
        Cli stopped = Cli.run(small("--games", "6", "--threads", "2", "--json", part.toString(), "--stop-after-units", "3",
                "--checkpoint-millis", "0"));
        assertEquals(130, stopped.exit, stopped::toString);
        assertTrue(stopped.out.contains("continue with --resume " + part), stopped::toString);
        assertTrue(Files.readString(part).contains("\"complete\" : false"));
        Cli.ok("distance", "--resume", part.toString(), "--threads", "1", "--no-progress");
        assertEquals(Files.readString(one), Files.readString(part), "resumed after an interruption: one run's bytes");
    }

    @Test
    void resumedIntoItsOutFolder_continuesThatFoldersGames_asAnUninterruptedRun(@TempDir Path dir) throws IOException {
        Path whole = dir.resolve("whole");
        Cli.ok(small("--games", "6", "--threads", "1", "--out", whole.toString()));
        Path first = dir.resolve("first");
        Cli stopped = Cli.run(small("--games", "6", "--threads", "1", "--out", first.toString(), "--stop-after-units", "3",
                "--checkpoint-millis", "0"));
        assertEquals(130, stopped.exit, stopped::toString);
        // the interrupted run's folder is copied where it is kept (as a run in a scratch folder is
        // committed) and resumed there: its games go on in that folder's file, not in the scratch one
        Path kept = dir.resolve("kept");
        Files.createDirectories(kept);
        for (String f : new String[]{DistanceFiles.JSON, DistanceFiles.RECORDS}) {
            Files.copy(first.resolve(f), kept.resolve(f));
        }
        String scratch = Files.readString(first.resolve(DistanceFiles.RECORDS));
        Cli.ok("distance", "--resume", kept.resolve(DistanceFiles.JSON).toString(), "--out", kept.toString(),
                "--threads", "1", "--no-progress");
        assertEquals(Files.readString(whole.resolve(DistanceFiles.RECORDS)), Files.readString(kept.resolve(DistanceFiles.RECORDS)),
                "the resumed folder's games file is the uninterrupted run's, byte for byte");
        assertEquals(scratch, Files.readString(first.resolve(DistanceFiles.RECORDS)), "the scratch folder is left alone");
        assertEquals(Files.readString(whole.resolve(DistanceFiles.PAGE)).replace(whole.toString(), kept.toString()),
                Files.readString(kept.resolve(DistanceFiles.PAGE)));
    }

    @Test
    void distance_shardsMerged_equalTheWholeRun_andAResumeExtendsIt(@TempDir Path dir) throws IOException {
        Path whole = dir.resolve("whole.json");
        Cli.ok(small("--games", "6", "--threads", "2", "--json", whole.toString()));
        Path s0 = dir.resolve("s0.json");
        Path s1 = dir.resolve("s1.json");
        Cli.ok(small("--games", "6", "--threads", "1", "--shard", "1/2", "--json", s1.toString()));
        Cli.ok(small("--games", "6", "--threads", "1", "--shard", "0/2", "--json", s0.toString()));
        Path merged = dir.resolve("merged.json");
        Cli.ok("merge", s1.toString(), s0.toString(), "--json", merged.toString());
        assertEquals(Files.readString(whole), Files.readString(merged), "shards merged, in any order, are the whole run");

        Path grown = dir.resolve("grown.json");
        Cli.ok(small("--games", "4", "--threads", "1", "--json", grown.toString()));
        Cli.ok("distance", "--resume", grown.toString(), "--games", "6", "--threads", "2", "--no-progress");
        assertEquals(Files.readString(whole), Files.readString(grown), "4 games extended to 6 are the 6-game run");
    }

    @Test
    void distance_editedMeasure_isRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        Cli.ok(small("--games", "2", "--threads", "1", "--json", f.toString()));
        String text = Files.readString(f);
        Path dropped = dir.resolve("dropped.json");
        Files.writeString(dropped, text.replaceFirst("\"unit\" : 1,", "\"unit\" : 0,"));
        Cli.refused("tally.measures", "distance", "--from", dropped.toString(), "--out", dir.toString());
        Path badCards = dir.resolve("cards.json");
        Files.writeString(badCards, text.replaceFirst("\"cards\" : 4,", "\"cards\" : 5,"));
        Cli.refused("cards", "distance", "--from", badCards.toString(), "--out", dir.toString());
        Path none = dir.resolve("none.json");
        com.fasterxml.jackson.databind.JsonNode tree = richelieu.runner.resultfile.ResultFile.MAPPER.readTree(text);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("tally")).remove("measures");
        Files.writeString(none, tree.toString());
        Cli.refused("a distance run measures each unit it holds", "distance", "--from", none.toString(), "--out",
                dir.toString());
    }

    /** A deeper run (win/draw/loss only) beside a result: its share table and verdict join the result's page. */
    @Test
    void deeperRunBeside_joinsThePage_andItsOwnPageSaysPointsAreNotMeasured(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Cli.ok(small("--games", "2", "--threads", "1", "--out", a.toString()));
        Path deep = a.resolve(DistanceFiles.DEEP);
        Cli.ok("distance", "greedy", "random", "--lineup", "random,greedy", "--cards", "6", "--outcome-only", "6",
                "--seed", "5", "--no-progress", "--games", "2", "--threads", "1", "--out", deep.toString());
        String deepPage = Files.readString(deep.resolve(DistanceFiles.PAGE));
        assertTrue(deepPage.contains("--cards 6 --outcome-only 6") && deepPage.contains("Points lost are not measured here")
                && !deepPage.contains("**Mean points lost"), deepPage);
        Path b = dir.resolve("b");
        Cli.ok("distance", "--from", a.resolve(DistanceFiles.JSON).toString(), "--out", b.toString());
        String page = Files.readString(b.resolve(DistanceFiles.PAGE));
        assertTrue(page.contains("**Deeper: 6 cards win/draw/loss only** ([its page](deep/distance.md)"), page);
        assertTrue(page.indexOf("| greedy |") != page.lastIndexOf("| greedy |"), "the deeper share table too: " + page);
    }

    /**
     * Two companions beside a result: the page spans every number of cards in one share table (win/draw/loss
     * columns marked), the points lost only where solved exactly, and a paired verdict over every position.
     */
    @Test
    void twoCompanionsBeside_joinTheStudyInOneTableByCards(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Cli.ok(small("--games", "4", "--threads", "1", "--out", a.toString()));
        Cli.ok("distance", "greedy", "random", "--lineup", "random,greedy", "--cards", "8", "--seed", "5", "--no-progress",
                "--games", "2", "--threads", "1", "--out", a.resolve(DistanceFiles.DEEP).toString());
        Cli.ok("distance", "greedy", "random", "--lineup", "random,greedy", "--cards", "10", "--outcome-only", "10",
                "--seed", "5", "--no-progress", "--games", "2", "--threads", "1", "--out",
                a.resolve(DistanceFiles.DEEP16).toString());
        Path b = dir.resolve("b");
        Cli.ok("distance", "--from", a.resolve(DistanceFiles.JSON).toString(), "--out", b.toString());
        String page = Files.readString(b.resolve(DistanceFiles.PAGE));
        assertTrue(page.contains("**From 4 to 10 cards left, every bot** (this study and its deeper companions: "
                + "[8 cards](deep/distance.md), [10 cards](deep16/distance.md))"), page);
        assertTrue(page.contains("| bot | 4 cards | 6 cards | 8 cards | 10 cards (W/D/L) |\n"), page);
        assertTrue(page.contains("| bot | 4 cards | 6 cards | 8 cards |\n"), "points lost only where exact: " + page);
        assertTrue(page.contains("**Deeper: 10 cards win/draw/loss only** ([its page](deep16/distance.md)"), page);
        assertTrue(page.contains("from the first games of random vs greedy") && page.contains(" from 4 games (")
                && page.contains(" from 2 games ("), page);
        DistanceResult r = PerfectPlayStudy.read(a.resolve(DistanceFiles.JSON));
        long each = r.positionsWith(DistanceResult.ALL) + r.deeper().stream()
                .mapToLong(c -> c.result().positionsWith(DistanceResult.ALL)).sum();
        assertEquals(List.of(4, 6, 8, 10), DistanceCompanions.joined(r).cards());
        assertEquals(each, DistanceCompanions.joined(r).positionsWith(DistanceResult.ALL), "every position of the three runs, once");
        assertTrue(page.contains("**Every position pooled** (4, 6, 8 and 10 cards): ")
                && page.contains("on the " + each + " positions every bot decided"), page);

        // a companion of another seed is not the same games: refused, one line
        Path c = dir.resolve("c");
        Cli.ok(small("--games", "2", "--threads", "1", "--out", c.toString()));
        Cli.ok("distance", "greedy", "random", "--lineup", "random,greedy", "--cards", "8", "--seed", "6", "--no-progress",
                "--games", "2", "--threads", "1", "--out", c.resolve(DistanceFiles.DEEP16).toString());
        Cli.refused("cannot join", "distance", "--from", c.resolve(DistanceFiles.JSON).toString(), "--out",
                dir.resolve("d").toString());
    }

    /**
     * A bot added to a stored run ({@code --from --add}) gets what a run measuring it from the start
     * writes — the same positions, choices, statistics and page — including where its action is one no
     * bot before chose (solved alone), at an exact and an outcome-only number of cards; and the result
     * resumes as that run's does.
     */
    @Test
    void add_toAStoredRun_equalsTheRunThatMeasuredItFromTheStart(@TempDir Path dir) throws IOException {
        List<String> common = List.of("--lineup", "random,greedy", "--cards", "4,8", "--outcome-only", "8", "--seed", "5",
                "--no-progress", "--threads", "1");
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        List<String> first = new ArrayList<>(List.of("distance", "greedy", "--games", "4", "--out", a.toString()));
        first.addAll(common);
        Cli.ok(first.toArray(new String[0]));
        List<String> both = new ArrayList<>(List.of("distance", "greedy", "heuristic", "--games", "4", "--out", b.toString()));
        both.addAll(common);
        Cli.ok(both.toArray(new String[0]));
        Cli.refused("--add measures more bots on a stored run: it needs --from", "distance", "greedy", "--add", "heuristic");
        Cli.refused("already measured", "distance", "--from", a.resolve(DistanceFiles.JSON).toString(), "--add", "greedy",
                "--out", a.toString());

        Cli c = Cli.ok("distance", "--from", a.resolve(DistanceFiles.JSON).toString(), "--add", "heuristic", "--out",
                a.toString());
        assertTrue(c.out.contains("| heuristic |"), c::toString);
        com.fasterxml.jackson.databind.JsonNode added = ResultFile.MAPPER.readTree(a.resolve(DistanceFiles.JSON).toFile());
        com.fasterxml.jackson.databind.JsonNode whole = ResultFile.MAPPER.readTree(b.resolve(DistanceFiles.JSON).toFile());
        for (String field : new String[]{"config", "progress", "tally", "statistics"}) {
            assertEquals(whole.get(field), added.get(field), field);
        }
        assertEquals(Files.readString(b.resolve(DistanceFiles.PAGE)), Files.readString(a.resolve(DistanceFiles.PAGE)));
        int differ = 0;
        for (com.fasterxml.jackson.databind.JsonNode unit : added.get("tally").get("measures")) {
            for (com.fasterxml.jackson.databind.JsonNode p : unit.get("positions")) {
                differ += p.get("choices").get(0).get(0).equals(p.get("choices").get(1).get(0)) ? 0 : 1;
            }
        }
        assertTrue(differ >= 2, "heuristic chose an action greedy did not at " + differ + " positions");

        Cli.ok("distance", "--resume", a.resolve(DistanceFiles.JSON).toString(), "--games", "6", "--threads", "1",
                "--no-progress", "--out", a.toString());
        Cli.ok("distance", "--resume", b.resolve(DistanceFiles.JSON).toString(), "--games", "6", "--threads", "1",
                "--no-progress", "--out", b.toString());
        assertEquals(ResultFile.MAPPER.readTree(b.resolve(DistanceFiles.JSON).toFile()).get("tally"),
                ResultFile.MAPPER.readTree(a.resolve(DistanceFiles.JSON).toFile()).get("tally"));
    }

    /** A games file beside the result that is not the run's text: one line, exit 2, nothing written. */
    @Test
    void add_withAGamesFileThatIsNotUtf8_isRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Cli.ok("distance", "greedy", "--games", "2", "--lineup", "random,greedy", "--cards", "4", "--seed", "5",
                "--no-progress", "--threads", "1", "--out", a.toString());
        Path games = a.resolve(DistanceFiles.RECORDS);
        Files.write(games, new byte[]{(byte) 0xff, (byte) 0xfe, '\n'});
        Path out = dir.resolve("o");
        Cli.refused("not UTF-8 text", "distance", "--from", a.resolve(DistanceFiles.JSON).toString(), "--add",
                "heuristic", "--out", out.toString());
        assertFalse(Files.exists(out), "nothing written");
        Cli.refused("a folder, not a records file", "distance", "--from", a.resolve(DistanceFiles.JSON).toString(), "--add",
                "heuristic", "--records", dir.toString(), "--out", out.toString());
    }

    @Test
    void report_withADistanceResultInItsFolder_putsTheSectionInTheReadme(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        Cli.ok("distance", "greedy", "--lineup", "random,greedy", "--games", "2", "--cards", "4", "--threads", "1",
                "--no-progress", "--out", out.resolve(DistanceFiles.FOLDER).toString());
        Path config = dir.resolve("studies.json");
        Files.writeString(config, """
                {"seed": 4, "studies": [
                  {"id": "fp", "title": "First player", "question": "Seat 0?",
                   "args": ["first-player", "random", "--games", "10"], "quick": ["first-player", "random", "--games", "10"]}
                ]}
                """);
        Cli.ok("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
        StringBuilder md = new StringBuilder();
        DistanceSection.write(md, PerfectPlayStudy.read(out.resolve(DistanceFiles.FOLDER).resolve("distance.json")));
        assertTrue(md.indexOf("### How far is each bot from perfect play?") == 0, md::toString);
        assertTrue(Files.readString(out.resolve("README.md")).contains(md.toString()));
    }

    @Test
    void committedStudy_pageAndReadmeSection_areWhatTheCodeWritesFromItsResult(@TempDir Path dir) throws IOException {
        Path folder = Path.of("..", "results", DistanceFiles.FOLDER);
        Cli.ok("distance", "--from", folder.resolve(DistanceFiles.JSON).toString(), "--out", dir.toString());
        assertEquals(Files.readString(folder.resolve(DistanceFiles.PAGE)), Files.readString(dir.resolve(DistanceFiles.PAGE)),
                "results/distance/distance.md: refresh with ./richelieu distance --from results/distance/distance.json "
                        + "--out results/distance");
        StringBuilder md = new StringBuilder();
        DistanceSection.write(md, PerfectPlayStudy.read(folder.resolve(DistanceFiles.JSON)));
        assertTrue(Files.readString(Path.of("..", "results", "README.md")).contains(md.toString()),
                "results/README.md carries the distance section of the committed result");
    }
}

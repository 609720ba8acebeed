package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.report.readme.DistanceSection;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistanceCommandTest {

    @Test
    void distance_badInput_oneLineExit2() throws IOException {
        Cli.refused("--cards", "distance", "greedy", "--cards", "13");
        Cli.refused("--cards", "distance", "greedy", "--cards", "4,4");
        Cli.refused("--lineup", "distance", "greedy", "--lineup", "greedy");
        Cli.refused("--games", "distance", "greedy", "--games", "0");
        Cli.refused("nosuchbot", "distance", "nosuchbot", "--games", "1");
        Cli.refused("named twice", "distance", "greedy", "greedy", "--games", "1");
        Path dir = Files.createTempDirectory("distance-bad");
        Cli.refused("--out", "distance", "--from", dir.resolve("x.json").toString());
        Cli.refused("cannot read", "distance", "--from", dir.resolve("x.json").toString(), "--out", dir.toString());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"richelieu-distance/1\", \"bots\": []}");
        Cli.refused("not a distance result", "distance", "--from", bad.toString(), "--out", dir.toString());
    }

    @Test
    void distance_out_thenFrom_writesTheSamePageAndResult(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Cli c = Cli.ok("distance", "greedy", "random", "--lineup", "random,greedy", "--games", "2", "--cards", "4,6",
                "--seed", "5", "--threads", "1", "--out", a.toString());
        assertTrue(c.out.contains("| greedy |"), c::toString);
        for (String f : new String[]{"distance.json", "distance.md", "distance-games.jsonl", "distance-gives-away.png",
                "distance-points-lost.svg"}) {
            assertTrue(Files.exists(a.resolve(f)), f);
        }
        assertEquals(2, Files.readAllLines(a.resolve("distance-games.jsonl")).size());
        Path b = dir.resolve("b");
        Cli.ok("distance", "--from", a.resolve("distance.json").toString(), "--out", b.toString());
        assertEquals(Files.readString(a.resolve("distance.json")), Files.readString(b.resolve("distance.json")),
                "statistics computed again from the positions are the stored ones");
        assertEquals(Files.readString(a.resolve("distance.md")), Files.readString(b.resolve("distance.md")));
        assertTrue(Files.readString(a.resolve("distance.md")).contains("--seed 5"));
    }

    @Test
    void report_withADistanceResultInItsFolder_putsTheSectionInTheReadme(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        Cli.ok("distance", "greedy", "--lineup", "random,greedy", "--games", "1", "--cards", "4", "--threads", "1",
                "--out", out.resolve(DistanceFiles.FOLDER).toString());
        Path config = dir.resolve("studies.json");
        Files.writeString(config, """
                {"seed": 4, "studies": [
                  {"id": "fp", "title": "First player", "question": "Seat 0?",
                   "args": ["first-player", "random", "--games", "10"], "quick": ["first-player", "random", "--games", "10"]}
                ]}
                """);
        Cli.ok("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
        StringBuilder md = new StringBuilder();
        DistanceSection.write(md, DistanceResult.read(out.resolve(DistanceFiles.FOLDER).resolve("distance.json")));
        assertTrue(md.indexOf("### How far is each bot from perfect play?") == 0, md::toString);
        assertTrue(Files.readString(out.resolve("README.md")).contains(md.toString()));
    }

    @Test
    void committedStudy_statisticsAndReadmeSection_areWhatTheCodeComputes() throws IOException {
        Path json = Path.of("..", "results", DistanceFiles.FOLDER, "distance.json");
        DistanceResult r = DistanceResult.read(json);
        assertEquals(Files.readString(json), r.toJson(), json + ": refresh with ./richelieu distance --from " + json
                + " --out results/distance");
        StringBuilder md = new StringBuilder();
        DistanceSection.write(md, r);
        assertTrue(Files.readString(Path.of("..", "results", "README.md")).contains(md.toString()),
                "results/README.md carries the distance section of the committed result");
    }
}

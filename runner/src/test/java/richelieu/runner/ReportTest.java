package richelieu.runner;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report end to end on a tiny study config. */
class ReportTest {
    private static final String CONFIG = """
            {"seed": 5, "studies": [
              {"id": "ladder", "title": "Ladder", "question": "Which bot is strongest?",
               "args": ["tournament", "random", "greedy", "heuristic", "--pairs", "4"], "quick": ["tournament", "random", "greedy", "--pairs", "2"]},
              {"id": "first-player", "title": "First player", "question": "Seat advantage?",
               "args": ["first-player", "random", "greedy", "--games", "400"], "quick": ["first-player", "random", "--games", "100"]},
              {"id": "first-player-4p", "title": "Four players", "question": "Seats?",
               "args": ["first-player", "random", "--players", "4", "--games", "200"], "quick": ["first-player", "random", "--players", "4", "--games", "40"]},
              {"id": "balance", "title": "Three-row", "question": "Balance?",
               "args": ["balance", "random", "greedy", "--pairs", "200"], "quick": ["balance", "random", "--pairs", "50"]}
            ]}
            """;

    @Test
    @Tag("slow")
    void report_tinyConfig_writesEveryStudyAndAnswersTheQuestions(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, CONFIG);
        Path out = dir.resolve("out");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        for (String id : new String[]{"ladder", "first-player", "first-player-4p", "balance"}) {
            assertTrue(Files.exists(out.resolve(id + ".json")), id);
            String md = Files.readString(out.resolve(id + ".md"));
            assertTrue(md.contains("--seed 5") && md.contains("```text"), md);
            String command = md.substring(md.indexOf("./richelieu"), md.indexOf('\n', md.indexOf("./richelieu")));
            assertTrue(!command.contains("--threads"), "the recorded command leaves --threads out: " + command);
        }
        String readme = Files.readString(out.resolve("README.md"));
        assertTrue(readme.contains("### Does the first player have an advantage?"), readme);
        assertTrue(readme.contains("### With 3 and 4 players, does the seat order matter?"), readme);
        assertTrue(readme.contains("### Is the three-row variant better balanced?"), readme);
        assertTrue(readme.contains("### Which bot is strongest, and by how much?"), readme);
        assertTrue(readme.contains("| random |") && readme.contains("| greedy |"), readme);

        // A second run reuses the complete results and writes the same README.
        Cli again = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, again.exit, again.toString());
        assertTrue(again.out.contains("up to date"), again.out);
        assertEquals(readme, Files.readString(out.resolve("README.md")));
    }

    /**
     * {@code ./richelieu report} in a folder of someone else's: the config next to the launcher
     * is run, never the current folder's results/studies.json, whose exec: bot would otherwise
     * start a program; and the launcher's own config starts no program unless named.
     */
    @Test
    @Tag("slow")
    void report_defaultConfig_isTheLaunchersNotTheCurrentFolders_andStartsNoProgram(@TempDir Path dir) throws Exception {
        // Before: the current folder's results/studies.json was run, its exec: bot and all.
        Path mark = dir.resolve("ran");
        String exec = "exec:sh -c 'touch " + mark + "'";
        Path untrusted = Files.createDirectories(dir.resolve("untrusted/results"));
        Files.writeString(untrusted.resolve("studies.json"), "{\"seed\": 1, \"studies\": [{\"id\": \"x\", \"title\": "
                + "\"x\", \"question\": \"?\", \"args\": [\"match\", \"" + exec.replace("'", "\\u0027") + "\", "
                + "\"random\", \"--pairs\", \"1\"], \"quick\": [\"match\", \"" + exec.replace("'", "\\u0027")
                + "\", \"random\", \"--pairs\", \"1\"]}]}");
        Path home = Files.createDirectories(dir.resolve("home/results"));
        Files.writeString(home.resolve("studies.json"), CONFIG);
        Spawned first = report(untrusted.getParent(), home.getParent(), "--quick", "--only", "first-player");
        assertEquals(0, first.exit(), first::toString);
        assertTrue(Files.exists(home.resolve("quick/first-player.json")), first::toString);
        assertTrue(!Files.exists(mark) && !Files.exists(untrusted.resolve("quick")), "the current folder's config ran");

        Files.writeString(home.resolve("studies.json"), Files.readString(untrusted.resolve("studies.json")));
        Spawned second = report(untrusted.getParent(), home.getParent(), "--quick");
        assertEquals(2, second.exit(), second::toString);
        assertTrue(second.err().contains("starts a program: name the config with --config to allow that"), second::toString);
        assertTrue(!Files.exists(mark), "the launcher's config started a program it was not named for");
    }

    /**
     * Regression: run as plain ./richelieu report (no --config), the recorded commands named the
     * result files by absolute paths, so on a fresh clone no committed study matched its .cmd file
     * and every game was played again. The command names the file from the launcher's folder now,
     * the same whichever way the report found the folder, and a second run plays nothing.
     */
    @Test
    void report_launchersOwnConfig_recordsTheResultFileFromTheLaunchersFolder(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home/results"));
        Files.writeString(home.resolve("studies.json"), CONFIG);
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Spawned first = report(elsewhere, home.getParent(), "--quick", "--only", "first-player");
        assertEquals(0, first.exit(), first::toString);
        String cmd = Files.readString(home.resolve("quick/first-player.cmd")).strip();
        assertTrue(cmd.endsWith("--seed 5 --json results/quick/first-player.json"), cmd);

        Spawned again = report(elsewhere, home.getParent(), "--quick", "--only", "first-player");
        assertEquals(0, again.exit(), again::toString);
        assertTrue(again.out().contains("first-player: up to date"), again::toString);
    }

    /** The report in a JVM of its own, in {@code cwd}, as ./richelieu at {@code home} starts it. */
    private static Spawned report(Path cwd, Path home, String... args) throws Exception {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("report", "--threads", "1"));
        all.addAll(java.util.List.of(args));
        return Spawned.run(cwd, java.util.Map.of("RICHELIEU_HOME", home.toString()), all.toArray(new String[0]));
    }

    /**
     * Regression: the report played an interrupted study's games again from the start (its --json
     * run overwrote the partial file) although its help said "run again to continue". It resumes the
     * partial file now, plays only the missing games, and ends with the result of one whole run.
     */
    @Test
    void report_partialResult_isResumedNotPlayedAgain(@TempDir Path dir) throws IOException {
        Path config = plan(dir, """
                {"seed": 5, "studies": [
                  {"id": "fp", "title": "First player", "question": "Seat advantage?",
                   "args": ["first-player", "random", "--games", "400"], "quick": ["first-player", "random", "--games", "40"]}
                ]}
                """);
        Path out = Files.createDirectories(dir.resolve("out"));
        // a partial result of exactly this study: units 0-99 and 300-399 of 400 (two shards merged)
        String[] study = {"first-player", "random", "--games", "400", "--seed", "5", "--no-progress"};
        for (String shard : new String[]{"0/4", "3/4"}) {
            assertEquals(0, Cli.run(concat(study, "--shard", shard, "--json", dir.resolve(shard.charAt(0) + ".json").toString())).exit);
        }
        assertEquals(0, Cli.run("merge", dir.resolve("0.json").toString(), dir.resolve("3.json").toString(), "--json",
                out.resolve("fp.json").toString()).exit);
        assertTrue(Files.readString(out.resolve("fp.json")).contains("\"complete\" : false"));

        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("(resuming "), c.out);
        assertTrue(c.err.contains("played 200 games"), "only the missing games are played: " + c.err);
        Path whole = dir.resolve("whole.json");
        assertEquals(0, Cli.run(concat(study, "--json", whole.toString())).exit);
        assertEquals(JSON.readTree(whole.toFile()).get("tally"), JSON.readTree(out.resolve("fp.json").toFile()).get("tally"),
                "resumed = one whole run");
        // the run time of the resumed part is recorded and shown on the page
        String times = Files.readString(out.resolve("fp.time.json"));
        assertTrue(times.contains("\"games\" : 200") && times.contains("\"threads\" : 2"), times);
        assertTrue(Files.readString(out.resolve("fp.md")).contains("**Run time:**"));
    }

    /**
     * A complete result file without its .cmd file (a run finished by a resume outside the report)
     * was played again from the start: the finished file and its run times were overwritten. Now
     * the report resumes it, which plays nothing when it is the study's run.
     */
    @Test
    void report_completeResultWithoutCmdFile_isKeptNotPlayedAgain(@TempDir Path dir) throws IOException {
        Path config = plan(dir, """
                {"seed": 5, "studies": [
                  {"id": "fp", "title": "First player", "question": "Seat advantage?",
                   "args": ["first-player", "random", "--games", "40"], "quick": ["first-player", "random", "--games", "4"]}
                ]}
                """);
        Path out = Files.createDirectories(dir.resolve("out"));
        Path json = out.resolve("fp.json");
        assertEquals(0, Cli.run("first-player", "random", "--games", "40", "--seed", "5", "--no-progress", "--json",
                json.toString()).exit);
        byte[] before = Files.readAllBytes(json);
        Path times = out.resolve("fp.time.json");
        Files.writeString(times, "{\"runs\" : [ ]}\n");

        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        assertFalse(c.err.contains("played 40 games"), "no game is played again: " + c.err);
        assertArrayEquals(before, Files.readAllBytes(json));
        assertTrue(Files.exists(times), "the run times stay");
        assertTrue(Files.exists(out.resolve("fp.cmd")) && Files.exists(out.resolve("fp.md")));
    }

    /**
     * A bot with two balance studies (a larger run extending a smaller one) was tested twice in the
     * balance table's Holm family, with two rows and two verdicts for one bot. Its last study, in
     * the plan's order, answers for it now, as in the convergence answer.
     */
    @Test
    void report_botWithTwoBalanceStudies_oneRowFromItsLastStudy(@TempDir Path dir) throws IOException {
        Path config = plan(dir, """
                {"seed": 5, "studies": [
                  {"id": "b-small", "title": "Balance", "question": "Balanced?",
                   "args": ["balance", "random", "greedy", "--pairs", "20"], "quick": ["balance", "random", "--pairs", "2"]},
                  {"id": "b-large", "title": "Balance, larger", "question": "Balanced?",
                   "args": ["balance", "random", "--pairs", "60"], "quick": ["balance", "random", "--pairs", "4"]}
                ]}
                """);
        Path out = Files.createDirectories(dir.resolve("out"));
        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        String readme = Files.readString(out.resolve("README.md"));
        List<String> randomRows = readme.lines().filter(l -> l.startsWith("| random | ") && l.contains(" pp | ")).toList();
        assertEquals(1, randomRows.size(), readme);
        int at = readme.indexOf("**random** seat 0 scores");
        assertTrue(at >= 0 && at == readme.lastIndexOf("**random** seat 0 scores"), readme);
        assertTrue(readme.substring(at, readme.indexOf(" deals)", at)).endsWith("(60"), "from the larger study: " + readme);
        assertTrue(readme.contains("Holm-corrected over the 2 bots"), readme);
    }

    @Test
    void report_cachedStudy_pageSaysSoAndNoteAndBudgetsShow(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, """
                {"seed": 5, "strongBot": "ismcts2:iterations=20", "studies": [
                  {"id": "fp", "title": "First player", "question": "Seat advantage?", "note": "Sized for the test.",
                   "args": ["first-player", "ismcts2:iterations=20", "--games", "30"], "quick": ["first-player", "random", "--games", "4"]}
                ]}
                """);
        Path out = dir.resolve("out");
        Cli first = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, first.exit, first.toString());
        String md = Files.readString(out.resolve("fp.md"));
        assertTrue(md.contains("**Note.** Sized for the test.") && md.contains("The report played this study's games"), md);
        // shown under its shipped name; the spec it was played as is in the command and said once beside the name
        assertTrue(md.contains("`ismcts-mast:iterations=20,rollout=random` (played as `ismcts2:iterations=20`, its older "
                + "spelling: the same games): 20 search iterations per decision"), md);
        String output = md.substring(md.indexOf("```text"));
        assertTrue(output.contains("ismcts-mast:iterations=20,rollout=random") && !output.contains("ismcts2"), output);
        assertTrue(Files.readString(out.resolve("fp.json")).contains("\"ismcts2:iterations=20\""), "the file keeps the spec");
        assertTrue(md.contains("**Run time:**") && md.contains("for 30 games, at --threads 2"), md);
        String readme = Files.readString(out.resolve("README.md"));
        assertTrue(readme.contains("## In brief: strong play") && readme.contains("of decisive 2-player games (")
                && readme.contains("Command: `./richelieu first-player ismcts2:iterations=20 --games 30 --seed 5 --json "), readme);
        assertTrue(readme.contains("## What the studies cost"), readme);

        Cli again = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, again.exit, again.toString());
        assertTrue(again.out.contains("up to date") && !again.err.contains("played"), again.toString());
        md = Files.readString(out.resolve("fp.md"));
        assertTrue(md.contains("**Cached:**") && md.contains("for 30 games, at --threads 2"), md);

        // The config names the bot by its shipped name now: the same run, kept; the page says once what it was played as.
        Files.writeString(config, Files.readString(config).replace("ismcts2:iterations=20",
                "ismcts-mast:iterations=20,rollout=random"));
        Cli renamed = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, renamed.exit, renamed.toString());
        assertTrue(renamed.out.contains("up to date"), renamed.toString());
        md = Files.readString(out.resolve("fp.md"));
        assertTrue(md.contains("./richelieu first-player ismcts-mast:iterations=20,rollout=random --games 30"), md);
        assertEquals(1, md.split("ismcts2", -1).length - 1, "the played spec is mentioned once: " + md);
        assertFalse(Files.readString(out.resolve("README.md")).contains("ismcts2"));
    }

    /** The opening names the strong bot's rank on the ladder when the ladder rates it. */
    @Test
    void report_strongBotOnTheLadder_inBriefGivesItsRank(@TempDir Path dir) throws IOException {
        String readme = readmeOf(dir, ladderConfig("ismcts:iterations=10", "greedy", "ismcts:iterations=10", "ismcts:iterations=40"));
        String brief = strongBotLine(readme);
        assertTrue(brief.matches(".*On the ladder it ranks [123] of 3 \\(Bradley–Terry [+−-]?[0-9]+ Elo \\[.*"), brief);
        assertTrue(brief.contains("it is the strongest bot there") || brief.contains("the strongest there is ")
                || brief.contains("share the top there"), brief);
        assertTrue(!brief.contains("head-to-head matches under"), brief);
    }

    /** When the top of the ladder is the strong bot with other settings, the opening says the answers are still its own. */
    @Test
    void report_topIsTheStrongBotWithOtherSettings_inBriefSaysWhoseAnswersTheyAre(@TempDir Path dir) throws IOException {
        String readme = readmeOf(dir, ladderConfig("ismcts:iterations=30", "greedy", "ismcts:iterations=30", "ismcts:iterations=300"));
        String brief = strongBotLine(readme);
        assertTrue(brief.matches(".*On the ladder it ranks [23] of 3 .*"), brief);
        assertTrue(brief.contains("the strongest there is ismcts:iterations=300, the same bot with other settings ("), brief);
        assertTrue(brief.contains("The answers here are ismcts:iterations=30's, at the budget its studies could afford"), brief);
    }

    /**
     * Regression: the report called the ladder's top bot "the strongest" although its head to head
     * against the runner-up was 48.6% [45.7, 51.4]. Two copies of heuristic (the second named by its
     * default weight) in 20 games cannot be told apart: neither is called the strongest.
     */
    @Test
    void report_topTwoNotToldApart_namesNoStrongestBot(@TempDir Path dir) throws IOException {
        String readme = readmeOf(dir, ladderConfig("heuristic:lackSpot=10", "heuristic:lackSpot=10", "heuristic", "heuristic:winBonus=50"));
        assertTrue(readme.contains("lead the ladder, and these games do not tell which is stronger"), readme);
        assertTrue(readme.contains("head to head heuristic scores ") && readme.contains("against heuristic:winBonus=50 ("),
                readme);
        assertTrue(!readme.contains("is the strongest bot of the ladder"), readme);
        String brief = strongBotLine(readme);
        assertTrue(brief.contains("share the top there, which these games do not tell apart"), brief);
        assertTrue(!brief.contains("the strongest there is"), brief);
    }

    /**
     * Several strong bots, in order of preference: each In brief answer comes from the first with a
     * complete study of it, and an answer from another bot than the first says which, and its rank.
     */
    @Test
    void report_strongBotsInOrder_eachAnswerFromTheFirstStudiedAndNamed(@TempDir Path dir) throws IOException {
        String readme = readmeOf(dir, """
                {"seed": 5, "strongBot": ["greedy", "random"], "studies": [
                  {"id": "ladder", "title": "Ladder", "question": "Which bot is strongest?",
                   "args": ["tournament", "random", "greedy", "ismcts:iterations=5", "--pairs", "10"], "quick": ["tournament", "random", "greedy", "--pairs", "2"]},
                  {"id": "fp", "title": "First player", "question": "Seat advantage?",
                   "args": ["first-player", "random", "--games", "40"], "quick": ["first-player", "random", "--games", "4"]},
                  {"id": "fp3", "title": "Three players", "question": "Seat order?",
                   "args": ["first-player", "random", "--players", "3", "--games", "30"], "quick": ["first-player", "random", "--players", "3", "--games", "3"]}
                ]}
                """);
        String brief = readme.substring(readme.indexOf("## In brief"), readme.indexOf("## The answers"));
        assertTrue(brief.contains("The strong bot: `greedy`"), brief);
        assertTrue(brief.matches("(?s).*1\\. \\*Does the first player have an advantage\\?\\* From `random` \\(rank [123] of 3 "
                + "on the ladder\\), as greedy has no complete study of this yet: .*"), brief);
        assertTrue(brief.contains("2. *With 3 and 4 players, does the seat order matter?* with 3 players (`random`) "), brief);
        assertTrue(brief.contains("3. *Is the three-row variant better balanced?* Not measured yet (no complete balance "
                + "study of these bots)."), brief);
    }

    /**
     * A study that extends the ladder adds its bots to the ladder's rating list without replaying
     * the ladder: the README's ratings are the pooled fit, the same as {@code ratings} gives for the
     * two result files, with the steps read from whichever study the bots met in.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"tournament", "match"})
    void report_studyExtendsLadder_itsBotsJoinTheLaddersRatings(String command, @TempDir Path dir) throws IOException {
        String readme = readmeOf(dir, """
                {"seed": 5, "studies": [
                  {"id": "ladder", "title": "Ladder", "question": "Which bot is strongest?",
                   "args": ["tournament", "ismcts:iterations=20", "ismcts:iterations=30", "--pairs", "10"], "quick": ["tournament", "random", "greedy", "--pairs", "2"]},
                  {"id": "more", "title": "More", "question": "And this one?", "extendsLadder": true,
                   "args": ["%s", "ismcts:iterations=30", "ismcts:iterations=40", "--pairs", "10"], "quick": ["%<s", "random", "greedy", "--pairs", "2"]}
                ]}
                """.formatted(command));
        Path out = dir.resolve("out");
        Cli pooled = Cli.run("ratings", out.resolve("ladder.json").toString(), out.resolve("more.json").toString(),
                "--json", dir.resolve("pooled.json").toString());
        assertEquals(0, pooled.exit, pooled.toString());
        com.fasterxml.jackson.databind.JsonNode ratings = JSON.readTree(dir.resolve("pooled.json").toFile()).get("ratings");
        assertEquals(3, ratings == null ? 0 : ratings.size(), pooled.out);
        for (com.fasterxml.jackson.databind.JsonNode r : ratings) {
            String row = String.format(java.util.Locale.ROOT, "| %d | %s | %s ", r.get("rank").asInt(), r.get("bot").asText(),
                    richelieu.runner.text.Format.signed(r.get("elo").asDouble(), 0));
            assertTrue(readme.contains(row), row + " in " + readme);
        }
        assertTrue(readme.contains("The ratings pool the ladder's games with those of [more](more.md)"), readme);
        // 40 iterations met 30 in the extension only: where they are neighbours, that step is read from there
        String first = ratings.get(0).get("bot").asText();
        String second = ratings.get(1).get("bot").asText();
        String third = ratings.get(2).get("bot").asText();
        for (String[] step : new String[][]{{first, second}, {second, third}}) {
            boolean met = !(step[0].endsWith("=20") && step[1].endsWith("=40") || step[0].endsWith("=40") && step[1].endsWith("=20"));
            assertEquals(met, readme.matches("(?s).*\\| " + java.util.regex.Pattern.quote(step[0])
                    + " \\| [^|]+ \\| [0-9.]+% \\[[0-9., ]+\\] vs " + java.util.regex.Pattern.quote(step[1]) + " \\|.*"),
                    String.join(" vs ", step) + " in " + readme);
        }
        assertTrue(Files.exists(out.resolve("ladder-all-bots.png")) && Files.exists(out.resolve("ladder-all-bots.svg")));
    }

    @Test
    void report_extendsLadderOnAStudyWithoutGamesBetweenBots_oneLineExit2(@TempDir Path dir) throws IOException {
        for (String value : List.of("true", "\"yes\"")) {
            Path config = dir.resolve("studies.json");
            Files.writeString(config, """
                    {"seed": 5, "studies": [
                      {"id": "fp", "title": "First player", "question": "Seat advantage?", "extendsLadder": %s,
                       "args": ["first-player", "random", "--games", "4"], "quick": ["first-player", "random", "--games", "4"]}
                    ]}
                    """.formatted(value));
            Cli c = Cli.run("report", "--config", config.toString(), "--out", dir.resolve("out").toString());
            assertEquals(2, c.exit, c.toString());
            assertEquals(1, c.err.strip().lines().count(), c.err);
            assertTrue(c.err.contains(value.equals("true") ? "only a tournament or a match can extend the ladder"
                    : "\"extendsLadder\" must be true or false"), c.err);
        }
    }

    @Test
    void report_strongBotNotAName_oneLineExit2(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, """
                {"seed": 5, "strongBot": ["greedy", 3], "studies": [
                  {"id": "fp", "title": "First player", "question": "Seat advantage?",
                   "args": ["first-player", "random", "--games", "4"], "quick": ["first-player", "random", "--games", "4"]}
                ]}
                """);
        Cli c = Cli.run("report", "--config", config.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, c.exit, c.toString());
        assertEquals(1, c.err.strip().lines().count(), c.err);
        assertTrue(c.err.contains("\"strongBot\" must be a bot, or a list of bots in order of preference"), c.err);
    }

    /** The In brief's opening line: the strong bot, its budget and its place on the ladder. */
    /** A study plan written to dir/studies.json, as --config takes it. */
    private static Path plan(Path dir, String json) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, json);
        return config;
    }

    private static String strongBotLine(String readme) {
        int from = readme.indexOf("The strong bot:");
        return readme.substring(from, readme.indexOf('\n', from));
    }

    /** A study config with one ladder (a tournament of {@code bots}, 10 deals a lineup) and this strong bot. */
    private static String ladderConfig(String strongBot, String... bots) {
        return """
                {"seed": 5, "strongBot": "%s", "studies": [
                  {"id": "ladder", "title": "Ladder", "question": "Which bot is strongest?",
                   "args": ["tournament", %s, "--pairs", "10"],
                   "quick": ["tournament", "random", "greedy", "--pairs", "2"]}
                ]}
                """.formatted(strongBot, String.join(", ", java.util.Arrays.stream(bots).map(b -> '"' + b + '"').toList()));
    }

    /** The README that {@code report} writes for the study config {@code json}. */
    private static String readmeOf(Path dir, String json) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, json);
        Path out = dir.resolve("out");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        return Files.readString(out.resolve("README.md"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    @Test
    void report_badConfig_oneLineError(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, "{\"seed\": 1, \"studies\": [{\"id\": \"x\", \"args\": [\"replay\"], \"quick\": [\"replay\"]}]}");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", dir.resolve("o").toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.startsWith("richelieu: study config") && c.err.contains("must be one of"), c.err);
        assertEquals(2, Cli.run("report", "--config", dir.resolve("none.json").toString()).exit);
    }
}

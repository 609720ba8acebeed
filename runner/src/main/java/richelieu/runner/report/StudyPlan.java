package richelieu.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.json.Json;
import richelieu.runner.UserError;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The studies of {@code results/studies.json}: a master seed and, per study, the exact command
 * line arguments (full and quick) and an optional note for its page (e.g. why it has the size it has);
 * optionally, per study, that its games join the ladder's rating list ({@code "extendsLadder"}); and
 * optionally the strong bots ({@code "strongBot"}: one name, or several in order of preference)
 * whose answers open results/README.md.
 *
 * @param strongBots each "In brief" answer comes from the first of these with a complete study
 *                   for it (empty: no such section)
 */
public record StudyPlan(long seed, List<PlannedStudy> studies, List<String> strongBots) {
    static final Set<String> COMMANDS = Set.of("tournament", "match", "first-player", "balance");
    private static final Set<String> PAIRWISE = Set.of("tournament", "match");

    /**
     * One study: id (file names), title, the question it answers, and its arguments.
     *
     * @param extendsLadder its games are pooled with the ladder's into one rating list
     *                      ({@code "extendsLadder": true}): bots join the ladder without replaying it
     */
    public record PlannedStudy(String id, String title, String question, List<String> args, List<String> quick, String note,
                        boolean extendsLadder) {
        public PlannedStudy(String id, String title, String question, List<String> args, List<String> quick) {
            this(id, title, question, args, quick, "", false);
        }

        /** The command the study runs (first argument). */
        public String command() {
            return args.get(0);
        }
    }

    public static StudyPlan load(Path file) {
        JsonNode root;
        try {
            root = Json.readTree(Json.readFile(file, 1 << 20));
        } catch (NoSuchFileException e) {
            throw new UserError("study config " + file + ": no such file");
        } catch (IOException e) {
            throw new UserError("study config " + file + ": cannot read it (" + e.getMessage() + ")");
        } catch (Json.BadJson e) {
            throw new UserError("study config " + file + ": " + e.getMessage());
        }
        if (!root.path("seed").isIntegralNumber() || !root.path("studies").isArray()) {
            throw new UserError("study config " + file + ": needs an integer \"seed\" and a \"studies\" array");
        }
        List<PlannedStudy> studies = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (JsonNode s : root.get("studies")) {
            String id = s.path("id").asText("");
            String where = "study config " + file + ", study '" + id + "'";
            if (!id.matches("[a-z0-9][a-z0-9-]*")) {
                throw new UserError(where + ": \"id\" must be lower-case letters, digits and '-'");
            }
            if (!ids.add(id)) {
                throw new UserError(where + ": id used twice");
            }
            List<String> args = strings(s.get("args"), where + ": \"args\"");
            List<String> quick = strings(s.get("quick"), where + ": \"quick\"");
            for (List<String> a : List.of(args, quick)) {
                if (!COMMANDS.contains(a.get(0))) {
                    throw new UserError(where + ": the command must be one of " + COMMANDS + ", not '" + a.get(0) + "'");
                }
                if (a.contains("--seed") || a.contains("--json")) {
                    throw new UserError(where + ": --seed and --json are added by the report; leave them out");
                }
            }
            if (!args.get(0).equals(quick.get(0))) {
                throw new UserError(where + ": \"args\" and \"quick\" must run the same command");
            }
            if (s.has("note") && !s.get("note").isTextual()) {
                throw new UserError(where + ": \"note\" must be a string");
            }
            if (s.has("extendsLadder") && !s.get("extendsLadder").isBoolean()) {
                throw new UserError(where + ": \"extendsLadder\" must be true or false");
            }
            boolean extendsLadder = s.path("extendsLadder").asBoolean(false);
            if (extendsLadder && !PAIRWISE.contains(args.get(0))) {
                throw new UserError(where + ": only a tournament or a match can extend the ladder (it rates bots by "
                        + "their games against each other), not a " + args.get(0));
            }
            studies.add(new PlannedStudy(id, s.path("title").asText(id), s.path("question").asText(""), args, quick,
                    s.path("note").asText(""), extendsLadder));
        }
        List<String> strong = new ArrayList<>();
        JsonNode sb = root.get("strongBot");
        if (sb != null) {
            for (JsonNode x : sb.isArray() ? sb : List.of(sb)) {
                if (!x.isTextual() || x.asText().isBlank()) {
                    throw new UserError("study config " + file + ": \"strongBot\" must be a bot, or a list of bots in "
                            + "order of preference (the bots the README opens with)");
                }
                strong.add(x.asText());
            }
        }
        return new StudyPlan(root.get("seed").asLong(), studies, List.copyOf(strong));
    }

    private static List<String> strings(JsonNode n, String where) {
        if (n == null || !n.isArray() || n.isEmpty()) {
            throw new UserError(where + " must be a non-empty array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode x : n) {
            if (!x.isTextual()) {
                throw new UserError(where + " must hold strings only");
            }
            out.add(x.asText());
        }
        return out;
    }
}

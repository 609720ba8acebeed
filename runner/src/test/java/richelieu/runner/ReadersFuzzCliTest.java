package richelieu.runner;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tag;
import richelieu.engine.Deck;
import richelieu.engine.record.Malformed;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.study.ResultReader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;


/**
 * Property-based fuzz tests of the result-file reader (10,000+ malformed files refused with
 * one line), and of every file reader through the command line: a malformed deck, record or
 * result file ends the command with exit code 2 and one line on stderr, never an internal error
 * or a stack trace (records through replay and solve). The deck and record readers have their
 * 10,000-input properties in the engine (ReadersFuzzTest), the bot protocol reader in strategies
 * (ReplyFuzzTest); here they run through the CLI, fewer times, since each run builds the whole
 * command line. Fixed seeds.
 */
@Tag("slow")
class ReadersFuzzCliTest {
    private static final Path DIR;
    private static final String RESULT;
    private static final String RECORD;
    /** The result file on one line without its statistics (which reading ignores): faster to fuzz. */
    private static final String COMPACT_RESULT;
    private static final String DECK = Deck.standard().toJson();

    static {
        try {
            DIR = Files.createTempDirectory("richelieu-fuzz");
            DIR.toFile().deleteOnExit();
            Path json = DIR.resolve("valid.json");
            Path records = DIR.resolve("valid.jsonl");
            Cli c = Cli.run("match", "random", "greedy", "--pairs", "2", "--seed", "1", "--threads", "1", "--no-progress",
                    "--json", json.toString(), "--records", records.toString());
            if (c.exit != 0) {
                throw new IllegalStateException("cannot make the valid inputs: " + c);
            }
            RESULT = Files.readString(json);
            var tree = (com.fasterxml.jackson.databind.node.ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(RESULT);
            tree.remove("statistics");
            COMPACT_RESULT = tree.toString();
            RECORD = Files.readAllLines(records).get(0);
            Files.delete(json);
            Files.delete(records);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Provide
    Arbitrary<Malformed.Mutation> mutations() {
        return Malformed.mutations();
    }

    @Property(tries = 10_800, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void resultFileParse_malformed_refusedWithOneLineUserError(@ForAll("mutations") Malformed.Mutation m) {
        boolean refused = false;
        try {
            ResultReader.parseFile(m.apply(COMPACT_RESULT), "F");
        } catch (UserError e) {
            Malformed.assertOneLine(e.getMessage());
            refused = true;
        }
        Malformed.countRefused(refused, 10_000);
    }

    @Property(tries = 100, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void mergeCommand_malformedResultFile_exit2OneLine(@ForAll("mutations") Malformed.Mutation m) {
        assertCleanCli(write("cli.json", m.apply(RESULT)), "merge");
    }

    @Property(tries = 100, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void deckCommand_malformedDeck_exit2OneLine(@ForAll("mutations") Malformed.Mutation m) {
        assertCleanCli(write("deck.json", m.apply(DECK)), "deck");
    }

    @Property(tries = 100, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void replayCommand_malformedRecord_exit2OneLine(@ForAll("mutations") Malformed.Mutation m) {
        assertCleanCli(write("record.jsonl", m.apply(RECORD).replace('\n', ' ')), "replay");
    }

    @Property(tries = 100, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void solveCommand_malformedRecord_exit2OneLine(@ForAll("mutations") Malformed.Mutation m) {
        assertCleanCli(write("record.jsonl", m.apply(RECORD).replace('\n', ' ')), "solve", "--cards-left", "4", "--open");
    }

    /** Runs {@code command FILE options…}: success, or exit 2 with one line on stderr; never exit 1 or a stack trace. */
    private static void assertCleanCli(Path file, String command, String... options) {
        String[] args = new String[options.length + 2];
        args[0] = command;
        args[1] = file.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        Cli c = Cli.run(args);
        if (c.exit != 0) {
            c.assertRefused("", command + " " + file);
        }
    }

    private static Path write(String name, String text) {
        Path f = DIR.resolve(name);
        try {
            Files.writeString(f, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return f;
    }
}

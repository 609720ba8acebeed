package richelieu.strategies.exec;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tag;
import net.jqwik.api.Tuple;
import richelieu.engine.record.Malformed;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property-based fuzz test of the bot protocol reader: a bot's stdout bytes, split into lines
 * ({@link BotProcess#readLines}) and each parsed as an answer ({@link Protocol#parseReply}).
 * Every malformed line is refused with {@link Protocol.BadReply} and a one-line message (which
 * the runner turns into a GARBAGE forfeit of that game, the protocol's answer to a bad line);
 * never another exception. Fixed seeds: the same inputs every run.
 */
@Tag("slow")
class ReplyFuzzTest {
    private static final String REPLY = "{\"action\": 12288, \"comment\": \"take r0c0\"}";

    @Provide
    Arbitrary<Malformed.Mutation> mutations() {
        return Malformed.mutations();
    }

    @Property(tries = 13_000, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void parseReply_malformed_refusedWithOneLineBadReply(@ForAll("mutations") Malformed.Mutation m) {
        String line = m.apply(REPLY);
        boolean refused = false;
        try {
            Protocol.parseReply(line);
        } catch (Protocol.BadReply e) {
            Malformed.assertOneLine(e.getMessage());
            refused = true;
        }
        Malformed.countRefused(refused, 10_000);
    }

    @Provide
    Arbitrary<byte[]> stdout() {
        List<Byte> symbols = new ArrayList<>();
        for (byte b : "{}[]\":,0123456789-.eE \\naction\n\r".getBytes(StandardCharsets.UTF_8)) {
            symbols.add(b);
        }
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.bytes()), Tuple.of(3, Arbitraries.of(symbols)))
                .array(byte[].class).ofMaxSize(200);
    }

    @Property(tries = 2_000, seed = "9010", shrinking = ShrinkingMode.BOUNDED)
    void readLinesThenParse_randomBytes_everyLineParsedOrRefused(@ForAll("stdout") byte[] bytes) throws IOException {
        List<String> lines = new ArrayList<>();
        BotProcess.readLines(new ByteArrayInputStream(bytes), lines::add, () -> lines.add(null));
        boolean refused = lines.isEmpty();
        for (String line : lines) {
            assertTrue(line != null && line.indexOf('\n') < 0, "a line never holds a line break");
            try {
                Protocol.parseReply(line);
            } catch (Protocol.BadReply e) {
                Malformed.assertOneLine(e.getMessage());
                refused = true;
            }
        }
        Malformed.countRefused(refused, 1_800);
    }
}

package richelieu.strategies.exec;

import org.junit.jupiter.api.Test;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exec spec: command splitting, time-limit options and registration. */
class ExecCommandTest {

    @Test
    void parse_plainWords_splitOnWhitespace() {
        ExecCommand c = ExecCommand.parse("  python3   bot.py\t--depth 3 ");
        assertEquals(List.of("python3", "bot.py", "--depth", "3"), c.argv());
        assertEquals(-1, c.moveTimeoutMillis());
        assertEquals(-1, c.startTimeoutMillis());
    }

    @Test
    void parse_quotes_keepSpacesAndEscapes() {
        ExecCommand c = ExecCommand.parse("python3 'my bots/a b.py' \"say \\\"hi\\\" \\\\\" x\\ y ''");
        assertEquals(List.of("python3", "my bots/a b.py", "say \"hi\" \\", "x y", ""), c.argv());
    }

    @Test
    void parse_leadingOptions_setLimitsAndBotFlagsPassThrough() {
        ExecCommand c = ExecCommand.parse("--move-timeout=300 --start-timeout=20000 java -jar b.jar --move-timeout=1");
        assertEquals(300, c.moveTimeoutMillis());
        assertEquals(20000, c.startTimeoutMillis());
        assertEquals(List.of("java", "-jar", "b.jar", "--move-timeout=1"), c.argv());
    }

    @Test
    void parse_badInput_throwsNamingTheProblem() {
        assertMessage("unterminated \"", "python3 \"bot.py");
        assertMessage("unknown option --speed", "--speed=3 python3 bot.py");
        assertMessage("--move-timeout must be a whole number", "--move-timeout=fast python3 bot.py");
        assertMessage("between 1 and", "--move-timeout=0 python3 bot.py");
        assertMessage("needs a value", "--move-timeout python3 bot.py");
        assertMessage("no command given", "--move-timeout=5");
        assertMessage("no command given", "   ");
    }

    private static void assertMessage(String part, String raw) {
        BotSpecException e = assertThrows(BotSpecException.class, () -> ExecCommand.parse(raw), raw);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void create_noOptions_usesDefaultTimeouts() {
        ExecStrategy s = ExecStrategy.of("python3 bot.py");
        assertEquals(ExecStrategy.defaultMoveTimeoutMillis(), s.moveTimeoutMillis());
        assertEquals(ExecStrategy.DEFAULT_START_TIMEOUT_MILLIS, s.startTimeoutMillis());
        assertEquals("exec:python3 bot.py", s.name());
    }

    @Test
    void runMoveTimeout_travelsWithTheBotsParameters_unlessTheSpecSetsOne() {
        Bots bots = Bots.standard().withMoveTimeout(750);
        assertEquals(750, ((ExecStrategy) bots.parse("exec:python3 bot.py").newStrategy()).moveTimeoutMillis());
        assertEquals(120, ((ExecStrategy) bots.parse("exec:--move-timeout=120 python3 bot.py").newStrategy())
                .moveTimeoutMillis());
        // the registry it came from is unchanged: a limit is never global
        assertEquals(ExecStrategy.DEFAULT_MOVE_TIMEOUT_MILLIS,
                ((ExecStrategy) Bots.standard().parse("exec:python3 bot.py").newStrategy()).moveTimeoutMillis());
        assertEquals("exec:python3 bot.py", bots.parse("exec:python3 bot.py").definition(), "not part of the spec");
        assertThrows(BotSpecException.class, () -> Bots.standard().withMoveTimeout(0));
    }

    @Test
    void botsParse_execSpec_findsRegisteredFactoryWithRawCommand() {
        BotSpec spec = Bots.standard().parse("exec:python3 examples/python-bot/random_bot.py");
        assertInstanceOf(ExecFactory.class, spec.factory());
        assertEquals("exec:python3 examples/python-bot/random_bot.py", spec.label());
        assertFalse(spec.isDeterministic(), "an outside process is never assumed reproducible");
        try (ExecStrategy s = (ExecStrategy) spec.newStrategy()) {
            assertEquals(List.of("python3", "examples/python-bot/random_bot.py"), s.command());
            assertTrue(s.launched().isEmpty(), "no process before the first game");
        }
    }

    @Test
    void botsParse_malformedExecSpec_rejectedAtParseTime() {
        BotSpecException e = assertThrows(BotSpecException.class,
                () -> Bots.standard().parse("exec:--move-timeout=abc python3 bot.py"));
        assertTrue(e.getMessage().contains("--move-timeout"), e.getMessage());
    }
}

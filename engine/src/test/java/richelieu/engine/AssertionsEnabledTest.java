package richelieu.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's asserts (fused playout, driver) only check anything when tests run with -ea. */
class AssertionsEnabledTest {
    @Test
    void tests_runWithJavaAssertsEnabled() {
        boolean enabled = false;
        assert enabled = true; // the side effect happens only under -ea
        assertTrue(enabled, "surefire must run tests with -ea (enableAssertions in the parent pom)");
        assertTrue(GameState.class.desiredAssertionStatus(), "engine classes are asserted too");
    }
}

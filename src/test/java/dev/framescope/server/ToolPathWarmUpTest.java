package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * The warm-up runs the request and answer paths it is there to compile: a change in the SDK or the renderer that
 * breaks it (it swallows its own failure, being only an optimisation) fails here instead of going unnoticed.
 */
class ToolPathWarmUpTest {

    @Test
    void theWarmUpRunsItsRoundsWithoutFailing() {
        int rounds = ToolPathWarmUp.run(new ObjectMapper());
        assertTrue(rounds > 0, "the warm-up failed on its first round");
    }
}

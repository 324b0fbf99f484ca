package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Param;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A parameter's schema default is what its record's constructor makes of it when absent, and nothing else. */
class RecordDefaultsTest {

    record SizedArgs(
            @Param(value = "What to do.") String check,
            @Param(value = "Side in pixels; 64, or 128 with check 'parity'.", defaultDependsOn = "check") Integer size,
            @Param(value = "Values by name.") Map<String, Object> values,
            @Param(value = "Tolerance.") Double epsilon) {
        SizedArgs {
            check = check == null ? "plain" : check;
            size = size == null ? ("parity".equals(check) ? 128 : 64) : size;
            values = values == null ? Map.of() : values;
            epsilon = epsilon == null ? 1e-9 : epsilon;
        }
    }

    record Fussy(@Param(value = "Must be given.", required = true) String name) {
        Fussy {
            name.length(); // a constructor that cannot take an absent parameter
        }
    }

    @Test
    void schemaDefaultsAreWhatTheConstructorApplies() {
        ObjectNode properties = (ObjectNode) new InputSchemas().schemaOf(SampleTools.EchoArgs.class).get("properties");
        assertEquals(1, properties.at("/start_frame/default").asInt());
        assertEquals(100, properties.at("/end_frame/default").asInt());
        assertEquals("fast", properties.at("/mode/default").asText());
        assertFalse(properties.get("name").has("default"), "left absent by the constructor: no default");
        assertFalse(properties.get("pixels").has("default"), "an empty list is not shown as a default");
    }

    @Test
    void aDefaultThatFollowsAnotherParameterOrIsEmptyIsLeftOut() {
        JsonNode properties = new InputSchemas().schemaOf(SizedArgs.class).get("properties");
        assertEquals("plain", properties.at("/check/default").asText());
        assertFalse(properties.get("size").has("default"), "64 holds for one check only");
        assertFalse(properties.get("values").has("default"));
        assertEquals(1e-9, properties.at("/epsilon/default").asDouble());
    }

    @Test
    void aRecordThatCannotBeBuiltWithNothingGivenIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RecordDefaults.of(Fussy.class, "name"));
        assertTrue(e.getMessage().contains("Fussy"), e.getMessage());
    }
}

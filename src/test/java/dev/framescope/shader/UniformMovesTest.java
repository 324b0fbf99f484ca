package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The passthrough check moves every kind of input to a value other than its default. */
class UniformMovesTest {

    private static JsonNode global(String json) throws Exception {
        return Json.mapper().readTree(json);
    }

    @Test
    void movesAnIsfLongToTheNextOfItsValues() throws Exception {
        // RGBA Swap's green: a long (int with VALUES, no MIN/MAX) that defaults to 1
        assertEquals(2, UniformMoves.offDefault(global(
                "{\"type\":\"int\",\"isfType\":\"long\",\"values\":[0,1,2,3,4],\"default\":1}")));
        assertEquals(0, UniformMoves.offDefault(global(
                "{\"type\":\"int\",\"isfType\":\"long\",\"values\":[0,1,2],\"default\":2}")), "wraps round");
        assertEquals(5, UniformMoves.offDefault(global(
                "{\"type\":\"int\",\"values\":[5,7],\"default\":3}")), "a default not listed: the first value");
        assertNull(UniformMoves.offDefault(global("{\"type\":\"int\",\"values\":[4],\"default\":4}")),
                "one value: nothing else to take");
    }

    @Test
    void movesANumberWithoutARangeOffItsDefault() throws Exception {
        assertEquals(1.5, UniformMoves.offDefault(global("{\"type\":\"float\",\"default\":1.0}")));
        assertEquals(0.5, UniformMoves.offDefault(global("{\"type\":\"float\",\"default\":0}")));
        assertEquals(4, UniformMoves.offDefault(global("{\"type\":\"int\",\"default\":3}")));
    }

    @Test
    void movesBooleansVectorsAndColours() throws Exception {
        assertEquals(true, UniformMoves.offDefault(global("{\"type\":\"boolean\",\"default\":false}")));
        assertEquals(true, UniformMoves.offDefault(global("{\"type\":\"boolean\",\"isfType\":\"event\"}")));
        assertEquals(List.of(0.0, 0.0, 0.75, 0.5), UniformMoves.offDefault(global(
                "{\"type\":\"vec4\",\"isfType\":\"color\",\"default\":[0.5,0.5,0.25,0.0]}")));
        assertEquals(List.of(0.5, 15.0), UniformMoves.offDefault(global(
                "{\"type\":\"vec2\",\"isfType\":\"point2D\",\"default\":[0,10]}")));
    }

    @Test
    void neverMovesARangedNumberToItsOwnDefault() throws Exception {
        // max − 0.1·range is the default itself here: mid-range instead
        JsonNode atNine = global("{\"type\":\"float\",\"min\":0,\"max\":1,\"default\":0.9}");
        assertNotEquals(0.9, (double) UniformMoves.offDefault(atNine), 1e-9);
        assertEquals(0.5, UniformMoves.offDefault(atNine));
        assertEquals(5, UniformMoves.offDefault(global("{\"type\":\"int\",\"min\":0,\"max\":10,\"default\":9}")));
        assertEquals(0.5, UniformMoves.offDefault(global("{\"type\":\"float\",\"min\":0,\"max\":1,\"default\":1}")));
    }
}

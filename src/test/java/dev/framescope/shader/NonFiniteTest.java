package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What non_finite and pass_trace make of the page's probe answer (runtime/probe.js's shape). */
class NonFiniteTest {

    private static PassProbes probes(String json) throws Exception {
        return PassProbes.of(Json.mapper().readTree(json));
    }

    private static String pass(int index, String output, boolean isFinal, long pixels, String nan, String box) {
        return "{\"index\":" + index + ",\"name\":null,\"output\":\"" + output + "\",\"format\":\"rgba8\","
                + "\"read_from\":\"rgba32f twin\",\"width\":8,\"height\":4,\"final\":" + isFinal + ",\"pixels\":"
                + pixels + ",\"nan\":" + nan + ",\"pos_inf\":[0,0,0,0],\"neg_inf\":[0,0,0,0],\"box\":" + box
                + ",\"at\":[1,2],\"value\":[null,0.5,0,1],\"kinds\":[\"nan\",\"finite\",\"finite\",\"finite\"]}";
    }

    @Test
    void reportsTheFirstPassThatWroteAnyAndWhatReachedTheResult() throws Exception {
        PassProbes p = probes("{\"passes\":[" + pass(0, "a", false, 0, "[0,0,0,0]", "null") + ","
                + pass(1, "b", false, 3, "[3,0,0,0]", "[2,1,4,1]") + ","
                + pass(2, "outputTex", true, 8, "[8,8,0,0]", "[0,0,7,0]") + "]}");
        NonFinite n = NonFinite.of(p);
        assertEquals("found", n.status());
        assertEquals(3, n.passesProbed());
        assertEquals(2, n.passesWithNonFinite());
        assertEquals(1, n.firstPass());
        assertEquals(3L, n.pixels());
        assertEquals(3.0 / 32, n.fraction(), 1e-12);
        assertArrayEquals(new long[] {3, 0, 0, 0}, n.nan());
        assertEquals(new NonFinite.Box(2, 1, 4, 1), n.box());
        assertEquals(8L, n.finalPixels());
        assertTrue(n.said().contains("pass 1 wrote them first"), n.said());
    }

    @Test
    void aCleanFrameSaysNoneAndAnUnprobedOneSaysWhy() throws Exception {
        NonFinite none = NonFinite.of(probes("{\"passes\":[" + pass(0, "outputTex", true, 0, "[0,0,0,0]", "null")
                + "]}"));
        assertEquals("none", none.status());
        assertNull(none.firstPass());
        assertEquals("", none.said());
        NonFinite unsupported = NonFinite.of(probes("{\"unsupported\":\"UNSUPPORTED: no float targets\"}"));
        assertEquals("unsupported", unsupported.status());
        assertEquals("UNSUPPORTED: no float targets", unsupported.note());
        assertEquals("unsupported", NonFinite.firstFound(unsupported, none).status());
        assertEquals("none", NonFinite.firstFound(null, none).status());
    }

    @Test
    void theTraceKeepsNonFiniteComponentsAsNullAndNamesThem() throws Exception {
        PassProbes p = probes("{\"passes\":[" + pass(0, "outputTex", true, 1, "[1,0,0,0]", "[1,2,1,2]") + "]}");
        PassTrace t = PassTrace.of(p.passes().get(0), "main");
        assertEquals("main", t.pass(), "the program's pass name when the page gave none");
        assertEquals(List.of(1, 2), t.at());
        assertNull(t.value().get(0));
        assertEquals(0.5, t.value().get(1));
        assertTrue(t.nonFinite());
        assertEquals(1L, t.nonFinitePixels());
    }
}

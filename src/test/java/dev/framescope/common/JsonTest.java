package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the shared mapper leaves out: answers and page results read "absent" and "null" as one. */
class JsonTest {

    record Answer(String status, String note, Map<String, Object> result) {
    }

    @Test
    void nullsAreLeftOutOfRecordsAndOfMapValues() throws Exception {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ok", false);
        result.put("unavailable", null);
        assertEquals("{\"status\":\"error\",\"result\":{\"ok\":false}}",
                Json.mapper().writeValueAsString(new Answer("error", null, result)));
    }
}

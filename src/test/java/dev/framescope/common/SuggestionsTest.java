package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

    private static final List<String> TOOLS = List.of("get_frame_digest", "get_event_insight", "open_capture",
            "check_recording", "open_recording", "get_recording_frame", "compile_effect");
    private static final List<String> GROUPS = List.of("server", "physics", "renderdoc", "dialogs", "shader",
            "console");

    @Test
    void findsTheNameATypoMeant() {
        assertEquals(List.of("get_frame_digest"), Suggestions.closest("get_frame_digst", TOOLS));
        assertEquals(List.of("physics"), Suggestions.closest("phyics", GROUPS));
        assertEquals(List.of("renderdoc"), Suggestions.closest("RenderDoc", GROUPS));
        assertEquals(List.of("compile_effect"), Suggestions.closest("compileEffect", TOOLS));
    }

    @Test
    void aPartOfTheNameFindsIt() {
        assertEquals(List.of("get_frame_digest"), Suggestions.closest("digest", TOOLS));
        assertEquals(List.of("check_recording", "get_recording_frame", "open_recording"),
                Suggestions.closest("recording", TOOLS));
    }

    @Test
    void nothingCloseSuggestsNothing() {
        assertEquals(List.of(), Suggestions.closest("invalid_tool_name", TOOLS));
        assertEquals("", Suggestions.didYouMean("zzz", GROUPS));
        assertEquals(" Did you mean physics?", Suggestions.didYouMean("phyisc", GROUPS));
    }

    /** A name of megabytes is not a typo; its edit distances to every tool took a minute of the reader thread. */
    @Test
    void aHugeNameSuggestsNothingAtOnce() {
        assertEquals(List.of(), Suggestions.closest("get_frame_digest" + "x".repeat(3 << 20), TOOLS));
        assertEquals(List.of("get_frame_digest"), Suggestions.closest("get_frame_digest_please", TOOLS));
    }
}

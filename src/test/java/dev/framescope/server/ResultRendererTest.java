package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The output budget counts a result's UTF-8 bytes without making them; the count is String.getBytes's, exactly. */
class ResultRendererTest {

    @Test
    void theUtf8LengthIsTheLengthOfTheBytes() {
        List<String> texts = List.of("", "plain ASCII {\"a\":1}", "Frame 1–16, |ω| = 2 rad/s, λ ≤ μ·λn", "é ü ß",
                "emoji \uD83D\uDE00 pair", "lone high \uD83D end", "lone low \uDE00 end", "\uD83D", "\uDE00\uD83D",
                "\u07FF\u0800\uFFFF");
        for (String text : texts) {
            assertEquals(text.getBytes(StandardCharsets.UTF_8).length, ResultRenderer.utf8Length(text), text);
        }
    }
}

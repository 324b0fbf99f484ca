package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class PageAnswersTest {

    private static final List<Map<String, Object>> OPTIONS = List.of(Map.of("label", "GL", "value", "gl"),
            Map.of("label", "Vulkan", "value", "vk"), Map.of("label", "Metal", "value", "mtl"));

    private static DialogRequests.Request question(String tool, Map<String, Object> params) {
        return new DialogRequests.Request("q1", tool, "page", params, Duration.ofSeconds(60), null);
    }

    private static JsonNode json(String text) throws Exception {
        return Json.mapper().readTree(text);
    }

    private static String refusal(DialogRequests.Request request, String answer, int limit) {
        return assertThrows(PageAnswers.Refused.class, () -> PageAnswers.check(request, json(answer), limit)).code;
    }

    @Test
    void choicesMustBeOfferedOptions() throws Exception {
        var single = question("single_choice", Map.of("options", OPTIONS));
        assertEquals("vk", PageAnswers.check(single, json("{\"choice\":\"vk\"}"), 100).content().get("choice"));
        assertEquals("BAD_ANSWER", refusal(single, "{\"choice\":\"rm -rf /\"}", 100));
        assertEquals("BAD_ANSWER", refusal(single, "{\"choice\":3}", 100));
        var multi = question("multi_choice", Map.of("options", OPTIONS, "min_selections", 1, "max_selections", 2));
        assertEquals(List.of("gl", "mtl"), PageAnswers.check(multi, json("{\"values\":[\"gl\",\"mtl\"]}"), 100)
                .content().get("values"));
        assertEquals("BAD_ANSWER", refusal(multi, "{\"values\":[]}", 100));
        assertEquals("BAD_ANSWER", refusal(multi, "{\"values\":[\"gl\",\"vk\",\"mtl\"]}", 100));
        assertEquals("BAD_ANSWER", refusal(multi, "{\"values\":[\"gl\",\"gl\"]}", 100));
    }

    @Test
    void textIsBoundedAndContextIsOptional() throws Exception {
        var text = question("text_input", Map.of("max_length", 5));
        Reply reply = PageAnswers.check(text, json("{\"value\":\"abc\",\"additional_context\":\"why\"}"), 100);
        assertEquals(Map.of("value", "abc", "additional_context", "why"), reply.content());
        assertEquals("TOO_LONG", refusal(text, "{\"value\":\"abcdef\"}", 100));
        var confirm = question("confirm", Map.of());
        assertEquals(true, PageAnswers.check(confirm, json("{\"confirmed\":true}"), 100).content().get("confirmed"));
        assertEquals("BAD_ANSWER", refusal(confirm, "{\"confirmed\":\"yes\"}", 100));
        assertEquals("BAD_ANSWER", refusal(confirm, "[]", 100));
    }

    @Test
    void imagesMustBeRealPngOrJpegWithinTheLimit() throws Exception {
        BufferedImage image = new BufferedImage(20, 10, BufferedImage.TYPE_INT_RGB);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        String data = Base64.getEncoder().encodeToString(png.toByteArray());
        var shot = question("screenshot_request", Map.of());
        Reply reply = PageAnswers.check(shot, json("{\"attachments\":[{\"name\":\"a.png\",\"mime_type\":\"image/png\","
                + "\"data_base64\":\"" + data + "\"}]}"), 100_000);
        assertEquals(20, reply.attachments().get(0).width());
        assertEquals("TOO_LARGE", refusal(shot, "{\"attachments\":[{\"mime_type\":\"image/png\",\"data_base64\":\""
                + data + "\"}]}", 10));
        assertEquals("BAD_IMAGE", refusal(shot, "{\"attachments\":[{\"mime_type\":\"image/jpeg\",\"data_base64\":\""
                + data + "\"}]}", 100_000), "a PNG claiming to be a JPEG");
        String html = Base64.getEncoder().encodeToString("<html><script>alert(1)</script>".getBytes());
        assertEquals("BAD_IMAGE", refusal(shot, "{\"attachments\":[{\"mime_type\":\"image/png\",\"data_base64\":\""
                + html + "\"}]}", 100_000));
        assertEquals("BAD_ANSWER", refusal(shot, "{\"attachments\":[]}", 100_000));
        // Any question takes images: together within the limit, at most five.
        String one = "{\"name\":\"a.png\",\"mime_type\":\"image/png\",\"data_base64\":\"" + data + "\"}";
        var confirm = question("confirm", Map.of());
        Reply withImages = PageAnswers.check(confirm, json("{\"confirmed\":true,\"attachments\":[" + one + ","
                + one + "]}"), 100_000);
        assertEquals(2, withImages.attachments().size());
        assertEquals("TOO_LARGE", refusal(confirm, "{\"confirmed\":true,\"attachments\":[" + one + "," + one
                + "]}", png.size() * 3 / 2));
        assertEquals("BAD_ANSWER", refusal(confirm, "{\"confirmed\":true,\"attachments\":["
                + String.join(",", java.util.Collections.nCopies(6, one)) + "]}", 100_000));
    }

    @Test
    void thePlannerReturnsAThinkingModeOfTheOfferedOnes() throws Exception {
        var planner = question("planner", Map.of("options", OPTIONS));
        assertEquals("deep", PageAnswers.check(planner, json("{\"choice\":\"gl\",\"thinking_mode\":\"deep\"}"),
                100).content().get("thinking_mode"));
        assertEquals("normal", PageAnswers.check(planner, json("{\"choice\":\"gl\"}"), 100).content()
                .get("thinking_mode"));
        assertEquals("BAD_ANSWER", refusal(planner, "{\"choice\":\"gl\",\"thinking_mode\":\"ultra\"}", 100));
    }

    @Test
    void aHugeDeclaredCanvasIsRefusedBeforeDecoding() throws Exception {
        // A valid PNG header declaring 100000 × 100000 pixels, then junk: must be refused without allocating 40 GB.
        byte[] header = new byte[]{(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                0, 1, (byte) 0x86, (byte) 0xa0, 0, 1, (byte) 0x86, (byte) 0xa0, 8, 2, 0, 0, 0, 0, 0, 0, 0};
        String data = Base64.getEncoder().encodeToString(header);
        var shot = question("screenshot_request", Map.of());
        String code = refusal(shot, "{\"attachments\":[{\"mime_type\":\"image/png\",\"data_base64\":\"" + data
                + "\"}]}", 100_000);
        assertEquals(true, code.equals("TOO_LARGE") || code.equals("BAD_IMAGE"), code);
    }
}

package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.dialogs.ScriptedPerson;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ClientCapabilities;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * All six dialog tools through the built JAR and the MCP Java SDK client, answered on the dialog page by a person
 * played by Playwright in real Chromium. The page's URL is taken from the progress notification, as a person would
 * take it from the client's tool row; every answer comes back in the pending tool call exactly as given.
 */
@Timeout(180)
class DialogPageJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Map<String, Object>> OPTIONS = List.of(
            Map.of("label", "Clamp the divisor", "value", "clamp", "description", "one-line fix in nan.frag"),
            Map.of("label", "Guard with isnan()", "value", "guard"),
            Map.of("label", "Leave it", "value", "leave"));

    private final List<String> progress = new CopyOnWriteArrayList<>();
    private final AtomicInteger tokens = new AtomicInteger();

    private CompletableFuture<CallToolResult> call(McpSyncClient client, String tool, Map<String, Object> args) {
        Map<String, Object> meta = Map.of("progressToken", "p" + tokens.incrementAndGet());
        return CompletableFuture.supplyAsync(() -> client.callTool(new CallToolRequest(tool, args, meta)));
    }

    private static JsonNode body(CallToolResult result) throws Exception {
        assertFalse(Boolean.TRUE.equals(result.isError()), String.valueOf(result.content()));
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(text.contains("token="), "a result carries the page's token into the transcript: " + text);
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    private String pageUrl() throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            for (String message : progress) {
                if (message != null && message.contains("http://127.0.0.1:")) {
                    return message.substring(message.indexOf("http://"));
                }
            }
            Thread.sleep(50);
        }
        return fail("no progress message with the dialog page URL: " + progress);
    }

    @Test
    void everyDialogToolIsAnsweredOnThePageAndTheCallReturnsThatAnswer() throws Exception {
        // Channel "page": even a client that can elicit is asked on the page; its handler must never run.
        McpSyncClient client = BuiltJar.client(Map.of("FRAMESCOPE_DIALOG_CHANNEL", "page",
                "FRAMESCOPE_DIALOG_OPEN_BROWSER", "0"), spec -> spec
                .capabilities(ClientCapabilities.builder().elicitation().build())
                .elicitation(request -> fail("asked by elicitation although the channel is page"))
                .progressConsumer(n -> progress.add(n.message())));
        try (ScriptedPerson person = ScriptedPerson.withConfiguredChromium()) {
            var planner = call(client, "planner", Map.of("decision_context", "How should I fix the NaN in draw 12?",
                    "visual_output", "| event | NaN pixels |\n|---|---|\n| 12 | 1024 |", "plan", "1. Fix\n2. Re-check",
                    "options", OPTIONS, "default_action", "clamp"));
            person.open(pageUrl());
            person.waitFor("planner");
            String plannerId = person.page.getAttribute("#dialog", "data-id");
            person.pick("guard");
            person.thinking("deep");
            person.addContext("and add a regression test");
            byte[] attached = png(32, 16);
            person.upload("nan.png", "image/png", attached);
            person.submit();
            CallToolResult plannerResult = planner.get(20, TimeUnit.SECONDS);
            JsonNode chosen = body(plannerResult);
            assertEquals("guard", chosen.get("choice").asText());
            assertEquals("deep", chosen.get("thinking_mode").asText());
            assertEquals("nan.png", chosen.at("/attachments/0/name").asText());
            ImageContent attachedImage = (ImageContent) plannerResult.content().stream()
                    .filter(c -> c instanceof ImageContent).findFirst().orElseThrow();
            assertArrayEquals(attached, Base64.getDecoder().decode(attachedImage.data()), "the image attached");
            person.page.waitForSelector("#history li[data-id=" + plannerId + "]");
            assertEquals("and add a regression test", chosen.get("additional_context").asText());
            assertEquals("page", chosen.get("channel").asText());
            assertEquals(1, chosen.get("schema_version").asInt());

            var text = call(client, "text_input", Map.of("question", "Paste the fixed shader line",
                    "expects_code", true, "max_length", 200));
            person.waitFor("text_input");
            person.type("float d = max(len, 1e-6);");
            person.submit();
            JsonNode typed = body(text.get(20, TimeUnit.SECONDS));
            assertEquals("float d = max(len, 1e-6);", typed.get("value").asText());
            assertEquals("", typed.get("additional_context").asText());
            assertEquals(0, typed.get("attachments").size());
            assertTrue(typed.get("thinking_mode") == null, "thinking_mode is the planner's");

            var single = call(client, "single_choice", Map.of("question", "Which capture?", "options", OPTIONS));
            person.waitFor("single_choice");
            person.pick("leave");
            person.submit();
            assertEquals("leave", body(single.get(20, TimeUnit.SECONDS)).get("choice").asText());

            var multi = call(client, "multi_choice", Map.of("question", "Which checks?", "options", OPTIONS,
                    "min_selections", 1, "max_selections", 2));
            person.waitFor("multi_choice");
            person.pick("clamp");
            person.pick("leave");
            person.submit();
            assertEquals("[\"clamp\",\"leave\"]", body(multi.get(20, TimeUnit.SECONDS)).get("values").toString());

            var confirm = call(client, "confirm", Map.of("question", "Overwrite demo/captures/gl_defects.rdc?",
                    "is_dangerous", true, "yes_label", "Overwrite", "no_label", "Keep it"));
            person.waitFor("confirm");
            assertEquals("Overwrite", person.page.textContent("#yes"));
            person.click("#yes");
            JsonNode confirmed = body(confirm.get(20, TimeUnit.SECONDS));
            assertTrue(confirmed.get("confirmed").asBoolean());
            assertTrue(confirmed.get("summary").asText().contains("Overwrite"));

            byte[] png = png(64, 48);
            var screenshot = call(client, "screenshot_request", Map.of("question", "Show me the texture viewer"));
            person.waitFor("screenshot_request");
            person.upload("viewer.png", "image/png", png);
            person.submit();
            CallToolResult shot = screenshot.get(20, TimeUnit.SECONDS);
            JsonNode answer = body(shot);
            assertEquals(64, answer.get("attachments").get(0).get("width").asInt());
            ImageContent image = (ImageContent) shot.content().stream().filter(c -> c instanceof ImageContent)
                    .findFirst().orElseThrow();
            assertEquals("image/png", image.mimeType());
            assertArrayEquals(png, Base64.getDecoder().decode(image.data()), "the screenshot as uploaded");

            JsonNode diagnostics = body(client.callTool(new CallToolRequest("get_server_diagnostics", Map.of())));
            JsonNode dialogs = diagnostics.get("dialogs");
            assertEquals(0, dialogs.get("open_count").asInt());
            assertEquals(6, dialogs.get("tools").size(), dialogs.toString());
            dialogs.get("tools").forEach(t -> assertEquals(1, t.get("ended").get("answered").asInt(), t.toString()));
            dialogs.get("tools").forEach(t -> assertEquals(1.0, t.get("success_rate").asDouble(), t.toString()));
            assertEquals(6, dialogs.get("history_kept").asInt());
            assertEquals("screenshot_request", dialogs.at("/history/0/tool").asText());
            assertEquals("page", dialogs.at("/history/5/channel").asText());
            assertEquals("deep", dialogs.at("/history/5/answer/thinking_mode").asText());
            assertEquals(6, person.page.locator("#history li").count(), "the page lists all six");
            String page = "";
            for (JsonNode component : diagnostics.get("components")) {
                if (component.get("name").asText().equals("dialog_page")) {
                    page = component.get("state").asText() + " " + component.get("detail").asText();
                }
            }
            assertTrue(page.startsWith("running http://127.0.0.1:") && page.contains("1 page(s) connected"), page);
            assertFalse(diagnostics.toString().contains("token="), "the page's token stays out of transcripts");
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void autoUsesThePageWithoutElicitationAndElicitationOnlyRefusesTheScreenshot() throws Exception {
        McpSyncClient auto = BuiltJar.client(Map.of("FRAMESCOPE_DIALOG_OPEN_BROWSER", "0"),
                spec -> spec.progressConsumer(n -> progress.add(n.message())));
        try (ScriptedPerson person = ScriptedPerson.withConfiguredChromium()) {
            var confirm = call(auto, "confirm", Map.of("question", "Go on?"));
            person.open(pageUrl());
            person.waitFor("confirm");
            person.click("#cancel");
            JsonNode cancelled = body(confirm.get(20, TimeUnit.SECONDS));
            assertEquals("cancelled", cancelled.get("state").asText());
            assertTrue(cancelled.get("cancelled").asBoolean());
        } finally {
            auto.closeGracefully();
        }
        McpSyncClient formsOnly = BuiltJar.client(Map.of("FRAMESCOPE_DIALOG_CHANNEL", "elicitation"), spec -> spec);
        try {
            CallToolResult refused = formsOnly.callTool(new CallToolRequest("screenshot_request", Map.of("question",
                    "Show me")));
            assertTrue(refused.isError());
            String text = ((TextContent) refused.content().get(0)).text();
            assertTrue(text.contains("ENGINE_UNAVAILABLE") && text.contains("FRAMESCOPE_DIALOG_CHANNEL"), text);
        } finally {
            formsOnly.closeGracefully();
        }
    }

    private static byte[] png(int width, int height) throws Exception {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, (x * 4) << 16 | (y * 5) << 8);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}

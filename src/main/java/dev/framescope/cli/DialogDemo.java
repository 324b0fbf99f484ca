package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.dialogs.ScriptedPerson;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The dialog page flow on the questions in {@code demo/dialogs/questions.json}: each becomes a real tool call that
 * waits on the page, and is answered either by you in your browser or by a scripted person in headless Chromium.
 */
final class DialogDemo {

    static final Path QUESTIONS = Path.of("demo/dialogs/questions.json");

    private DialogDemo() {
    }

    /** Asks every question in turn; returns how many did not come back answered. */
    @SuppressWarnings("unchecked")
    static int run(ToolGroups.Toolkit toolkit, PrintStream out, boolean scripted, Path screenshots) throws Exception {
        JsonNode questions = Json.mapper().readTree(QUESTIONS.toFile()).get("questions");
        AtomicReference<String> url = new AtomicReference<>();
        ToolContext context = (progress, total, message) -> {
            if (message != null && message.contains("http://") && url.get() == null) {
                url.set(message.substring(message.indexOf("http://")));
                if (!scripted) {
                    out.println("Open the dialog page to answer: " + url.get());
                }
            }
        };
        if (screenshots != null) {
            Files.createDirectories(screenshots);
        }
        int failed = 0;
        try (ScriptedPerson person = scripted ? ScriptedPerson.withConfiguredChromium() : null) {
            for (JsonNode question : questions) {
                String tool = question.get("tool").asText();
                ToolDef<?> def = toolkit.registry().find(tool).orElseThrow(() -> new IllegalStateException(
                        QUESTIONS + " names unknown tool " + tool));
                Map<String, Object> args = Json.mapper().convertValue(question.get("arguments"), Map.class);
                long start = System.nanoTime();
                CompletableFuture<CallToolResult> call = CompletableFuture.supplyAsync(() -> toolkit.invoker()
                        .call(def, toolkit.registry().arguments(tool, args), context));
                if (person != null) {
                    answerAsScripted(person, url, tool, question.get("person"), screenshots);
                }
                CallToolResult result = call.get(15, TimeUnit.MINUTES);
                String text = ((TextContent) result.content().get(0)).text();
                JsonNode body = Json.mapper().readTree(text.substring(text.indexOf('{')));
                boolean answered = !Boolean.TRUE.equals(result.isError()) && body.path("state").asText()
                        .equals("answered");
                failed += answered ? 0 : 1;
                out.printf("%s %s  (%.1f s)%n    %s%n", answered ? "[ok]  " : "[FAIL]", tool,
                        (System.nanoTime() - start) / 1e9, body.path("summary").asText(text));
            }
        }
        return failed;
    }

    private static void answerAsScripted(ScriptedPerson person, AtomicReference<String> url, String tool,
                                         JsonNode script, Path screenshots) throws Exception {
        boolean first = url.get() == null;
        for (int i = 0; i < 200 && url.get() == null; i++) {
            Thread.sleep(50);
        }
        if (first) {
            person.open(url.get());
        }
        person.waitFor(tool);
        if (screenshots != null) {
            person.screenshot(screenshots.resolve("dialog-" + tool + ".png"));
        }
        person.answer(script);
    }
}

package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Page;
import dev.framescope.common.Components;
import dev.framescope.common.DialogSettings;
import dev.framescope.common.ToolContext;
import dev.framescope.dialogs.DialogArgs.ConfirmArgs;
import dev.framescope.dialogs.DialogArgs.Option;
import dev.framescope.dialogs.DialogArgs.PlannerArgs;
import dev.framescope.dialogs.DialogArgs.SingleChoiceArgs;
import dev.framescope.web.ServedScripts;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dialog page in real Chromium, in process: markdown is rendered and neutralised, the queue survives a reload,
 * cancel and timeout end questions, and the security checks (token, Origin, Host, message and upload limits) refuse
 * what they must while the page keeps serving. Leaves target/dialog-planner.png, a planner as the person sees it.
 */
@Timeout(120)
class DialogPageIT {

    private static final int UPLOAD_LIMIT = 200_000;
    private static DialogRequests requests;
    private static Dialogs dialogs;
    private static ScriptedPerson person;
    private static final List<String> progress = new CopyOnWriteArrayList<>();
    private static final ToolContext CONTEXT = (p, total, message) -> progress.add(message);

    @BeforeAll
    static void start() {
        requests = new DialogRequests();
        dialogs = new Dialogs(new DialogSettings("page", Duration.ofSeconds(60), 0, false, UPLOAD_LIMIT), requests,
                new Components());
        person = ScriptedPerson.withConfiguredChromium();
    }

    @AfterAll
    static void stop() {
        person.close();
        dialogs.cancelAll("test over");
    }

    @AfterEach
    void withdrawLeftovers() {
        dialogs.cancelAll("test finished");
    }

    private static <T> CompletableFuture<T> ask(Function<ToolContext, T> question) {
        progress.clear();
        return CompletableFuture.supplyAsync(() -> question.apply(CONTEXT));
    }

    /** The URL the server put in the progress message of the question just asked. */
    private static String url() throws InterruptedException {
        for (int i = 0; i < 100 && progress.isEmpty(); i++) {
            Thread.sleep(50);
        }
        String message = progress.get(progress.size() - 1);
        return message.substring(message.indexOf("http://"));
    }

    private static List<Option> options(String... values) {
        return java.util.Arrays.stream(values).map(v -> new Option("Option " + v, v, "what " + v + " does")).toList();
    }

    @Test
    void plannerShowsMarkdownRenderedAndInjectionNeutralisedThenReturnsTheChoice() throws Exception {
        String visual = """
                ## NaN at (64, 64)
                | event | draw | NaN pixels |
                |---|---|---|
                | 12 | `NaN quad` | 1024 |
                | 18 | `Inf quad` | 0 |

                <script>window.__pwned = 1</script>
                <img src=x onerror="window.__pwned = 2">

                [a javascript link](javascript:window.__pwned=3)
                """;
        var answer = ask(c -> dialogs.planner(new PlannerArgs("The NaN comes from draw 12's fragment shader. How "
                + "should I fix it?", visual, "1. Clamp the divisor in `nan.frag`\n2. Re-capture and re-check",
                options("clamp", "guard", "leave"), "clamp", null), c).answer());
        person.open(url());
        person.waitFor("planner");
        Page page = person.page;
        assertEquals(3, page.locator("#dialog table tr").count(), () -> "the markdown table is rendered: "
                + page.innerHTML("#dialog"));
        assertTrue(page.textContent("#dialog .markdown").contains("<script>window.__pwned = 1</script>"),
                "raw HTML is shown as text");
        assertEquals(0, page.locator("#dialog .markdown script, #dialog .markdown img").count());
        assertNull(page.evaluate("() => window.__pwned"), "nothing the agent wrote ran");
        assertEquals(1, page.locator("#dialog .markdown a").count());
        assertFalse(String.valueOf(page.getAttribute("#dialog .markdown a", "href")).startsWith("javascript"));
        assertTrue(page.isChecked("#dialog .options input[value=clamp]"), "the default action is preselected");
        assertTrue(page.isChecked("#dialog input[name=thinking_mode][value=normal]"), "thinking mode starts normal");
        String id = page.getAttribute("#dialog", "data-id");
        person.pick("guard");
        person.thinking("deep");
        person.addContext("and add a test");
        person.upload("nan-pixels.png", "image/png", Files.readAllBytes(pngFixture()));
        Files.createDirectories(Path.of("target"));
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/dialog-planner.png")).setFullPage(true));
        person.submit();
        DialogResult.Answer result = answer.get(10, TimeUnit.SECONDS);
        assertEquals("answered", result.state());
        assertEquals("guard", result.choice());
        assertEquals("deep", result.thinkingMode());
        assertTrue(result.summary().contains("Thinking mode: deep"), result.summary());
        assertEquals("and add a test", result.additionalContext());
        assertEquals(1, result.attachments().size(), "an image attached to a planner answer comes back");
        assertEquals("nan-pixels.png", result.attachments().get(0).name());
        assertEquals(40, result.attachments().get(0).width());
        assertEquals("page", result.channel());
        // The history list on the page shows the finished question with its answer.
        page.waitForSelector("#history li[data-id=" + id + "]");
        assertEquals("guard (thinking deep, 1 image(s), note)", page.textContent("#history li[data-id=" + id
                + "] .answer"));
        assertEquals("planner · answered", page.textContent("#history li[data-id=" + id + "] .tool"));
    }

    @Test
    void everyQuestionTakesImagesAndANoteAndOptionsMayHaveOnlyAValue() throws Exception {
        List<Option> bare = List.of(new Option(null, "gl", null), new Option(null, "vk", null));
        var answer = ask(c -> dialogs.singleChoice(new SingleChoiceArgs("Which API?", bare, null, null), c));
        person.open(url());
        person.waitFor("single_choice");
        assertEquals("gl", person.page.textContent("#dialog .options label:nth-child(1) strong"),
                "an option without a label shows its value");
        person.pick("vk");
        byte[] png = Files.readAllBytes(pngFixture());
        person.upload("a.png", "image/png", png);
        person.upload("b.png", "image/png", png);
        person.submit();
        DialogResult result = answer.get(10, TimeUnit.SECONDS);
        assertEquals("vk", result.answer().choice());
        assertEquals("", result.answer().additionalContext(), "no note: an empty string, not a missing field");
        assertEquals(List.of("a.png", "b.png"), result.answer().attachments().stream()
                .map(DialogResult.AttachmentInfo::name).toList());
        assertEquals(2, result.images().size());
        assertTrue(java.util.Arrays.equals(png, result.images().get(1).bytes()));

        var plain = ask(c -> dialogs.confirm(new ConfirmArgs("Go?", null, false, null, null, null), c).answer());
        person.waitFor("confirm");
        person.click("#yes");
        DialogResult.Answer yes = plain.get(10, TimeUnit.SECONDS);
        assertEquals(List.of(), yes.attachments(), "no images: an empty list");
        assertEquals("", yes.additionalContext());
    }

    @Test
    void questionsQueueAndSurviveAReloadThenCancelAndTimeoutEndThem() throws Exception {
        var first = ask(c -> dialogs.confirm(new ConfirmArgs("Delete build/?", "Irreversible", true, null, null, null),
                c).answer());
        String url = url();
        var second = ask(c -> dialogs.singleChoice(new SingleChoiceArgs("Which API?", options("gl", "vk"), null,
                null), c).answer());
        person.open(url);
        person.page.waitForFunction("() => document.querySelectorAll('#queue li').length === 2");
        person.page.reload();
        person.page.waitForFunction("() => document.querySelectorAll('#queue li').length === 2");
        dialogs.dropPageConnections(); // the network drops: the page reconnects and still has both questions
        person.page.waitForFunction("() => document.body.dataset.connections === '2'");
        person.page.waitForSelector("#connection[data-state=open]");
        person.page.waitForFunction("() => document.querySelectorAll('#queue li').length === 2");
        person.page.click("#queue li:nth-child(2)");
        person.waitFor("single_choice");
        person.click("#cancel");
        DialogResult.Answer cancelled = second.get(10, TimeUnit.SECONDS);
        assertEquals("cancelled", cancelled.state());
        assertTrue(cancelled.cancelled());
        person.waitFor("confirm");
        assertTrue(person.page.textContent(".warning").contains("Irreversible"));
        person.click("#no");
        assertEquals(false, first.get(10, TimeUnit.SECONDS).confirmed());

        var late = ask(c -> dialogs.confirm(new ConfirmArgs("Still there?", null, false, null, null, 5), c).answer());
        DialogResult.Answer timedOut = late.get(20, TimeUnit.SECONDS);
        assertEquals("timed_out", timedOut.state());
        assertTrue(timedOut.timedOut());
        assertTrue(timedOut.summary().contains("http://127.0.0.1:"), timedOut.summary());
        person.page.waitForFunction("() => document.querySelectorAll('#queue li').length === 0");
        var stats = requests.snapshot().tools().stream().filter(t -> t.tool().equals("confirm")).findFirst()
                .orElseThrow();
        assertEquals(1L, stats.ended().get("timed_out"));
    }

    @Test
    void wrongTokenOriginOrHostIsRefusedAndTheRightOnesPass() throws Exception {
        var pending = ask(c -> dialogs.confirm(new ConfirmArgs("Security check", null, false, null, null, null), c)
                .answer());
        URI page = URI.create(url());
        int port = page.getPort();
        String token = page.getQuery().substring("token=".length());
        String origin = "http://127.0.0.1:" + port;
        assertEquals(200, status(port, "GET /?token=" + token, "127.0.0.1:" + port, null));
        assertEquals(403, status(port, "GET /?token=wrong" + token, "127.0.0.1:" + port, null));
        assertEquals(403, status(port, "GET /", "127.0.0.1:" + port, null));
        assertEquals(421, status(port, "GET /?token=" + token, "attacker.example:" + port, null),
                "DNS rebinding: a foreign Host name is refused");
        assertEquals(101, upgrade(port, token, "127.0.0.1:" + port, origin));
        assertEquals(403, upgrade(port, "x" + token, "127.0.0.1:" + port, origin));
        assertEquals(403, upgrade(port, token, "127.0.0.1:" + port, "http://attacker.example"));
        assertEquals(403, upgrade(port, token, "127.0.0.1:" + port, null));
        assertEquals(421, upgrade(port, token, "attacker.example:" + port, "http://attacker.example:" + port));
        // The page still serves the person after all that.
        person.open(page.toString());
        person.waitFor("confirm");
        person.click("#yes");
        assertTrue(pending.get(10, TimeUnit.SECONDS).confirmed());
    }

    @Test
    void thePageAndEveryModuleItImportsAreServedAsJavaScriptAndNothingElseIs() throws Exception {
        ask(c -> dialogs.confirm(new ConfirmArgs("Files check", null, false, null, null, null), c).answer());
        URI page = URI.create(url());
        Set<String> modules = ServedScripts.follow(page, Path.of("src/main/resources/dev/framescope/dialogs/page"));
        assertTrue(modules.contains("/page.js") && modules.contains("/dom.js"), modules.toString());
        String host = "127.0.0.1:" + page.getPort();
        for (String path : List.of("/nope.js", "/index.html", "/dom.js/x")) {
            assertEquals(404, status(page.getPort(), "GET " + path, host, null), path);
        }
        assertEquals(405, status(page.getPort(), "DELETE /dom.js", host, null), "the shared module is GET only too");
    }

    @Test
    void malformedAndOversizedMessagesAreRefusedAndThePageKeepsServing() throws Exception {
        var pending = ask(c -> dialogs.screenshot(new DialogArgs.ScreenshotArgs("Show me", null, null, null), c));
        person.open(url());
        String id = person.waitFor("screenshot_request");
        // A second socket from the page's own origin sends junk, an answer too big for the limit and one too big for
        // the socket.
        Object replies = person.page.evaluate("async ([id, limit]) => {"
                + "  const ws = new WebSocket(`ws://${location.host}/ws?token=` + new URLSearchParams(location.search).get('token'));"
                + "  const got = []; ws.onmessage = (e) => got.push(JSON.parse(e.data));"
                + "  await new Promise((r) => ws.onopen = r);"
                + "  ws.send('not json'); ws.send(JSON.stringify({type: 'launch', id}));"
                + "  ws.send(JSON.stringify({type: 'answer', id, answer: {attachments: [{mime_type: 'image/png', data_base64: 'A'.repeat(limit * 2)}]}}));"
                + "  ws.send(JSON.stringify({type: 'answer', id, answer: {attachments: [{mime_type: 'image/png', data_base64: 'iVBORw0KGgoAAAAA'}]}}));"
                + "  await new Promise((r) => setTimeout(r, 500));"
                + "  const closed = new Promise((r) => ws.onclose = (e) => r(e.code));"
                + "  ws.send('x'.repeat(limit * 3));"
                + "  const code = await closed;"
                + "  return {codes: got.filter((m) => m.type === 'error').map((m) => m.code), closeCode: code};"
                + "}", List.of(id, UPLOAD_LIMIT));
        assertEquals("{codes=[BAD_MESSAGE, BAD_MESSAGE, TOO_LARGE, BAD_IMAGE], closeCode=1009}", replies.toString());
        byte[] png = Files.readAllBytes(pngFixture());
        person.upload("screen.png", "image/png", png);
        person.submit();
        DialogResult shot = pending.get(10, TimeUnit.SECONDS);
        assertEquals("answered", shot.answer().state());
        assertTrue(java.util.Arrays.equals(png, shot.image()), "a small screenshot comes back byte for byte");
    }

    private static Path pngFixture() throws Exception {
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(40, 30,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        image.setRGB(5, 5, 0xff0000);
        Path file = Files.createTempFile("shot", ".png");
        javax.imageio.ImageIO.write(image, "png", file.toFile());
        return file;
    }

    /** Status code of a plain HTTP request with the given Host (and Origin) header. */
    private static int status(int port, String requestLine, String host, String origin) throws Exception {
        return rawStatus(port, requestLine + " HTTP/1.1\r\nHost: " + host + "\r\n"
                + (origin == null ? "" : "Origin: " + origin + "\r\n") + "Connection: close\r\n\r\n");
    }

    private static int upgrade(int port, String token, String host, String origin) throws Exception {
        return rawStatus(port, "GET /ws?token=" + token + " HTTP/1.1\r\nHost: " + host + "\r\n"
                + (origin == null ? "" : "Origin: " + origin + "\r\n")
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n");
    }

    private static int rawStatus(int port, String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }
}

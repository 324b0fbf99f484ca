package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.Config;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.harness.BrowserHarness;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness against a real Playwright browser server, started the way a user starts one
 * ({@code java -jar framescope.jar browser-server}): Chromium runs under that server process, not under this JVM,
 * and pages load through Playwright's routing because the server's browser cannot reach our loopback page server.
 */
@Timeout(180)
class RemoteBrowserIT {

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @TempDir
    Path stateDir;

    /**
     * Chromium browsers (main processes: a Chromium whose parent is not Chromium) under this JVM that are not under
     * the browser server. Main processes only, because an idle browser left by an earlier test in this JVM starts
     * renderer and spare processes of its own at any time; a browser this toolkit launched would be a new main process.
     */
    private static java.util.Set<Long> ownChromium(Process server) {
        java.util.Set<Long> underServer = new java.util.HashSet<>();
        server.descendants().forEach(p -> underServer.add(p.pid()));
        java.util.Set<Long> own = new java.util.HashSet<>();
        ProcessHandle.current().descendants().filter(p -> !underServer.contains(p.pid()))
                .filter(RemoteBrowserIT::isChromium)
                .filter(p -> !p.parent().map(RemoteBrowserIT::isChromium).orElse(false))
                .forEach(p -> own.add(p.pid()));
        return own;
    }

    private static boolean isChromium(ProcessHandle process) {
        return process.info().command().map(c -> c.contains("chromium")).orElse(false);
    }

    @Test
    void rendersOnBothBackendsThroughABrowserServerInAnotherProcess() throws Exception {
        int port = freePort();
        Process server = new ProcessBuilder("java", "-jar", Path.of("target/framescope.jar").toAbsolutePath().toString(),
                "browser-server", "--port", String.valueOf(port)).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            String endpoint = null;
            while (endpoint == null && (line = out.readLine()) != null) {
                if (line.contains("ws://")) {
                    endpoint = line.substring(line.indexOf("ws://")).trim();
                }
            }
            assertTrue(endpoint != null && endpoint.contains(":" + port), "server said: " + endpoint);

            java.util.Set<Long> before = ownChromium(server); // other tests' idle browsers in this JVM
            ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                    "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_BROWSER_WS", endpoint)));
            for (String backend : new String[] {"webgl2", "webgpu"}) {
                JsonNode frame = ShaderCalls.call(toolkit, "render_effect_frame", Map.of("effect", "synth/gradient",
                        "backend", backend, "width", 64, "height", 64)).at("/frames/preview/0");
                assertEquals("ok", frame.get("status").asText(), backend + ": " + frame);
                assertTrue(frame.get("renderer").asText().toLowerCase().contains("swiftshader"), frame.toString());
            }
            JsonNode browser = ShaderCalls.call(toolkit, "get_server_diagnostics",
                    Map.of("include_environment", false)).at("/components/0");
            assertTrue(browser.get("detail").asText().contains("via Playwright server " + endpoint),
                    browser.toString());
            java.util.Set<Long> started = ownChromium(server);
            started.removeAll(before);
            assertEquals(java.util.Set.of(), started, "no Chromium of our own was started: the browser server (our "
                    + "child here, another machine in use) runs it");
            assertTrue(server.descendants().anyMatch(RemoteBrowserIT::isChromium), "Chromium runs under the browser server");
        } finally {
            server.descendants().forEach(ProcessHandle::destroyForcibly);
            server.destroyForcibly();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Starts {@code framescope browser-server} on a free port; returns the process and its ws:// endpoint. */
    private static Map.Entry<Process, String> browserServer() throws Exception {
        int port = freePort();
        Process server = new ProcessBuilder("java", "-jar", Path.of("target/framescope.jar").toAbsolutePath().toString(),
                "browser-server", "--port", String.valueOf(port)).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.contains("ws://")) {
                String endpoint = line.substring(line.indexOf("ws://")).trim();
                Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "browser-server-output");
                drain.setDaemon(true);
                drain.start();
                return Map.entry(server, endpoint);
            }
        }
        throw new IllegalStateException("browser-server said no endpoint");
    }

    private static void stop(Process server) throws InterruptedException {
        server.descendants().forEach(ProcessHandle::destroyForcibly);
        server.destroyForcibly();
        server.waitFor(10, TimeUnit.SECONDS);
    }

    @Test
    void aBatchIsSpreadOverTwoBrowserServersAndAnUnreachableOneIsSkipped() throws Exception {
        Map.Entry<Process, String> one = browserServer();
        Map.Entry<Process, String> two = browserServer();
        try {
            String dead = "ws://127.0.0.1:" + freePort() + "/";
            ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                    "FRAMESCOPE_STATE_DIR", stateDir.toString(),
                    "FRAMESCOPE_BROWSER_WS", one.getValue() + "," + two.getValue() + "," + dead)));
            JsonNode compiled = ShaderCalls.call(toolkit, "compile_effect", Map.of("effect", "*", "backend", "webgl2"));
            JsonNode page = compiled.get("page");
            assertTrue(page.get("total").asInt() >= 10, page.toString());
            assertEquals(page.get("total").asInt(), page.get("processed").asInt(), page.toString());
            // The same answers as one browser gives: the demo's known GLSL error at line 8, every other effect ok.
            JsonNode alone = ShaderCalls.call(ToolGroups.create(Config.fromEnvironment(Map.of(
                    "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_BROWSER_WS", one.getValue()))),
                    "compile_effect", Map.of("effect", "*", "backend", "webgl2"));
            assertEquals(alone.get("page").get("counts"), page.get("counts"));
            java.util.List<String> ids = new java.util.ArrayList<>();
            compiled.at("/effects/preview").forEach(e -> ids.add(e.get("effect").asText() + "=" + e.get("status")));
            java.util.List<String> aloneIds = new java.util.ArrayList<>();
            alone.at("/effects/preview").forEach(e -> aloneIds.add(e.get("effect").asText() + "=" + e.get("status")));
            assertEquals(aloneIds, ids, "results in selection order, whichever server compiled them");

            JsonNode frames = ShaderCalls.call(toolkit, "render_effect_frame", Map.of("effect", "synth/*",
                    "width", 32, "height", 32));
            frames.at("/frames/preview").forEach(f -> assertEquals("ok", f.get("status").asText(), f.toString()));

            assertTrue(one.getKey().descendants().anyMatch(RemoteBrowserIT::isChromium), "server one ran Chromium");
            assertTrue(two.getKey().descendants().anyMatch(RemoteBrowserIT::isChromium), "server two ran Chromium");
            String detail = ShaderCalls.call(toolkit, "get_server_diagnostics", Map.of("include_environment", false))
                    .at("/components/0/detail").asText();
            for (String endpoint : new String[] {one.getValue(), two.getValue()}) {
                int at = detail.indexOf(endpoint + ": running");
                assertTrue(at >= 0, detail);
                java.util.regex.Matcher served = java.util.regex.Pattern.compile("(\\d+) effect\\(s\\)")
                        .matcher(detail.substring(at));
                assertTrue(served.find() && Integer.parseInt(served.group(1)) > 0, endpoint + " did no work: "
                        + detail);
            }
            assertTrue(detail.contains(dead), detail);
        } finally {
            stop(one.getKey());
            stop(two.getKey());
        }
    }

    @Test
    void noReachableServerIsAStructuredErrorNamingEveryEndpoint() throws Exception {
        String a = "ws://127.0.0.1:" + freePort() + "/";
        String b = "ws://127.0.0.1:" + freePort() + "/";
        try (BrowserHarness harness = new BrowserHarness(Path.of("/usr/bin/chromium"), false, a + "," + b)) {
            ToolException e = org.junit.jupiter.api.Assertions.assertThrows(ToolException.class,
                    () -> harness.withPage(page -> 0, 60_000));
            assertEquals(ErrorCode.ENGINE_UNAVAILABLE, e.code(), e.getMessage());
            assertEquals(a + "," + b, e.context().get("browser_ws"), e.context().toString());
            assertTrue(e.getMessage().contains(a) && e.getMessage().contains(b), e.getMessage());
            ToolException batch = org.junit.jupiter.api.Assertions.assertThrows(ToolException.class,
                    () -> harness.forEach(java.util.List.of(1, 2, 3), (page, item) -> item, 1_000,
                            Cancellation.none(), (index, result) -> { }, () -> false));
            assertEquals(ErrorCode.ENGINE_UNAVAILABLE, batch.code(), batch.getMessage());
            assertTrue(batch.getMessage().contains(a) && batch.getMessage().contains(b), batch.getMessage());
        }
    }

    @Test
    void anUnreachableServerIsAStructuredError() throws Exception {
        try (BrowserHarness harness = new BrowserHarness(Path.of("/usr/bin/chromium"), false,
                "ws://127.0.0.1:" + freePort() + "/")) {
            ToolException e = org.junit.jupiter.api.Assertions.assertThrows(ToolException.class,
                    () -> harness.withPage(page -> 0, 60_000));
            assertEquals(ErrorCode.ENGINE_UNAVAILABLE, e.code(), e.getMessage());
            assertTrue(e.context().containsKey("browser_ws"), e.context().toString());
        }
    }
}

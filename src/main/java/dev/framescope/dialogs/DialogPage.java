package dev.framescope.dialogs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.Components;
import dev.framescope.common.Json;
import dev.framescope.common.Version;
import dev.framescope.web.LoopbackGuard;
import dev.framescope.web.LoopbackServer;
import dev.framescope.web.PageFiles;
import dev.framescope.web.SecureHeaders;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local dialog page: HTTP and WebSocket on one port of 127.0.0.1, served by Jetty. The page and the socket need
 * the per-launch token, the socket also an {@code Origin} equal to the page's own, and every request a loopback
 * {@code Host} ({@link LoopbackGuard}). Questions live in {@link DialogRequests}, not in the page, so a page that reloads
 * or reconnects gets every open question again. Nothing the page sends can run anything: it can only mark a question
 * shown, answer it or cancel it, and answers are checked by {@link PageAnswers}.
 */
final class DialogPage implements AutoCloseable, DialogRequests.Listener {

    private static final Logger log = LoggerFactory.getLogger(DialogPage.class);
    private static final PageFiles FILES = new PageFiles("/dev/framescope/dialogs/page/", "index.html", "page.js",
            "page.css");
    static final long HEARTBEAT_MS = 10_000;
    /** A page silent for this long (no pong, no message) is dropped; it reconnects by itself if it is alive. */
    static final long SILENCE_LIMIT_MS = 35_000;
    /** Finished questions a page receives when it connects, newest first; it keeps as many as they come. */
    static final int PAGE_HISTORY = 100;
    static final String CSP = SecureHeaders.CSP;

    private final DialogRequests requests;
    private final int maxUploadBytes;
    private final LoopbackGuard guard = new LoopbackGuard();
    private final Set<PageSocket> sockets = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicLong> refused = new ConcurrentHashMap<>();
    private final AtomicLong badMessages = new AtomicLong();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "dialog-page-heartbeat");
        thread.setDaemon(true);
        return thread;
    });
    private final Server server;
    private final int port;

    private DialogPage(DialogRequests requests, int port, int maxUploadBytes) throws Exception {
        this.requests = requests;
        this.maxUploadBytes = maxUploadBytes;
        LoopbackServer loopback = new LoopbackServer("dialog-page", 16, port);
        server = loopback.server();
        WebSocketUpgradeHandler sockets = WebSocketUpgradeHandler.from(server, container -> {
            container.setMaxTextMessageSize(maxUploadBytes / 3L * 4 + 256 * 1024);
            container.setIdleTimeout(Duration.ofMillis(SILENCE_LIMIT_MS + HEARTBEAT_MS));
            container.addMapping("/ws", (upgrade, response, callback) -> {
                String refusal = refusal(upgrade, true);
                if (refusal != null) {
                    refuse(refusal, upgrade, response, callback);
                    return null;
                }
                return new PageSocket(this);
            });
        });
        sockets.setHandler(new Files());
        server.setHandler(sockets);
        server.start();
        this.port = loopback.port();
        requests.listen(this);
        heartbeat.scheduleAtFixedRate(this::beat, HEARTBEAT_MS, HEARTBEAT_MS, TimeUnit.MILLISECONDS);
    }

    static DialogPage start(DialogRequests requests, int port, int maxUploadBytes) throws IOException {
        try {
            return new DialogPage(requests, port, maxUploadBytes);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("could not start the dialog page on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
    }

    /** The address to open, token included: for the person only (stderr, the progress message, their browser). */
    String url() {
        return "http://127.0.0.1:" + port + "/?token=" + guard.token();
    }

    /**
     * Where the page is, without its token: what results and diagnostics show. They land in client transcripts
     * and logs, where the token would let anything that reads them answer for the person.
     */
    String address() {
        return "http://127.0.0.1:" + port + "/";
    }

    int port() {
        return port;
    }

    int connectedPages() {
        return sockets.size();
    }

    ComponentStatus status() {
        return new ComponentStatus(Components.DIALOG_PAGE, "running", address() + " (the link with its access "
                + "token is on the server's stderr and in the question's progress message); " + sockets.size()
                + " page(s) connected; " + requests.waiting().stream().filter(r -> r.pageParams != null).count()
                + " question(s) open; refused " + refused + ", bad messages " + badMessages.get());
    }

    /** Why this request may not proceed, or null. {@code socket}: the WebSocket upgrade also needs the Origin. */
    private String refusal(Request request, boolean socket) {
        String host = request.getHeaders().get(HttpHeader.HOST);
        if (!LoopbackGuard.hostAllowed(host)) {
            return "host";
        }
        if (socket && !LoopbackGuard.originAllowed(request.getHeaders().get(HttpHeader.ORIGIN), host)) {
            return "origin";
        }
        boolean needsToken = socket || Request.getPathInContext(request).equals("/");
        if (needsToken && !guard.tokenMatches(Request.extractQueryParameters(request).getValue("token"))) {
            return "token";
        }
        return null;
    }

    private void refuse(String reason, Request request, Response response, Callback callback) {
        refused.computeIfAbsent(reason, r -> new AtomicLong()).incrementAndGet();
        log.warn("Dialog page refused a {} request from {}: bad {}", request.getMethod(),
                Request.getRemoteAddr(request), reason);
        String text = switch (reason) {
            case "host" -> "This page answers only on 127.0.0.1 or localhost.";
            case "origin" -> "Connections are accepted only from the dialog page itself.";
            default -> "This FrameScope dialog link is not valid: use the URL the server printed (it carries a token).";
        };
        write(response, callback, reason.equals("host") ? 421 : 403, "text/plain; charset=utf-8",
                text.getBytes(StandardCharsets.UTF_8));
    }

    private static void write(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        SecureHeaders.apply(response, type);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** The static files of the page; only GET, only these paths. */
    private final class Files extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            String refusal = refusal(request, false);
            if (refusal != null) {
                refuse(refusal, request, response, callback);
                return true;
            }
            String path = Request.getPathInContext(request);
            boolean known = FILES.serves(path);
            if (!known || !request.getMethod().equals("GET")) {
                write(response, callback, known ? 405 : 404, "text/plain; charset=utf-8",
                        "Not here.".getBytes(StandardCharsets.UTF_8));
                return true;
            }
            if (!FILES.serve(path, response, callback)) {
                throw new IllegalStateException("dialog page resource missing from the JAR: " + path);
            }
            return true;
        }
    }

    /**
     * Synchronized with {@link #opened} and {@link #ended}: a new page gets each question exactly once, either in
     * the snapshot sent here or in a later broadcast, and never a snapshot older than a broadcast it already got.
     */
    synchronized void connected(PageSocket socket) {
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("type", "hello");
        hello.put("server", "framescope");
        hello.put("version", Version.current());
        hello.put("heartbeat_ms", HEARTBEAT_MS);
        hello.put("max_upload_bytes", maxUploadBytes);
        List<DialogRequests.Request> open = requests.waiting().stream().filter(r -> r.pageParams != null).toList();
        hello.put("open", open.stream().map(r -> r.id).toList());
        hello.put("history", requests.history(PAGE_HISTORY));
        socket.send(Json.write(hello));
        open.forEach(r -> socket.send(dialogMessage(r)));
        sockets.add(socket);
        log.info("Dialog page connected ({} open)", sockets.size());
    }

    void disconnected(PageSocket socket) {
        if (sockets.remove(socket)) {
            log.info("Dialog page disconnected ({} open)", sockets.size());
        }
    }

    void received(PageSocket socket, String text) {
        JsonNode message;
        try {
            message = Json.mapper().readTree(text);
        } catch (IOException | RuntimeException e) {
            message = null;
        }
        if (message == null || !message.isObject() || !message.path("type").isTextual()) {
            error(socket, null, "BAD_MESSAGE", "expected a JSON object with a type");
            return;
        }
        String type = message.get("type").asText();
        if (type.equals("pong")) {
            return;
        }
        DialogRequests.Request request = requests.find(message.path("id").asText(""));
        if (!type.equals("shown") && !type.equals("answer") && !type.equals("cancel")) {
            error(socket, null, "BAD_MESSAGE", "unknown message type");
            return;
        }
        if (request == null || request.pageParams == null) {
            error(socket, message.path("id").asText(null), "NOT_OPEN", "no open question with that id (answered "
                    + "elsewhere, cancelled or timed out)");
            return;
        }
        switch (type) {
            case "shown" -> requests.shown(request);
            case "cancel" -> requests.end(request, Reply.ended(DialogState.CANCELLED, "cancelled on the dialog page"));
            default -> {
                try {
                    requests.end(request, PageAnswers.check(request, message.get("answer"), maxUploadBytes));
                } catch (PageAnswers.Refused refusedAnswer) {
                    error(socket, request.id, refusedAnswer.code, refusedAnswer.getMessage());
                }
            }
        }
    }

    private void error(PageSocket socket, String id, String code, String message) {
        badMessages.incrementAndGet();
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("type", "error");
        error.put("id", id);
        error.put("code", code);
        error.put("message", message);
        socket.send(Json.write(error));
    }

    private static String dialogMessage(DialogRequests.Request request) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("type", "dialog");
        message.put("id", request.id);
        message.put("tool", request.tool);
        message.put("created_at", request.createdAt.toString());
        message.put("deadline_at", request.deadline.toString());
        message.put("params", request.pageParams);
        return Json.write(message);
    }

    @Override
    public synchronized void opened(DialogRequests.Request request) {
        if (request.pageParams != null) {
            String message = dialogMessage(request);
            sockets.forEach(s -> s.send(message));
        }
    }

    @Override
    public synchronized void ended(DialogRequests.Request request) {
        if (request.pageParams != null) {
            String message = Json.write(Map.of("type", "ended", "id", request.id, "state", request.state().json()));
            sockets.forEach(s -> s.send(message));
        }
    }

    @Override
    public synchronized void recorded(DialogHistory.Entry entry) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("type", "history");
        message.put("entry", entry);
        String text = Json.write(message);
        sockets.forEach(s -> s.send(text));
    }

    private void beat() {
        long now = System.nanoTime();
        for (PageSocket socket : sockets) {
            if (TimeUnit.NANOSECONDS.toMillis(now - socket.lastHeardNanos) > SILENCE_LIMIT_MS) {
                log.info("Dropping a dialog page silent for {} s", SILENCE_LIMIT_MS / 1000);
                socket.close(StatusCode.SHUTDOWN, "no heartbeat");
                disconnected(socket);
            } else {
                socket.send("{\"type\":\"ping\"}");
            }
        }
    }

    /**
     * Closes every page's socket as a network drop would; the pages reconnect by themselves. For tests. Synchronized
     * with {@link #connected}, which greets a page before it adds its socket: a page that has its greeting is then
     * in the set, and is dropped too.
     */
    synchronized void dropConnections() {
        sockets.forEach(s -> s.close(StatusCode.SHUTDOWN, "dropped"));
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        sockets.forEach(s -> s.close(StatusCode.SHUTDOWN, "FrameScope is shutting down"));
        try {
            server.stop();
        } catch (Exception e) {
            log.warn("Dialog page did not stop cleanly: {}", e.toString());
        }
    }
}

package dev.framescope.dialogs;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connected dialog page (a browser tab). Sends one message at a time; a page that stops reading is dropped.
 * Public only because Jetty looks its listener methods up reflectively.
 */
public final class PageSocket implements Session.Listener.AutoDemanding {

    private static final Logger log = LoggerFactory.getLogger(PageSocket.class);
    private static final long SEND_LIMIT_MS = 5_000;

    private final DialogPage page;
    private volatile Session session;
    volatile long lastHeardNanos = System.nanoTime();

    PageSocket(DialogPage page) {
        this.page = page;
    }

    @Override
    public void onWebSocketOpen(Session session) {
        this.session = session;
        page.connected(this);
    }

    @Override
    public void onWebSocketText(String message) {
        lastHeardNanos = System.nanoTime();
        page.received(this, message);
    }

    // Jetty 12.1 deprecates this close for one that acknowledges through a Callback; Jetty calls whichever one the
    // class overrides, and moving changes when the close completes, a step of its own.
    @Override
    @SuppressWarnings("removal")
    public void onWebSocketClose(int statusCode, String reason) {
        page.disconnected(this);
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        log.debug("Dialog page socket error: {}", cause.toString());
        page.disconnected(this);
    }

    synchronized void send(String json) {
        Session open = session;
        if (open == null || !open.isOpen()) {
            return;
        }
        Callback.Completable sent = new Callback.Completable();
        open.sendText(json, sent);
        try {
            sent.get(SEND_LIMIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.info("Dropping a dialog page that does not read its messages: {}", e.toString());
            open.disconnect();
        }
    }

    void close(int code, String reason) {
        Session open = session;
        if (open != null && open.isOpen()) {
            open.close(code, reason, Callback.NOOP);
        }
    }
}

package dev.framescope.renderdoc;

import dev.framescope.common.ToolContext;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Progress of one RenderDoc call, for a client that gave a progress token: a notification as the bridge starts
 * (about a second), one as a capture this bridge has not opened yet is opened, and one a second while the replay
 * works (a digest or a NaN scan replays every draw), so the client's idle timer sees the call alive. The bridge
 * answers one request at a time and says nothing until it is done, so the beats count seconds, not draws.
 */
final class BridgeProgress implements AutoCloseable {

    static final long BEAT_MS = 1_000;

    /** One daemon thread beats for every call; a beat only sends a notification. */
    private static final ScheduledExecutorService BEATS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "renderdoc-progress");
        thread.setDaemon(true);
        return thread;
    });

    private final ToolContext context;
    private final String capture;
    private final ScheduledFuture<?> beat;
    private int sent;
    private boolean closed;

    /**
     * @param starting whether this call starts the bridge
     * @param opening  whether this call opens its capture in the bridge first
     */
    BridgeProgress(ToolContext context, String tool, String capture, boolean starting, boolean opening) {
        this.context = context;
        this.capture = fileName(capture);
        if (starting) {
            send("starting the RenderDoc bridge (about a second)");
        }
        if (opening) {
            send("opening " + this.capture + " for replay");
        }
        long started = System.nanoTime();
        beat = BEATS.scheduleAtFixedRate(() -> send(tool + " replaying " + this.capture + ", "
                        + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) + " s so far"),
                BEAT_MS, BEAT_MS, TimeUnit.MILLISECONDS);
    }

    private synchronized void send(String message) {
        if (!closed) {
            context.progress(++sent, null, message);
        }
    }

    /** No notification after the answer: the protocol ties a token's notifications to its pending request. */
    @Override
    public synchronized void close() {
        closed = true;
        beat.cancel(false);
    }

    /** The capture's file name for a message; the path as given when it has none ("/") or is no path at all. */
    private static String fileName(String capture) {
        try {
            Path name = Path.of(capture).getFileName();
            return name == null ? capture : name.toString();
        } catch (InvalidPathException e) {
            return capture;
        }
    }
}

package dev.framescope.server.transport;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * The one path to stdout. Replies, notifications and server-to-client requests are queued from any thread and
 * written by a single thread, one whole line at a time, so two messages can never be emitted at once (mcp-core
 * 2.1.0's own writer drops a message and stops for good when two threads emit together: java-sdk #304, #686).
 * The queue is unbounded and {@link #send} never fails while the writer lives; when writing fails the writer stops
 * and reports why, and the server exits rather than go silent.
 */
final class OutboundWriter {

    private final OutputStream out;
    private final Consumer<Throwable> onDeath;
    private final LinkedBlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile Throwable death;
    private long queued;
    private long written;

    /** @param onDeath called once, on the writer thread, with the reason the writer stopped */
    OutboundWriter(OutputStream out, Consumer<Throwable> onDeath) {
        this.out = out;
        this.onDeath = onDeath;
        this.thread = new Thread(this::run, "mcp-stdout");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues one message; {@code line} must be one line of JSON without its newline. */
    void send(byte[] line) {
        if (death != null) {
            throw new IllegalStateException("stdout is closed: " + death.getMessage());
        }
        byte[] withNewline = Arrays.copyOf(line, line.length + 1);
        withNewline[line.length] = '\n'; // one write per message, so even an unbuffered stdout gets whole lines
        synchronized (this) {
            queued++;
        }
        queue.add(withNewline);
    }

    /** Waits until everything queued so far is written and flushed; false on timeout or when the writer died. */
    synchronized boolean awaitWritten(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (written < queued && death == null) {
            long leftMs = (deadline - System.nanoTime()) / 1_000_000;
            if (leftMs <= 0) {
                return false;
            }
            wait(leftMs);
        }
        return death == null;
    }

    private void run() {
        try {
            while (true) {
                byte[] line = queue.take();
                int count = 0;
                do {
                    out.write(line);
                    count++;
                } while ((line = queue.poll()) != null);
                out.flush();
                if (out instanceof PrintStream print && print.checkError()) {
                    throw new IOException("stdout was closed (the client stopped reading)");
                }
                synchronized (this) {
                    written += count;
                    notifyAll();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            death = e;
            synchronized (this) {
                notifyAll();
            }
            onDeath.accept(e);
        }
    }

    void stop() {
        thread.interrupt();
    }
}

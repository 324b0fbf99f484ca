package dev.framescope.renderdoc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * A TCP peer on 127.0.0.1 that is not a RenderDoc remote server, for the tests of what the bridge does when a remote
 * address reaches one: each accepted connection is served on its own thread, as {@link Kind} says.
 */
final class FakePeer implements AutoCloseable {

    enum Kind {
        /** Sends 4 KiB of (seeded) random bytes at once, then keeps the connection open. */
        RANDOM,
        /** Reads what comes and answers as a web server answers bytes that are not HTTP: 400, then closes. */
        HTTP,
        /** Accepts and never says anything. */
        SILENT,
        /** Answers the handshake as RenderDoc 1.24 does, then answers every later request as {@link #HTTP}. */
        HANDSHAKE_THEN_HTTP,
        /** Answers the handshake as a RenderDoc 1.30 server does: VersionMismatch2 with its version. */
        OTHER_VERSION
    }

    private static final byte[] HTTP_400 = ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\n"
            + "Content-Length: 11\r\nConnection: close\r\n\r\nBad Request").getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket socket;
    private final Kind kind;

    FakePeer(Kind kind) throws IOException {
        this.kind = kind;
        this.socket = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "fake-peer-" + kind);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String address() {
        return "127.0.0.1:" + socket.getLocalPort();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread serving = new Thread(() -> serve(client), "fake-peer-client");
                serving.setDaemon(true);
                serving.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            switch (kind) {
                case RANDOM -> {
                    byte[] junk = new byte[4096];
                    new Random(33).nextBytes(junk);
                    out.write(junk);
                    out.flush();
                    in.transferTo(OutputStream.nullOutputStream());
                }
                case HTTP -> {
                    in.read(new byte[4096]);
                    out.write(HTTP_400);
                }
                case SILENT -> in.transferTo(OutputStream.nullOutputStream());
                case HANDSHAKE_THEN_HTTP -> {
                    in.readNBytes(64);
                    out.write(chunk(2, 0));
                    out.flush();
                    byte[] request = new byte[4096];
                    while (in.read(request) > 0) {
                        out.write(HTTP_400);
                        out.flush();
                    }
                }
                case OTHER_VERSION -> {
                    in.readNBytes(64);
                    out.write(chunk(5, 1030));
                }
                default -> throw new IllegalStateException(kind.toString());
            }
        } catch (IOException gone) {
            // the client left
        }
    }

    /** A 64-byte chunk as renderdoccmd sends them: its id, a zero length, then (here) a version, then zeros. */
    private static byte[] chunk(int id, int version) {
        return ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN).putInt(id).putInt(0).putInt(version).array();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

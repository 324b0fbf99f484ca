package dev.framescope.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;

/**
 * The {@code --port} of the commands that serve a page or a browser on this machine ({@code page},
 * {@code browser-server}, {@code console}): each refuses a port out of range and a port in use in the same words.
 */
final class PortOption {

    private PortOption() {
    }

    /** @throws UsageException for a port outside 0..65535 */
    static void check(int port) {
        if (port < 0 || port > 65_535) {
            throw new UsageException("--port takes 0..65535, was " + port);
        }
    }

    /** The mistake of a port that could not be listened on, in the console's words. */
    static UsageException inUse(String what, String host, int port, IOException e) {
        return new UsageException("could not start " + what + " on " + host + ":" + port + " (" + e.getMessage()
                + "); is another program using the port? --port 0 picks a free one");
    }

    /**
     * Checks that {@code host:port} can be listened on, for a server this process hands the port to (Playwright's
     * Node driver, whose own refusal is a stack of JavaScript): bound and closed at once. Another program may take
     * the port in between; then that server's own error still says so.
     */
    static void checkFree(String what, String host, int port) {
        check(port);
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new UsageException("--host takes an address of this machine, was '" + host + "'");
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true); // as Node listens: a port in TIME_WAIT is free to it
            probe.bind(new InetSocketAddress(address, port));
        } catch (IOException e) {
            throw inUse(what, host, port, e);
        }
    }
}

package dev.framescope.renderdoc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * Real RenderDoc remote servers ({@code renderdoccmd remoteserver}) on 127.0.0.1 for the remote replay tests, started
 * with the surfaceless EGL environment the local bridge uses, and the kernel's view of their sockets.
 */
final class RemoteServers {

    private RemoteServers() {
    }

    /** A running renderdoccmd remoteserver and the port it listens on. */
    record Server(Process process, int port) {
        void kill() throws InterruptedException {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        void signal(String name) throws IOException, InterruptedException {
            if (new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor() != 0) {
                throw new IOException("kill -" + name + " " + process.pid() + " failed");
            }
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Server start(Path logs, IntSupplier ports) throws IOException, InterruptedException {
        return start(logs, ports, false);
    }

    /**
     * The remote server as the bridge runs (no X display, EGL on the surfaceless platform), once it listens.
     * renderdoccmd prints "listening on" before it binds, and binds without SO_REUSEADDR: a port it cannot bind (held
     * by another socket, or in TIME_WAIT from an earlier connection) makes it exit at once after that line. So this
     * waits for the kernel's listening socket, and starts it again while it exits that way, for up to 20 s.
     *
     * @param ignoringSigpipe run it with SIGPIPE ignored, as a Windows server has none: on Linux renderdoccmd dies of
     *                        it when it writes to a client that gave up waiting for an answer
     */
    static Server start(Path logs, IntSupplier ports, boolean ignoringSigpipe) throws IOException,
            InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        StringBuilder failures = new StringBuilder();
        while (System.nanoTime() < deadline) {
            int at = ports.getAsInt();
            String serve = "renderdoccmd remoteserver -h 127.0.0.1 -p " + at;
            ProcessBuilder builder = new ProcessBuilder(ignoringSigpipe ? List.of("sh", "-c", "trap '' PIPE; exec "
                    + serve) : List.of(serve.split(" ")));
            builder.environment().remove("DISPLAY");
            builder.environment().put("EGL_PLATFORM", "surfaceless");
            builder.redirectErrorStream(true);
            Path log = Files.createTempFile(logs, "remoteserver-" + at + "-", ".log");
            builder.redirectOutput(log.toFile());
            Process started = builder.start();
            while (started.isAlive() && !listens(started, at) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            if (started.isAlive() && listens(started, at)) {
                return new Server(started, at);
            }
            started.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            failures.append("port ").append(at).append(": ").append(Files.readString(log).strip()).append('\n');
            Thread.sleep(500);
        }
        throw new AssertionError("renderdoccmd remoteserver did not listen within 20 s:\n" + failures);
    }

    /**
     * Whether {@code process} itself holds a socket listening on 127.0.0.1:port or the IPv4 wildcard: /proc/net/tcp
     * lists listening sockets (state 0A) with their inodes, and the process's descriptors link to its sockets' inodes.
     */
    static boolean listens(Process process, int port) throws IOException {
        Set<String> inodes = socketInodes(process.pid());
        String suffix = String.format(":%04X", port);
        return tcp().anyMatch(f -> f[1].endsWith(suffix) && f[3].equals("0A") && inodes.contains(f[9])
                && (f[1].startsWith("0100007F") || f[1].startsWith("00000000")));
    }

    /** Local ports of the connections {@code process} holds established to 127.0.0.1:port (state 01). */
    static Set<Integer> clientPorts(long process, int port) throws IOException {
        Set<String> inodes = socketInodes(process);
        String remote = String.format("0100007F:%04X", port);
        Set<Integer> ports = new HashSet<>();
        tcp().filter(f -> f[2].equals(remote) && f[3].equals("01") && inodes.contains(f[9]))
                .forEach(f -> ports.add(Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16)));
        return ports;
    }

    private static Stream<String[]> tcp() throws IOException {
        return Files.readAllLines(Path.of("/proc/net/tcp")).stream().skip(1).map(line -> line.trim().split("\\s+"));
    }

    private static Set<String> socketInodes(long pid) {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // a descriptor closed while listed
                }
            });
        } catch (IOException exited) {
            return Set.of();
        }
        return inodes;
    }
}

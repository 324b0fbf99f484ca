package dev.framescope.web;

import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A Jetty server listening on 127.0.0.1 only, with daemon threads (it never keeps the JVM alive) and no version
 * header: the base of the dialog page and the capture console. The caller sets its handler and starts it.
 */
public final class LoopbackServer {

    private final Server server;
    private final ServerConnector connector;

    /** @param port 0 for any free port */
    public LoopbackServer(String name, int maxThreads, int port) {
        QueuedThreadPool threads = new QueuedThreadPool(maxThreads, 2);
        threads.setName(name);
        threads.setDaemon(true);
        server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setStopTimeout(1_000);
    }

    public Server server() {
        return server;
    }

    /** The port it listens on, once started. */
    public int port() {
        return connector.getLocalPort();
    }
}

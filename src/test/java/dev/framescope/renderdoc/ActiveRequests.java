package dev.framescope.renderdoc;

import dev.framescope.renderdoc.bridge.BridgeDiagnostics;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.util.concurrent.TimeUnit;

/** Waits, as the bridge report shows it, until a request of a method is the one the bridge runs. */
final class ActiveRequests {

    private ActiveRequests() {
    }

    static BridgeDiagnostics.Active await(BridgeProcess bridge, String method) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            BridgeDiagnostics.Active active = bridge.diagnostics(0).active();
            if (active != null && active.method().equals(method)) {
                return active;
            }
            Thread.sleep(2);
        }
        throw new AssertionError(method + " never became active: " + bridge.diagnostics(16));
    }
}

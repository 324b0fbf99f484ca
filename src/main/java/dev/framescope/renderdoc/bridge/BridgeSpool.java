package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The supervisor's side of the spool directory shared with the bridge (protocol in {@code bridge.py}): writes
 * requests, takes cancelled ones back, reads the heartbeat, and tells which requests are queued, claimed and still
 * awaited. Knows nothing of processes. Thread-safe: every waiting caller uses it.
 */
final class BridgeSpool {

    /** Set once more before the first bridge starts, to the spool this server claimed ({@link SpoolOwnership}). */
    private volatile Path dir;
    /** Request ids a caller is waiting for now. */
    private final Set<String> waiting = ConcurrentHashMap.newKeySet();
    /** Answers nobody waits for any more: their requests were cancelled after the bridge claimed them. */
    private final Set<String> abandoned = ConcurrentHashMap.newKeySet();

    BridgeSpool(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    /** Serves from {@code claimed} instead: only before any request was written (no bridge has started yet). */
    void useClaimed(Path claimed) {
        dir = claimed;
    }

    Path request(String id) {
        return dir.resolve("request." + id + ".json");
    }

    Path response(String id) {
        return dir.resolve("response." + id + ".json");
    }

    /** A caller now waits for {@code id}: its request stays queued across a bridge restart. */
    void expect(String id) {
        waiting.add(id);
    }

    /** The caller of {@code id} is done; a request of it still queued is deleted, so no later bridge serves it. */
    void forget(String id) {
        waiting.remove(id);
        try {
            Files.deleteIfExists(request(id));
        } catch (IOException e) {
            // the spool is gone with its bridge
        }
    }

    void write(String id, String method, Map<String, Object> params, long timeoutMs) {
        ObjectNode request = Json.mapper().createObjectNode();
        request.put("id", id);
        request.put("method", method);
        request.set("params", Json.mapper().valueToTree(params));
        request.put("timeout_s", timeoutMs / 1000.0);
        try {
            Path temp = dir.resolve("req-" + id + ".tmp");
            Files.writeString(temp, Json.write(request), StandardCharsets.UTF_8);
            Files.move(temp, request(id), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "cannot write to the bridge spool " + dir + ": "
                    + e.getMessage(), Map.of("spool", dir.toString()), e);
        }
    }

    /** Deletes the request of {@code id} if the bridge has not claimed it; true when it had not. */
    boolean takeBack(String id) {
        try {
            return Files.deleteIfExists(request(id));
        } catch (IOException e) {
            return false;
        }
    }

    /** Requests queued before {@code id}'s (the bridge takes the oldest first). */
    int queuedAhead(String id) {
        try (Stream<Path> files = Files.list(dir)) {
            long mine = Files.getLastModifiedTime(request(id)).toMillis();
            return (int) files.filter(f -> f.getFileName().toString().startsWith("request.")
                    && !f.equals(request(id))).filter(f -> {
                        try {
                            return Files.getLastModifiedTime(f).toMillis() <= mine;
                        } catch (IOException e) {
                            return false; // claimed meanwhile
                        }
                    }).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Takes a cancelled request back: unclaimed, its file is deleted; claimed, its answer will be deleted, and what
     * it changed in the replay is undone (the undo mark, read when it ends).
     */
    void withdraw(String id) {
        try {
            if (Files.deleteIfExists(request(id))) {
                return; // the bridge never saw it
            }
            abandoned.add(id);
            mark(id, "undo");
            Files.deleteIfExists(response(id));
        } catch (IOException e) {
            abandoned.add(id);
        }
    }

    /** The change request {@code id} made in the replay, kept or undone by a mark in the spool, then a {@code ring}. */
    Cancellation.Change change(String id, Runnable ring) {
        return new Cancellation.Change() {
            @Override
            public void keep() {
                mark(id, "keep");
                ring.run();
            }

            @Override
            public void undo() {
                mark(id, "undo");
                ring.run();
            }
        };
    }

    /**
     * Tells the bridge whether the caller of {@code id} got its answer: {@code keep} or {@code undo} what the request
     * changed in the replay (bridge.py settles it before it serves another request).
     */
    void mark(String id, String decision) {
        try {
            Path temp = dir.resolve(decision + "-" + id + ".tmp");
            Files.writeString(temp, "");
            Files.move(temp, dir.resolve(decision + "." + id), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // the spool is gone with its bridge, and the replay with it
        }
    }

    void discardAbandonedAnswers() {
        for (String id : abandoned) {
            try {
                if (Files.deleteIfExists(response(id))) {
                    abandoned.remove(id);
                }
            } catch (IOException e) {
                // tried again on the next call
            }
        }
    }

    /**
     * Clears what a lost bridge left (its heartbeat, claims, answers nobody reads). Requests still queued stay for
     * the new bridge when callers wait for them; the first bridge of this server starts on an empty spool.
     */
    void clearForNewBridge() throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                boolean queued = name.startsWith("request.") && name.endsWith(".json")
                        && waiting.contains(idOf(name, "request."));
                if (!queued) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /** Deletes the spool and everything in it: it is this server's own (named by pid). */
    void delete() {
        try (Stream<Path> files = Files.exists(dir) ? Files.list(dir) : Stream.empty()) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a file appeared meanwhile; the folder stays, harmless
        }
    }

    /**
     * The RenderDoc remote server request {@code id} said it talks to ({@code remote}, {@code stage}: connecting or
     * replaying, {@code named_by}), or null when it talks to none.
     */
    JsonNode remoteOf(String id) {
        JsonNode said = readJson(dir.resolve("remote.json"));
        return said != null && id.equals(said.path("id").asText()) ? said : null;
    }

    JsonNode heartbeat() {
        return readJson(dir.resolve("heartbeat.json"));
    }

    static Double heartbeatAgeS(JsonNode beat) {
        return beat == null ? null : (System.currentTimeMillis() - beat.path("time").asDouble() * 1000) / 1000.0;
    }

    /** Ages in seconds of the requests waiting to be claimed. */
    List<Double> pendingAgesS() {
        List<Double> ages = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().startsWith("request.")).forEach(f -> {
                try {
                    ages.add((System.currentTimeMillis() - Files.getLastModifiedTime(f).toMillis()) / 1000.0);
                } catch (IOException e) {
                    // claimed meanwhile
                }
            });
        } catch (IOException e) {
            // spool gone: nothing pending
        }
        return ages;
    }

    /**
     * The request in flight: claimed by the bridge (its inflight file exists, unanswered) and still awaited, or
     * cancelled while it runs. Read from the spool, not the heartbeat: the heartbeat may still name a request
     * already answered, and names none at all while a replay call holding Python's lock keeps it from beating.
     */
    BridgeDiagnostics.Active active(JsonNode beat) {
        List<Path> claimed;
        try (Stream<Path> files = Files.list(dir)) {
            claimed = files.filter(f -> f.getFileName().toString().startsWith("inflight.")).toList();
        } catch (IOException e) {
            return null;
        }
        for (Path file : claimed) {
            String id = idOf(file.getFileName().toString(), "inflight.");
            JsonNode request = readJson(file);
            if (request == null || !(waiting.contains(id) || abandoned.contains(id)) || Files.exists(response(id))) {
                continue;
            }
            JsonNode beatActive = beat == null ? null : beat.get("active");
            double startedMs = beatActive != null && id.equals(beatActive.path("id").asText())
                    ? beatActive.path("started").asDouble() * 1000 : claimedAtMs(file);
            return new BridgeDiagnostics.Active(request.path("method").asText(), id,
                    (System.currentTimeMillis() - startedMs) / 1000.0,
                    request.path("timeout_s").isNumber() ? request.get("timeout_s").asDouble() : null);
        }
        return null;
    }

    private static String idOf(String name, String prefix) {
        return name.substring(prefix.length(), name.length() - ".json".length());
    }

    /** When the bridge claimed a request: the rename to inflight.* changed the file's ctime. */
    private static double claimedAtMs(Path inflight) {
        try {
            return ((FileTime) Files.getAttribute(inflight, "unix:ctime")).toMillis();
        } catch (IOException | RuntimeException e) {
            return System.currentTimeMillis();
        }
    }

    static JsonNode readJson(Path file) {
        try {
            return Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null; // absent, or replaced while read: the next look finds the new one
        }
    }
}

package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.common.NearbyFiles;
import dev.framescope.common.ToolException;
import dev.framescope.physics.checks.PhysicsArgs.FrameArgs;
import dev.framescope.physics.checks.PhysicsArgs.ListRecordingsArgs;
import dev.framescope.physics.checks.PhysicsArgs.RecordingArgs;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import dev.framescope.physics.store.PhysicsModel.BodyState;
import dev.framescope.physics.store.PhysicsModel.CollisionInfo;
import dev.framescope.physics.store.PhysicsModel.ContactConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.FrictionConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.SolverDiagnostics;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.Recordings.RecordingFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reading recordings as stored: discovery, loading, metadata, one frame, one body's state. */
public final class RecordingQueries {

    public static final int SCHEMA_VERSION = 1;

    private final Recordings recordings;

    public RecordingQueries(Recordings recordings) {
        this.recordings = recordings;
    }

    /**
     * One folder listed: {@code source} says why, {@code directory} (the folder asked for), {@code recording_dirs}
     * (a configured recording folder: MSD_RECORDINGS_DIR, FRAMESCOPE_RECORDING_DIRS, MSD-CPP's defaults) or
     * {@code working_directory} (a folder under the working directory holding .db files, as prompt completions find
     * them).
     */
    public record DirectoryListing(String directory, boolean exists, Bounded<RecordingFile> recordings,
                                   String source) {
    }

    /** {@code directoriesLeftOut}: folders holding .db files past the {@value #MAX_DIRECTORIES} listed. */
    public record RecordingList(int schemaVersion, String summary, List<DirectoryListing> directories,
                                int directoriesLeftOut) {
    }

    static final int MAX_DIRECTORIES = 40;

    /**
     * The recordings in {@code directory}; without it, in the configured recording folders and in every folder under
     * the working directory that holds .db files: where the triage prompt's completions, the demo and the docs lead
     * (demo/recordings in a clone). {@code limit} bounds the files listed over all folders, in that order.
     */
    public RecordingList list(ListRecordingsArgs args) {
        Map<Path, String> dirs = new LinkedHashMap<>();
        if (args.directory() != null) {
            dirs.put(Recordings.pathOf("directory", args.directory()), "directory");
        } else {
            recordings.searchDirs().forEach(dir -> dirs.put(dir, "recording_dirs"));
            Set<Path> seen = new HashSet<>();
            dirs.keySet().forEach(dir -> seen.add(dir.toAbsolutePath().normalize()));
            for (String file : NearbyFiles.find(".db", recordings.searchDirs())) {
                Path parent = Path.of(file).getParent();
                Path dir = parent == null ? Path.of(".") : parent;
                if (seen.add(dir.toAbsolutePath().normalize())) {
                    dirs.put(dir, "working_directory");
                }
            }
        }
        List<DirectoryListing> listings = new ArrayList<>();
        List<String> found = new ArrayList<>();
        int total = 0;
        int leftOut = 0;
        for (Map.Entry<Path, String> dir : dirs.entrySet()) {
            List<RecordingFile> files = Recordings.listDirectory(dir.getKey());
            if (listings.size() == MAX_DIRECTORIES) {
                leftOut += files.isEmpty() ? 0 : 1;
                continue;
            }
            listings.add(new DirectoryListing(dir.getKey().toString(), dir.getKey().toFile().isDirectory(),
                    Bounded.of(files, Math.max(0, args.limit() - total)), dir.getValue()));
            total += files.size();
            if (!files.isEmpty()) {
                found.add(dir.getKey() + " (" + files.size() + ")");
            }
        }
        String summary = total == 0 ? "0 recording(s) in " + listings.size() + " director"
                + (listings.size() == 1 ? "y" : "ies") + "; pass 'directory' to look elsewhere"
                : total + " recording(s) in " + (found.size() > 5 ? String.join(", ", found.subList(0, 5)) + " and "
                + (found.size() - 5) + " more folders" : String.join(", ", found))
                + (leftOut == 0 ? "" : "; " + leftOut + " more folders with .db files left out (pass 'directory')");
        return new RecordingList(SCHEMA_VERSION, summary, listings, leftOut);
    }

    /**
     * A recording opened and made active: its size in frames and time, and its bodies (inertial ones with mass,
     * restitution and friction; environment ones, which MSD-CPP writes only as ids with bit 31 set in contact rows).
     * {@code dtS} is null with fewer than two frames.
     */
    public record OpenedRecording(int schemaVersion, String summary, String path, int totalFrames, double durationS,
                                  Double dtS, List<BodyMetadata> bodies, Set<String> missingTables) {
    }

    /** Opens {@code recording} and makes it active, or describes the active one when no recording is named. */
    public OpenedRecording open(RecordingArgs args) {
        try (Recordings.Lease lease = args.recording() == null ? recordings.lease(null)
                : recordings.load(Recordings.pathOf("recording", args.recording()))) {
            return describe(lease.store());
        }
    }

    private static OpenedRecording describe(RecordingStore store) {
        List<BodyMetadata> bodies = store.bodies();
        double duration = store.frameCount() == 0 ? 0 : store.simulationTime(store.frameCount());
        Double dt = store.frameCount() >= 2 ? store.simulationTime(2) - store.simulationTime(1) : null;
        long environment = bodies.stream().filter(BodyMetadata::isEnvironment).count();
        String missing = store.missingTables().isEmpty() ? ""
                : "; missing tables: " + String.join(", ", store.missingTables());
        if (store.framesReadBefore() != null) {
            missing += "; read again: the file changed since it was opened (" + store.framesReadBefore() + " → "
                    + store.frameCount() + " frames)";
        }
        return new OpenedRecording(SCHEMA_VERSION, store.path().getFileName() + " (active): " + store.frameCount()
                + " frames (" + Findings.quantity(duration, "s") + "), " + (bodies.size() - environment)
                + " inertial and " + environment + " environment bodies (environment ids have bit 31 set)" + missing
                + ".", store.path().toString(), store.frameCount(), duration, dt, bodies, store.missingTables());
    }

    /**
     * One frame, each list paged: {@code offset} items skipped, at most {@code limit} shown, with its count;
     * {@code nextOffset} is where the next page starts while any list has more. With a body: that body's
     * {@code state} (and |v|, |ω|) instead of {@code states}, and only the rows that involve it.
     */
    public record FrameData(int schemaVersion, String summary, long frameId, double simulationTime, Long bodyId,
                            BodyState state, Double speedMPerS, Double angularSpeedRadS, String angularVelocityFrame,
                            Bounded<BodyState> states, Bounded<CollisionInfo> collisions,
                            Bounded<ContactConstraintInfo> contactConstraints,
                            Bounded<FrictionConstraintInfo> frictionConstraints, SolverDiagnostics solver,
                            int offset, Integer nextOffset) {
    }

    public FrameData frame(FrameArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return frame(lease.store(), args);
        }
    }

    private static FrameData frame(RecordingStore store, FrameArgs args) {
        long frame = FrameRange.frame(store, "frame_id", args.frameId());
        Long body = args.bodyId();
        if (body != null) {
            BodyIds.requireKnown(store, "body_id", body);
        }
        // Without the table that ties states to bodies and frames the rows below still answer; the summary says why
        // no state is shown.
        List<BodyState> states = !store.hasStates() ? List.of() : store.states(frame).stream()
                .filter(s -> body == null || s.bodyId() == body).toList();
        String noStates = "no body states (the recording has no " + store.statesTable() + " table)";
        List<CollisionInfo> collisions = store.collisions(frame).stream()
                .filter(c -> involves(body, c.bodyAId(), c.bodyBId())).toList();
        List<ContactConstraintInfo> constraints = store.contactConstraints(frame).stream()
                .filter(c -> involves(body, c.bodyAId(), c.bodyBId())).toList();
        List<FrictionConstraintInfo> friction = store.friction(frame).stream()
                .filter(f -> involves(body, f.bodyAId(), f.bodyBId())).toList();
        SolverDiagnostics solver = store.solver(frame);
        String solve = solver == null ? "no solver row" : !solver.solved() ? "no solve (no collisions)"
                : "solver " + solver.iterations() + " iterations, " + (solver.converged() ? "converged" : "NOT converged");
        int end = args.offset() + args.limit();
        boolean more = Math.max(Math.max(states.size(), collisions.size()),
                Math.max(constraints.size(), friction.size())) > end;
        String page = args.offset() == 0 && !more ? "" : String.format(" Showing items %d–%d of each list%s.",
                args.offset() + 1, end, more ? "; next_offset " + end + " gives the next page" : "");
        String at = " at frame " + frame + " (t = " + Findings.quantity(store.simulationTime(frame), "s") + "): ";
        String rows = collisions.size() + " colliding pair(s), " + constraints.size() + " contact and "
                + friction.size() + " friction row(s), " + solve + "." + page;
        BodyState state = body == null || states.isEmpty() ? null : states.get(0);
        Double speed = state == null ? null : state.velocity().norm();
        Double omega = state == null ? null : state.angularVelocity().norm();
        String summary = body == null ? "Frame" + at + (store.hasStates() ? states.size() + " bodies" : noStates)
                + ", " + rows
                : Findings.capitalised(BodyIds.label(store, body)) + at + (state != null ? "z = "
                + Findings.metres(state.position().z()) + ", |v| = " + Findings.quantity(speed, "m/s") + ", |ω| = "
                + Findings.quantity(omega, "rad/s") + "; "
                : BodyIds.isEnvironment(body) ? "environment (static) body, no state; "
                : !store.hasStates() ? noStates + "; " : "no state row at this frame; ") + rows;
        return new FrameData(SCHEMA_VERSION, summary, frame, store.simulationTime(frame), body, state, speed, omega,
                state == null ? null : "as MSD-CPP defines it: ω = 2·vec(conj(q) ⊗ q̇)",
                body == null ? Bounded.page(states, args.offset(), args.limit()) : null,
                Bounded.page(collisions, args.offset(), args.limit()),
                Bounded.page(constraints, args.offset(), args.limit()),
                Bounded.page(friction, args.offset(), args.limit()), solver, args.offset(), more ? end : null);
    }

    /** A row between bodies a and b belongs to the frame's lists when no body is asked for, else when it is one. */
    private static boolean involves(Long body, long a, long b) {
        return body == null || a == body || b == body;
    }

    static ToolException bodyNotFound(RecordingStore store, long body, long frame) {
        if (BodyIds.isEnvironment(body)) {
            return BodyIds.staticBody(store, "body_id", body);
        }
        List<Long> inertial = BodyIds.inertial(store);
        return ToolException.invalidArgument("body_id", "an inertial body of this recording, one of " + inertial
                + (frame > 0 ? " (no state row for it at frame " + frame + ")" : ""), body);
    }
}
